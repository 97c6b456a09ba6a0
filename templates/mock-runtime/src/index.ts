export {};
export * from './mock/index.js';
