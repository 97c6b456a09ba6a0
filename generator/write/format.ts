/**
 * The formatter of generated files, with one fixed configuration, so output does not depend
 * on the user's setup: oxfmt by default (`--format oxfmt`), prettier (`--format prettier`,
 * the output of earlier versions byte for byte), or none (`--format none`: as produced).
 *
 * oxfmt formats whole files, in native code, 20 times faster than prettier; a cache of
 * whole files serves runs whose output did not change. With prettier, TypeScript is
 * formatted in groups of whole top-level statements (see statements.ts), so a cache of
 * formatted groups makes a small spec edit re-format only the group it touched; group
 * boundaries depend on the statements' own text, so an edit does not shift them elsewhere.
 * The result is what prettier gives for the whole file (a test holds us to it), with or
 * without the cache: the cache only remembers results.
 */
import { availableParallelism } from 'node:os';
import type { FormatCache } from '../cache/format-cache.js';
import { inProcessFormatter, WORKER_THRESHOLD, workerCount, workerFormatter, type Formatter, type FormatterPool, type PrettierOptions } from './format-pool.js';

export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all', semi: true } as const;

/** oxfmt with prettier's options; package.json keeps the order the generator writes. */
export const OXFMT_OPTIONS = { ...PRETTIER_OPTIONS, sortPackageJson: false } as const;

export const FORMATTERS = ['oxfmt', 'prettier', 'none'] as const;
export type FormatterName = (typeof FORMATTERS)[number];
export const DEFAULT_FORMATTER: FormatterName = 'oxfmt';

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
  /** In oxfmt's form already: only prettier formats it. */
  preformatted?: boolean;
}

/** Formats one file. */
export async function formatFile(path: string, contents: string, cache?: FormatCache, formatter: FormatterName = DEFAULT_FORMATTER): Promise<string> {
  return (await formatFiles([{ path, contents }], cache, undefined, formatter))[0]!;
}

/**
 * How many files oxfmt formats at once, across every package of a run: one per core. Each
 * file in flight holds a native thread of libuv's pool and that thread's allocations; more
 * than the cores gain no time and cost memory (Stripe with every target, 2 cores: 380-456 MB
 * peak against 452-550 MB with every file at once, in the same time).
 */
const OXFMT_IN_FLIGHT = Math.max(1, availableParallelism());
let oxfmtInFlight = 0;
const oxfmtWaiting: (() => void)[] = [];

/** `task` run when fewer than {@link OXFMT_IN_FLIGHT} others are. */
async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (oxfmtInFlight >= OXFMT_IN_FLIGHT) await new Promise<void>((start) => oxfmtWaiting.push(start));
  oxfmtInFlight += 1;
  try {
    return await task();
  } finally {
    oxfmtInFlight -= 1;
    oxfmtWaiting.shift()?.();
  }
}

/** oxfmt, whole files, one per core at a time (in native threads); a file it cannot format is a generator bug. */
async function formatWithOxfmt(files: SourceText[], cache: FormatCache | undefined): Promise<string[]> {
  const { format } = await import('oxfmt');
  return Promise.all(
    files.map(async (file) => {
      if (!FORMATTED.test(file.path)) return file.contents;
      const key = fileKey('oxfmt', file);
      const hit = cache?.get(key);
      if (hit !== undefined) return hit;
      const result = await inTurn(() => format(file.path, file.contents, OXFMT_OPTIONS));
      if (result.errors.length > 0) throw new Error(`oxfmt cannot format ${file.path}: ${result.errors[0]!.message}`);
      cache?.set(key, result.code);
      return result.code;
    }),
  );
}

interface Piece {
  text: string;
  blankBefore: boolean;
  formatted?: string;
}

/** Formats files together (with prettier, one pool of threads serves them all), reusing cached results. */
export async function formatFiles(files: SourceText[], cache?: FormatCache, pool?: FormatterPool, chosen: FormatterName = DEFAULT_FORMATTER): Promise<string[]> {
  if (chosen === 'none') return files.map((file) => file.contents);
  if (chosen === 'oxfmt' && files.some((file) => file.preformatted)) {
    // What is formatted already is copied as it is; the rest keeps its place in the result.
    const todo = files.filter((file) => !file.preformatted);
    const done = await formatWithOxfmt(todo, cache);
    const byFile = new Map(todo.map((file, i) => [file, done[i]!]));
    return files.map((file) => byFile.get(file) ?? file.contents);
  }
  if (chosen === 'oxfmt') return formatWithOxfmt(files, cache);
  const results: (string | undefined)[] = files.map((file) => (FORMATTED.test(file.path) ? cache?.get(fileKey('prettier', file)) : file.contents));
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
    cache?.set(fileKey('prettier', files[i]!), text);
  }
  return results as string[];
}

const kindOf = (path: string): string => path.replace(/^.*\./, '');
const fileKey = (formatter: FormatterName, file: SourceText): string => `file ${formatter} ${kindOf(file.path)}\0${file.contents}`;
const pieceKey = (path: string, text: string): string => `piece ${kindOf(path)}\0${text}`;
