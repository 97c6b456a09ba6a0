/**
 * The progress line of a long run, seen as a user sees it: the real command under a
 * pseudo-terminal (util-linux `script`, no native module) on GitHub's description (1,223
 * operations, every part), and the same run piped.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, cliPath } from '../helpers/cli.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const run = promisify(execFile);

const github = join(repoRoot, 'test', 'corpus', 'github', 'api.github.com.json');
const quoted = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

describe('progress line', () => {
  let dir: string;
  // Not served from a cache, and not in CI, where the line is never drawn.
  const env = (): NodeJS.ProcessEnv => {
    const { CI: _ci, ...rest } = childEnv({ SVC_CODEGEN_CACHE_DIR: join(dir, 'cache') });
    return rest;
  };
  const argv = (out: string): string[] => ['--conditions=svc-source', cliPath, '--spec', github, '--out', join(dir, out), '--no-cache'];

  beforeAll(() => {
    dir = repoTempDir('progress-');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('on a terminal: one line rewritten in place with the stage and the operations done, which the summary replaces', { timeout: 180_000 }, async () => {
    // `script` runs the command on a new pseudo-terminal and copies what it prints to our pipe.
    const command = [process.execPath, ...argv('terminal')].map(quoted).join(' ');
    const { stdout } = await run('script', ['-qefc', command, '/dev/null'], { cwd: repoRoot, env: env(), maxBuffer: 16 * 1024 * 1024 });
    // Each drawing is `\r ESC[K` and the line; the last `\r ESC[K` clears it, and the summary follows.
    const pieces = stdout.split('\r\x1b[K');
    const lines = pieces.slice(1, -1);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    expect(lines.length).toBeGreaterThan(3);
    // The line appears after 2 s; every part is generated so that stages counting operations are still going by then
    // (with `--targets client` they may all be done: since generation stopped loading TypeScript, the model is built in under 2 s).
    expect(lines).toContainEqual(expect.stringMatching(/^api\.github\.com\.json · [a-z-]+ · [\d,]+\/1,223 operations$/));
    expect(lines).toContainEqual('api.github.com.json · format');
    // Cleared before the summary: the summary table starts a line of its own.
    const summary = stdout.search(/package +files/);
    expect(summary).toBeGreaterThan(0);
    expect(stdout.slice(0, summary).endsWith('\r\x1b[K')).toBe(true);
  });

  it('piped: no progress line', { timeout: 180_000 }, async () => {
    const { stdout, stderr } = await run(process.execPath, argv('piped'), { cwd: repoRoot, env: env(), maxBuffer: 16 * 1024 * 1024 });
    expect(stdout).toContain('files written');
    expect(`${stdout}${stderr}`).not.toContain('\x1b[K');
    expect(`${stdout}${stderr}`).not.toContain(' · ');
  });
});
