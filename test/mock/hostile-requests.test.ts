/**
 * Requests an attacker would send to the running mocks (`npm run mock`): form bodies whose keys
 * name a prototype, JSON bodies with `__proto__`, bodies far over the size limit (declared and
 * chunked), and URLs over the length limit. Each is answered in the API's own envelope; nothing
 * reaches `Object.prototype`, and every mock answers a valid request afterwards.
 */
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { CredentialRegistry, defaultCredentials, schemeCredentials } from '@svc/mock-runtime';
import { serveNode, type RunningServer } from '@svc/server-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentMock } from '../../mock/document.js';
import { startSandbox, type Sandbox } from '../../mock/index.js';
import { repoRoot } from '../helpers/spec-files.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const v1Headers = (): Record<string, string> => ({ 'SVC-ACCESS-KEY': sandbox.credentials.apiKey.key });
const x402Headers = (): Record<string, string> => ({ authorization: `Bearer ${sandbox.credentials.bearer}` });

/** Whether any object reachable from `value` (or `Object.prototype`) carries the `polluted` field. */
const carriesPolluted = (value: unknown): boolean => JSON.stringify(value ?? null).includes('polluted') || 'polluted' in {};

async function answer(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: response.status, headers: response.headers, body };
}

/** Every mock still answers a valid request, with no stray field. */
async function allServing(): Promise<void> {
  const supported = await answer(`${sandbox.servers.x402}/v2/x402/supported`, { headers: x402Headers() });
  expect(supported.status).toBe(200);
  expect(carriesPolluted(supported.body)).toBe(false);
  expect(supported.headers.has('polluted')).toBe(false);
  const accounts = await answer(`${sandbox.servers.v1}/accounts`, { headers: v1Headers() });
  expect(accounts.status).toBe(200);
  expect(carriesPolluted(accounts.body)).toBe(false);
}

describe('keys from the wire that name a prototype', () => {
  it.each([
    ['__proto__[polluted]=yes'],
    ['constructor[prototype][polluted]=yes'],
    ['account[__proto__][polluted]=yes&account[name]=Savings'],
    ['account[name]=Savings&__proto__[polluted]=yes'],
  ])('a form body %s changes no prototype, and every API answers as before', async (form) => {
    for (let i = 0; i < 2; i++) {
      const created = await answer(`${sandbox.servers.v1}/accounts`, {
        method: 'POST',
        headers: { ...v1Headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(500);
      expect(carriesPolluted(created.body)).toBe(false);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await allServing();
  });

  it('a JSON body with __proto__ keys is data, never a prototype of a stored resource', async () => {
    const created = await answer(`${sandbox.servers.v1}/accounts`, {
      method: 'POST',
      headers: { ...v1Headers(), 'content-type': 'application/json' },
      body: '{"account": {"name": "Savings", "__proto__": {"polluted": "yes"}}, "__proto__": {"polluted": "yes"}}',
    });
    expect(created.status).toBeLessThan(500);
    expect(carriesPolluted(created.body)).toBe(false);
    await allServing();
  });

  it('a query deepObject or exploded object with __proto__ changes no prototype', async () => {
    const listed = await answer(`${sandbox.servers.v1}/accounts?__proto__[polluted]=yes&constructor[prototype][polluted]=yes`, { headers: v1Headers() });
    expect(listed.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await allServing();
  });
});

/** Sends a request with Node's own client, which reads an early answer while the body is still being written. */
function sendLarge(url: string, headers: Record<string, string>, options: { bytes: number; chunked: boolean }): Promise<{ status: number; body: unknown; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', ...(options.chunked ? {} : { 'content-length': String(options.bytes) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined, closed: response.headers.connection === 'close' });
          req.destroy();
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes the connection after its answer; a write still under way may then fail.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    // 64 KiB pieces, each written once the last has gone, until the server answers or all is sent.
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const more = (): void => {
      while (sent < options.bytes && !req.destroyed) {
        const size = Math.min(piece.length, options.bytes - sent);
        sent += size;
        if (!req.write(size === piece.length ? piece : piece.subarray(0, size))) return void req.once('drain', more);
      }
      if (!req.destroyed) req.end();
    };
    more();
  });
}

describe('request size limits', () => {
  it.each([
    ['declared by Content-Length', false],
    ['chunked', true],
  ])('a 50 MB body %s is answered 413 in the envelope, and the mock keeps serving', async (_, chunked) => {
    const result = await sendLarge(`${sandbox.servers.v1}/accounts`, v1Headers(), { bytes: 50 * 1024 * 1024, chunked });
    expect(result.status).toBe(413);
    expect(result.closed).toBe(true);
    expect(JSON.stringify(result.body)).toContain('larger than 1048576 bytes');
    await allServing();
  });

  it('a URL over 8,192 characters is answered 414 in the envelope', async () => {
    const long = await answer(`${sandbox.servers.v1}/accounts?starting_after=${'a'.repeat(9000)}`, { headers: v1Headers() });
    expect(long.status).toBe(414);
    expect(JSON.stringify(long.body)).toContain('longer than 8192 characters');
    await allServing();
  });

  it('headers over Node\'s 16 KiB are answered 431, not reset', async () => {
    const response = await fetch(`${sandbox.servers.v1}/accounts`, { headers: { ...v1Headers(), 'x-padding': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    await allServing();
  });
});

describe('valid but large inputs', () => {
  const onrampHeaders = (): Record<string, string> => ({ authorization: `Bearer ${sandbox.credentials.bearer}`, 'content-type': 'application/json' });

  it.each([400, 1000])('exchange rates of a %i-character currency are refused as an invalid currency (400), not a 500', async (length) => {
    const rates = await answer(`${sandbox.servers.v2}/v2/exchange-rates?currency=${'A'.repeat(length)}`);
    expect(rates.status).toBe(400);
    expect(rates.body).toEqual({ errors: [{ id: 'invalid_request', message: `Invalid currency (${'A'.repeat(20)}…)` }] });
    expect((await answer(`${sandbox.servers.v2}/v2/exchange-rates?currency=eur`)).status).toBe(200);
  });

  it('a buy quote of a 30-digit amount is priced exactly, in decimals, and one in a 1,000-character currency is priced too', async () => {
    const amount = '123456789012345678901234567890.55';
    const quote = await answer(`${sandbox.servers.onramp}/onramp/v1/buy/quote`, {
      method: 'POST',
      headers: onrampHeaders(),
      body: JSON.stringify({ purchase_currency: 'USDC', purchase_network: 'base', payment_amount: amount, payment_currency: 'USD', payment_method: 'CARD', country: 'US' }),
    });
    expect(quote.status).toBe(200);
    const body = quote.body as Record<string, { value: string }>;
    expect(body.payment_total!.value).toBe(amount);
    // 2.05% of it, to the cent, and the subtotal what is left after the 0.01 network fee.
    expect(body.svc_fee!.value).toBe('2530864174753086417475308641.76');
    expect(body.payment_subtotal!.value).toBe('120925924837592592483759259248.78');
    const odd = await answer(`${sandbox.servers.onramp}/onramp/v1/buy/quote`, {
      method: 'POST',
      headers: onrampHeaders(),
      body: JSON.stringify({ purchase_currency: 'USDC', purchase_network: 'base', payment_amount: '100.00', payment_currency: 'X'.repeat(1000), payment_method: 'CARD', country: 'US' }),
    });
    expect(odd.status).toBe(200);
    expect((odd.body as Record<string, { value: string }>).payment_total!.value).toMatch(/^100\.0+$/);
  });
});

describe('the mock of a document (`npm run mock -- --spec`): the library', () => {
  let server: RunningServer;
  let schemes: Record<string, string>;
  beforeAll(async () => {
    // Served as the command serves it (mock/serve-document.ts): the server options it passes, no maxDepth among them.
    const registry = new CredentialRegistry();
    const mock = await loadDocumentMock(join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml'), { server: { auth: registry.hooks(), rateLimit: false } });
    schemes = schemeCredentials(registry, await defaultCredentials(registry, mock.scopes), mock.securitySchemes, mock.scopes);
    server = await serveNode(mock.app, { port: 0 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const key = (): Record<string, string> => ({ 'X-Library-Key': schemes.apiKeyAuth! });
  /** A new member whose `notes` nest `levels - 1` arrays in the body's object: `levels` levels in all. */
  const member = (levels: number): string => `{"name":"Ada","email":"ada@example.com","notes":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
  const members = async (): Promise<{ status: number; ids: string[] }> => {
    const listed = await answer(`${server.url}/members?limit=50`, { headers: key() });
    return { status: listed.status, ids: ((listed.body as { items?: { id: string }[] }).items ?? []).map((item) => item.id) };
  };

  it('a body at the depth limit (64) is stored and read back; deeper ones (65, 3,000, 5,000 levels) are 400 in the document\'s envelope, and nothing is stored', async () => {
    const headers = { ...key(), 'content-type': 'application/json' };
    const before = await members();
    expect(before.status).toBe(200);
    const kept = await answer(`${server.url}/members`, { method: 'POST', headers, body: member(64) });
    expect(kept.status).toBe(201);
    const id = (kept.body as { id: string }).id;
    for (const levels of [65, 3000, 5000]) {
      const refused = await answer(`${server.url}/members`, { method: 'POST', headers, body: member(levels) });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(JSON.stringify(refused.body)).toContain('more than 64 levels deep');
    }
    const after = await members();
    expect(after.status).toBe(200);
    expect(after.ids).toEqual([...before.ids, id]);
    expect((await answer(`${server.url}/members/${id}`, { headers: key() })).status).toBe(200);
  });

  it('either security alternative lets a request in: a valid API key beside a bad bearer token (bearer listed first) is 200', async () => {
    expect((await answer(`${server.url}/members`, { headers: { ...key(), authorization: 'Bearer not-a-token' } })).status).toBe(200);
    expect((await answer(`${server.url}/members`, { headers: { authorization: `Bearer ${schemes.bearerAuth!}`, 'X-Library-Key': 'not-a-key' } })).status).toBe(200);
    expect((await answer(`${server.url}/members`, { headers: { authorization: 'Bearer not-a-token', 'X-Library-Key': 'not-a-key' } })).status).toBe(401);
  });

  it('a JSON body that is not UTF-8 is 400 and one without a Content-Type 415, and neither is stored', async () => {
    const before = await members();
    const notUtf8 = new Uint8Array([...new TextEncoder().encode('{"name":"Ad'), 0xff, ...new TextEncoder().encode('a","email":"ada@example.com"}')]);
    expect((await answer(`${server.url}/members`, { method: 'POST', headers: { ...key(), 'content-type': 'application/json' }, body: notUtf8 })).status).toBe(400);
    expect((await answer(`${server.url}/members`, { method: 'POST', headers: key(), body: new TextEncoder().encode('{"name":"Ada","email":"ada@example.com"}') })).status).toBe(415);
    expect((await members()).ids).toEqual(before.ids);
  });
});
