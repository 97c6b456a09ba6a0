/**
 * Streams described the way OpenAPI 3.1 documents of inference APIs describe them (test/fixtures/
 * documents/inference.openapi.yaml, written like OpenAI's): a 200 that is JSON or, with
 * `stream: true` in the body, an event stream whose `schema` is each event's data; logs as JSON
 * or JSON Lines chosen by Accept alone; an event stream with no JSON beside it. The package
 * type-checks under strict with a consumer that relies on the overloads, and its client reads a
 * hand-written Hono server on loopback, each item checked by ajv against the document.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { serve, type HttpBindings } from '@hono/node-server';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Hono } from 'hono';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToDisk, typeCheckUsages, writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';
import { runCli } from '../helpers/cli.js';
import { loadModel, type PackageOutput } from '../../generator/pipeline.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const file = join(repoRoot, 'test', 'fixtures', 'documents', 'inference.openapi.yaml');
const document = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

interface Message {
  role: string;
  content: string;
}
interface Chunk {
  id: string;
  object: string;
  choices: { index: number; delta: { role?: string; content?: string } }[];
}
interface InferenceClient {
  createClient(options: { baseUrl: string; validateResponses?: boolean; stream?: { reconnects?: number } }): unknown;
  createChatCompletion(client: unknown, body: { model: string; messages: Message[]; stream?: boolean | null }, options?: { signal?: AbortSignal }): Promise<unknown>;
  getRunLogs(client: unknown, params: { run_id: string }): Promise<{ lines: unknown[] }>;
  getRunLogsStream(client: unknown, params: { run_id: string }): Promise<AsyncIterableIterator<{ at: string; level: string; message: string }>>;
  watchModel(client: unknown, params: { model: string }): Promise<AsyncIterableIterator<{ state: string; progress?: number }>>;
  heartbeat(client: unknown): Promise<AsyncIterableIterator<{ data: string; event?: string }>>;
}

let output: PackageOutput;
let dir: string;
let inference: InferenceClient;

beforeAll(async () => {
  ({ output, dir } = await generateToDisk(file, 'inference-3-1'));
  inference = (await import(pathToFileURL(join(dir, 'src', 'client.ts')).href)) as InferenceClient;
}, 60_000);

const STREAM_WARNING = 'text/event-stream with a `schema` (no `itemSchema`) is read as events whose `data` is JSON of that schema: each item is the parsed data; a `data: [DONE]` event ends the stream';

describe('the model and the package', () => {
  it('warns once, located, for each event stream whose schema is its data; none for the one whose schema is the event', () => {
    const warnings = output.diagnostics.filter((d) => d.message === STREAM_WARNING).map((d) => d.pointer);
    expect(warnings).toEqual([
      '/paths/~1chat~1completions/post/responses/200/content/text~1event-stream/schema',
      '/paths/~1runs/post/responses/201/content/text~1event-stream/schema',
      '/paths/~1models~1{model}~1status/get/responses/200/content/text~1event-stream/schema',
    ]);
  });

  it('a stream beside an error body, or a second stream beside a body, is not read, and says so where it is declared', async () => {
    const content = { 'application/json': { schema: { type: 'object' } }, 'text/event-stream': { schema: { type: 'object' } }, 'application/jsonl': { schema: { type: 'object' } } };
    const spec = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/x': { get: { operationId: 'getX', responses: { '200': { description: 'OK', content }, '400': { description: 'Bad', content } } } } } };
    const model = await loadModel({ file: writeSpec(spec, 'streams-unread'), name: 'unread' });
    expect(model.diagnostics.filter((d) => d.message.includes('is not read')).map((d) => `${d.pointer}: ${d.message}`)).toEqual([
      '/paths/~1x/get/responses/200/content/application~1jsonl: application/jsonl of response 200 is not read: the response offers one stream beside its body, text/event-stream; the client reads application/json',
      '/paths/~1x/get/responses/400/content/text~1event-stream: text/event-stream of response 400 is not read: only a success response offers a stream beside its body; the client reads application/json',
      '/paths/~1x/get/responses/400/content/application~1jsonl: application/jsonl of response 400 is not read: only a success response offers a stream beside its body; the client reads application/json',
    ]);
    expect(model.operations[0]!.responses.map((r) => [r.status, r.content?.contentType, r.stream?.contentType])).toEqual([
      ['200', 'application/json', 'text/event-stream'],
      ['400', 'application/json', undefined],
    ]);
  });

  it('types the stream beside the JSON (`<Op>StreamItem`), the data of a data stream, and the event object that stays one', () => {
    const types = output.files.get('src/types.ts')!;
    expect(types).toContain('export type CreateChatCompletionStreamItem = CreateChatCompletionStreamResponse;');
    expect(types).toContain('export type CreateChatCompletionResponse2 = CreateChatCompletionResponse;');
    expect(types).toContain('export type GetRunLogsStreamItem = LogLine;');
    expect(types).toContain('export type WatchModelResponse = ModelStatus;');
    expect(types).toMatch(/export type HeartbeatResponse = \{\s*event\?: string;\s*data: string;\s*id\?: string;\s*\};/);
  });

  it('the operations metadata says how each stream is read and what asks for it (`streamAlternative`)', () => {
    const operations = output.files.get('src/operations.ts')!;
    expect(operations).toMatch(/streamAlternative: \{\s*status: '200',\s*contentType: 'text\/event-stream',\s*format: 'sse',\s*jsonData: true,\s*items: 'data',\s*end: '\[DONE\]',\s*flag: 'stream',\s*item: CreateChatCompletionStreamResponseSchema,?\s*\}/);
    expect(operations).toMatch(/streamAlternative: \{\s*status: '200',\s*contentType: 'application\/x-ndjson',\s*format: 'jsonl',\s*item: LogLineSchema,?\s*\}/);
    expect(operations).toContain("streams: { '200': { format: 'sse', jsonData: true, items: 'data', end: '[DONE]' } }");
    expect(operations).toContain("streams: { '200': { format: 'sse', jsonData: false } }");
  });

  it('one function with overloads where the body has the flag, two functions where Accept alone chooses', () => {
    const client = output.files.get('src/client.ts')!;
    expect(client).toMatch(/export function createChatCompletion\(\s*client: HttpClient,\s*body: CreateChatCompletionBody & \{ stream: true \},\s*options\?: CallOptions,\s*\): Promise<AsyncIterableIterator<CreateChatCompletionStreamItem>>;/);
    expect(client).toMatch(/export function createChatCompletion\(\s*client: HttpClient,\s*body: CreateChatCompletionBody & \{ stream\?: false \| null \},\s*options\?: CallOptions,\s*\): Promise<CreateChatCompletionResponse2>;/);
    expect(client).toMatch(/export function getRunLogs\([^)]*\): Promise<GetRunLogsResponse>/);
    expect(client).toMatch(/export function getRunLogsStream\([^)]*\): Promise<AsyncIterableIterator<GetRunLogsStreamItem>>/);
    // The group classes have the same, as methods.
    expect(client).toMatch(/class RunsApi \{[\s\S]*getRunLogsStream\(\s*params: GetRunLogsParams,\s*options\?: CallOptions,?\s*\): Promise<AsyncIterableIterator<GetRunLogsStreamItem>> \{/);
  });

  it('a strict consumer: the literal flag picks the answer type, a flag known at run time gives either; the query mutation takes no stream', async () => {
    const usage = `
      import { createClient, createChatCompletion, createRun, getRunLogs, getRunLogsStream, watchModel, Inference31Client } from './client.js';
      import { createChatCompletionMutation } from './query.js';
      import type { CreateChatCompletionResponse, CreateChatCompletionStreamResponse, LogLine, ModelStatus } from './types.js';
      type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
      const holds = <T extends true>(): T => true as T;
      export async function consume(flag: boolean): Promise<void> {
        const client = createClient({ baseUrl: 'https://inference.example.test/v1' });
        const messages = [{ role: 'user' as const, content: 'hi' }];
        const answer = await createChatCompletion(client, { model: 'm', messages });
        holds<Equal<typeof answer, CreateChatCompletionResponse>>();
        const off = await createChatCompletion(client, { model: 'm', messages, stream: false });
        holds<Equal<typeof off, CreateChatCompletionResponse>>();
        for await (const chunk of await createChatCompletion(client, { model: 'm', messages, stream: true })) holds<Equal<typeof chunk, CreateChatCompletionStreamResponse>>();
        const either = await createChatCompletion(client, { model: 'm', messages, stream: flag });
        holds<Equal<typeof either, CreateChatCompletionResponse | AsyncIterableIterator<CreateChatCompletionStreamResponse>>>();
        const grouped = await new Inference31Client({}).chat.createChatCompletion({ model: 'm', messages, stream: true });
        for await (const chunk of grouped) holds<Equal<typeof chunk, CreateChatCompletionStreamResponse>>();
        holds<Equal<Awaited<ReturnType<typeof getRunLogs>>, { lines: LogLine[] }>>();
        for await (const line of await getRunLogsStream(client, { run_id: 'r' })) holds<Equal<typeof line, LogLine>>();
        for await (const status of await watchModel(client, { model: 'm' })) holds<Equal<typeof status, ModelStatus>>();
        const run = await createRun(client, {}, { label: 'x' });
        holds<Equal<typeof run, ModelStatus>>();
        for await (const progress of await createRun(client, undefined, { stream: true })) holds<Equal<typeof progress, ModelStatus>>();
        const mutation = createChatCompletionMutation(client);
        holds<Equal<Awaited<ReturnType<NonNullable<typeof mutation.mutationFn>>>, CreateChatCompletionResponse>>();
      }
    `;
    const refused = `
      import { createClient, createChatCompletion } from './client.js';
      import type { CreateChatCompletionResponse } from './types.js';
      export async function wrong(): Promise<CreateChatCompletionResponse> {
        return createChatCompletion(createClient(), { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true });
      }
    `;
    const errors = await typeCheckUsages(dir, { usage, refused });
    expect(errors.usage).toBeUndefined();
    expect(errors['(package)']).toBeUndefined();
    expect(errors.refused?.join('\n')).toMatch(/AsyncIterableIterator<CreateChatCompletionStreamResponse>/);
  }, 120_000);

  it('the package README lists the streams beside a body and how to ask for each', () => {
    const readme = output.files.get('README.md')!;
    expect(readme).toContain('## Streams beside a body');
    expect(readme).toMatch(/\| `createChatCompletion` +\| 200 application\/json, or text\/event-stream when the body says `stream: true` \(one function, its answer type follows the flag\) +\|/);
    expect(readme).toMatch(/\| `getRunLogs` +\| 200 application\/json, or application\/x-ndjson by Accept: getRunLogsStream +\|/);
    // The query example's mutation takes a body declared as the body type: not one whose flag may ask for a stream.
    expect(readme).not.toMatch(/useMutation\(\{\s*\.\.\.create(ChatCompletion|Run)Mutation/);
  });

  it('--explain lists each stream offered beside a body and what asks for it', async () => {
    const run = await runCli({ cwd: repoRoot, argv: ['--spec', file, '--out', join(repoRoot, '.tmp', 'test-output', 'inference-explain'), '--quiet', '--explain', '--targets', 'client'] });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('streams offered beside a body (3):');
    expect(run.stdout).toMatch(/createChatCompletion\s+200 application\/json, or text\/event-stream when the body says `stream: true` \(one function, its answer type follows the flag\)/);
    expect(run.stdout).toMatch(/getRunLogs\s+200 application\/json, or application\/x-ndjson by Accept: getRunLogsStream/);
  }, 60_000);
});

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(document, 'https://inference.test/openapi');
/** ajv's verdict on a value, by the document's schema at `pointer`. */
const check = (pointer: string, value: unknown): void => {
  const validate = ajv.getSchema(`https://inference.test/openapi#${pointer}`) ?? ajv.compile({ $ref: `https://inference.test/openapi#${pointer}` });
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
};

describe('the client against a hand-written Hono server on loopback', () => {
  const seen: { path: string; accept: string | undefined; body: unknown; closed: boolean }[] = [];
  const chunks: Chunk[] = ['Hel', 'lo', ', 世界'].map((content, index) => ({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: index === 0 ? { role: 'assistant', content } : { content } }] }));
  const lines = [
    { at: '2026-11-26T08:00:00Z', level: 'info', message: 'started' },
    { at: '2026-11-26T08:00:01Z', level: 'warn', message: 'slow' },
  ];
  let server: ReturnType<typeof serve>;
  let baseUrl: string;

  beforeAll(async () => {
    const app = new Hono<{ Bindings: HttpBindings }>();
    const encoder = new TextEncoder();
    app.post('/v1/chat/completions', async (c) => {
      const body = (await c.req.json()) as { stream?: boolean; model: string; messages: Message[] };
      const visit = { path: c.req.path, accept: c.req.header('accept'), body, closed: false };
      seen.push(visit);
      // The answer below never ends by itself: its close is the client's.
      c.env.outgoing.on('close', () => (visit.closed = true));
      // `model` tells the server to answer what the client did not ask for.
      const streamed = body.model === 'contrary' ? !body.stream : body.stream === true;
      if (!streamed) return c.json({ id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }] });
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          // As OpenAI sends them: data only, a comment to keep the connection, `[DONE]` last; the connection stays open after it.
          controller.enqueue(encoder.encode(': keep-alive\n\n'));
          for (const chunk of chunks) controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
          controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    });
    app.get('/v1/runs/:run_id/logs', (c) => {
      seen.push({ path: c.req.path, accept: c.req.header('accept'), body: undefined, closed: false });
      if (c.req.header('accept') === 'application/x-ndjson') return c.body(lines.map((line) => JSON.stringify(line)).join('\n') + '\n', 200, { 'content-type': 'application/x-ndjson' });
      return c.json({ lines });
    });
    app.post('/v1/runs', async (c) => {
      const text = await c.req.text();
      const body = (text === '' ? {} : JSON.parse(text)) as { stream?: boolean };
      seen.push({ path: `${c.req.path}?${new URL(c.req.url).search}`, accept: c.req.header('accept'), body: text === '' ? undefined : body, closed: false });
      if (body.stream !== true) return c.json({ state: 'queued' }, 201);
      return c.body('data: {"state":"loading","progress":0.5}\n\ndata: {"state":"ready"}\n\ndata: [DONE]\n\n', 201, { 'content-type': 'text/event-stream' });
    });
    app.get('/v1/models/:model/status', (c) => {
      const states = c.req.param('model') === 'broken' ? [{ state: 'queued' }, { state: 'loading', progress: 'half' }] : [{ state: 'queued' }, { state: 'loading', progress: 0.5 }, { state: 'ready', progress: 1 }];
      return c.body(states.map((s) => `data: ${JSON.stringify(s)}\n\n`).join(''), 200, { 'content-type': 'text/event-stream' });
    });
    app.get('/v1/heartbeat', (c) => c.body('event: beat\ndata: 1\n\ndata: 2\n\n', 200, { 'content-type': 'text/event-stream' }));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const messages = [{ role: 'user', content: 'hi' }];

  it('without `stream`, the JSON answer, asked for with Accept: application/json', async () => {
    const answer = await inference.createChatCompletion(inference.createClient({ baseUrl }), { model: 'm', messages });
    check('/components/schemas/CreateChatCompletionResponse', answer);
    expect(answer).toMatchObject({ object: 'chat.completion' });
    expect(seen.at(-1)).toMatchObject({ accept: 'application/json', body: { model: 'm', messages } });
  });

  it('with `stream: true`, the chunks, each the data of an event, validated; `data: [DONE]` ends the stream and the connection', async () => {
    const before = seen.length;
    const read: unknown[] = [];
    for await (const chunk of (await inference.createChatCompletion(inference.createClient({ baseUrl }), { model: 'm', messages, stream: true })) as AsyncIterable<Chunk>) {
      check('/components/schemas/CreateChatCompletionStreamResponse', chunk);
      read.push(chunk);
    }
    expect(read).toEqual(chunks);
    expect(seen[before]).toMatchObject({ accept: 'text/event-stream', body: { stream: true } });
    // The server never closed it: the client did, at [DONE].
    await expect.poll(() => seen[before]?.closed, { timeout: 2000 }).toBe(true);
  });

  it('a chunk its schema refuses is a StreamError at that item, after the ones before it', async () => {
    const client = inference.createClient({ baseUrl });
    const original = chunks[1]!;
    chunks[1] = { ...original, choices: 'none' } as unknown as Chunk;
    try {
      const read: unknown[] = [];
      const reading = (async () => {
        for await (const chunk of (await inference.createChatCompletion(client, { model: 'm', messages, stream: true })) as AsyncIterable<unknown>) read.push(chunk);
      })();
      await expect(reading).rejects.toMatchObject({ name: 'StreamError', kind: 'invalid_item', index: 1 });
      expect(read).toHaveLength(1);
    } finally {
      chunks[1] = original;
    }
  });

  it('the JSON answer where the stream was asked for is an ApiError, not an empty stream; the stream where JSON was asked for is refused too', async () => {
    const client = inference.createClient({ baseUrl });
    await expect(inference.createChatCompletion(client, { model: 'contrary', messages, stream: true })).rejects.toMatchObject({
      name: 'ApiError',
      status: 200,
      message: '200 the answer is application/json, not the event stream asked for (createChatCompletion)',
    });
    await expect(inference.createChatCompletion(client, { model: 'contrary', messages })).rejects.toMatchObject({
      name: 'ResponseValidationError',
      message: expect.stringContaining('the answer is text/event-stream, the operation\'s stream, where its body was asked for (`stream: true` asks for the stream)'),
    });
    // Without validation too: never the stream's text handed over as the body.
    await expect(inference.createChatCompletion(inference.createClient({ baseUrl, validateResponses: false }), { model: 'contrary', messages })).rejects.toMatchObject({ name: 'ResponseValidationError' });
  });

  it('no flag: Accept chooses, the JSON function and the stream function', async () => {
    const client = inference.createClient({ baseUrl });
    const whole = await inference.getRunLogs(client, { run_id: 'r1' });
    expect(whole).toEqual({ lines });
    expect(seen.at(-1)).toMatchObject({ path: '/v1/runs/r1/logs', accept: 'application/json' });
    const read = [];
    for await (const line of await inference.getRunLogsStream(client, { run_id: 'r1' })) {
      check('/components/schemas/LogLine', line);
      read.push(line);
    }
    expect(read).toEqual(lines);
    expect(seen.at(-1)).toMatchObject({ accept: 'application/x-ndjson' });
  });

  it('optional parameters and an optional body: left out, the JSON answer; `stream: true`, the progress (201)', async () => {
    const client = inference.createClient({ baseUrl }) as never;
    const run = inference as unknown as { createRun(client: never, params?: { dry_run?: boolean }, body?: { stream?: boolean }): Promise<unknown> };
    expect(await run.createRun(client)).toEqual({ state: 'queued' });
    expect(seen.at(-1)).toMatchObject({ accept: 'application/json', body: undefined });
    const progress = [];
    for await (const status of (await run.createRun(client, undefined, { stream: true })) as AsyncIterable<unknown>) progress.push(status);
    expect(progress).toEqual([{ state: 'loading', progress: 0.5 }, { state: 'ready' }]);
    expect(seen.at(-1)).toMatchObject({ accept: 'text/event-stream', body: { stream: true } });
  });

  it('a 3.1 event stream with no JSON beside it: items typed and validated, an invalid one refused at its index', async () => {
    const client = inference.createClient({ baseUrl });
    const states = [];
    for await (const status of await inference.watchModel(client, { model: 'small' })) {
      check('/components/schemas/ModelStatus', status);
      states.push(status);
    }
    expect(states).toEqual([{ state: 'queued' }, { state: 'loading', progress: 0.5 }, { state: 'ready', progress: 1 }]);
    const read: unknown[] = [];
    const reading = (async () => {
      for await (const status of await inference.watchModel(client, { model: 'broken' })) read.push(status);
    })();
    await expect(reading).rejects.toMatchObject({ name: 'StreamError', kind: 'invalid_item', index: 1 });
    expect(read).toEqual([{ state: 'queued' }]);
  });

  it('an event stream whose schema is the event object keeps that meaning: items are events', async () => {
    const beats = [];
    for await (const beat of await inference.heartbeat(inference.createClient({ baseUrl }))) beats.push(beat);
    expect(beats).toEqual([{ event: 'beat', data: '1' }, { data: '2' }]);
  });
});

describe('the server stub and the mock frame events read as their data', () => {
  interface Server {
    createInference31Server(handlers: Record<string, () => unknown>): { fetch(request: Request): Response | Promise<Response> };
  }
  interface Mock {
    createInference31Mock(options?: { streams?: { count?: number } }): { app: { fetch(request: Request): Response | Promise<Response> } };
  }

  it('each item a handler yields is one `data:` event of its JSON, and the client reads it back', async () => {
    const { createInference31Server } = (await import(pathToFileURL(join(dir, 'src', 'server.ts')).href)) as Server;
    const app = createInference31Server({ watchModel: () => ({ status: 200, body: [{ state: 'loading', progress: 0.5 }, { state: 'ready' }] }) });
    const answer = await app.fetch(new Request('https://inference.example.test/models/m/status'));
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    expect(await answer.text()).toBe('data: {"state":"loading","progress":0.5}\n\ndata: {"state":"ready"}\n\n');
  });

  it('the mock streams seeded data, not numbered into the document\'s data, each valid', async () => {
    const { createInference31Mock } = (await import(pathToFileURL(join(dir, 'src', 'mock.ts')).href)) as Mock;
    const app = createInference31Mock({ streams: { count: 3 } }).app;
    const client = inference.createClient({ baseUrl: 'https://inference.example.test', fetch: async (request: Request) => app.fetch(request) } as never);
    const states = [];
    for await (const status of await inference.watchModel(client, { model: 'm' })) {
      check('/components/schemas/ModelStatus', status);
      expect(status).not.toHaveProperty('id');
      states.push(status);
    }
    expect(states).toHaveLength(3);
  });
});
