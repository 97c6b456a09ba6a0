/** A scripted HTTP server on 127.0.0.1 (ephemeral port) for tests; records every request. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path with query string, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** `body` is sent as JSON; `raw` (bytes or text) as it is, labelled only by `headers`. */
export type Handler = (request: RecordedRequest) => { status: number; body?: unknown; raw?: string | Uint8Array; headers?: Record<string, string> };

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      let reply: ReturnType<Handler>;
      try {
        reply = handler(recorded);
      } catch (error) {
        reply = { status: 500, body: { errors: [{ id: 'internal_server_error', message: String(error) }] } };
      }
      if (reply.raw !== undefined) {
        res.writeHead(reply.status, reply.headers);
        res.end(reply.raw);
        return;
      }
      const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
      res.writeHead(reply.status, { ...(text ? { 'content-type': 'application/json' } : {}), ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
