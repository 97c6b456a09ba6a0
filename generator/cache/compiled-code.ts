/**
 * Code the generator compiles for itself (ajv's validators of the OpenAPI schemas), kept
 * in the run cache as source so that later runs skip compiling it: about 80 ms of every
 * run that loads an OpenAPI document. Entries are named by a hash of everything the code
 * depends on, so a stale entry is never found; an unreadable one is compiled again.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { sha256 } from './fingerprint.js';

let folder: string | undefined;

/** Where compiled code is kept (the run cache's folder); undefined (the default) keeps nothing. */
export function keepCompiledCodeIn(dir: string | undefined): void {
  folder = dir === undefined ? undefined : join(dir, 'compiled');
}

// The cached code is CommonJS that requires its runtime helpers (ajv's `equal`, say) from here.
const requireHere = createRequire(import.meta.url);

/**
 * The module `compile` returns the CommonJS source of, evaluated; from the cache when an
 * entry for `identity` exists. `compile` also returns the module, so a miss costs one compile.
 */
export function cachedModule<T>(identity: string, compile: () => { source: string; value: T }): T {
  if (folder === undefined) return compile().value;
  const file = join(folder, `${sha256(identity).slice(0, 32)}.cjs`);
  try {
    return evaluate<T>(readFileSync(file, 'utf8'));
  } catch {
    // Missing or unreadable: compile, and keep it for the next run.
  }
  const { source, value } = compile();
  try {
    mkdirSync(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, source);
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only costs time.
  }
  return value;
}

function evaluate<T>(source: string): T {
  const module = { exports: {} as unknown };
  new Function('require', 'module', 'exports', source)(requireHere, module, module.exports);
  return module.exports as T;
}
