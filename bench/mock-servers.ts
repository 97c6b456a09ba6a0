/**
 * Requests per second of mock servers on specs/v2.openapi.yaml: ours (`npm run mock`,
 * stateful, validating requests and its own answers), Prism and Steady, each in its own
 * process, loaded one after the other by autocannon from this process with the same
 * requests: a public list (GET /v2/currencies) and a create (POST /v2/accounts/{id}/buys).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ACCOUNT, BUY, HEADERS } from './mock-requests.js';

export interface MockBenchRow {
  server: string;
  request: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Started {
  name: string;
  url: string;
  process: ChildProcess;
}

async function waitUntilServing(url: string, child: ChildProcess, name: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/v2/currencies`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${name} did not start`);
}

/**
 * A port free now, picked by the system. Fixed ports in the system's ephemeral range collided
 * with client connections of earlier runs (EADDRINUSE).
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startOurs(root: string): Promise<Started> {
  // Exactly what `npm run mock` starts (without npm in between), on ports the system picks.
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { mock: string } }).scripts;
  const [, ...nodeArgs] = scripts.mock.split(' ');
  const child = spawn(process.execPath, [...nodeArgs, '--json', '--no-rate-limit'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n')[0];
      if (text.includes('\n') && line) {
        const { servers } = JSON.parse(line) as { servers: { v2: string } };
        resolve({ name: 'svc-api-codegen mock', url: servers.v2, process: child });
      }
    });
    child.once('exit', (code) => reject(new Error(`npm run mock exited with ${code}`)));
  });
}

async function startBinary(name: string, command: string, args: string[], cwd: string, url: string): Promise<Started> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitUntilServing(url, child, name);
  return { name, url, process: child };
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function load(autocannon: Autocannon, url: string, method: 'GET' | 'POST', path: string, seconds: number): Promise<AutocannonResult> {
  const options = { url: `${url}${path}`, method, connections: 16, headers: HEADERS, ...(method === 'POST' ? { body: JSON.stringify(BUY) } : {}) };
  await autocannon({ ...options, duration: 1 }); // warm-up: JIT, caches, connections
  return autocannon({ ...options, duration: seconds });
}

export async function benchMockServers(args: { root: string; benchDir: string; seconds: number }): Promise<{ rows: MockBenchRow[]; stored: { firstPage: number; more: boolean } }> {
  const { root, benchDir } = args;
  const autocannon = (await import(pathToFileURL(join(benchDir, 'node_modules', 'autocannon', 'autocannon.js')).href)).default as Autocannon;
  const spec = join(root, 'specs', 'v2.openapi.yaml');
  const bin = (name: string): string => join(benchDir, 'node_modules', '.bin', name);
  const servers: Started[] = [];
  try {
    servers.push(await startOurs(root));
    const prism = await freePort();
    servers.push(await startBinary('Prism', bin('prism'), ['mock', spec, '-p', String(prism), '-h', '127.0.0.1', '-v', 'error'], benchDir, `http://127.0.0.1:${prism}`));
    const steady = await freePort();
    servers.push(await startBinary('Steady', bin('steady'), [spec, '-p', String(steady), '--host', '127.0.0.1', '-q'], benchDir, `http://127.0.0.1:${steady}`));
    // The floor: what node:http itself serves on this machine, doing nothing but answering.
    const floor = await freePort();
    servers.push(await startBinary('bare node:http (floor)', process.execPath, [join(benchDir, 'floor-server.mjs'), String(floor)], benchDir, `http://127.0.0.1:${floor}`));
    const rows: MockBenchRow[] = [];
    for (const [request, method, path] of [
      ['GET /v2/currencies (public list)', 'GET', '/v2/currencies'],
      ['POST /v2/accounts/{id}/buys (create)', 'POST', `/v2/accounts/${ACCOUNT}/buys`],
    ] as const) {
      for (const server of servers) {
        const result = await load(autocannon, server.url, method, path, args.seconds);
        rows.push({ server: server.name, request, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors });
        process.stdout.write('.');
      }
    }
    // The creates are stored: the list of buys pages through them (Prism and Steady answer examples).
    const listed = (await (await fetch(`${servers[0]!.url}/v2/accounts/${ACCOUNT}/buys?limit=100`, { headers: HEADERS })).json()) as { data: unknown[]; pagination: { next_uri: string | null } };
    return { rows, stored: { firstPage: listed.data.length, more: Boolean(listed.pagination.next_uri) } };
  } finally {
    // Gone before the next section measures anything: a server still exiting would share the CPU.
    await Promise.all(servers.map((server) => stopped(server.process)));
  }
}

/** Sends SIGTERM and resolves once the process has exited (SIGKILL after 5 s). */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
