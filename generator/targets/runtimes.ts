/**
 * What the hand-written runtimes export that generated modules print, declared once by the
 * runtimes themselves (not by each plugin that imports them): the package's symbol table
 * places these names in their runtime's module (print/symbols.ts). A plugin printing one still
 * reserves it (`TargetPlugin.declares`), so that no name of the document takes it.
 */
import type { ImportedNames } from './target.js';

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
      'resolveSecurity',
      'pageWalk',
      'encodeBody',
      'applyIdempotency',
      'validateRequest',
      'refuseStreamAnswer',
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
