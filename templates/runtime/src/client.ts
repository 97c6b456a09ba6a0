/**
 * The HttpClient core: turns an `OperationSpec` plus input into a signed `Request`, sends it,
 * recovers where the API says how (token refresh, clock skew, two-factor, back-off), and
 * returns validated data or throws a typed error.
 */
import type { ResolvedSecurity } from './auth.js';
import { systemClock } from './clock.js';
import { Deadline, hasTimeout } from './deadline.js';
import {
  buildPath,
  expandServerUrl,
  isJsonMediaType,
  joinUrl,
  mediaType,
  serializeCookies,
  serializeHeaders,
  serializeQuery,
  type BodyBytes,
  type EncodedBody,
} from './encoding.js';
import { ApiError, NetworkError, ResponseValidationError } from './errors.js';
import { withCallerKey, type IdempotentParts } from './idempotency.js';
import { collectWarnings, declaredMediaType, errorBody, hasNoBody, readBody, selectValidator } from './response.js';
import {
  backoffDelay,
  isNetworkError,
  isSafeMethod,
  parseRetryAfter,
  resolveRetryPolicy,
  retryDelay,
  RETRYABLE_STATUSES,
  type RetryPolicy,
} from './retry.js';
import { checkCallOptions, checkClientOptions } from './options.js';
import { checkByMode, responseValidationMode } from './tolerance.js';
import type { CallSession, SessionHost } from './session.js';
import type {
  ApiResult,
  ApiInfo,
  ApiWarning,
  CallOptions,
  ClientOptions,
  Clock,
  FetchLike,
  OperationFeatures,
  OperationSpec,
  PageWalk,
  RequestInput,
  ResponseValidationIssues,
} from './types.js';

/** The parts of a request that stay the same over every attempt of one call. */
interface PreparedRequest {
  url: string;
  /** Pathname plus query string, as signed. */
  requestPath: string;
  headers: Headers;
  body: BodyBytes | undefined;
  idempotent: boolean;
}

/** What one attempt hands to fetch. */
interface AttemptRequest {
  url: string;
  init: RequestInit;
}

/** What a call without a body sends. */
const NO_BODY: EncodedBody = { body: undefined, contentType: undefined };

/** One call as the internals see it. */
interface Call {
  op: OperationSpec;
  input: RequestInput;
  call: CallOptions;
  /** True for the client's own server-time requests, which must not trigger time sync again. */
  internal: boolean;
  /** A streamed response: a 2xx body is left unread for the caller. */
  stream?: boolean;
}

/** A successful call plus its unvalidated body, which pagination reads its controls from. */
interface Outcome<T> {
  result: ApiResult<T>;
  raw: unknown;
}

function defaultBaseUrl(
  api: ApiInfo,
  name: string | undefined,
  variables: Readonly<Record<string, string>> | undefined,
): string {
  const server = name === undefined ? api.servers[0] : api.servers.find((candidate) => candidate.name === name);
  if (!server) {
    if (name === undefined) throw new TypeError(`${api.title} declares no server; pass ClientOptions.baseUrl`);
    const named = api.servers.flatMap((candidate) => (candidate.name === undefined ? [] : [`"${candidate.name}"`]));
    throw new TypeError(
      `${api.title} has no server named "${name}"; ${named.length > 0 ? `its servers are ${named.join(', ')}` : 'its servers have no names'}`,
    );
  }
  return expandServerUrl(server, variables);
}

/** What a public operation sends: no credentials. */
const PUBLIC: ResolvedSecurity = { schemes: [], headers: [], query: [], cookies: [] };

/** The credentials of `op`'s security that `credentials` can satisfy, through the operation's own resolver (`uses.security`). */
function securityOf(api: ApiInfo, op: OperationSpec, credentials: ClientOptions): ResolvedSecurity {
  if (op.security.length === 0) return PUBLIC;
  const resolve = featureOf(op, 'security', 'resolveSecurity', 'has security requirements but no');
  return resolve({ api, requirements: op.security, credentials });
}

/** `uses.pagination` of a paginated operation. */
function pageWalkOf(op: OperationSpec): PageWalk {
  if (!op.pagination) throw new TypeError(`${op.operationId} is not paginated`);
  return featureOf(op, 'pagination', 'pageWalk', 'has no');
}

/**
 * The runtime code `op` carries for `feature` (`OperationSpec.uses`), which generated operations
 * carry wherever they need it.
 *
 * @throws TypeError for an operation written without it: `<operationId> <lacking> uses.<feature> (<name>)…`.
 */
function featureOf<K extends keyof OperationFeatures>(
  op: OperationSpec,
  feature: K,
  name: string,
  lacking: string,
): NonNullable<OperationFeatures[K]> {
  const carried = op.uses?.[feature];
  if (carried === undefined)
    throw new TypeError(`${op.operationId} ${lacking} uses.${feature} (${name}): generated operations carry it`);
  return carried as NonNullable<OperationFeatures[K]>;
}

/** An error body parsed by the schema declared for its status when it matches; as received otherwise (an error must not hide behind a validation failure). */
function declaredErrorBody(op: OperationSpec, status: number, body: unknown): { body: unknown; matched: boolean } {
  const { found, schema } = selectValidator(op.responses, status);
  // A declared status without a body matches when none came.
  if (!schema) return { body, matched: found && body === undefined };
  if (body === undefined) return { body, matched: false };
  const parsed = schema.safeParse(body);
  return parsed.success ? { body: parsed.data, matched: true } : { body, matched: false };
}

/**
 * Sends the operations of one API. Generated clients hold one and call `request`,
 * `paginate` or `pages` with their `OperationSpec` literals.
 *
 * @example
 * const client = new HttpClient(api, { apiKey: { key, secret } });
 * const { data } = await client.request<User>(api.operations.getCurrentUser);
 * for await (const buy of client.paginate<Buy>(api.operations.listBuys, { path: { account_id } })) { ... }
 */
export class HttpClient {
  readonly api: ApiInfo;
  /** The resolved base URL, without trailing slash. */
  readonly baseUrl: string;
  /** The options the client was made with, as given. */
  readonly options: ClientOptions;
  /** `ClientOptions.fetch`; without it, the global fetch is called with the URL and init, so that the Request is made once (by fetch). */
  private readonly customFetch: FetchLike | undefined;
  /** The clock the client waits on (retries, back-off, reconnecting streams): `ClientOptions.clock`, or the real one. */
  readonly clock: Clock;
  private readonly random: () => number;
  private readonly retryPolicy: RetryPolicy;
  private offsetMs = 0;

  constructor(api: ApiInfo, options: ClientOptions = {}) {
    checkClientOptions(options);
    this.api = api;
    this.options = options;
    this.baseUrl =
      options.baseUrl !== undefined
        ? options.baseUrl.replace(/\/+$/, '')
        : defaultBaseUrl(api, options.server, options.serverVariables);
    this.customFetch = options.fetch;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.retryPolicy = resolveRetryPolicy(options.retry);
  }

  /** Milliseconds added to the local clock to match the server's, as learned by time sync. */
  get clockOffsetMs(): number {
    return this.offsetMs;
  }

  /**
   * Sends one operation.
   *
   * @throws ApiError for a non-2xx response, ResponseValidationError for a 2xx body that fails
   * its schema, NetworkError, TimeoutError, TypeError for input that cannot be sent, and the
   * caller's abort reason when `options.signal` aborts.
   */
  async request<T>(op: OperationSpec, input: RequestInput = {}, options: CallOptions = {}): Promise<ApiResult<T>> {
    return (await this.execute<T>({ op, input, call: options, internal: false })).result;
  }

  /**
   * Sends an operation whose response is streamed and resolves once the response has arrived:
   * a 2xx `Response` with its body unread (the call's signal still cancels reading it), or
   * what `request` throws for any other. The timeout applies until the response arrives.
   * `streamOperation` reads the items.
   */
  async openStream(op: OperationSpec, input: RequestInput = {}, options: CallOptions = {}): Promise<Response> {
    return (await this.execute<unknown>({ op, input, call: options, internal: false, stream: true })).result.response;
  }

  /**
   * Every page of a paginated operation (`x-pagination`), starting from `input`.
   *
   * @throws TypeError at once when the operation is not paginated.
   */
  pages<TPage>(
    op: OperationSpec,
    input: RequestInput = {},
    options: CallOptions = {},
  ): AsyncIterableIterator<ApiResult<TPage>> {
    return this.walkPages<TPage>(op, pageWalkOf(op), input, options);
  }

  /**
   * Every item of a paginated operation, across pages, fetched as they are consumed.
   *
   * @example for await (const buy of client.paginate<Buy>(op, { query: { limit: 100 } })) console.log(buy.id);
   * @throws TypeError at once when the operation is not paginated.
   */
  paginate<TItem>(
    op: OperationSpec,
    input: RequestInput = {},
    options: CallOptions = {},
  ): AsyncIterableIterator<TItem> {
    const walk = pageWalkOf(op);
    const spec = op.pagination!;
    const pages = this.walkPages<unknown>(op, walk, input, options);
    return (async function* items(): AsyncGenerator<TItem, void, undefined> {
      // The item type is the generated client's promise, as for `request<T>`.
      for await (const page of pages) yield* walk.items(spec, page.data) as TItem[];
    })();
  }

  private async *walkPages<TPage>(
    op: OperationSpec,
    walk: PageWalk,
    input: RequestInput,
    call: CallOptions,
  ): AsyncGenerator<ApiResult<TPage>, void, undefined> {
    let next: RequestInput | undefined = input;
    while (next) {
      const { result, raw } = await this.execute<TPage>({ op, input: next, call, internal: false });
      yield result;
      // The raw body: a response schema that strips unknown keys must not end the walk early.
      next = walk.next({ op, input: next, body: raw });
    }
  }

  /** One call under one deadline (caller signal + timeout), retries and back-off included. */
  private async execute<T>(current: Call): Promise<Outcome<T>> {
    checkCallOptions(current.call);
    if (!current.internal && (current.call.validateRequest ?? this.options.validateRequests ?? false))
      checkRequest(current.op, current.input);
    // No deadline unless one is asked for, as with fetch itself: Node 20's fetch wires every signal it is given into the request (about 15 µs a call), and the platform bounds a silent server already (Node: 300 s for headers and for the body).
    const timeoutMs = current.call.timeoutMs ?? this.options.timeoutMs ?? 0;
    // A call with neither a timeout nor the caller's signal has nothing that can abort it: no controller, no timer, no signal for fetch to follow.
    // Awaited: an async function that returns a promise takes two more turns of the microtask queue to settle.
    if (!current.call.signal && !hasTimeout(timeoutMs)) return await this.run<T>(current, undefined);
    const deadline = new Deadline({
      operationId: current.op.operationId,
      timeoutMs,
      ...(current.call.signal ? { signal: current.call.signal } : {}),
    });
    try {
      return await this.run<T>(current, deadline.signal);
    } catch (error) {
      throw deadline.translate(error);
    } finally {
      deadline.dispose();
    }
  }

  private async run<T>(current: Call, signal: AbortSignal | undefined): Promise<Outcome<T>> {
    const { op, call } = current;
    const security = securityOf(this.api, op, this.options);
    const preparing = this.prepare(current, security);
    // Prepared at once unless a body had to be encoded: no turn of the microtask queue for a call without one.
    const prepared = preparing instanceof Promise ? await preparing : preparing;
    const retryable = isSafeMethod(op.method) || prepared.idempotent;
    // A bearer token or a signature: the security resolver brings what sends and recovers them.
    const session = security.session?.({ host: this.sessionHost(), op, security, internal: current.internal, signal });
    const twoFactor = this.api.twoFactor;
    let twoFactorAsked = false;
    let twoFactorToken: string | undefined;
    let retries = 0;

    for (;;) {
      // A fetch implementation may ignore the signal; never start an attempt that is already cancelled.
      signal?.throwIfAborted();
      const building = this.attemptRequest({ op, prepared, session, twoFactorToken, signal });
      const request = building instanceof Promise ? await building : building;

      let response: Response;
      let body: unknown;
      let streamed = false;
      try {
        // The global fetch is looked up at call time, so one replaced after construction (test stubs, polyfills) is used.
        response = await (this.customFetch
          ? this.customFetch(new Request(request.url, request.init))
          : globalThis.fetch(request.url, request.init));
        streamed = current.stream === true && response.ok;
        // The stream of an operation that offers one beside its body, answered where the body was asked for.
        const refusal = !streamed && response.ok && op.streamAlternative ? streamRefusal(op, response) : undefined;
        if (refusal) {
          // Not awaited: a body that is one branch of a tee (MSW, a service worker) settles its cancel only with the other.
          void response.body?.cancel().catch(() => undefined);
          throw refusal;
        }
        if (!streamed)
          body = await readBody(response, op.method, declaredMediaType(op.responseMediaTypes, response.status));
      } catch (error) {
        // Aborts and timeouts are final; only a failed network is worth another try.
        if (signal?.aborted || !isNetworkError(error)) throw error;
        if (!retryable || retries >= this.retryPolicy.maxRetries)
          throw new NetworkError({ operationId: op.operationId, cause: error });
        await this.clock.sleep(
          backoffDelay({ attempt: retries, policy: this.retryPolicy, random: this.random }),
          signal,
        );
        retries += 1;
        continue;
      }

      if (streamed) {
        // The body is the caller's to read (streamOperation): nothing here touches it.
        const result: ApiResult<T> = {
          data: undefined as T,
          status: response.status,
          headers: response.headers,
          warnings: [],
          response,
        };
        return { result, raw: undefined };
      }
      if (response.ok) return this.succeed<T>({ op, call, response, body });

      const declared = declaredErrorBody(op, response.status, errorBody(body));
      const error = new ApiError({
        status: response.status,
        operationId: op.operationId,
        body: declared.body,
        bodyMatchesSchema: declared.matched,
        response,
        warnings: collectWarnings(declared.body),
      });

      // Each recovery runs at most once per call: a second identical failure is the answer.
      if (session && (await session.recover(error, response))) continue;
      if (!twoFactorAsked && twoFactor && error.status === twoFactor.status && error.ids.includes(twoFactor.errorId)) {
        twoFactorAsked = true;
        const next =
          call.twoFactorToken ?? (await this.options.twoFactorToken?.({ operationId: op.operationId, error }));
        if (next) {
          twoFactorToken = next;
          continue;
        }
      }
      if (RETRYABLE_STATUSES.has(error.status) && retryable && retries < this.retryPolicy.maxRetries) {
        const retryAfterMs = parseRetryAfter({ value: response.headers.get('retry-after'), nowMs: this.now() });
        const delay = retryDelay({ attempt: retries, policy: this.retryPolicy, random: this.random, retryAfterMs });
        if (delay !== undefined) {
          await this.clock.sleep(delay, signal);
          retries += 1;
          continue;
        }
      }
      this.notify(error.warnings, op.operationId);
      throw error;
    }
  }

  /**
   * URL, headers and body of a call, built once so that every retry sends the same bytes and
   * idempotency token. At once where there is no body to encode (encoding a body may wait).
   */
  private prepare(current: Call, security: ResolvedSecurity): PreparedRequest | Promise<PreparedRequest> {
    const { op, input, call } = current;
    const path = buildPath({
      template: op.path,
      values: input.path ?? {},
      parameters: op.parameters,
      operationId: op.operationId,
    });
    const query = [
      op.query === undefined ? '' : new URLSearchParams(op.query as Record<string, string>).toString(),
      serializeQuery({ parameters: op.parameters, values: input.query ?? {}, operationId: op.operationId }),
      ...security.query,
    ]
      .filter((part) => part !== '')
      .join('&');
    const url = new URL(joinUrl(this.baseUrl, path) + (query === '' ? '' : `?${query}`));

    // Later sources win: client defaults, the version pin, parameters, then per-call headers.
    const headers = new Headers(this.options.headers);
    const versionHeader = this.api.versioning?.header;
    const version =
      call.version !== undefined
        ? call.version
        : this.options.version !== undefined
          ? this.options.version
          : this.api.versioning?.current;
    if (versionHeader && version !== null && version !== undefined) headers.set(versionHeader, version);
    for (const [name, value] of serializeHeaders({ parameters: op.parameters, values: input.headers ?? {} }))
      headers.set(name, value);
    // An operation that answers a body or a stream: the body's call says which it wants (the stream's says so in streamOperation).
    const alternative = op.streamAlternative;
    if (alternative && !current.stream && !headers.has('accept'))
      headers.set('accept', op.responseMediaTypes?.[alternative.status] ?? 'application/json');
    for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);

    const cookies = [
      ...serializeCookies({ parameters: op.parameters, values: input.cookies ?? {} }),
      ...security.cookies,
    ];
    if (cookies.length > 0)
      headers.set('cookie', [headers.get('cookie'), ...cookies].filter((part) => part).join('; '));

    const idempotency = idempotentParts(op, { call, body: input.body, hasHeader: (name) => headers.has(name) });
    if (idempotency.header) headers.set(...idempotency.header);

    const finish = (encoded: EncodedBody): PreparedRequest => {
      // A multipart boundary is only known now, so it replaces any Content-Type given by hand.
      if (
        encoded.contentType &&
        (!headers.has('content-type') || mediaType(encoded.contentType) === 'multipart/form-data')
      ) {
        headers.set('content-type', encoded.contentType);
      }
      for (const [name, value] of security.headers) headers.set(name, value);
      return {
        url: url.href,
        requestPath: url.pathname + url.search,
        headers,
        body: encoded.body,
        idempotent: idempotency.idempotent,
      };
    };
    if (idempotency.body === undefined) return finish(NO_BODY);
    const contentType = input.contentType ?? call.contentType ?? defaultContentType(op, idempotency.body);
    return encodeRequestBody(op, idempotency.body, contentType).then(finish);
  }

  /**
   * What one attempt sends: the prepared request, with the headers the attempt adds (a token that
   * may have been refreshed, a signature with a new timestamp, a two-factor answer). The prepared
   * headers are sent as they are when the call has no session and no two-factor answer (fetch and
   * Request copy them, and nothing changes them afterwards). At once unless a session adds headers.
   */
  private attemptRequest(init: {
    op: OperationSpec;
    prepared: PreparedRequest;
    session: CallSession | undefined;
    twoFactorToken: string | undefined;
    signal: AbortSignal | undefined;
  }): AttemptRequest | Promise<AttemptRequest> {
    const { op, prepared, session, signal } = init;
    const twoFactor: [string, string] | undefined =
      init.twoFactorToken !== undefined && this.api.twoFactor
        ? [this.api.twoFactor.header, init.twoFactorToken]
        : undefined;
    if (!session)
      return attemptOf(op, prepared, twoFactor ? withHeaders(prepared.headers, [twoFactor]) : prepared.headers, signal);
    return session
      .headers({ method: op.method, requestPath: prepared.requestPath, body: prepared.body })
      .then((pairs) =>
        attemptOf(op, prepared, withHeaders(prepared.headers, twoFactor ? [twoFactor, ...pairs] : pairs), signal),
      );
  }

  /** What a call's session (`ResolvedSecurity.session`) reads and changes of this client. */
  private sessionHost(): SessionHost {
    return {
      client: this,
      api: this.api,
      options: this.options,
      clock: this.clock,
      now: () => this.now(),
      offsetMs: () => this.offsetMs,
      shiftClock: (ms) => {
        this.offsetMs += ms;
      },
      serverTimeRequest: async (op, signal) => {
        const { result, raw } = await this.execute<unknown>({
          op,
          input: {},
          call: { validateResponse: false, ...(signal ? { signal } : {}) },
          internal: true,
        });
        return { headers: result.headers, body: raw };
      },
    };
  }

  private succeed<T>(init: { op: OperationSpec; call: CallOptions; response: Response; body: unknown }): Outcome<T> {
    const { op, response } = init;
    const warnings = collectWarnings(init.body);
    this.notify(warnings, op.operationId);
    let data: unknown = hasNoBody(op.method, response.status) ? undefined : init.body;
    const mode = responseValidationMode(init.call.validateResponse ?? this.options.validateResponses);
    const { schema } = selectValidator(op.responses, response.status);
    let validationIssues: ResponseValidationIssues | undefined;
    if (mode !== 'off' && schema && !hasNoBody(op.method, response.status)) {
      const checked = checkByMode(schema, data, mode);
      if ('refused' in checked)
        throw new ResponseValidationError({
          operationId: op.operationId,
          status: response.status,
          issues: checked.refused,
          body: data,
          response,
        });
      data = checked.value;
      if (checked.tolerated) {
        // The shape is as promised; only documented ranges were left: the body is handed over as it came.
        validationIssues = { operationId: op.operationId, status: response.status, issues: checked.tolerated };
        this.options.onValidationIssues?.(validationIssues);
      }
    }
    // T is the generated client's promise about this operation's body.
    const result: ApiResult<T> = {
      data: data as T,
      status: response.status,
      headers: response.headers,
      warnings,
      response,
    };
    if (validationIssues) result.validationIssues = validationIssues;
    return { result, raw: init.body };
  }

  private notify(warnings: ApiWarning[], operationId: string): void {
    if (warnings.length > 0) this.options.onWarnings?.(warnings, operationId);
  }

  /** Local time corrected by the learned server offset; what signatures and Retry-After dates use. */
  private now(): number {
    return this.clock.now() + this.offsetMs;
  }
}

/** What fetch is handed for one attempt. */
function attemptOf(
  op: OperationSpec,
  prepared: PreparedRequest,
  headers: Headers,
  signal: AbortSignal | undefined,
): AttemptRequest {
  return {
    url: prepared.url,
    init: { method: op.method, headers, body: prepared.body ?? null, ...(signal ? { signal } : {}) },
  };
}

/** A copy of `base` with `pairs` set: the prepared headers stay as they are for the next attempt. */
function withHeaders(base: Headers, pairs: readonly (readonly [string, string])[]): Headers {
  const headers = new Headers(base);
  for (const [name, value] of pairs) headers.set(name, value);
  return headers;
}

/**
 * The error for an answer that is the stream of an operation that offers one beside its body,
 * where the body was asked for, from the refusal the operation carries (`uses.streamAlternative`),
 * so that a program whose operations offer no such stream bundles none of it.
 *
 * @throws TypeError for an operation that offers a stream beside its body without it.
 */
function streamRefusal(op: OperationSpec, response: Response): ResponseValidationError | undefined {
  return featureOf(
    op,
    'streamAlternative',
    'refuseStreamAnswer',
    'offers a stream beside its body but has no',
  )(op, response);
}

/**
 * `validateRequests`: the request checked by the operation's validators, through the checker the
 * operation carries (`uses.validateRequest`), so that a program that never validates a request,
 * or whose operations have no validators (`client.validation=none`), bundles none of it.
 *
 * @throws RequestValidationError from the checker; TypeError for validators without a checker.
 */
function checkRequest(op: OperationSpec, input: RequestInput): void {
  // Without validators there is nothing to check, and nothing is needed.
  if (!op.validators.parameters && !op.validators.body) return;
  featureOf(op, 'validateRequest', 'validateRequest', 'has request validators but no')(op, input);
}

/**
 * The call's idempotency token: the operation's own (`x-idempotency`, filled by `uses.idempotency`,
 * so that a program whose calls declare none bundles none of it), or the caller's key.
 *
 * @throws TypeError for an operation that declares `x-idempotency` without `uses.idempotency`.
 */
function idempotentParts(
  op: OperationSpec,
  init: { call: CallOptions; body: unknown; hasHeader: (name: string) => boolean },
): IdempotentParts {
  if (op.idempotency === undefined) return withCallerKey(init);
  return featureOf(
    op,
    'idempotency',
    'applyIdempotency',
    'declares x-idempotency but has no',
  )({
    ...init,
    spec: op.idempotency,
  });
}

/** Values that are bytes or a platform body already, which only the full encoder (`uses.body`) sends. */
const isBinaryBody = (body: unknown): boolean =>
  body instanceof Blob ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body) ||
  body instanceof FormData ||
  body instanceof URLSearchParams;

/**
 * A JSON body, written here; any other (forms, multipart, text, bytes) by the operation's encoder
 * (`uses.body`, `encodeBody`), so that a program whose calls send JSON or nothing bundles none of it.
 *
 * @throws TypeError for a body the operation has no encoder for.
 */
async function encodeRequestBody(op: OperationSpec, body: unknown, contentType: string): Promise<EncodedBody> {
  if (body === undefined) return { body: undefined, contentType: undefined };
  const encode = op.uses?.body;
  if (encode)
    return encode({ body, contentType, ...(op.requestBody?.encoding ? { encoding: op.requestBody.encoding } : {}) });
  const media = mediaType(contentType);
  if (isJsonMediaType(media) && !isBinaryBody(body)) return { body: JSON.stringify(body), contentType };
  throw new TypeError(
    `${op.operationId}: ${isBinaryBody(body) ? 'a body of bytes or a platform body' : `a ${media} body`} is sent through uses.body (encodeBody), which generated operations carry where their request body is not JSON`,
  );
}

/**
 * The media type a body goes as when the call names none: the operation's first, unless that is
 * JSON, the body holds files (a `Blob`, or a list of them) and the operation takes multipart too,
 * as files cannot go as JSON (OpenAI offers both for its uploads, JSON first).
 */
function defaultContentType(op: OperationSpec, body: unknown): string {
  const offered = op.requestBody?.contentTypes ?? [];
  const first = offered[0] ?? 'application/json';
  if (!/json/i.test(first) || typeof body !== 'object' || body === null) return first;
  const isFile = (value: unknown): boolean =>
    value instanceof Blob || (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Blob));
  if (!Object.values(body).some(isFile)) return first;
  return offered.find((type) => /^multipart\/form-data/i.test(type)) ?? first;
}
