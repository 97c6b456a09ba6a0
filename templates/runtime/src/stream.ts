/**
 * Streamed responses: server-sent events, JSON Lines and JSON text sequences (RFC 7464), read
 * item by item as the bytes arrive, each item validated by the operation's item validator.
 * Only programs that call a streaming operation bundle this module (and the SSE parser).
 */
import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import type { z } from 'zod';
import type { HttpClient } from './client.js';
import { isJsonMediaType, mediaType } from './encoding.js';
import { toRequestInput } from './params.js';
import { fastParsesToItself } from './precheck.js';
import { carriesJson, selectValidator, streamSpecOf } from './response.js';
import { ApiError, describeIssues } from './errors.js';
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
  | 'interrupted';

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
function pushJson(text: string, what: string, out: Parsed): void {
  const value = jsonOf(text);
  if (value === NOT_JSON) out.problem ??= { kind: 'invalid_json', message: `${what} is not JSON`, cause: jsonError };
  else out.items.push(value);
}

/** What `jsonOf` answers for text that is not JSON (the parser's error is then `jsonError`). */
const NOT_JSON: unique symbol = Symbol('not JSON');
let jsonError: unknown;

/** `text` parsed, or `NOT_JSON`: an event's data is parsed without building its description, which only a failure needs. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    jsonError = error;
    return NOT_JSON;
  }
}

const notJson = (message: EventSourceMessage): Problem => ({
  kind: 'invalid_json',
  message: `the data of event ${message.event ?? 'message'} is not JSON`,
  cause: jsonError,
});

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
        const data = jsonOf(message.data);
        if (data === NOT_JSON) return void (out.problem ??= notJson(message));
        return void out.items.push(data);
      }
      const event: ServerSentEvent<unknown> = { data: message.data };
      if (message.event !== undefined) event.event = message.event;
      if (message.id !== undefined) event.id = message.id;
      if (retry !== undefined) event.retry = retry;
      retry = undefined;
      if (!carriesJson(spec, message.event)) return void out.items.push(event);
      const data = jsonOf(message.data);
      if (data === NOT_JSON) return void (out.problem ??= notJson(message));
      event.data = data;
      out.items.push(event);
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

const NO_BYTES = new Uint8Array(0);

/** The bytes a UTF-8 character has, by its first byte; 0 for a byte no character starts with. */
const sequenceLength = (byte: number): number =>
  byte < 0x80 ? 1 : byte < 0xc2 ? 0 : byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : byte < 0xf5 ? 4 : 0;

/**
 * The start of a character that `piece` (after the `held` bytes of one before it) leaves
 * unfinished, which a streaming decoder holds; empty when the piece ends on a whole character.
 * Reads only the last three bytes, as the decoder accepted the piece.
 */
function heldAfter(held: Uint8Array, piece: Uint8Array): Uint8Array {
  const bytes = held.length === 0 ? piece : concat(held, piece);
  for (let at = bytes.length - 1; at >= Math.max(0, bytes.length - 3); at--) {
    const byte = bytes[at]!;
    if ((byte & 0xc0) === 0x80) continue;
    return bytes.length - at < sequenceLength(byte) ? bytes.slice(at) : NO_BYTES;
  }
  return NO_BYTES;
}

/**
 * The text of `held` and `piece` up to the first byte that is not UTF-8 (WHATWG's decoder rules);
 * a byte order mark is dropped only at the stream's start, as the stream's decoder drops it.
 */
function utf8Before(held: Uint8Array, piece: Uint8Array, atStart: boolean): string {
  const bytes = concat(held, piece);
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes[at]!);
    if (length === 0 || at + length > bytes.length) break;
    const second = bytes[at + 1];
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = bytes[at] === 0xe0 ? 0xa0 : bytes[at] === 0xf0 ? 0x90 : 0x80;
    const high = bytes[at] === 0xed ? 0x9f : bytes[at] === 0xf4 ? 0x8f : 0xbf;
    if (length > 1 && (second! < low || second! > high)) break;
    let continued = true;
    for (let next = at + 2; next < at + length; next++) continued &&= (bytes[next]! & 0xc0) === 0x80;
    if (!continued) break;
    at += length;
  }
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: !atStart }).decode(bytes.subarray(0, at));
}

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const bytes = new Uint8Array(a.length + b.length);
  bytes.set(a);
  bytes.set(b, a.length);
  return bytes;
};

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
  await expectStream({ op, response: first, spec: streamOf(op, first.status)?.spec, limits });
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
 * Refuses an answer whose Content-Type says it is not the stream asked for (an HTML page from a
 * proxy, the JSON answer of an operation that offers both, another stream format): read as a
 * stream, it would be an empty one. It is an `ApiError` with its status and what it said (the
 * first `stream.maxItemSize` bytes, as text, or parsed where labelled JSON). An unlabelled
 * answer, or one labelled only as text or bytes, is read as the stream.
 *
 * @throws ApiError for an answer that is not the stream.
 */
async function expectStream(init: {
  op: OperationSpec;
  response: Response;
  spec: StreamSpec | undefined;
  limits: Limits;
}): Promise<void> {
  const { op, response, spec, limits } = init;
  if (!spec) return;
  const label = mediaType(response.headers.get('content-type'));
  if (label === '' || label === 'text/plain' || label === 'application/octet-stream' || formatOf(label) === spec.format)
    return;
  const text = await textAtMost(response, limits.maxItemSize);
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && isJsonMediaType(label)) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: the text is what it said.
    }
  }
  throw new ApiError({
    status: response.status,
    operationId: op.operationId,
    body,
    response,
    reason: `the answer is ${label}, not the ${spec.format === 'sse' ? 'event stream' : 'stream'} asked for`,
  });
}

/** The first `limit` bytes of a body as text (not UTF-8 where it is not): an answer that is not the stream may never end. */
async function textAtMost(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  try {
    while (read < limit) {
      const chunk = await reader.read();
      if (chunk.done) return text + decoder.decode();
      const piece = chunk.value.subarray(0, limit - read);
      read += piece.byteLength;
      text += decoder.decode(piece, { stream: true });
    }
    return text + decoder.decode();
  } catch {
    // What arrived before the connection broke off is what the answer said.
    return text + decoder.decode();
  } finally {
    // Not awaited: a tee's branch (MSW's) settles its cancel only with the other's.
    void reader.cancel().catch(() => undefined);
  }
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
    // The bytes of a character the decoder holds until the next piece completes it.
    let held: Uint8Array = NO_BYTES;
    // Bytes the decoder took from the pieces before, `held` included.
    let taken = 0;
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
        let notUtf8: { cause: unknown } | undefined;
        try {
          text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
          if (!chunk.done) {
            held = heldAfter(held, chunk.value);
            taken += chunk.value.byteLength;
          }
        } catch (cause) {
          // The items the piece completes before its first bad byte are read; the stream stops there.
          text = chunk.done ? '' : utf8Before(held, chunk.value, taken === held.length);
          notUtf8 = { cause };
        }
        parser.feed(text, parsed);
        if (notUtf8) parsed.problem ??= { kind: 'invalid_utf8', message: 'the stream is not UTF-8', ...notUtf8 };
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
      // Not awaited: a tee's branch (MSW's) settles its cancel only with the other's.
      if (!finished) void reader?.cancel().catch(() => undefined);
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
    await expectStream({ op, response, spec: streamOf(op, response.status)?.spec, limits });
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
