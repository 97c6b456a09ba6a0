/** `@svc/mock-runtime`: seeded fixtures and the stateful mock that generated packages build on. */
export * from './fixtures/index.js';
export * from './mock/index.js';
