/**
 * `<pkg>/webhooks` end to end: a package generated from a 3.1 document written like OpenAI's
 * (each payload pins `type` with a one-value enum; Standard Webhooks signing), and our v2
 * package (x-delivery: RSA in SVC-SIGNATURE), each receiving its document's own examples over
 * HTTP on 127.0.0.1: signed with the scheme's own signer (standardwebhooks' `Webhook.sign`, the
 * mock's `WebhookDispatcher`) they reach their typed handler; tampered, they are refused.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateWebhookKeys, WebhookDispatcher } from '@svc/mock-runtime';
import { createWebhookReceiver as createV2Receiver } from '@svc/v2/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generatePackage } from '../../generator/pipeline.js';
import { generateToDisk, TypeCheckBatch, writeSpec, writeUsages } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

type Receiver = (request: Request) => Promise<Response>;

/** Serves a Fetch handler over node:http on 127.0.0.1, as a Node application would with an adapter. */
async function serve(receive: Receiver): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers as IncomingHttpHeaders)) if (typeof value === 'string') headers.set(name, value);
      const request = new Request(`http://127.0.0.1${incoming.url ?? '/'}`, { method: incoming.method ?? 'POST', headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) });
      void receive(request).then(async (answer) => {
        outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
        outgoing.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const event = (type: string, data: Record<string, unknown>) => ({
  type: 'object',
  required: ['id', 'type', 'created_at', 'data'],
  properties: {
    id: { type: 'string' },
    object: { type: 'string', enum: ['event'] },
    type: { type: 'string', enum: [type] },
    created_at: { type: 'integer' },
    data: { type: 'object', required: Object.keys(data), properties: data },
  },
});
const example = (type: string, data: Record<string, unknown>) => ({ id: `evt_${type.replace(/\W/g, '_')}`, object: 'event', type, created_at: 1719168000, data });

/** Three webhooks as OpenAI writes them (no operationIds, payloads in components, `type` pinned by an enum), signed the Standard Webhooks way. */
const openAiLike = {
  openapi: '3.1.0',
  info: { title: 'Events', version: '1.0.0' },
  'x-delivery': { scheme: 'standard-webhooks' },
  paths: {},
  webhooks: Object.fromEntries(
    [
      ['batch_completed', 'WebhookBatchCompleted', 'batch.completed', { id: 'batch_abc123' }],
      ['batch_failed', 'WebhookBatchFailed', 'batch.failed', { id: 'batch_abc123' }],
      ['response_completed', 'WebhookResponseCompleted', 'response.completed', { id: 'resp_abc123' }],
    ].map(([name, schema, , data]) => [
      name,
      {
        post: {
          description: `Sent when ${String(name).replace('_', ' ')}.`,
          requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/${String(schema)}` } } } },
          responses: { '200': { description: 'Return a 200 status code to acknowledge receipt of the event.' } },
        },
      },
    ]),
  ),
  components: {
    schemas: {
      WebhookBatchCompleted: { ...event('batch.completed', { id: { type: 'string' } }), examples: [example('batch.completed', { id: 'batch_abc123' })] },
      WebhookBatchFailed: { ...event('batch.failed', { id: { type: 'string' } }), examples: [example('batch.failed', { id: 'batch_abc123' })] },
      WebhookResponseCompleted: { ...event('response.completed', { id: { type: 'string' } }), examples: [example('response.completed', { id: 'resp_abc123' })] },
    },
  },
};

/** Webhooks whose operationIds are no identifiers. */
const oddNames = {
  openapi: '3.1.0',
  info: { title: 'Odd', version: '1.0.0' },
  paths: {},
  webhooks: Object.fromEntries(
    [
      ['ping', 'on-ping'],
      ['proto', '__proto__'],
    ].map(([name, operationId]) => [
      name,
      { post: { operationId, requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['type'], properties: { type: { const: name } } } } } }, responses: { '200': { description: 'taken' } } } },
    ]),
  ),
};

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const signer = new Webhook(secret);

/** Posts `body` signed by `signer` (as of `ageSeconds` ago); `sent` replaces the body after signing (tampering). */
async function deliver(url: string, body: string, options: { sent?: string; ageSeconds?: number; by?: Webhook } = {}): Promise<Response> {
  const at = new Date(Date.now() - (options.ageSeconds ?? 0) * 1000);
  const id = `msg_${randomBytes(8).toString('hex')}`;
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': (options.by ?? signer).sign(id, at, body) },
    body: options.sent ?? body,
  });
}

describe('a package from an OpenAI-like document (Standard Webhooks)', () => {
  const received: { webhook: string; payload: unknown }[] = [];
  let url: string;
  let close: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ dir } = await generateToDisk(writeSpec(openAiLike, 'webhooks-openai-like'), 'events'));
    const { createWebhookReceiver } = (await import(pathToFileURL(join(dir, 'src', 'webhooks.ts')).href)) as { createWebhookReceiver: (options: unknown) => Receiver };
    const record = (webhook: string) => (payload: unknown) => void received.push({ webhook, payload });
    const receive = createWebhookReceiver({
      handlers: { postBatchCompleted: record('postBatchCompleted'), postBatchFailed: record('postBatchFailed'), postResponseCompleted: record('postResponseCompleted') },
      verify: { secret },
    });
    ({ url, close } = await serve(receive));
  });
  afterAll(() => close());

  const examples = Object.entries(openAiLike.components.schemas).map(([name, schema]) => [name, schema.examples[0]!] as const);

  it.each(examples)("accepts %s's own example, signed, and hands it to its handler", async (_, payload) => {
    received.length = 0;
    const response = await deliver(url, JSON.stringify(payload));
    expect(response.status).toBe(200);
    const operationId = `post${payload.type.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`;
    expect(received).toEqual([{ webhook: operationId, payload }]);
  });

  it.each([
    ['tampered', (body: string) => deliver(url, body, { sent: body.replace('batch_abc123', 'batch_xyz789') }), 401, 'bad_signature'],
    ['signed with another secret', (body: string) => deliver(url, body, { by: new Webhook(`whsec_${randomBytes(24).toString('base64')}`) }), 401, 'bad_signature'],
    ['ten minutes old', (body: string) => deliver(url, body, { ageSeconds: 600 }), 401, 'bad_signature'],
    ['of an unknown webhook', (body: string) => { const other = body.replace('batch.completed', 'batch.exploded'); return deliver(url, other); }, 400, 'unknown_webhook'],
    ['over 1 MiB', (body: string) => deliver(url, body.replace('"batch_abc123"', `"${'x'.repeat(1024 * 1024)}"`)), 413, 'payload_too_large'],
    ['with an invalid payload', (body: string) => { const other = body.replace('"batch_abc123"', '42'); return deliver(url, other); }, 422, 'invalid_payload'],
  ])('refuses a delivery %s', async (_, send, status, error) => {
    received.length = 0;
    const response = await send(JSON.stringify(examples[0]![1]));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(((await response.json()) as { error: string }).error).toBe(error);
    expect(received).toEqual([]);
  });

  it('type-checks a strict consumer whose handlers are typed by their payloads', async () => {
    writeUsages(dir, {
      consumer: [
        "import { createWebhookReceiver, webhookRoute, type WebhookPayloads } from './webhooks.js';",
        'const receive = createWebhookReceiver({',
        '  handlers: {',
        '    postBatchCompleted: async (payload, context) => {',
        "      const type: 'batch.completed' = payload.type;",
        "      const id: string = payload.data.id;",
        "      const name: string = context.name;",
        '      void [type, id, name];',
        '    },',
        '  },',
        "  verify: { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },",
        '});',
        "const mounted: (context: { req: { raw: Request } }) => Promise<Response> = webhookRoute(receive);",
        "const payload: WebhookPayloads['postBatchFailed']['type'] = 'batch.failed';",
        'void [mounted, payload];',
        '// @ts-expect-error: the document signs its webhooks, so `verify` is required',
        'createWebhookReceiver({ handlers: {} });',
        '// @ts-expect-error: no such webhook',
        'createWebhookReceiver({ handlers: { postBatchExploded: () => undefined }, verify: false });',
        'createWebhookReceiver({ handlers: {',
        '  // @ts-expect-error: a failed batch is not a completed one',
        "  postBatchFailed: (payload) => { const type: 'batch.completed' = payload.type; void type; },",
        '}, verify: false });',
        '',
      ].join('\n'),
    });
    const batch = new TypeCheckBatch('webhook-receiver');
    batch.add('events', dir);
    // operationIds that are no identifiers (`on-ping`, `__proto__`) are keys of the spec, the payloads and the handlers all the same.
    const odd = await generateToDisk(writeSpec(oddNames, 'webhooks-odd-names'), 'odd');
    batch.add('odd', odd.dir);
    expect(await batch.errors()).toEqual({});
    const { createWebhookReceiver } = (await import(pathToFileURL(join(odd.dir, 'src', 'webhooks.ts')).href)) as { createWebhookReceiver: (options: unknown) => Receiver };
    const seen: string[] = [];
    const receive = createWebhookReceiver({ handlers: Object.fromEntries([['on-ping', () => void seen.push('on-ping')], ['__proto__', () => void seen.push('__proto__')]]), verify: false });
    for (const type of ['ping', 'proto']) expect((await receive(new Request('http://127.0.0.1/', { method: 'POST', body: JSON.stringify({ type }) }))).status).toBe(200);
    expect(seen).toEqual(['on-ping', '__proto__']);
  });
});

describe('our v2 package (x-delivery: RSA in SVC-SIGNATURE)', () => {
  const spec = parse(readFileSync(join(repoRoot, 'specs', 'v2.openapi.yaml'), 'utf8')) as { webhooks: Record<string, { post: { operationId: string; requestBody: { content: Record<string, { example?: unknown }> } } }> };
  const examples = Object.entries(spec.webhooks).map(([name, item]) => [name, item.post.operationId, item.post.requestBody.content['application/json']!.example] as const);
  const received: { webhook: string; name: string; payload: unknown }[] = [];
  let url: string;
  let close: () => Promise<void>;
  let keys: Awaited<ReturnType<typeof generateWebhookKeys>>;

  beforeAll(async () => {
    keys = await generateWebhookKeys();
    const handlers = Object.fromEntries(examples.map(([, id]) => [id, (payload: unknown, context: { webhook: string; name: string }) => void received.push({ webhook: context.webhook, name: context.name, payload })]));
    ({ url, close } = await serve(createV2Receiver({ handlers, verify: { publicKey: keys.publicKeyPem } })));
  });
  afterAll(() => close());

  it("receives every webhook's own example as the mock's dispatcher sends it, signed", async () => {
    expect(examples).toHaveLength(14);
    const dispatcher = new WebhookDispatcher({ url, privateKey: keys.privateKey, signatureHeader: 'SVC-SIGNATURE', retryDelaysMs: [] });
    for (const [name, , payload] of examples) await dispatcher.send(name, payload);
    await dispatcher.settle();
    expect(dispatcher.deliveries.map((d) => [d.event, d.lastStatus])).toEqual(examples.map(([name]) => [name, 200]));
    // The dispatcher sends in the background: deliveries arrive in any order.
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    expect([...received].sort(byName)).toEqual(examples.map(([name, webhook, payload]) => ({ webhook, name, payload })).sort(byName));
  });

  it('refuses a tampered delivery and one signed by another key', async () => {
    received.length = 0;
    const body = JSON.stringify(examples[0]![2]);
    const sign = async (key: CryptoKey, text: string) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(text)))));
    const tampered = await fetch(url, { method: 'POST', headers: { 'SVC-SIGNATURE': await sign(keys.privateKey, body) }, body: body.replace('"data":{}', '"data":{"x":1}') });
    expect([tampered.status, ((await tampered.json()) as { error: string }).error]).toEqual([401, 'bad_signature']);
    const otherKey = (await generateWebhookKeys()).privateKey;
    const foreign = await fetch(url, { method: 'POST', headers: { 'SVC-SIGNATURE': await sign(otherKey, body) }, body });
    expect(foreign.status).toBe(401);
    expect(received).toEqual([]);
  });
});

describe('the target and its option', () => {
  const unsigned = { ...openAiLike, 'x-delivery': undefined };
  it.each([
    ['the document says Standard Webhooks', openAiLike, {}, true],
    ['the document says nothing', unsigned, {}, false],
    ['--option webhooks.signature=standard', unsigned, { webhooks: { signature: 'standard' } }, true],
    ['--option webhooks.signature=none', openAiLike, { webhooks: { signature: 'none' } }, false],
  ])('%s: verify required = %s', async (_, doc, targetOptions, required) => {
    const output = await generatePackage({ file: writeSpec(doc, 'webhooks-option'), name: 'events', parts: ['webhooks'], targetOptions });
    const module = output.files.get('src/webhooks.ts')!;
    expect(module.includes('verify: WebhookVerification | false;')).toBe(required);
    expect(module.includes("signature: { scheme: 'standard' }")).toBe(required);
    expect(output.files.get('README.md')).toContain('## Receiving webhooks');
  });

  it('requires `match` where no body property tells the webhooks apart', async () => {
    const untold = { ...openAiLike, components: { schemas: Object.fromEntries(Object.entries(openAiLike.components.schemas).map(([name, schema]) => [name, { ...schema, properties: { ...schema.properties, type: { type: 'string' } } }])) } };
    const output = await generatePackage({ file: writeSpec(untold, 'webhooks-untold'), name: 'events', parts: ['webhooks'] });
    expect(output.files.get('src/webhooks.ts')).toContain("match: Exclude<WebhookMatch, 'body'>;");
    expect(output.diagnostics).toContainEqual(expect.objectContaining({ pointer: '/webhooks', message: expect.stringContaining('no body property tells the 3 webhooks apart') }));
    const told = await generatePackage({ file: writeSpec(openAiLike, 'webhooks-told'), name: 'events', parts: ['webhooks'] });
    expect(told.files.get('src/webhooks.ts')).not.toContain('match: Exclude');
  });

  it('gives a document without webhooks no entry point', async () => {
    const output = await generatePackage({ file: writeSpec({ ...openAiLike, webhooks: undefined, 'x-delivery': undefined }, 'webhooks-none'), name: 'plain' });
    expect(output.files.has('src/webhooks.ts')).toBe(false);
    expect(output.files.get('package.json')).not.toContain('./webhooks');
    expect(output.files.get('package.json')).not.toContain('standardwebhooks');
  });

  it('copies the receiver into a standalone package only where it is used, so that one without webhooks builds without standardwebhooks', async () => {
    const receiverFiles = (files: ReadonlyMap<string, string>) => [...files.keys()].filter((path) => /^src\/runtime\/(receiver|standard-webhooks)\.ts$/.test(path)).sort();
    const plain = await generatePackage({ file: writeSpec({ ...openAiLike, webhooks: undefined, 'x-delivery': undefined }, 'webhooks-none'), name: 'plain', bundleRuntime: true });
    expect(plain.files.has('src/runtime/index.ts')).toBe(true);
    expect(receiverFiles(plain.files)).toEqual([]);
    const hooked = await generatePackage({ file: writeSpec(openAiLike, 'webhooks-standalone'), name: 'events', parts: ['webhooks'], bundleRuntime: true });
    expect(receiverFiles(hooked.files)).toEqual(['src/runtime/receiver.ts', 'src/runtime/standard-webhooks.ts']);
    expect(hooked.files.get('src/webhooks.ts')).toContain("from './runtime/receiver.js'");
  });
});
