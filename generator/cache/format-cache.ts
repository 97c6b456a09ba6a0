/**
 * Formatted text by unformatted text, remembered between runs under
 * node_modules/.cache/svc-api-codegen/. Keys are hashes of the input, so a stale
 * entry can never be used; the whole store is dropped when a formatter's version, the
 * options or the chunking code change. Each store keeps only the entries its last run used.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { generatorRoot, hashFiles, sha256 } from './fingerprint.js';
import { writeAtomically } from './write-atomically.js';

export interface FormatCache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

interface StoredFormatCache {
  formatter: string;
  entries: Record<string, string>;
}

let formatterIdentity: Promise<string> | undefined;

/** The versions of prettier and oxfmt, our options and chunking code: what formatted text depends on (keys name the formatter). */
export function formatterKey(): Promise<string> {
  formatterIdentity ??= (async () => {
    const require = createRequire(import.meta.url);
    const prettierVersion = (require('prettier/package.json') as { version: string }).version;
    const oxfmtVersion = (require('oxfmt/package.json') as { version: string }).version;
    const generatorVersion = (require('../../package.json') as { version: string }).version;
    const sources = await hashFiles([join(generatorRoot, 'generator/write/format.ts'), join(generatorRoot, 'generator/write/statements.ts')]);
    return sha256(`prettier ${prettierVersion}\0oxfmt ${oxfmtVersion}\0generator ${generatorVersion}\0${sources}`);
  })();
  return formatterIdentity;
}

export class FileFormatCache implements FormatCache {
  private readonly used = new Map<string, string>();

  private constructor(
    private readonly file: string,
    private readonly formatter: string,
    private readonly known: Map<string, string>,
  ) {}

  static async open(file: string): Promise<FileFormatCache> {
    const formatter = await formatterKey();
    let known = new Map<string, string>();
    try {
      const stored = JSON.parse(await readFile(file, 'utf8')) as StoredFormatCache;
      if (stored.formatter === formatter) known = new Map(Object.entries(stored.entries));
    } catch {
      // No cache yet, or an unreadable one: start empty.
    }
    return new FileFormatCache(file, formatter, known);
  }

  get(key: string): string | undefined {
    const id = sha256(key);
    const value = this.used.get(id) ?? this.known.get(id);
    if (value !== undefined) this.used.set(id, value);
    return value;
  }

  set(key: string, value: string): void {
    this.used.set(sha256(key), value);
  }

  /** Writes the entries this run used (atomically: a reader never sees half a file). */
  async save(): Promise<void> {
    const stored: StoredFormatCache = { formatter: this.formatter, entries: Object.fromEntries(this.used) };
    await writeAtomically(this.file, JSON.stringify(stored));
  }
}
