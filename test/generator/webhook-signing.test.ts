/** A package re-exports the webhook signature helpers only when its document declares signed webhooks (`x-delivery.signatureHeader`). */
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { writeSpec } from '../helpers/generate.js';

const withWebhook = (extra: Record<string, unknown>): object => ({
  openapi: '3.1.0',
  info: { title: 'Hooks', version: '1.0.0' },
  paths: {},
  webhooks: {
    loanDue: { post: { operationId: 'loanDue', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } }, responses: { '200': { description: 'taken' } } } },
  },
  ...extra,
});

describe('webhook signature helpers', () => {
  it.each([
    ['no signing declared', {}, false],
    ['a signature header in x-delivery', { 'x-delivery': { signatureHeader: 'X-Hook-Signature' } }, true],
  ])('%s', async (name, extra, exported) => {
    const file = writeSpec(withWebhook(extra), `hooks-${exported ? 'signed' : 'plain'}`);
    const output = await generatePackage({ file, name: 'hooks', parts: ['client'] });
    const operations = output.files.get('src/operations.ts')!;
    expect(operations.includes('verifyWebhookSignature'), name).toBe(exported);
    expect(operations).toContain('loanDue');
  });
});
