// Copied from templates/mock-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
export {};
export * from './mock/index.js';
