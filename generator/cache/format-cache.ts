/**
 * Formatted text by unformatted text, remembered between runs under
 * node_modules/.cache/svc-api-codegen/. Keys are hashes of the input, so a stale
 * entry can never be used; the whole store is dropped when a formatter's version, the
 * options or the chunking code change. Each store keeps only the entries its last run used.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { generatorRoot, hashFiles, sha256 } from './fingerprint.js';
import { readTexts, storeTexts } from './text-store.js';
import { writeAtomically } from './write-atomically.js';
import { readUtf8 } from '../util/read-text.js';

export interface FormatCache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** The header of a stored cache (text-store.ts): the formatter's identity and each text's key, in order. */
interface StoredFormatCache {
  formatter: string;
  keys: string[];
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
      const stored = readTexts<StoredFormatCache>(await readUtf8(file));
      if (stored?.header.formatter === formatter && Array.isArray(stored.header.keys) && stored.header.keys.length === stored.texts.length) {
        known = new Map(stored.header.keys.map((key, i) => [key, stored.texts[i]!]));
      }
    } catch {
      // No cache yet, or an unreadable one: start empty.
    }
    return new FileFormatCache(file, formatter, known);
  }

  /** The hashes of keys asked for and not found, for the `set` that follows: a key is a whole file, hashed once. */
  private readonly missed = new Map<string, string>();

  get(key: string): string | undefined {
    const id = sha256(key);
    const value = this.used.get(id) ?? this.known.get(id);
    if (value !== undefined) this.used.set(id, value);
    else this.missed.set(key, id);
    return value;
  }

  set(key: string, value: string): void {
    const id = this.missed.get(key) ?? sha256(key);
    this.missed.delete(key);
    this.used.set(id, value);
  }

  /** Writes the entries this run used (atomically: a reader never sees half a file). */
  async save(): Promise<void> {
    const header: StoredFormatCache = { formatter: this.formatter, keys: [...this.used.keys()] };
    await writeAtomically(this.file, storeTexts(header, [...this.used.values()]));
  }
}
