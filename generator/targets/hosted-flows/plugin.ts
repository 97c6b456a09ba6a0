/** Declaration of target `hosted-flows` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const hostedFlowsPlugin: TargetPlugin = {
  name: 'hosted-flows',
  part: 'client',
  declares: ['hostedFlows'],
  load: async () => (await import('./index.js')).hostedFlowsTarget,
};
