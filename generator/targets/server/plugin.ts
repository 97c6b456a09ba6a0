/** Declaration of target `server` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

/** What the server stub imports besides the server runtime (its handlers' types are Hono's). */
export const SERVER_DEPENDENCIES = { hono: '^4.13.19' } as const;

export const serverPlugin: TargetPlugin = {
  name: 'server',
  part: 'server',
  needs: ['types', 'operations'],
  entryPoint: 'server',
  declares: ['serverSpec', 'createRouter', 'HandlerContext', 'HandlerReply', 'ServerApiSpec', 'ServerOptions', 'HttpProblem', 'serveNode', 'Principal', 'Hono'],
  runtimes: ['server-runtime'],
  peerDependencies: SERVER_DEPENDENCIES,
  readme: { usage: 'readme/server.usage.md.hbs' },
  load: async () => (await import('./index.js')).serverTarget,
};
