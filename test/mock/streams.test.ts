/**
 * Streams of the mock and of the MSW handlers, over loopback HTTP and through `setupServer`.
 * A stream offered beside JSON (test/fixtures/documents/inference.openapi.yaml, written like
 * OpenAI's: `stream: true` in the body asks for an event stream whose `schema` is each event's
 * data, ended by `data: [DONE]`; run logs as JSON or JSON Lines chosen by `Accept`) answers the
 * stream when asked for it and JSON otherwise (it answered JSON, or 500, before); an event
 * stream of a 3.0 document with no JSON beside it sends each item as an event whose data is
 * JSON of its schema, and one whose schema is the event object sends data on every event (JSON
 * where the data is an object: it was empty, or `[object Object]`). Every item and body is
 * judged by ajv over the document.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveNode, type RunningServer } from '@svc/server-runtime';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentMock } from '../../mock/document.js';
import { documentAjv, type DocumentAjv } from '../helpers/document-ajv.js';
import { generateToDisk, writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

const inferenceFile = join(repoRoot, 'test', 'fixtures', 'documents', 'inference.openapi.yaml');

/** An OpenAPI 3.0 completions API whose one operation answers an event stream only, described the pre-3.2 way. */
const completions30 = {
  openapi: '3.0.3',
  info: { title: 'Completions', version: '1.0.0' },
  servers: [{ url: 'https://api.completions.test/v1' }],
  paths: {
    '/completions/{completionId}/progress': {
      get: {
        operationId: 'watchCompletion',
        parameters: [{ name: 'completionId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Progress events', content: { 'text/event-stream': { schema: { $ref: '#/components/schemas/ProgressEvent' } } } } },
      },
    },
    '/completions': {
      post: {
        operationId: 'createCompletion',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['prompt'], properties: { prompt: { type: 'string', maxLength: 200 } } } } } },
        responses: {
          '200': { description: 'The completion, a chunk per event', content: { 'text/event-stream': { schema: { $ref: '#/components/schemas/CompletionChunk' } } } },
          '400': { description: 'Bad request', content: { 'application/json': { schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      // The event object itself (event fields only, `data` among them), its data optional and an object: JSON.
      ProgressEvent: {
        type: 'object',
        properties: {
          event: { type: 'string', enum: ['progress', 'done'] },
          id: { type: 'string' },
          data: { type: 'object', required: ['percent'], properties: { percent: { type: 'integer', minimum: 0, maximum: 100 } } },
        },
      },
      CompletionChunk: {
        type: 'object',
        required: ['id', 'text', 'index'],
        properties: {
          id: { type: 'string' },
          text: { type: 'string' },
          index: { type: 'integer', minimum: 0 },
          finish_reason: { type: 'string', enum: ['stop', 'length'] },
        },
      },
    },
  },
};

interface SseEvent {
  event?: string;
  data: string;
  id?: string;
}

/** The events of a whole event stream (LF line ends, as the mock writes them; comments skipped). */
function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event: SseEvent = { data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const [field, value] = colon === -1 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
        if (field === 'data') data.push(value);
        else if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
      }
      event.data = data.join('\n');
      return event;
    });
}

const CHAT = { model: 'gpt-test', messages: [{ role: 'user', content: 'Say hello' }] };

/** What each operation of the inference document answers when asked for the stream, and when not. */
interface Asked {
  operationId: string;
  status: number;
  path: string;
  method: string;
  body?: unknown;
  accept?: string;
  /** The media type of the answer. */
  answers: string;
}

const ASKED: readonly Asked[] = [
  { operationId: 'createChatCompletion', status: 200, method: 'POST', path: '/chat/completions', body: { ...CHAT, stream: true }, answers: 'text/event-stream' },
  // The flag decides where the operation has one, whatever Accept says.
  { operationId: 'createChatCompletion', status: 200, method: 'POST', path: '/chat/completions', body: { ...CHAT, stream: true }, accept: 'application/json', answers: 'text/event-stream' },
  { operationId: 'createChatCompletion', status: 200, method: 'POST', path: '/chat/completions', body: CHAT, accept: 'text/event-stream', answers: 'application/json' },
  { operationId: 'createChatCompletion', status: 200, method: 'POST', path: '/chat/completions', body: { ...CHAT, stream: false }, answers: 'application/json' },
  { operationId: 'createChatCompletion', status: 200, method: 'POST', path: '/chat/completions', body: { ...CHAT, stream: null }, answers: 'application/json' },
  // Without a flag, Accept chooses: the stream's media type, not after JSON.
  { operationId: 'getRunLogs', status: 200, method: 'GET', path: '/runs/r-1/logs', accept: 'application/x-ndjson', answers: 'application/x-ndjson' },
  { operationId: 'getRunLogs', status: 200, method: 'GET', path: '/runs/r-1/logs', accept: 'application/x-ndjson, application/json;q=0.5', answers: 'application/x-ndjson' },
  { operationId: 'getRunLogs', status: 200, method: 'GET', path: '/runs/r-1/logs', accept: 'application/json, application/x-ndjson', answers: 'application/json' },
  { operationId: 'getRunLogs', status: 200, method: 'GET', path: '/runs/r-1/logs', accept: '*/*', answers: 'application/json' },
  { operationId: 'getRunLogs', status: 200, method: 'GET', path: '/runs/r-1/logs', answers: 'application/json' },
  { operationId: 'createRun', status: 201, method: 'POST', path: '/runs', body: { stream: true, label: 'nightly' }, answers: 'text/event-stream' },
  { operationId: 'createRun', status: 201, method: 'POST', path: '/runs', body: { label: 'nightly' }, answers: 'application/json' },
];

/** Judges one answer to an `ASKED` request: its status and media type, and every item or the body by ajv. */
async function judge(ajv: DocumentAjv, asked: Asked, response: Response): Promise<number> {
  const label = `${asked.operationId} ${JSON.stringify(asked.body ?? null)} accept ${asked.accept ?? '(none)'}`;
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBe(asked.status);
  expect((response.headers.get('content-type') ?? '').split(';')[0], label).toBe(asked.answers);
  if (asked.answers === 'application/json') {
    expect(ajv.response(asked.operationId, asked.status, JSON.parse(text)), label).toEqual([]);
    return 1;
  }
  if (asked.answers === 'text/event-stream') {
    const events = parseEvents(text);
    // Each item is an event whose data is JSON of the schema; `data: [DONE]` ends the stream, last.
    expect(events.at(-1)?.data, `${label}: the stream ends with [DONE]`).toBe('[DONE]');
    const items = events.slice(0, -1);
    expect(items.length, label).toBeGreaterThan(0);
    for (const event of items) expect(ajv.media(asked.operationId, asked.status, 'text/event-stream', JSON.parse(event.data)), `${label}: ${event.data}`).toEqual([]);
    return items.length;
  }
  const lines = text.split('\n').filter((line) => line !== '');
  expect(lines.length, label).toBeGreaterThan(0);
  for (const line of lines) expect(ajv.media(asked.operationId, asked.status, asked.answers, JSON.parse(line)), `${label}: ${line}`).toEqual([]);
  return lines.length;
}

const requestOf = (base: string, asked: Asked): [string, RequestInit] => [
  `${base}${asked.path}`,
  {
    method: asked.method,
    headers: { ...(asked.body === undefined ? {} : { 'content-type': 'application/json' }), ...(asked.accept ? { accept: asked.accept } : {}) },
    ...(asked.body === undefined ? {} : { body: JSON.stringify(asked.body) }),
  },
];

describe('the mock of a document whose answers offer a stream beside JSON, over HTTP', () => {
  let server: RunningServer;
  let ajv: DocumentAjv;
  const invalid: string[] = [];
  beforeAll(async () => {
    const mock = await loadDocumentMock(inferenceFile, { server: { onInvalidResponse: (report) => invalid.push(`${report.operationId} ${report.status}: ${JSON.stringify(report.issues).slice(0, 300)}`) } });
    server = await serveNode(mock.app, { port: 0 });
    ajv = await documentAjv(inferenceFile);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each(ASKED.map((asked) => [`${asked.operationId} ${JSON.stringify(asked.body ?? {})} ${asked.accept ?? ''} -> ${asked.answers}`, asked] as const))('%s', async (_label, asked) => {
    const count = await judge(ajv, asked, await fetch(...requestOf(server.url, asked)));
    // The mock's streams send five items by default.
    if (asked.answers !== 'application/json') expect(count).toBe(5);
    expect(invalid).toEqual([]);
  });

  it('sends the same items for the same request', async () => {
    const asked = ASKED[0]!;
    const [url, init] = requestOf(server.url, asked);
    const first = await (await fetch(url, init)).text();
    expect(await (await fetch(url, init)).text()).toBe(first);
  });
});

describe('the MSW handlers of that document', () => {
  const msw = setupServer();
  const BASE = 'https://inference.example.test/v1';
  let handlers: (options: { mock?: unknown }) => HttpHandler[];
  let createMock: () => unknown;
  let ajv: DocumentAjv;
  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: 'error' });
    const { dir } = await generateToDisk(inferenceFile, 'inference-streams-msw');
    const load = async <T>(module: string): Promise<T> => (await import(pathToFileURL(join(dir, 'src', module)).href)) as T;
    ({ handlers } = await load<{ handlers: typeof handlers }>('msw.ts'));
    const mockModule = await load<Record<string, unknown>>('mock.ts');
    createMock = Object.entries(mockModule).find(([key]) => /^create\w*Mock$/.test(key))?.[1] as typeof createMock;
    ajv = await documentAjv(inferenceFile);
  }, 120_000);
  afterAll(() => msw.close());

  it.each([
    ['with seeded fixtures', false, 3],
    ['with the mock in memory', true, 5],
  ] as const)('answer the stream when asked for it and JSON otherwise, %s', async (_label, stateful, items) => {
    msw.resetHandlers(...handlers(stateful ? { mock: createMock() } : {}));
    for (const asked of ASKED) {
      const count = await judge(ajv, asked, await fetch(...requestOf(BASE, asked)));
      if (asked.answers !== 'application/json') expect(count, asked.operationId).toBe(items);
    }
  });
});

describe('an event stream of a 3.0 document, with no JSON beside it', () => {
  it('sends each item as an event whose data is JSON of the schema, over HTTP, then [DONE]', async () => {
    const file = writeSpec(completions30, 'completions-3-0');
    const mock = await loadDocumentMock(file);
    const server = await serveNode(mock.app, { port: 0 });
    try {
      const ajv = await documentAjv(file);
      const response = await fetch(`${server.url}/completions`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ prompt: 'Once upon a time' }) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = parseEvents(await response.text());
      expect(events.at(-1)?.data).toBe('[DONE]');
      const items = events.slice(0, -1);
      expect(items).toHaveLength(5);
      for (const event of items) {
        expect(event.data, 'no empty data frames').not.toBe('');
        expect(ajv.media('createCompletion', 200, 'text/event-stream', JSON.parse(event.data)), event.data).toEqual([]);
      }
    } finally {
      await server.close();
    }
  }, 120_000);

  it('sends events whose schema is the event object with data on every one, JSON where the data is an object; the client reads them all', async () => {
    const file = writeSpec(completions30, 'completions-3-0');
    const mock = await loadDocumentMock(file);
    const server = await serveNode(mock.app, { port: 0 });
    try {
      const ajv = await documentAjv(file);
      const response = await fetch(`${server.url}/completions/c-1/progress`, { headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(200);
      const events = parseEvents(await response.text());
      expect(events).toHaveLength(5);
      for (const event of events) {
        // An event without data is never dispatched by a client; `[object Object]` is not JSON.
        expect(event.data, 'no empty data frames').not.toBe('');
        const item = { ...(event.event === undefined ? {} : { event: event.event }), ...(event.id === undefined ? {} : { id: event.id }), data: JSON.parse(event.data) as unknown };
        expect(ajv.media('watchCompletion', 200, 'text/event-stream', item), JSON.stringify(item)).toEqual([]);
      }
      const { dir } = await generateToDisk(file, 'completions-3-0-client');
      const client = (await import(pathToFileURL(join(dir, 'src', 'client.ts')).href)) as {
        createClient(options: { baseUrl: string }): unknown;
        watchCompletion(client: unknown, params: { completionId: string }): Promise<AsyncIterable<{ data?: { percent: number } }>>;
      };
      const read: unknown[] = [];
      for await (const item of await client.watchCompletion(client.createClient({ baseUrl: server.url }), { completionId: 'c-1' })) read.push(item.data);
      expect(read).toEqual(events.map((event) => JSON.parse(event.data)));
    } finally {
      await server.close();
    }
  }, 120_000);
});
