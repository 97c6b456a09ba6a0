/**
 * OpenAPI 3.2, tried as a user would on a document of another domain (test/fixtures/documents/
 * chat.openapi.yaml): it loads, every 3.2 addition the generator reads reaches the package, the
 * package type-checks under strict, and its client reads the streams of a hand-written Hono
 * server on loopback, each item checked by ajv against the document: an event stream discriminated
 * by `event` (with a dropped connection resumed by Last-Event-ID, and an abort), JSON Lines, a
 * QUERY with a body, a method of additionalOperations and a querystring parameter.
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
import { generateToDisk, TypeCheckBatch, writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';
import type { PackageOutput } from '../../generator/pipeline.js';
import { runCli } from '../helpers/cli.js';
import { setupServer } from 'msw/node';
import { serveNode } from '@svc/server-runtime';
import { QueryClient } from '@tanstack/query-core';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const file = join(repoRoot, 'test', 'fixtures', 'documents', 'chat.openapi.yaml');
const document = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

interface ChatClient {
  createClient(options: { baseUrl: string; stream?: { reconnectDelayMs?: number } }): unknown;
  createCompletion(client: unknown, body: { prompt: string }, options?: { signal?: AbortSignal }): Promise<AsyncIterableIterator<{ event: string; data: unknown; id?: string }>>;
  exportLogs(client: unknown, params?: { since?: string }): Promise<AsyncIterableIterator<{ at: string; level: string; message: string }>>;
  searchMessages(client: unknown, body: { text: string }): Promise<{ id: string; text: string }[]>;
  purgeSearch(client: unknown): Promise<void>;
  listMessages(client: unknown, params: { filter?: { room?: string; limit?: number } }): Promise<{ id: string; text: string }[]>;
}

interface ChatMock {
  createChat32Mock(options?: { streams?: Record<string, number>; server?: { onInvalidResponse?: (report: unknown) => void; onError?: (error: unknown) => void } }): { app: { fetch(request: Request): Response | Promise<Response> } };
}
interface ChatServer {
  createChat32Server(handlers: Record<string, (context: { params: Record<string, unknown>; body: unknown }) => unknown>, options?: { validateResponses?: boolean; onInvalidResponse?: (report: unknown) => void }): { fetch(request: Request): Response | Promise<Response> };
}
interface ChatMsw {
  handlers(options?: { baseUrl?: string }): import('msw').HttpHandler[];
  createCompletionHandler(answer?: () => unknown, options?: { baseUrl?: string }): import('msw').HttpHandler;
}

/** The packages this file generates, type-checked together by its last test. */
const typeChecks = new TypeCheckBatch('openapi32');

let output: PackageOutput;
let dir: string;
let chat: ChatClient;
let mock: ChatMock;
let stub: ChatServer;
let msw: ChatMsw;

beforeAll(async () => {
  ({ output, dir } = await generateToDisk(file, 'chat-3-2'));
  const load = async <T>(module: string): Promise<T> => (await import(pathToFileURL(join(dir, 'src', module)).href)) as T;
  [chat, mock, stub, msw] = await Promise.all([load<ChatClient>('client.ts'), load<ChatMock>('mock.ts'), load<ChatServer>('server.ts'), load<ChatMsw>('msw.ts')]);
}, 60_000);

describe('an OpenAPI 3.2 document', () => {
  it('generates with no warning but the one a component with contentSchema earns (type-checked by the last test)', () => {
    expect(output.diagnostics.map((d) => d.message)).toEqual(['keyword `contentSchema` is not enforced by the generated validators']);
    typeChecks.add('chat-3-2', dir);
  });

  it('a server\'s name reaches apiInfo, and createClient({ server }) picks it', async () => {
    expect(output.files.get('src/api-info.ts')).toContain("servers: [{ url: 'https://chat.example.test/v1', name: 'production' }]");
    let sent = '';
    const client = (chat.createClient as (options: object) => unknown)({ server: 'production', fetch: async (request: Request) => ((sent = request.url), Response.json([])) });
    await chat.searchMessages(client, { text: 'x' });
    expect(sent).toBe('https://chat.example.test/v1/search');
  });

  it('the OAuth device flow and the metadata URL reach apiInfo; a $ref through the $self URI is internal', async () => {
    const { apiInfo } = (await import(pathToFileURL(join(dir, 'src', 'operations.ts')).href)) as { apiInfo: { securitySchemes: Record<string, unknown> } };
    expect(apiInfo.securitySchemes.deviceLogin).toEqual({
      type: 'oauth2',
      flows: { deviceAuthorization: { tokenUrl: 'https://auth.chat.example.test/token', deviceAuthorizationUrl: 'https://auth.chat.example.test/device' } },
      metadataUrl: 'https://auth.chat.example.test/.well-known/oauth-authorization-server',
    });
    expect(output.files.get('src/types.ts')).toMatch(/export type SearchMessagesResponse = Message\[\];/);
  });

  it('nested tags: a group holds the groups of the tags under it (client.chat.completions), beside the flat ones', async () => {
    const { Chat32Client } = (await import(pathToFileURL(join(dir, 'src', 'client.ts')).href)) as { Chat32Client: new (options: object) => Record<string, Record<string, unknown>> };
    let sent = '';
    const client = new Chat32Client({ baseUrl: 'https://chat.example.test/v1', fetch: async (request: Request) => ((sent = `${request.method} ${request.url}`), new Response('', { headers: { 'content-type': 'text/event-stream' } })) });
    const nested = client.chat!.completions as { createCompletion(body: object): Promise<AsyncIterable<unknown>> };
    expect(Object.keys(client).sort()).toEqual(['chat', 'completions', 'default', 'http']);
    for await (const _ of await nested.createCompletion({ prompt: 'hi' })) expect.unreachable();
    expect(sent).toBe('POST https://chat.example.test/v1/completions');
    expect(output.files.get('src/client.ts')).toMatch(/export class ChatApi \{\n {2}readonly completions: CompletionsApi;\n\n {2}constructor\(http: HttpClient\) \{/);
  });

  it('nested tags: the README lists the tree, with kind and summary', () => {
    expect(output.files.get('README.md')).toContain('Tags, as the document nests them:\n\n- `chat` (nav): Chat\n  - `completions`\n');
  });

  it('QUERY and additionalOperations are operations with their methods; a querystring parameter keeps its media type', () => {
    const operations = output.files.get('src/operations.ts')!;
    expect(operations).toMatch(/searchMessagesOperation = \{\s*operationId: 'searchMessages',\s*method: 'QUERY',\s*path: '\/search'/);
    expect(operations).toMatch(/purgeSearchOperation = \{\s*operationId: 'purgeSearch',\s*method: 'PURGE',\s*path: '\/search'/);
    expect(operations).toMatch(/name: 'filter',\s*in: 'querystring',[^}]*contentType: 'application\/x-www-form-urlencoded'/);
  });

  it('streamed responses: the item types (event data decoded where it is JSON) and the operation\'s stream spec', () => {
    const types = output.files.get('src/types.ts')!;
    expect(types).toMatch(/export type CreateCompletionResponse =\s*\|\s*\{\s*event: 'delta';\s*data: \{\s*text: string;\s*\};/);
    expect(types).toMatch(/\|\s*\{\s*event: 'done';\s*data: string;/);
    expect(types).toContain('export type ExportLogsResponse = LogLine;');
    const operations = output.files.get('src/operations.ts')!;
    expect(operations).toContain("streams: { '200': { format: 'sse', jsonData: ['delta'] } }");
    expect(operations).toContain("streams: { '200': { format: 'jsonl' } }");
    const client = output.files.get('src/client.ts')!;
    expect(client).toMatch(/export function createCompletion\([^)]*\): Promise<AsyncIterableIterator<CreateCompletionResponse>>/);
  });

  it('a 3.2 document the 3.2 schema refuses is a located exit 2, and 3.3 is not a version that loads', async () => {
    const bad = writeSpec({ ...document, tags: [{ name: 'chat', kind: 7 }] }, 'chat-bad-tag');
    const refused = await runCli({ cwd: repoRoot, argv: ['--spec', bad, '--out', join(repoRoot, '.tmp', 'test-output', 'chat-bad'), '--quiet'] });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/chat-bad-tag-[0-9a-f]+\.openapi\.yaml:\d+.*tags\/0\/kind|\/tags\/0\/kind/);
    const future = writeSpec({ ...document, openapi: '3.3.0' }, 'chat-future');
    const later = await runCli({ cwd: repoRoot, argv: ['--spec', future, '--out', join(repoRoot, '.tmp', 'test-output', 'chat-future'), '--quiet'] });
    expect(later.code).toBe(2);
    expect(later.stderr).toContain('unsupported OpenAPI version 3.3.0 (3.0.x, 3.1.x and 3.2.x are supported)');
  });
});

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(document, 'https://chat.test/openapi');
/** ajv's verdict on a value, by the document's schema at `pointer`. */
const check = (pointer: string, value: unknown): void => {
  const validate = ajv.getSchema(`https://chat.test/openapi#${pointer}`) ?? ajv.compile({ $ref: `https://chat.test/openapi#${pointer}` });
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
};
/** An event as the wire carried it, checked against the item schema, and its JSON data against the contentSchema. */
const checkEvent = (event: { event: string; data: unknown; id?: string }): void => {
  const wire = { ...event, data: typeof event.data === 'string' ? event.data : JSON.stringify(event.data) };
  check('/components/schemas/CompletionEvent', wire);
  if (event.event === 'delta') check('/components/schemas/CompletionEvent/oneOf/0/properties/data/contentSchema', event.data);
};

describe('the client against a hand-written Hono server on loopback', () => {
  const seen: { lastEventId: string | undefined; closed: boolean }[] = [];
  let server: ReturnType<typeof serve>;
  let baseUrl: string;

  beforeAll(async () => {
    const app = new Hono<{ Bindings: HttpBindings }>();
    const events = [
      { id: '1', event: 'delta', data: JSON.stringify({ text: 'Hel' }) },
      { id: '2', event: 'delta', data: JSON.stringify({ text: 'lo' }) },
      { id: '3', event: 'delta', data: JSON.stringify({ text: ', 世界' }) },
      { id: '4', event: 'done', data: '[DONE]' },
    ];
    app.post('/v1/completions', async (c) => {
      const lastEventId = c.req.header('last-event-id');
      const visit = { lastEventId, closed: false };
      seen.push(visit);
      c.env.incoming.on('close', () => (visit.closed = true));
      const prompt = ((await c.req.json()) as { prompt: string }).prompt;
      const from = lastEventId === undefined ? 0 : events.findIndex((e) => e.id === lastEventId) + 1;
      // The first connection of the prompt "drop" breaks off after two events.
      const dropAfter = prompt === 'drop' && lastEventId === undefined ? 2 : Infinity;
      const slow = prompt === 'slow';
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          const encoder = new TextEncoder();
          controller.enqueue(encoder.encode('retry: 10\n\n'));
          for (const [i, e] of events.slice(from).entries()) {
            if (i === dropAfter) {
              await new Promise((resolve) => setTimeout(resolve, 20));
              c.env.outgoing.socket?.destroy();
              return;
            }
            controller.enqueue(encoder.encode(`id: ${e.id}\nevent: ${e.event}\ndata: ${e.data}\n\n`));
            if (slow) await new Promise((resolve) => setTimeout(resolve, 200));
          }
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
    });
    app.get('/v1/logs', (c) => {
      const lines = [
        { at: '2026-11-26T08:00:00Z', level: 'info', message: 'started' },
        { at: '2026-11-26T08:00:01Z', level: 'warn', message: `since ${c.req.query('since') ?? 'the start'}` },
      ];
      return c.body(lines.map((line) => JSON.stringify(line)).join('\n') + '\n', 200, { 'content-type': 'application/jsonl' });
    });
    app.on('QUERY', '/v1/search', async (c) => c.json([{ id: 'm1', text: ((await c.req.json()) as { text: string }).text }]));
    app.on('PURGE', '/v1/search', (c) => c.body(null, 204));
    app.get('/v1/messages', (c) => c.json([{ id: new URL(c.req.url).search, text: `${c.req.query('room')}:${c.req.query('limit')}` }]));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads an event stream, events discriminated by `event`, JSON data parsed for deltas only', async () => {
    const client = chat.createClient({ baseUrl });
    const events = [];
    for await (const event of await chat.createCompletion(client, { prompt: 'hello' })) {
      checkEvent(event);
      events.push(event);
    }
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ['delta', { text: 'Hel' }],
      ['delta', { text: 'lo' }],
      ['delta', { text: ', 世界' }],
      ['done', '[DONE]'],
    ]);
  });

  it('a connection that drops is resumed with Last-Event-ID: every event once, in order', async () => {
    const client = chat.createClient({ baseUrl, stream: { reconnectDelayMs: 5 } });
    const before = seen.length;
    const events = [];
    for await (const event of await chat.createCompletion(client, { prompt: 'drop' })) {
      checkEvent(event);
      events.push(event);
    }
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(seen.slice(before).map((visit) => visit.lastEventId)).toEqual([undefined, '2']);
  });

  it('aborting while reading closes the connection on the server', async () => {
    const client = chat.createClient({ baseUrl });
    const controller = new AbortController();
    const before = seen.length;
    const read: unknown[] = [];
    const reading = (async () => {
      for await (const event of await chat.createCompletion(client, { prompt: 'slow' }, { signal: controller.signal })) {
        read.push(event);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toThrow();
    expect(read).toHaveLength(1);
    await expect.poll(() => seen[before]?.closed, { timeout: 2000 }).toBe(true);
  });

  it('reads JSON Lines, a QUERY with a body, a PURGE and a querystring parameter', async () => {
    const client = chat.createClient({ baseUrl });
    const lines = [];
    for await (const line of await chat.exportLogs(client, { since: '2026-11-26T07:00:00Z' })) {
      check('/components/schemas/LogLine', line);
      lines.push(line);
    }
    expect(lines.map((line) => line.message)).toEqual(['started', 'since 2026-11-26T07:00:00Z']);
    expect(await chat.searchMessages(client, { text: 'hi' })).toEqual([{ id: 'm1', text: 'hi' }]);
    await expect(chat.purgeSearch(client)).resolves.toBeUndefined();
    expect(await chat.listMessages(client, { filter: { room: 'a b', limit: 5 } })).toEqual([{ id: '?room=a%20b&limit=5', text: 'a b:5' }]);
  });
});

describe('the client against the generated mock on loopback (serveNode)', () => {
  /** The mock with these stream options, served; every item the client reads checked by ajv. */
  const withMock = async (streams: Record<string, number>, run: (client: unknown, reported: unknown[]) => Promise<void>): Promise<void> => {
    const reported: unknown[] = [];
    const app = mock.createChat32Mock({ streams, server: { onInvalidResponse: (report) => reported.push(report) } }).app;
    const running = await serveNode(app, { hostname: '127.0.0.1', port: 0 });
    try {
      await run(chat.createClient({ baseUrl: running.url, stream: { reconnectDelayMs: 5 } }), reported);
    } finally {
      await running.close();
    }
  };

  it('streams seeded events, numbered, each valid; JSON Lines too', async () => {
    await withMock({ count: 4 }, async (client, reported) => {
      const events = [];
      for await (const event of await chat.createCompletion(client, { prompt: 'hello' })) {
        checkEvent(event);
        events.push(event);
      }
      expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
      const lines = [];
      for await (const line of await chat.exportLogs(client)) {
        check('/components/schemas/LogLine', line);
        lines.push(line);
      }
      expect(lines).toHaveLength(4);
      expect(reported).toEqual([]);
    });
  });

  it('a stream the mock breaks off (streams.dropAfter) is resumed after Last-Event-ID: every event once', async () => {
    await withMock({ count: 5, dropAfter: 2 }, async (client) => {
      const ids = [];
      for await (const event of await chat.createCompletion(client, { prompt: 'hello' })) {
        checkEvent(event);
        ids.push(event.id);
      }
      expect(ids).toEqual(['1', '2', '3', '4', '5']);
      // JSON Lines cannot resume: the client reports where it stopped.
      const lines: unknown[] = [];
      const reading = (async () => {
        for await (const line of await chat.exportLogs(client)) lines.push(line);
      })();
      await expect(reading).rejects.toMatchObject({ name: 'StreamError', kind: 'interrupted', index: 2 });
      expect(lines).toHaveLength(2);
    });
  });

  it('a malformed item (streams.malformedAt) is a StreamError at that item, after the ones before it', async () => {
    await withMock({ count: 3, malformedAt: 1 }, async (client) => {
      const events: unknown[] = [];
      const reading = (async () => {
        for await (const event of await chat.createCompletion(client, { prompt: 'hello' })) events.push(event);
      })();
      await expect(reading).rejects.toMatchObject({ name: 'StreamError', kind: 'invalid_json', index: 1 });
      expect(events).toHaveLength(1);
    });
  });
});

describe('TanStack Query (query-core, no framework) against the generated mock', () => {
  interface ChatQuery {
    queryScope: string;
    exportLogsOptions(client: unknown, params?: object): { queryKey: readonly unknown[]; queryFn: unknown };
    searchMessagesOptions(client: unknown, body?: { text: string }): { queryKey: readonly unknown[]; queryFn: unknown };
    searchMessagesQueryKey(body?: { text: string }): readonly unknown[];
  }
  let query: ChatQuery;
  beforeAll(async () => {
    query = (await import(pathToFileURL(join(dir, 'src', 'query.ts')).href)) as ChatQuery;
  });

  it('a streamed read is a streamed query: its data grows item by item while it fetches, then holds them all', async () => {
    const app = mock.createChat32Mock({ streams: { count: 5, intervalMs: 20 } }).app;
    const running = await serveNode(app, { hostname: '127.0.0.1', port: 0 });
    const queryClient = new QueryClient();
    try {
      const options = query.exportLogsOptions(chat.createClient({ baseUrl: running.url }));
      expect(options.queryKey).toEqual([query.queryScope, 'exportLogs', {}]);
      const seen: number[] = [];
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        const data = queryClient.getQueryData<unknown[]>(options.queryKey);
        if (data && seen.at(-1) !== data.length) seen.push(data.length);
      });
      const lines = await queryClient.fetchQuery(options as never);
      unsubscribe();
      expect(lines).toHaveLength(5);
      for (const line of lines as unknown[]) check('/components/schemas/LogLine', line);
      // The cache held the list as it grew, not only at the end.
      expect(seen[0]).toBeLessThan(5);
      expect(seen.at(-1)).toBe(5);
    } finally {
      queryClient.clear();
      await running.close();
    }
  });

  it('a QUERY is a query keyed by its body, not a mutation', async () => {
    expect(query.searchMessagesQueryKey({ text: 'hi' })).toEqual([query.queryScope, 'searchMessages', { text: 'hi' }]);
    expect(query.searchMessagesQueryKey()).toEqual([query.queryScope, 'searchMessages']);
    expect(Object.keys(query).filter((name) => name.startsWith('searchMessages')).sort()).toEqual(['searchMessagesOptions', 'searchMessagesQueryKey']);
    let body = '';
    const client = chat.createClient({ baseUrl: 'https://chat.example.test/v1', fetch: async (request: Request) => ((body = `${request.method} ${await request.text()}`), Response.json([{ id: 'm1', text: 'hi' }])) } as never);
    const queryClient = new QueryClient();
    expect(await queryClient.fetchQuery(query.searchMessagesOptions(client, { text: 'hi' }) as never)).toEqual([{ id: 'm1', text: 'hi' }]);
    expect(body).toBe('QUERY {"text":"hi"}');
    queryClient.clear();
  });
});

describe('the generated server stub', () => {
  it('frames what a handler yields, flushes each item, and in development breaks the stream at an item its schema refuses', async () => {
    const reported: unknown[] = [];
    let finished = false;
    const app = stub.createChat32Server(
      {
        createCompletion: () => ({
          status: 200,
          body: (async function* () {
            try {
              yield { event: 'delta', data: { text: 'one\ntwo' }, id: 'a' };
              yield { event: 'delta', data: { text: 'three' }, id: 'b' };
              yield { event: 'delta', data: { wrong: true }, id: 'c' };
              yield { event: 'done', data: 'never sent' };
            } finally {
              finished = true;
            }
          })(),
        }),
      } as never,
      { validateResponses: true, onInvalidResponse: (report) => reported.push(report) },
    );
    const running = await serveNode(app, { hostname: '127.0.0.1', port: 0 });
    try {
      const client = chat.createClient({ baseUrl: running.url, stream: { reconnects: 0 } as never });
      const events: { id?: string; data: unknown }[] = [];
      const reading = (async () => {
        for await (const event of await chat.createCompletion(client, { prompt: 'x' })) events.push(event);
      })();
      await expect(reading).rejects.toMatchObject({ name: 'StreamError', kind: 'interrupted' });
      expect(events.map((e) => [e.id, e.data])).toEqual([
        ['a', { text: 'one\ntwo' }],
        ['b', { text: 'three' }],
      ]);
      expect(reported).toMatchObject([{ operationId: 'createCompletion', status: 200 }]);
      expect(finished).toBe(true);
    } finally {
      await running.close();
    }
  });

  it('the raw frames of each format, through the Hono app', async () => {
    const app = stub.createChat32Server({
      createCompletion: () => ({
        status: 200,
        body: (async function* () {
          yield { event: 'delta', data: { text: 'hi' }, id: '1', retry: 500 };
          yield { event: 'done', data: 'line one\nline two' };
        })(),
      }),
      exportLogs: () => ({ status: 200, body: [{ at: '2026-11-26T08:00:00Z', level: 'info', message: 'a' }] }),
    } as never);
    const sse = await app.fetch(new Request('http://chat.test/completions', { method: 'POST', body: JSON.stringify({ prompt: 'x' }), headers: { 'content-type': 'application/json' } }));
    expect(sse.headers.get('content-type')).toBe('text/event-stream');
    expect(await sse.text()).toBe('retry: 500\nid: 1\nevent: delta\ndata: {"text":"hi"}\n\nevent: done\ndata: line one\ndata: line two\n\n');
    const lines = await app.fetch(new Request('http://chat.test/logs'));
    expect(lines.headers.get('content-type')).toBe('application/jsonl');
    expect(await lines.text()).toBe('{"at":"2026-11-26T08:00:00Z","level":"info","message":"a"}\n');
  });
});

describe('the generated MSW handlers, in Node', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('stream seeded events, and a test\'s own items; QUERY and PURGE on one path answer each their own method', async () => {
    const baseUrl = 'https://chat.msw.test/v1';
    server.use(...msw.handlers({ baseUrl }));
    const client = chat.createClient({ baseUrl });
    const seeded = [];
    for await (const event of await chat.createCompletion(client, { prompt: 'x' })) {
      checkEvent(event);
      seeded.push(event);
    }
    expect(seeded.map((e) => e.id)).toEqual(['1', '2', '3']);
    server.use(msw.createCompletionHandler(() => [{ event: 'done', data: 'mine' }], { baseUrl }));
    const own = [];
    for await (const event of await chat.createCompletion(client, { prompt: 'x' })) own.push(event);
    expect(own).toEqual([{ event: 'done', data: 'mine' }]);
    expect(Array.isArray(await chat.searchMessages(client, { text: 'q' }))).toBe(true);
    await expect(chat.purgeSearch(client)).resolves.toBeUndefined();
  });
});

describe('a 3.1 document that describes an event stream the way 3.1 allows (text/event-stream with a string schema)', () => {
  it('streams events with text data, typed { data: string; event?; id?; retry? }, instead of one string of the whole body', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Status', version: '1.0.0' },
      paths: {
        '/status': {
          get: {
            operationId: 'watchStatus',
            responses: { '200': { description: 'Live status', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
          },
        },
      },
    };
    const { output, dir } = await generateToDisk(writeSpec(spec, 'status-3-1'), 'status-3-1');
    expect(output.files.get('src/types.ts')).toMatch(/export type WatchStatusResponse = \{\s*data: string;\s*event\?: string;\s*id\?: string;\s*retry\?: number;\s*\};/);
    expect(output.files.get('src/operations.ts')).toContain("streams: { '200': { format: 'sse', jsonData: false } }");
    typeChecks.add('status-3-1', dir);
    const status = (await import(pathToFileURL(join(dir, 'src', 'client.ts')).href)) as {
      createClient(options: { baseUrl: string; fetch: (request: Request) => Promise<Response> }): unknown;
      watchStatus(client: unknown): Promise<AsyncIterable<unknown>>;
    };
    const client = status.createClient({ baseUrl: 'https://status.test', fetch: async () => new Response('data: up\n\nevent: change\ndata: degraded\ndata: (eu-west)\n\n', { headers: { 'content-type': 'text/event-stream' } }) });
    const events = [];
    for await (const event of await status.watchStatus(client)) events.push(event);
    expect(events).toEqual([{ data: 'up' }, { event: 'change', data: 'degraded\n(eu-west)' }]);
  }, 60_000);
});

describe('every package generated above', () => {
  it('type-checks under strict (one tsc program for them all)', async () => {
    expect(await typeChecks.errors()).toEqual({});
  }, 120_000);
});
