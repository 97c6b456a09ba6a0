/** Declaration of target `types` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const typesPlugin: TargetPlugin = {
  name: 'types',
  readme: { exports: 'readme/types.exports.md.hbs' },
  load: async () => (await import('./index.js')).typesTarget,
};
