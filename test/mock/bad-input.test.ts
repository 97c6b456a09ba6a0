/**
 * Bad requests, for every operation: a missing required field, a wrong type, an unknown
 * enum value, an out-of-range limit, a bad signature or token, an expired timestamp or
 * token, and a missing scope each get the right status and error id, in the API's own
 * envelope. Then 1,000 random malformed requests per API: no 500, no crash, and the mock
 * still serves.
 */
import fc from 'fast-check';
import type { FixtureNode } from '@svc/mock-runtime';
import { signatureHeaders, type OperationSpec } from '@svc/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../mock/index.js';
import { APIS, callOperation, clientFor, type ApiUnderTest, type CallResult } from './apis.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
  sandbox.registry.addApiKey('no-scopes-key', 'no-scopes-secret', [], 'no-scopes');
  sandbox.registry.addAccessToken('no-scopes-token', [], 'no-scopes');
});
afterAll(async () => {
  await sandbox.close();
});

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The error id of a body in any of the four envelopes (`errors[].id`, `error`, `errorType`). */
function errorIdOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (isRecord(first) && typeof first.id === 'string') return first.id;
  if (typeof body.errorType === 'string') return body.errorType;
  if (typeof body.error === 'string') return body.error;
  return undefined;
}

/** What the envelope says, for messages. */
const errorText = (result: CallResult): string => `${result.status} ${JSON.stringify(result.body)?.slice(0, 300)}`;

/** The object schema of a body (through references and the object part of an `allOf`). */
function objectOf(api: ApiUnderTest, node: FixtureNode | undefined, depth = 0): Extract<FixtureNode, { kind: 'object' }> | undefined {
  if (!node || depth > 10) return undefined;
  if (node.kind === 'ref') return objectOf(api, api.fixtureSchemas[node.target], depth + 1);
  if (node.kind === 'object') return node;
  if (node.kind === 'intersection') {
    for (const part of node.parts) {
      const found = objectOf(api, part, depth + 1);
      if (found && found.properties.some((p) => p.required)) return found;
    }
  }
  return undefined;
}

function resolved(api: ApiUnderTest, node: FixtureNode, depth = 0): FixtureNode {
  return node.kind === 'ref' && depth < 10 ? resolved(api, api.fixtureSchemas[node.target] ?? node, depth + 1) : node;
}

/** What each API answers for a field the validator rejects, and whether its envelope carries ids. */
const EXPECT_IDS: Record<string, boolean> = { v2: true, v1: false, onramp: true, x402: true };

interface Case {
  operationId: string;
  params: Json;
  body: unknown;
  status: number;
  ids: readonly string[];
  what: string;
}

/** The bad variants of a valid request that an operation's schemas make possible. */
function badRequests(api: ApiUnderTest, operationId: string): Case[] {
  const { params, body } = api.requestFixture(operationId, 3);
  const nodes = api.operationFixtureSchemas[operationId] ?? {};
  const paramsObject = objectOf(api, nodes.params);
  const bodyObject = objectOf(api, nodes.body);
  const cases: Case[] = [];
  const queryOrHeader = (name: string): boolean => api.operations[operationId]!.parameters.some((p) => (p.key ?? p.name) === name && p.in !== 'path');
  // Missing: a required query/header parameter, else a required body field.
  const requiredParam = paramsObject?.properties.find((p) => p.required && queryOrHeader(p.name));
  const requiredField = bodyObject?.properties.find((p) => p.required && !p.schema.readOnly);
  if (requiredParam) {
    const { [requiredParam.name]: _dropped, ...rest } = params;
    cases.push({ operationId, params: rest, body, status: 400, ids: ['param_required'], what: `without ${requiredParam.name}` });
  } else if (requiredField && isRecord(body)) {
    const { [requiredField.name]: _dropped, ...rest } = body;
    cases.push({ operationId, params, body: rest, status: 400, ids: ['param_required', 'validation_error'], what: `without body field ${requiredField.name}` });
  }
  // Wrong type: a string where the schema wants a number or an object, a number where it wants a string.
  const typed = bodyObject?.properties.find((p) => !p.schema.readOnly && ['string', 'number', 'boolean', 'object', 'array'].includes(resolved(api, p.schema).kind));
  if (typed && isRecord(body)) {
    const kind = resolved(api, typed.schema).kind;
    cases.push({ operationId, params, body: { ...body, [typed.name]: kind === 'string' ? 12345 : 'not-the-right-type' }, status: 400, ids: ['validation_error'], what: `body field ${typed.name} of the wrong type` });
  }
  // Unknown enum value: a closed enum in the body or among the query parameters.
  const closed = (p: { schema: FixtureNode }): boolean => {
    const node = resolved(api, p.schema);
    return node.kind === 'string' && node.enum !== undefined && !node.openEnum;
  };
  const enumField = bodyObject?.properties.find((p) => !p.schema.readOnly && closed(p));
  const enumParam = paramsObject?.properties.find((p) => closed(p) && queryOrHeader(p.name));
  if (enumField && isRecord(body)) cases.push({ operationId, params, body: { ...body, [enumField.name]: 'no-such-value' }, status: 400, ids: ['validation_error', 'param_required'], what: `body field ${enumField.name} out of its enum` });
  else if (enumParam) cases.push({ operationId, params: { ...params, [enumParam.name]: 'no-such-value' }, body, status: 400, ids: ['validation_error', 'param_required'], what: `parameter ${enumParam.name} out of its enum` });
  // Out-of-range limit.
  const limit = paramsObject?.properties.find((p) => /^(limit|page_size|pageSize)$/.test(p.name));
  const limitNode = limit ? resolved(api, limit.schema) : undefined;
  if (limit && limitNode?.kind === 'number' && limitNode.maximum !== undefined) {
    cases.push({ operationId, params: { ...params, [limit.name]: limitNode.maximum + 1 }, body, status: 400, ids: ['validation_error', 'param_required'], what: `${limit.name} above ${limitNode.maximum}` });
  }
  return cases;
}

describe.each(APIS)('$name: bad requests to every operation', (api) => {
  const secured = (op: OperationSpec): boolean => op.security.length > 0 && !op.security.some((r) => Object.keys(r).length === 0);

  it('answers 400 with the error id for missing, mistyped, unknown and out-of-range values', async () => {
    const http = clientFor(api, sandbox);
    const failures: string[] = [];
    let cases = 0;
    for (const operationId of Object.keys(api.operations)) {
      for (const bad of badRequests(api, operationId)) {
        cases++;
        const result = await callOperation(http, api.operations[operationId]!, bad.params, bad.body);
        const id = errorIdOf(result.body);
        const idOk = !EXPECT_IDS[api.name] || (id !== undefined && bad.ids.includes(id));
        if (result.status !== bad.status || !idOk) failures.push(`${operationId} ${bad.what}: expected ${bad.status} ${bad.ids.join('|')}, got ${errorText(result)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(0);
  });

  it('refuses a bad signature or token, an expired one, and a missing scope', async () => {
    const failures: string[] = [];
    const check = (label: string, result: CallResult, status: number, ids: readonly string[]): void => {
      const id = errorIdOf(result.body);
      if (result.status !== status || (EXPECT_IDS[api.name] && !ids.includes(id ?? ''))) failures.push(`${label}: expected ${status} ${ids.join('|')}, got ${errorText(result)}`);
    };
    const signed = api.name === 'v2';
    const jwt = api.name === 'onramp' || api.name === 'x402';
    const badSignature = signed
      ? clientFor(api, sandbox, { apiKey: { key: sandbox.credentials.apiKey.key, secret: 'not-the-secret' }, syncTime: 'never' })
      : jwt
        ? clientFor(api, sandbox, { accessToken: `${sandbox.credentials.bearer.slice(0, -4)}AAAA` })
        : clientFor(api, sandbox, { apiKeys: { apiKey: 'not-a-key' } });
    const stale = { now: () => Date.now() - 120_000, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) };
    const expired = signed
      ? clientFor(api, sandbox, { clock: stale, syncTime: 'never' })
      : jwt
        ? clientFor(api, sandbox, { accessToken: await sandbox.registry.issueJwt(sandbox.credentials.apiKey.key, { expiresInSeconds: -10 }) })
        : undefined;
    const unscoped = signed ? clientFor(api, sandbox, { apiKey: { key: 'no-scopes-key', secret: 'no-scopes-secret' } }) : api.name === 'v1' ? clientFor(api, sandbox, { apiKeys: { apiKey: 'no-scopes-key' } }) : undefined;
    for (const [operationId, op] of Object.entries(api.operations)) {
      if (!secured(op)) continue;
      const { params, body } = api.requestFixture(operationId, 3);
      check(`${operationId} with a bad ${signed ? 'signature' : jwt ? 'token' : 'key'}`, await callOperation(badSignature, op, params, body), 401, ['authentication_error', 'invalid_token']);
      if (expired) check(`${operationId} expired`, await callOperation(expired, op, params, body), 401, ['authentication_error', 'expired_token']);
      if (unscoped && (op.scopes ?? []).length > 0) check(`${operationId} without its scope`, await callOperation(unscoped, op, params, body), 403, ['invalid_scope']);
    }
    expect(failures).toEqual([]);
  });
});

/** Whether an answer has a `polluted` property anywhere (messages may quote the request's text; that is no property). */
function carriesPollutedKey(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  const walk = (value: unknown): boolean =>
    Array.isArray(value) ? value.some(walk) : isRecord(value) ? Object.hasOwn(value, 'polluted') || Object.values(value).some(walk) : false;
  return walk(body);
}

/** Bodies an attacker sends: keys that name a prototype (form and JSON), invalid UTF-8, and now and then one over the 1 MiB limit. */
const hostileBody: fc.Arbitrary<string | Uint8Array<ArrayBuffer>> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', 'a[__proto__][polluted]=yes&b=1', 'a[4294967294]=x', 'a[0]=x&a[0][b]=y') },
  { weight: 4, arbitrary: fc.constantFrom('{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}', '{"account":{"__proto__":{"polluted":"yes"},"name":"x"}}') },
  { weight: 4, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 16 }).map((bytes) => new Uint8Array([0x7b, 0x22, ...Array.from(bytes, (b) => b | 0x80), 0x22, 0x7d])) },
  { weight: 1, arbitrary: fc.constant(new Uint8Array(2 * 1024 * 1024 + 1).fill(0x20)) },
);

describe.each(APIS)('$name: 1,000 random malformed requests', (api) => {
  it('never answer 500, never carry a polluted field, and the mock keeps serving', async () => {
    const base = sandbox.servers[api.name];
    const operations = Object.values(api.operations);
    const hmac = api.api.securitySchemes.svcAccessSign?.hmac;
    const junk = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('..', '%00', '%', '-1', '1e999', 'null', '[]', '{}', ' '), fc.integer().map(String));
    const request = fc.record({
      op: fc.constantFrom(...operations),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      keepMethod: fc.boolean(),
      pathValues: fc.array(junk, { minLength: 3, maxLength: 3 }),
      query: fc.dictionary(fc.oneof(fc.constantFrom('limit', 'order', 'starting_after', 'expand[]', 'page', 'page_key', 'currency', 'date'), fc.string({ maxLength: 6 })), junk, { maxKeys: 4 }),
      body: fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string(), fc.constantFrom('', '{', '{"a":', 'a=1&b[c]=2', '[]'), hostileBody),
      contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', ''),
      headers: fc.dictionary(fc.constantFrom('Accept-Language', 'SVC-VERSION', 'SVC-2FA-Token', 'Cookie'), junk.filter((v) => /^[\x20-\x7e]*$/.test(v)), { maxKeys: 3 }),
      authenticated: fc.boolean(),
    });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let index = 0;
        const path = r.op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(r.pathValues[index++ % 3]!));
        const query = new URLSearchParams(Object.entries(r.query)).toString();
        const requestPath = `${path}${query ? `?${query}` : ''}`;
        const method = r.keepMethod ? r.op.method : r.method;
        const withBody = method !== 'GET' && method !== 'HEAD';
        const headers: Record<string, string> = { ...r.headers };
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.authenticated) {
          if (hmac) for (const [name, value] of await signatureHeaders({ hmac, key: sandbox.credentials.apiKey.key, secret: sandbox.credentials.apiKey.secret, nowMs: Date.now(), method, requestPath, body: withBody ? r.body : '' })) headers[name] = value;
          else if (api.name === 'v1') headers['SVC-ACCESS-KEY'] = sandbox.credentials.apiKey.key;
          else headers.authorization = `Bearer ${sandbox.credentials.bearer}`;
        }
        let response: Response;
        try {
          response = await fetch(`${base}${requestPath}`, { method, headers, ...(withBody ? { body: r.body } : {}) });
        } catch (error) {
          // A request fetch itself refuses to build (a header value it rejects) never reached the mock.
          if (error instanceof TypeError && !/fetch failed/.test(error.message)) return true;
          throw error;
        }
        const text = await response.text();
        const shown = typeof r.body === 'string' ? r.body.slice(0, 80) : `(${r.body.byteLength} bytes)`;
        if (response.status >= 500) failures.push(`${method} ${requestPath} ${r.contentType} ${shown} -> ${response.status} ${text.slice(0, 300)}`);
        if (carriesPollutedKey(text) || response.headers.has('polluted') || 'polluted' in {}) failures.push(`${method} ${requestPath} ${r.contentType} ${shown} -> polluted`);
        return response.status < 500 && !failures.some((failure) => failure.endsWith('polluted'));
      }),
      { numRuns: 1000, seed: 20261122 },
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message.slice(0, 1500)}\n${failures.slice(0, 5).join('\n')}`);
    });
    // Still serving: a well-formed call after the storm succeeds.
    const publicOp = operations.find((op) => op.method === 'GET' && !op.path.includes('{'))!;
    const after = await callOperation(clientFor(api, sandbox), publicOp, api.requestFixture(publicOp.operationId, 1).params, undefined);
    expect(after.status).toBeLessThan(300);
  }, 120_000);
});

/** Values a schema that leaves bounds open still accepts: long, astral, right-to-left, combining, NUL; huge and tiny numbers; long decimals. */
const extremeString = fc.constantFrom('A'.repeat(1000), '😀'.repeat(300), '\u202eabc\u202c', `e${'\u0301'.repeat(200)}`, 'a\u0000b', '', ' ', '9'.repeat(40), `${'9'.repeat(30)}.${'5'.repeat(30)}`, '-0.000000000000000000001');
const extremeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 0, -0, 5e-324);

/** A copy of `value` with some leaves (chosen by `picks`) replaced by extreme values of their own JSON type. */
function withExtremes(value: unknown, picks: readonly boolean[], strings: readonly string[], numbers: readonly number[], at = { i: 0 }): unknown {
  if (typeof value === 'string') return picks[at.i++ % picks.length] ? strings[at.i % strings.length] : value;
  if (typeof value === 'number') return picks[at.i++ % picks.length] ? numbers[at.i % numbers.length] : value;
  if (Array.isArray(value)) return value.map((item) => withExtremes(item, picks, strings, numbers, at));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withExtremes(item, picks, strings, numbers, at)]));
  return value;
}

describe.each(APIS)('$name: 1,000 requests with extreme values where the schema leaves bounds open', (api) => {
  it('are answered without a 5xx, and the mock keeps serving', async () => {
    const client = clientFor(api, sandbox);
    const operations = Object.values(api.operations);
    const request = fc.record({
      op: fc.constantFrom(...operations),
      seed: fc.nat(50),
      picks: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      strings: fc.array(extremeString, { minLength: 1, maxLength: 4 }),
      numbers: fc.array(extremeNumber, { minLength: 1, maxLength: 3 }),
    });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const fixture = api.requestFixture(r.op.operationId, r.seed);
        const params = withExtremes(fixture.params, r.picks, r.strings, r.numbers) as Record<string, unknown>;
        const body = withExtremes(fixture.body, r.picks, r.strings, r.numbers);
        let result: CallResult;
        try {
          result = await callOperation(client, r.op, params, body);
        } catch (error) {
          // What the client refuses to send (a header value with a NUL, say) never reached the mock.
          if (error instanceof TypeError || (error as Error).name === 'RequestValidationError') return true;
          throw error;
        }
        if (result.status >= 500) failures.push(`${r.op.operationId} ${JSON.stringify(params).slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)} -> ${errorText(result)}`);
        return result.status < 500;
      }),
      { numRuns: 1000, seed: 20261125 },
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message.slice(0, 1500)}\n${failures.slice(0, 5).join('\n')}`);
    });
    const publicOp = operations.find((op) => op.method === 'GET' && !op.path.includes('{'))!;
    const after = await callOperation(client, publicOp, api.requestFixture(publicOp.operationId, 1).params, undefined);
    expect(after.status).toBeLessThan(300);
  }, 120_000);
});
