/** Declaration of target `client` (its code: ./index.ts). */
import { CLIENT_RUNTIME_EXPORTS, CLIENT_RUNTIME_TYPE_EXPORTS } from '../../model/finish.js';
import type { TargetPlugin } from '../target.js';

export const clientPlugin: TargetPlugin = {
  name: 'client',
  part: 'client',
  needs: ['types', 'operations'],
  entryPoint: 'client',
  // `http` and `constructor` are members of every group class, where operations become methods.
  declares: [...CLIENT_RUNTIME_EXPORTS, ...CLIENT_RUNTIME_TYPE_EXPORTS, 'HttpClient', 'Client', 'OperationErrors', 'isOperationError', 'http', 'constructor'],
  readme: { exports: 'readme/client.exports.md.hbs', usage: 'readme/client.usage.md.hbs' },
  load: async () => (await import('./index.js')).clientTarget,
};
