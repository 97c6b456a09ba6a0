/**
 * The cache of code the generator compiles for itself (ajv's validators of the OpenAPI
 * schemas): a second run reads the code instead of compiling it, a damaged entry is
 * compiled again, and the cached validator finds what a fresh one finds.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedModule, keepCompiledCodeIn } from '../../generator/cache/compiled-code.js';

describe('compiled code cache', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'compiled-code-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    keepCompiledCodeIn(undefined);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const source = "const equal = require('ajv/dist/runtime/equal').default; module.exports = (a, b) => equal(a, b) ? 'same' : 'different';";
  type Compare = (a: unknown, b: unknown) => string;
  const compiler = (calls: { count: number }) => () => {
    calls.count++;
    return { source, value: ((a: unknown, b: unknown) => (JSON.stringify(a) === JSON.stringify(b) ? 'same' : 'different')) as Compare };
  };

  it('compiles once, then evaluates the kept source (which may require the generator’s dependencies)', () => {
    const dir = fresh();
    keepCompiledCodeIn(dir);
    const calls = { count: 0 };
    const first = cachedModule('identity', compiler(calls));
    const second = cachedModule('identity', compiler(calls));
    expect(calls.count).toBe(1);
    expect(first({ a: [1] }, { a: [1] })).toBe('same');
    expect(second({ a: [1] }, { a: [1] })).toBe('same');
    expect(second({ a: [1] }, { a: [2] })).toBe('different');
    expect(cachedModule('another identity', compiler(calls))).toBeTypeOf('function');
    expect(calls.count).toBe(2);
  });

  it('compiles again over a damaged entry, and keeps nothing when told no folder', () => {
    const dir = fresh();
    keepCompiledCodeIn(dir);
    const calls = { count: 0 };
    cachedModule('identity', compiler(calls));
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file!), 'this is not JavaScript {');
    expect(cachedModule('identity', compiler(calls))({}, {})).toBe('same');
    expect(calls.count).toBe(2);
    expect(cachedModule('identity', compiler(calls))({}, {})).toBe('same');
    expect(calls.count).toBe(2);

    keepCompiledCodeIn(undefined);
    cachedModule('identity', compiler(calls));
    cachedModule('identity', compiler(calls));
    expect(calls.count).toBe(4);
  });
});
