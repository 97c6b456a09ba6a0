/**
 * `--format`: oxfmt by default, prettier for the output of the versions before it (each file
 * exactly what prettier prints for the whole file), none for the targets' own text; the choice
 * is part of the cache key, so switching formatters never serves the other's files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatWhole } from '../../generator/write/format.js';
import { runCli } from '../helpers/cli.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const spec = join(repoRoot, 'specs', 'x402.openapi.yaml');

function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('npm run generate -- --format', () => {
  it('prettier gives whole-file prettier output, oxfmt (the default) its own, none the text as produced; each run its own', async () => {
    const work = repoTempDir('format-');
    // One package name (the folder's) in each run, in folders of their own.
    const run = (format: string | undefined, out: string) => runCli({ cwd: repoRoot, argv: ['--spec', spec, '--out', join(work, out, 'x402'), '--quiet', ...(format ? ['--format', format] : [])] });
    for (const [format, out] of [['prettier', 'p'], [undefined, 'o'], ['none', 'n'], ['prettier', 'p2']] as const) {
      const result = await run(format, out);
      expect(result.stderr, `${format}`).toBe('');
      expect(result.code).toBe(0);
    }
    const prettier = filesOf(join(work, 'p', 'x402'));
    for (const [path, text] of prettier) if (/\.(ts|json|md)$/.test(path)) expect(text, path).toBe(await formatWhole(path, text));
    // A second prettier run (served from the cache) is byte for byte the first.
    expect(filesOf(join(work, 'p2', 'x402'))).toEqual(prettier);
    const oxfmt = filesOf(join(work, 'o', 'x402'));
    const none = filesOf(join(work, 'n', 'x402'));
    expect([...oxfmt.keys()].sort()).toEqual([...prettier.keys()].sort());
    expect(oxfmt.get('package.json')).not.toBe(prettier.get('package.json'));
    expect(none.get('src/operations.ts')).not.toBe(oxfmt.get('src/operations.ts'));
    const refused = await run('biome', 'b');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--format biome: choose among oxfmt, prettier, none/);
  }, 120_000);
});
