/** Declaration of target `mock` (its code: ./index.ts). */
import { SERVER_DEPENDENCIES } from '../server/plugin.js';
import type { TargetPlugin } from '../target.js';

export const mockPlugin: TargetPlugin = {
  name: 'mock',
  part: 'mock',
  // A mock is the server stub answering from fixtures.
  needs: ['operations', 'server', 'fixtures'],
  entryPoint: 'mock',
  declares: ['mockPlan', 'mockScopes', 'webhookNames', 'createMockEngine', 'mockServerOptions', 'MockEngineOptions', 'MockPlan', 'MockStore', 'WebhookDelivery', 'WebhookDispatcher', 'WebhookDispatcherOptions'],
  // The mock's app is the server stub's Hono app.
  imports: [{ from: { package: 'hono' }, names: ['Hono'] }],
  runtimes: ['server-runtime', 'mock-runtime'],
  peerDependencies: SERVER_DEPENDENCIES,
  load: async () => (await import('./index.js')).mockTarget,
};
