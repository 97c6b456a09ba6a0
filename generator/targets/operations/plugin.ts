/** Declaration of target `operations` (its code: ./index.ts). */
import { OPERATION_SPEC } from '../../model/operation-kinds.js';
import { OPERATION_FEATURES } from '../runtimes.js';
import type { TargetPlugin } from '../target.js';

export const operationsPlugin: TargetPlugin = {
  name: 'operations',
  needs: ['types', 'zod'],
  // `apiInfo` has a module of its own, so that the client (which needs it) does not import the zod validators of operations.ts.
  defines: { './operations.js': ['api', 'operations', 'webhooks'], './api-info.js': ['apiInfo'] },
  declares: ['withOperations', 'OperationSpec', 'ApiSpec', 'ApiInfo', 'receiveWebhook', 'verifyWebhookSignature', ...Object.values(OPERATION_FEATURES), 'OperationTypesMatch'],
  // Each operation's own constant; a webhook's is planned too (received, not called: no module prints it).
  operationNames: [{ key: OPERATION_SPEC, module: './operations.js', want: ({ camel }) => `${camel}Operation`, webhooks: true }],
  readme: { exports: 'readme/operations.exports.md.hbs', reference: 'readme/operations.reference.md.hbs' },
  load: async () => (await import('./index.js')).operationsTarget,
};
