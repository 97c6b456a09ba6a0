/** Declaration of target `zod` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const zodPlugin: TargetPlugin = {
  name: 'zod',
  needs: ['types'],
  entryPoint: 'schemas',
  readme: { exports: 'readme/zod.exports.md.hbs' },
  load: async () => (await import('./index.js')).zodTarget,
};
