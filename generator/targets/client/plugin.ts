/** Declaration of target `client` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const clientPlugin: TargetPlugin = {
  name: 'client',
  part: 'client',
  needs: ['types', 'operations'],
  entryPoint: 'client',
  readme: { exports: 'readme/client.exports.md.hbs', usage: 'readme/client.usage.md.hbs' },
  load: async () => (await import('./index.js')).clientTarget,
};
