/** The retries an API tells us how to make: token refresh, two-factor, clock skew. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, HttpClient } from '../../templates/runtime/src/index.js';
import { api, fakeClock, fakeFetch, json, op, sequence } from './fakes.js';

const expired = (): Response => json({ errors: [{ id: 'expired_token', message: 'The access token expired' }] }, { status: 401 });
const invalid = (): Response => json({ errors: [{ id: 'invalid_token', message: 'bad' }] }, { status: 401 });
const ok = (): Response => json({ data: { ok: true } });
const oauth = op({ security: [{ oauth2: [] }] });

describe('token refresh', () => {
  it('refreshes once on expired_token, retries, and keeps the new token', async () => {
    const { fetch, seen } = sequence(expired, ok);
    const refreshAccessToken = vi.fn(async () => 'new');
    const client = new HttpClient(api(), { fetch, accessToken: 'old', refreshAccessToken });
    const result = await client.request(oauth);
    expect(result.status).toBe(200);
    await client.request(oauth);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer new', 'Bearer new']);
  });

  it('retries only once when the new token also fails', async () => {
    const { fetch, seen } = sequence(expired);
    const refreshAccessToken = vi.fn(async () => 'new');
    const client = new HttpClient(api(), { fetch, accessToken: 'old', refreshAccessToken });
    await expect(client.request(oauth)).rejects.toMatchObject({ status: 401, ids: ['expired_token'] });
    expect(seen).toHaveLength(2);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for other 401 ids, nor without refreshAccessToken, nor for signed requests', async () => {
    const refreshAccessToken = vi.fn(async () => 'new');
    const a = sequence(invalid);
    await expect(new HttpClient(api(), { fetch: a.fetch, accessToken: 'old', refreshAccessToken }).request(oauth)).rejects.toBeInstanceOf(ApiError);
    const b = sequence(expired);
    await expect(new HttpClient(api(), { fetch: b.fetch, accessToken: 'old' }).request(oauth)).rejects.toBeInstanceOf(ApiError);
    const c = sequence(expired);
    await expect(
      new HttpClient(api(), { fetch: c.fetch, apiKey: { key: 'k', secret: 's' }, refreshAccessToken, syncTime: 'never' }).request(op({ security: [{ apiKey: [] }] })),
    ).rejects.toBeInstanceOf(ApiError);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect([a.seen.length, b.seen.length, c.seen.length]).toEqual([1, 1, 1]);
  });

  it('uses the scheme x-token-refresh status and ids', async () => {
    const custom = api({ securitySchemes: { bearer: { type: 'http', scheme: 'bearer', tokenRefresh: { status: 403, errorIds: ['token_stale'] } } } });
    const { fetch, seen } = sequence(() => json({ errors: [{ id: 'token_stale', message: '' }] }, { status: 403 }), ok);
    const client = new HttpClient(custom, { fetch, accessToken: 'old', refreshAccessToken: async () => 'new' });
    await client.request(op({ security: [{ bearer: [] }] }));
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('shares one refresh between concurrent calls', async () => {
    const { fetch } = fakeFetch((seen) => (seen.headers.get('authorization') === 'Bearer old' ? expired() : ok()));
    let release: (token: string) => void = () => undefined;
    const refreshAccessToken = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const client = new HttpClient(api(), { fetch, accessToken: 'old', refreshAccessToken });
    const calls = Promise.all([client.request(oauth), client.request(oauth)]);
    await vi.waitFor(() => expect(refreshAccessToken).toHaveBeenCalled());
    release('new');
    await calls;
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });
});

describe('two-factor', () => {
  const needs2fa = (): Response => json({ errors: [{ id: 'two_factor_required', message: 'Two-factor authentication required' }] }, { status: 402 });
  const send = op({ operationId: 'sendMoney', method: 'POST', requestBody: { required: true, contentTypes: ['application/json'] } });

  it('asks for a token and retries once with the header, same body', async () => {
    const { fetch, seen } = sequence(needs2fa, ok);
    const twoFactorToken = vi.fn(async () => '123456');
    const client = new HttpClient(api(), { fetch, twoFactorToken });
    await client.request(send, { body: { amount: '1' } });
    expect(seen.map((s) => s.headers.get('SVC-2FA-Token'))).toEqual([null, '123456']);
    expect(seen[1]?.body).toBe(seen[0]?.body);
    expect(twoFactorToken).toHaveBeenCalledWith({ operationId: 'sendMoney', error: expect.any(ApiError) });
  });

  it('uses CallOptions.twoFactorToken on the retry', async () => {
    const { fetch, seen } = sequence(needs2fa, ok);
    await new HttpClient(api(), { fetch }).request(send, { body: {} }, { twoFactorToken: '999' });
    expect(seen.map((s) => s.headers.get('SVC-2FA-Token'))).toEqual([null, '999']);
  });

  it('throws the ApiError when no token is given', async () => {
    const { fetch, seen } = sequence(needs2fa);
    const client = new HttpClient(api(), { fetch, twoFactorToken: () => undefined });
    await expect(client.request(send, { body: {} })).rejects.toThrow('402 two_factor_required: Two-factor authentication required');
    expect(seen).toHaveLength(1);
  });

  it('retries only once', async () => {
    const { fetch, seen } = sequence(needs2fa);
    await expect(new HttpClient(api(), { fetch, twoFactorToken: () => '1' }).request(send, { body: {} })).rejects.toMatchObject({ status: 402 });
    expect(seen).toHaveLength(2);
  });

  it('does nothing when the API has no x-two-factor', async () => {
    const { fetch, seen } = sequence(needs2fa);
    const { twoFactor: _omit, ...withoutTwoFactor } = api();
    await expect(new HttpClient(withoutTwoFactor, { fetch, twoFactorToken: () => '1' }).request(send, { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });
});

describe('time sync', () => {
  const signedOp = op({ path: '/v2/user', security: [{ apiKey: [] }] });
  const serverSeconds = 1_700_000_100; // the server runs 100 s ahead of the fake clock
  const expiredSig = (): Response =>
    json({ errors: [{ id: 'authentication_error', message: 'expired' }] }, { status: 401, headers: { date: new Date(serverSeconds * 1000).toUTCString() } });

  it("'always' reads the server time once before the first signed request", async () => {
    const { fetch, seen } = fakeFetch((s) => (s.url.pathname === '/v2/time' ? json({ data: { iso: 'x', epoch: serverSeconds } }) : ok()));
    const client = new HttpClient(api(), { fetch, clock: fakeClock(), apiKey: { key: 'k', secret: 's' }, syncTime: 'always' });
    await client.request(signedOp);
    await client.request(signedOp);
    expect(seen.map((s) => s.url.pathname)).toEqual(['/v2/time', '/v2/user', '/v2/user']);
    expect(seen[1]?.headers.get('SVC-ACCESS-TIMESTAMP')).toBe(String(serverSeconds));
    expect(client.clockOffsetMs).toBe(100_000);
  });

  it("'auto' corrects the clock from the Date header of a 401 and retries once", async () => {
    const { fetch, seen } = sequence(expiredSig, ok);
    const client = new HttpClient(api(), { fetch, clock: fakeClock(), apiKey: { key: 'k', secret: 's' } });
    await client.request(signedOp);
    expect(seen.map((s) => s.headers.get('SVC-ACCESS-TIMESTAMP'))).toEqual(['1700000000', String(serverSeconds)]);
  });

  it("'auto' asks the server-time operation when the 401 has no Date", async () => {
    const { fetch, seen } = fakeFetch((s, i) => {
      if (s.url.pathname === '/v2/time') return json({ data: { epoch: serverSeconds } });
      return i === 0 ? json({ errors: [{ id: 'authentication_error', message: '' }] }, { status: 401 }) : ok();
    });
    const client = new HttpClient(api(), { fetch, clock: fakeClock(), apiKey: { key: 'k', secret: 's' } });
    await client.request(signedOp);
    expect(seen.map((s) => s.url.pathname)).toEqual(['/v2/user', '/v2/time', '/v2/user']);
    expect(seen[2]?.headers.get('SVC-ACCESS-TIMESTAMP')).toBe(String(serverSeconds));
  });

  it("'auto' does not retry when the clock is within maxSkewSeconds", async () => {
    const { fetch, seen } = sequence(() =>
      json({ errors: [{ id: 'authentication_error', message: '' }] }, { status: 401, headers: { date: new Date(1_700_000_010_000).toUTCString() } }),
    );
    const client = new HttpClient(api(), { fetch, clock: fakeClock(), apiKey: { key: 'k', secret: 's' } });
    await expect(client.request(signedOp)).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
  });

  it("'never' leaves the clock alone", async () => {
    const { fetch, seen } = sequence(expiredSig, ok);
    const client = new HttpClient(api(), { fetch, clock: fakeClock(), apiKey: { key: 'k', secret: 's' }, syncTime: 'never' });
    await expect(client.request(signedOp)).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(client.clockOffsetMs).toBe(0);
  });
});
