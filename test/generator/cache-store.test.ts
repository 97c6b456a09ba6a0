/**
 * The cache's files (cache/text-store.ts): a header line and the texts by length. A package and
 * its formatted files come back exactly as stored; a damaged or foreign file is a miss, never a
 * wrong package.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTexts, storeTexts } from '../../generator/cache/text-store.js';
import { RunCache } from '../../generator/cache/run-cache.js';
import { sha256 } from '../../generator/cache/fingerprint.js';
import { FileFormatCache } from '../../generator/cache/format-cache.js';
import { writeAtomically } from '../../generator/cache/write-atomically.js';

const TEXTS = ['', "it's \"quoted\"\n\tand\\escaped", 'ünïcödé 😀 \u2028 line', '{"looks": "like JSON"}\n', 'last'];

describe('storeTexts / readTexts', () => {
  it('gives back the header and every text as written', () => {
    const stored = storeTexts({ formatter: 'x', keys: ['a', 'b'] }, TEXTS).join('');
    const read = readTexts<{ formatter: string; keys: string[] }>(stored);
    expect(read?.header.formatter).toBe('x');
    expect(read?.header.keys).toEqual(['a', 'b']);
    expect(read?.texts).toEqual(TEXTS);
  });

  it.each([
    ['cut short', storeTexts({}, TEXTS).join('').slice(0, -2)],
    ['with more after it', `${storeTexts({}, TEXTS).join('')}x`],
    ['the JSON form of before', JSON.stringify({ formatter: 'x', entries: { a: 'b' } })],
    ['a header without lengths', '{"formatter":"x"}\nabc'],
    ['negative lengths', '{"lengths":[-1,4]}\nabc'],
    ['no header', 'just text'],
    ['empty', ''],
  ])('is a miss for a file %s', (_, contents) => {
    expect(readTexts(contents)).toBeUndefined();
  });
});

describe('RunCache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-run-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const spec = join(dir, 'spec.yaml');
  writeFileSync(spec, 'openapi: 3.1.0\n');
  const job = { file: spec, name: 'spec', sourceLabel: 'spec.yaml' };
  const output = { files: TEXTS.map((text, i): [string, string] => [`src/f${i}.ts`, text]), stats: { operations: 1, schemas: 2, messages: 0 }, diagnostics: [] };

  it('gives back the package it stored while the inputs are unchanged, and nothing after an edit', async () => {
    const cache = new RunCache(dir);
    await cache.store({ job, inputs: new Map([[spec, sha256(readFileSync(spec))]]), output });
    expect(await cache.lookup(job)).toEqual(output);
    writeFileSync(spec, 'openapi: 3.1.1\n');
    expect(await cache.lookup(job)).toBeUndefined();
  });

  it('is a miss when its file was damaged', async () => {
    const cache = new RunCache(dir);
    writeFileSync(spec, 'openapi: 3.1.0\n');
    await cache.store({ job, inputs: new Map([[spec, sha256(readFileSync(spec))]]), output });
    const [entry] = readdirSync(join(dir, 'packages'));
    const file = join(dir, 'packages', entry!);
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, -1));
    expect(await cache.lookup(job)).toBeUndefined();
  });
});

describe('FileFormatCache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-format-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what a run formatted, asked for first or not, for the next run to find', async () => {
    const file = join(dir, 'format.txt');
    const cache = await FileFormatCache.open(file);
    expect(cache.get('file a')).toBeUndefined();
    cache.set('file a', 'formatted a');
    cache.set('file b', 'formatted b');
    expect(cache.get('file a')).toBe('formatted a');
    await cache.save();
    const next = await FileFormatCache.open(file);
    expect(next.get('file a')).toBe('formatted a');
    expect(next.get('file b')).toBe('formatted b');
    expect(next.get('file c')).toBeUndefined();
  });
});

describe('writeAtomically', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-write-atomically-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the pieces one after another, as the one text they make', async () => {
    const file = join(dir, 'nested', 'pieces.txt');
    await writeAtomically(file, storeTexts({ formatter: 'x' }, TEXTS));
    expect(readTexts(readFileSync(file, 'utf8'))?.texts).toEqual(TEXTS);
    await writeAtomically(file, 'one text');
    expect(readFileSync(file, 'utf8')).toBe('one text');
  });

  it('leaves no temporary file behind when the write fails, and says why', async () => {
    // A folder with a file in it cannot be replaced by a rename.
    const target = join(dir, 'occupied');
    mkdirSync(target);
    writeFileSync(join(target, 'inside'), 'x');
    await expect(writeAtomically(target, ['a', 'b'])).rejects.toThrow();
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(join(target, 'inside'), 'utf8')).toBe('x');
  });
});
