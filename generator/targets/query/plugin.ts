/** Declaration of target `query` (its code: ./index.ts). */
import { isPagedRead, isReadOperation } from '../../model/operation-kinds.js';
import type { TargetPlugin } from '../target.js';

/** The one name TanStack Query's types are imported under (a namespace, so none of its names can meet a schema's). */
export const TANSTACK_NAMESPACE = 'TanStackQuery';

export const queryPlugin: TargetPlugin = {
  name: 'query',
  part: 'query',
  needs: ['types', 'operations', 'client'],
  entryPoint: 'query',
  // Its own declarations, then what it imports from the runtime and the client module.
  declares: ['queryScope', 'OperationQueryError', 'OperationQueryOptions', 'OperationInfiniteQueryOptions', 'OperationMutationOptions', TANSTACK_NAMESPACE, 'nextPageParams', 'withSignal', 'CallOptions', 'HttpClient', 'NetworkError', 'TimeoutError', 'RequestValidationError', 'ResponseValidationError', 'OperationErrors'],
  operationNames: [
    { key: 'queryKey', want: ({ camel }) => `${camel}QueryKey`, covers: isReadOperation },
    { key: 'queryOptions', want: ({ camel }) => `${camel}Options`, covers: isReadOperation },
    { key: 'infiniteQueryKey', want: ({ camel }) => `${camel}InfiniteQueryKey`, covers: isPagedRead },
    { key: 'infiniteOptions', want: ({ camel }) => `${camel}InfiniteOptions`, covers: isPagedRead },
    { key: 'mutation', want: ({ camel }) => `${camel}Mutation`, covers: (op) => !isReadOperation(op) },
  ],
  options: { scope: { description: "the first element of every query and mutation key (`queryScope`); default: the package's npm name" } },
  // Types only: a program bundles none of TanStack Query through this module, and any of its adapters (React, Vue, Solid, Svelte, Angular) brings query-core.
  peerDependencies: { '@tanstack/query-core': '^5.80.0' },
  readme: { exports: 'readme/query.exports.md.hbs', usage: 'readme/query.usage.md.hbs' },
  load: async () => (await import('./index.js')).queryTarget,
};
