/**
 * The generated clients over real HTTP on loopback: request signing, pagination,
 * two-factor retry, token refresh, typed errors, form encoding of bracket hashes,
 * response validation, and the onramp's hosted-flow URLs.
 */
import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { V1Client } from '@svc/v1';
import { offrampFlowUrl, onrampFlowUrl } from '@svc/onramp';
import {
  ApiError,
  RequestValidationError,
  ResponseValidationError,
  V2Client,
  api,
  apiInfo,
  getSpotPriceOperation,
  operations,
  PriceResponseSchema,
  receiveWebhook,
  schemas,
  toRequestInput,
  webhooks,
  type CreateTransactionErrorId,
  type ListBuysItem,
  type PriceResponse,
} from '@svc/v2';
import { createClient, getSpotPrice, iterateListBuys, type HttpClient } from '@svc/v2/client';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { startServer, type RecordedRequest, type TestServer } from './helpers/http-server.js';
import { readSpec } from './helpers/spec-files.js';

type Json = Record<string, unknown>;
const v2 = readSpec('v2.openapi.yaml') as { components: { schemas: Record<string, { examples: unknown[] }> } };
const example = (name: string): Json => structuredClone(v2.components.schemas[name]!.examples[0]) as Json;

const KEY = 'test-key';
const SECRET = 'test-secret';
const ACCOUNT = '2bbf394c-193b-5b2a-9155-3b4732659ede';

/** The server side of the seed's signature rule, written independently of the runtime. */
function signatureIsValid(request: RecordedRequest): boolean {
  const timestamp = String(request.headers['svc-access-timestamp'] ?? '');
  const expected = createHmac('sha256', SECRET).update(`${timestamp}${request.method}${request.url}${request.body}`).digest('hex');
  return request.headers['svc-access-key'] === KEY && request.headers['svc-access-sign'] === expected;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('v2 client', () => {
  it('signs every request, pins the version and iterates a cursor-paginated list over three pages', async () => {
    const buy = example('Buy');
    const ids = ['a', 'b', 'c', 'd', 'e'].map((s) => `${s.repeat(8)}-1111-4111-8111-111111111111`);
    server = await startServer((request) => {
      if (!signatureIsValid(request)) return { status: 401, body: { errors: [{ id: 'authentication_error', message: 'bad signature' }] } };
      const url = new URL(request.url, 'http://x');
      const after = url.searchParams.get('starting_after');
      const start = after ? ids.indexOf(after) + 1 : 0;
      const page = ids.slice(start, start + 2);
      const last = page[page.length - 1];
      const more = start + 2 < ids.length;
      return {
        status: 200,
        body: {
          pagination: {
            ending_before: null,
            starting_after: after,
            limit: 2,
            order: 'desc',
            previous_uri: null,
            next_uri: more ? `/v2/accounts/${ACCOUNT}/buys?limit=2&starting_after=${last}` : null,
          },
          data: page.map((id) => ({ ...buy, id })),
        },
      };
    });
    const client = new V2Client({ baseUrl: server.baseUrl, apiKey: { key: KEY, secret: SECRET } });
    const seen: string[] = [];
    for await (const item of client.buys.iterateListBuys({ account_id: ACCOUNT, limit: 2 })) {
      expectTypeOf(item).toEqualTypeOf<ListBuysItem>();
      seen.push(item.id);
    }
    expect(seen).toEqual(ids);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('starting_after'))).toEqual([null, ids[1], ids[3]]);
    for (const request of server.requests) {
      expect(signatureIsValid(request)).toBe(true);
      expect(request.headers['svc-version']).toBe('2017-08-07');
    }
  });

  it('asks for a second factor on 402 two_factor_required and retries once with SVC-2FA-Token, reusing the idem token', async () => {
    const transaction = example('Transaction');
    server = await startServer((request) => {
      if (request.headers['svc-2fa-token'] !== '123456')
        return { status: 402, body: { errors: [{ id: 'two_factor_required', message: 'Two-factor authentication required' }] } };
      return { status: 201, body: { data: transaction } };
    });
    const asked: string[] = [];
    const client = new V2Client({
      baseUrl: server.baseUrl,
      apiKey: { key: KEY, secret: SECRET },
      twoFactorToken: ({ operationId }) => {
        asked.push(operationId);
        return '123456';
      },
    });
    const result = await client.transactions.createTransaction(
      { account_id: ACCOUNT },
      { type: 'send', to: '1AUJ8z5RuHRTqD1eikyfUUetzGmdWLGkpT', amount: '0.1', currency: 'BTC' },
    );
    expect(result.data.id).toBe(transaction.id);
    expect(asked).toEqual(['createTransaction']);
    expect(server.requests).toHaveLength(2);
    const bodies = server.requests.map((r) => JSON.parse(r.body) as { idem?: string });
    expect(bodies[0]!.idem).toMatch(/^[\w-]{1,100}$/);
    expect(bodies[1]!.idem).toBe(bodies[0]!.idem);
    expect(server.requests.every(signatureIsValid)).toBe(true);
  });

  it('throws a typed ApiError with the error ids of the response', async () => {
    server = await startServer(() => ({ status: 400, body: { errors: [{ id: 'validation_error', message: 'amount is invalid' }, { id: 'validation_error', message: 'currency is invalid' }] } }));
    const client = new V2Client({ baseUrl: server.baseUrl, apiKey: { key: KEY, secret: SECRET } });
    const error = await client.transactions
      .createTransaction({ account_id: ACCOUNT }, { type: 'request', to: 'someone@example.com', amount: '1', currency: 'BTC' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError<CreateTransactionErrorId>;
    expect(apiError.status).toBe(400);
    expect(apiError.ids).toEqual(['validation_error', 'validation_error']);
    expect(apiError.errors.map((e) => e.message)).toEqual(['amount is invalid', 'currency is invalid']);
    expectTypeOf<CreateTransactionErrorId>().toExtend<string>();
    expectTypeOf<'two_factor_required'>().toExtend<CreateTransactionErrorId>();
    expectTypeOf<'validation_error'>().toExtend<CreateTransactionErrorId>();
    // POST without an idempotency token on the wire is not retried; createTransaction has one, so a 400 is simply final.
    expect(server.requests).toHaveLength(1);
  });

  it('operations, schemas and api keep the precise type of each member (their types are written out for declaration files)', () => {
    expect(operations.getSpotPrice).toBe(getSpotPriceOperation);
    expect(operations.getSpotPrice.responses[200]).toBe(PriceResponseSchema);
    expect(schemas.PriceResponse).toBe(PriceResponseSchema);
    expect(api.operations).toBe(operations);
    expectTypeOf(operations.getSpotPrice).toEqualTypeOf<typeof getSpotPriceOperation>();
    expectTypeOf(operations.getSpotPrice.method).toEqualTypeOf<'GET'>();
    expectTypeOf(operations.getSpotPrice.responses[200]).toEqualTypeOf<typeof PriceResponseSchema>();
    expectTypeOf(schemas.PriceResponse).toEqualTypeOf<typeof PriceResponseSchema>();
    expectTypeOf<z.infer<typeof schemas.PriceResponse>>().toEqualTypeOf<PriceResponse>();
    expectTypeOf(api.operations).toEqualTypeOf<typeof operations>();
    expectTypeOf(api.title).toEqualTypeOf<typeof apiInfo.title>();
  });

  it('refreshes an expired OAuth2 token once and repeats the request', async () => {
    const user = example('User');
    server = await startServer((request) =>
      request.headers.authorization === 'Bearer fresh'
        ? { status: 200, body: { data: user } }
        : { status: 401, body: { errors: [{ id: 'expired_token', message: 'The access token expired' }] } },
    );
    let refreshed = 0;
    const client = new V2Client({
      baseUrl: server.baseUrl,
      accessToken: 'stale',
      refreshAccessToken: async () => {
        refreshed += 1;
        return 'fresh';
      },
    });
    const result = await client.users.getCurrentUser();
    expect(result.data.id).toBe(user.id);
    expect(refreshed).toBe(1);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('sends public endpoints without credentials and validates responses', async () => {
    server = await startServer((request) =>
      request.url.startsWith('/v2/time') ? { status: 200, body: { data: { iso: '2015-06-23T18:02:51Z', epoch: 1435082571 } } } : { status: 200, body: { data: { amount: 12 } } },
    );
    const client = new V2Client({ baseUrl: server.baseUrl, apiKey: { key: KEY, secret: SECRET } });
    expect((await client.data.getTime()).data.epoch).toBe(1435082571);
    expect(server.requests[0]!.headers['svc-access-key']).toBeUndefined();
    // An amount that is a number, not a decimal string, is caught by response validation...
    await expect(client.data.getSpotPrice({ currency_pair: 'BTC-USD' })).rejects.toBeInstanceOf(ResponseValidationError);
    // ...unless the caller turns it off.
    const loose = new V2Client({ baseUrl: server.baseUrl, validateResponses: false });
    await expect(loose.data.getSpotPrice({ currency_pair: 'BTC-USD' })).resolves.toEqual({ data: { amount: 12 } });
  });
});

describe('v2 operation functions', () => {
  it('take the same arguments as the class methods and answer the same, signed, validated and paginated', async () => {
    // The class's method and the operation's function have one signature, after the client.
    type MethodArgs = Parameters<V2Client['data']['getSpotPrice']>;
    expectTypeOf<Parameters<typeof getSpotPrice>>().toEqualTypeOf<[HttpClient, ...MethodArgs]>();
    expectTypeOf<ReturnType<typeof getSpotPrice>>().toEqualTypeOf<ReturnType<V2Client['data']['getSpotPrice']>>();
    expectTypeOf<Parameters<typeof iterateListBuys>>().toEqualTypeOf<[HttpClient, ...Parameters<V2Client['buys']['iterateListBuys']>]>();

    const buy = example('Buy');
    server = await startServer((request) => {
      if (request.url.startsWith('/v2/prices/')) return { status: 200, body: { data: { amount: '12.00', currency: 'USD' } } };
      if (!signatureIsValid(request)) return { status: 401, body: { errors: [{ id: 'authentication_error', message: 'bad signature' }] } };
      const after = new URL(request.url, 'http://x').searchParams.get('starting_after');
      const next = after === null ? `/v2/accounts/${ACCOUNT}/buys?limit=1&starting_after=${buy['id'] as string}` : null;
      return { status: 200, body: { pagination: { ending_before: null, starting_after: after, limit: 1, order: 'desc', previous_uri: null, next_uri: next }, data: [buy] } };
    });
    const client = createClient({ baseUrl: server.baseUrl, apiKey: { key: KEY, secret: SECRET } });
    expect(await getSpotPrice(client, { currency_pair: 'BTC-USD' })).toEqual({ data: { amount: '12.00', currency: 'USD' } });
    const items: string[] = [];
    for await (const item of iterateListBuys(client, { account_id: ACCOUNT, limit: 1 })) items.push(item.id);
    expect(items).toEqual([buy['id'], buy['id']]);
    expect(server.requests.slice(1).every(signatureIsValid)).toBe(true);
    // Response validation as the class does it: a number where a decimal string belongs is refused.
    await server.close();
    server = await startServer(() => ({ status: 200, body: { data: { amount: 12 } } }));
    await expect(getSpotPrice(createClient({ baseUrl: server.baseUrl }), { currency_pair: 'BTC-USD' })).rejects.toBeInstanceOf(ResponseValidationError);
    // A class's client is one the functions take.
    const classClient = new V2Client({ baseUrl: server.baseUrl, validateResponses: false });
    expect(await getSpotPrice(classClient.http, { currency_pair: 'BTC-USD' })).toEqual({ data: { amount: 12 } });
  });
});

describe('tolerant response validation (the default)', () => {
  it('returns a body whose only fault is a format, with the finding reported; strict mode throws', async () => {
    // A time without seconds is not RFC 3339 date-time, but the shape is what the spec promises.
    server = await startServer(() => ({ status: 200, body: { data: { iso: '2015-06-23 18:02', epoch: 1435082571 } } }));
    const findings: string[] = [];
    const client = new V2Client({ baseUrl: server.baseUrl, onValidationIssues: (found) => findings.push(...found.issues.map((i) => `${found.operationId}: ${i.path.join('.')}`)) });
    await expect(client.data.getTime()).resolves.toEqual({ data: { iso: '2015-06-23 18:02', epoch: 1435082571 } });
    expect(findings).toEqual(['getTime: data.iso']);
    const strict = new V2Client({ baseUrl: server.baseUrl, validateResponses: 'strict' });
    await expect(strict.data.getTime()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('request validation (opt-in)', () => {
  it('rejects bad parameters and bodies before anything is sent', async () => {
    server = await startServer(() => ({ status: 201, body: { data: example('Buy') } }));
    const client = new V2Client({ baseUrl: server.baseUrl, apiKey: { key: KEY, secret: SECRET }, validateRequests: true });
    const tooMany = client.buys.listBuys({ account_id: ACCOUNT, limit: 500 });
    await expect(tooMany).rejects.toBeInstanceOf(RequestValidationError);
    await expect(tooMany).rejects.toThrow(/parameters\.limit/);
    const numericAmount = client.buys.createBuy({ account_id: ACCOUNT }, { amount: 10 as unknown as string, currency: 'BTC' });
    await expect(numericAmount).rejects.toThrow(/body\.amount/);
    expect(server.requests).toHaveLength(0);
    await expect(client.buys.createBuy({ account_id: ACCOUNT }, { amount: '10', currency: 'BTC' })).resolves.toMatchObject({ data: { resource: 'buy' } });
    // Off by default: the same bad call reaches the server.
    const lenient = new V2Client({ baseUrl: server.baseUrl, apiKey: { key: KEY, secret: SECRET } });
    await lenient.buys.createBuy({ account_id: ACCOUNT }, { amount: 10 as unknown as string, currency: 'BTC' }).catch(() => undefined);
    expect(server.requests).toHaveLength(2);
  });
});

describe('v2 webhooks', () => {
  it('verifies SVC-SIGNATURE over the raw body and validates the notification with its generated validator', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const notification = example('BuyCompletedNotification');
    const raw = JSON.stringify(notification);
    const signature = createSign('RSA-SHA256').update(raw).sign(privateKey, 'base64');
    const result = await receiveWebhook({ body: raw, signature, publicKey: pem, validator: webhooks.onBuyCompleted.validators.body });
    expect(result).toMatchObject({ ok: true, payload: { type: 'wallet:buys:completed' } });
    const ping = await receiveWebhook({ body: raw, signature, publicKey: pem, validator: webhooks.onPing.validators.body });
    expect(ping).toMatchObject({ ok: false, reason: 'invalid_payload' });
  });
});

describe('raw results', () => {
  it('client.http.request gives status, headers and warnings next to the body', async () => {
    const warning = { id: 'missing_version', message: 'Please supply API version (YYYY-MM-DD) as SVC-VERSION header' };
    server = await startServer(() => ({ status: 200, body: { data: { iso: '2015-06-23T18:02:51Z', epoch: 1435082571 }, warnings: [warning] }, headers: { 'x-request-id': 'r1' } }));
    const seen: unknown[] = [];
    const client = new V2Client({ baseUrl: server.baseUrl, version: null, onWarnings: (warnings) => seen.push(...warnings) });
    const result = await client.http.request(operations.getTime, toRequestInput(operations.getTime, {}));
    expect(result.status).toBe(200);
    expect(result.headers.get('x-request-id')).toBe('r1');
    expect(result.warnings).toEqual([warning]);
    expect(seen).toEqual([warning]);
    expect(server.requests[0]!.headers['svc-version']).toBeUndefined();
  });
});

describe('v1 client', () => {
  it('encodes bracket hashes as form data when asked for application/x-www-form-urlencoded', async () => {
    server = await startServer(() => ({ status: 200, body: { success: true, account: { id: '536a541fa9393bb3c7000023', name: 'Savings', balance: { amount: '0.00000000', currency: 'BTC' }, native_balance: { amount: '0.00', currency: 'USD' }, created_at: '2014-05-07T08:41:19-07:00', primary: false, active: true, type: 'wallet' } } }));
    const client = new V1Client({ baseUrl: server.baseUrl, accessToken: 'token' });
    await client.accounts.createAccount({ account: { name: 'Savings' } }, { contentType: 'application/x-www-form-urlencoded' });
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(decodeURIComponent(request.body)).toBe('account[name]=Savings');
  });
});

describe('onramp hosted flows', () => {
  it('builds the onramp and offramp URLs with their query parameters', () => {
    expect(onrampFlowUrl({ sessionToken: 'tok' })).toBe('https://pay.example.com/buy/select-asset?sessionToken=tok');
    expect(offrampFlowUrl({ sessionToken: 'tok', partnerUserRef: 'user 1', redirectUrl: 'https://app.example.com/done' }, 'https://pay.test')).toBe(
      'https://pay.test/v3/sell/input?sessionToken=tok&partnerUserRef=user+1&redirectUrl=https%3A%2F%2Fapp.example.com%2Fdone',
    );
  });
});
