/**
 * A document of webhooks alone (OpenAPI 3.1 `webhooks`, no `paths`: a payments provider's
 * events, test/fixtures/documents/payments-webhooks.openapi.yaml): `npm run mock -- --spec`
 * exited 3 ("generator bug … Could not resolve ./src/mock.js") since no mock was generated for
 * a document without operations. Its mock now starts with no routes (every request a 404 in the
 * document's envelope) and, given where to send them, delivers each webhook's seeded payload,
 * signed; ajv judges each payload against the document and WebCrypto checks each signature.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { generateWebhookKeys } from '@svc/mock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentMock } from '../../mock/document.js';
import { npmScriptNodeArgs } from '../helpers/cli.js';
import { documentAjv, type DocumentAjv } from '../helpers/document-ajv.js';
import { repoRoot } from '../helpers/spec-files.js';

const file = join(repoRoot, 'test', 'fixtures', 'documents', 'payments-webhooks.openapi.yaml');

/** Each webhook's payload schema in the document. */
const PAYLOADS: Readonly<Record<string, { name: string; schema: string }>> = {
  onPaymentSucceeded: { name: 'payment.succeeded', schema: '/components/schemas/PaymentSucceededEvent' },
  onPaymentFailed: { name: 'payment.failed', schema: '/components/schemas/PaymentFailedEvent' },
  onRefundCreated: { name: 'refund.created', schema: '/components/schemas/RefundCreatedEvent' },
};

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on loopback that records every delivery and answers 200. */
async function receiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Whether `signature` (base64 RSA PKCS#1 v1.5 SHA-256) signs `body` for the PEM public key. */
async function signedBy(publicKeyPem: string, body: string, signature: string): Promise<boolean> {
  const der = Uint8Array.from(atob(publicKeyPem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)), new TextEncoder().encode(body));
}

/** Judges the deliveries a receiver got: one per webhook, payloads ajv accepts, each signed with the key. */
async function judgeDeliveries(ajv: DocumentAjv, received: readonly Received[], publicKeyPem: string): Promise<void> {
  const types = received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type).sort();
  expect(types).toEqual(Object.values(PAYLOADS).map((p) => p.name).sort());
  for (const delivery of received) {
    const payload = JSON.parse(delivery.body) as { type: string };
    const [, expected] = Object.entries(PAYLOADS).find(([, p]) => p.name === payload.type)!;
    expect(ajv.schema(expected.schema, payload), delivery.body).toEqual([]);
    const signature = delivery.headers['x-signature'];
    expect(typeof signature, 'signed in X-Signature').toBe('string');
    expect(await signedBy(publicKeyPem, delivery.body, signature as string)).toBe(true);
  }
}

let ajv: DocumentAjv;
beforeAll(async () => {
  ajv = await documentAjv(file);
});

describe('the mock of a document of webhooks alone', () => {
  const hooks: { url: string; received: Received[]; close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const hook of hooks) await hook.close();
  });

  it('starts with no routes: every request is a 404 in the document\'s envelope', async () => {
    const mock = await loadDocumentMock(file);
    expect(mock.plan.operations).toEqual({});
    expect([...mock.webhooks].sort()).toEqual(Object.keys(PAYLOADS).sort());
    for (const [method, path] of [['GET', '/'], ['POST', '/payment.succeeded'], ['GET', '/v1/payments'], ['DELETE', '/refunds/re_1']] as const) {
      const response = await mock.app.fetch(new Request(`http://mock.test${path}`, { method }));
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/json/);
      expect(await response.json()).toEqual({ error: 'not_found', message: `no operation at ${path}` });
    }
    // Without a place to send them, no webhook goes out.
    expect(mock.dispatcher).toBeUndefined();
    await expect(mock.sendWebhook!('onPaymentSucceeded')).rejects.toThrow(/options\.webhooks/);
  }, 120_000);

  it('sends each webhook\'s seeded payload, signed, where it is told', async () => {
    const hook = await receiver();
    hooks.push(hook);
    const keys = await generateWebhookKeys();
    const mock = await loadDocumentMock(file, { webhooks: { url: hook.url, privateKey: keys.privateKey, retryDelaysMs: [] } });
    for (const id of Object.keys(PAYLOADS)) expect((await mock.sendWebhook!(id, 4)).event).toBe(PAYLOADS[id]!.name);
    await mock.dispatcher!.settle();
    expect(mock.dispatcher!.deliveries.every((delivery) => delivery.delivered)).toBe(true);
    await judgeDeliveries(ajv, hook.received, keys.publicKeyPem);
    await expect(mock.sendWebhook!('onChargeback')).rejects.toThrow(/Unknown webhook onChargeback/);
  }, 120_000);
});

describe('npm run mock -- --spec <webhooks alone> --json --webhook-url', () => {
  it('prints its JSON line, serves no routes, sends one seeded delivery of each webhook, and stops on SIGTERM', async () => {
    const hook = await receiver();
    const child = spawn(process.execPath, [...npmScriptNodeArgs('mock'), '--spec', file, '--json', '--webhook-url', hook.url], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited with ${code} before printing: ${stderr}`)));
      });
      const printed = JSON.parse(first) as { servers: Record<string, string>; credentials: { schemes: Record<string, string> }; webhooks: { url: string; publicKey: string } };
      const [url] = Object.values(printed.servers);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(printed.credentials.schemes).toEqual({});
      expect(printed.webhooks.url).toBe(hook.url);
      expect(printed.webhooks.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      const response = await fetch(`${url}/payments`);
      expect(response.status).toBe(404);
      const deadline = Date.now() + 20_000;
      while (hook.received.length < Object.keys(PAYLOADS).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await judgeDeliveries(ajv, hook.received, printed.webhooks.publicKey);
      expect(stderr).toMatch(/no paths: the mock serves no routes/);
    } finally {
      child.kill('SIGTERM');
      await hook.close();
    }
    expect(await exited).toBe(0);
  }, 120_000);

  it('starts without --webhook-url and says that no webhook is sent', async () => {
    const child = spawn(process.execPath, [...npmScriptNodeArgs('mock'), '--spec', file, '--json'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited with ${code} before printing: ${stderr}`)));
      });
      const printed = JSON.parse(first) as { servers: Record<string, string>; webhooks?: unknown };
      expect(printed.webhooks).toBeUndefined();
      expect((await fetch(`${Object.values(printed.servers)[0]}/`)).status).toBe(404);
      const deadline = Date.now() + 10_000;
      while (!/none are sent without --webhook-url/.test(stderr) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stderr).toMatch(/Webhooks \(3\): none are sent without --webhook-url/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
