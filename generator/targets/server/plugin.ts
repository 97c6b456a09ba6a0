/** Declaration of target `server` (its code: ./index.ts). */
import { HANDLER_REPLY } from '../../model/operation-kinds.js';
import type { TargetPlugin } from '../target.js';

/** What the server stub imports besides the server runtime (its handlers' types are Hono's). */
export const SERVER_DEPENDENCIES = { hono: '^4.13.19' } as const;

export const serverPlugin: TargetPlugin = {
  name: 'server',
  part: 'server',
  needs: ['types', 'operations'],
  entryPoint: 'server',
  defines: { './server.js': ['serverSpec'] },
  imports: [{ from: { package: 'hono' }, names: ['Hono'] }],
  declares: ['createRouter', 'HandlerContext', 'HandlerReply', 'ServerApiSpec', 'ServerOptions', 'HttpProblem', 'serveNode', 'Principal'],
  // What a handler answers; a webhook's is planned too (no module prints it).
  operationNames: [{ key: HANDLER_REPLY, module: './server.js', want: ({ pascal }) => `${pascal}Reply`, webhooks: true }],
  runtimes: ['server-runtime'],
  peerDependencies: SERVER_DEPENDENCIES,
  readme: { usage: 'readme/server.usage.md.hbs' },
  load: async () => (await import('./index.js')).serverTarget,
};
