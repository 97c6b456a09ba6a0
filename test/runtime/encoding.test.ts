/** URL, query, header and body serialisation: table tests per function, then through the client. */
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  encodeBody,
  encodeFormBody,
  expandServerUrl,
  headerValue,
  HttpClient,
  joinUrl,
  serializeCookies,
  serializeQuery,
  type ParameterSpec,
  type PropertyEncoding,
} from '../../templates/runtime/src/index.js';
import { api, fakeFetch, json, op } from './fakes.js';

const q = (name: string, extra: Partial<ParameterSpec> = {}): ParameterSpec => ({
  name,
  in: 'query',
  required: false,
  style: 'form',
  explode: true,
  ...extra,
});

describe('buildPath', () => {
  const cases: [string, { template: string; values: Record<string, string | number | boolean>; parameters?: ParameterSpec[]; want: string }][] = [
    ['encodes with encodeURIComponent', { template: '/v2/accounts/{account_id}/buys', values: { account_id: 'a b/c?d' }, want: '/v2/accounts/a%20b%2Fc%3Fd/buys' }],
    ['stringifies numbers and booleans', { template: '/x/{n}/{b}', values: { n: 42, b: false }, want: '/x/42/false' }],
    ['fills repeated and adjacent params', { template: '/{a}{b}/{a}', values: { a: 'x', b: 'y' }, want: '/xy/x' }],
    ['label style', { template: '/x/{id}', values: { id: 5 }, parameters: [{ name: 'id', in: 'path', required: true, style: 'label', explode: false }], want: '/x/.5' }],
    ['matrix style', { template: '/x/{id}', values: { id: 5 }, parameters: [{ name: 'id', in: 'path', required: true, style: 'matrix', explode: false }], want: '/x/;id=5' }],
    ['a template without parameters', { template: '/v2/currencies', values: {}, want: '/v2/currencies' }],
    ['a parameter at either end', { template: '{a}/x/{b}', values: { a: 1, b: 2 }, want: '1/x/2' }],
    // The same template again, with other values: templates are split once and kept.
    ['the first template again', { template: '/v2/accounts/{account_id}/buys', values: { account_id: 'other' }, want: '/v2/accounts/other/buys' }],
  ];
  it.each(cases)('%s', (_name, { template, values, parameters = [], want }) => {
    expect(buildPath({ template, values, parameters, operationId: 'op' })).toBe(want);
  });

  it('names the first missing parameter in template order, after filling those before it', () => {
    expect(() => buildPath({ template: '/{a}/{b}/{c}', values: { a: 'x', c: 'z' }, parameters: [], operationId: 'op' })).toThrow(
      new TypeError('Missing required path parameter "b" for op'),
    );
    expect(() => buildPath({ template: '/{a}/{b}', values: { a: { nested: true }, b: 'y' }, parameters: [], operationId: 'op' })).toThrow(
      new TypeError('Path parameter "a" of op must be a string, number or boolean'),
    );
  });

  it('throws a TypeError naming a missing path parameter', () => {
    expect(() => buildPath({ template: '/v2/accounts/{account_id}', values: {}, parameters: [], operationId: 'listBuys' })).toThrow(
      new TypeError('Missing required path parameter "account_id" for listBuys'),
    );
  });
});

describe('serializeQuery', () => {
  const cases: [string, { parameters: ParameterSpec[]; values: Record<string, unknown>; want: string }][] = [
    ['a param named expand[] repeats its literal name', { parameters: [q('expand[]')], values: { 'expand[]': ['to', 'account'] }, want: 'expand[]=to&expand[]=account' }],
    ['form explode repeats the name', { parameters: [q('id')], values: { id: ['a', 'b'] }, want: 'id=a&id=b' }],
    ['explode false joins with commas, commas inside values encoded', { parameters: [q('ids', { explode: false })], values: { ids: ['1', '2,3'] }, want: 'ids=1,2%2C3' }],
    ['deepObject uses brackets, nested too', { parameters: [q('filter', { style: 'deepObject' })], values: { filter: { a: 1, b: { c: 'x y' } } }, want: 'filter[a]=1&filter[b][c]=x%20y' }],
    ['booleans and numbers are stringified', { parameters: [q('limit'), q('all')], values: { limit: 25, all: true }, want: 'limit=25&all=true' }],
    ['undefined and null are skipped', { parameters: [q('a'), q('b'), q('c')], values: { a: undefined, b: null, c: 'x' }, want: 'c=x' }],
    ['spec order first, then extra keys sorted', { parameters: [q('z'), q('a')], values: { zz: 1, a: 2, b: 3, z: 4 }, want: 'z=4&a=2&b=3&zz=1' }],
    ['extra array keys repeat, extra objects use brackets', { parameters: [], values: { 'expand[]': ['to'], f: { a: 1 } }, want: 'expand[]=to&f[a]=1' }],
    ['spaceDelimited', { parameters: [q('s', { style: 'spaceDelimited', explode: false })], values: { s: ['a', 'b'] }, want: 's=a%20b' }],
    ['pipeDelimited', { parameters: [q('p', { style: 'pipeDelimited', explode: false })], values: { p: ['a', 'b'] }, want: 'p=a|b' }],
    ['form object explode spreads its keys', { parameters: [q('color')], values: { color: { R: 100, G: 200 } }, want: 'R=100&G=200' }],
    ['form object without explode', { parameters: [q('color', { explode: false })], values: { color: { R: 100, G: 200 } }, want: 'color=R,100,G,200' }],
    ['dates are ISO strings, reserved characters encoded', { parameters: [q('since'), q('q')], values: { since: new Date(Date.UTC(2020, 0, 2)), q: 'a&b=c' }, want: 'since=2020-01-02T00%3A00%3A00.000Z&q=a%26b%3Dc' }],
    ['empty arrays send nothing', { parameters: [q('a')], values: { a: [] }, want: '' }],
  ];
  it.each(cases)('%s', (_name, { parameters, values, want }) => {
    expect(serializeQuery({ parameters, values, operationId: 'op' })).toBe(want);
  });

  it('throws a TypeError naming a missing required query parameter', () => {
    expect(() => serializeQuery({ parameters: [q('currency', { required: true })], values: {}, operationId: 'getPrice' })).toThrow(/"currency".*getPrice/);
  });
});

describe('headers and cookies', () => {
  it.each([
    ['a scalar', 'x', false, 'x'],
    ['an array joined by commas', ['a', 'b'], false, 'a,b'],
    ['an object', { a: 1, b: 2 }, false, 'a,1,b,2'],
    ['an exploded object', { a: 1, b: 2 }, true, 'a=1,b=2'],
  ] as const)('headerValue of %s', (_name, value, explode, want) => {
    expect(headerValue(value, explode)).toBe(want);
  });

  it('cookie parameters use form style', () => {
    const parameters: ParameterSpec[] = [{ name: 'session', in: 'cookie', required: false, style: 'form', explode: false }];
    expect(serializeCookies({ parameters, values: { session: 'a b', other: 'x' } })).toEqual(['session=a%20b']);
  });
});

describe('encodeFormBody and encodeBody', () => {
  const cases: [string, { body: Record<string, unknown>; encoding?: Record<string, PropertyEncoding>; want: string }][] = [
    ['nested objects as bracket hashes', { body: { account: { name: 'x y' }, type: 'send' }, want: 'account[name]=x%20y&type=send' }],
    ['arrays as a[]', { body: { a: [1, 2] }, want: 'a[]=1&a[]=2' }],
    ['arrays of objects keep items apart', { body: { a: [{ b: 1 }, { b: 2 }] }, want: 'a[0][b]=1&a[1][b]=2' }],
    ['encoding style form explode repeats the bare name', { body: { a: [1, 2] }, encoding: { a: { style: 'form', explode: true } }, want: 'a=1&a=2' }],
    ['encoding style form without explode joins', { body: { a: [1, 2] }, encoding: { a: { style: 'form', explode: false } }, want: 'a=1,2' }],
    ['encoding deepObject', { body: { o: { k: 'v' } }, encoding: { o: { style: 'deepObject' } }, want: 'o[k]=v' }],
    ['encoding contentType JSON sends JSON text', { body: { meta: { a: 1 } }, encoding: { meta: { contentType: 'application/json' } }, want: 'meta=%7B%22a%22%3A1%7D' }],
    ['null and undefined are skipped', { body: { a: null, b: undefined, c: 0 }, want: 'c=0' }],
  ];
  it.each(cases)('%s', (_name, { body, encoding, want }) => {
    expect(encodeFormBody(body, encoding)).toBe(want);
  });

  it('JSON types use JSON.stringify', async () => {
    expect(await encodeBody({ body: { a: 1 }, contentType: 'application/json' })).toEqual({ body: '{"a":1}', contentType: 'application/json' });
    expect(await encodeBody({ body: 'x', contentType: 'application/merge-patch+json' })).toEqual({ body: '"x"', contentType: 'application/merge-patch+json' });
  });

  it('text, bytes and no body', async () => {
    expect(await encodeBody({ body: 12, contentType: 'text/plain' })).toEqual({ body: '12', contentType: 'text/plain' });
    const bytes = await encodeBody({ body: new Uint8Array([1, 2]), contentType: 'application/octet-stream' });
    expect(bytes.body).toEqual(new Uint8Array([1, 2]));
    expect(await encodeBody({ body: undefined, contentType: 'application/json' })).toEqual({ body: undefined, contentType: undefined });
  });

  it('multipart bodies carry their boundary in the content type', async () => {
    const encoded = await encodeBody({ body: { name: 'x', tags: ['a', 'b'] }, contentType: 'multipart/form-data' });
    expect(encoded.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(encoded.body, { headers: { 'content-type': encoded.contentType ?? '' } }).formData();
    expect(form.get('name')).toBe('x');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
  });

  it('refuses an object for a binary content type', async () => {
    await expect(encodeBody({ body: { a: 1 }, contentType: 'application/octet-stream' })).rejects.toThrow(TypeError);
  });
});

describe('server URLs', () => {
  const server = { url: 'https://{host}/api/', variables: { host: { default: 'api.example.com', enum: ['api.example.com', 'sandbox.example.com'] } } };
  it.each([
    ['defaults', {}, 'https://api.example.com/api'],
    ['overrides', { host: 'sandbox.example.com' }, 'https://sandbox.example.com/api'],
  ])('expandServerUrl with %s', (_name, values, want) => {
    expect(expandServerUrl(server, values)).toBe(want);
  });
  it('rejects a value outside the enum', () => {
    expect(() => expandServerUrl(server, { host: 'evil.example' })).toThrow(TypeError);
  });
  it('joinUrl keeps a base path and one slash', () => {
    expect(joinUrl('https://h/api/', '/v2/x')).toBe('https://h/api/v2/x');
    expect(joinUrl('https://h/api//', '//v2/x')).toBe('https://h/api/v2/x');
    expect(joinUrl('https://h', 'v2/x')).toBe('https://h/v2/x');
    expect(joinUrl('https://h/', '')).toBe('https://h/');
    expect(joinUrl('https://h/a/b', '/c/')).toBe('https://h/a/b/c/');
  });
});

describe('through the client', () => {
  const listBuys = op({
    operationId: 'listBuys',
    path: '/v2/accounts/{account_id}/buys',
    parameters: [
      { name: 'account_id', in: 'path', required: true, style: 'simple', explode: false },
      { name: 'expand[]', in: 'query', required: false, style: 'form', explode: true },
      { name: 'limit', in: 'query', required: false, style: 'form', explode: true },
      { name: 'Accept-Language', in: 'header', required: false, style: 'simple', explode: false },
    ],
  });

  it('builds the URL from the default server and sends header params', async () => {
    const { fetch, seen } = fakeFetch(() => json({ data: [] }));
    const client = new HttpClient(api(), { fetch });
    await client.request(listBuys, {
      path: { account_id: 'abc d' },
      query: { limit: 10, 'expand[]': ['to', 'account'], order: 'asc' },
      headers: { 'Accept-Language': 'fr' },
    });
    expect(seen[0]?.request.url).toBe('https://api.example.com/v2/accounts/abc%20d/buys?expand[]=to&expand[]=account&limit=10&order=asc');
    expect(seen[0]?.headers.get('accept-language')).toBe('fr');
  });

  it('uses baseUrl and server variables when given', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await new HttpClient(api(), { fetch, baseUrl: 'http://localhost:9/prefix/' }).request(op());
    await new HttpClient(api(), { fetch, serverVariables: { base_url: 'https://sandbox.example.com' } }).request(op());
    expect(seen.map((s) => s.request.url)).toEqual(['http://localhost:9/prefix/v2/things', 'https://sandbox.example.com/v2/things']);
  });

  it('rejects a missing path param before sending', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await expect(new HttpClient(api(), { fetch }).request(listBuys)).rejects.toThrow(/"account_id"/);
    expect(seen).toHaveLength(0);
  });

  it('sends JSON by default and the chosen content type when asked', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(api(), { fetch });
    const create = op({
      method: 'POST',
      requestBody: { required: true, contentTypes: ['application/json', 'application/x-www-form-urlencoded'] },
      uses: { ...op().uses, body: encodeBody },
    });
    await client.request(create, { body: { account: { name: 'x' }, ids: [1, 2] } });
    await client.request(create, { body: { account: { name: 'x' }, ids: [1, 2] }, contentType: 'application/x-www-form-urlencoded' });
    await client.request(op({ method: 'POST' }), { body: { a: 1 } });
    expect(seen.map((s) => [s.headers.get('content-type'), s.body])).toEqual([
      ['application/json', '{"account":{"name":"x"},"ids":[1,2]}'],
      ['application/x-www-form-urlencoded', 'account[name]=x&ids[]=1&ids[]=2'],
      ['application/json', '{"a":1}'],
    ]);
  });

  it('writes a JSON body without the encoder, and refuses any other body that has none (uses.body)', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(api(), { fetch });
    // A hand-written operation that names no encoder: the core writes JSON itself.
    const jsonOnly = op({ method: 'POST', requestBody: { required: true, contentTypes: ['application/merge-patch+json'] } });
    await client.request(jsonOnly, { body: { a: [1, 'x'] } });
    expect(seen.map((s) => [s.headers.get('content-type'), s.body])).toEqual([['application/merge-patch+json', '{"a":[1,"x"]}']]);
    await expect(client.request(jsonOnly, { body: { a: 1 }, contentType: 'application/x-www-form-urlencoded' })).rejects.toThrow(
      'testOp: a application/x-www-form-urlencoded body is sent through uses.body (encodeBody)',
    );
    await expect(client.request(jsonOnly, { body: new Uint8Array([1, 2]) })).rejects.toThrow('testOp: a body of bytes or a platform body is sent through uses.body');
    expect(seen).toHaveLength(1);
    // With it, the same bytes go as they are.
    await client.request(op({ method: 'POST', uses: { body: encodeBody } }), { body: new Uint8Array([1, 2]), contentType: 'application/octet-stream' });
    expect(seen[1]?.body).toBe('\u0001\u0002');
  });

  it('sends cookie parameters in one Cookie header', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const withCookie = op({ parameters: [{ name: 'sid', in: 'cookie', required: false, style: 'form', explode: true }] });
    await new HttpClient(api(), { fetch }).request(withCookie, { cookies: { sid: 's1' } });
    expect(seen[0]?.headers.get('cookie')).toBe('sid=s1');
  });
});
