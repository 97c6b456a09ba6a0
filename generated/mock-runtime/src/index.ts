// Copied from templates/mock-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** `@svc/mock-runtime`: seeded fixtures and the stateful mock that generated packages build on. */
export * from './fixtures/index.js';
export * from './mock/index.js';
