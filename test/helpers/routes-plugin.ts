/**
 * The example plugin of examples/routes-plugin/ (README "Writing a plugin"), as the tests use it:
 * `src/routes.ts` with one constant per operation and the list of them, every name planned by the
 * model and printed through the symbol table.
 */
export { default as routesPlugin, ROUTE } from '../../examples/routes-plugin/routes.js';
