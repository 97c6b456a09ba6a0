/**
 * Both sides of a diff are generated with `<spec>` as the source label their files name, so the
 * same API read from two places is the same code; a document's own text is never rewritten.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffSpecPairs } from '../../generator/diff/index.js';
import { openapi, operation } from './helpers.js';

describe('the source label of both sides', () => {
  it('a description that quotes the base file\'s path is the same text on both sides: no change (regression: the path was replaced in all the files\' text)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-diff-label-'));
    const base = relative(process.cwd(), join(folder, 'base.openapi.yaml'));
    const head = relative(process.cwd(), join(folder, 'head.openapi.yaml'));
    const document = (extension: string): string =>
      stringify(openapi(operation({ description: `Described in ${base}.`, responses: { '200': { description: 'OK' } } }), { root: { 'x-note': extension } }));
    writeFileSync(base, document('one'));
    writeFileSync(head, document('two'));
    const report = await diffSpecPairs([{ api: 'label', base, head }], { base: 'a', head: 'b' });
    expect(report.changes).toEqual([]);
    expect(report.packages.map((p) => [p.bump, p.reason])).toEqual([['none', 'no change']]);
  }, 60_000);
});
