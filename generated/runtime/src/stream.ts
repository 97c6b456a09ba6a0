// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Streamed responses: server-sent events, JSON Lines and JSON text sequences (RFC 7464), read
 * item by item as the bytes arrive, each item validated by the operation's item validator.
 * Only programs that call a streaming operation bundle this module (and the SSE parser).
 */
import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import type { z } from 'zod';
import type { HttpClient } from './client.js';
import { mediaType } from './encoding.js';
import { toRequestInput } from './params.js';
import { fastParsesToItself } from './precheck.js';
import { carriesJson, selectValidator, streamSpecOf } from './response.js';
import { describeIssues } from './errors.js';
import { isNetworkError } from './retry.js';
import { checkByMode, responseValidationMode, type ResponseValidationMode } from './tolerance.js';
import type { CallOptions, OperationSpec, RequestInput, StreamOptions, StreamSpec, Validator } from './types.js';

/** One server-sent event: `data` as the wire carries it, or parsed where the operation says it is JSON. */
export interface ServerSentEvent<T = string> {
  event?: string;
  data: T;
  id?: string;
  /** The reconnection time the server set (`retry:`) just before this event, in ms. */
  retry?: number;
}

/** Why reading a stream stopped before its end. */
export type StreamErrorKind =
  /** An event or line longer than `StreamOptions.maxItemSize`. */
  | 'too_large'
  /** Bytes that are not UTF-8. */
  | 'invalid_utf8'
  /** A line, record or event `data` that should be JSON and is not. */
  | 'invalid_json'
  /** An item its schema refuses (`issues`). */
  | 'invalid_item'
  /** The connection broke off, and was not (or no longer) reopened. */
  | 'interrupted'
  /** The answer is not a stream: its Content-Type is JSON (or another body) where the call asked for a stream. */
  | 'not_a_stream';

/** A stream that could not be read to its end: at which item, and why. Items before it were delivered. */
export class StreamError extends Error {
  override readonly name = 'StreamError';
  readonly kind: StreamErrorKind;
  readonly operationId: string;
  /** The 0-based position of the item at fault (the count of items read, for a stream that broke off). */
  readonly index: number;
  /** What the item's schema refused (`invalid_item`). */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(init: {
    kind: StreamErrorKind;
    operationId: string;
    index: number;
    message: string;
    issues?: readonly z.core.$ZodIssue[];
    cause?: unknown;
  }) {
    super(
      `${init.operationId}: stream item ${init.index}: ${init.message}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.kind = init.kind;
    this.operationId = init.operationId;
    this.index = init.index;
    this.issues = init.issues ?? [];
  }
}

const DEFAULT_MAX_ITEM_SIZE = 1_048_576;
const DEFAULT_RECONNECTS = 3;
const DEFAULT_RECONNECT_DELAY_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 30_000;

/** The limits of one stream, defaults filled in. */
interface Limits {
  maxItemSize: number;
  reconnects: number;
  reconnectDelayMs: number;
}

function limitsOf(client: StreamOptions | undefined, call: StreamOptions | undefined): Limits {
  const pick = (key: keyof StreamOptions, fallback: number): number => {
    const value = call?.[key] ?? client?.[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new TypeError(`stream.${key} must be a number of at least 0, not ${String(value)}`);
    return value;
  };
  return {
    maxItemSize: pick('maxItemSize', DEFAULT_MAX_ITEM_SIZE),
    reconnects: Math.floor(pick('reconnects', DEFAULT_RECONNECTS)),
    reconnectDelayMs: pick('reconnectDelayMs', DEFAULT_RECONNECT_DELAY_MS),
  };
}

/** Where a stream is bad, as a parser finds it. */
interface Problem {
  kind: StreamErrorKind;
  message: string;
  cause?: unknown;
}

/** What a parser hands over from a piece of text: the items before validation, and where the stream went bad after them (nothing is read past that). */
interface Parsed {
  items: unknown[];
  problem: Problem | undefined;
  /** The stream said it ended (`StreamSpec.end`): nothing after is read. */
  ended?: boolean;
}

/** A framing's parser: fed text as it arrives, then told the stream ended. */
interface ItemParser {
  feed(text: string, out: Parsed): void;
  end(out: Parsed): void;
}

/** `text` parsed into `out` as one item, or `out`'s problem. */
function pushJson(text: string, what: string, out: Parsed, wrap?: (value: unknown) => unknown): void {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (cause) {
    out.problem ??= { kind: 'invalid_json', message: `${what} is not JSON`, cause };
    return;
  }
  out.items.push(wrap ? wrap(value) : value);
}

const tooLarge = (what: string, maxItemSize: number): Problem => ({
  kind: 'too_large',
  message: `${what} is longer than ${maxItemSize} characters (stream.maxItemSize)`,
});

/** Server-sent events, by eventsource-parser (WHATWG's parsing rules; it bounds what it buffers). */
function sseParser(
  spec: StreamSpec,
  maxItemSize: number,
  seen: { lastEventId: string | undefined; retry: number | undefined },
): ItemParser {
  let out: Parsed = { items: [], problem: undefined };
  let retry: number | undefined;
  const parser = createParser({
    maxBufferSize: maxItemSize,
    onEvent(message: EventSourceMessage) {
      if (out.problem || out.ended) return;
      // The parser bounds what it holds across pieces; an event that came whole in one piece is bounded here.
      if (message.data.length > maxItemSize) return void (out.problem = tooLarge('an event', maxItemSize));
      if (message.id !== undefined) seen.lastEventId = message.id;
      // Events described by their data's schema: the item is the data, and `[DONE]` (or the spec's `end`) ends the stream.
      if (spec.items === 'data') {
        if (spec.end !== undefined && message.data === spec.end) return void (out.ended = true);
        return pushJson(message.data, `the data of event ${message.event ?? 'message'}`, out);
      }
      const event: ServerSentEvent<unknown> = { data: message.data };
      if (message.event !== undefined) event.event = message.event;
      if (message.id !== undefined) event.id = message.id;
      if (retry !== undefined) event.retry = retry;
      retry = undefined;
      if (!carriesJson(spec, message.event)) return void out.items.push(event);
      pushJson(message.data, `the data of event ${message.event ?? 'message'}`, out, (data) => {
        event.data = data;
        return event;
      });
    },
    onRetry(ms: number) {
      retry = ms;
      seen.retry = ms;
    },
    onError(error: ParseError) {
      // Unknown fields and bad `retry:` values are ignored, as EventSource does; only the bound stops a stream.
      if (error.type === 'max-buffer-size-exceeded') out.problem ??= tooLarge('an event or line', maxItemSize);
    },
  });
  let endsInCr = false;
  return {
    feed(text, into) {
      out = into;
      if (text === '') return;
      endsInCr = text.endsWith('\r');
      parser.feed(text);
    },
    // An event the stream ends inside is dropped, as the SSE rules say; a last CR (which the
    // parser holds to see whether LF follows) still ends its line.
    end(into) {
      out = into;
      if (endsInCr) parser.feed('\n');
    },
  };
}

/** JSON Lines (`\n`-separated; `\r\n` and blank lines accepted) or JSON text sequences (records after RS, U+001E). */
function recordParser(format: 'jsonl' | 'json-seq', maxItemSize: number): ItemParser {
  const separator = format === 'jsonl' ? '\n' : '\u001e';
  const what = format === 'jsonl' ? 'a line' : 'a record';
  let pending = '';
  const flush = (record: string, out: Parsed): void => {
    if (record.length > maxItemSize) return void (out.problem ??= tooLarge(what, maxItemSize));
    // A blank line (only spaces, or the CR of a CRLF) is no record; a line that starts with no white space skips the trim.
    if (record.length === 0 || (record.charCodeAt(0) <= 32 && record.trim() === '')) return;
    pushJson(record, what, out);
  };
  return {
    feed(text, out) {
      pending += text;
      let from = 0;
      let at = pending.indexOf(separator);
      while (at >= 0 && !out.problem) {
        flush(pending.slice(from, at), out);
        from = at + 1;
        at = pending.indexOf(separator, from);
      }
      pending = pending.slice(from);
      if (pending.length > maxItemSize) {
        pending = '';
        out.problem ??= tooLarge(what, maxItemSize);
      }
    },
    end(out) {
      if (!out.problem) flush(pending, out);
      pending = '';
    },
  };
}

/** Whether `error` is the connection breaking off (not the caller's abort, not our own errors). */
const brokeOff = (error: unknown, signal: AbortSignal | undefined): boolean =>
  !signal?.aborted && isNetworkError(error);

/**
 * Calls a streaming operation: resolves once its response has arrived (a non-2xx response
 * throws as `request` does, before any item), to the items as they are read, each validated by
 * the operation's item validator. Server-sent events are reopened when the connection breaks off
 * (`StreamOptions.reconnects`, with `Last-Event-ID`). Leaving the loop early, or the call's
 * signal, closes the connection.
 *
 * @throws StreamError while iterating, at the item where the stream is bad or broke off for good.
 */
export async function streamOperation<T>(
  client: HttpClient,
  op: OperationSpec,
  options: CallOptions | undefined,
  params?: object,
  body?: unknown,
): Promise<AsyncIterableIterator<T>> {
  const input = toRequestInput(op, params, body);
  const call = withAccept(op, options ?? {});
  const limits = limitsOf(client.options.stream, call.stream);
  const first = await client.openStream(op, input, call);
  await expectStream(op, first, streamOf(op, first.status)?.spec);
  return readStream<T>({ client, op, input, call, limits, first });
}

/**
 * How the response of `status` streams and what checks its items: the operation's stream
 * alternative where it applies (its status, `streamAlternative`), else `streams` and `responses`.
 */
function streamOf(
  op: OperationSpec,
  status: number,
): { spec: StreamSpec; validator: Validator | undefined } | undefined {
  const alternative = op.streamAlternative;
  if (alternative && streamSpecOf({ [alternative.status]: alternative }, status))
    return { spec: alternative, validator: alternative.item };
  const spec = op.streams ? streamSpecOf(op.streams, status) : undefined;
  return spec && { spec, validator: selectValidator(op.responses, status).schema };
}

/** The framing of a media type that labels a stream; undefined for any other. */
function formatOf(media: string): StreamSpec['format'] | undefined {
  if (media === 'text/event-stream') return 'sse';
  if (/^application\/(?:jsonl|x-ndjson|x-jsonlines|jsonlines)$/.test(media)) return 'jsonl';
  return media === 'application/json-seq' ? 'json-seq' : undefined;
}

/**
 * Refuses an answer whose Content-Type says it is not the stream asked for (the JSON answer of an
 * operation that offers both, an HTML error page): read as a stream, it would be an empty one.
 * An unlabelled answer, or one labelled only as text or bytes, is read as the stream.
 */
async function expectStream(op: OperationSpec, response: Response, spec: StreamSpec | undefined): Promise<void> {
  if (!spec) return;
  const label = mediaType(response.headers.get('content-type'));
  if (label === '' || label === 'text/plain' || label === 'application/octet-stream' || formatOf(label) === spec.format)
    return;
  await response.body?.cancel().catch(() => undefined);
  throw new StreamError({
    kind: 'not_a_stream',
    operationId: op.operationId,
    index: 0,
    message: `the answer (${response.status}) is ${label}, not the ${spec.format === 'sse' ? 'event stream' : 'stream'} asked for`,
  });
}

/** The call's options with an `Accept` of the stream's media type, unless the caller set one. */
function withAccept(op: OperationSpec, call: CallOptions): CallOptions {
  const streamed = Object.keys(op.streams ?? {})[0];
  const accept =
    op.streamAlternative?.contentType ?? (streamed === undefined ? undefined : op.responseMediaTypes?.[streamed]);
  const given = Object.keys(call.headers ?? {}).some((name) => name.toLowerCase() === 'accept');
  return accept === undefined || given ? call : { ...call, headers: { ...call.headers, accept } };
}

/** What the reading loop hands over per piece of the body: the items read from it, validated, and where the stream went bad after them. */
interface Batch<T> {
  items: T[];
  error?: unknown;
}

/**
 * The items of a stream, handed out one by one from what each piece of the body held: one
 * promise per item, where an async generator yielding each would cost twice that (about 0.1 µs
 * an item, a tenth of reading one). An error at an item comes after the items before it.
 */
class StreamItems<T> implements AsyncIterableIterator<T> {
  readonly #batches: AsyncGenerator<Batch<T>, void, undefined>;
  readonly #signal: AbortSignal | undefined;
  #items: T[] = [];
  #at = 0;
  #error: unknown;
  #failed = false;
  #done = false;

  constructor(batches: AsyncGenerator<Batch<T>, void, undefined>, signal: AbortSignal | undefined) {
    this.#batches = batches;
    this.#signal = signal;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#signal?.aborted) return this.#fail(this.#signal.reason);
    if (this.#at < this.#items.length) return Promise.resolve({ value: this.#items[this.#at++]!, done: false });
    if (this.#failed) return this.#fail(this.#error);
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return this.#pull();
  }

  async return(): Promise<IteratorResult<T, undefined>> {
    this.#finish();
    await this.#batches.return();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async #pull(): Promise<IteratorResult<T, undefined>> {
    for (;;) {
      let next: IteratorResult<Batch<T>, void>;
      try {
        next = await this.#batches.next();
      } catch (error) {
        this.#finish();
        throw error;
      }
      if (next.done) {
        this.#finish();
        return { value: undefined, done: true };
      }
      this.#items = next.value.items;
      this.#at = 0;
      if ('error' in next.value) {
        this.#failed = true;
        this.#error = next.value.error;
      }
      if (this.#items.length > 0 || this.#failed) return this.next();
    }
  }

  #fail(error: unknown): Promise<never> {
    this.#finish();
    void this.#batches.return().catch(() => undefined);
    return Promise.reject(error);
  }

  #finish(): void {
    this.#done = true;
    this.#failed = false;
    this.#items = [];
    this.#at = 0;
  }
}

/** One streamed call: the operation, what it was called with, its limits, and its first response. */
interface StreamCall {
  client: HttpClient;
  op: OperationSpec;
  input: RequestInput;
  call: CallOptions;
  limits: Limits;
  first: Response;
}

function readStream<T>(init: StreamCall): AsyncIterableIterator<T> {
  return new StreamItems(readBatches<T>(init), init.call.signal);
}

async function* readBatches<T>(init: StreamCall): AsyncGenerator<Batch<T>, void, undefined> {
  const { client, op, input, call, limits } = init;
  const signal = call.signal;
  const mode = responseValidationMode(call.validateResponse ?? client.options.validateResponses);
  const seen: { lastEventId: string | undefined; retry: number | undefined } = {
    lastEventId: undefined,
    retry: undefined,
  };
  let response = init.first;
  let index = 0;
  let reconnects = 0;
  for (;;) {
    const stream = streamOf(op, response.status);
    if (!stream)
      throw new TypeError(`${op.operationId}: status ${response.status} has no stream in the operation (streams)`);
    const { spec } = stream;
    const validate = itemValidator<T>({ client, op, status: response.status, mode, validator: stream.validator });
    const parser =
      spec.format === 'sse' ? sseParser(spec, limits.maxItemSize, seen) : recordParser(spec.format, limits.maxItemSize);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const reader = response.body?.getReader();
    let finished = false;
    let interruption: unknown;
    // A fetch that does not stop reading the body on its signal still stops here.
    const onAbort = (): void => void reader?.cancel(signal?.reason).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const parsed: Parsed = { items: [], problem: undefined };
      while (reader) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          signal?.throwIfAborted();
          if (!brokeOff(error, signal)) throw error;
          interruption = error;
          break;
        }
        signal?.throwIfAborted();
        let text: string;
        try {
          text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
        } catch (cause) {
          throw new StreamError({
            kind: 'invalid_utf8',
            operationId: op.operationId,
            index,
            message: 'the stream is not UTF-8',
            cause,
          });
        }
        parser.feed(text, parsed);
        if (chunk.done && !parsed.problem) parser.end(parsed);
        const batch: Batch<T> = { items: [] };
        try {
          for (const item of parsed.items) {
            batch.items.push(validate(item, index));
            index++;
          }
          if (parsed.problem) throw new StreamError({ ...parsed.problem, operationId: op.operationId, index });
        } catch (error) {
          batch.error = error;
        }
        parsed.items = [];
        if (batch.items.length > 0 || 'error' in batch) yield batch;
        if ('error' in batch) return;
        // The stream said it ended (`data: [DONE]`): what follows is not read, and the connection is closed.
        if (parsed.ended) return;
        if (chunk.done) {
          finished = true;
          return;
        }
      }
      if (!reader) return;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // Leaving early (break, an error, the signal) closes the connection.
      if (!finished) await reader?.cancel().catch(() => undefined);
    }
    // The connection broke off: server-sent events are reopened where they stopped. Events read as
    // their data (a chat completion's chunks) are reopened only from an event id: asked again
    // without one, the server would answer anew, and the items would repeat.
    const unresumable = spec.items === 'data' && seen.lastEventId === undefined;
    if (spec.format !== 'sse' || reconnects >= limits.reconnects || unresumable)
      throw new StreamError({
        kind: 'interrupted',
        operationId: op.operationId,
        index,
        message: `the connection broke off${spec.format !== 'sse' ? '' : unresumable ? ' (no event id to resume from)' : ` (reconnected ${reconnects} times)`}`,
        cause: interruption,
      });
    reconnects++;
    await client.clock.sleep(Math.min(seen.retry ?? limits.reconnectDelayMs, MAX_RECONNECT_DELAY_MS), signal);
    const headers =
      seen.lastEventId === undefined ? call.headers : { ...call.headers, 'last-event-id': seen.lastEventId };
    response = await client.openStream(op, input, { ...call, ...(headers ? { headers } : {}) });
    await expectStream(op, response, streamOf(op, response.status)?.spec);
  }
}

/**
 * How a stream's items are checked, made once a stream: each item as its validator returns it, by
 * the response validation mode; a tolerated one is reported as a tolerated response is, a refused
 * one is a StreamError at its index.
 */
function itemValidator<T>(init: {
  client: HttpClient;
  op: OperationSpec;
  status: number;
  mode: ResponseValidationMode;
  validator: Validator | undefined;
}): (item: unknown, index: number) => T {
  const { client, op, status, mode, validator } = init;
  if (mode === 'off' || !validator) return (item) => item as T;
  // A predicate that reads an item without building zod's copy of it: where that copy would be the item itself, the item is the answer.
  const itself = fastParsesToItself(validator);
  return (item, index) => {
    if (itself(item)) return item as T;
    const checked = checkByMode(validator, item, mode);
    if ('refused' in checked)
      throw new StreamError({
        kind: 'invalid_item',
        operationId: op.operationId,
        index,
        message: `the item does not match its schema: ${describeIssues(checked.refused)}`,
        issues: checked.refused,
      });
    if (checked.tolerated)
      client.options.onValidationIssues?.({ operationId: op.operationId, status, issues: checked.tolerated, index });
    return checked.value as T;
  };
}
