/**
 * generator/launch.mjs, where `npm run generate` starts: it runs a bundle of the generator's
 * sources, made again when any of them changes, and the sources themselves through tsx
 * with --no-cache. Either way the output is the same.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, snapshotFolder, tinySpec } from '../helpers/cli.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const run = promisify(execFile);

describe('generate launcher', () => {
  // A copy of the generator beside the project's node_modules (linked), so that its sources can change.
  let copy: string;
  let bundles: string;
  const generate = (argv: string[]) =>
    run(process.execPath, ['--conditions=svc-source', join(copy, 'generator', 'launch.mjs'), '--spec', 'tiny.openapi.yaml', '--quiet', ...argv], {
      cwd: copy,
      env: childEnv({ SVC_CODEGEN_CACHE_DIR: join(copy, 'run-cache') }),
    });

  beforeAll(() => {
    copy = repoTempDir('launch-');
    for (const entry of ['generator', 'scripts', 'templates', 'package.json', 'package-lock.json']) cpSync(join(repoRoot, entry), join(copy, entry), { recursive: true });
    // Linked, so the copy's bundles land in the project's node_modules/.cache: its own folder of them is not shared.
    mkdirSync(join(copy, 'node_modules'));
    for (const name of readdirSync(join(repoRoot, 'node_modules'))) if (name !== '.cache') symlinkSync(join(repoRoot, 'node_modules', name), join(copy, 'node_modules', name));
    bundles = join(copy, 'node_modules', '.cache', 'svc-api-codegen-bundle');
    writeFileSync(join(copy, 'tiny.openapi.yaml'), tinySpec());
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('runs a bundle of the sources, makes it once, and makes a new one when a source changes', async () => {
    await generate(['--out', 'bundled']);
    const [first, ...others] = readdirSync(bundles);
    expect(others).toEqual([]);
    expect(existsSync(join(bundles, first!, 'cli.mjs'))).toBe(true);
    const output = snapshotFolder(join(copy, 'bundled'));
    expect(Object.keys(output)).toContain('src/index.ts');

    await generate(['--out', 'again']);
    expect(readdirSync(bundles)).toEqual([first]);

    // A generator change must reach the output: an edited source gives a new bundle, and the old one goes.
    const edited = join(copy, 'generator', 'util', 'ts-morph.ts');
    writeFileSync(edited, `${readFileSync(edited, 'utf8')}\n// an edit\n`);
    await generate(['--out', 'edited']);
    const now = readdirSync(bundles);
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(first);
  });

  it('gives the same output through tsx with --no-cache', async () => {
    await generate(['--out', 'same']);
    const bundled = snapshotFolder(join(copy, 'same'));
    rmSync(join(copy, 'same'), { recursive: true });
    await generate(['--out', 'same', '--no-cache']);
    expect(snapshotFolder(join(copy, 'same'))).toEqual(bundled);
  });

  it('reports a bad spec from the bundle as the sources would, with exit code 2', async () => {
    writeFileSync(join(copy, 'bad.openapi.yaml'), 'openapi: 3.1.0\ninfo:\n  title: bad\npaths: {}\n');
    const failed = await run(process.execPath, ['--conditions=svc-source', join(copy, 'generator', 'launch.mjs'), '--spec', 'bad.openapi.yaml', '--out', 'bad'], { cwd: copy, env: childEnv() }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/bad\.openapi\.yaml/);
    expect(failed.stderr).toMatch(/version/);
  });
});

describe('generate launcher in a checkout that shares node_modules (a git worktree, a copy)', () => {
  // A second checkout whose node_modules is the project's own folder, cache included, as `git worktree add` plus a link leaves it.
  let other: string;
  const bundleRoot = join(repoRoot, 'node_modules', '.cache', 'svc-api-codegen-bundle');
  const generateIn = (checkout: string, out: string) =>
    run(process.execPath, ['--conditions=svc-source', join(checkout, 'generator', 'launch.mjs'), '--spec', join(other, 'tiny.openapi.yaml'), '--out', join(other, out), '--quiet'], {
      cwd: checkout,
      env: childEnv({ SVC_CODEGEN_CACHE_DIR: join(other, `run-cache-${out}`) }),
    });

  beforeAll(() => {
    other = repoTempDir('worktree-');
    for (const entry of ['generator', 'scripts', 'templates', 'package.json', 'package-lock.json']) cpSync(join(repoRoot, entry), join(other, entry), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules'), join(other, 'node_modules'));
    // The other checkout's templates differ, so that whose templates a run used shows in its output.
    const readme = join(other, 'templates', 'readme', 'header.md.hbs');
    writeFileSync(readme, `${readFileSync(readme, 'utf8')}\nMade in the other checkout.\n`);
    writeFileSync(join(other, 'tiny.openapi.yaml'), tinySpec());
  });
  afterAll(() => {
    // Its bundles live in the shared cache: they go with it.
    for (const name of existsSync(bundleRoot) ? readdirSync(bundleRoot) : []) {
      const manifest = join(bundleRoot, name, 'inputs.json');
      if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes(JSON.stringify(other).slice(1, -1))) rmSync(join(bundleRoot, name), { recursive: true, force: true });
    }
    rmSync(other, { recursive: true, force: true });
  });

  it('runs each checkout\'s own sources and templates, before and after the other is removed', async () => {
    await generateIn(other, 'from-other');
    expect(readFileSync(join(other, 'from-other', 'README.md'), 'utf8')).toContain('Made in the other checkout.');
    await generateIn(repoRoot, 'from-main');
    expect(readFileSync(join(other, 'from-main', 'README.md'), 'utf8')).not.toContain('Made in the other checkout.');
    // The other checkout's sources gone, the project's own run still finds its bundle and templates.
    rmSync(join(other, 'templates'), { recursive: true, force: true });
    rmSync(join(other, 'generator'), { recursive: true, force: true });
    await generateIn(repoRoot, 'after-removal');
    expect(readFileSync(join(other, 'after-removal', 'README.md'), 'utf8')).not.toContain('Made in the other checkout.');
  });
});
