/// <reference types="node" />
/**
 * Serving an app on Node, on loopback unless told otherwise. The operations of an app made by
 * `createRouter` are answered by a `node:http` listener of its own that hands the router Node's
 * request as it is (headers, body bytes) and writes the answer with `writeHead` and `end`: no
 * Fetch `Request` or `Response` is built for them. Everything else (404, 405, routes added to
 * the app afterwards, any other Hono app) goes through `@hono/node-server`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { bodyTooLarge } from './problems.js';
import {
  bodyDeclared,
  declaredLength,
  NodeHeaders,
  routerCoreOf,
  type Answer,
  type Exchange,
  type RouterCore,
} from './router.js';

export interface RunningServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const EMPTY = new Uint8Array();

/**
 * Limits of the HTTP server itself, Node 20's defaults set explicitly so that a `node` flag or
 * a later Node cannot change them unseen. Headers over 16 KiB are answered 431 (and the
 * connection closed); a request whose headers are not all in after 60 s, or that is not all in
 * after 300 s (a slow sender holding a connection open), is answered 408.
 */
const SERVER_LIMITS = { maxHeaderSize: 16 * 1024, headersTimeout: 60_000, requestTimeout: 300_000 } as const;

/** A request target that needs no normalising: an absolute path of plain characters, no dot segments. */
const PLAIN_TARGET = /^\/[\w\-~!$&'()*+,;=:@/%?.]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)|%2e/i;
/** A `Host` a URL can be built on: a name or an address, and a port. Anything else is left to Hono, which refuses it. */
const PLAIN_HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Node's request as the router reads it; the Fetch `Request` is built only when a handler asks for it. */
class NodeExchange implements Exchange {
  readonly headers: NodeHeaders;
  #body: Promise<Uint8Array<ArrayBuffer>> | undefined;
  #bytes: Uint8Array<ArrayBuffer> | undefined;
  #request: Request | undefined;
  constructor(
    private readonly incoming: IncomingMessage,
    readonly method: string,
    readonly href: string,
  ) {
    this.headers = new NodeHeaders(incoming.headers);
  }

  body(limit: number): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>> {
    if (this.#bytes) return this.#bytes;
    // Over HTTP/1.1 a request whose headers declare no body has none.
    if (!bodyDeclared(this.headers)) return (this.#bytes = EMPTY as Uint8Array<ArrayBuffer>);
    const length = declaredLength(this.headers);
    if (length > limit) throw bodyTooLarge(limit);
    return (this.#body ??= this.#read(this.headers.has('content-length') ? length : undefined, limit));
  }

  /**
   * The body as it arrives. Node parses a small body in the same pass as the headers, after the
   * `request` event; by the next microtask its bytes are buffered, and one `read` takes them
   * (much cheaper than flowing the stream through `data` and `end` events, which then cost
   * two more ticks). A body still arriving then is read through the events.
   */
  #read(length: number | undefined, limit: number): Promise<Uint8Array<ArrayBuffer>> {
    const { incoming } = this;
    const done = (whole: Buffer): Uint8Array<ArrayBuffer> =>
      (this.#bytes = new Uint8Array(whole.buffer as ArrayBuffer, whole.byteOffset, whole.byteLength));
    return new Promise((resolve, reject) => {
      queueMicrotask(() => {
        if (length !== undefined && incoming.readableLength === length) {
          const whole = incoming.read(length) as Buffer | null;
          if (whole) return resolve(done(whole));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const take = (chunk: Buffer): void => {
          size += chunk.byteLength;
          if (size <= limit) return void chunks.push(chunk);
          // A chunked body over the limit: nothing more is kept, and the answer closes the connection.
          incoming.off('data', take);
          chunks.length = 0;
          reject(bodyTooLarge(limit));
        };
        incoming.on('data', take);
        incoming.once('error', reject);
        incoming.once('end', () => resolve(done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))));
      });
    });
  }

  get request(): Request {
    if (this.#request) return this.#request;
    const headers = new Headers();
    const raw = this.incoming.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    const bytes = this.#bytes;
    const hasBody = bytes !== undefined && bytes.byteLength > 0 && this.method !== 'GET' && this.method !== 'HEAD';
    return (this.#request = new Request(this.href, {
      method: this.method,
      headers,
      ...(hasBody ? { body: bytes } : {}),
    }));
  }
}

/** The URL of a Node request, and its raw path for routing. */
function locate(incoming: IncomingMessage): { href: string; pathname: string } {
  const target = incoming.url ?? '/';
  const host = incoming.headers.host ?? 'localhost';
  // A host with `/`, `?` or `#` in it would change the URL the request is read by (its query, say).
  if (!PLAIN_HOST.test(host)) throw new Error(`the Host header ${JSON.stringify(host)} is not a host`);
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) {
    const query = target.indexOf('?');
    return { href: `http://${host}${target}`, pathname: query === -1 ? target : target.slice(0, query) };
  }
  // Absolute-form targets, dot segments, characters that need encoding: as the URL parser reads them.
  const url = target.startsWith('/') ? new URL(`http://${host}${target}`) : new URL(target);
  return { href: url.href, pathname: url.pathname };
}

/** An answer whose body is in memory. */
type ReadyAnswer = Answer & { body: Exclude<Answer['body'], Blob | ReadableStream> };

/**
 * A streamed answer: the head now, then each chunk as the stream gives it, the next read only
 * once the socket took the last (backpressure); a client that leaves cancels the stream.
 */
function writeStream(
  response: ServerResponse,
  { status, headers, body }: Answer & { body: ReadableStream<Uint8Array> },
): void {
  const reader = body.getReader();
  let closed = false;
  response.on('close', () => {
    if (closed) return;
    closed = true;
    void reader.cancel().catch(() => undefined);
  });
  try {
    response.writeHead(status, headers);
    response.flushHeaders();
  } catch {
    response.destroy();
    return;
  }
  const pump = async (): Promise<void> => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      if (!response.write(value)) await new Promise((resolve) => response.once('drain', resolve));
    }
    closed = true;
    response.end();
  };
  // A stream that fails breaks the connection off, after what was written reaches the client.
  pump().catch(() => (response.socket ? response.socket.end() : response.destroy()));
}

/**
 * Answers wait for the end of the event loop's turn and are then written one after another.
 * Over loopback, a write wakes the reading process if it is asleep, and that wake-up costs the
 * writer more kernel time than the write itself. Written back to back, the answers of one turn
 * wake the reader once, not once each: a mock create under load spends about 3 µs less in the
 * kernel per request (bench/results.md). `setImmediate` runs once Node has read every request
 * that arrived in this turn, so no answer waits for a timer.
 */
class AnswerWriter {
  #pending: Array<{ response: ServerResponse; answer: ReadyAnswer }> = [];
  readonly #flush = (): void => {
    const pending = this.#pending;
    this.#pending = [];
    for (const { response, answer } of pending) writeNow(response, answer);
  };

  write(response: ServerResponse, answer: Answer): void {
    if (answer.body instanceof ReadableStream)
      return writeStream(response, answer as Answer & { body: ReadableStream<Uint8Array> });
    if (answer.body instanceof Blob) {
      const blob = answer.body;
      if (blob.type) answer.headers['content-type'] ??= blob.type;
      blob.arrayBuffer().then(
        (bytes) => this.write(response, { ...answer, body: new Uint8Array(bytes) }),
        (error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return;
    }
    if (this.#pending.length === 0) setImmediate(this.#flush);
    this.#pending.push({ response, answer: answer as ReadyAnswer });
  }
}

function writeNow(response: ServerResponse, { status, headers, body }: ReadyAnswer): void {
  if (response.destroyed) return; // the client left
  if (typeof body === 'string') headers['content-type'] ??= 'text/plain; charset=UTF-8';
  if (body !== null)
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  try {
    response.writeHead(status, headers);
  } catch {
    // A header a handler returned that HTTP cannot carry (a line break in a value, say): Node refuses it before anything is sent.
    response.writeHead(500, { 'content-length': '0' });
    response.end();
    return;
  }
  response.end(body ?? undefined);
}

type Listener = (incoming: IncomingMessage, response: ServerResponse) => void;

/** A `node:http` listener: the router's operations through its core, the rest through Hono. */
function nodeListener(core: RouterCore, hono: Listener): Listener {
  const writer = new AnswerWriter();
  return (incoming, response) => {
    let located: { href: string; pathname: string };
    try {
      located = locate(incoming);
    } catch {
      hono(incoming, response); // a host or target the URL cannot be built on: Hono answers it as it would anyway
      return;
    }
    const exchange = new NodeExchange(incoming, incoming.method ?? 'GET', located.href);
    const answering = core.answer(exchange, located.pathname);
    if (!answering) {
      hono(incoming, response);
      return;
    }
    answering.then(
      (answer) => writer.write(response, answer),
      () => {
        // The core answers its own errors; this is a request that broke off while its body was read.
        if (!response.headersSent) response.writeHead(400);
        response.end();
      },
    );
  };
}

/** Starts `app` and resolves once it listens; port 0 (the default) picks a free port. */
export function serveNode(
  app: Pick<Hono, 'fetch'>,
  options: { port?: number; hostname?: string } = {},
): Promise<RunningServer> {
  const hostname = options.hostname ?? '127.0.0.1';
  const core = routerCoreOf(app);
  return new Promise((resolve, reject) => {
    const started = (port: number): void => {
      const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
      resolve({
        url,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            // Keep-alive sockets would hold the server open.
            server.closeAllConnections();
            server.close((error?: Error) => (error ? fail(error) : done()));
          }),
      });
    };
    let server: Server;
    if (core) {
      server = createServer(SERVER_LIMITS, nodeListener(core, getRequestListener(app.fetch)));
      server.listen(options.port ?? 0, hostname, () => started((server.address() as { port: number }).port));
    } else {
      server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname, serverOptions: SERVER_LIMITS }, (info) =>
        started(info.port),
      ) as Server;
    }
    server.once('error', reject);
  });
}
