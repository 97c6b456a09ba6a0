/**
 * Keys from the wire that name a prototype (`__proto__`, `constructor[prototype]`), in every
 * place a generated server turns a key into a property name: multipart field and file names,
 * form and JSON bodies, deepObject queries, object-valued headers and cookies. Each stays data
 * of the value the handler gets, nothing reaches `Object.prototype`, and the next answer
 * carries no stray field. Runs through the Hono app's `fetch` and over HTTP through `serveNode`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { importServerStub, servedOverNode } from '../helpers/server-stub.js';

const Note = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    meta: { type: 'object', additionalProperties: { type: 'string' } },
    attachment: { type: 'string', format: 'binary' },
  },
};
const spec = {
  openapi: '3.1.0',
  info: { title: 'Vault', version: '1.0.0' },
  components: {
    schemas: { Note, Problem: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
    responses: { Problem: { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } } },
  },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        parameters: [
          { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', properties: { color: { type: 'string' } } } },
          { name: 'X-Meta', in: 'header', style: 'simple', explode: true, schema: { type: 'object', additionalProperties: { type: 'string' } } },
          { name: 'prefs', in: 'cookie', style: 'form', explode: false, schema: { type: 'object', additionalProperties: { type: 'string' } } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } }, default: { $ref: '#/components/responses/Problem' } },
      },
      post: {
        operationId: 'createNote',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Note' } },
            'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Note' } },
            'multipart/form-data': { schema: { $ref: '#/components/schemas/Note' } },
          },
        },
        responses: { '201': { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } }, default: { $ref: '#/components/responses/Problem' } },
      },
    },
  },
};

interface HandlerCall {
  params: Record<string, unknown>;
  body: unknown;
}
type VaultFactory = (handlers: Record<string, (context: HandlerCall) => unknown>) => Hono;
const serverModule = () => importServerStub<VaultFactory>(spec, 'server-vault');

/** What a handler was given; the list answers a fresh object copied field by field with `for…in`, which would pick up a polluted prototype's fields. */
async function vault(): Promise<{ app: Hono; seen: unknown[] }> {
  const { create: createVaultServer } = await serverModule();
  const seen: unknown[] = [];
  const copy = (value: object): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const key in value) out[key] = (value as Record<string, unknown>)[key];
    return out;
  };
  const app = createVaultServer({
    createNote: ({ body }) => (seen.push(body), { status: 201, body: { title: 'kept' } }),
    listNotes: ({ params }) => (seen.push(params), { status: 200, body: [copy({ title: 'fresh' })] }),
  });
  return { app, seen };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}
type Caller = (app: Hono, method: string, path: string, init?: { body?: string | FormData; headers?: Record<string, string> }) => Promise<Answer>;

const read = async (response: Response): Promise<Answer> => ({ status: response.status, headers: response.headers, text: await response.text() });
const viaFetch: Caller = async (app, method, path, init = {}) => read(await app.fetch(new Request(`http://vault.test${path}`, { method, headers: init.headers ?? {}, body: init.body })));

const urlOf = servedOverNode(serverModule);
const viaNode: Caller = async (app, method, path, init = {}) => read(await fetch(`${await urlOf(app)}${path}`, { method, headers: init.headers ?? {}, body: init.body }));

// A failure must not leave the prototype polluted for the cases after it.
afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

/** Nothing reached a prototype: no object, list or value a handler got inherits the field, and a fresh answer carries none. */
async function expectUnpolluted(call: Caller, app: Hono, seen: readonly unknown[]): Promise<void> {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  for (const value of seen) {
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as Record<string, unknown>).polluted).toBeUndefined();
  }
  const fresh = await call(app, 'GET', '/notes');
  expect(fresh.status).toBe(200);
  expect(JSON.parse(fresh.text)).toEqual([{ title: 'fresh' }]);
  expect(fresh.headers.has('polluted')).toBe(false);
}

describe.each([
  ['through the Hono app', viaFetch],
  ['over HTTP through serveNode', viaNode],
] as const)('keys that name a prototype, %s', (_, call) => {
  /** `meta` is a map of strings: a `__proto__` key in it is checked as any other key (an object there is a 400). */
  const expectAnswer = (created: Answer, seen: readonly unknown[], metaProto: boolean): void => {
    if (metaProto) {
      expect(created.status, created.text).toBe(400);
      expect(created.text).toContain('meta.__proto__');
      expect(seen).toEqual([]);
    } else {
      expect(created.status, created.text).toBe(201);
      expect((seen[0] as Record<string, unknown>).title).toBe('plans');
    }
  };

  it.each([
    ['field', '__proto__[polluted]'],
    ['field', 'constructor[prototype][polluted]'],
    ['field', 'meta[__proto__][polluted]'],
    ['file', '__proto__'],
  ])('a multipart %s named %s changes no prototype', async (kind, name) => {
    const { app, seen } = await vault();
    const form = new FormData();
    form.append('title', 'plans');
    if (kind === 'file') form.append(name, new Blob(['yes'], { type: 'text/plain' }), 'polluted.txt');
    else form.append(name, 'yes');
    const created = await call(app, 'POST', '/notes', { body: form });
    expectAnswer(created, seen, name.startsWith('meta['));
    await expectUnpolluted(call, app, seen);
  });

  it.each([
    ['a form body', 'application/x-www-form-urlencoded', 'title=plans&__proto__[polluted]=yes&constructor[prototype][polluted]=yes', false],
    ['a form body', 'application/x-www-form-urlencoded', 'title=plans&meta[__proto__][polluted]=yes', true],
    ['a JSON body', 'application/json', '{"title": "plans", "__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}', false],
    ['a JSON body', 'application/json', '{"title": "plans", "meta": {"__proto__": {"polluted": "yes"}}}', true],
  ])('%s with __proto__ keys changes no prototype (%s)', async (_, contentType, body, metaProto) => {
    const { app, seen } = await vault();
    const created = await call(app, 'POST', '/notes', { body, headers: { 'content-type': contentType } });
    expectAnswer(created, seen, metaProto);
    await expectUnpolluted(call, app, seen);
  });

  it('a JSON body keeps __proto__ as an own property of the body, with the value sent', async () => {
    const { app, seen } = await vault();
    const created = await call(app, 'POST', '/notes', {
      body: '{"title": "plans", "__proto__": {"polluted": "yes"}, "meta": {"__proto__": "text"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status, created.text).toBe(201);
    const body = seen[0] as { meta: Record<string, unknown> } & Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getOwnPropertyDescriptor(body.meta, '__proto__')?.value).toBe('text');
    await expectUnpolluted(call, app, seen);
  });

  it('a deepObject query, an object header and an object cookie with __proto__ keys change no prototype', async () => {
    const { app, seen } = await vault();
    const listed = await call(app, 'GET', '/notes?filter[__proto__][polluted]=yes&filter[constructor][prototype][polluted]=yes&filter[color]=red', {
      headers: { 'X-Meta': '__proto__=yes,kind=plain', cookie: 'prefs=__proto__,yes,theme,dark' },
    });
    expect(listed.status, listed.text).toBe(200);
    expect(seen[0]).toMatchObject({ filter: { color: 'red' }, 'X-Meta': { kind: 'plain' }, prefs: { theme: 'dark' } });
    await expectUnpolluted(call, app, seen);
  });
});
