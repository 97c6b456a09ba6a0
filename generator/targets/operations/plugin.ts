/** Declaration of target `operations` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const operationsPlugin: TargetPlugin = {
  name: 'operations',
  needs: ['types', 'zod'],
  declares: ['operations', 'webhooks', 'api', 'apiInfo', 'withOperations', 'OperationSpec', 'ApiSpec', 'ApiInfo', 'receiveWebhook', 'verifyWebhookSignature', 'resolveSecurity', 'pageWalk', 'OperationTypesMatch'],
  readme: { exports: 'readme/operations.exports.md.hbs', reference: 'readme/operations.reference.md.hbs' },
  load: async () => (await import('./index.js')).operationsTarget,
};
