/**
 * What the MSW handlers of a generated package (`<pkg>/msw`) answer, as Fetch API responses:
 * MSW takes those from a resolver as they are, so this module needs nothing of MSW.
 */
import type { StreamAlternativeSpec, StreamSpec } from '@svc/runtime';
// The stream helpers alone: the server runtime's index would load Hono.
import { isAsyncIterable, streamBody, toAsyncIterable } from '@svc/server-runtime/stream';
import { asksForStream, endFrame, numberedItem, seededItem } from './stream-items.js';

/** Something that answers requests as the API would: `create<Name>Mock()` of the package's `./mock`. */
export interface RequestAnswerer {
  app: { fetch(request: Request): Response | Promise<Response> };
}

/** How the generated handlers answer. */
export interface HandlerOptions {
  /**
   * Where the client sends its requests (`https://api.example.com`); absent, any origin with
   * the spec's server path, so that a client on any base URL is answered.
   */
  baseUrl?: string;
  /** Seed of the fixtures the handlers answer with: the same seed, the same answers. @default 0 */
  seed?: number;
  /**
   * A mock to answer instead of the fixtures: `createV2Mock()` from `<pkg>/mock`, stateful and in
   * memory (what a create stores, a list returns), in the browser as in Node.
   */
  mock?: RequestAnswerer;
}

/** What a test's own answer for one operation gets from MSW: the request and the path parameters. */
export interface HandlerRequest {
  request: Request;
  params: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/**
 * A test's own answer for one operation: a body of the operation's success type (sent with its
 * success status and media type), or any `Response` (an error, another status).
 */
export type HandlerOverride<T> = (info: HandlerRequest) => T | Response | Promise<T | Response>;

/** An operation's seeded answer: its first success status, and its body's media type and fixture when it has one. */
export interface SeededAnswer {
  status: number;
  /** `stream`: the body is items, framed as server-sent events or lines (`STREAMED_ITEMS` seeded ones by default). */
  body?: { contentType: string; json: boolean; fixture: (seed: number) => unknown; stream?: StreamSpec };
  /**
   * The stream the success response offers beside its body (JSON and `text/event-stream`),
   * answered instead of the body when the request asks for it (the body's `flag`, else `Accept`).
   */
  alternative?: { spec: Omit<StreamAlternativeSpec, 'item'>; fixture: (seed: number) => unknown };
}

/** How many seeded items a streamed response of a handler sends. */
export const STREAMED_ITEMS = 3;

/** A streamed body: the items framed one by one, as they come (the server runtime's own stream body, nothing checked). */
function streamed(
  status: number,
  contentType: string,
  spec: StreamSpec,
  items: readonly unknown[] | AsyncIterable<unknown>,
): Response {
  const body = streamBody(
    toAsyncIterable(items),
    spec,
    () => undefined,
    () => undefined,
  );
  return new Response(body, { status, headers: { 'content-type': contentType, 'cache-control': 'no-cache' } });
}

/**
 * Whether a request carries the query an operation's path key fixes (`/responses?beta=true`):
 * MSW matches paths only, so a handler of such an operation checks it and otherwise lets the
 * request fall through to the next handler (the one at the plain path, if any).
 */
export function carriesQuery(request: Request, query: Readonly<Record<string, string>>): boolean {
  const search = new URL(request.url).searchParams;
  return Object.entries(query).every(([name, value]) => search.getAll(name).includes(value));
}

/** The URL pattern MSW matches an operation at: `path` (already in MSW's `:param` form) under the base URL or `defaultBase`. */
export function handlerUrl(options: HandlerOptions, defaultBase: string, path: string): string {
  return `${(options.baseUrl ?? defaultBase).replace(/\/+$/, '')}${path}`;
}

function response(status: number, body: SeededAnswer['body'], value: unknown): Response {
  if (body === undefined || value === undefined) return new Response(null, { status });
  if (body.stream && (Array.isArray(value) || isAsyncIterable(value)))
    return streamed(status, body.contentType, body.stream, value);
  const text = body.json || typeof value !== 'string' ? JSON.stringify(value) : value;
  return new Response(text, { status, headers: { 'content-type': body.contentType } });
}

/** The path of a base URL or pattern (`/v1` of `https://host/v1`, of the pattern `*` + `/v1` and of `/v1`), without a trailing slash. */
export function basePathOf(base: string): string {
  const rest = base.startsWith('*') ? base.slice(1) : base;
  if (rest.startsWith('/') || rest === '') return rest.replace(/\/+$/, '');
  try {
    return new URL(rest).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/**
 * The request as the mock's router sees it: the mock serves the document's paths from the root
 * (`/titles`), while MSW hands over the URL the client called (`https://host/v1/titles`), so
 * the base path (`/v1`) comes off. A request outside the base path is handed on as it is.
 */
export function requestForMock(request: Request, basePath: string): Request {
  if (basePath === '') return request;
  const url = new URL(request.url);
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return request;
  url.pathname = url.pathname.slice(basePath.length) || '/';
  return new Request(url, request);
}

/** One handler's call: MSW's request, the seeded answer, the options, where the handler matches, and the test's own answer. */
export interface HandlerCall<T> {
  info: HandlerRequest;
  seeded: SeededAnswer;
  options: HandlerOptions;
  /** Where handlers match without `options.baseUrl` (`*` and the path: any origin under the document's server path). */
  defaultBase: string;
  override?: HandlerOverride<T> | undefined;
}

/** Whether a request asks for the stream its operation offers beside its body (reads a JSON body's flag from a copy). */
async function wantsStream(request: Request, seeded: SeededAnswer): Promise<boolean> {
  const alternative = seeded.alternative?.spec;
  if (!alternative) return false;
  const accept = request.headers.get('accept');
  const bodyType = seeded.body?.contentType ?? 'application/json';
  if (alternative.flag === undefined) return asksForStream({ alternative, bodyType, accept, body: undefined });
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  return asksForStream({ alternative, bodyType, accept, body });
}

/** The seed of a handler's seeded stream item: the options' seed and the item's place (and, after the first, the attempt: see `seededItem`). */
const itemSeed = (options: HandlerOptions, index: number, attempt: number): number =>
  (options.seed ?? 0) + index + attempt * 7919;

/** The status a stream beside a body is answered with: its own (`'200'`), or the seeded one for a range. */
const alternativeStatus = (seeded: SeededAnswer, spec: Omit<StreamAlternativeSpec, 'item'>): number =>
  Number(spec.status) || seeded.status;

/** One handler's answer: the test's override, else the mock's answer, else the seeded fixture. */
export async function handlerAnswer<T>(call: HandlerCall<T>): Promise<Response> {
  const { info, seeded, options, override } = call;
  if (override) {
    const answer = await override(info);
    if (answer instanceof Response) return answer;
    // A test's items for the stream beside the body, sent as the stream whatever was asked.
    const alternative = seeded.alternative?.spec;
    if (alternative && isAsyncIterable(answer))
      return streamed(alternativeStatus(seeded, alternative), alternative.contentType, alternative, answer);
    return response(seeded.status, seeded.body, answer);
  }
  if (options.mock)
    return options.mock.app.fetch(requestForMock(info.request, basePathOf(options.baseUrl ?? call.defaultBase)));
  const alternative = seeded.alternative;
  if (alternative && (await wantsStream(info.request, seeded))) {
    const spec = alternative.spec;
    const items: unknown[] = Array.from({ length: STREAMED_ITEMS }, (_, i) =>
      numberedItem(
        spec,
        seededItem(spec, (attempt) => alternative.fixture(itemSeed(options, i, attempt))),
        i,
      ),
    );
    const end = endFrame(spec);
    return streamed(alternativeStatus(seeded, spec), spec.contentType, spec, end ? [...items, end] : items);
  }
  const body = seeded.body;
  if (body?.stream) {
    const spec = body.stream;
    // Numbered as the mock numbers its streams.
    const items: unknown[] = Array.from({ length: STREAMED_ITEMS }, (_, i) =>
      numberedItem(
        spec,
        seededItem(spec, (attempt) => body.fixture(itemSeed(options, i, attempt))),
        i,
      ),
    );
    const end = endFrame(spec);
    return streamed(seeded.status, body.contentType, spec, end ? [...items, end] : items);
  }
  return response(seeded.status, body, body?.fixture(options.seed ?? 0));
}
