/**
 * The cache of a run, under node_modules/.cache/svc-api-codegen/ of the generator:
 * - per spec, the formatted package it produced and the hashes of every file it read,
 *   so a spec whose inputs and generator are unchanged is not generated again;
 * - per spec, formatted statements (see format-cache.ts), so a changed spec re-formats
 *   only the statements that changed.
 * Deleting the folder is always safe: output is the same with or without it.
 */
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../model/types.js';
import { FileFormatCache } from './format-cache.js';
import { fingerprintGenerator, generatorRoot, sha256 } from './fingerprint.js';
import { inputsUnchanged } from './inputs.js';
import { readTexts, storeTexts } from './text-store.js';
import { writeAtomically } from './write-atomically.js';
import { readUtf8 } from '../util/read-text.js';

/** SVC_CODEGEN_CACHE_DIR moves it (the bench measures cold runs with an empty one). */
export const defaultCacheDir = process.env.SVC_CODEGEN_CACHE_DIR ?? join(generatorRoot, 'node_modules', '.cache', 'svc-api-codegen');

/** What identifies one generation: the same job gives the same package when its inputs are unchanged. */
export interface JobIdentity {
  file: string;
  name: string;
  clientName?: string | undefined;
  sourceLabel: string;
}

export interface CachedPackage {
  files: [string, string][];
  stats: { operations: number; schemas: number; messages: number };
  diagnostics: Diagnostic[];
}

/** The header of a stored package (text-store.ts); the texts are its files' contents, in the order of `paths`. */
interface StoredPackage {
  generator: string;
  inputs: Record<string, string>;
  paths: string[];
  stats: CachedPackage['stats'];
  diagnostics: Diagnostic[];
}

export class RunCache {
  constructor(readonly dir: string = defaultCacheDir) {}

  private async entryFile(job: JobIdentity): Promise<string> {
    // The absolute path: two projects with the same relative spec path are two jobs.
    const key = sha256(JSON.stringify([resolve(job.file), job.name, job.clientName ?? null, job.sourceLabel]));
    return join(this.dir, 'packages', `${key}.txt`);
  }

  /** The package a job produced last time, if neither its inputs nor the generator changed since. */
  async lookup(job: JobIdentity): Promise<CachedPackage | undefined> {
    try {
      const stored = readTexts<StoredPackage>(await readUtf8(await this.entryFile(job)));
      if (stored === undefined || stored.header.generator !== (await fingerprintGenerator())) return undefined;
      const { inputs, paths, stats, diagnostics } = stored.header;
      if (!Array.isArray(paths) || paths.length !== stored.texts.length) return undefined;
      if (!(await inputsUnchanged(inputs))) return undefined;
      return { files: paths.map((path, i) => [path, stored.texts[i]!]), stats, diagnostics };
    } catch {
      return undefined;
    }
  }

  async store(args: { job: JobIdentity; inputs: Map<string, string>; output: CachedPackage }): Promise<void> {
    const { files, stats, diagnostics } = args.output;
    const header: StoredPackage = { generator: await fingerprintGenerator(), inputs: Object.fromEntries(args.inputs), paths: files.map(([path]) => path), stats, diagnostics };
    await writeAtomically(await this.entryFile(args.job), storeTexts(header, files.map(([, contents]) => contents)));
  }

  /** The formatted-statement store of a job. */
  async formatCache(job: JobIdentity): Promise<FileFormatCache> {
    return FileFormatCache.open(join(this.dir, 'format', `${sha256(JSON.stringify([resolve(job.file), job.name]))}.txt`));
  }
}
