/**
 * The server stub of a small document that is not ours: parameters coerced by style and
 * explode, bodies by media type, errors in the document's own envelope (400 listing every
 * field, 404, 405 with Allow, 415, 401, 429 with Retry-After, 501), CORS, and development
 * validation of the handlers' answers. Every case runs twice: through the Hono app's `fetch`,
 * and over HTTP through `serveNode`, which answers the operations without Hono.
 */
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { importServerStub, servedOverNode, type ServerStub } from '../helpers/server-stub.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1.0.0' },
  'x-rate-limit': { limit: 5, windowSeconds: 60, status: 429, errorId: 'too_many' },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    schemas: {
      Problem: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
      Item: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' }, qty: { type: 'integer', minimum: 0 } } },
      NewItem: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: { name: { type: 'string', minLength: 2 }, qty: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } } },
      },
    },
    responses: { Problem: { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } } },
  },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'ids', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' } } } },
          { name: 'flag', in: 'query', schema: { type: 'boolean' } },
          { name: 'count', in: 'query', schema: { type: 'integer', maximum: 10 } },
          { name: 'X-Trace', in: 'header', schema: { type: 'integer' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } },
          '400': { $ref: '#/components/responses/Problem' },
        },
      },
      post: {
        operationId: 'createItem',
        security: [{ bearer: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewItem' } }, 'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/NewItem' } } },
        },
        responses: { '201': { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } }, default: { $ref: '#/components/responses/Problem' } },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } }, '404': { $ref: '#/components/responses/Problem' } },
      },
    },
    '/items/special': { get: { operationId: 'getSpecial', responses: { '204': { description: 'nothing' } } } },
    '/docs': {
      post: {
        operationId: 'saveDoc',
        // Either scheme lets a caller in.
        security: [{ bearer: [] }, { key: [] }],
        requestBody: {
          required: true,
          content: Object.fromEntries(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'].map((media) => [media, { schema: { type: 'object', properties: { data: {} } } }])),
        },
        responses: { '201': { description: 'kept' }, default: { $ref: '#/components/responses/Problem' } },
      },
    },
  },
};

interface HandlerCall {
  params: unknown;
  body: unknown;
  principal: { subject: string };
  url: URL;
  request: Request;
}

type ShopFactory = (handlers: Record<string, (context: HandlerCall) => unknown>, options?: Record<string, unknown>) => Hono;

async function serverModule(): Promise<{ createShopServer: ShopFactory; serveNode: ServerStub<ShopFactory>['serveNode'] }> {
  const { create, serveNode } = await importServerStub<ShopFactory>(spec, 'server-shop');
  return { createShopServer: create, serveNode };
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | undefined;
}
type Caller = (app: Hono, method: string, path: string, init?: { body?: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>; headers?: Record<string, string> }) => Promise<Answer>;

/** A body for `fetch` or `Request`: a stream is sent chunked (no length), which needs `duplex`; bytes go without a Content-Type unless one is given. */
const bodyInit = (body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined): RequestInit =>
  body === undefined ? {} : typeof body === 'string' || body instanceof Uint8Array ? { body } : ({ body, duplex: 'half' } as RequestInit);

/** `size` bytes of JSON-ish text as a stream of 1 KiB chunks, with no length known in advance. */
const chunkedBody = (size: number): ReadableStream<Uint8Array> => {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(1024, size - sent)).fill(0x20);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
};

const read = async (response: Response): Promise<Answer> => {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
};

/** Through the Hono app itself. */
const viaFetch: Caller = async (app, method, path, init = {}) =>
  read(await app.fetch(new Request(`http://shop.test${path}`, { method, headers: init.headers ?? {}, ...bodyInit(init.body) })));

/** Over HTTP on loopback, through `serveNode` (one server per app, closed after the file). */
const urlOf = servedOverNode(serverModule);
const viaNode: Caller = async (app, method, path, init = {}) => read(await fetch(`${await urlOf(app)}${path}`, { method, headers: init.headers ?? {}, ...bodyInit(init.body) }));

describe.each([
  ['through the Hono app', viaFetch],
  ['over HTTP through serveNode', viaNode],
] as const)('a generated server stub, %s', (_, call) => {
  it('hands handlers parameters parsed by style, explode and schema', async () => {
    const { createShopServer } = await serverModule();
    let seen: unknown;
    const app = createShopServer({ listItems: (context) => ((seen = context.params), { status: 200, body: [] }) });
    const answer = await call(app, 'GET', '/items?ids=1,2,3&tags=a&tags=b&filter[color]=red&filter[size]=2&flag=true&count=5', { headers: { 'X-Trace': '77', cookie: 'session=abc%20def' } });
    expect(answer.status).toBe(200);
    expect(seen).toEqual({ ids: [1, 2, 3], tags: ['a', 'b'], filter: { color: 'red', size: 2 }, flag: true, count: 5, 'X-Trace': 77, session: 'abc def' });
  });

  it('answers 400 in the document envelope, naming every failing field', async () => {
    const { createShopServer } = await serverModule();
    const app = createShopServer({ listItems: () => ({ status: 200, body: [] }), getItem: () => ({ status: 200, body: { id: 1, name: 'x' } }) });
    const answer = await call(app, 'GET', '/items?count=50&flag=maybe');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error' });
    expect(String(answer.body!.message)).toMatch(/count/);
    expect(String(answer.body!.message)).toMatch(/flag/);
    const path = await call(app, 'GET', '/items/abc');
    expect(path).toMatchObject({ status: 400, body: { code: 'validation_error' } });
  });

  it('routes literal paths before templated ones, and answers 404, 405 with Allow, and 501', async () => {
    const { createShopServer } = await serverModule();
    const app = createShopServer({ getItem: () => ({ status: 200, body: { id: 1, name: 'x' } }) });
    expect((await call(app, 'GET', '/items/special')).status).toBe(501);
    expect(await call(app, 'GET', '/nowhere')).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const wrong = await call(app, 'DELETE', '/items');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect((await call(app, 'GET', '/items/7')).status).toBe(200);
  });

  it('reads JSON and form bodies, refuses other media types (415) and checks the bearer token', async () => {
    const { createShopServer } = await serverModule();
    const bodies: unknown[] = [];
    const app = createShopServer(
      { createItem: (context) => (bodies.push(context.body), { status: 201, body: { id: 1, name: 'made', qty: 0 } }) },
      { auth: { bearer: (token: string) => (token === 'good' ? { subject: 'ann', scopes: [] } : undefined) } },
    );
    const auth = { authorization: 'Bearer good' };
    expect((await call(app, 'POST', '/items', { body: '{"name":"lamp"}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await call(app, 'POST', '/items', { body: '{"name":"lamp"}', headers: { 'content-type': 'application/json', authorization: 'Bearer bad' } })).status).toBe(401);
    expect((await call(app, 'POST', '/items', { body: '{"name":"lamp","qty":2}', headers: { ...auth, 'content-type': 'application/json' } })).status).toBe(201);
    expect((await call(app, 'POST', '/items', { body: 'name=desk&qty=3&tags[]=a&tags[]=b', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(201);
    expect(bodies).toEqual([
      { name: 'lamp', qty: 2 },
      { name: 'desk', qty: 3, tags: ['a', 'b'] },
    ]);
    expect((await call(app, 'POST', '/items', { body: 'name', headers: { ...auth, 'content-type': 'text/plain' } })).status).toBe(415);
    const missing = await call(app, 'POST', '/items', { body: '{}', headers: { ...auth, 'content-type': 'application/json' } });
    expect(missing).toMatchObject({ status: 400, body: { code: 'param_required' } });
    expect((await call(app, 'POST', '/items', { body: '{"name":', headers: { ...auth, 'content-type': 'application/json' } })).body).toMatchObject({ code: 'invalid_request' });
  });

  it('answers a body over maxBodyBytes 413 (declared or chunked) and a URL over maxUrlLength 414, in the envelope', async () => {
    const { createShopServer } = await serverModule();
    const bodies: unknown[] = [];
    const app = createShopServer(
      { createItem: (context) => (bodies.push(context.body), { status: 201, body: { id: 1, name: 'made', qty: 0 } }), listItems: () => ({ status: 200, body: [] }) },
      { auth: { bearer: () => ({ subject: 'ann', scopes: [] }) }, maxBodyBytes: 64, maxUrlLength: 100 },
    );
    const headers = { authorization: 'Bearer good', 'content-type': 'application/json' };
    const declared = await call(app, 'POST', '/items', { body: JSON.stringify({ name: 'x'.repeat(100) }), headers });
    expect(declared).toMatchObject({ status: 413, body: { code: 'request_too_large', message: 'the request body is larger than 64 bytes' } });
    const chunked = await call(app, 'POST', '/items', { body: chunkedBody(4096), headers });
    expect(chunked).toMatchObject({ status: 413, body: { code: 'request_too_large' } });
    expect(bodies).toEqual([]);
    // At the limit it is read as usual.
    const fits = JSON.stringify({ name: 'x'.repeat(64 - 11) });
    expect(fits.length).toBe(64);
    expect((await call(app, 'POST', '/items', { body: fits, headers })).status).toBe(201);
    const long = await call(app, 'GET', `/items?tags=${'a'.repeat(100)}`);
    expect(long).toMatchObject({ status: 414, body: { code: 'uri_too_long' } });
    expect((await call(app, 'GET', '/items?tags=a')).status).toBe(200);
  });

  it('refuses a JSON body that is not UTF-8 (400), and a body without a Content-Type (415), before the handler', async () => {
    const { createShopServer } = await serverModule();
    const bodies: unknown[] = [];
    const app = createShopServer({ createItem: (context) => (bodies.push(context.body), { status: 201, body: { id: 1, name: 'made', qty: 0 } }) }, { auth: { bearer: () => ({ subject: 'ann', scopes: [] }) } });
    const auth = { authorization: 'Bearer good' };
    // `{"name":"la<FF>mp"}`: decoded leniently it would be stored as "la\uFFFDmp".
    const notUtf8 = new Uint8Array([...new TextEncoder().encode('{"name":"la'), 0xff, ...new TextEncoder().encode('mp"}')]);
    const refused = await call(app, 'POST', '/items', { body: notUtf8, headers: { ...auth, 'content-type': 'application/json' } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'the application/json body is not UTF-8' } });
    const unlabelled = await call(app, 'POST', '/items', { body: new TextEncoder().encode('{"name":"lamp"}'), headers: auth });
    expect(unlabelled).toMatchObject({ status: 415, body: { code: 'unsupported_media_type', message: 'a body without a Content-Type is not accepted; send application/json or application/x-www-form-urlencoded' } });
    expect(bodies).toEqual([]);
    expect((await call(app, 'POST', '/items', { body: '{"name":"lamp"}', headers: { ...auth, 'content-type': 'application/json' } })).status).toBe(201);
  });

  it('lets a caller in by any one security alternative it satisfies, whatever else it sends; refuses with the first one\'s error when none passes', async () => {
    const { createShopServer } = await serverModule();
    const callers: unknown[] = [];
    const app = createShopServer(
      { saveDoc: (context) => (callers.push(context.principal.subject), { status: 201 }) },
      { auth: { bearer: (token: string) => (token === 'good' ? { subject: 'ann', scopes: [] } : undefined), apiKey: (key: string) => (key === 'k1' ? { subject: 'bob', scopes: [] } : undefined) } },
    );
    const save = (headers: Record<string, string>) => call(app, 'POST', '/docs', { body: '{}', headers: { ...headers, 'content-type': 'application/json' } });
    // The bearer alternative is listed first: its refusal no longer hides the valid key.
    expect((await save({ authorization: 'Bearer bad', 'X-Key': 'k1' })).status).toBe(201);
    expect((await save({ authorization: 'Bearer good', 'X-Key': 'bad' })).status).toBe(201);
    expect((await save({ 'X-Key': 'k1' })).status).toBe(201);
    expect(callers).toEqual(['bob', 'ann', 'bob']);
    expect(await save({ authorization: 'Bearer bad', 'X-Key': 'bad' })).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
    expect(await save({ 'X-Key': 'bad' })).toMatchObject({ status: 401, body: { code: 'authentication_error', message: 'invalid API key' } });
    expect(await save({})).toMatchObject({ status: 401, body: { code: 'authentication_error' } });
  });

  it('refuses a body nested deeper than maxDepth (JSON, form, multipart) with 400 before the handler; one at the limit is read', async () => {
    const { createShopServer } = await serverModule();
    const bodies: unknown[] = [];
    const handlers = { saveDoc: (context: HandlerCall) => (bodies.push(context.body), { status: 201 }) };
    const auth = { auth: { bearer: () => ({ subject: 'ann', scopes: [] }) } };
    const headers = { authorization: 'Bearer good', 'content-type': 'application/json' };
    /** `{"data":[[…]]}`: the object and `levels - 1` arrays. */
    const nested = (levels: number): string => `{"data":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const byDefault = createShopServer(handlers, auth);
    expect((await call(byDefault, 'POST', '/docs', { body: nested(64), headers })).status).toBe(201);
    for (const levels of [65, 3000, 100_000])
      expect(await call(byDefault, 'POST', '/docs', { body: nested(levels), headers })).toMatchObject({
        status: 400,
        body: { code: 'invalid_request', message: 'the body nests arrays and objects more than 64 levels deep (the server\'s maxDepth)' },
      });
    expect(bodies).toHaveLength(1);
    const strict = createShopServer(handlers, { ...auth, maxDepth: 3 });
    const form = { authorization: 'Bearer good', 'content-type': 'application/x-www-form-urlencoded' };
    expect((await call(strict, 'POST', '/docs', { body: 'data[a][b]=1', headers: form })).status).toBe(201);
    expect(await call(strict, 'POST', '/docs', { body: 'data[a][b][c]=1', headers: form })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const multipart = (key: string): Promise<Answer> => {
      const form = new FormData();
      form.append(key, '1');
      form.append('file', new Blob(['x'], { type: 'text/plain' }));
      const request = new Request('http://shop.test', { method: 'POST', body: form });
      return request.arrayBuffer().then((bytes) => call(strict, 'POST', '/docs', { body: new Uint8Array(bytes), headers: { authorization: 'Bearer good', 'content-type': request.headers.get('content-type')! } }));
    };
    expect((await multipart('data[a][b]')).status).toBe(201);
    expect(await multipart('data[a][b][c]')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(bodies.slice(1)).toEqual([{ data: { a: { b: '1' } } }, expect.objectContaining({ data: { a: { b: '1' } } })]);
  });

  it('keeps keys that name a prototype as data in form bodies and deepObject queries', async () => {
    const { createShopServer } = await serverModule();
    const seen: unknown[] = [];
    const app = createShopServer(
      { createItem: (context) => (seen.push(context.body), { status: 201, body: { id: 1, name: 'made', qty: 0 } }), listItems: (context) => (seen.push(context.params), { status: 200, body: [] }) },
      { auth: { bearer: () => ({ subject: 'ann', scopes: [] }) } },
    );
    const form = { authorization: 'Bearer good', 'content-type': 'application/x-www-form-urlencoded' };
    for (const body of ['name=desk&__proto__[polluted]=yes', 'name=desk&constructor[prototype][polluted]=yes', 'name=desk&tags[__proto__][polluted]=yes']) {
      expect((await call(app, 'POST', '/items', { body, headers: form })).status).toBeLessThan(500);
    }
    expect((await call(app, 'GET', '/items?filter[__proto__][polluted]=yes&filter[color]=red')).status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    for (const value of seen) expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('limits requests per caller with Retry-After (x-rate-limit)', async () => {
    const { createShopServer } = await serverModule();
    let now = 1_000_000;
    const app = createShopServer({ getItem: () => ({ status: 200, body: { id: 1, name: 'x' } }) }, { now: () => now });
    for (let i = 0; i < 5; i++) expect((await call(app, 'GET', '/items/1')).status).toBe(200);
    const limited = await call(app, 'GET', '/items/1');
    expect(limited).toMatchObject({ status: 429, body: { code: 'too_many' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    now += 61_000;
    expect((await call(app, 'GET', '/items/1')).status).toBe(200);
  });

  it('answers CORS preflights', async () => {
    const { createShopServer } = await serverModule();
    const app = createShopServer({});
    const response = await call(app, 'OPTIONS', '/items', { headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization');
    // Not a preflight: an OPTIONS like any other method the path does not have.
    expect((await call(app, 'OPTIONS', '/items')).status).toBe(405);
  });

  it('in development, refuses its own answers that the spec does not allow', async () => {
    const { createShopServer } = await serverModule();
    const reports: unknown[] = [];
    const app = createShopServer(
      { getItem: () => ({ status: 200, body: { id: 'one' } }), listItems: () => ({ status: 418, body: [] }) },
      { validateResponses: true, onInvalidResponse: (report: unknown) => reports.push(report) },
    );
    expect(await call(app, 'GET', '/items/1')).toMatchObject({ status: 500, body: { code: 'internal_server_error' } });
    expect((await call(app, 'GET', '/items')).status).toBe(500);
    expect(reports.length).toBe(2);
    // Without development checks, the handler's word is final.
    const lax = createShopServer({ getItem: () => ({ status: 200, body: { id: 'one' } }) });
    expect((await call(lax, 'GET', '/items/1')).status).toBe(200);
  });
  it('decodes path values, refuses an empty one and answers HEAD as GET without a body', async () => {
    const { createShopServer } = await serverModule();
    const seen: unknown[] = [];
    const app = createShopServer({ getItem: (context) => (seen.push(context.params), { status: 200, body: { id: 7, name: 'x' } }), listItems: () => ({ status: 200, body: [] }) });
    expect((await call(app, 'GET', '/items/%37')).status).toBe(200);
    expect(seen).toEqual([{ id: 7 }]);
    expect(await call(app, 'GET', '/items/')).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const head = await call(app, 'HEAD', '/items/8');
    expect(head).toMatchObject({ status: 200, body: undefined });
    expect(head.headers.get('content-type')).toBe('application/json');
  });

  it('gives handlers the URL and the request as sent', async () => {
    const { createShopServer } = await serverModule();
    const seen: { count: string | null; trace: string | null; method: string; text?: string }[] = [];
    const app = createShopServer(
      {
        listItems: (context) => (seen.push({ count: context.url.searchParams.get('count'), trace: context.request.headers.get('x-trace'), method: context.request.method }), { status: 200, body: [] }),
        createItem: async (context) => (seen.push({ count: null, trace: null, method: context.request.method, text: await context.request.text() }), { status: 201, body: { id: 1, name: 'made' } }),
      },
      { auth: { bearer: () => ({ subject: 'ann', scopes: [] }) } },
    );
    expect((await call(app, 'GET', '/items?count=3', { headers: { 'X-Trace': '9' } })).status).toBe(200);
    expect((await call(app, 'POST', '/items', { body: '{"name":"lamp"}', headers: { authorization: 'Bearer t', 'content-type': 'application/json' } })).status).toBe(201);
    expect(seen).toEqual([
      { count: '3', trace: '9', method: 'GET' },
      { count: null, trace: null, method: 'POST', text: '{"name":"lamp"}' },
    ]);
  });

  it('serves routes added to the app after it was made', async () => {
    const { createShopServer } = await serverModule();
    const app = createShopServer({});
    app.get('/health', (c) => c.json({ ok: true }));
    expect(await call(app, 'GET', '/health')).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call(app, 'GET', '/items/1')).status).toBe(501);
  });
});

/** Writes `parts` to a fresh connection one after the other, `gapMs` apart; resolves with the raw answer. */
async function rawExchange(url: string, parts: readonly string[], gapMs: number): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
  for (const part of parts) {
    socket.write(part);
    await sleep(gapMs);
  }
  await ended;
  return Buffer.concat(chunks).toString();
}

describe('serveNode writing answers', () => {
  it('writes text, bytes and Blob bodies with their length and type', async () => {
    const { createShopServer, serveNode } = await serverModule();
    const bodies: unknown[] = ['plain text', new Uint8Array([1, 2, 3]), new Blob(['<p>hi</p>'], { type: 'text/html' })];
    let next = 0;
    const app = createShopServer({ listItems: () => ({ status: 200, body: bodies[next++] }) });
    const server = await serveNode(app);
    try {
      const read = async () => {
        const response = await fetch(`${server.url}/items`);
        return { type: response.headers.get('content-type'), length: response.headers.get('content-length'), bytes: [...new Uint8Array(await response.arrayBuffer())] };
      };
      expect(await read()).toEqual({ type: 'text/plain; charset=UTF-8', length: '10', bytes: [...new TextEncoder().encode('plain text')] });
      expect(await read()).toEqual({ type: null, length: '3', bytes: [1, 2, 3] });
      expect(await read()).toEqual({ type: 'text/html', length: '9', bytes: [...new TextEncoder().encode('<p>hi</p>')] });
    } finally {
      await server.close();
    }
  });
});

describe('serveNode answering many requests', () => {
  it('answers requests pipelined on one connection in order, each with its own answer', async () => {
    const { createShopServer, serveNode } = await serverModule();
    // The second request waits longer than the third, so an answer written when it is ready would overtake.
    const app = createShopServer({
      listItems: async (context) => {
        const { count } = context.params as { count: number };
        await sleep(count === 2 ? 20 : 0);
        return { status: 200, body: [count] };
      },
    });
    const server = await serveNode(app);
    try {
      const get = (count: number, last = false) => `GET /items?count=${count} HTTP/1.1\r\nHost: shop.test\r\n${last ? 'Connection: close\r\n' : ''}\r\n`;
      const raw = await rawExchange(server.url, [get(1) + get(2) + get(3, true)], 0);
      expect([...raw.matchAll(/\r\n\r\n(\[\d+\])/g)].map((match) => match[1])).toEqual(['[1]', '[2]', '[3]']);
    } finally {
      await server.close();
    }
  });

  it('answers 500 when a handler returns a header HTTP cannot carry, and keeps serving', async () => {
    const { createShopServer, serveNode } = await serverModule();
    let calls = 0;
    const app = createShopServer({ listItems: () => ({ status: 200, headers: calls++ === 0 ? { 'x-note': 'line\nbreak' } : {}, body: [] }) });
    const server = await serveNode(app);
    try {
      expect((await fetch(`${server.url}/items`)).status).toBe(500);
      expect((await fetch(`${server.url}/items`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('keeps serving when a client leaves before its answer is written', async () => {
    const { createShopServer, serveNode } = await serverModule();
    const app = createShopServer({ listItems: async () => (await sleep(20), { status: 200, body: [] }) });
    const server = await serveNode(app);
    try {
      const { hostname, port } = new URL(server.url);
      const socket = connect(Number(port), hostname);
      socket.write('GET /items HTTP/1.1\r\nHost: shop.test\r\n\r\n');
      await sleep(5);
      socket.destroy();
      await sleep(40);
      expect((await fetch(`${server.url}/items`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('serveNode reading headers', () => {
  it('reads names in any case, and repeated ones by Node\'s rules (cookies joined with "; ")', async () => {
    const { createShopServer, serveNode } = await serverModule();
    let seen: unknown;
    const app = createShopServer({ listItems: (context) => ((seen = context.params), { status: 200, body: [] }) });
    const server = await serveNode(app);
    try {
      const answer = await rawExchange(server.url, ['GET /items?count=2 HTTP/1.1\r\nHOST: shop.test\r\nX-TRACE: 77\r\nCookie: other=1\r\ncookie: session=abc\r\nConnection: close\r\n\r\n'], 0);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(seen).toEqual({ count: 2, 'X-Trace': 77, session: 'abc' });
      // A Host that would change the URL (here its query) is not read into it.
      const crafted = await rawExchange(server.url, ['GET /items HTTP/1.1\r\nHost: shop.test?count=3#\r\nConnection: close\r\n\r\n'], 0);
      expect(crafted).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      await server.close();
    }
  });
});

describe('serveNode reading request bodies', () => {
  it('reads a body that arrives in parts, and a chunked one', async () => {
    const { createShopServer, serveNode } = await serverModule();
    const bodies: unknown[] = [];
    const app = createShopServer(
      { createItem: (context) => (bodies.push(context.body), { status: 201, body: { id: 1, name: 'made' } }) },
      { auth: { bearer: () => ({ subject: 'ann', scopes: [] }) } },
    );
    const server = await serveNode(app);
    try {
      const head = 'POST /items HTTP/1.1\r\nHost: shop.test\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nConnection: close\r\n';
      const sized = await rawExchange(server.url, [`${head}Content-Length: 27\r\n\r\n{"name":"lamp",`, '"qty":12345}'], 30);
      expect(sized).toMatch(/^HTTP\/1\.1 201 /);
      const chunked = await rawExchange(server.url, [`${head}Transfer-Encoding: chunked\r\n\r\n5\r\n{"nam\r\n`, 'a\r\ne":"desk"}\r\n0\r\n\r\n'], 30);
      expect(chunked).toMatch(/^HTTP\/1\.1 201 /);
      expect(bodies).toEqual([{ name: 'lamp', qty: 12345 }, { name: 'desk' }]);
    } finally {
      await server.close();
    }
  });
});

describe("a generated server stub under another zod locale than English", () => {
  it("still tells a field left out (param_required) from one that is wrong, and says so in the program's language", async () => {
    const { config } = await import('zod/v4/core');
    const { default: french } = await import('zod/v4/locales/fr.js');
    const { default: english } = await import('zod/v4/locales/en.js');
    config(french());
    try {
      const { createShopServer } = await serverModule();
      const app = createShopServer({ createItem: () => ({ status: 201, body: { id: 1, name: 'made', qty: 0 } }) }, { auth: { bearer: () => ({ subject: 'ann', scopes: [] }) } });
      const missing = await viaFetch(app, 'POST', '/items', { body: '{}', headers: { authorization: 'Bearer good', 'content-type': 'application/json' } });
      expect(missing).toMatchObject({ status: 400, body: { code: 'param_required' } });
      expect(JSON.stringify(missing.body)).toMatch(/reçu/);
    } finally {
      config(english());
    }
  });
});
