/** Declaration of target `zod` (its code: ./index.ts). */
import { FORMAT_CHECKS } from '../../model/formats.js';
import type { TargetPlugin } from '../target.js';
import { ZOD_FLAVORS } from '../../print/zod-flavor.js';

export const zodPlugin: TargetPlugin = {
  name: 'zod',
  needs: ['types'],
  entryPoint: 'schemas',
  // schemas.ts, and the validator helpers every module that prints zod imports (operations.ts, messages.ts too); type-checks.ts.
  declares: [
    'z', 'schemas', 'Blob', 'openEnum', 'openObject', 'taggedUnion', 'binaryBody', 'BinaryBody', 'stringFormat', 'unevaluated', 'exclusiveUnion', 'refinements', 'ownKeys', 'allOfObjects', 'compiledObject', ...Object.values(FORMAT_CHECKS),
    'Assert', 'Equals', 'ValidatorTypesMatch',
  ],
  options: {
    flavor: {
      description: "the zod build the validators are written for: classic (methods, every zod API) or mini ('zod/mini': functions a bundler drops when unused; about a third of the size in a browser). Also --zod <build>",
      values: ZOD_FLAVORS,
      default: 'mini',
    },
  },
  readme: { exports: 'readme/zod.exports.md.hbs' },
  load: async () => (await import('./index.js')).zodTarget,
};
