/**
 * `npm run generate -- --watch` as a user runs it beside an editor: the same spec file
 * appended to, rewritten in place, then saved atomically (written aside and renamed over
 * it) is regenerated each time, in order; SIGTERM to npm stops every process it started.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, cliPath, tinySpec } from '../helpers/cli.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, what: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Whether a process is gone (a zombie no one has reaped yet counts as gone: it runs nothing). */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('--watch', () => {
  let work: string;

  beforeAll(() => {
    work = repoTempDir('watch-');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('in a project (no --spec), sees a save made the moment a regeneration is reported, every time', async () => {
    // The watcher was made again after every run of a project, and a save before it was ready went unseen.
    const project = join(work, 'project');
    const spec = join(project, 'specs', 'tiny.openapi.yaml');
    mkdirSync(dirname(spec), { recursive: true });
    writeFileSync(spec, tinySpec());
    const child = spawn(process.execPath, ['--conditions=svc-source', cliPath, '--watch', '--quiet'], { cwd: project, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const closed = new Promise((resolve) => child.on('close', resolve));
    try {
      await waitFor(() => /watching .*\(pid \d+/.test(stdout), 'the watch to start');
      const reports = (): number => (stdout.match(/done in \d+ ms/g) ?? []).length;
      const before = reports();
      for (let round = 1; round <= 4; round++) {
        writeFileSync(spec, tinySpec(`    Round${round}:\n      type: string\n`));
        await waitFor(() => reports() >= before + round, `the report of save ${round}`, 20_000);
      }
      expect(readFileSync(join(project, 'generated', 'tiny', 'src', 'types.ts'), 'utf8')).toContain('export type Round4 = string;');
    } finally {
      child.kill('SIGTERM');
      await closed;
    }
  });

  it('sees an append, an in-place rewrite and an atomic rename-save, reports a broken save and goes on, then stops on SIGTERM leaving no process', async () => {
    const spec = join(work, 'tiny.openapi.yaml');
    writeFileSync(spec, tinySpec());
    const rel = (path: string): string => relative(repoRoot, path).split('\\').join('/');
    const types = join(work, 'out', 'tiny', 'src', 'types.ts');
    const npm = spawn('npm', ['run', 'generate', '--', '--watch', '--spec', rel(spec), '--out', rel(join(work, 'out', 'tiny'))], {
      cwd: repoRoot,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    npm.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => npm.on('close', (code) => resolve(code)));
    try {
      await waitFor(() => /watching .*\(pid \d+/.test(stdout), 'the watch to start');
      const pid = Number(/\(pid (\d+)/.exec(stdout)![1]);
      expect(stdout).toContain(`watching ${rel(spec)} `);
      const typesText = (): string => {
        try {
          return readFileSync(types, 'utf8');
        } catch {
          return '';
        }
      };
      expect(typesText()).toContain('export interface Thing');

      const edits: [string, () => void, string][] = [
        ['append', () => appendFileSync(spec, '    Appended:\n      type: string\n'), 'export type Appended = string;'],
        ['in-place rewrite', () => writeFileSync(spec, tinySpec('    Rewritten:\n      type: string\n')), 'export type Rewritten = string;'],
        [
          'atomic rename-save',
          () => {
            writeFileSync(`${spec}.swp`, tinySpec('    Renamed:\n      type: string\n'));
            renameSync(`${spec}.swp`, spec);
          },
          'export type Renamed = string;',
        ],
      ];
      for (const [what, edit, expected] of edits) {
        const seen = stdout.length;
        edit();
        await waitFor(() => typesText().includes(expected), `the ${what} to be regenerated`);
        await waitFor(() => /done in \d+ ms/.test(stdout.slice(seen)), `the report of the ${what}`);
        const report = stdout.slice(seen);
        expect(report).toMatch(new RegExp(`(changed|added) ${rel(spec).replace(/\./g, '\\.')}`));
        expect(report).toContain(`wrote   ${rel(types)}`);
      }
      expect(typesText()).not.toMatch(/Appended|Rewritten/);

      // A broken save is reported, the output kept, and the watch goes on.
      const seen = stdout.length;
      const stderrSeen = stderr.length;
      writeFileSync(spec, 'openapi: 3.1.0\ninfo: { title: x, version: 1\n');
      await waitFor(() => stderr.slice(stderrSeen).includes('out/tiny/ was left untouched.'), 'the error report');
      expect(stderr.slice(stderrSeen)).toMatch(/error: .*tiny\.openapi\.yaml:\d+:\d+: invalid YAML/);
      expect(typesText()).toContain('export type Renamed = string;');
      writeFileSync(spec, tinySpec('    Repaired:\n      type: string\n'));
      await waitFor(() => typesText().includes('export type Repaired = string;'), 'the repaired spec to be regenerated');
      expect(stdout.slice(seen)).toMatch(/changed .*tiny\.openapi\.yaml/);

      npm.kill('SIGTERM');
      await closed;
      // 'close' fires once every process holding npm's output pipes has exited.
      await waitFor(() => isGone(pid), 'the generator process to exit', 10_000);
      expect(stdout).toMatch(/stopping the watch/);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      if (stderr.includes('Error')) console.error(stderr);
    }
  });
});
