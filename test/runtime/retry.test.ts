/** Back-off, Retry-After, what is retried and what never is; idempotency tokens. */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  backoffDelay,
  HttpClient,
  NetworkError,
  parseRetryAfter,
  resolveRetryPolicy,
  retryDelay,
} from '../../templates/runtime/src/index.js';
import { api, fakeClock, fakeFetch, json, op, sequence } from './fakes.js';

const policy = resolveRetryPolicy(undefined);
const half = (): number => 0.5;
const unavailable = (headers: Record<string, string> = {}) => (): Response => json({ errors: [{ id: 'internal_server_error', message: 'down' }] }, { status: 503, headers });
const limited = (headers: Record<string, string> = {}) => (): Response => json({ errors: [{ id: 'rate_limit_exceeded', message: 'slow down' }] }, { status: 429, headers });
const ok = (): Response => json({ data: {} });
const offline = (): never => {
  throw new TypeError('fetch failed');
};

describe('delays', () => {
  it('defaults to 3 retries, 500 ms base, 30 s cap', () => {
    expect(policy).toEqual({ maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 });
    expect(resolveRetryPolicy(false).maxRetries).toBe(0);
  });

  it.each([
    [0, 0.5, 250],
    [1, 0.5, 500],
    [3, 1, 4000],
    [10, 1, 30_000],
    [2, 0, 0],
  ])('attempt %i with random %f waits %i ms (full jitter, capped)', (attempt, r, want) => {
    expect(backoffDelay({ attempt, policy, random: () => r })).toBe(want);
  });

  it.each([
    ['delta seconds', '2', 2000],
    ['an HTTP date', new Date(1_700_000_005_000).toUTCString(), 5000],
    ['a past date', new Date(1_600_000_000_000).toUTCString(), 0],
    ['garbage', 'soon', undefined],
    ['absent', null, undefined],
  ])('parseRetryAfter reads %s', (_name, value, want) => {
    expect(parseRetryAfter({ value, nowMs: 1_700_000_000_000 })).toBe(want);
  });

  it('Retry-After is a minimum, and one longer than maxDelayMs is not waited for', () => {
    expect(retryDelay({ attempt: 0, policy, random: half, retryAfterMs: 2000 })).toBe(2000);
    expect(retryDelay({ attempt: 5, policy, random: () => 1, retryAfterMs: 2000 })).toBe(16_000);
    expect(retryDelay({ attempt: 0, policy, random: half, retryAfterMs: 60_000 })).toBeUndefined();
  });
});

describe('retries through the client', () => {
  const client = (fetch: typeof globalThis.fetch, clock = fakeClock()) => ({ clock, client: new HttpClient(api(), { fetch, clock, random: half }) });

  it('retries a 503 GET with exponential jittered delays, then throws', async () => {
    const { fetch, seen } = sequence(unavailable());
    const { clock, client: c } = client(fetch);
    await expect(c.request(op())).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(4);
    expect(clock.delays).toEqual([250, 500, 1000]);
  });

  it('succeeds after a 503 and honours Retry-After as a minimum on 429', async () => {
    const { fetch, seen } = sequence(unavailable(), limited({ 'retry-after': '2' }), ok);
    const { clock, client: c } = client(fetch);
    const result = await c.request(op());
    expect(result.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(clock.delays).toEqual([250, 2000]);
  });

  it('honours a Retry-After HTTP date', async () => {
    const { fetch } = sequence(limited({ 'retry-after': new Date(1_700_000_007_000).toUTCString() }), ok);
    const { clock, client: c } = client(fetch);
    await c.request(op());
    expect(clock.delays).toEqual([7000]);
  });

  it('gives up at once when Retry-After exceeds maxDelayMs', async () => {
    const { fetch, seen } = sequence(limited({ 'retry-after': '3600' }), ok);
    const { clock, client: c } = client(fetch);
    await expect(c.request(op())).rejects.toMatchObject({ status: 429, ids: ['rate_limit_exceeded'] });
    expect(seen).toHaveLength(1);
    expect(clock.delays).toEqual([]);
  });

  it('retries network errors and wraps the last one in NetworkError', async () => {
    const { fetch, seen } = fakeFetch(offline);
    const { clock, client: c } = client(fetch);
    const error = await c.request(op()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(seen).toHaveLength(4);
    expect(clock.delays).toEqual([250, 500, 1000]);
  });

  it('recovers from one network error', async () => {
    const { fetch } = fakeFetch((_s, i) => (i === 0 ? offline() : ok()));
    const { client: c } = client(fetch);
    expect((await c.request(op())).status).toBe(200);
  });

  it('does not retry other statuses', async () => {
    const { fetch, seen } = sequence(() => json({}, { status: 500 }));
    await expect(client(fetch).client.request(op())).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  it('never retries a POST without idempotency token', async () => {
    const a = sequence(unavailable(), ok);
    await expect(client(a.fetch).client.request(op({ method: 'POST' }), { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(a.seen).toHaveLength(1);
    const b = fakeFetch(offline);
    await expect(client(b.fetch).client.request(op({ method: 'POST' }), { body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(b.seen).toHaveLength(1);
  });

  it('respects maxRetries and retry: false', async () => {
    const a = sequence(unavailable());
    await expect(new HttpClient(api(), { fetch: a.fetch, clock: fakeClock(), retry: { maxRetries: 1 } }).request(op())).rejects.toBeInstanceOf(ApiError);
    expect(a.seen).toHaveLength(2);
    const b = sequence(unavailable());
    await expect(new HttpClient(api(), { fetch: b.fetch, clock: fakeClock(), retry: false }).request(op())).rejects.toBeInstanceOf(ApiError);
    expect(b.seen).toHaveLength(1);
  });
});

describe('idempotency', () => {
  const createBuy = op({
    operationId: 'createBuy',
    method: 'POST',
    requestBody: { required: true, contentTypes: ['application/json'] },
    idempotency: { field: 'idem', in: 'body', maxLength: 100 },
  });
  const idemOf = (body: string | undefined): unknown => (JSON.parse(body ?? '{}') as { idem?: unknown }).idem;

  it('retries a POST with x-idempotency, sending the same generated token each time', async () => {
    const { fetch, seen } = sequence(unavailable(), () => {
      throw new TypeError('reset');
    }, ok);
    const clock = fakeClock();
    const input = { body: { amount: '10', currency: 'BTC' } };
    await new HttpClient(api(), { fetch, clock, random: half }).request(createBuy, input);
    expect(seen).toHaveLength(3);
    const tokens = seen.map((s) => idemOf(s.body));
    expect(tokens[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(tokens).size).toBe(1);
    expect(input.body).toEqual({ amount: '10', currency: 'BTC' });
  });

  it('keeps a token given in the body or as idempotencyKey, and a fresh one per call otherwise', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(api(), { fetch });
    await client.request(createBuy, { body: { idem: 'mine' } });
    await client.request(createBuy, { body: {} }, { idempotencyKey: 'key-1' });
    await client.request(createBuy, { body: {} });
    await client.request(createBuy, { body: {} });
    const tokens = seen.map((s) => idemOf(s.body));
    expect(tokens.slice(0, 2)).toEqual(['mine', 'key-1']);
    expect(tokens[2]).not.toBe(tokens[3]);
  });

  it('cuts generated tokens to maxLength and rejects longer given ones', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const short = op({ ...createBuy, idempotency: { field: 'idem', in: 'body', maxLength: 8 } });
    const client = new HttpClient(api(), { fetch });
    await client.request(short, { body: {} });
    expect(idemOf(seen[0]?.body)).toHaveLength(8);
    await expect(client.request(short, { body: {} }, { idempotencyKey: '123456789' })).rejects.toThrow(TypeError);
  });

  it('fills a header token and retries with it', async () => {
    const { fetch, seen } = sequence(unavailable(), ok);
    const headerOp = op({ method: 'POST', idempotency: { field: 'Idempotency-Token', in: 'header' } });
    await new HttpClient(api(), { fetch, clock: fakeClock() }).request(headerOp);
    const [first, second] = seen.map((s) => s.headers.get('Idempotency-Token'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  it('makes any POST retryable with CallOptions.idempotencyKey, sent as Idempotency-Key', async () => {
    const { fetch, seen } = sequence(unavailable(), ok);
    await new HttpClient(api(), { fetch, clock: fakeClock() }).request(op({ method: 'POST' }), { body: {} }, { idempotencyKey: 'k-9' });
    expect(seen.map((s) => s.headers.get('idempotency-key'))).toEqual(['k-9', 'k-9']);
  });
});
