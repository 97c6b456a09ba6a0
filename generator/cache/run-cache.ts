/**
 * The cache of a run, under node_modules/.cache/svc-api-codegen/ of the generator:
 * - per spec, the formatted package it produced and the hashes of every file it read,
 *   so a spec whose inputs and generator are unchanged is not generated again;
 * - per spec, formatted statements (see format-cache.ts), so a changed spec re-formats
 *   only the statements that changed.
 * Deleting the folder is always safe: output is the same with or without it.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../model/types.js';
import { FileFormatCache } from './format-cache.js';
import { fingerprintGenerator, generatorRoot, sha256 } from './fingerprint.js';
import { inputsUnchanged } from './inputs.js';
import { writeAtomically } from './write-atomically.js';

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

interface StoredPackage {
  generator: string;
  inputs: Record<string, string>;
  output: CachedPackage;
}

export class RunCache {
  constructor(readonly dir: string = defaultCacheDir) {}

  private async entryFile(job: JobIdentity): Promise<string> {
    // The absolute path: two projects with the same relative spec path are two jobs.
    const key = sha256(JSON.stringify([resolve(job.file), job.name, job.clientName ?? null, job.sourceLabel]));
    return join(this.dir, 'packages', `${key}.json`);
  }

  /** The package a job produced last time, if neither its inputs nor the generator changed since. */
  async lookup(job: JobIdentity): Promise<CachedPackage | undefined> {
    try {
      const stored = JSON.parse(await readFile(await this.entryFile(job), 'utf8')) as StoredPackage;
      if (stored.generator !== (await fingerprintGenerator())) return undefined;
      if (!(await inputsUnchanged(stored.inputs))) return undefined;
      return stored.output;
    } catch {
      return undefined;
    }
  }

  async store(args: { job: JobIdentity; inputs: Map<string, string>; output: CachedPackage }): Promise<void> {
    const stored: StoredPackage = { generator: await fingerprintGenerator(), inputs: Object.fromEntries(args.inputs), output: args.output };
    await writeAtomically(await this.entryFile(args.job), JSON.stringify(stored));
  }

  /** The formatted-statement store of a job. */
  async formatCache(job: JobIdentity): Promise<FileFormatCache> {
    return FileFormatCache.open(join(this.dir, 'format', `${sha256(JSON.stringify([resolve(job.file), job.name]))}.json`));
  }
}
