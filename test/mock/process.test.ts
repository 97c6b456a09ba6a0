/**
 * `npm run mock` as users run it, through npm: a WebSocket frame the feed refuses (invalid
 * UTF-8) closes that connection with 1007 and nothing else (it ended the whole process, the
 * four REST mocks with it); SIGTERM to the npm process stops every server (the node process
 * kept listening before, orphaned).
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
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
