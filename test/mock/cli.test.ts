/**
 * `npm run mock -- --json`: the first line of standard output is `{servers, credentials}`;
 * each server answers where an operation's path is appended to its URL; SIGTERM stops it cleanly.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { operations } from '@svc/v2';
import { describe, expect, it } from 'vitest';
import { npmScriptNodeArgs } from '../helpers/cli.js';
import { repoRoot } from '../helpers/spec-files.js';

describe('npm run mock -- --json', () => {
  it('prints servers and credentials first, serves them, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [...npmScriptNodeArgs('mock'), '--json'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
    });
    try {
      const printed = JSON.parse(first) as { servers: Record<string, string>; credentials: { apiKey: { key: string; secret: string }; accessToken: string; bearer: string } };
      expect(Object.keys(printed.servers).sort()).toEqual(['feed', 'onramp', 'v1', 'v2', 'x402']);
      const { feed, ...rest } = printed.servers;
      for (const url of Object.values(rest)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(feed).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
      expect(printed.credentials.apiKey).toEqual({ key: expect.any(String), secret: expect.any(String) });
      expect(printed.credentials.bearer.split('.')).toHaveLength(3);
      const list = await fetch(`${printed.servers.v2}${operations.listCurrencies.path}`);
      expect(list.status).toBe(200);
      const user = await fetch(`${printed.servers.v2}${operations.getCurrentUser.path}`, { headers: { authorization: `Bearer ${printed.credentials.accessToken}` } });
      expect(user.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
