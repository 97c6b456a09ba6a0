/** Declaration of target `msw` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const mswPlugin: TargetPlugin = {
  name: 'msw',
  part: 'msw',
  // Its default answers are the seeded fixtures.
  needs: ['types', 'fixtures'],
  entryPoint: 'msw',
  // Its own declarations, then what it imports and re-exports.
  imports: [{ from: { package: 'msw' }, names: ['http', 'HttpHandler'] }],
  declares: ['handlers', 'carriesQuery', 'handlerAnswer', 'handlerUrl', 'HandlerOptions', 'HandlerOverride', 'responseFixture', 'streamItemFixture'],
  operationNames: [{ key: 'mswHandler', module: './msw.js', want: ({ camel }) => `${camel}Handler` }],
  options: { baseUrl: { description: "where the handlers match when a test gives no baseUrl (https://api.example.com); default: any origin, under the spec's server path" } },
  runtimes: ['mock-runtime'],
  peerDependencies: { msw: '^2.0.0' },
  readme: { exports: 'readme/msw.exports.md.hbs', usage: 'readme/msw.usage.md.hbs' },
  load: async () => (await import('./index.js')).mswTarget,
};
