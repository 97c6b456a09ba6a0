/**
 * A Hono app from a `ServerApiSpec` and handlers: routing (404, 405 with `Allow`), media
 * types (415), authentication (HMAC, bearer, keys), scopes, rate limits, parameter coercion,
 * validation (400 listing every failing field), two-factor (402), languages, versions, CORS,
 * and, in development, validation of the handlers' own responses. Everything is planned
 * once, when the app is built.
 */
import { Hono, type Context } from 'hono';
import {
  declaredMediaType,
  fastAccepts,
  fastParsesToItself,
  isJsonMediaType,
  mediaType,
  readAtMost,
  selectValidator,
  setOwnProperty,
  streamSpecOf,
  useEnglishMessages,
  type OperationSpec,
  type StreamSpec,
  type Validator,
} from '@svc/runtime';
import { isAsyncIterable, STREAM_MEDIA_TYPES, streamBody, toAsyncIterable } from './stream.js';
import type { z } from 'zod';
import { authenticateNow, requireScopes, type AuthHooks, type AuthRequest, type Principal } from './auth.js';
import { negotiateLanguage } from './language.js';
import {
  bracketTree,
  coerceTree,
  DEFAULT_MAX_DEPTH,
  deeperThan,
  parseCookies,
  parseHeaderValue,
  parsePathValue,
  parseQueryString,
  parseQueryValue,
} from './parse.js';
import {
  bodyTooLarge,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_URL_LENGTH,
  HttpProblem,
  problemBody,
  type FieldProblem,
} from './problems.js';
import { RateLimiter } from './rate-limit.js';
import { RouteTable } from './route-table.js';
import type { ErrorEnvelopeSpec, ServerApiSpec, ServerOperationSpec, ServerParameterSpec } from './types.js';

/** What a handler receives. */
export interface HandlerContext<Params = Record<string, unknown>, Body = unknown> {
  operationId: string;
  /** Path, query, header and cookie parameters, parsed and validated, keyed as in the generated `Params` type. */
  params: Params;
  /** The validated body (undefined when there is none). */
  body: Body;
  principal: Principal;
  /** The language negotiated from `Accept-Language` (or the API's default). */
  language: string;
  /** The value of the version header, when the API has one and the request sent it. */
  version: string | undefined;
  /** The second-factor token, when the request sent one. */
  twoFactorToken: string | undefined;
  /** The request's URL, parsed when first read. */
  url: URL;
  /** The request as a Fetch `Request`; on `serveNode` it is built when first read. */
  request: Request;
}

/** What a handler answers: a status the operation declares, its body and extra headers. */
export interface HandlerReply<Status extends number = number, Body = unknown> {
  status: Status;
  body?: Body;
  headers?: Record<string, string>;
}

/**
 * A handler as the router sees it. Generated `server.ts` files type each operation's own
 * params and body; `never` here accepts every such handler without an `any`.
 */
export type OperationHandler = (context: HandlerContext<never, never>) => HandlerReply | Promise<HandlerReply>;

export interface CorsOptions {
  /** Origins allowed to call: `*`, or a list (the request's origin is echoed when listed). @default '*' */
  origin?: string | readonly string[];
  /** Allow credentials (cookies, authorization) from a listed origin. @default false */
  credentials?: boolean;
  /** Seconds a browser may cache a preflight. @default 600 */
  maxAge?: number;
}

/** Decides whether a request needs (and has) a second factor. */
export type TwoFactorCheck = (request: {
  operationId: string;
  principal: Principal;
  token: string | undefined;
  body: unknown;
}) => boolean | Promise<boolean>;

export interface ServerOptions {
  auth?: AuthHooks;
  /** Returns true when the request may go on; false answers with the `x-two-factor` status. */
  twoFactor?: TwoFactorCheck;
  /** Milliseconds since the epoch; for signature skew and rate windows. @default Date.now */
  now?: () => number;
  /** Validate the handlers' responses against the spec and answer 500 when one does not match. @default false */
  validateResponses?: boolean;
  /** CORS headers on every response, and answers to preflights. @default true (any origin) */
  cors?: boolean | CorsOptions;
  /** Enforce `x-rate-limit`. @default true */
  rateLimit?: boolean;
  /** Called with every unexpected error (the client gets a 500 in the spec's envelope). */
  onError?: (error: unknown, operationId: string | undefined) => void;
  /**
   * The largest request body read, in bytes. A larger one is answered 413 in the document's
   * error envelope, from its `Content-Length` before any of it is read, or as soon as a chunked
   * body goes over; the connection is then closed. @default 1048576 (1 MiB)
   */
  maxBodyBytes?: number;
  /** The longest request URL, in characters; a longer one is answered 414. @default 8192 */
  maxUrlLength?: number;
  /**
   * The deepest nesting of arrays and objects a request body may have (JSON, form or multipart,
   * as parsed; `[]` is one level). A deeper one is answered 400 (`invalid_request`) before any
   * handler sees it: whatever reads or stores it later recurses once a level. @default 64
   */
  maxDepth?: number;
  /** Called when a response fails its own validation (with `validateResponses`). */
  onInvalidResponse?: (report: { operationId: string; status: number; issues: readonly z.core.$ZodIssue[] }) => void;
  /**
   * Keeps an operation's error answers to its document: the mock gives one (its fixtures fill
   * what the error envelope lacks); without it, problems are answered in the envelope as it is.
   */
  problems?: ProblemConformer;
}

/** What makes an operation's error answers the ones its document declares (`ServerOptions.problems`). */
export interface ProblemConformer {
  /** The status to answer for a problem of `status` (a declared one in place of one the operation does not declare). */
  status(operationId: string, status: number): number;
  /** The body to answer in place of `body`, the problem in the error envelope; undefined for none. */
  body(operationId: string, status: number, body: Record<string, unknown>): unknown;
}

interface Route {
  spec: ServerOperationSpec;
  op: OperationSpec;
  parameters: readonly ServerParameterSpec[];
  handler: OperationHandler | undefined;
  declaredNames: ReadonlySet<string>;
  /** Path parameters with the index of their value among the template's, left to right. */
  pathParams: readonly { param: ServerParameterSpec; index: number }[];
  /** The path as Hono's route pattern (`/a/:p0/b`). */
  honoPath: string;
  /** How many values the path template holds. */
  slotCount: number;
  /** The request body's media types, lower case and without parameters. */
  bodyMedia: readonly string[];
  /** The validator of the operation's answers by status (`selectValidator` once per status). */
  replyValidators: Map<number, ReturnType<typeof selectValidator>>;
}

/** `/a/{id}/b` -> Hono's `/a/:p0/b`: slot `p<i>` holds the template's i-th value (names Hono cannot take are avoided). */
function honoPath(template: string): { path: string; slots: Map<string, number>; count: number } {
  const slots = new Map<string, number>();
  let count = 0;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const index = count++;
    if (!slots.has(name)) slots.set(name, index);
    return `:p${index}`;
  });
  return { path, slots, count };
}

/** Literal segments before templated ones, so `/accounts/primary` wins over `/accounts/{id}`. */
function specificity(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.includes('{') ? '\uffff' : segment))
    .join('/');
}

/**
 * The routes of one method and path template, in the order they are tried: those whose path key
 * carries a query (`/responses?beta=true`), more pairs first, then the one without.
 */
function routeGroups(routes: readonly Route[]): Route[][] {
  const groups = new Map<string, Route[]>();
  for (const route of routes) {
    const key = `${route.op.method} ${route.honoPath}`;
    const group = groups.get(key);
    if (group) group.push(route);
    else groups.set(key, [route]);
  }
  const pairs = (route: Route): number => Object.keys(route.op.query ?? {}).length;
  return [...groups.values()].map((group) => group.sort((a, b) => pairs(b) - pairs(a)));
}

/** The first route of a group whose fixed query the request carries (a route without one takes any request). */
function routeOfGroup(group: readonly Route[], href: string): Route | undefined {
  if (group.length === 1 && group[0]!.op.query === undefined) return group[0];
  const search = new URL(href).searchParams;
  return group.find((route) =>
    Object.entries(route.op.query ?? {}).every(([name, value]) => search.getAll(name).includes(value)),
  );
}

/** Whether `sent` is one of the `declared` media types (already lower case, without parameters); `type/*` ranges included. */
const acceptsMedia = (declared: readonly string[], sent: string): boolean =>
  declared.some(
    (media) => media === '*/*' || media === sent || (media.endsWith('/*') && sent.startsWith(media.slice(0, -1))),
  );

function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix: string): FieldProblem[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || '(body)',
    message: issue.message,
  }));
}

/**
 * Whether an issue is a value left out: a type expected where `value` has nothing at the issue's
 * path. Read from the value, not the message, which is in the program's zod locale.
 */
function isMissing(issue: z.core.$ZodIssue, value: unknown): boolean {
  if (issue.code !== 'invalid_type') return false;
  let at: unknown = value;
  for (const key of issue.path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return true;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at === undefined;
}

/** Decodes JSON, form and text bodies, refusing bytes that are not UTF-8; one for the module, as it keeps no state between calls. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Most clients send one of a few `Accept-Language` values; the answers to this many are kept. */
const LANGUAGE_CACHE_LIMIT = 256;

/** Request headers by name, as `Headers.get` and `has` read them. */
export type RequestHeaders = Pick<Headers, 'get' | 'has'>;

/** Header names as Node keys them (lower case), for the few names a router asks for. */
const lowerNames = new Map<string, string>();
const lowerName = (name: string): string => {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 1024) lowerNames.set(name, lower);
  }
  return lower;
};

/** Node's own parsed headers (`IncomingMessage.headers`), read as `Headers.get` and `has` read them. */
export class NodeHeaders implements RequestHeaders {
  constructor(private readonly parsed: Record<string, string | string[] | undefined>) {}
  get(name: string): string | null {
    const value = this.parsed[lowerName(name)];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.parsed[lowerName(name)] !== undefined;
  }
}

/**
 * Whether a request has a body, as its headers tell: HTTP/1.1 requests with one carry a length
 * or chunked encoding. Undefined when they carry neither (a Fetch `Request` built in code may
 * still have a body).
 */
export function bodyDeclared(headers: RequestHeaders): boolean | undefined {
  const length = headers.get('content-length');
  if (length !== null) return length !== '0';
  return headers.has('transfer-encoding') ? true : undefined;
}

/** A request as the router reads it, whichever transport brought it (Hono, or `serveNode`'s Node listener). */
export interface Exchange {
  readonly method: string;
  /** The absolute URL. */
  readonly href: string;
  readonly headers: RequestHeaders;
  /**
   * The body's bytes; empty when the request has none. A promise when they are still to be read.
   * A body of more than `limit` bytes throws (or rejects with) a 413 `HttpProblem` without
   * being read further.
   */
  body(limit: number): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>;
  /** The request as a Fetch `Request`; a transport that has none builds it when first read. */
  readonly request: Request;
}

/** An answer before a transport writes it. */
export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** A `ReadableStream` for a streamed answer (server-sent events, JSON Lines), written as it is read. */
  body: string | Uint8Array<ArrayBuffer> | Blob | ReadableStream<Uint8Array<ArrayBuffer>> | null;
}

/** What `serveNode` needs of a router to serve its operations without Hono. */
export interface RouterCore {
  /**
   * The answer of the operation at `pathname` (raw, without the query string), or of a CORS
   * preflight; undefined for any other request, which the Hono app answers (404, 405, and
   * whatever routes were added to the app after it was made).
   */
  answer(exchange: Exchange, pathname: string): Promise<Answer> | undefined;
}

const cores = new WeakMap<object, RouterCore>();

/** The transport-free core of an app made by `createRouter` (undefined for any other app). */
export const routerCoreOf = (app: object): RouterCore | undefined => cores.get(app);

/**
 * A Hono request as an exchange. Under `@hono/node-server` its headers are Node's own parsed
 * headers (`c.env.incoming`), so that no Fetch `Headers` object is built for every request.
 */
class HonoExchange implements Exchange {
  readonly method: string;
  readonly href: string;
  readonly headers: RequestHeaders;
  #bytes: Uint8Array<ArrayBuffer> | undefined;
  #request: Request | undefined;
  constructor(private readonly c: Context) {
    this.method = c.req.raw.method;
    this.href = c.req.url;
    const parsed = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)
      ?.incoming?.headers;
    this.headers = parsed ? new NodeHeaders(parsed) : c.req.raw.headers;
  }
  /** The request; once the router has read its body, a copy that carries the bytes again, so that handlers can read it too. */
  get request(): Request {
    const raw = this.c.req.raw;
    if (!this.#bytes || this.#bytes.byteLength === 0) return raw;
    return (this.#request ??= new Request(raw.url, { method: raw.method, headers: raw.headers, body: this.#bytes }));
  }
  async body(limit: number): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#bytes) return this.#bytes;
    // Touching `body` of a request from Node builds a stream, so it is asked only when the headers cannot tell.
    const request = this.c.req.raw;
    const sendsBody =
      bodyDeclared(this.headers) ?? (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null);
    if (!sendsBody || !request.body) return (this.#bytes = new Uint8Array());
    if (declaredLength(this.headers) > limit) throw bodyTooLarge(limit);
    return (this.#bytes = await readLimited(request.body, limit));
  }
}

/** The `Content-Length` a request declares; 0 without one (a chunked body is counted as it is read). */
export function declaredLength(headers: RequestHeaders): number {
  const length = Number(headers.get('content-length') ?? 0);
  return Number.isFinite(length) ? length : Infinity;
}

/** A body stream read whole, unless it goes over `limit` bytes: then the rest is cancelled unread and a 413 thrown. */
async function readLimited(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readAtMost(stream, limit);
  if (bytes === undefined) throw bodyTooLarge(limit);
  return bytes;
}

/** An answer as a Fetch `Response`. */
const toResponse = ({ status, headers, body }: Answer): Response =>
  new Response(body instanceof Blob ? body.stream() : body, { status, headers });

/**
 * What authentication and the parameters read of a request. The URL and the cookies are parsed
 * when first read (query parameters, signatures, a JWT's audience, cookie keys): most requests need neither.
 * A class, not an object literal with getters, which V8 builds much more slowly.
 */
class RequestView implements AuthRequest {
  #url: URL | undefined;
  #cookies: ReadonlyMap<string, string> | undefined;
  constructor(
    readonly method: string,
    private readonly href: string,
    readonly headers: RequestHeaders,
    readonly rawBody: Uint8Array,
    readonly nowMs: number,
  ) {}
  get url(): URL {
    return (this.#url ??= new URL(this.href));
  }
  /** Whether the URL has a query string (read without parsing the URL). */
  get hasQuery(): boolean {
    return this.href.includes('?');
  }
  get cookies(): ReadonlyMap<string, string> {
    return (this.#cookies ??= parseCookies(this.headers.get('cookie') ?? undefined));
  }
}

/** What a handler is called with; the URL and the Fetch `Request` are made when first read. */
class Call<Params, Body> implements HandlerContext<Params, Body> {
  readonly #exchange: Exchange;
  readonly #view: RequestView;
  constructor(
    readonly operationId: string,
    readonly params: Params,
    readonly body: Body,
    readonly principal: Principal,
    readonly language: string,
    readonly version: string | undefined,
    readonly twoFactorToken: string | undefined,
    exchange: Exchange,
    view: RequestView,
  ) {
    this.#exchange = exchange;
    this.#view = view;
  }
  get url(): URL {
    return this.#view.url;
  }
  get request(): Request {
    return this.#exchange.request;
  }
}

/** Builds the app. Unimplemented operations answer 501; unknown paths 404. */
export function createRouter(spec: ServerApiSpec, handlers: object, options: ServerOptions = {}): Hono {
  // Its 400s say what zod says, in English, whichever zod build the validators are written for.
  useEnglishMessages();
  // Typed per operation by the generated wrapper; looked up by operationId here.
  const byId = handlers as Readonly<Record<string, OperationHandler | undefined>>;
  const app = new Hono({ strict: true });
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxUrlLength = options.maxUrlLength ?? DEFAULT_MAX_URL_LENGTH;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const limiter = new RateLimiter(now);
  const hooks = options.auth ?? {};
  const { api } = spec;
  const envelope = spec.errorEnvelope;
  const languages = new Map<string, string>();
  /** The language negotiated for a header value, remembered per value. */
  const languageOf = (sent: string | undefined): string => {
    const supported = spec.languages;
    if (!supported) return 'en';
    if (sent === undefined) return supported.default;
    let chosen = languages.get(sent);
    if (chosen === undefined) {
      chosen = negotiateLanguage(sent, supported);
      if (languages.size >= LANGUAGE_CACHE_LIMIT) languages.clear();
      languages.set(sent, chosen);
    }
    return chosen;
  };

  // CORS headers are written with the answer, not patched onto it afterwards: patching a
  // response makes the Node adapter build a full one, which costs more than the whole request.
  const corsOptions: CorsOptions | undefined =
    options.cors === false ? undefined : typeof options.cors === 'object' ? options.cors : {};
  const allowOrigin = (sent: RequestHeaders): string | undefined => {
    if (!corsOptions) return undefined;
    const origin = corsOptions.origin ?? '*';
    if (origin === '*') return '*';
    const from = sent.get('origin');
    const listed = typeof origin === 'string' ? [origin] : origin;
    return from && listed.includes(from) ? from : undefined;
  };
  /** The CORS headers of an answer to a request with headers `sent`, added to `headers`. */
  const corsHeaders = (sent: RequestHeaders, headers: Record<string, string>): void => {
    const origin = allowOrigin(sent);
    if (origin === undefined) return;
    headers['access-control-allow-origin'] = origin;
    headers['access-control-expose-headers'] = 'Retry-After, Content-Language, Allow';
    if (origin !== '*') headers.vary = 'Origin';
    if (corsOptions?.credentials && origin !== '*') headers['access-control-allow-credentials'] = 'true';
  };
  /** The answer to a CORS preflight, or undefined when the request is not one. */
  const preflight = (exchange: Exchange): Answer | undefined => {
    const sent = exchange.headers;
    if (!corsOptions || exchange.method !== 'OPTIONS' || !sent.get('access-control-request-method')) return undefined;
    const headers: Record<string, string> = {};
    corsHeaders(sent, headers);
    // The fixed methods, and the one asked for (QUERY and 3.2's other methods are not CORS-safelisted either).
    const method = sent.get('access-control-request-method')!.toUpperCase();
    headers['access-control-allow-methods'] = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'PATCH'].includes(method)
      ? 'GET, HEAD, PUT, POST, DELETE, PATCH'
      : `GET, HEAD, PUT, POST, DELETE, PATCH, ${method}`;
    const requested = sent.get('access-control-request-headers');
    if (requested) headers['access-control-allow-headers'] = requested;
    headers['access-control-max-age'] = String(corsOptions.maxAge ?? 600);
    return { status: 204, headers, body: null };
  };

  // A plain header record: Hono's `c.json` would build a `Headers` object for more than one
  // header, which the Node adapter then reads back one by one.
  const send = (exchange: Exchange, status: number, body: unknown, extra: Record<string, string> = {}): Answer => {
    const headers: Record<string, string> = {};
    corsHeaders(exchange.headers, headers);
    for (const name in extra) headers[lowerName(name)] = extra[name]!;
    if (body === undefined || status === 204 || status === 304) return { status, headers, body: null };
    if (
      body instanceof Blob ||
      body instanceof Uint8Array ||
      body instanceof ReadableStream ||
      typeof body === 'string'
    )
      return { status, headers, body: body as Answer['body'] };
    headers['content-type'] ??= 'application/json';
    return { status, headers, body: JSON.stringify(body) };
  };
  /**
   * A problem in the envelope the operation declares for its status (that status, its range, or
   * `default`), else the document's; with the envelope's media type (`application/problem+json`).
   */
  const problem = (exchange: Exchange, error: HttpProblem, route?: Route): Answer => {
    const conform = route ? options.problems : undefined;
    const operationId = route?.op.operationId ?? '';
    const status = conform ? conform.status(operationId, error.status) : error.status;
    const stated =
      status === error.status
        ? error
        : new HttpProblem({
            status,
            id: error.id,
            message: error.message,
            fields: error.fields,
            headers: { ...error.headers },
          });
    const own = route?.spec.errorEnvelopes;
    const chosen: ErrorEnvelopeSpec = (own && envelopeFor(own, status)) ?? envelope;
    const headers = chosen.mediaType
      ? { ...error.headers, 'content-type': chosen.mediaType }
      : (error.headers as Record<string, string>);
    const body = problemBody(stated, chosen);
    return send(exchange, status, conform ? conform.body(operationId, status, body) : body, headers);
  };

  const routes: Route[] = Object.entries(spec.operations)
    .map(([operationId, serverOp]): Route => {
      const { path, slots, count } = honoPath(serverOp.operation.path);
      const parameters = serverOp.operation.parameters.map((p): ServerParameterSpec => {
        const key = p.key ?? p.name;
        return { ...p, key, shape: serverOp.shapes?.[key] ?? { type: 'string' } };
      });
      return {
        spec: serverOp,
        op: serverOp.operation,
        parameters,
        handler: byId[operationId],
        declaredNames: new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name)),
        pathParams: parameters.flatMap((param) => {
          const index = param.in === 'path' ? slots.get(param.name) : undefined;
          return index === undefined ? [] : [{ param, index }];
        }),
        honoPath: path,
        slotCount: count,
        bodyMedia: (serverOp.operation.requestBody?.contentTypes ?? []).map(mediaType),
        replyValidators: new Map(),
      };
    })
    .sort((a, b) =>
      specificity(a.op.path) < specificity(b.op.path) ? -1 : specificity(a.op.path) > specificity(b.op.path) ? 1 : 0,
    );

  const parseParams = (
    route: Route,
    pathValues: readonly (string | undefined)[],
    view: RequestView,
  ): Record<string, unknown> => {
    const values: Record<string, unknown> = {};
    for (const { param, index } of route.pathParams) {
      const raw = pathValues[index];
      if (raw !== undefined) values[param.key] = parsePathValue(raw, param);
    }
    for (const param of route.parameters) {
      let value: unknown;
      // Without a query string there is nothing to read, and no URL to parse for it.
      if (param.in === 'query')
        value = view.hasQuery ? parseQueryValue(view.url.searchParams, param, route.declaredNames) : undefined;
      else if (param.in === 'querystring') value = view.hasQuery ? parseQueryString(view.url, param) : undefined;
      else if (param.in === 'header') {
        const text = view.headers.get(param.name) ?? undefined;
        value = text === undefined ? undefined : parseHeaderValue(text, param);
      } else if (param.in === 'cookie') {
        const text = view.cookies.get(param.name);
        value = text === undefined ? undefined : parseHeaderValue(text, param);
      } else continue;
      if (value !== undefined) values[param.key] = value;
    }
    return values;
  };

  /** The body as its media type reads; a promise only for multipart forms. */
  const parseBody = (
    exchange: Exchange,
    route: Route,
    raw: Uint8Array<ArrayBuffer>,
    contentType: string,
    media: string,
  ): unknown => {
    if (raw.byteLength === 0) return undefined;
    const text = (): string => {
      try {
        return utf8.decode(raw);
      } catch {
        throw new HttpProblem({ status: 400, id: 'invalid_request', message: `the ${media} body is not UTF-8` });
      }
    };
    if (isJsonMediaType(media)) {
      const decoded = text();
      let value: unknown;
      try {
        value = JSON.parse(decoded) as unknown;
      } catch {
        throw new HttpProblem({ status: 400, id: 'invalid_request', message: 'the body is not valid JSON' });
      }
      return withinDepth(value);
    }
    if (media === 'application/x-www-form-urlencoded')
      return withinDepth(coerceTree(bracketTree(new URLSearchParams(text())), route.spec.bodyShape));
    if (media === 'multipart/form-data') return parseForm(exchange, route, raw, contentType).then(withinDepth);
    if (media.startsWith('text/')) return text();
    // Bytes without a Content-Type reach here only where the operation takes any media type (`*/*`).
    return new Blob([raw], { type: media });
  };
  /** A parsed body, unless it nests deeper than `maxDepth`. */
  const withinDepth = (value: unknown): unknown => {
    if (deeperThan(value, maxDepth))
      throw new HttpProblem({
        status: 400,
        id: 'invalid_request',
        message: `the body nests arrays and objects more than ${maxDepth} levels deep (the server's maxDepth)`,
      });
    return value;
  };
  const parseForm = async (
    exchange: Exchange,
    route: Route,
    raw: Uint8Array<ArrayBuffer>,
    contentType: string,
  ): Promise<unknown> => {
    let form: FormData;
    try {
      form = await new Request(exchange.href, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
    } catch {
      throw new HttpProblem({
        status: 400,
        id: 'invalid_request',
        message: 'the body is not valid multipart/form-data',
      });
    }
    const fields: [string, string][] = [];
    const files: Record<string, unknown> = {};
    const jsonParts: Promise<void>[] = [];
    form.forEach((value, key) => {
      if (typeof value === 'string') fields.push([key, value]);
      // An object or array part is JSON (OpenAPI's default `contentType` for them in multipart).
      else if (isJsonMediaType(mediaType(value.type)))
        jsonParts.push(
          value.text().then((text) => {
            try {
              setOwnProperty(files, key, JSON.parse(text) as unknown);
            } catch {
              throw new HttpProblem({
                status: 400,
                id: 'invalid_request',
                message: `the ${key} part is not valid JSON`,
              });
            }
          }),
        );
      else setOwnProperty(files, key, value);
    });
    await Promise.all(jsonParts);
    return { ...(coerceTree(bracketTree(fields), route.spec.bodyShape) as object), ...files };
  };

  const handle = async (
    exchange: Exchange,
    route: Route,
    pathValues: readonly (string | undefined)[],
  ): Promise<Answer> => {
    const { op, spec: serverOp } = route;
    const { headers } = exchange;
    const header = (name: string): string | undefined => headers.get(name) ?? undefined;
    if (exchange.href.length > maxUrlLength)
      throw new HttpProblem({
        status: 414,
        id: 'uri_too_long',
        message: `the request URL is longer than ${maxUrlLength} characters`,
      });
    // Promises are awaited only when there is one: each `await` costs a turn of the queue.
    const sent = exchange.body(maxBodyBytes);
    const raw = sent instanceof Promise ? await sent : sent;
    const contentType = header('content-type') ?? '';
    const media = contentType ? mediaType(contentType) : '';
    const view = new RequestView(exchange.method, exchange.href, headers, raw, now());
    // A body without a Content-Type is not guessed to be JSON: only an operation that takes any media type reads it.
    if (raw.byteLength > 0 && op.requestBody && !acceptsMedia(route.bodyMedia, media)) {
      throw new HttpProblem({
        status: 415,
        id: 'unsupported_media_type',
        message: `${media === '' ? 'a body without a Content-Type' : media} is not accepted; send ${op.requestBody.contentTypes.join(' or ')}`,
      });
    }
    const authenticated = authenticateNow(api, op.security, view, hooks);
    const { principal, required } = authenticated instanceof Promise ? await authenticated : authenticated;
    requireScopes(principal, required);

    const limit = serverOp.rateLimit ?? spec.rateLimit;
    if (limit && options.rateLimit !== false) {
      const who = principal.method === 'none' ? (header('x-forwarded-for') ?? 'anonymous') : principal.subject;
      const decision = limiter.take(who, serverOp.rateLimit ? op.operationId : '*', limit);
      if (!decision.allowed) {
        throw new HttpProblem({
          status: limit.status,
          id: limit.errorId,
          message: `more than ${limit.limit} requests in ${limit.windowSeconds} s`,
          headers: { 'Retry-After': String(decision.retryAfter) },
        });
      }
    }

    const params = parseParams(route, pathValues, view);
    // An operation without a request body ignores whatever was sent (it is still signed over).
    const parsed = op.requestBody ? parseBody(exchange, route, raw, contentType, media) : undefined;
    const body = parsed instanceof Promise ? await parsed : parsed;
    const fields: FieldProblem[] = [];
    const missing: FieldProblem[] = [];
    /**
     * The parsed value, or the value itself where zod's parsed copy would equal it (nothing to
     * default, coerce or drop); a failing value's issues go to `missing` and `fields`.
     */
    const validated = (schema: Validator, value: unknown): unknown => {
      if (fastParsesToItself(schema)(value)) return value;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues)
        (isMissing(issue, value) ? missing : fields).push(...issuesToFields([issue], ''));
      return value;
    };
    const parsedParams = op.validators.parameters ? validated(op.validators.parameters, params) : params;
    let parsedBody: unknown = body;
    if (body === undefined && op.requestBody?.required)
      missing.push({ field: '(body)', message: 'a request body is required' });
    else if (body !== undefined && op.validators.body && (isJsonMediaType(media) || typeof body === 'object'))
      parsedBody = validated(op.validators.body, body);
    if (missing.length === 1 && fields.length === 0) {
      throw new HttpProblem({
        status: 400,
        id: 'param_required',
        message: `${missing[0]!.field} is required`,
        fields: missing,
      });
    }
    if (missing.length + fields.length > 0) {
      throw new HttpProblem({
        status: 400,
        id: 'validation_error',
        message: 'the request is not valid',
        fields: [...missing, ...fields],
      });
    }

    if (serverOp.scopesByField && parsedBody && typeof parsedBody === 'object') {
      const value = (parsedBody as Record<string, unknown>)[serverOp.scopesByField.field];
      const scopes = typeof value === 'string' ? serverOp.scopesByField.scopes[value] : undefined;
      if (scopes) requireScopes(principal, scopes);
    }

    const twoFactorToken = api.twoFactor ? header(api.twoFactor.header) : undefined;
    if (serverOp.twoFactor && api.twoFactor && options.twoFactor) {
      const passed = await options.twoFactor({
        operationId: op.operationId,
        principal,
        token: twoFactorToken,
        body: parsedBody,
      });
      if (!passed) {
        throw new HttpProblem({
          status: api.twoFactor.status,
          id: api.twoFactor.errorId,
          message: `this request needs a second factor in ${api.twoFactor.header}`,
        });
      }
    }

    const language = languageOf(spec.languages ? header(spec.languages.header) : undefined);
    const versionHeader = api.versioning?.header;
    const version = versionHeader ? header(versionHeader) : undefined;
    if (!route.handler)
      throw new HttpProblem({
        status: 501,
        id: 'not_implemented',
        message: `${op.operationId} is not implemented by this server`,
      });
    // The generated wrapper types each handler's params and body; here they are what validation let through.
    const context = new Call(
      op.operationId,
      parsedParams as never,
      parsedBody as never,
      principal,
      language,
      version,
      twoFactorToken,
      exchange,
      view,
    );
    const replied = route.handler(context);
    const reply = replied instanceof Promise ? await replied : replied;

    let replyBody = reply.body;
    const replyHeaders: Record<string, string> = { ...(reply.headers ?? {}) };
    if (spec.languages) replyHeaders['content-language'] = language;
    if (
      versionHeader &&
      version === undefined &&
      spec.missingVersionWarning &&
      spec.warningsField &&
      reply.status < 300 &&
      isPlainObject(replyBody)
    ) {
      const warning = {
        id: spec.missingVersionWarning,
        message: `${versionHeader} was not sent; the version in your API settings was used`,
      };
      const existing = replyBody[spec.warningsField];
      replyBody = { ...replyBody, [spec.warningsField]: [...(Array.isArray(existing) ? existing : []), warning] };
    }
    if (op.responseMediaTypes) typeDeclared(op.responseMediaTypes, reply.status, replyHeaders);
    const streamed = op.streams ? streamSpecOf(op.streams, reply.status) : undefined;
    if (streamed && (isAsyncIterable(replyBody) || Array.isArray(replyBody)))
      return streamAnswer(exchange, route, reply.status, streamed, toAsyncIterable(replyBody), replyHeaders);
    // The stream an operation offers beside its body: items an async iterable yields (a list is the JSON body).
    const alternative = op.streamAlternative;
    if (
      alternative &&
      isAsyncIterable(replyBody) &&
      streamSpecOf({ [alternative.status]: alternative }, reply.status)
    ) {
      const headers = { ...replyHeaders, 'content-type': alternative.contentType };
      return streamAnswer(exchange, route, reply.status, alternative, replyBody, headers, alternative.item);
    }
    if (options.validateResponses) checkReply(route, reply.status, replyBody);
    return send(exchange, reply.status, replyBody, replyHeaders);
  };

  /**
   * A streamed answer: the status and headers now, then each item the handler yields, checked
   * (development mode) and framed as it comes. What goes wrong after the status was sent ends
   * the stream and is told to `onInvalidResponse` or `onError`.
   */
  const streamAnswer = (
    exchange: Exchange,
    route: Route,
    status: number,
    spec: StreamSpec,
    items: AsyncIterable<unknown>,
    headers: Record<string, string>,
    /** The items' validator where it is not the status's response validator (a stream beside a body). */
    itemValidator?: Validator,
  ): Answer => {
    const check = !options.validateResponses
      ? () => undefined
      : itemValidator
        ? (item: unknown): void => checkItem(route, status, itemValidator, item)
        : (item: unknown): void => checkReply(route, status, item);
    const body = streamBody(items, spec, check, (error) => report(error, route));
    return send(exchange, status, body, {
      'content-type': STREAM_MEDIA_TYPES[spec.format],
      'cache-control': 'no-cache',
      ...headers,
    });
  };

  /** Checks one item of a stream offered beside a body against the stream's item schema. */
  const checkItem = ({ op }: Route, status: number, validator: Validator, item: unknown): void => {
    if (fastAccepts(validator)(item)) return;
    const result = validator.safeParse(item);
    if (!result.success)
      throw new InvalidResponse(
        op.operationId,
        status,
        result.error.issues,
        `${op.operationId} answered ${status} with a stream item its spec does not allow`,
      );
  };

  const checkReply = ({ op, replyValidators }: Route, status: number, body: unknown): void => {
    let selected = replyValidators.get(status);
    if (!selected) replyValidators.set(status, (selected = selectValidator(op.responses, status)));
    const { found, schema } = selected;
    // An operation that declares no responses at all (OpenAPI 3.1 allows it) constrains none.
    if (!found && Object.keys(op.responses).length === 0) return;
    if (!found)
      throw new InvalidResponse(
        op.operationId,
        status,
        [],
        `${op.operationId} answered ${status}, a status its spec does not declare`,
      );
    // Text is checked against its schema (an enum, a pattern); bytes and text a handler sends as it is are not.
    if (!schema || body instanceof Blob) return;
    if (typeof body === 'string' && !/^text\//i.test(declaredMediaType(op.responseMediaTypes, status) ?? '')) return;
    // zod is asked only when the fast predicate cannot say yes: for the verdict and the issues.
    if (fastAccepts(schema)(body)) return;
    const result = schema.safeParse(body);
    if (!result.success)
      throw new InvalidResponse(
        op.operationId,
        status,
        result.error.issues,
        `${op.operationId} answered ${status} with a body its spec does not allow`,
      );
  };

  /** Tells the options' listeners of an error no answer can carry: an answer its spec does not allow, or any other. */
  const report = (error: unknown, route: Route | undefined): void => {
    if (error instanceof InvalidResponse)
      options.onInvalidResponse?.({ operationId: error.operationId, status: error.status, issues: error.issues });
    else options.onError?.(error, route?.op.operationId);
  };

  const answerError = (exchange: Exchange, error: unknown, route: Route | undefined): Answer => {
    if (error instanceof HttpProblem) return problem(exchange, error, route);
    report(error, route);
    return problem(
      exchange,
      new HttpProblem({
        status: 500,
        id: 'internal_server_error',
        message: error instanceof InvalidResponse ? error.message : 'internal server error',
      }),
      route,
    );
  };
  /** The answer of `route`, errors included. */
  const answerRoute = async (
    exchange: Exchange,
    route: Route,
    pathValues: readonly (string | undefined)[],
  ): Promise<Answer> => {
    try {
      return await handle(exchange, route, pathValues);
    } catch (error) {
      return answerError(exchange, error, route);
    }
  };
  const methodNotAllowed = (exchange: Exchange, methods: Iterable<string>): Answer => {
    const allow = [...methods].sort().join(', ');
    return problem(
      exchange,
      new HttpProblem({
        status: 405,
        id: 'method_not_allowed',
        message: `${exchange.method} is not allowed here; use ${allow}`,
        headers: { Allow: allow },
      }),
    );
  };
  const notFound = (exchange: Exchange, pathname: string): Answer =>
    problem(exchange, new HttpProblem({ status: 404, id: 'not_found', message: `no operation at ${pathname}` }));
  // Every operation at this method and path wants a query its path key carries (`?beta=true`), and the request has none of them.
  const queryNotMatched = (exchange: Exchange, group: readonly Route[]): Answer =>
    problem(
      exchange,
      new HttpProblem({
        status: 404,
        id: 'not_found',
        message: `no operation at ${new URL(exchange.href).pathname} without ${group.map((route) => new URLSearchParams(route.op.query as Record<string, string>).toString()).join(' or ')} in the query`,
      }),
    );

  // On Hono: Hono routes, in the order of `routes`, then a 405 for each known path.
  if (corsOptions)
    app.options('*', (c, next) => {
      const answer = preflight(new HonoExchange(c));
      return answer ? toResponse(answer) : next();
    });
  for (const group of routeGroups(routes)) {
    const [first] = group;
    app.on(first!.op.method, first!.honoPath, async (c) => {
      const exchange = new HonoExchange(c);
      const route = routeOfGroup(group, exchange.href);
      if (!route) return toResponse(queryNotMatched(exchange, group));
      const pathValues = Array.from({ length: route.slotCount }, (_, index) => c.req.param(`p${index}`));
      return toResponse(await answerRoute(exchange, route, pathValues));
    });
  }
  // A known path with a method it does not have: 405 with the methods it has.
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = methodsByPath.get(route.honoPath) ?? new Set<string>();
    methods.add(route.op.method);
    methodsByPath.set(route.honoPath, methods);
  }
  for (const [path, methods] of methodsByPath)
    app.all(path, (c) => toResponse(methodNotAllowed(new HonoExchange(c), methods)));
  app.notFound((c) => toResponse(notFound(new HonoExchange(c), new URL(c.req.url).pathname)));
  app.onError((error, c) => toResponse(answerError(new HonoExchange(c), error, undefined)));

  // Without Hono (`serveNode`): the same operations in a table of their own.
  const table = new RouteTable<readonly Route[]>();
  for (const group of routeGroups(routes)) table.add(group[0]!.op.method, group[0]!.op.path, group);
  cores.set(app, {
    answer: (exchange, pathname) => {
      const early = preflight(exchange);
      if (early) return Promise.resolve(early);
      // HEAD is answered as GET where the path has no HEAD of its own, as Hono does; the transport drops the body.
      const found =
        table.lookup(exchange.method, pathname) ??
        (exchange.method === 'HEAD' ? table.lookup('GET', pathname) : undefined);
      if (!found) return undefined;
      const route = routeOfGroup(found.entry, exchange.href);
      return route
        ? answerRoute(exchange, route, found.values)
        : Promise.resolve(queryNotMatched(exchange, found.entry));
    },
  });
  return app;
}

const hasHeader = (headers: Record<string, string>, lower: string): boolean =>
  Object.keys(headers).some((name) => name.toLowerCase() === lower);

/** A body of another media type than JSON goes out as the operation declares it (text/csv, image/png), unless the handler said otherwise. */
function typeDeclared(
  mediaTypes: Readonly<Record<string, string>>,
  status: number,
  headers: Record<string, string>,
): void {
  const declared = declaredMediaType(mediaTypes, status);
  if (declared !== undefined && !declared.includes('*') && !hasHeader(headers, 'content-type'))
    headers['content-type'] = declared;
}

/** The envelope of an operation's own error answers for `status`: that status, its range (`4XX`), or `default`. */
function envelopeFor(
  envelopes: Readonly<Record<string, ErrorEnvelopeSpec>>,
  status: number,
): ErrorEnvelopeSpec | undefined {
  const range = `${Math.floor(status / 100)}XX`;
  return Object.hasOwn(envelopes, String(status))
    ? envelopes[String(status)]
    : Object.hasOwn(envelopes, range)
      ? envelopes[range]
      : Object.hasOwn(envelopes, 'default')
        ? envelopes.default
        : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);

/** A handler's reply that its own spec does not allow (development mode). */
export class InvalidResponse extends Error {
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly issues: readonly z.core.$ZodIssue[],
    message: string,
  ) {
    super(message);
    this.name = 'InvalidResponse';
  }
}
