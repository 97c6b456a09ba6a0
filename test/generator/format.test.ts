/**
 * The formatters of `--format`. With prettier, formatting one top-level statement at a time
 * (so statements can be cached) must give exactly what prettier gives for the whole file, for
 * everything we generate and copy: the output of the versions before oxfmt, byte for byte.
 * oxfmt (the default) formats whole files; none leaves them as produced.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel, loadDocument, loadTargets, runTargets } from '../../generator/stages.js';
import { partsWithNeeds, resolvePlugins } from '../../generator/targets/registry.js';
import { formatFile, formatWhole, OXFMT_OPTIONS, PRETTIER_OPTIONS } from '../../generator/write/format.js';
import { WORKER_THRESHOLD, workerCount, workerFormatter } from '../../generator/write/format-pool.js';
import type { FormatCache } from '../../generator/cache/format-cache.js';
import { listSpecFiles, repoRoot } from '../helpers/spec-files.js';

const memoryCache = (): FormatCache & { size: () => number } => {
  const entries = new Map<string, string>();
  return { get: (key) => entries.get(key), set: (key, value) => void entries.set(key, value), size: () => entries.size };
};

async function producedFiles(spec: string): Promise<{ path: string; contents: string }[]> {
  const job = { file: relative(process.cwd(), join(repoRoot, 'specs', spec)), name: 'format-test' };
  const model = buildModel(await loadDocument(job), job);
  const parts = partsWithNeeds(undefined);
  const loaded = await loadTargets(resolvePlugins(), parts, job.file);
  const { files } = runTargets({ model, packageName: '@svc/format-test', runtimePackage: '@svc/runtime', serverRuntimePackage: '@svc/server-runtime', mockRuntimePackage: '@svc/mock-runtime', packageVersion: '0.0.0', sourceLabel: spec, parts }, loaded, {});
  return files;
}

describe('statement-by-statement formatting', () => {
  it.each(listSpecFiles().filter((f) => !f.includes('/')))('equals whole-file prettier for every file generated from %s', async (spec) => {
    for (const file of await producedFiles(spec)) {
      const whole = await formatWhole(file.path, file.contents);
      expect(await formatFile(file.path, file.contents, undefined, 'prettier'), file.path).toBe(whole);
      // And with a cache: cold, then warm, the same bytes.
      const cache = memoryCache();
      expect(await formatFile(file.path, file.contents, cache, 'prettier'), file.path).toBe(whole);
      expect(await formatFile(file.path, file.contents, cache, 'prettier'), file.path).toBe(whole);
    }
  });

  it('equals whole-file prettier for the hand-written runtime', async () => {
    const dir = join(repoRoot, 'templates', 'runtime', 'src');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(await formatFile(name, text, undefined, 'prettier'), name).toBe(await formatWhole(name, text));
    }
  });

  it('re-formats only the statements that changed', async () => {
    const cache = memoryCache();
    const before = "// header\nexport type A = { a: string };\n\nexport type B = {b:number}\nexport const c = 1\n";
    await formatFile('x.ts', before, cache, 'prettier');
    const entries = cache.size();
    // One statement edited: one new statement entry and one new whole-file entry.
    const after = before.replace('b:number', 'b:boolean');
    expect(await formatFile('x.ts', after, cache, 'prettier')).toBe(await formatWhole('x.ts', after));
    expect(cache.size()).toBe(entries + 2);
  });

  it('formats a large file in worker threads to the same bytes', async () => {
    const statements = Array.from({ length: 3500 }, (_, i) => `/** Type ${i}. */\nexport interface Thing${i} { id: string; count?: number; tags: Array<string>; nested: { a: ${i}; b: 'x' | 'y' } }\n${i % 7 === 0 ? '\n' : ''}`);
    const text = `// header\n${statements.join('')}`;
    expect(text.length).toBeGreaterThan(WORKER_THRESHOLD);
    expect(workerCount()).toBeGreaterThan(0);
    expect(await formatFile('big.ts', text, undefined, 'prettier')).toBe(await formatWhole('big.ts', text));
    // The threads themselves, directly: prettier there prints what it prints here.
    const pool = workerFormatter(PRETTIER_OPTIONS, 2);
    try {
      const small = statements.slice(0, 50).join('');
      expect(await pool.format(small, { parser: 'babel-ts', filepath: 'x.ts' })).toBe(await formatWhole('x.ts', small));
      await expect(pool.format('export const = ;', { parser: 'babel-ts', filepath: 'x.ts' })).rejects.toThrow();
    } finally {
      await pool.close();
    }
  });

  it.each([
    ['a comment trailing a statement', 'export const a = 1; // one\nexport const b = 2;\n'],
    ['blank lines and comments between statements', '// head\n\n\nexport const a = 1;\n/** b */\n\n\nexport const b = 2;\n// tail\n'],
    ['a template literal spanning blank lines', 'export const a = `x\n\nexport const fake = 1;\n`;\nexport const b = 2;\n'],
  ])('keeps whole-file results with %s', async (_, text) => {
    expect(await formatFile('x.ts', text, undefined, 'prettier')).toBe(await formatWhole('x.ts', text));
  });
});

describe('oxfmt, the default, and none', () => {
  it('formats whole files as oxfmt does, the same with a cache, cold and warm', async () => {
    const { format } = await import('oxfmt');
    for (const file of await producedFiles('x402.openapi.yaml')) {
      if (!/\.(ts|json|md)$/.test(file.path)) continue;
      const expected = (await format(file.path, file.contents, OXFMT_OPTIONS)).code;
      expect(await formatFile(file.path, file.contents), file.path).toBe(expected);
      const cache = memoryCache();
      expect(await formatFile(file.path, file.contents, cache), file.path).toBe(expected);
      expect(await formatFile(file.path, file.contents, cache), file.path).toBe(expected);
    }
  });

  it('keeps the two formatters apart in one cache', async () => {
    const cache = memoryCache();
    const text = 'export type U =\n  | Aaaaaaaaaaaa | Bbbbbbbbbbbb | Cccccccccccc | Dddddddddddd | Eeeeeeeeeeee | Ffffffffffff | Gggggggggggg | Hhhhhhhhhhhh;\n';
    const prettier = await formatFile('u.ts', text, cache, 'prettier');
    const oxfmt = await formatFile('u.ts', text, cache, 'oxfmt');
    expect(prettier).toBe(await formatWhole('u.ts', text));
    expect(oxfmt).not.toBe(prettier);
    expect(await formatFile('u.ts', text, cache, 'prettier')).toBe(prettier);
  });

  it('leaves text as produced with none', async () => {
    expect(await formatFile('x.ts', 'export const a=1\n', undefined, 'none')).toBe('export const a=1\n');
  });
});

describe('the runtimes in templates/', () => {
  // Packages copy them without formatting them again (oxfmt, none): they must be in oxfmt's form.
  it('are kept in the form oxfmt gives them', async () => {
    const { format } = await import('oxfmt');
    const unformatted: string[] = [];
    for (const folder of ['runtime', 'server-runtime', 'mock-runtime']) {
      const root = join(repoRoot, 'templates', folder, 'src');
      const walk = async (dir: string): Promise<void> => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const full = join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.name.endsWith('.ts')) {
            const text = readFileSync(full, 'utf8');
            if ((await format(entry.name, text, OXFMT_OPTIONS)).code !== text) unformatted.push(relative(repoRoot, full));
          }
        }
      };
      await walk(root);
    }
    expect(unformatted, 'run `npx oxfmt templates/runtime/src templates/server-runtime/src templates/mock-runtime/src`').toEqual([]);
  });

  it('are formatted by the oxfmt command line with the generator\'s own options (.oxfmtrc.json)', () => {
    expect(JSON.parse(readFileSync(join(repoRoot, '.oxfmtrc.json'), 'utf8'))).toEqual(OXFMT_OPTIONS);
  });
});
