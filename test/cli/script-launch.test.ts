/**
 * scripts/launch.mjs, which `npm run mock`, `diff` and `pack` start: it runs a
 * bundle of the entry and of the project's modules it imports, made once and again when one of
 * them changes, and the entry through tsx with SVC_LAUNCH_TSX=1. Either way the entry sees the
 * same arguments, its own location and the workspace packages.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from '../helpers/cli.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const run = promisify(execFile);

describe('script launcher', () => {
  let folder: string;
  let bundles: string;
  const launch = async (env: Record<string, string> = {}): Promise<{ args: string[]; location: string; answer: string; runtime: string }> => {
    const { stdout } = await run(process.execPath, ['--conditions=svc-source', join(repoRoot, 'scripts', 'launch.mjs'), join(folder, 'entry.ts'), '--flag', 'value'], {
      cwd: repoRoot,
      env: childEnv(env),
    });
    return JSON.parse(stdout) as { args: string[]; location: string; answer: string; runtime: string };
  };

  beforeAll(() => {
    folder = repoTempDir('script-launch-');
    bundles = join(repoRoot, 'node_modules', '.cache', 'svc-script-bundles', relative(repoRoot, join(folder, 'entry')).replace(/[^A-Za-z0-9.-]+/g, '-'));
    writeFileSync(join(folder, 'answer.ts'), "export const answer: string = 'first';\n");
    writeFileSync(
      join(folder, 'entry.ts'),
      [
        "import { answer } from './answer.js';",
        "import { joinUrl } from '@svc/runtime';",
        "console.log(JSON.stringify({ args: process.argv.slice(2), location: import.meta.url, answer, runtime: joinUrl('http://127.0.0.1:1/v2/', '/accounts') }));",
        '',
      ].join('\n'),
    );
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(bundles, { recursive: true, force: true });
  });

  it('runs a bundle of the entry with its own arguments and location, and makes it again when an input changes', async () => {
    const first = await launch();
    expect(first).toEqual({ args: ['--flag', 'value'], location: pathToFileURL(join(folder, 'entry.ts')).href, answer: 'first', runtime: 'http://127.0.0.1:1/v2/accounts' });
    const [made, ...others] = readdirSync(bundles);
    expect(others).toEqual([]);
    expect(existsSync(join(bundles, made!, 'entry.mjs'))).toBe(true);
    // The workspace package is in the bundle, read from its sources; its inputs are listed.
    const { root, inputs } = JSON.parse(readFileSync(join(bundles, made!, 'inputs.json'), 'utf8')) as { root: string; inputs: string[] };
    // Where the project is, as well: a bundle holds its sources' absolute paths.
    expect(root).toBe(resolve(repoRoot));
    expect(inputs).toContain(relative(repoRoot, join(folder, 'answer.ts')).split('\\').join('/'));
    expect(inputs.some((input) => input.startsWith('generated/runtime/src/'))).toBe(true);

    await launch();
    expect(readdirSync(bundles)).toEqual([made]);

    writeFileSync(join(folder, 'answer.ts'), "export const answer: string = 'second';\n");
    expect((await launch()).answer).toBe('second');
    const now = readdirSync(bundles);
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(made);
  });

  it('runs the entry through tsx with SVC_LAUNCH_TSX=1, to the same effect', async () => {
    const bundled = await launch();
    expect(await launch({ SVC_LAUNCH_TSX: '1' })).toEqual(bundled);
  });

  it('is what the npm scripts of the project start', () => {
    const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['mock', 'diff', 'pack']) expect(scripts[name]).toBe(`node --conditions=svc-source scripts/launch.mjs scripts/${name}.ts`);
  });
});
