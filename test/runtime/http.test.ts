/** The client against a real node:http server on 127.0.0.1: signing, clock skew, pagination and retry over the wire. */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../templates/runtime/src/index.js';
import { api, HMAC, op } from './fakes.js';

const SECRET = 'real-secret';
const received: { method: string; url: string; idem?: string }[] = [];
let buyAttempts = 0;

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** Checks the signature like the service: HMAC of timestamp + method + path?query + body, within 30 s. */
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  const url = req.url ?? '/';
  received.push({ method: req.method ?? '', url, ...(body ? { idem: (JSON.parse(body) as { idem?: string }).idem ?? '' } : {}) });
  const timestamp = String(req.headers['svc-access-timestamp'] ?? '');
  const expected = createHmac('sha256', SECRET).update(`${timestamp}${req.method}${url}${body}`).digest('hex');
  if (req.headers['svc-access-key'] !== 'key-1' || req.headers['svc-access-sign'] !== expected) {
    return send(res, 401, { errors: [{ id: 'authentication_error', message: 'invalid signature' }] });
  }
  if (Math.abs(Number(timestamp) - Date.now() / 1000) > 30) {
    return send(res, 401, { errors: [{ id: 'authentication_error', message: 'request expired' }] });
  }
  if (req.method === 'POST') {
    buyAttempts += 1;
    if (buyAttempts === 1) return send(res, 503, { errors: [{ id: 'internal_server_error', message: 'maintenance' }] });
    return send(res, 201, { data: { id: 'buy-1', idem: (JSON.parse(body) as { idem: string }).idem } });
  }
  const after = Number(new URL(url, 'http://x').searchParams.get('starting_after') ?? 0);
  const data = after >= 4 ? [] : [{ id: String(after + 1) }, { id: String(after + 2) }];
  return send(res, 200, { pagination: { next_uri: after + 2 >= 4 ? null : `/v2/accounts?starting_after=${after + 2}` }, data });
}

let server: ReturnType<typeof createServer>;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { errors: [{ id: 'internal_server_error', message: String(error) }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

describe('over real HTTP', () => {
  it('signs, corrects a skewed clock from the Date header, paginates and retries an idempotent POST', async () => {
    const signed = [{ apiKey: [] }];
    const listAccounts = op({
      operationId: 'listAccounts',
      path: '/v2/accounts',
      security: signed,
      pagination: { style: 'cursor', itemsField: 'data', cursorParam: 'starting_after', cursorField: 'id', nextUriField: 'pagination.next_uri' },
    });
    const createBuy = op({
      operationId: 'createBuy',
      method: 'POST',
      path: '/v2/accounts/{account_id}/buys',
      security: signed,
      requestBody: { required: true, contentTypes: ['application/json'] },
      idempotency: { field: 'idem', in: 'body', maxLength: 100 },
    });
    // Five minutes slow, and back-off without real waiting.
    const clock = { now: () => Date.now() - 300_000, sleep: async () => undefined };
    const client = new HttpClient(api({ securitySchemes: { apiKey: { type: 'apiKey', hmac: HMAC } } }), {
      baseUrl,
      clock,
      apiKey: { key: 'key-1', secret: SECRET },
    });

    const ids: string[] = [];
    for await (const account of client.paginate<{ id: string }>(listAccounts, { query: { limit: 2 } })) ids.push(account.id);
    expect(ids).toEqual(['1', '2', '3', '4']);
    expect(Math.abs(client.clockOffsetMs - 300_000)).toBeLessThan(5_000);

    const buy = await client.request<{ data: { id: string; idem: string } }>(createBuy, { path: { account_id: 'a 1' }, body: { amount: '1.00', currency: 'BTC' } });
    expect(buy.status).toBe(201);
    const posts = received.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.url)).toEqual(['/v2/accounts/a%201/buys', '/v2/accounts/a%201/buys']);
    expect(posts[0]?.idem).toBe(buy.data.data.idem);
    expect(posts[1]?.idem).toBe(buy.data.data.idem);
    expect(received.map((r) => r.url).slice(0, 3)).toEqual(['/v2/accounts?limit=2', '/v2/accounts?limit=2', '/v2/accounts?limit=2&starting_after=2']);
  });
});
