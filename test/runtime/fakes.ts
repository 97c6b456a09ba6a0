/** Test doubles shared by the runtime tests: a recording fetch, a fake clock, spec builders. */
import { applyIdempotency, pageWalk, refuseStreamAnswer, resolveSecurity, validateRequest, type ApiSpec, type Clock, type OperationSpec } from '../../templates/runtime/src/index.js';

/** One request as the fake fetch saw it, body already read. */
export interface Seen {
  request: Request;
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

export type Handler = (seen: Seen, index: number) => Response | Promise<Response>;

/** A fetch that records every request and answers with `handler`. */
export function fakeFetch(handler: Handler): { fetch: typeof globalThis.fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const entry: Seen = {
      request,
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: await request.clone().text(),
    };
    seen.push(entry);
    return handler(entry, seen.length - 1);
  };
  return { fetch, seen };
}

/** A fetch that answers each request with the next response of the list (the last one repeats). */
export function sequence(...responses: (() => Response)[]): { fetch: typeof globalThis.fetch; seen: Seen[] } {
  return fakeFetch((_seen, index) => {
    const make = responses[Math.min(index, responses.length - 1)];
    if (!make) throw new Error('no response');
    return make();
  });
}

/** A JSON response. */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** A clock that never waits: `sleep` records the delay and moves time forward. */
export function fakeClock(startMs = 1_700_000_000_000): Clock & { delays: number[]; time: number } {
  const clock = {
    time: startMs,
    delays: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number, signal?: AbortSignal): Promise<void> => {
      if (signal?.aborted) throw signal.reason;
      clock.delays.push(ms);
      clock.time += ms;
    },
  };
  return clock;
}

/** An operation with neutral defaults, and the runtime's features its security, pagination, idempotency, request validation and a stream beside the body use, as generated operations carry them. */
export function op(overrides: Partial<OperationSpec> = {}): OperationSpec {
  return {
    operationId: 'testOp',
    method: 'GET',
    path: '/v2/things',
    tags: [],
    deprecated: false,
    parameters: [],
    security: [],
    validators: {},
    responses: {},
    uses: { security: resolveSecurity, pagination: pageWalk, idempotency: applyIdempotency, validateRequest, streamAlternative: refuseStreamAnswer },
    ...overrides,
  };
}

export const HMAC = {
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
  keyHeader: 'SVC-ACCESS-KEY',
  signatureHeader: 'SVC-ACCESS-SIGN',
  timestampHeader: 'SVC-ACCESS-TIMESTAMP',
  timestampUnit: 'seconds',
  message: ['timestamp', 'method', 'requestPath', 'body'],
  maxSkewSeconds: 30,
  serverTimeOperation: 'getTime',
  serverTimeField: 'data.epoch',
} as const;

export const getTime = op({ operationId: 'getTime', path: '/v2/time' });

/** An API shaped like the seed's v2 service: HMAC api key, OAuth2, versioning, two-factor. */
export function api(overrides: Partial<ApiSpec> = {}): ApiSpec {
  return {
    title: 'Test API',
    version: '2.0.0',
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'https://api.example.com' } } }],
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'SVC-ACCESS-KEY', hmac: HMAC },
      oauth2: { type: 'oauth2', tokenRefresh: { status: 401, errorIds: ['expired_token'] } },
    },
    versioning: { header: 'SVC-VERSION', current: '2017-08-07' },
    twoFactor: { status: 402, errorId: 'two_factor_required', header: 'SVC-2FA-Token' },
    operations: { getTime },
    ...overrides,
  };
}
