/**
 * The webhook receiver (`@svc/runtime/receiver`): verification (Standard Webhooks, signed here
 * with the scheme's own library; RSA, signed with node:crypto), matching, validation, dispatch.
 */
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { createReceiver, webhookRoute, type WebhookContext, type WebhookReceiverSpec } from '../../templates/runtime/src/receiver.js';

interface Payloads {
  onBatchCompleted: { id: string; type: 'batch.completed'; data: { id: string } };
  onBatchFailed: { id: string; type: 'batch.failed'; data: { id: string; reason?: string } };
}
const spec = {
  webhooks: {
    onBatchCompleted: { name: 'batch_completed', method: 'POST', body: z.object({ id: z.string(), type: z.literal('batch.completed'), data: z.object({ id: z.string() }) }) },
    onBatchFailed: { name: 'batch_failed', method: 'POST', body: z.object({ id: z.string(), type: z.literal('batch.failed'), data: z.object({ id: z.string(), reason: z.string().optional() }) }) },
  },
  match: { property: 'type', values: { onBatchCompleted: 'batch.completed', onBatchFailed: 'batch.failed' } },
  signature: { scheme: 'standard' },
} as const satisfies WebhookReceiverSpec<Payloads>;

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const completed = JSON.stringify({ id: 'evt_1', type: 'batch.completed', data: { id: 'batch_1' } });

/** A delivery signed the Standard Webhooks way, `ageSeconds` ago, with `signingSecret`. */
function standardDelivery(body: string, options: { signingSecret?: string; ageSeconds?: number; sentBody?: string; method?: string; url?: string } = {}): Request {
  const id = 'msg_2Lh9KRb0pzN4LePd3XiA7J1Qyxx';
  const at = new Date(Date.now() - (options.ageSeconds ?? 0) * 1000);
  const signature = new Webhook(options.signingSecret ?? secret).sign(id, at, body);
  return new Request(options.url ?? 'http://127.0.0.1/webhooks', {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    body: options.sentBody ?? body,
  });
}

const receiverWith = (overrides: Partial<Parameters<typeof createReceiver<Payloads>>[1]> = {}) => {
  const onBatchCompleted = vi.fn<(payload: Payloads['onBatchCompleted'], context: WebhookContext<'onBatchCompleted'>) => void>();
  const onBatchFailed = vi.fn<(payload: Payloads['onBatchFailed']) => void>();
  const receive = createReceiver<Payloads>(spec, { handlers: { onBatchCompleted, onBatchFailed }, verify: { secret }, ...overrides });
  return { receive, onBatchCompleted, onBatchFailed };
};

const refusal = async (response: Response): Promise<{ status: number; error: string; message: string }> => ({ status: response.status, ...((await response.json()) as { error: string; message: string }) });

describe('receiving a Standard Webhooks delivery', () => {
  it('verifies, validates and dispatches it to its own handler, with the delivery id', async () => {
    const { receive, onBatchCompleted, onBatchFailed } = receiverWith();
    const response = await receive(standardDelivery(completed));
    expect(response.status).toBe(200);
    expect(onBatchCompleted).toHaveBeenCalledTimes(1);
    expect(onBatchCompleted.mock.calls[0]![0]).toEqual(JSON.parse(completed));
    expect(onBatchCompleted.mock.calls[0]![1]).toMatchObject({ webhook: 'onBatchCompleted', name: 'batch_completed', deliveryId: 'msg_2Lh9KRb0pzN4LePd3XiA7J1Qyxx' });
    expect(onBatchFailed).not.toHaveBeenCalled();
  });

  it.each([
    ['a tampered body', () => standardDelivery(completed, { sentBody: completed.replace('batch_1', 'batch_2') }), 401, 'bad_signature', /No matching signature/],
    ['another secret', () => standardDelivery(completed, { signingSecret: `whsec_${randomBytes(24).toString('base64')}` }), 401, 'bad_signature', /No matching signature/],
    ['a stale timestamp', () => standardDelivery(completed, { ageSeconds: 600 }), 401, 'bad_signature', /too old/],
    ['no signature headers', () => new Request('http://127.0.0.1/webhooks', { method: 'POST', body: completed }), 401, 'bad_signature', /Missing required headers/],
    ['an unknown webhook', () => standardDelivery(JSON.stringify({ id: 'evt_2', type: 'batch.exploded', data: {} })), 400, 'unknown_webhook', /no webhook has type "batch.exploded"/],
    ['an unknown webhook with a long name, repeated cut short', () => standardDelivery(JSON.stringify({ id: 'evt_2', type: 'x'.repeat(5000), data: {} })), 400, 'unknown_webhook', /^no webhook has type "x{79}…; known: "batch\.completed", "batch\.failed"$/],
    ['a body without the matching property', () => standardDelivery(JSON.stringify({ id: 'evt_2' })), 400, 'unknown_webhook', /has no `type`/],
    ['an invalid payload', () => standardDelivery(JSON.stringify({ id: 'evt_3', type: 'batch.failed', data: { id: 7 } })), 422, 'invalid_payload', /batch_failed: data\.id/],
    ['a body that is not JSON', () => standardDelivery('{"id":'), 400, 'invalid_json', /not JSON/],
    ['another method', () => new Request('http://127.0.0.1/webhooks', { method: 'PUT', body: completed }), 405, 'method_not_allowed', /POST/],
    ['a body over the limit (1 MiB)', () => standardDelivery(JSON.stringify({ id: 'evt_5', type: 'batch.completed', data: { id: 'x'.repeat(1024 * 1024) } })), 413, 'payload_too_large', /at most 1048576 bytes/],
    [
      'a streamed body over the limit, without a length',
      () => new Request('http://127.0.0.1/webhooks', { method: 'POST', body: new Blob(['{"id":"', 'x'.repeat(1024 * 1024), '"}']).stream(), duplex: 'half' } as RequestInit),
      413,
      'payload_too_large',
      /at most/,
    ],
  ])('refuses %s', async (_, request, status, error, message) => {
    const { receive, onBatchCompleted, onBatchFailed } = receiverWith();
    const answer = await refusal(await receive(request()));
    expect(answer).toMatchObject({ status, error });
    expect(answer.message).toMatch(message);
    expect(onBatchCompleted).not.toHaveBeenCalled();
    expect(onBatchFailed).not.toHaveBeenCalled();
  });

  it("answers a handler's failure with a 500 that does not show it, and tells onError", async () => {
    const onError = vi.fn();
    const receive = createReceiver<Payloads>(spec, {
      handlers: {
        onBatchCompleted: () => {
          throw new Error('database password is hunter2');
        },
      },
      verify: { secret },
      onError,
    });
    const response = await receive(standardDelivery(completed));
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: 'handler_failed', message: 'the handler of webhook batch_completed failed' });
    expect(text).not.toContain('hunter2');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database password is hunter2' }), expect.objectContaining({ webhook: 'onBatchCompleted' }));
  });

  it("answers with the handler's Response, and acknowledges a webhook without a handler", async () => {
    const receive = createReceiver<Payloads>(spec, { handlers: { onBatchCompleted: () => new Response('seen', { status: 202 }) }, verify: { secret } });
    const answered = await receive(standardDelivery(completed));
    expect([answered.status, await answered.text()]).toEqual([202, 'seen']);
    const failed = JSON.stringify({ id: 'evt_4', type: 'batch.failed', data: { id: 'batch_4' } });
    expect((await receive(standardDelivery(failed))).status).toBe(200);
  });

  it("takes no handler from Object.prototype: a webhook named `valueOf` without one is acknowledged", async () => {
    const named = { webhooks: { valueOf: { name: 'value_of', method: 'POST' } } } as const satisfies WebhookReceiverSpec<{ valueOf: undefined }>;
    const receive = createReceiver<{ valueOf: undefined }>(named, { handlers: {} });
    // Object.prototype.valueOf, called as a handler, would throw (a 500).
    expect((await receive(new Request('http://127.0.0.1/webhooks', { method: 'POST', body: '{}' }))).status).toBe(200);
  });

  it('types each handler by its payload', () => {
    createReceiver<Payloads>(spec, {
      handlers: {
        onBatchFailed: (payload, context) => {
          expectTypeOf(payload).toEqualTypeOf<Payloads['onBatchFailed']>();
          expectTypeOf(context.webhook).toEqualTypeOf<'onBatchFailed'>();
        },
      },
    });
    // @ts-expect-error: no such webhook
    createReceiver<Payloads>(spec, { handlers: { onBatchExploded: () => undefined } });
  });
});

describe('receiving an x-delivery (RSA) delivery', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const signed = (body: string, sentBody = body): Request =>
    new Request('http://127.0.0.1/hook', { method: 'POST', headers: { 'SVC-SIGNATURE': createSign('RSA-SHA256').update(body).sign(privateKey, 'base64') }, body: sentBody });
  const rsaSpec = { ...spec, signature: { scheme: 'x-delivery', header: 'SVC-SIGNATURE' } } as const satisfies WebhookReceiverSpec<Payloads>;

  it("verifies with the document's header, and refuses a tampered body", async () => {
    const onBatchCompleted = vi.fn();
    const receive = createReceiver<Payloads>(rsaSpec, { handlers: { onBatchCompleted }, verify: { publicKey: pem } });
    expect((await receive(signed(completed))).status).toBe(200);
    expect(onBatchCompleted).toHaveBeenCalledTimes(1);
    expect(await refusal(await receive(signed(completed, `${completed} `)))).toMatchObject({ status: 401, error: 'bad_signature' });
    expect(await refusal(await receive(new Request('http://127.0.0.1/hook', { method: 'POST', body: completed })))).toMatchObject({ status: 401, message: 'the SVC-SIGNATURE header is missing' });
  });

  it('checks nothing when verify is false', async () => {
    const receive = createReceiver<Payloads>(rsaSpec, { handlers: {}, verify: false });
    expect((await receive(new Request('http://127.0.0.1/hook', { method: 'POST', body: completed }))).status).toBe(200);
  });
});

describe('matching without a body property', () => {
  const unmatched = { webhooks: spec.webhooks } as const satisfies WebhookReceiverSpec<Payloads>;

  it('needs `match` when several webhooks share no pinned property', () => {
    expect(() => createReceiver<Payloads>(unmatched, { handlers: {} })).toThrow(/give `match`/);
  });

  it.each([
    ['the last path segment, by name', { match: 'path' as const }, 'http://127.0.0.1/webhooks/batch_completed', {}],
    ['the last path segment, by operationId', { match: 'path' as const }, 'http://127.0.0.1/webhooks/onBatchCompleted', {}],
    ['a header', { match: { header: 'x-webhook' } }, 'http://127.0.0.1/webhooks', { 'x-webhook': 'batch_completed' }],
  ])('matches by %s', async (_, options, url, headers) => {
    const onBatchCompleted = vi.fn();
    const receive = createReceiver<Payloads>(unmatched, { handlers: { onBatchCompleted }, ...options });
    expect((await receive(new Request(url, { method: 'POST', headers, body: completed }))).status).toBe(200);
    expect(onBatchCompleted).toHaveBeenCalledTimes(1);
    const unknown = await refusal(await receive(new Request('http://127.0.0.1/webhooks/nothing', { method: 'POST', headers: { 'x-webhook': 'nothing' }, body: completed })));
    expect(unknown).toMatchObject({ status: 400, error: 'unknown_webhook' });
  });
});

describe('webhookRoute', () => {
  it('mounts a receiver in Hono', async () => {
    const { receive, onBatchCompleted } = receiverWith();
    const app = new Hono();
    app.post('/webhooks', webhookRoute(receive));
    const response = await app.request(standardDelivery(completed));
    expect(response.status).toBe(200);
    expect(onBatchCompleted).toHaveBeenCalledTimes(1);
  });
});
