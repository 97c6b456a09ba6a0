/**
 * What the hand-written runtimes export that generated modules print, declared once by the
 * runtimes themselves (not by each plugin that imports them): the package's symbol table
 * places these names in their runtime's module (print/symbols.ts). A plugin printing one still
 * reserves it (`TargetPlugin.declares`), so that no name of the document takes it.
 */
import type { ImportedNames } from './target.js';

/**
 * What an operation's spec names of the runtime beyond the client's core (`OperationSpec.uses`):
 * each feature's key, and the runtime export that is its value. print/operation-spec.ts writes
 * them where an operation needs them; the targets that print operation specs reserve the names.
 */
export const OPERATION_FEATURES = {
  security: 'resolveSecurity',
  pagination: 'pageWalk',
  body: 'encodeBody',
  idempotency: 'applyIdempotency',
  validateRequest: 'validateRequest',
  streamAlternative: 'refuseStreamAnswer',
} as const;

export const RUNTIME_EXPORTS: readonly ImportedNames[] = [
  {
    from: { runtime: 'runtime' },
    names: [
      'ApiError',
      'ApiInfo',
      'OperationSpec',
      'withOperations',
      'CallOptions',
      'ClientOptions',
      'HttpClient',
      'NetworkError',
      'OperationApiError',
      'RequestValidationError',
      'ResponseValidationError',
      'TimeoutError',
      'callOperation',
      'iterateOperation',
      ...Object.values(OPERATION_FEATURES),
      'nextPageParams',
      'streamOperation',
      'withSignal',
      // The feed client's: its base class printed under a name of its own, so that the connection class may be called `FeedClient`.
      { name: 'FeedSocketClient', exported: 'FeedClient' },
      'FeedClientOptions',
      'FeedSpec',
      'parseMessage',
      'MessageParseResult',
      'RawFrame',
    ],
  },
  { from: { runtime: 'server-runtime' }, names: ['createRouter', 'HandlerContext', 'HandlerReply', 'ServerApiSpec', 'ServerOptions'] },
  { from: { runtime: 'mock-runtime' }, names: ['createMockEngine', 'mockServerOptions', 'WebhookDispatcher', 'MockEngineOptions', 'MockPlan', 'MockStore', 'WebhookDelivery', 'WebhookDispatcherOptions'] },
  // The fixtures' and the MSW handlers', from the mock runtime's `testing` subpath, which loads no server code.
  {
    from: { runtime: 'mock-runtime', subpath: 'testing' },
    names: ['carriesQuery', 'handlerAnswer', 'handlerUrl', 'HandlerOptions', 'HandlerOverride', 'validFixture', 'FixtureForm', 'FixtureNode', 'FixtureValidator'],
  },
];
