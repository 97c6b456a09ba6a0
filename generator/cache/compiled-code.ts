/**
 * Code the generator compiles for itself (ajv's validators of the OpenAPI schemas), kept as
 * source so that later runs skip compiling it: about 0.2 s of every run that loads an
 * OpenAPI document. It depends on the generator's dependencies alone, never on a spec, so
 * it is kept beside the generator's bundle (node_modules/.cache/svc-api-codegen-compiled/),
 * not in the run cache that SVC_CODEGEN_CACHE_DIR moves and cold runs empty. Entries are
 * named by a hash of everything the code depends on, so a stale entry is never found; an
 * unreadable one is compiled again.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { generatorRoot, sha256 } from './fingerprint.js';

/** Where the command line keeps compiled code (unless --no-cache). */
export const compiledCodeDir = join(generatorRoot, 'node_modules', '.cache', 'svc-api-codegen-compiled');

let folder: string | undefined;

/** Where compiled code is kept from now on; undefined (the default) keeps nothing. */
export function keepCompiledCodeIn(dir: string | undefined): void {
  folder = dir;
}

// The cached code is CommonJS that requires its runtime helpers (ajv's `equal`, say) from here.
const requireHere = createRequire(import.meta.url);

/**
 * The module `compile` returns the CommonJS source of, evaluated; from the cache when an
 * entry for `identity` exists. `compile` may also return the module (`value`), so that a miss
 * does not evaluate what it has just built; without it, the source is evaluated.
 */
export function cachedModule<T>(identity: string, compile: () => { source: string; value?: T }): T {
  if (folder === undefined) return valueOf(compile());
  const file = join(folder, `${sha256(identity).slice(0, 32)}.cjs`);
  try {
    return evaluate<T>(readFileSync(file, 'utf8'));
  } catch {
    // Missing or unreadable: compile, and keep it for the next run.
  }
  const compiled = compile();
  try {
    mkdirSync(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, compiled.source);
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only costs time.
  }
  return valueOf(compiled);
}

function valueOf<T>(compiled: { source: string; value?: T }): T {
  return compiled.value !== undefined ? compiled.value : evaluate<T>(compiled.source);
}

function evaluate<T>(source: string): T {
  const module = { exports: {} as unknown };
  new Function('require', 'module', 'exports', source)(requireHere, module, module.exports);
  return module.exports as T;
}
