/** Versioning, warnings, response parsing and validation, timeouts and aborts. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, HttpClient, ResponseValidationError, TimeoutError } from '../../templates/runtime/src/index.js';
import { api, fakeClock, fakeFetch, json, op, sequence } from './fakes.js';

describe('versioning', () => {
  it('sends versioning.current by default, options.version, per-call version, or none for null', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await new HttpClient(api(), { fetch }).request(op());
    await new HttpClient(api(), { fetch, version: '2016-05-16' }).request(op());
    await new HttpClient(api(), { fetch, version: '2016-05-16' }).request(op(), {}, { version: '2015-07-01' });
    await new HttpClient(api(), { fetch }).request(op(), {}, { version: null });
    await new HttpClient(api(), { fetch, version: null }).request(op());
    expect(seen.map((s) => s.headers.get('SVC-VERSION'))).toEqual(['2017-08-07', '2016-05-16', '2015-07-01', null, null]);
  });

  it('sends nothing when the API has no version header', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await new HttpClient(api({ versioning: { current: '1' } }), { fetch }).request(op());
    expect([...seen[0]!.headers.keys()]).toEqual([]);
  });

  it('lets client and call headers through, call headers last', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await new HttpClient(api(), { fetch, headers: { 'X-A': '1', 'X-B': '1' } }).request(op(), {}, { headers: { 'X-B': '2' } });
    expect([seen[0]?.headers.get('x-a'), seen[0]?.headers.get('x-b')]).toEqual(['1', '2']);
  });
});

describe('servers', () => {
  const servers = [
    { url: 'https://api.example.com/v1', name: 'production' },
    { url: 'https://{region}.staging.example.com/v1', name: 'staging', variables: { region: { default: 'eu' } } },
    { url: 'http://127.0.0.1:4010' },
  ];

  it('sends to the first server, or to the one ClientOptions.server names (OpenAPI 3.2 server name), variables filled in', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await new HttpClient(api({ servers }), { fetch }).request(op());
    await new HttpClient(api({ servers }), { fetch, server: 'staging' }).request(op());
    await new HttpClient(api({ servers }), { fetch, server: 'staging', serverVariables: { region: 'us' } }).request(op());
    // baseUrl wins over a server name.
    await new HttpClient(api({ servers }), { fetch, server: 'staging', baseUrl: 'https://elsewhere.test' }).request(op());
    expect(seen.map((request) => new URL(request.url).origin + new URL(request.url).pathname)).toEqual([
      'https://api.example.com/v1/v2/things',
      'https://eu.staging.example.com/v1/v2/things',
      'https://us.staging.example.com/v1/v2/things',
      'https://elsewhere.test/v2/things',
    ]);
  });

  it('a name no server has is a TypeError at construction that lists the names', () => {
    expect(() => new HttpClient(api({ servers }), { server: 'prod' })).toThrow('Test API has no server named "prod"; its servers are "production", "staging"');
    expect(() => new HttpClient(api(), { server: 'prod' })).toThrow('Test API has no server named "prod"; its servers have no names');
  });
});

describe('warnings', () => {
  const warnings = [{ id: 'missing_version', message: 'Please supply API version (YYYY-MM-DD) as SVC-VERSION header', url: 'https://docs.example.com/versioning' }];

  it('collects body warnings into the result and calls onWarnings', async () => {
    const onWarnings = vi.fn();
    const { fetch } = fakeFetch(() => json({ data: {}, warnings: [...warnings, { message: 'no id' }] }));
    const result = await new HttpClient(api(), { fetch, onWarnings }).request(op({ operationId: 'getUser' }));
    expect(result.warnings).toEqual(warnings);
    expect(onWarnings).toHaveBeenCalledWith(warnings, 'getUser');
  });

  it('puts warnings on ApiError and does not call onWarnings when there are none', async () => {
    const onWarnings = vi.fn();
    const { fetch } = sequence(() => json({}), () => json({ errors: [{ id: 'not_found', message: '' }], warnings }, { status: 404 }));
    const client = new HttpClient(api(), { fetch, onWarnings });
    expect((await client.request(op())).warnings).toEqual([]);
    expect(onWarnings).not.toHaveBeenCalled();
    await expect(client.request(op())).rejects.toMatchObject({ warnings });
    expect(onWarnings).toHaveBeenCalledTimes(1);
  });
});

describe('responses', () => {
  const User = z.object({ data: z.object({ id: z.string(), name: z.string().default('anonymous') }) });
  const getUser = op({ operationId: 'getUser', responses: { '200': User, '4XX': z.object({ errors: z.array(z.unknown()) }) } });

  it('returns the validated data (zod output)', async () => {
    const { fetch } = fakeFetch(() => json({ data: { id: 'u1' } }, { headers: { 'x-request-id': 'r1' } }));
    const result = await new HttpClient(api(), { fetch }).request<z.infer<typeof User>>(getUser);
    expect(result.data).toEqual({ data: { id: 'u1', name: 'anonymous' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-request-id')).toBe('r1');
    expect(result.response).toBeInstanceOf(Response);
  });

  it('throws ResponseValidationError with issues when validation fails', async () => {
    const { fetch } = fakeFetch(() => json({ data: { id: 7 } }));
    const error = await new HttpClient(api(), { fetch }).request(getUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const rve = error as ResponseValidationError;
    expect([rve.operationId, rve.status, rve.body]).toEqual(['getUser', 200, { data: { id: 7 } }]);
    expect(rve.issues[0]?.path).toEqual(['data', 'id']);
    expect(rve.message).toMatch(/getUser.*data\.id/);
  });

  it('skips validation when turned off, per client or per call', async () => {
    const { fetch } = fakeFetch(() => json({ data: { id: 7 } }));
    expect((await new HttpClient(api(), { fetch, validateResponses: false }).request(getUser)).data).toEqual({ data: { id: 7 } });
    expect((await new HttpClient(api(), { fetch }).request(getUser, {}, { validateResponse: false })).data).toEqual({ data: { id: 7 } });
    const strict = new HttpClient(api(), { fetch, validateResponses: false });
    await expect(strict.request(getUser, {}, { validateResponse: true })).rejects.toBeInstanceOf(ResponseValidationError);
  });

  describe('tolerant validation (the default)', () => {
    const Account = z.object({
      id: z.string(),
      created_at: z.iso.datetime(),
      code: z.string().regex(/^[A-Z]{3}$/),
      balance: z.number().min(0),
      state: z.enum(['active', 'closed']),
      tags: z.array(z.string()).max(2),
      kind: z.union([z.literal('wallet'), z.literal('vault')]),
    });
    const getAccount = op({ operationId: 'getAccount', responses: { '200': Account } });
    const offRange = { id: 'a1', created_at: 'yesterday', code: 'usd', balance: -1, state: 'frozen', tags: ['a', 'b', 'c'], kind: 'other' };

    it('returns a body that fails only on formats, patterns, bounds and closed enums as it came, and reports the findings', async () => {
      const onValidationIssues = vi.fn();
      const { fetch } = fakeFetch(() => json(offRange));
      const result = await new HttpClient(api(), { fetch, onValidationIssues }).request(getAccount);
      expect(result.data).toEqual(offRange);
      expect(result.validationIssues?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['balance', 'code', 'created_at', 'kind', 'state', 'tags']);
      expect(onValidationIssues).toHaveBeenCalledWith(expect.objectContaining({ operationId: 'getAccount', status: 200 }));
    });

    it('still throws on a wrong type or a missing required property', async () => {
      for (const body of [{ ...offRange, balance: '12' }, { ...offRange, id: undefined }, { ...offRange, tags: 'a' }]) {
        const { fetch } = fakeFetch(() => json(body));
        await expect(new HttpClient(api(), { fetch }).request(getAccount)).rejects.toBeInstanceOf(ResponseValidationError);
      }
    });

    it("throws on any failure in 'strict' mode (also `true`), per client or per call", async () => {
      const { fetch } = fakeFetch(() => json(offRange));
      await expect(new HttpClient(api(), { fetch, validateResponses: 'strict' }).request(getAccount)).rejects.toBeInstanceOf(ResponseValidationError);
      await expect(new HttpClient(api(), { fetch, validateResponses: true }).request(getAccount)).rejects.toBeInstanceOf(ResponseValidationError);
      await expect(new HttpClient(api(), { fetch }).request(getAccount, {}, { validateResponse: 'strict' })).rejects.toBeInstanceOf(ResponseValidationError);
    });

    it('returns validated (zod output) data with no findings when the body passes', async () => {
      const { fetch } = fakeFetch(() => json({ ...offRange, created_at: '2024-01-01T00:00:00Z', code: 'USD', balance: 1, state: 'active', tags: [], kind: 'vault' }));
      const result = await new HttpClient(api(), { fetch }).request(getAccount);
      expect(result.validationIssues).toBeUndefined();
    });
  });

  it('falls back to the status range, then default', async () => {
    const ranged = op({ responses: { '2XX': z.object({ a: z.number() }), default: z.unknown() } });
    const { fetch } = sequence(() => json({ a: '1' }, { status: 201 }));
    await expect(new HttpClient(api(), { fetch }).request(ranged)).rejects.toBeInstanceOf(ResponseValidationError);
    const byDefault = op({ responses: { default: z.object({ a: z.string() }) } });
    await expect(new HttpClient(api(), { fetch }).request(byDefault)).resolves.toMatchObject({ data: { a: '1' } });
  });

  it('gives undefined for 204 and empty bodies, text for text, raw JSON without validator', async () => {
    const { fetch } = sequence(
      () => new Response(null, { status: 204 }),
      () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } }),
      () => new Response('hello', { status: 200, headers: { 'content-type': 'text/plain' } }),
      () => json({ any: 'thing' }),
    );
    const client = new HttpClient(api(), { fetch });
    const deleteOp = op({ method: 'DELETE', responses: { '204': undefined } });
    const results = [await client.request(deleteOp), await client.request(op()), await client.request(op()), await client.request(op())];
    expect(results.map((r) => r.data)).toEqual([undefined, undefined, 'hello', { any: 'thing' }]);
  });
});

describe('timeouts and aborts', () => {
  /** A fetch that only ends when its request is aborted. */
  const hanging = () =>
    fakeFetch(
      (seen) =>
        new Promise<Response>((_resolve, reject) => {
          seen.request.signal.addEventListener('abort', () => reject(seen.request.signal.reason));
        }),
    );

  it('turns a timeout into TimeoutError and does not retry it', async () => {
    const { fetch, seen } = hanging();
    const error = await new HttpClient(api(), { fetch, clock: fakeClock() }).request(op({ operationId: 'slow' }), {}, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe('slow timed out after 20 ms');
    expect((error as TimeoutError).cause).toBeDefined();
    expect(seen).toHaveLength(1);
  });

  it('uses the client timeoutMs by default', async () => {
    const { fetch } = hanging();
    await expect(new HttpClient(api(), { fetch, timeoutMs: 10 }).request(op())).rejects.toBeInstanceOf(TimeoutError);
  });

  it('counts back-off sleeps against the timeout', async () => {
    const { fetch, seen } = sequence(() => json({}, { status: 503, headers: { 'retry-after': '5' } }));
    // A sleep that ends only when the deadline aborts it: the 5 s back-off must be cut short, not waited out.
    const sleeps: { ms: number; cut: boolean }[] = [];
    const clock = {
      now: () => Date.now(),
      sleep: (ms: number, signal?: AbortSignal) =>
        new Promise<void>((_, reject) => {
          const entry = { ms, cut: false };
          sleeps.push(entry);
          signal?.addEventListener('abort', () => {
            entry.cut = true;
            reject(signal.reason);
          });
        }),
    };
    await expect(new HttpClient(api(), { fetch, clock }).request(op(), {}, { timeoutMs: 30 })).rejects.toBeInstanceOf(TimeoutError);
    expect(sleeps).toEqual([{ ms: 5000, cut: true }]);
    expect(seen).toHaveLength(1);
  });

  it("rethrows the caller's AbortError and does not retry", async () => {
    const { fetch, seen } = hanging();
    const controller = new AbortController();
    const pending = new HttpClient(api(), { fetch, clock: fakeClock() }).request(op(), {}, { signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });

  it('stops a back-off sleep when the caller aborts', async () => {
    const controller = new AbortController();
    const { fetch, seen } = sequence(() => {
      controller.abort(new Error('user left'));
      return json({}, { status: 503 });
    });
    await expect(new HttpClient(api(), { fetch, clock: fakeClock() }).request(op(), {}, { signal: controller.signal })).rejects.toThrow('user left');
    expect(seen).toHaveLength(1);
  });

  it('does not send at all with an already aborted signal', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    await expect(new HttpClient(api(), { fetch }).request(op(), {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
    expect(ApiError.is(undefined)).toBe(false);
  });
});

describe('the fetch a call goes through', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands the global fetch the URL and init (it makes the Request itself, once), looked up at call time', async () => {
    const calls: { input: unknown; init: RequestInit | undefined }[] = [];
    const client = new HttpClient(api(), { headers: { 'X-A': '1' } });
    vi.stubGlobal('fetch', async (input: unknown, init?: RequestInit) => {
      calls.push({ input, init });
      return json({ ok: true });
    });
    const result = await client.request(op());
    expect(result.data).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    const [{ input, init }] = calls as [{ input: unknown; init: RequestInit }];
    expect(typeof input).toBe('string');
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).get('x-a')).toBe('1');
    // No deadline was asked for, so fetch follows no signal.
    expect(init.signal).toBeUndefined();
  });

  it('gives fetch no signal for a call that has neither a timeout nor a caller signal, and retries it all the same', async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    let attempts = 0;
    vi.stubGlobal('fetch', async (_input: unknown, init?: RequestInit) => {
      signals.push(init?.signal);
      attempts += 1;
      if (attempts === 1) throw new TypeError('fetch failed');
      return json({ ok: true });
    });
    const caller = new AbortController();
    // No timeout is the default; `0` says so explicitly and overrides the client's.
    const client = new HttpClient(api(), { clock: fakeClock() });
    expect((await client.request(op())).data).toEqual({ ok: true });
    await client.request(op(), {}, { signal: caller.signal });
    await client.request(op(), {}, { timeoutMs: 1_000 });
    await new HttpClient(api(), { timeoutMs: 1_000 }).request(op(), {}, { timeoutMs: 0 });
    expect(signals.map((signal) => signal instanceof AbortSignal)).toEqual([false, false, true, true, false]);
  });

  it('hands ClientOptions.fetch one Request per attempt, with the deadline as its signal', async () => {
    const received: unknown[][] = [];
    const fetch = async (...args: unknown[]): Promise<Response> => {
      received.push(args);
      return json({});
    };
    await new HttpClient(api(), { fetch, headers: { 'X-A': '1' } }).request(op(), {}, { timeoutMs: 5_000 });
    expect(received).toHaveLength(1);
    const [[request, ...rest]] = received as [[Request, ...unknown[]]];
    expect(request).toBeInstanceOf(Request);
    expect(rest).toEqual([]);
    expect(request.headers.get('x-a')).toBe('1');
    expect(request.signal.aborted).toBe(false);
  });
});

describe("an operation's features (OperationSpec.uses)", () => {
  it('signs through the resolver the operation carries, and refuses an operation with security but no resolver', async () => {
    const { fetch, seen } = sequence(() => json({ ok: true }));
    const client = new HttpClient(api(), { fetch, apiKey: { key: 'k', secret: 's' }, syncTime: 'never' });
    await client.request(op({ security: [{ apiKey: [] }] }));
    expect(seen[0]!.headers.get('svc-access-sign')).toMatch(/^[0-9a-f]{64}$/);
    const bare = op({ operationId: 'bare', security: [{ apiKey: [] }] });
    delete (bare as { uses?: unknown }).uses;
    await expect(client.request(bare)).rejects.toThrow('bare has security requirements but no uses.security');
    // A public operation needs none.
    await client.request({ ...op(), uses: {} });
    expect(seen).toHaveLength(2);
  });

  it('fills an x-idempotency token through the function the operation carries, and refuses an operation that declares one without it', async () => {
    const { fetch, seen } = sequence(() => json({ ok: true }));
    const client = new HttpClient(api(), { fetch });
    const idempotency = { field: 'Idem-Token', in: 'header' } as const;
    await client.request(op({ method: 'POST', idempotency }));
    expect(seen[0]!.headers.get('idem-token')).toMatch(/^[0-9a-f-]{36}$/);
    await expect(client.request({ ...op({ operationId: 'bare', method: 'POST', idempotency }), uses: {} })).rejects.toThrow(
      'bare declares x-idempotency but has no uses.idempotency (applyIdempotency)',
    );
    // A caller's key needs none: it goes in the Idempotency-Key header.
    await client.request({ ...op({ method: 'POST' }), uses: {} }, {}, { idempotencyKey: 'k-1' });
    expect(seen[1]!.headers.get('idempotency-key')).toBe('k-1');
  });

  it('checks a request through the checker the operation carries, and refuses validators without one', async () => {
    const { fetch, seen } = sequence(() => json({ ok: true }));
    const client = new HttpClient(api(), { fetch, validateRequests: true });
    const parameters = { safeParse: (value: unknown) => ({ success: false as const, error: { issues: [{ code: 'custom' as const, path: ['id'], message: 'bad id', input: value }] } }) };
    await expect(client.request(op({ validators: { parameters } }))).rejects.toMatchObject({ name: 'RequestValidationError' });
    await expect(client.request({ ...op({ operationId: 'bare', validators: { parameters } }), uses: {} })).rejects.toThrow(
      'bare has request validators but no uses.validateRequest (validateRequest)',
    );
    // Without validators there is nothing to check, and nothing is needed.
    await client.request({ ...op(), uses: {} });
    expect(seen).toHaveLength(1);
  });

  it('pages through the walk the operation carries, and refuses to page without one', () => {
    const client = new HttpClient(api(), { fetch: sequence(() => json({ data: [] })).fetch });
    const pagination = { style: 'token', itemsField: 'data', nextTokenField: 'next', tokenParam: 'token' } as const;
    expect(() => client.paginate({ ...op({ operationId: 'list', pagination }), uses: {} })).toThrow('list has no uses.pagination (pageWalk)');
    expect(() => client.paginate(op({ operationId: 'single' }))).toThrow('single is not paginated');
  });
});
