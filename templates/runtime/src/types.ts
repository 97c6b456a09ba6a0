/**
 * The contract between generated API clients and this runtime: generated code emits
 * `ApiSpec`/`OperationSpec` literals and calls `HttpClient` with them.
 */
import type { z } from 'zod';
import type { ApiError } from './errors.js';
import type { ResolvedSecurity } from './auth.js';
import type { encodeBody } from './encoding.js';
import type { applyIdempotency } from './idempotency.js';
import type { validateRequest } from './request-validation.js';
import type { refuseStreamAnswer } from './response.js';

/**
 * A validator as the client runtime uses it: anything with `safeParse`. The generated client's
 * validators need no zod (`lean.ts`); the package's exported `schemas` and `operations` are
 * zod's ({@link ZodValidator}), which the client takes too.
 */
export interface Validator<T = unknown> {
  safeParse(data: unknown): ValidatorResult<T>;
}

/**
 * A zod schema of either build, classic (`zod`) or mini (`zod/mini`), which share one engine;
 * both have `safeParse` and the engine's `_zod`, which the server runtime reads (`precheck.ts`).
 */
export interface ZodValidator<T = unknown> extends z.core.$ZodType<T>, Validator<T> {
  safeParse(data: unknown): ValidatorResult<T>;
}

/**
 * Standard Schema v1 (standardschema.dev), the interface that libraries taking a validator from
 * any vendor agree on (tRPC, TanStack Form, Hono's standard validator): declared here, as the
 * specification asks, so that no package needs a dependency for it.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: readonly Issue[];
  }
  interface Issue {
    readonly message: string;
    readonly path?: readonly (PropertyKey | PathSegment)[] | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/** What {@link Validator.safeParse} returns. */
export type ValidatorResult<T> = { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } };

/** How a streamed response frames its items, and which server-sent events carry JSON in `data`. */
export interface StreamSpec {
  format: 'sse' | 'jsonl' | 'json-seq';
  /** Server-sent events: every event's `data` is JSON (`true`), none's (`false`, the default), or that of these `event` names. */
  jsonData?: boolean | readonly string[];
  /**
   * Server-sent events described by the schema of their `data` (before OpenAPI 3.2's `itemSchema`):
   * each item is an event's `data`, parsed as JSON, instead of the event object.
   */
  items?: 'data';
  /** With `items: 'data'`: the `data` that ends the stream instead of being an item (`[DONE]`). */
  end?: string;
}

/**
 * A stream a success response offers beside its body (JSON and `text/event-stream`): the call
 * that asks for it (`streamOperation`) sends `Accept: contentType`, and, where the operation has
 * one, the request body's `flag` is `true` in it.
 */
export interface StreamAlternativeSpec extends StreamSpec {
  /** The response's status key (`'200'`). */
  status: string;
  /** The stream's media type. */
  contentType: string;
  /** The request body's boolean property that asks for the stream (`stream`); absent: `Accept` alone does. */
  flag?: string;
  /** Each item's validator. */
  item: Validator | undefined;
}

/**
 * HTTP methods an OpenAPI operation can use: the fixed fields of a Path Item, `QUERY` (OpenAPI
 * 3.2: a safe request with a body) and, from 3.2's `additionalOperations`, any other method
 * token as the document spells it (`PURGE`, `LINK`).
 */
export type HttpMethod =
  | 'GET'
  | 'PUT'
  | 'POST'
  | 'DELETE'
  | 'PATCH'
  | 'HEAD'
  | 'OPTIONS'
  | 'TRACE'
  | 'QUERY'
  | (string & {});

/** Where a parameter travels. */
/** Where a parameter travels; `querystring` (OpenAPI 3.2) is the whole query string, one value written in its `contentType`. */
export type ParameterLocation = 'path' | 'query' | 'querystring' | 'header' | 'cookie';

/** OpenAPI serialisation styles (`style` keyword of a parameter). */
export type ParameterStyle = 'form' | 'simple' | 'deepObject' | 'spaceDelimited' | 'pipeDelimited' | 'label' | 'matrix';

/** One declared parameter of an operation, with the OpenAPI defaults already applied. */
export interface ParameterSpec {
  name: string;
  /** Property of the generated flat parameter record when it differs from `name` (the same name in two locations). */
  key?: string;
  in: ParameterLocation;
  required: boolean;
  style: ParameterStyle;
  explode: boolean;
  /** A `querystring` parameter's media type: `application/x-www-form-urlencoded` (the default) or JSON. */
  contentType?: string;
}

/** Per-property serialisation of a form body (OpenAPI Encoding Object). */
export interface PropertyEncoding {
  style?: string;
  explode?: boolean;
  contentType?: string;
}

/** The request body of an operation. */
export interface RequestBodySpec {
  required: boolean;
  /** Media types the operation accepts; the first is the default. */
  contentTypes: readonly string[];
  encoding?: Readonly<Record<string, PropertyEncoding>>;
}

/** One security alternative: every named scheme must be satisfied (AND), value = scopes. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** `x-hmac-signature`: how requests of an apiKey scheme are signed. */
export interface HmacSignatureSpec {
  algorithm: 'HMAC-SHA256';
  encoding: 'hex' | 'base64';
  keyHeader: string;
  signatureHeader: string;
  timestampHeader: string;
  timestampUnit: 'seconds' | 'milliseconds';
  /** Parts of the signed string, concatenated in this order. */
  message: readonly ('timestamp' | 'method' | 'requestPath' | 'body')[];
  /** @default 30 */
  maxSkewSeconds?: number;
  /** operationId (key of `ApiSpec.operations`) that returns the server time. */
  serverTimeOperation?: string;
  /** Dot path of the epoch seconds in the server-time response body. */
  serverTimeField?: string;
}

/** `x-token-refresh`: the response that means "access token expired". */
export interface TokenRefreshSpec {
  /** @default 401 */
  status: number;
  /** @default ['expired_token'] */
  errorIds: readonly string[];
}

/** A security scheme of the document (`components.securitySchemes`). */
export interface SecuritySchemeSpec {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  /** apiKey: the header, query or cookie name. */
  name?: string;
  in?: 'header' | 'query' | 'cookie';
  /** http: `bearer`, `basic`, ... */
  scheme?: string;
  hmac?: HmacSignatureSpec;
  tokenRefresh?: TokenRefreshSpec;
  /** oauth2: where each flow gets its tokens, for an application that runs the flow (the client takes the token it gets). */
  flows?: Readonly<Partial<Record<OAuthFlowType, OAuthFlowSpec>>>;
  /** oauth2: the server's RFC 8414 metadata (OpenAPI 3.2's `oauth2MetadataUrl`). */
  metadataUrl?: string;
}

export type OAuthFlowType = 'implicit' | 'password' | 'clientCredentials' | 'authorizationCode' | 'deviceAuthorization';

export interface OAuthFlowSpec {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** deviceAuthorization (OpenAPI 3.2, RFC 8628): where a device asks for its user code. */
  deviceAuthorizationUrl?: string;
}

/** `x-pagination` of a list operation; every `*Field` is a dot path into the response body. */
export type PaginationSpec =
  | { style: 'cursor'; itemsField: string; cursorParam: string; cursorField: string; nextUriField: string }
  | { style: 'page'; itemsField: string; pageParam: string; totalPagesField: string; currentPageField?: string }
  | { style: 'token'; itemsField: string; tokenParam: string; nextTokenField: string };

/** `x-idempotency` of an operation. */
export interface IdempotencySpec {
  field: string;
  in: 'body' | 'header';
  maxLength?: number;
}

/** What picks the credentials of an operation's `security` and says how to send them (`resolveSecurity`). */
export type SecurityResolver = (init: {
  api: ApiInfo;
  requirements: readonly SecurityRequirement[];
  credentials: Pick<ClientOptions, 'apiKey' | 'apiKeys' | 'accessToken' | 'basic'>;
}) => ResolvedSecurity;

/** How the pages of a paginated operation follow each other (`pageWalk`). */
export interface PageWalk {
  /** The items of a page's body. */
  items(spec: PaginationSpec, body: unknown): unknown[];
  /** The input of the page after the one whose raw body is `body`, or undefined on the last page. */
  next(init: { op: OperationSpec; input: RequestInput; body: unknown }): RequestInput | undefined;
}

/**
 * The runtime's code an operation needs beyond the core, which generated code gives only where
 * the operation uses it: a program bundles the security, signing and pagination code of the
 * operations it calls, and none for a public operation that returns one page.
 */
export interface OperationFeatures {
  /** Applies `security` (credentials, HMAC signing): required when `security` lists any alternative. */
  security?: SecurityResolver;
  /** The operation that tells the server's time, for the clock sync of HMAC signing. */
  serverTime?: OperationSpec;
  /** Walks the pages of `pagination`: required to page through the operation. */
  pagination?: PageWalk;
  /**
   * Encodes a request body for its media type (`encodeBody`: forms, multipart, text, bytes):
   * required to send a body that is not JSON, or bytes; the core writes a JSON body itself.
   */
  body?: typeof encodeBody;
  /** Fills the token `idempotency` declares (`applyIdempotency`): required where the operation declares `x-idempotency`. */
  idempotency?: typeof applyIdempotency;
  /** Checks a request by `validators` before it is sent (`validateRequest`): required to validate requests where the operation has validators. */
  validateRequest?: typeof validateRequest;
  /** Refuses the stream where the body was asked for (`refuseStreamAnswer`): required where the operation offers a stream beside its body (`streamAlternative`). */
  streamAlternative?: typeof refuseStreamAnswer;
}

/** Everything the runtime needs to know about one operation. */
export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** Path template such as `/v2/accounts/{account_id}/buys`. */
  path: string;
  /**
   * The query its path key carries (`/responses?beta=true`): sent with every call, before the
   * parameters, and required of a request for a server or a mock to match it to this operation.
   */
  query?: Readonly<Record<string, string>>;
  tags: readonly string[];
  deprecated: boolean;
  parameters: readonly ParameterSpec[];
  requestBody?: RequestBodySpec;
  /** `[]` = public; otherwise alternatives (OR), each an AND of schemes. */
  security: readonly SecurityRequirement[];
  pagination?: PaginationSpec;
  idempotency?: IdempotencySpec;
  validators: { parameters?: Validator; body?: Validator };
  /** Keys: `'200'`, `'2XX'`, `'default'`, ...; `undefined` = the response has no body. */
  responses: Readonly<Record<string, Validator | undefined>>;
  /**
   * Responses whose body is a stream of items (same keys as `responses`, whose validator is then
   * each item's): server-sent events, JSON Lines, JSON text sequences. See `streamOperation`.
   */
  streams?: Readonly<Record<string, StreamSpec>>;
  /** A stream one success response offers beside its body (`responses` holds the body's validator): see `StreamAlternativeSpec`. */
  streamAlternative?: StreamAlternativeSpec;
  /** Declared media type of the responses whose body is not JSON (same keys as `responses`): binary types are read as a Blob, text types as a string. */
  responseMediaTypes?: Readonly<Record<string, string>>;
  /** Every scope any security alternative names (documentation; the runtime does not check scopes). */
  scopes?: readonly string[];
  /** The runtime's code this operation needs beyond the core. */
  uses?: OperationFeatures;
}

/** A server of the document, with its variables. */
export interface ServerSpec {
  url: string;
  /** OpenAPI 3.2's server `name`, which `ClientOptions.server` picks by. */
  name?: string;
  variables?: Readonly<Record<string, { default: string; enum?: readonly string[] }>>;
}

/** `x-versioning` as the runtime uses it. */
export interface VersioningSpec {
  /** Request header that selects the version; absent = nothing to send. */
  header?: string;
  /** The version generated clients pin by default. */
  current?: string;
}

/** `x-two-factor`: the response that asks for a second factor. */
export interface TwoFactorSpec {
  status: number;
  errorId: string;
  header: string;
}

/** The whole API document as the runtime sees it. */
/** What the runtime client needs to know about an API, without its operations: a program bundles only those it calls. */
export interface ApiInfo {
  title: string;
  version: string;
  servers: readonly ServerSpec[];
  securitySchemes: Readonly<Record<string, SecuritySchemeSpec>>;
  versioning?: VersioningSpec;
  twoFactor?: TwoFactorSpec;
  /** The operations the client itself calls, keyed by operationId: the server-time operation of HMAC signing. */
  runtimeOperations?: Readonly<Record<string, OperationSpec>>;
}

export interface ApiSpec extends ApiInfo {
  /** Keyed by operationId. */
  operations: Readonly<Record<string, OperationSpec>>;
}

/** The caller's values for one request, grouped by where they travel. */
export interface RequestInput {
  path?: Record<string, string | number | boolean>;
  /** Query parameter values; keys the operation does not declare are sent too (sorted, after the declared ones). */
  query?: Record<string, unknown>;
  /** Header parameter values; undeclared keys are sent too. */
  headers?: Record<string, unknown>;
  /** Values of `in: cookie` parameters, sent in one `Cookie` header. */
  cookies?: Record<string, unknown>;
  body?: unknown;
  /** One of the operation's `requestBody.contentTypes`; default: the first. */
  contentType?: string;
}

/** Per-call overrides. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Deadline for the whole call, retries and backoff included; for a streamed response, until its
   * headers arrive (the stream then lasts until it ends or `signal` aborts). @default ClientOptions.timeoutMs
   */
  timeoutMs?: number;
  /** Reading a streamed response. @default ClientOptions.stream */
  stream?: StreamOptions;
  /** Idempotency token; also makes a non-safe request retryable. @default crypto.randomUUID() when the operation has `x-idempotency` */
  idempotencyKey?: string;
  /** Second factor, sent with the first attempt (and on a two-factor retry). */
  twoFactorToken?: string;
  /** Version to send; `null` sends none. @default ClientOptions.version */
  version?: string | null;
  /** @default ClientOptions.validateResponses */
  validateResponse?: boolean | 'strict' | 'tolerant';
  /** @default ClientOptions.validateRequests */
  validateRequest?: boolean;
  headers?: Record<string, string>;
  /** Media type of the request body, one of the operation's `requestBody.contentTypes`. @default the first */
  contentType?: string;
}

/** A best-practice or deprecation hint from the server (`warnings` of a response body). */
export interface ApiWarning {
  id: string;
  message: string;
  url?: string;
}

/** What a tolerated response failed on (see `ClientOptions.validateResponses`). */
export interface ResponseValidationIssues {
  operationId: string;
  status: number;
  issues: readonly z.core.$ZodIssue[];
  /** In a streamed response: the item that failed (counted from 0 across reconnections). */
  index?: number;
}

/** A successful (2xx) response. */
export interface ApiResult<T> {
  /** The body: validated (zod output) when a validator exists and validation is on. */
  data: T;
  status: number;
  headers: Headers;
  warnings: ApiWarning[];
  /** The raw response; its body has already been read (use `data`). */
  response: Response;
  /** Present when `'tolerant'` validation returned a body that failed only on ranges; `data` is then the body as it came. */
  validationIssues?: ResponseValidationIssues;
}

/** Time source and sleeper, injectable so tests never wait. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Resolves after `ms`, rejects with `signal.reason` when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What the client needs from fetch: a Request in, a Response out. */
export type FetchLike = (request: Request) => Promise<Response>;

/** Backoff settings; see `retry.ts`. */
export interface RetryOptions {
  /** @default 3 */
  maxRetries?: number;
  /** @default 500 */
  baseDelayMs?: number;
  /** @default 30000 */
  maxDelayMs?: number;
}

/** Context given to `ClientOptions.twoFactorToken`. */
export interface TwoFactorContext {
  operationId: string;
  error: ApiError;
}

/** How an `HttpClient` talks to the API. */
/** How streamed responses are read (server-sent events, JSON Lines, JSON text sequences). */
export interface StreamOptions {
  /**
   * The longest event or line, in characters (with an event's data lines together): a longer one
   * ends the stream with a `StreamError` (`too_large`), so that a server that never ends a line
   * cannot grow memory. @default 1048576
   */
  maxItemSize?: number;
  /**
   * Server-sent events: how many times a stream that breaks off (the connection drops) is opened
   * again, sending `Last-Event-ID` with the last event id read; 0 never. A stream the server ends
   * is not reopened. @default 3
   */
  reconnects?: number;
  /** Milliseconds to wait before reconnecting, unless the server set its own with `retry:`; either is capped at 30 s. @default 1000 */
  reconnectDelayMs?: number;
}

export interface ClientOptions {
  /** Reading streamed responses. */
  stream?: StreamOptions;
  /** The server to send to, by its name in the spec (OpenAPI 3.2 server `name`), unless `baseUrl` is given. @default the first server */
  server?: string;
  /** @default the first server (or `server`'s), its variables substituted (serverVariables, then defaults) */
  baseUrl?: string;
  serverVariables?: Record<string, string>;
  /** Called with one `Request` per attempt; `globalThis.fetch` fits. @default globalThis.fetch, looked up at each call and given the URL and init (so that the Request is made once, by fetch) */
  fetch?: FetchLike;
  /** Credentials of schemes with `x-hmac-signature`. */
  apiKey?: { key: string; secret: string };
  /** Plain apiKey schemes, by scheme name. */
  apiKeys?: Record<string, string>;
  /** For http bearer, oauth2 and openIdConnect schemes. */
  accessToken?: string | (() => string | Promise<string>);
  /** For http basic schemes. */
  basic?: { username: string; password: string };
  /** Called when a response says the access token expired; its result replaces `accessToken`. */
  refreshAccessToken?: () => Promise<string>;
  /** Version header value; `null` sends none. @default api.versioning.current */
  version?: string | null;
  /** Asked for a second factor when the server requires one; `undefined` gives up. */
  twoFactorToken?: (ctx: TwoFactorContext) => Promise<string | undefined> | string | undefined;
  /** `false` disables retries. @default { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30000 } */
  retry?: RetryOptions | false;
  /**
   * Deadline of every call, retries and back-off included, in milliseconds; `0` or `Infinity` sets
   * none. @default 0: none, as with `fetch` (Node's own fetch gives up after 300 s without headers
   * or body data; browsers have their own limits)
   */
  timeoutMs?: number;
  /**
   * How 2xx bodies are checked against the generated validators. `'tolerant'`: a body that
   * fails only on formats, patterns, bounds or closed-enum membership is returned as it came,
   * and the findings go to `onValidationIssues` (and `ApiResult.validationIssues`); a wrong type
   * or a missing required property throws `ResponseValidationError`. `'strict'` (or `true`)
   * throws on any failure; `false` checks nothing.
   * @default 'tolerant'
   */
  validateResponses?: boolean | 'strict' | 'tolerant';
  /** Receives what `'tolerant'` response validation let through. */
  onValidationIssues?: (issues: ResponseValidationIssues) => void;
  /** Check parameters and body against the operation's validators before sending. @default false */
  validateRequests?: boolean;
  /** Sent with every request (below per-call headers and credentials). */
  headers?: Record<string, string>;
  onWarnings?: (warnings: ApiWarning[], operationId: string) => void;
  /** @default systemClock */
  clock?: Clock;
  /** Jitter source in [0, 1). @default Math.random */
  random?: () => number;
  /** When to align the signing clock with the server's. @default 'auto' */
  syncTime?: 'auto' | 'always' | 'never';
}
