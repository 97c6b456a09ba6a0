/**
 * A local npm registry (Verdaccio) on 127.0.0.1, as other repositories get packages: ours are
 * published to it, everything else comes through from the registry npm itself uses.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  /** Publishes a tarball as an authenticated publisher. */
  publish(tarball: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a registry whose storage is under `home`; `own` are the package patterns published to it, never proxied (`@svc/*`). */
export async function startLocalRegistry({ home, own }: { home: string; own: readonly string[] }): Promise<LocalRegistry> {
  const { runServer } = (await import('verdaccio')) as { runServer: (config: object) => Promise<{ listen(port: number, host: string, done: () => void): Server }> };
  mkdirSync(home, { recursive: true });
  const upstream = (await run('npm', ['config', 'get', 'registry'])).stdout.trim();
  const app = await runServer({
    self_path: join(home, 'config.yaml'),
    storage: join(home, 'storage'),
    auth: { htpasswd: { file: join(home, 'htpasswd'), max_users: 10 } },
    uplinks: { upstream: { url: upstream } },
    packages: { ...Object.fromEntries(own.map((pattern) => [pattern, { access: '$all', publish: '$authenticated' }])), '**': { access: '$all', publish: '$authenticated', proxy: 'upstream' } },
    web: { enable: false },
    log: { type: 'stdout', format: 'pretty', level: 'fatal' },
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // A publisher's account, as `npm adduser` makes it; its token goes to the publisher's .npmrc.
  const added = await fetch(`${url}-/user/org.couchdb.user:publisher`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }) });
  const { token } = (await added.json()) as { token: string };
  const publisher = join(home, 'publisher');
  mkdirSync(publisher, { recursive: true });
  writeFileSync(join(publisher, '.npmrc'), `registry=${url}\n//${url.replace(/^http:\/\//, '')}:_authToken=${token}\n`);
  return {
    url,
    publish: async (tarball) => {
      await run('npm', ['publish', tarball, '--registry', url, '--no-audit', '--loglevel=error'], { cwd: publisher });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
