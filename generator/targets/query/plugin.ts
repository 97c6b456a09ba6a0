/** Declaration of target `query` (its code: ./index.ts). */
import { isPagedRead, isQueryOperation, streamedResponseOf } from '../../model/operation-kinds.js';
import type { TargetPlugin } from '../target.js';

/** The one name TanStack Query's types are imported under (a namespace, so none of its names can meet a schema's). */
export const TANSTACK_NAMESPACE = 'TanStackQuery';
/** The one value taken from TanStack Query, by streamed queries only: its `experimental_streamedQuery`, under this name. */
export const STREAMED_QUERY = 'streamedQuery';

export const queryPlugin: TargetPlugin = {
  name: 'query',
  part: 'query',
  needs: ['types', 'operations', 'client'],
  entryPoint: 'query',
  // Its own declarations, then what it imports from the runtime and the client module.
  declares: ['queryScope', 'OperationQueryError', 'OperationQueryOptions', 'OperationStreamedQueryOptions', 'OperationInfiniteQueryOptions', 'OperationMutationOptions', TANSTACK_NAMESPACE, 'nextPageParams', 'withSignal', 'CallOptions', 'HttpClient', 'NetworkError', 'TimeoutError', 'RequestValidationError', 'ResponseValidationError', 'OperationErrors'],
  // TanStack Query's streamed query function is still `experimental_`: printed under its plain name.
  imports: [{ from: { package: '@tanstack/query-core' }, names: [{ name: STREAMED_QUERY, exported: 'experimental_streamedQuery' }] }],
  operationNames: [
    { key: 'queryKey', module: './query.js', want: ({ camel }) => `${camel}QueryKey`, covers: isQueryOperation },
    { key: 'queryOptions', module: './query.js', want: ({ camel }) => `${camel}Options`, covers: isQueryOperation },
    // A streamed read is one streamed query, not pages.
    { key: 'infiniteQueryKey', module: './query.js', want: ({ camel }) => `${camel}InfiniteQueryKey`, covers: (op) => isPagedRead(op) && streamedResponseOf(op) === undefined },
    { key: 'infiniteOptions', module: './query.js', want: ({ camel }) => `${camel}InfiniteOptions`, covers: (op) => isPagedRead(op) && streamedResponseOf(op) === undefined },
    // A write that streams has its function only: a mutation resolves once.
    { key: 'mutation', module: './query.js', want: ({ camel }) => `${camel}Mutation`, covers: (op) => !isQueryOperation(op) && streamedResponseOf(op) === undefined },
  ],
  options: { scope: { description: "the first element of every query and mutation key (`queryScope`); default: the package's npm name" } },
  // Types only, but for streamed queries' `experimental_streamedQuery` (its `streamFn` form since 5.86): a program bundles
  // nothing else of TanStack Query through this module, and any of its adapters (React, Vue, Solid, Svelte, Angular) brings query-core.
  peerDependencies: { '@tanstack/query-core': '^5.86.0' },
  readme: { exports: 'readme/query.exports.md.hbs', usage: 'readme/query.usage.md.hbs' },
  load: async () => (await import('./index.js')).queryTarget,
};
