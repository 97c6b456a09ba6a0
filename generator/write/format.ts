/**
 * Prettier, with one fixed configuration, so output does not depend on the user's setup.
 *
 * TypeScript is formatted one top-level statement at a time (see `splitStatements`), so a
 * cache of formatted statements makes a small spec edit re-format only what it changed.
 * The chunked result is what prettier gives for the whole file (a test holds us to it),
 * and it is the same with or without the cache: the cache only remembers results.
 */
import type { FormatCache } from '../cache/format-cache.js';

export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all', semi: true } as const;

/** Files prettier formats, by extension; any other file is written as produced. */
const FORMATTED = /\.(ts|json|md)$/;

// Named, not inferred: prettier would pick `json-stringify` for package.json.
const parserFor = (path: string): string => (path.endsWith('.ts') ? 'typescript' : path.endsWith('.json') ? 'json' : 'markdown');

/** Whole-file formatting. */
export async function formatWhole(path: string, contents: string): Promise<string> {
  if (!FORMATTED.test(path)) return contents;
  const { format } = await import('prettier');
  return format(contents, { ...PRETTIER_OPTIONS, parser: parserFor(path), filepath: path });
}

export interface FormatRequest {
  path: string;
  contents: string;
  cache?: FormatCache | undefined;
}

/** Formats one file, statement by statement for TypeScript, reusing cached results. */
export async function formatFile(path: string, contents: string, cache?: FormatCache): Promise<string> {
  return formatRequest({ path, contents, cache });
}

export async function formatRequest({ path, contents, cache }: FormatRequest): Promise<string> {
  if (!FORMATTED.test(path)) return contents;
  const kind = path.replace(/^.*\./, '');
  // The whole file first: an unchanged file needs neither prettier nor a parse.
  return remember({ cache, key: `file ${kind}\0${contents}`, compute: () => (kind === 'ts' ? formatStatements(contents, cache) : formatWhole(path, contents)) });
}

async function formatStatements(contents: string, cache: FormatCache | undefined): Promise<string> {
  const path = 'chunk.ts';
  const cached = (text: string, kind: string): Promise<string> => remember({ cache, key: `${kind}\0${text}`, compute: () => formatWhole(path, text) });
  const { splitStatements } = await import('./statements.js');
  const chunks = splitStatements(contents);
  if (chunks === undefined) return cached(contents, 'ts-file');
  const formatted = await Promise.all(chunks.map((chunk) => cached(chunk.text, 'ts')));
  return formatted.map((text, i) => (chunks[i]!.blankBefore ? `\n${text}` : text)).join('');
}

async function remember(args: { cache: FormatCache | undefined; key: string; compute: () => Promise<string> }): Promise<string> {
  const hit = args.cache?.get(args.key);
  if (hit !== undefined) return hit;
  const value = await args.compute();
  args.cache?.set(args.key, value);
  return value;
}
