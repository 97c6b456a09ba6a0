/**
 * `--targets`: a package with only the parts asked for (and those they need), its entry
 * points, dependencies and README saying so, and still compiling under `strict`.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { TypeCheckBatch } from '../helpers/generate.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

interface Manifest {
  exports: Record<string, unknown>;
  peerDependencies?: Record<string, string>;
}

describe('generate --targets', () => {
  // Under the repository, so that the packages' own tsconfig finds zod and hono in its node_modules.
  let work: string;
  beforeAll(() => {
    work = repoTempDir('targets-');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const generate = async (spec: string, out: string, argv: string[]): Promise<{ manifest: Manifest; readme: string; sources: (path: string) => boolean }> => {
    const result = await runCli({ cwd: repoRoot, argv: ['--spec', `specs/${spec}`, '--out', join(work, out), '--quiet', ...argv] });
    expect(result.code, result.stderr).toBe(0);
    const dir = join(work, out);
    return {
      manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest,
      readme: readFileSync(join(dir, 'README.md'), 'utf8'),
      sources: (path) => existsSync(join(dir, 'src', path)),
    };
  };
  // Each package is type-checked by the last test, all in one tsc program.
  const typeChecks = new TypeCheckBatch('targets');
  const compiles = (out: string): void => typeChecks.add(out, join(work, out));

  it('client: the client and the hosted flows, no server code, runtimes or peers', async () => {
    const { manifest, readme, sources } = await generate('onramp.openapi.yaml', 'client', ['--targets', 'client']);
    expect(Object.keys(manifest.exports).sort()).toEqual(['.', './package.json', './client', './schemas'].sort());
    expect(manifest.peerDependencies).toBeUndefined();
    for (const kept of ['types.ts', 'schemas.ts', 'operations.ts', 'client.ts', 'hosted-flows.ts', 'runtime/index.ts']) expect(sources(kept), kept).toBe(true);
    for (const left of ['server.ts', 'fixtures.ts', 'mock.ts', 'server-runtime', 'mock-runtime']) expect(sources(left), left).toBe(false);
    expect(readme).toContain('## Usage');
    expect(readme).not.toMatch(/\/server'|\/mock'|\/fixtures'/);
    compiles('client');
  }, 120_000);

  it('mock: brings the server and the fixtures it answers from, and no client', async () => {
    const { manifest, readme, sources } = await generate('x402.openapi.yaml', 'mock', ['--targets', 'mock']);
    expect(Object.keys(manifest.exports).sort()).toEqual(['.', './package.json', './fixtures', './mock', './schemas', './server'].sort());
    expect(Object.keys(manifest.peerDependencies ?? {})).toContain('hono');
    expect(sources('client.ts')).toBe(false);
    expect(sources('mock.ts') && sources('server.ts') && sources('fixtures.ts')).toBe(true);
    expect(readme).not.toContain('## Usage');
    expect(readme).toContain("from '@svc/mock/mock'");
    compiles('mock');
  }, 120_000);

  it('server alone: the stub without the mock runtime', async () => {
    const { manifest, readme, sources } = await generate('x402.openapi.yaml', 'server', ['--targets', 'server']);
    expect(Object.keys(manifest.exports).sort()).toEqual(['.', './package.json', './schemas', './server'].sort());
    expect(sources('server-runtime/index.ts')).toBe(true);
    expect(sources('mock-runtime')).toBe(false);
    expect(readme).toContain('## Server stub\n');
    expect(readme).not.toContain('/mock');
    compiles('server');
  }, 120_000);

  it('the cache keeps packages of different targets apart', async () => {
    await generate('x402.openapi.yaml', 'cached', []);
    const { sources } = await generate('x402.openapi.yaml', 'cached', ['--targets', 'client']);
    expect(sources('server.ts')).toBe(false);
    const again = await generate('x402.openapi.yaml', 'cached', []);
    expect(again.sources('server.ts')).toBe(true);
  }, 120_000);

  it('each package above type-checks under strict (one tsc program for them all)', async () => {
    expect(await typeChecks.errors()).toEqual({});
  }, 120_000);

  it('refuses an unknown part, and --targets without --spec', async () => {
    const unknown = await runCli({ cwd: repoRoot, argv: ['--spec', 'specs/x402.openapi.yaml', '--out', join(work, 'bad'), '--targets', 'client,sdk'] });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("'sdk' is not a part; choose among client, query, server, fixtures, mock, msw");
    const withoutSpec = await runCli({ cwd: repoRoot, argv: ['--check', '--targets', 'client'] });
    expect(withoutSpec.code).toBe(2);
    expect(withoutSpec.stderr).toContain('--targets applies to one document');
  });
});
