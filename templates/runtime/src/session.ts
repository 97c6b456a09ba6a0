/**
 * What a call that sends a bearer token or a signature needs beyond the client's core: the token
 * (refreshed once when the API answers that it expired), the signature of each attempt, and the
 * server's clock (synced before the first signed request, or corrected after a 401). The security
 * resolver hands it to the client (`ResolvedSecurity.session`), so that a program whose calls are
 * public, or send fixed keys only, bundles none of it.
 */
import type { ResolvedSecurity } from './auth.js';
import { parseHttpDate } from './clock.js';
import { abortable } from './deadline.js';
import { readPath } from './dot-path.js';
import type { BodyBytes } from './encoding.js';
import type { ApiError } from './errors.js';
import type {
  ApiInfo,
  ApiSpec,
  ClientOptions,
  Clock,
  HmacSignatureSpec,
  OperationSpec,
  TokenRefreshSpec,
} from './types.js';

/** What a session reads and changes of the client that sends the call. */
export interface SessionHost {
  /** The client: what the session keeps across its calls (the token, the time sync) is kept per client. */
  readonly client: object;
  readonly api: ApiInfo;
  readonly options: ClientOptions;
  readonly clock: Clock;
  /** Local time corrected by the learned server offset. */
  now(): number;
  /** The learned server offset, in ms. */
  offsetMs(): number;
  /** Moves the learned server offset by `ms`. */
  shiftClock(ms: number): void;
  /** The client's own request of the server-time operation: no time sync, no request validation, the body as it came. */
  serverTimeRequest(op: OperationSpec, signal: AbortSignal | undefined): Promise<{ headers: Headers; body: unknown }>;
}

/** One call's session: the headers of each attempt, and the recoveries after an error answer, each at most once. */
export interface CallSession {
  /** Authorization and signature headers of an attempt (the token may have been refreshed, and a signature needs a new timestamp). */
  headers(attempt: { method: string; requestPath: string; body: BodyBytes | undefined }): Promise<[string, string][]>;
  /** After an error answer: true when the call should go again (the token was refreshed, or the clock corrected). */
  recover(error: ApiError, response: Response): Promise<boolean>;
}

/** `ResolvedSecurity.session`. */
export type SessionStarter = (init: {
  host: SessionHost;
  op: OperationSpec;
  security: ResolvedSecurity;
  /** The client's own request (server time): it must not sync the time again. */
  internal: boolean;
  signal: AbortSignal | undefined;
}) => CallSession;

/** What a client keeps across its calls. */
interface ClientState {
  refreshedToken?: string | undefined;
  refreshing?: Promise<string> | undefined;
  timeSync?: Promise<void> | undefined;
}

const states = new WeakMap<object, ClientState>();

function stateOf(host: SessionHost): ClientState {
  let state = states.get(host.client);
  if (!state) states.set(host.client, (state = {}));
  return state;
}

const DEFAULT_MAX_SKEW_SECONDS = 30;

const matchesRefresh = (spec: TokenRefreshSpec, error: ApiError): boolean =>
  error.status === spec.status && error.ids.some((id) => spec.errorIds.includes(id));

/** A number or numeric string; anything else is NaN. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

export const startSession: SessionStarter = ({ host, op, security, internal, signal }) => {
  const syncMode = host.options.syncTime ?? 'auto';
  const recovered = { token: false, clock: false };
  /** The token the last attempt sent: a refresh replaces it unless another call did already. */
  let token: string | undefined;
  return {
    async headers(attempt) {
      const { hmac, sign, bearer } = security;
      if (hmac && syncMode === 'always' && !internal)
        await abortable(syncTimeOnce(host, hmac, op.uses?.serverTime), signal);
      const pairs: [string, string][] = [];
      if (bearer) {
        token = await currentToken(host);
        if (token !== undefined) pairs.push(['authorization', `Bearer ${token}`]);
      }
      const apiKey = host.options.apiKey;
      if (hmac && sign && apiKey) {
        const signed = await sign({
          hmac,
          key: apiKey.key,
          secret: apiKey.secret,
          nowMs: host.now(),
          method: attempt.method,
          requestPath: attempt.requestPath,
          ...(attempt.body === undefined ? {} : { body: attempt.body }),
        });
        pairs.push(...signed);
      }
      return pairs;
    },
    async recover(error, response) {
      if (
        !recovered.token &&
        security.bearer &&
        host.options.refreshAccessToken &&
        matchesRefresh(security.bearer, error)
      ) {
        recovered.token = true;
        await refreshToken(host, token);
        return true;
      }
      if (!recovered.clock && security.hmac && error.status === 401 && syncMode === 'auto' && !internal) {
        recovered.clock = true;
        return correctClock({ host, hmac: security.hmac, serverTime: op.uses?.serverTime, response, signal });
      }
      return false;
    },
  };
};

async function currentToken(host: SessionHost): Promise<string | undefined> {
  const refreshed = stateOf(host).refreshedToken;
  if (refreshed !== undefined) return refreshed;
  const source = host.options.accessToken;
  return typeof source === 'function' ? await source() : source;
}

/** One refresh for all calls that saw the same expired token. */
async function refreshToken(host: SessionHost, used: string | undefined): Promise<void> {
  const refresh = host.options.refreshAccessToken;
  if (!refresh) return;
  const state = stateOf(host);
  // Another call already replaced the token this one used: just retry with the new one.
  if (state.refreshedToken !== undefined && state.refreshedToken !== used) return;
  state.refreshing ??= refresh()
    .then((fresh) => {
      state.refreshedToken = fresh;
      return fresh;
    })
    .finally(() => {
      state.refreshing = undefined;
    });
  await state.refreshing;
}

/** `syncTime: 'always'`: one server-time request before the first signed request, shared by concurrent calls. */
function syncTimeOnce(
  host: SessionHost,
  hmac: HmacSignatureSpec,
  serverTime: OperationSpec | undefined,
): Promise<void> {
  const state = stateOf(host);
  state.timeSync ??= serverSkew(host, hmac, serverTime).then(
    (skew) => {
      if (skew !== undefined) host.shiftClock(skew);
    },
    (error: unknown) => {
      // Forget the failure so that the next call tries again.
      state.timeSync = undefined;
      throw error;
    },
  );
  return state.timeSync;
}

/**
 * `syncTime: 'auto'` after a 401 on a signed request: true (and the offset corrected) when the
 * response `Date`, or else the server-time operation, shows the local clock off by more than maxSkewSeconds.
 */
async function correctClock(init: {
  host: SessionHost;
  hmac: HmacSignatureSpec;
  serverTime: OperationSpec | undefined;
  response: Response;
  signal: AbortSignal | undefined;
}): Promise<boolean> {
  const { host } = init;
  const maxSkewMs = (init.hmac.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS) * 1000;
  const date = parseHttpDate(init.response.headers.get('date'));
  let skew: number | undefined;
  if (date !== undefined) {
    skew = date - host.now();
  } else {
    try {
      skew = await serverSkew(host, init.hmac, init.serverTime, init.signal);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      // No server time to be had: the 401 stands.
      return false;
    }
  }
  if (skew === undefined || Math.abs(skew) <= maxSkewMs) return false;
  host.shiftClock(skew);
  return true;
}

/**
 * Server time minus corrected local time, in ms, from `hmac.serverTimeOperation`
 * (`serverTimeField`, epoch seconds; without it the response `Date`); undefined when no operation is named.
 */
async function serverSkew(
  host: SessionHost,
  hmac: HmacSignatureSpec,
  serverTime: OperationSpec | undefined,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const name = hmac.serverTimeOperation;
  if (name === undefined) return undefined;
  // The signed operation names it (`uses.serverTime`); else `apiInfo` carries it, or an `api` among all of them.
  const { api } = host;
  const operations = {
    ...('operations' in api ? (api as ApiSpec).operations : {}),
    ...api.runtimeOperations,
  };
  const op =
    serverTime ?? operations[name] ?? Object.values(operations).find((candidate) => candidate.operationId === name);
  if (!op) throw new TypeError(`Server time operation "${name}" is not an operation of ${api.title}`);
  const before = host.clock.now();
  const answer = await host.serverTimeRequest(op, signal);
  // The server read its clock somewhere between sending and receiving; assume the middle.
  const local = (host.clock.now() + before) / 2 + host.offsetMs();
  const serverMs =
    hmac.serverTimeField === undefined
      ? parseHttpDate(answer.headers.get('date'))
      : toNumber(readPath(answer.body, hmac.serverTimeField)) * 1000;
  if (serverMs === undefined || !Number.isFinite(serverMs)) {
    throw new TypeError(`${name} returned no server time at ${hmac.serverTimeField ?? 'the Date header'}`);
  }
  return serverMs - local;
}
