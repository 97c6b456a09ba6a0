/** Serving an app on Node with `@hono/node-server`, on loopback unless told otherwise. */
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts `app` and resolves once it listens; port 0 (the default) picks a free port. */
export function serveNode(app: Pick<Hono, 'fetch'>, options: { port?: number; hostname?: string } = {}): Promise<RunningServer> {
  const hostname = options.hostname ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname }, (info) => {
      const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${info.port}`;
      resolve({
        url,
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            // Keep-alive sockets would hold the server open.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close((error?: Error) => (error ? fail(error) : done()));
          }),
      });
    });
    server.once('error', reject);
  });
}
