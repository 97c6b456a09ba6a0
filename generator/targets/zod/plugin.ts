/** Declaration of target `zod` (its code: ./index.ts). */
import { FORMAT_CHECKS } from '../../model/formats.js';
import type { TargetPlugin } from '../target.js';

export const zodPlugin: TargetPlugin = {
  name: 'zod',
  needs: ['types'],
  entryPoint: 'schemas',
  // schemas.ts, and the validator helpers every module that prints zod imports (operations.ts, messages.ts too); type-checks.ts.
  declares: [
    'z', 'schemas', 'Blob', 'openEnum', 'openObject', 'taggedUnion', 'binaryBody', 'BinaryBody', 'stringFormat', 'unevaluated', 'exclusiveUnion', 'refinements', 'ownKeys', 'allOfObjects', ...Object.values(FORMAT_CHECKS),
    'Assert', 'Equals', 'ValidatorTypesMatch',
  ],
  readme: { exports: 'readme/zod.exports.md.hbs' },
  load: async () => (await import('./index.js')).zodTarget,
};
