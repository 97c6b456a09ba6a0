// Copied from templates/mock-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** What the mock's streams and the MSW handlers' seeded streams send, alike. */
import type { StreamAlternativeSpec, StreamSpec } from '@svc/runtime';
import { RawFrame } from '@svc/server-runtime/stream';
import { isRecord } from './paths.js';

/**
 * The item a mock stream sends at `index`: a server-sent event numbered by `id` (`index + 1`),
 * so that a client that reconnects with `Last-Event-ID` gets the rest; other items, and the data
 * of events described by their data's schema (`items: 'data'`), as they are.
 */
export const numberedItem = (spec: StreamSpec, item: unknown, index: number): unknown =>
  spec.format === 'sse' && spec.items !== 'data' && isRecord(item) ? { ...item, id: String(index + 1) } : item;

/** Seeds tried for an event that carries `data` before one without it is sent as it is. */
const EVENT_ATTEMPTS = 8;

/**
 * A seeded item of a stream, `make(attempt)` for attempt 0, 1, …: a server-sent event whose
 * schema leaves `data` optional is made again until it has one, since a client never sees an
 * event without data (the event stream standard drops it); other items as the first attempt made them.
 */
export function seededItem(spec: StreamSpec, make: (attempt: number) => unknown): unknown {
  let item = make(0);
  if (spec.format !== 'sse' || spec.items === 'data') return item;
  for (let attempt = 1; attempt < EVENT_ATTEMPTS && isRecord(item) && item['data'] === undefined; attempt++)
    item = make(attempt);
  return item;
}

/**
 * The frame that ends a stream whose events are their data and whose document names an end
 * (`data: [DONE]`, as OpenAI's streams end), sent after the last item; none for other streams.
 */
export const endFrame = (spec: StreamSpec): RawFrame | undefined =>
  spec.format === 'sse' && spec.items === 'data' && spec.end !== undefined
    ? new RawFrame(`data: ${spec.end}\n\n`)
    : undefined;

/** The media types of an `Accept` header, most wanted first (by `q`, then as written), without those refused (`q=0`). */
function acceptedTypes(accept: string): string[] {
  const ranked = accept.split(',').flatMap((part, index) => {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1));
    return type === '' || !(weight > 0) ? [] : [{ type, weight, index }];
  });
  return ranked.sort((a, b) => b.weight - a.weight || a.index - b.index).map((entry) => entry.type);
}

/**
 * Whether a request asks for the stream an operation offers beside its body: the body's flag
 * set to `true` where the operation has one (`stream: true`), else an `Accept` that names the
 * stream's media type before the body's (`text/event-stream`, not `application/json, text/event-stream`).
 */
export function asksForStream(init: {
  alternative: Pick<StreamAlternativeSpec, 'contentType' | 'flag'>;
  /** The body's media type (`application/json`). */
  bodyType: string;
  accept: string | null;
  body: unknown;
}): boolean {
  const { alternative } = init;
  if (alternative.flag !== undefined) return isRecord(init.body) && init.body[alternative.flag] === true;
  const wanted = acceptedTypes(init.accept ?? '');
  const stream = wanted.indexOf(alternative.contentType.toLowerCase());
  const body = wanted.findIndex((type) => type === init.bodyType.toLowerCase() || type === 'application/json');
  return stream !== -1 && (body === -1 || stream < body);
}
