// Copied from templates/server-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Streamed answers: the items a handler of a streaming operation yields, framed as server-sent
 * events, JSON Lines or JSON text sequences, one write per item as it comes. The body is pulled:
 * the next item is asked for only when the connection has taken the last (backpressure), and a
 * client that leaves ends the handler's iteration (`return()`).
 */
import { carriesJson, type StreamSpec } from '@svc/runtime';

const encoder = new TextEncoder();

/** Whether a handler's body is items to stream. */
export const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** Items a handler gave as a list, as the stream reads them. */
export async function* toAsyncIterable<T>(items: AsyncIterable<T> | readonly T[]): AsyncGenerator<T, void, undefined> {
  yield* items;
}

/** The media type a stream is sent with when the operation declares none. */
export const STREAM_MEDIA_TYPES: Readonly<Record<StreamSpec['format'], string>> = {
  sse: 'text/event-stream',
  jsonl: 'application/jsonl',
  'json-seq': 'application/json-seq',
};

const singleLine = (name: string, value: unknown): string => {
  const text = String(value);
  if (/[\r\n]/.test(text)) throw new TypeError(`an event's ${name} cannot hold a line break`);
  return text;
};

/**
 * One item as its framing writes it. A server-sent event is an object with `data` and optional
 * `event`, `id` and `retry`: `data` is written as JSON where the operation says that event's
 * data is JSON, as text otherwise, one `data:` line per line of it; where the items are the
 * events' data (`items: 'data'`), each is one event of JSON data.
 */
export function frameItem(spec: StreamSpec, item: unknown): string {
  if (spec.format === 'jsonl') return `${JSON.stringify(item)}\n`;
  if (spec.format === 'json-seq') return `\u001e${JSON.stringify(item)}\n`;
  // Events described by their data's schema: the item is the data.
  if (spec.items === 'data') return `data: ${JSON.stringify(item)}\n\n`;
  const event = (typeof item === 'object' && item !== null ? item : { data: item }) as Record<string, unknown>;
  const name = event['event'] === undefined ? undefined : singleLine('event', event['event']);
  const json = carriesJson(spec, name);
  // An event without data is written with an empty one (which a client does not dispatch), never `undefined`.
  const data = event['data'] === undefined ? '' : json ? JSON.stringify(event['data']) : String(event['data']);
  let out = '';
  if (typeof event['retry'] === 'number') out += `retry: ${Math.max(0, Math.floor(event['retry']))}\n`;
  if (event['id'] !== undefined) out += `id: ${singleLine('id', event['id'])}\n`;
  if (name !== undefined) out += `event: ${name}\n`;
  for (const line of data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/**
 * Text written into a stream as it is, in place of a framed item: what a mock sends to show a
 * client a malformed item. Not checked against the item schema.
 */
export class RawFrame {
  constructor(readonly text: string) {}
}

/**
 * The body of a streamed answer: each item checked by `check` (it throws to stop the stream, in
 * development mode) and framed. An item that cannot be framed or is refused, or an error of the
 * handler's iteration, breaks the connection off (the status was sent long before; a client
 * sees the stream interrupted) and is told to `onError`.
 */
export function streamBody(
  items: AsyncIterable<unknown>,
  spec: StreamSpec,
  check: (item: unknown) => void,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const iterator = items[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) return controller.close();
          if (next.value instanceof RawFrame) return controller.enqueue(encoder.encode(next.value.text));
          check(next.value);
          controller.enqueue(encoder.encode(frameItem(spec, next.value)));
        } catch (error) {
          onError(error);
          controller.error(error);
          await iterator.return?.();
        }
      },
      async cancel() {
        // The client left: the handler's loop ends at its next `yield` (its `finally` runs).
        await iterator.return?.();
      },
    },
    // One item at a time: the handler is asked for the next when the last one was taken.
    { highWaterMark: 0 },
  );
}
