/** HMAC signatures against fixed vectors, and which credentials a request carries. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBody, formatTimestamp, HttpClient, sign, type HmacSignatureSpec, type SecurityRequirement } from '../../templates/runtime/src/index.js';
import { signWithWebCrypto } from '../../templates/runtime/src/signing.js';
import { api, fakeClock, fakeFetch, HMAC, json, op } from './fakes.js';

const BODY = '{"type":"send","to":"a@b.c","amount":"1.00","currency":"BTC"}';
// Precomputed with HMAC-SHA256, key 'secret'.
const GET_USER_HEX = 'b5253f48e5dda64ae9915fc03cdcd8d981e24ca05c14832bd4f7bab1d8e47dec';
const GET_USER_BASE64 = 'tSU/SOXdpkrpkV/APNzY2YHiTKBcFIMr1Pe6sdjkfew=';
const POST_TX_HEX = '509e152d94e877e4e588b63272f40784fc06ba60994d42affc75602e9dba9c62';

describe('sign', () => {
  it('matches the fixed vector for a GET without body', async () => {
    expect(await sign({ hmac: HMAC, secret: 'secret', timestamp: '1700000000', method: 'get', requestPath: '/v2/user' })).toBe(GET_USER_HEX);
    // And an independent computation of the documented concatenation.
    expect(GET_USER_HEX).toBe(createHmac('sha256', 'secret').update('1700000000GET/v2/user').digest('hex'));
  });

  it('matches the fixed vector for a POST with query and JSON body', async () => {
    const signature = await sign({ hmac: HMAC, secret: 'secret', timestamp: '1700000000', method: 'POST', requestPath: '/v2/accounts/abc/transactions?expand[]=to', body: BODY });
    expect(signature).toBe(POST_TX_HEX);
    expect(signature).toBe(createHmac('sha256', 'secret').update(`1700000000POST/v2/accounts/abc/transactions?expand[]=to${BODY}`).digest('hex'));
  });

  it('encodes base64 and follows the message order', async () => {
    const base64: HmacSignatureSpec = { ...HMAC, encoding: 'base64' };
    expect(await sign({ hmac: base64, secret: 'secret', timestamp: '1700000000', method: 'GET', requestPath: '/v2/user' })).toBe(GET_USER_BASE64);
    const reordered: HmacSignatureSpec = { ...HMAC, message: ['method', 'requestPath', 'timestamp'] };
    expect(await sign({ hmac: reordered, secret: 'secret', timestamp: '1', method: 'GET', requestPath: '/x' })).toBe(
      createHmac('sha256', 'secret').update('GET/x1').digest('hex'),
    );
  });

  it('gives the same signatures through Web Crypto (what browsers run) as through Node\'s HMAC, also with a cached key', async () => {
    const inputs = [
      { hmac: HMAC, secret: 'secret', timestamp: '1700000000', method: 'get', requestPath: '/v2/user' },
      { hmac: HMAC, secret: 'secret', timestamp: '1700000000', method: 'POST', requestPath: '/v2/accounts/abc/transactions?expand[]=to', body: BODY },
      { hmac: { ...HMAC, encoding: 'base64' as const }, secret: 'other', timestamp: '1', method: 'GET', requestPath: '/x', body: new Uint8Array([0, 255, 7]) },
    ];
    for (const input of [...inputs, ...inputs]) expect(await signWithWebCrypto(input)).toBe(await sign(input));
    expect(await signWithWebCrypto(inputs[0]!)).toBe(GET_USER_HEX);
  });

  it('formats timestamps in the scheme unit', () => {
    expect(formatTimestamp(1_700_000_000_999, 'seconds')).toBe('1700000000');
    expect(formatTimestamp(1_700_000_000_999, 'milliseconds')).toBe('1700000000999');
  });
});

const signed = [{ apiKey: [] }, { oauth2: ['wallet:user:read'] }] as const;

describe('signed requests through the client', () => {
  it('sends key, timestamp and the fixed-vector signature for GET /v2/user', async () => {
    const { fetch, seen } = fakeFetch(() => json({ data: {} }));
    const client = new HttpClient(api(), { fetch, clock: fakeClock(1_700_000_000_000), apiKey: { key: 'k1', secret: 'secret' } });
    await client.request(op({ path: '/v2/user', security: signed }));
    const headers = seen[0]?.headers;
    expect(headers?.get('SVC-ACCESS-KEY')).toBe('k1');
    expect(headers?.get('SVC-ACCESS-TIMESTAMP')).toBe('1700000000');
    expect(headers?.get('SVC-ACCESS-SIGN')).toBe(GET_USER_HEX);
    expect(headers?.has('authorization')).toBe(false);
  });

  it('signs the path with its query and the exact body string sent', async () => {
    const { fetch, seen } = fakeFetch(() => json({ data: {} }, { status: 201 }));
    const client = new HttpClient(api(), { fetch, clock: fakeClock(1_700_000_000_000), apiKey: { key: 'k1', secret: 'secret' } });
    const sendMoney = op({
      method: 'POST',
      path: '/v2/accounts/{account_id}/transactions',
      parameters: [
        { name: 'account_id', in: 'path', required: true, style: 'simple', explode: false },
        { name: 'expand[]', in: 'query', required: false, style: 'form', explode: true },
      ],
      requestBody: { required: true, contentTypes: ['application/json'] },
      security: signed,
    });
    await client.request(sendMoney, {
      path: { account_id: 'abc' },
      query: { 'expand[]': ['to'] },
      body: { type: 'send', to: 'a@b.c', amount: '1.00', currency: 'BTC' },
    });
    expect(seen[0]?.body).toBe(BODY);
    expect(seen[0]?.headers.get('SVC-ACCESS-SIGN')).toBe(POST_TX_HEX);
  });

  it('signs form bodies as sent and uses millisecond timestamps when asked', async () => {
    const msApi = api({ securitySchemes: { apiKey: { type: 'apiKey', hmac: { ...HMAC, timestampUnit: 'milliseconds' } } } });
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(msApi, { fetch, clock: fakeClock(1_700_000_000_123), apiKey: { key: 'k', secret: 's' } });
    await client.request(op({ method: 'POST', security: [{ apiKey: [] }], requestBody: { required: true, contentTypes: ['application/x-www-form-urlencoded'] }, uses: { ...op().uses, body: encodeBody } }), {
      body: { a: { b: 1 } },
    });
    const sent = seen[0];
    expect(sent?.headers.get('SVC-ACCESS-TIMESTAMP')).toBe('1700000000123');
    expect(sent?.body).toBe('a[b]=1');
    expect(sent?.headers.get('SVC-ACCESS-SIGN')).toBe(createHmac('sha256', 's').update('1700000000123POST/v2/thingsa[b]=1').digest('hex'));
  });
});

describe('security selection', () => {
  const multi = api({
    securitySchemes: {
      apiKey: { type: 'apiKey', hmac: HMAC },
      oauth2: { type: 'oauth2' },
      bearer: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
      headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'key' },
    },
  });

  it('picks the first alternative with credentials', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(multi, { fetch, accessToken: 'tok' });
    await client.request(op({ security: [{ apiKey: [] }, { oauth2: ['wallet:user:read'] }] }));
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(seen[0]?.headers.has('SVC-ACCESS-SIGN')).toBe(false);
  });

  it('prefers an earlier alternative when its credentials exist', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(multi, { fetch, accessToken: 'tok', apiKey: { key: 'k', secret: 's' } });
    await client.request(op({ security: [{ apiKey: [] }, { oauth2: [] }] }));
    expect(seen[0]?.headers.has('SVC-ACCESS-SIGN')).toBe(true);
    expect(seen[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends nothing for public operations', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(multi, { fetch, accessToken: 'tok', apiKey: { key: 'k', secret: 's' }, apiKeys: { headerKey: 'h' } });
    await client.request(op({ security: [] }));
    expect([...(seen[0]?.headers.keys() ?? [])]).toEqual(['svc-version']);
  });

  it('requires every scheme of an AND alternative', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(multi, { fetch, accessToken: 'tok', apiKeys: { headerKey: 'h' } });
    await client.request(op({ security: [{ headerKey: [], queryKey: [] }, { headerKey: [], bearer: [] }] }));
    expect(seen[0]?.headers.get('x-api-key')).toBe('h');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(seen[0]?.url.search).toBe('');
  });

  it('puts plain api keys in header, query or cookie', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(multi, { fetch, apiKeys: { headerKey: 'h', queryKey: 'q 1', cookieKey: 'c' } });
    await client.request(op({ security: [{ headerKey: [], queryKey: [], cookieKey: [] }] }), { query: { a: 1 } });
    expect(seen[0]?.headers.get('x-api-key')).toBe('h');
    expect(seen[0]?.url.search).toBe('?a=1&api_key=q%201');
    expect(seen[0]?.headers.get('cookie')).toBe('key=c');
  });

  it('reads the access token from a callback on every call', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    let n = 0;
    const client = new HttpClient(multi, { fetch, accessToken: async () => `t${++n}` });
    await client.request(op({ security: [{ bearer: [] }] }));
    await client.request(op({ security: [{ bearer: [] }] }));
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('treats apiKey schemes naming the signature headers as covered by the signer', async () => {
    // The v2 spec declares key, signature and timestamp as three schemes required together.
    const split = api({
      securitySchemes: {
        svcAccessKey: { type: 'apiKey', name: 'SVC-ACCESS-KEY', in: 'header' },
        svcAccessSign: { type: 'apiKey', name: 'SVC-ACCESS-SIGN', in: 'header', hmac: HMAC },
        svcAccessTimestamp: { type: 'apiKey', name: 'SVC-ACCESS-TIMESTAMP', in: 'header' },
        oauth2: { type: 'oauth2' },
      },
    });
    const security: SecurityRequirement[] = [{ svcAccessKey: ['wallet:user:read'], svcAccessSign: ['wallet:user:read'], svcAccessTimestamp: ['wallet:user:read'] }, { oauth2: ['wallet:user:read'] }];
    const { fetch, seen } = fakeFetch(() => json({}));
    await new HttpClient(split, { fetch, clock: fakeClock(1_700_000_000_000), apiKey: { key: 'k1', secret: 'secret' }, accessToken: 'tok' }).request(
      op({ path: '/v2/user', security }),
    );
    expect(seen[0]?.headers.get('SVC-ACCESS-KEY')).toBe('k1');
    expect(seen[0]?.headers.get('SVC-ACCESS-SIGN')).toBe(GET_USER_HEX);
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    // Without the api key the OAuth alternative is used instead.
    await new HttpClient(split, { fetch, accessToken: 'tok' }).request(op({ security }));
    expect(seen[1]?.headers.get('authorization')).toBe('Bearer tok');
    expect(seen[1]?.headers.has('SVC-ACCESS-SIGN')).toBe(false);
  });

  it('does not treat http basic as bearer', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await new HttpClient(multi, { fetch, accessToken: 'tok' }).request(op({ security: [{ basic: [] }] }));
    expect(seen[0]?.headers.has('authorization')).toBe(false);
  });
});
