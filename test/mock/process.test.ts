/**
 * `npm run mock` as users run it, through npm: a WebSocket frame the feed refuses (invalid
 * UTF-8) closes that connection with 1007 and nothing else (it ended the whole process, the
 * four REST mocks with it); SIGTERM to the npm process stops every server (the node process
 * kept listening before, orphaned). `npm run mock -- --spec` on a document outside the
 * repository serves it with ready credentials per security scheme, refuses a broken one located,
 * and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { clientFrame, rawClient } from '../helpers/raw-websocket.js';
import { until } from '../helpers/wait.js';
import { repoRoot } from '../helpers/spec-files.js';

/** Whether something still listens at a URL's port on loopback. */
const listening = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('npm run --silent mock -- --json, through npm', () => {
  it('survives a frame of invalid UTF-8 on the feed, and stops every server on SIGTERM to npm', async () => {
    const npm = spawn('npm', ['run', '--silent', 'mock', '--', '--json'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: npm.stdout! }).once('line', resolve);
      npm.once('exit', (code) => reject(new Error(`npm exited with ${code} before printing`)));
    });
    let servers: Record<string, string> = {};
    try {
      ({ servers } = JSON.parse(first) as { servers: Record<string, string> });
      const attacker = await rawClient(servers.feed!);
      attacker.socket.write(Buffer.from([0x81, 0x82, 0x01, 0x02, 0x03, 0x04, 0xfe, 0xfc]));
      await until(() => attacker.closeCode() !== undefined || attacker.ended(), 5000, 'for the close');
      expect(attacker.closeCode()).toBe(1007);
      attacker.socket.destroy();
      // The process is alive: the feed takes a new connection and a request, and the REST mocks answer.
      const next = await rawClient(servers.feed!);
      next.socket.write(clientFrame(1, Buffer.from(JSON.stringify({ type: 'subscribe', channel: 'heartbeats' }))));
      await until(() => next.received().includes('"subscriptions"'), 5000, 'for the acknowledgement');
      next.socket.destroy();
      for (const name of ['v2', 'v1', 'onramp', 'x402']) expect((await fetch(`${servers[name]}/not-an-operation`)).status, name).toBe(404);
    } finally {
      npm.kill('SIGTERM');
    }
    const urls = Object.values(servers);
    expect(urls).toHaveLength(5);
    const end = Date.now() + 10_000;
    let open = urls;
    while (open.length > 0 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      open = (await Promise.all(urls.map(async (url) => ((await listening(url)) ? url : undefined)))).filter((url) => url !== undefined);
    }
    expect(open, 'servers still listening 10 s after SIGTERM').toEqual([]);
  }, 60_000);
});

/** The first line `npm run --silent mock -- …` prints on standard output, and the process. */
async function startMock(args: string[]): Promise<{ npm: ReturnType<typeof spawn>; first: string }> {
  const npm = spawn('npm', ['run', '--silent', 'mock', '--', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: npm.stdout! }).once('line', resolve);
    npm.once('exit', (code) => reject(new Error(`npm exited with ${code} before printing`)));
  });
  return { npm, first };
}

describe('npm run --silent mock -- --spec <file> --json, through npm', () => {
  it('serves a document outside the repository with a credential for each scheme, and stops on SIGTERM', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'svc-mock-spec-'));
    const file = join(outside, 'library.openapi.yaml');
    copyFileSync(join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml'), file);
    const { npm, first } = await startMock(['--spec', file, '--json']);
    let url = '';
    try {
      const line = JSON.parse(first) as { servers: Record<string, string>; credentials: { schemes: Record<string, string> } };
      expect(Object.keys(line.servers)).toEqual(['library']);
      expect(Object.keys(line.credentials.schemes).sort()).toEqual(['apiKeyAuth', 'bearerAuth']);
      url = line.servers.library!;
      // Each scheme's value, sent where the scheme says, is accepted; nothing is not.
      const byKey = await fetch(`${url}/members`, { headers: { 'X-Library-Key': line.credentials.schemes.apiKeyAuth! } });
      expect(byKey.status).toBe(200);
      const byToken = await fetch(`${url}/members`, { headers: { authorization: `Bearer ${line.credentials.schemes.bearerAuth!}` } });
      expect(byToken.status).toBe(200);
      const anonymous = await fetch(`${url}/members`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).toBe('application/problem+json');
      expect(await anonymous.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    } finally {
      npm.kill('SIGTERM');
    }
    const end = Date.now() + 10_000;
    while ((await listening(url)) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await listening(url), 'still listening 10 s after SIGTERM').toBe(false);
    rmSync(outside, { recursive: true, force: true });
  }, 120_000);

  it('--overlay: serves the overlaid document, says what a stale action selects nothing, and refuses a malformed overlay with exit 2', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'svc-mock-spec-'));
    const file = join(outside, 'library.openapi.yaml');
    copyFileSync(join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml'), file);
    const overlay = join(outside, 'public.overlay.yaml');
    writeFileSync(overlay, "overlay: 1.0.0\ninfo: { title: Public, version: '1' }\nactions:\n  - target: $.paths['/members']\n    remove: true\n  - target: $.paths['/gone']\n    remove: true\n");
    const { npm, first } = await startMock(['--spec', file, '--overlay', overlay, '--json']);
    let stderr = '';
    npm.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const line = JSON.parse(first) as { servers: Record<string, string>; credentials: { schemes: Record<string, string> } };
      const headers = { authorization: `Bearer ${line.credentials.schemes.bearerAuth!}` };
      expect((await fetch(`${line.servers.library!}/titles`, { headers })).status).toBe(200);
      expect((await fetch(`${line.servers.library!}/members`, { headers })).status).toBe(404);
      const end = Date.now() + 5_000;
      while (!stderr.includes('/actions/1') && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stderr).toMatch(/warning: \S*public\.overlay\.yaml:6:5 \(at #\/actions\/1\): the target `\$\.paths\['\/gone'\]` selects nothing/);
    } finally {
      npm.kill('SIGTERM');
    }
    writeFileSync(overlay, "overlay: 1.0.0\ninfo: { title: Public, version: '1' }\nactions:\n  - target: $.info\n");
    const refused = spawn('npm', ['run', '--silent', 'mock', '--', '--spec', file, '--overlay', overlay, '--json'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let refusal = '';
    refused.stderr!.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => refused.once('exit', resolve))).toBe(2);
    expect(refusal).toMatch(/public\.overlay\.yaml:4:5 \(at #\/actions\/0\): the action has neither `update` nor `remove: true`/);
    rmSync(outside, { recursive: true, force: true });
  }, 120_000);

  it('refuses a document that is not valid with a located message and exit code 2', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'svc-mock-spec-'));
    const file = join(outside, 'broken.openapi.yaml');
    writeFileSync(file, 'openapi: 3.1.0\ninfo: {title: Broken, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {$ref: "#/components/responses/Missing"}\n');
    const npm = spawn('npm', ['run', '--silent', 'mock', '--', '--spec', file, '--json'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    npm.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let stdout = '';
    npm.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => npm.once('exit', resolve));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/broken\.openapi\.yaml:\d+/);
    expect(stderr).toMatch(/Missing/);
    rmSync(outside, { recursive: true, force: true });
  }, 120_000);
});
