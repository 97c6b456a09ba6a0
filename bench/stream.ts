/**
 * Streamed responses: items per second that a generated client's function reads (decoded,
 * parsed and validated) from a body of JSON Lines and from one of server-sent events, beside
 * `JSON.parse` line by line of the same bytes and eventsource-parser alone on the same events
 * (with `JSON.parse` of each event's data). The bodies come in 64 KiB pieces from a stubbed
 * `fetch`; the chat document of the tests (test/fixtures/documents/chat.openapi.yaml) is
 * generated for it in this run.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createParser } from 'eventsource-parser';
import { generateInto } from './measure.js';

export interface StreamBenchResult {
  items: number;
  jsonlBytes: number;
  sseBytes: number;
  oursJsonlPerSecond: number;
  jsonParsePerSecond: number;
  oursSsePerSecond: number;
  parserPerSecond: number;
}

interface ChatPackage {
  createClient(options: { baseUrl: string; fetch: (request: Request) => Promise<Response> }): unknown;
  exportLogs(client: unknown): Promise<AsyncIterable<unknown>>;
  createCompletion(client: unknown, body: { prompt: string }): Promise<AsyncIterable<unknown>>;
}
interface ChatFixtures {
  responseFixture(operationId: string, status: string, seed: number): unknown;
}

const PIECE = 64 * 1024;

/** The bytes in pieces, as a network hands them over. */
const piecesOf = (bytes: Uint8Array): Uint8Array[] => Array.from({ length: Math.ceil(bytes.length / PIECE) }, (_, i) => bytes.subarray(i * PIECE, (i + 1) * PIECE));

const bodyOf = (pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> => {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < pieces.length) controller.enqueue(pieces[next++]!);
      else controller.close();
    },
  });
};

export async function benchStream(args: { root: string; work: string }, count = 20_000): Promise<StreamBenchResult> {
  const out = join(args.work, 'stream-chat');
  generateInto(join(args.root, 'test', 'fixtures', 'documents', 'chat.openapi.yaml'), out, ['--targets', 'client,fixtures']);
  const chat = (await import(pathToFileURL(join(out, 'src', 'client.ts')).href)) as ChatPackage;
  const { responseFixture } = (await import(pathToFileURL(join(out, 'src', 'fixtures.ts')).href)) as ChatFixtures;

  const encoder = new TextEncoder();
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify(responseFixture('exportLogs', '200', i))).join('\n');
  const events = Array.from({ length: count }, (_, i) => `id: ${i + 1}\nevent: delta\ndata: ${JSON.stringify({ text: `token ${i} of the answer` })}\n\n`).join('');
  const jsonl = piecesOf(encoder.encode(`${lines}\n`));
  const sse = piecesOf(encoder.encode(events));

  const clientOf = (pieces: readonly Uint8Array[], type: string): unknown =>
    chat.createClient({ baseUrl: 'https://bench.test/v1', fetch: async () => new Response(bodyOf(pieces), { headers: { 'content-type': type } }) });

  const oursJsonl = async (): Promise<number> => {
    let n = 0;
    for await (const item of await chat.exportLogs(clientOf(jsonl, 'application/jsonl'))) if (item) n++;
    return n;
  };
  const jsonParse = (): number => {
    const decoder = new TextDecoder();
    let pending = '';
    let n = 0;
    for (const piece of jsonl) {
      pending += decoder.decode(piece, { stream: true });
      let at = pending.indexOf('\n');
      while (at >= 0) {
        if (JSON.parse(pending.slice(0, at))) n++;
        pending = pending.slice(at + 1);
        at = pending.indexOf('\n');
      }
    }
    return n;
  };
  const oursSse = async (): Promise<number> => {
    let n = 0;
    for await (const item of await chat.createCompletion(clientOf(sse, 'text/event-stream'), { prompt: 'bench' })) if (item) n++;
    return n;
  };
  const parser = (): number => {
    const decoder = new TextDecoder();
    let n = 0;
    const parse = createParser({
      onEvent(event) {
        if (JSON.parse(event.data)) n++;
      },
    });
    for (const piece of sse) parse.feed(decoder.decode(piece, { stream: true }));
    return n;
  };

  const runs: (() => number | Promise<number>)[] = [oursJsonl, jsonParse, oursSse, parser];
  const fastest = runs.map(() => Infinity);
  // Fifteen rounds: on a shared machine the fastest of five moved by a fifth from run to run, and of nine by a tenth.
  for (let round = 0; round < 15; round++) {
    for (const [i, run] of runs.entries()) {
      const started = performance.now();
      const read = await run();
      fastest[i] = Math.min(fastest[i]!, performance.now() - started);
      if (read !== count) throw new Error(`stream bench: run ${i} read ${read} items of ${count}`);
    }
  }
  const rate = (i: number): number => (count * 1000) / fastest[i]!;
  return {
    items: count,
    jsonlBytes: jsonl.reduce((n, piece) => n + piece.byteLength, 0),
    sseBytes: sse.reduce((n, piece) => n + piece.byteLength, 0),
    oursJsonlPerSecond: rate(0),
    jsonParsePerSecond: rate(1),
    oursSsePerSecond: rate(2),
    parserPerSecond: rate(3),
  };
}
