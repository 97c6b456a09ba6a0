/**
 * Streamed responses read by the runtime (server-sent events, JSON Lines, JSON text sequences):
 * the same items however the bytes are cut, bounded memory on hostile streams, a typed error at
 * the item at fault, abort, and reconnection with Last-Event-ID. Against a fetch that answers
 * with a ReadableStream the test controls.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, HttpClient, StreamError, streamOperation, type OperationSpec, type StreamSpec } from '../../templates/runtime/src/index.js';
import * as lean from '../../templates/runtime/src/lean.js';
import { api, op } from './fakes.js';

const encoder = new TextEncoder();

/** A body that hands out `bytes` in the given pieces (cut points), then ends, or breaks off with `fail`. */
function bodyOf(bytes: Uint8Array, cuts: readonly number[] = [], fail?: Error): ReadableStream<Uint8Array> & { pulled: () => number; cancelled: () => boolean } {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const pieces = [0, ...points].map((start, i) => bytes.slice(start, points[i] ?? bytes.length));
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces.shift();
      if (piece === undefined) return fail ? controller.error(fail) : controller.close();
      pulled += piece.byteLength;
      controller.enqueue(piece);
    },
    cancel() {
      cancelled = true;
    },
  });
  return Object.assign(stream, { pulled: () => pulled, cancelled: () => cancelled });
}

/** An operation whose 200 is a stream of `format`, items checked by `item`. */
const streaming = (spec: StreamSpec, item: z.ZodType, mediaType: string): OperationSpec =>
  op({ operationId: 'watch', streams: { '200': spec }, responses: { '200': item, '4XX': z.object({ errors: z.array(z.unknown()) }) }, responseMediaTypes: { '200': mediaType } });

const Delta = z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }), id: z.string().optional(), retry: z.number().optional() });
const Done = z.object({ event: z.literal('done'), data: z.string(), id: z.string().optional() });
const sse = streaming({ format: 'sse', jsonData: ['delta'] }, z.union([Delta, Done]), 'text/event-stream');
const Line = z.object({ n: z.number(), text: z.string() });
const jsonl = streaming({ format: 'jsonl' }, Line, 'application/jsonl');
const jsonSeq = streaming({ format: 'json-seq' }, Line, 'application/json-seq');

/** Every item of a call whose responses `answer` makes, and what the fetch saw. */
async function read(
  spec: OperationSpec,
  answer: (request: Request, attempt: number) => Response,
  options: Parameters<typeof streamOperation>[2] = {},
  clientOptions: ConstructorParameters<typeof HttpClient>[1] = {},
) {
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request);
    return answer(request, seen.length - 1);
  };
  const client = new HttpClient(api(), { fetch, stream: { reconnectDelayMs: 1 }, ...clientOptions });
  const items: unknown[] = [];
  let error: unknown;
  try {
    for await (const item of await streamOperation(client, spec, options)) items.push(item);
  } catch (caught) {
    error = caught;
  }
  return { items, error, seen };
}

const sseText =
  'retry: 5\r\nevent: delta\r\nid: 1\r\ndata: {"text":"Grüße, 世界 🌍"}\r\n\r\n' +
  ': a comment\n\nevent: delta\nid: 2\ndata: {"text":\ndata: "line\\nbreak"}\n\n' +
  'event: done\rdata: [DONE]\r\r';
const sseItems = [
  { event: 'delta', data: { text: 'Grüße, 世界 🌍' }, id: '1', retry: 5 },
  { event: 'delta', data: { text: 'line\nbreak' }, id: '2' },
  { event: 'done', data: '[DONE]' },
];
const lines = [
  { n: 1, text: 'ünïcödé 🎉' },
  { n: 2, text: 'second' },
  { n: 3, text: '' },
];
const jsonlText = `${JSON.stringify(lines[0])}\r\n\n${JSON.stringify(lines[1])}\n${JSON.stringify(lines[2])}`;
const jsonSeqText = lines.map((line) => `\u001e${JSON.stringify(line)}\n`).join('');

describe('the same items however the bytes are cut', () => {
  const cases = [
    { name: 'server-sent events', spec: sse, bytes: encoder.encode(sseText), expected: sseItems },
    { name: 'JSON Lines', spec: jsonl, bytes: encoder.encode(jsonlText), expected: lines },
    { name: 'JSON text sequences', spec: jsonSeq, bytes: encoder.encode(jsonSeqText), expected: lines },
  ];

  it.each(cases)('$name: in one piece, and cut after every byte', async ({ spec, bytes, expected }) => {
    expect((await read(spec, () => new Response(bodyOf(bytes)))).items).toEqual(expected);
    const everyByte = Array.from({ length: bytes.length }, (_, i) => i);
    const cut = await read(spec, () => new Response(bodyOf(bytes, everyByte)));
    expect(cut.error).toBeUndefined();
    expect(cut.items).toEqual(expected);
  });

  it.each(cases)('$name: cut at random, inside UTF-8 characters and CRLF pairs too', async ({ spec, bytes, expected }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), async (cuts) => {
        const { items, error } = await read(spec, () => new Response(bodyOf(bytes, cuts)));
        expect(error).toBeUndefined();
        expect(items).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });
});

describe('hostile streams', () => {
  /** A body that never ends a line: `a` after `a`, counting what it handed out. */
  const endless = (): ReadableStream<Uint8Array> & { pulled: () => number } => {
    let pulled = 0;
    const chunk = encoder.encode('a'.repeat(4096));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return Object.assign(stream, { pulled: () => pulled });
  };

  it.each([
    ['server-sent events', sse],
    ['JSON Lines', jsonl],
  ] as const)('%s: a line that never ends is a too_large StreamError once past the bound, not unbounded memory', async (_name, spec) => {
    const body = endless();
    const { items, error } = await read(spec, () => new Response(body), { stream: { maxItemSize: 65_536 } });
    expect(items).toEqual([]);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ kind: 'too_large', operationId: 'watch', index: 0 });
    // Read no further than the bound and the chunk in flight (the stream's queue is small).
    expect(body.pulled()).toBeLessThan(65_536 + 4 * 4096);
  });

  it('an event over the bound after good ones: the good ones first, then the error at its index', async () => {
    const text = `event: done\ndata: ok\n\nevent: done\ndata: ${'x'.repeat(2000)}\n\n`;
    const { items, error } = await read(sse, () => new Response(bodyOf(encoder.encode(text), [10, 30])), { stream: { maxItemSize: 1000 } });
    expect(items).toEqual([{ event: 'done', data: 'ok' }]);
    expect(error).toMatchObject({ kind: 'too_large', index: 1 });
  });

  it('bytes that are not UTF-8 are an invalid_utf8 StreamError at the item being read', async () => {
    const bytes = new Uint8Array([...encoder.encode(`${JSON.stringify(lines[0])}\n{"n":2,"text":"`), 0xff, 0xfe, ...encoder.encode('"}\n')]);
    const cut = encoder.encode(`${JSON.stringify(lines[0])}\n`).byteLength;
    const { items, error } = await read(jsonl, () => new Response(bodyOf(bytes, [cut])));
    expect(items).toEqual([lines[0]]);
    expect(error).toMatchObject({ kind: 'invalid_utf8', index: 1 });
  });

  describe('every item the bytes complete before one that is not UTF-8 comes first, however the bytes are cut', () => {
    /** `text`, a byte that is never UTF-8 and whatever follows it (`tail`). */
    const spoilt = (text: string, tail: string): Uint8Array => new Uint8Array([...encoder.encode(text), 0xff, ...encoder.encode(tail)]);
    // Two whole items before the bad byte (the second with a character of four bytes, which a cut may split), and one after.
    const cases = [
      { name: 'server-sent events', spec: sse, bytes: spoilt(sseText.slice(0, sseText.indexOf(': a comment')) + 'event: done\ndata: 🌍\n\n', 'event: done\ndata: late\n\n'), expected: [sseItems[0], { event: 'done', data: '🌍' }] },
      { name: 'JSON Lines', spec: jsonl, bytes: spoilt(`${JSON.stringify(lines[0])}\n${JSON.stringify(lines[1])}\n{"n":3,"text":"`, '"}\n{"n":4,"text":"d"}\n'), expected: lines.slice(0, 2) },
      { name: 'JSON text sequences', spec: jsonSeq, bytes: spoilt(`\u001e${JSON.stringify(lines[0])}\n\u001e${JSON.stringify(lines[1])}\n\u001e`, '{"n":3,"text":"c"}\n\u001e{"n":4,"text":"d"}\n'), expected: lines.slice(0, 2) },
    ];

    it.each(cases)('$name: in one piece (the piece was refused whole), cut after every byte, and cut at random', async ({ spec, bytes, expected }) => {
      const check = async (cuts: readonly number[]): Promise<void> => {
        const { items, error } = await read(spec, () => new Response(bodyOf(bytes, cuts)));
        expect(items).toEqual(expected);
        expect(error).toBeInstanceOf(StreamError);
        expect(error).toMatchObject({ kind: 'invalid_utf8', index: 2, message: 'watch: stream item 2: the stream is not UTF-8' });
      };
      await check([]);
      await check(Array.from({ length: bytes.length }, (_, i) => i));
      await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 20 }), check), { numRuns: 100 });
    });

    it.each([
      ['a character cut short by a byte that cannot continue it', [0xf0, 0x9f, 0x41]],
      ['a lone continuation byte', [0x80]],
      ['an encoded surrogate', [0xed, 0xa0, 0x80]],
      ['an overlong form', [0xc0, 0xaf]],
      ['a character left unfinished at the end', [0xe4, 0xb8]],
    ])('%s: the whole lines before it are read', async (_, bad) => {
      const bytes = new Uint8Array([...encoder.encode(`${JSON.stringify(lines[0])}\n${JSON.stringify(lines[1])}\n`), ...bad]);
      for (const cuts of [[], [bytes.length - 2], [bytes.length - 1]]) {
        const { items, error } = await read(jsonl, () => new Response(bodyOf(bytes, cuts)));
        expect(items).toEqual(lines.slice(0, 2));
        expect(error).toMatchObject({ kind: 'invalid_utf8', index: 2 });
      }
    });

    it('a byte order mark is dropped at the stream\'s start only, as the stream\'s decoder drops it, also from a piece read up to a bad byte', async () => {
      const bom = [0xef, 0xbb, 0xbf];
      const start = new Uint8Array([...bom, ...encoder.encode(`${JSON.stringify(lines[0])}\n${JSON.stringify(lines[1])}\n`), 0xff]);
      for (const cuts of [[], [1], [2], [3]]) expect((await read(jsonl, () => new Response(bodyOf(start, cuts)))).items).toEqual(lines.slice(0, 2));
      // U+FEFF later on is text: here the first character of an event's data, at the start of the piece that holds the bad byte.
      const head = encoder.encode('event: done\ndata: a\n\nevent: done\ndata: ');
      const later = new Uint8Array([...head, ...bom, ...encoder.encode('b\n\n'), 0xff]);
      for (const cuts of [[head.length], [head.length + 1]]) {
        const { items, error } = await read(sse, () => new Response(bodyOf(later, cuts)));
        expect(items).toEqual([{ event: 'done', data: 'a' }, { event: 'done', data: '\ufeffb' }]);
        expect(error).toMatchObject({ kind: 'invalid_utf8', index: 2 });
      }
    });
  });

  it('a line that is not JSON, and event data that should be JSON and is not, are invalid_json', async () => {
    expect((await read(jsonl, () => new Response('{"n":1,"text":"a"}\nnot json\n'))).error).toMatchObject({ kind: 'invalid_json', index: 1 });
    expect((await read(sse, () => new Response('event: delta\ndata: {oops\n\n'))).error).toMatchObject({ kind: 'invalid_json', index: 0 });
  });

  it('an item its schema refuses is an invalid_item StreamError with the issues, after the items before it', async () => {
    const { items, error } = await read(jsonl, () => new Response('{"n":1,"text":"a"}\n{"n":"two","text":"b"}\n{"n":3,"text":"c"}\n'));
    expect(items).toEqual([{ n: 1, text: 'a' }]);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ kind: 'invalid_item', index: 1 });
    expect((error as StreamError).issues[0]?.path).toEqual(['n']);
  });

  it('tolerant validation (the default) hands over an item that only left a documented range, and reports it with its index', async () => {
    const bounded = streaming({ format: 'jsonl' }, z.object({ n: z.number().max(10) }), 'application/jsonl');
    const reports: unknown[] = [];
    const { items, error } = await read(bounded, () => new Response('{"n":1}\n{"n":99}\n'), {}, { onValidationIssues: (report) => reports.push(report) });
    expect(error).toBeUndefined();
    expect(items).toEqual([{ n: 1 }, { n: 99 }]);
    expect(reports).toEqual([{ operationId: 'watch', status: 200, index: 1, issues: [expect.objectContaining({ code: 'too_big', path: ['n'] })] }]);
  });

  describe('tolerant validation takes an item of a union only as the branch its constant selects', () => {
    const Step = z.object({ event: z.literal('step'), data: z.object({ n: z.number().max(10) }) });
    // A note's data takes any object: a step's wrong data fits it, and only the note's `event` constant differs.
    const Note = z.object({ event: z.literal('note'), data: z.record(z.string(), z.unknown()) });
    const leanStep = lean.object([['event', lean.literal(['step']), true], ['data', lean.object([['n', lean.number(false, lean.bound('max', 10)), true]]), true]]);
    const leanNote = lean.object([['event', lean.literal(['note']), true], ['data', lean.object([]), true]]);
    it.each([
      ['zod', z.union([Step, Note])],
      ['the lean validators (anyOf)', lean.union([leanStep, leanNote])],
      ['the lean validators (oneOf)', lean.oneOf([leanStep, leanNote])],
    ] as const)('%s: `event: step` with data not a step\'s is refused; a step that only leaves a range is tolerated', async (_, item) => {
      const steps = streaming({ format: 'sse', jsonData: true }, item as z.ZodType, 'text/event-stream');
      const reports: unknown[] = [];
      const body = 'event: step\ndata: {"n":1}\n\nevent: step\ndata: {"n":99}\n\nevent: step\ndata: {"n":"seven"}\n\n';
      const { items, error } = await read(steps, () => new Response(body), {}, { onValidationIssues: (report) => reports.push(report) });
      expect(items).toEqual([
        { event: 'step', data: { n: 1 } },
        { event: 'step', data: { n: 99 } },
      ]);
      expect(error).toMatchObject({ name: 'StreamError', kind: 'invalid_item', index: 2 });
      expect(reports).toEqual([expect.objectContaining({ index: 1 })]);
    });
  });

  it('validateResponse: false hands items over as they came', async () => {
    const { items, error } = await read(jsonl, () => new Response('{"n":"two"}\n'), { validateResponse: false });
    expect(error).toBeUndefined();
    expect(items).toEqual([{ n: 'two' }]);
  });

  it('a bad stream option is a TypeError before anything is sent', async () => {
    const { error, seen } = await read(jsonl, () => new Response(''), { stream: { maxItemSize: -1 } });
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/stream\.maxItemSize must be a number of at least 0/);
    expect(seen).toEqual([]);
  });
});

describe('the call', () => {
  it('an error status throws the ApiError before any item, as a plain call would', async () => {
    const fetch = async (): Promise<Response> => Response.json({ errors: [{ id: 'not_found', message: 'no' }] }, { status: 404 });
    const client = new HttpClient(api(), { fetch });
    await expect(streamOperation(client, jsonl, {})).rejects.toBeInstanceOf(ApiError);
  });

  it('reads the body on demand: a loop that takes one item has had the body read no further than the chunk after it', async () => {
    const piece = Array.from({ length: 100 }, (_, i) => `${JSON.stringify({ n: i, text: 'x' })}\n`).join('');
    const bytes = encoder.encode(piece.repeat(20));
    const body = bodyOf(bytes, Array.from({ length: 19 }, (_, i) => (i + 1) * piece.length));
    const client = new HttpClient(api(), { fetch: async () => new Response(body) });
    const items = await streamOperation(client, jsonl, {});
    expect((await items.next()).value).toEqual({ n: 0, text: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The chunk read, and at most the one the body's queue asks for ahead.
    expect(body.pulled()).toBeLessThanOrEqual(2 * piece.length);
    await items.return?.();
    expect(body.cancelled()).toBe(true);
  });

  it('asks for the stream media type unless the caller set Accept', async () => {
    expect((await read(sse, () => new Response(''))).seen[0]!.headers.get('accept')).toBe('text/event-stream');
    expect((await read(sse, () => new Response(''), { headers: { Accept: 'text/plain' } })).seen[0]!.headers.get('accept')).toBe('text/plain');
  });

  it('leaving the loop early closes the connection', async () => {
    const body = bodyOf(encoder.encode(jsonlText), [5, 40, 70]);
    const fetch = async (): Promise<Response> => new Response(body);
    for await (const line of await streamOperation(new HttpClient(api(), { fetch }), jsonl, {})) {
      expect(line).toEqual(lines[0]);
      break;
    }
    expect(body.cancelled()).toBe(true);
  });

  it('the call\'s signal stops reading with its reason, and closes the connection', async () => {
    const controller = new AbortController();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(encoder.encode('{"n":1,"text":"a"}\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    // A fetch that goes on reading the body after the signal aborts: the stream stops it itself.
    const fetch = async (): Promise<Response> => new Response(body);
    const items: unknown[] = [];
    const reading = (async () => {
      for await (const line of await streamOperation(new HttpClient(api(), { fetch }), jsonl, { signal: controller.signal })) {
        items.push(line);
        controller.abort(new Error('stop'));
      }
    })();
    await expect(reading).rejects.toThrow('stop');
    expect(items).toEqual([{ n: 1, text: 'a' }]);
    expect(cancelled).toBe(true);
  });
});

describe('reconnection (server-sent events)', () => {
  const first = 'retry: 3\nevent: delta\nid: 1\ndata: {"text":"a"}\n\nevent: delta\nid: 2\ndata: {"text":"b"}\n\nevent: del';
  const rest = 'event: delta\nid: 3\ndata: {"text":"c"}\n\nevent: done\ndata: end\n\n';

  it('a connection that drops is opened again with Last-Event-ID, after the server\'s retry; no event is lost or repeated', async () => {
    const { items, error, seen } = await read(sse, (request, attempt) =>
      attempt === 0 ? new Response(bodyOf(encoder.encode(first), [30], new TypeError('terminated'))) : new Response(rest),
    );
    expect(error).toBeUndefined();
    expect(items.map((item) => (item as { data: unknown }).data)).toEqual([{ text: 'a' }, { text: 'b' }, { text: 'c' }, 'end']);
    expect(seen.map((request) => request.headers.get('last-event-id'))).toEqual([null, '2']);
  });

  it('gives up after stream.reconnects, with an interrupted StreamError counting the items read', async () => {
    const drop = (): Response => new Response(bodyOf(encoder.encode('event: delta\nid: 9\ndata: {"text":"x"}\n\n'), [], new TypeError('terminated')));
    const once = await read(sse, drop, { stream: { reconnects: 1 } });
    expect(once.seen).toHaveLength(2);
    expect(once.items).toHaveLength(2);
    expect(once.error).toMatchObject({ kind: 'interrupted', index: 2 });
    const never = await read(sse, drop, { stream: { reconnects: 0 } });
    expect(never.seen).toHaveLength(1);
    expect(never.error).toMatchObject({ kind: 'interrupted' });
  });

  it('a stream the server ends is not opened again, and JSON Lines are never reopened', async () => {
    expect((await read(sse, () => new Response(rest))).seen).toHaveLength(1);
    const lineDrop = await read(jsonl, () => new Response(bodyOf(encoder.encode('{"n":1,"text":"a"}\n'), [], new TypeError('terminated'))));
    expect(lineDrop.seen).toHaveLength(1);
    expect(lineDrop.items).toEqual([{ n: 1, text: 'a' }]);
    expect(lineDrop.error).toMatchObject({ kind: 'interrupted', index: 1 });
  });
});

describe('events described by their data (before 3.2), and a stream offered beside a body', () => {
  const Chunk = z.object({ id: z.string(), n: z.number() });
  const dataSpec: StreamSpec = { format: 'sse', jsonData: true, items: 'data', end: '[DONE]' };
  const data = streaming(dataSpec, Chunk, 'text/event-stream');
  const chunkItems = [
    { id: 'c', n: 1 },
    { id: 'c', n: 2 },
  ];
  // As OpenAI sends them: data only, a comment, and `[DONE]`, with an event after it that must not be read.
  const dataBytes = encoder.encode(`: keep-alive\n\n${chunkItems.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\ndata: {"id":"c","n":3}\n\n`);

  it('each item is an event\'s data, however the bytes are cut; `data: [DONE]` ends the stream and the connection', async () => {
    const everyByte = Array.from({ length: dataBytes.length }, (_, i) => i);
    for (const cuts of [[], everyByte]) {
      const body = bodyOf(dataBytes, cuts);
      const { items, error } = await read(data, () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      expect(error).toBeUndefined();
      expect(items).toEqual(chunkItems);
      // Cut in pieces, the body had more to give: the connection was closed at [DONE], not read to its end.
      if (cuts.length > 0) expect([body.cancelled(), body.pulled() < dataBytes.length]).toEqual([true, true]);
    }
  });

  it('data that is not JSON (nor the end) is invalid_json; an item its schema refuses is invalid_item', async () => {
    const text = await read(data, () => new Response(bodyOf(encoder.encode('data: {"id":"c","n":1}\n\ndata: hello\n\n'))));
    expect(text.items).toHaveLength(1);
    expect(text.error).toMatchObject({ name: 'StreamError', kind: 'invalid_json', index: 1 });
    const wrong = await read(data, () => new Response(bodyOf(encoder.encode('data: {"id":1}\n\n'))));
    expect(wrong.error).toMatchObject({ name: 'StreamError', kind: 'invalid_item', index: 0 });
  });

  it.each([
    ['JSON', 'application/json', false],
    ['HTML', 'text/html; charset=utf-8', false],
    ['another stream format', 'application/jsonl', false],
    ['the stream, with parameters', 'text/event-stream; charset=utf-8', true],
    ['text only', 'text/plain', true],
    ['nothing', undefined, true],
  ])('an answer labelled %s (%s) is read as the stream: %s; else it is an ApiError when the call resolves', async (_, label, read_) => {
    const body = bodyOf(dataBytes);
    const { items, error } = await read(data, () => new Response(body, label === undefined ? {} : { headers: { 'content-type': label } }));
    if (read_) return expect(items).toEqual(chunkItems);
    expect(items).toEqual([]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, operationId: 'watch', message: `200 the answer is ${label!.split(';')[0]}, not the event stream asked for (watch)`, body: new TextDecoder().decode(dataBytes) });
  });

  it('a 200 HTML page where the stream was asked for is an ApiError with its status and text, not an empty stream; a JSON one carries its parsed body', async () => {
    const page = '<!doctype html><title>Sign in to the network</title>';
    for (const spec of [sse, data, jsonl]) {
      const html = await read(spec, () => new Response(page, { headers: { 'content-type': 'text/html' } }));
      expect(html.items).toEqual([]);
      expect(html.error).toBeInstanceOf(ApiError);
      expect(html.error).toMatchObject({ status: 200, body: page, message: `200 the answer is text/html, not the ${spec === jsonl ? 'stream' : 'event stream'} asked for (watch)` });
    }
    const json = await read(data, () => Response.json({ errors: [{ id: 'busy', message: 'try later' }] }));
    expect(json.error).toMatchObject({ name: 'ApiError', status: 200, body: { errors: [{ id: 'busy', message: 'try later' }] }, ids: ['busy'] });
    // An answer that never ends is read no further than stream.maxItemSize.
    const endless = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(encoder.encode('<p>'.repeat(1000))) });
    const bounded = await read(data, () => new Response(endless, { headers: { 'content-type': 'text/html' } }), { stream: { maxItemSize: 10_000 } });
    expect((bounded.error as ApiError).body).toHaveLength(10_000);
  });

  it('a data stream that breaks off is reopened only from an event id: without one, asked again, the server would answer anew', async () => {
    const piece = 'data: {"id":"c","n":1}\n\n';
    const broken = await read(data, () => new Response(bodyOf(encoder.encode(piece), [], new TypeError('terminated'))));
    expect(broken.items).toEqual([{ id: 'c', n: 1 }]);
    expect(broken.error).toMatchObject({ kind: 'interrupted', index: 1, message: 'watch: stream item 1: the connection broke off (no event id to resume from)' });
    expect(broken.seen).toHaveLength(1);
    const resumed = await read(data, (_, attempt) =>
      attempt === 0 ? new Response(bodyOf(encoder.encode(`id: 1\n${piece}`), [], new TypeError('terminated'))) : new Response('id: 2\ndata: {"id":"c","n":2}\n\ndata: [DONE]\n\n'),
    );
    expect(resumed.error).toBeUndefined();
    expect(resumed.items).toEqual([{ id: 'c', n: 1 }, { id: 'c', n: 2 }]);
    expect(resumed.seen.map((request) => request.headers.get('last-event-id'))).toEqual([null, '1']);
  });

  const Summary = z.object({ lines: z.array(Line) });
  const both = op({
    operationId: 'logs',
    responses: { '200': Summary },
    streamAlternative: { status: '200', contentType: 'application/x-ndjson', format: 'jsonl', item: Line },
  });

  it('the stream beside a body: read with its own item validator, asked for with Accept: its media type', async () => {
    const { items, error, seen } = await read(both, () => new Response(bodyOf(encoder.encode(jsonlText)), { headers: { 'content-type': 'application/x-ndjson' } }));
    expect(error).toBeUndefined();
    expect(items).toEqual(lines);
    expect(seen[0]!.headers.get('accept')).toBe('application/x-ndjson');
    const refused = await read(both, () => new Response(bodyOf(encoder.encode('{"n":"one"}\n'))));
    expect(refused.error).toMatchObject({ kind: 'invalid_item', index: 0 });
  });

  it('the body of the same operation: asked for with Accept: application/json; the stream answered in its place is a ResponseValidationError', async () => {
    let accept: string | null = null;
    const answer = (response: () => Response) => async (request: Request): Promise<Response> => ((accept = request.headers.get('accept')), response());
    const whole = new HttpClient(api(), { fetch: answer(() => Response.json({ lines })) });
    expect((await whole.request(both)).data).toEqual({ lines });
    expect(accept).toBe('application/json');
    const streamed = new HttpClient(api(), { fetch: answer(() => new Response(jsonlText, { headers: { 'content-type': 'application/x-ndjson' } })), validateResponses: false });
    await expect(streamed.request(both)).rejects.toMatchObject({ name: 'ResponseValidationError', message: expect.stringContaining("the answer is application/x-ndjson, the operation's stream, where its body was asked for") });
      // The refusal comes with the operations that offer such a stream (`uses.streamAlternative`); one written without it is told so.
    await expect(streamed.request({ ...both, operationId: 'bare', uses: {} })).rejects.toThrow('bare offers a stream beside its body but has no uses.streamAlternative (refuseStreamAnswer)');
  });

  it('a stream dropped unread settles the call though its body is one branch of a tee (MSW keeps the other)', async () => {
    // Cancelling one branch of a tee settles only once the other branch is cancelled too: awaited, the call would never end.
    const teed = (): Response => {
      const [branch] = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(encoder.encode(`${JSON.stringify(lines[0])}\n`)) }).tee();
      return new Response(branch, { headers: { 'content-type': 'application/x-ndjson' } });
    };
    const streamed = new HttpClient(api(), { fetch: async () => teed(), validateResponses: false });
    await expect(streamed.request(both)).rejects.toMatchObject({ name: 'ResponseValidationError' });
    for await (const item of await streamOperation(new HttpClient(api(), { fetch: async () => teed() }), both, {})) {
      expect(item).toEqual(lines[0]);
      break;
    }
  }, 10_000);
});
