/** Declaration of target `webhooks` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const webhooksPlugin: TargetPlugin = {
  name: 'webhooks',
  part: 'webhooks',
  // Its payload types and validators: the webhooks' bodies in types.ts and the `webhooks` record of operations.ts.
  needs: ['types', 'operations'],
  entryPoint: 'webhooks',
  declares: [
    'createWebhookReceiver',
    'webhookReceiverSpec',
    'webhookRoute',
    'WebhookPayloads',
    'WebhookHandlers',
    'WebhookReceiverOptions',
    'createReceiver',
    'ReceiverHandlers',
    'ReceiverOptions',
    'WebhookContext',
    'WebhookHandler',
    'WebhookMatch',
    'WebhookReceiver',
    'WebhookReceiverSpec',
    'WebhookVerification',
  ],
  options: {
    signature: {
      description:
        "how deliveries are signed, which makes the receiver's `verify` option required: `standard` (Standard Webhooks), `none`, or `auto`: what the document says (`x-delivery`, or `webhook-signature` headers)",
      values: ['auto', 'standard', 'none'],
      default: 'auto',
    },
  },
  // The receiver, and what it loads to verify Standard Webhooks (the only importer of `standardwebhooks`).
  runtimeModules: ['runtime/receiver.ts', 'runtime/standard-webhooks.ts'],
  peerDependencies: { standardwebhooks: '^1.1.1' },
  readme: { exports: 'readme/webhooks.exports.md.hbs', usage: 'readme/webhooks.usage.md.hbs' },
  load: async () => (await import('./index.js')).webhooksTarget,
};
