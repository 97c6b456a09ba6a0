/**
 * Prettier, with one fixed configuration, so output does not depend on the user's setup.
 *
 * TypeScript is formatted in groups of whole top-level statements (see statements.ts),
 * so a cache of formatted groups makes a small spec edit re-format only the group it
 * touched; group boundaries depend on the statements' own text, so an edit does not
 * shift them elsewhere. The result is what prettier gives for the whole file (a test
 * holds us to it), with or without the cache: the cache only remembers results.
 */
import type { FormatCache } from '../cache/format-cache.js';
import { inProcessFormatter, WORKER_THRESHOLD, workerCount, workerFormatter, type Formatter, type FormatterPool, type PrettierOptions } from './format-pool.js';

export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all', semi: true } as const;

/** Files prettier formats, by extension; any other file is written as produced. */
const FORMATTED = /\.(ts|json|md)$/;

// Named, not inferred: prettier would pick `json-stringify` for package.json. babel-ts prints
// what the typescript parser prints (format.test.ts compares them) in two thirds of the time.
const parserFor = (path: string): string => (path.endsWith('.ts') ? 'babel-ts' : path.endsWith('.json') ? 'json' : 'markdown');

const optionsFor = (path: string): PrettierOptions => ({ parser: parserFor(path), filepath: path });

/** What `prettier --check` checks: the whole file, with the parser prettier infers from its name. */
export async function formatWhole(path: string, contents: string): Promise<string> {
  if (!FORMATTED.test(path)) return contents;
  const { format } = await import('prettier');
  return format(contents, { ...PRETTIER_OPTIONS, parser: path.endsWith('.ts') ? 'typescript' : parserFor(path), filepath: path });
}

export interface SourceText {
  path: string;
  contents: string;
}

/** Formats one file. */
export async function formatFile(path: string, contents: string, cache?: FormatCache): Promise<string> {
  return (await formatFiles([{ path, contents }], cache))[0]!;
}

interface Piece {
  text: string;
  blankBefore: boolean;
  formatted?: string;
}

/** Formats files together (so one pool of threads serves them all), reusing cached results. */
export async function formatFiles(files: SourceText[], cache?: FormatCache, pool?: FormatterPool): Promise<string[]> {
  const results: (string | undefined)[] = files.map((file) => (FORMATTED.test(file.path) ? cache?.get(fileKey(file)) : file.contents));
  const pieces = new Map<number, Piece[]>();
  for (const [i, file] of files.entries()) {
    if (results[i] !== undefined) continue;
    // Split only what is not cached whole: an unchanged file needs neither prettier nor a parse.
    const groups = file.path.endsWith('.ts') ? (await import('./statements.js')).statementGroups(file.contents) : undefined;
    const list: Piece[] = groups ?? [{ text: file.contents, blankBefore: false }];
    for (const piece of list) {
      const hit = cache?.get(pieceKey(file.path, piece.text));
      if (hit !== undefined) piece.formatted = hit;
    }
    pieces.set(i, list);
  }
  const todo = [...pieces.entries()].flatMap(([i, list]) => list.filter((p) => p.formatted === undefined).map((piece) => ({ path: files[i]!.path, piece })));
  const size = todo.reduce((sum, t) => sum + t.piece.text.length, 0);
  const threads = workerCount();
  const local = inProcessFormatter(PRETTIER_OPTIONS);
  const started = pool?.started;
  const formatter: Formatter = started ?? (size >= WORKER_THRESHOLD && threads > 0 ? workerFormatter(PRETTIER_OPTIONS, threads) : local);
  try {
    await Promise.all(
      todo.map(async ({ path, piece }) => {
        const options = optionsFor(path);
        // A piece a worker could not format is formatted here: same result, or prettier's own error.
        piece.formatted = await formatter.format(piece.text, options).catch(() => local.format(piece.text, options));
        cache?.set(pieceKey(path, piece.text), piece.formatted);
      }),
    );
  } finally {
    if (formatter !== started) await formatter.close();
  }
  for (const [i, list] of pieces) {
    const text = list.map((p, n) => (n > 0 && p.blankBefore ? `\n${p.formatted!}` : p.formatted!)).join('');
    results[i] = text;
    cache?.set(fileKey(files[i]!), text);
  }
  return results as string[];
}

const kindOf = (path: string): string => path.replace(/^.*\./, '');
const fileKey = (file: SourceText): string => `file ${kindOf(file.path)}\0${file.contents}`;
const pieceKey = (path: string, text: string): string => `piece ${kindOf(path)}\0${text}`;
