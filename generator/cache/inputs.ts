/**
 * The files a spec reads: itself and every file its `$ref`s name, transitively. Found
 * by scanning the text rather than parsing it: a false match only adds a file to hash.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileRefusal, referenceScope } from '../load/confine.js';
import { sha256 } from './fingerprint.js';

const EXTERNAL_REF = /["']?\$ref["']?\s*:\s*["']?([^"'#\s,}]+)/g;

/**
 * Absolute path -> sha256 of its bytes ('' when it cannot be read), for the spec and what it
 * references, then its overlays (in their order) and what the `$ref`s they add reference. Only
 * regular files its `$ref`s may reach (load/confine.ts, with `allowRefRoots`) are read
 * (`/dev/zero` would never end); the loader refuses the others.
 */
export async function hashInputs(specFile: string, allowRefRoots: readonly string[] = [], overlays: readonly string[] = []): Promise<Map<string, string>> {
  const scope = referenceScope(specFile, allowRefRoots);
  const hashes = new Map<string, string>();
  /** `base`: the folder its `$ref`s are relative to (an overlay's land in the spec, so they are the spec's). */
  const visit = async (file: string, base = dirname(file), confined = true): Promise<void> => {
    if (hashes.has(file)) return;
    const readable = (!confined || fileRefusal(file, scope) === undefined) && (await stat(file).then((info) => info.isFile(), () => false));
    const bytes = readable ? await readFile(file).catch(() => undefined) : undefined;
    hashes.set(file, bytes === undefined ? '' : sha256(bytes));
    if (bytes === undefined) return;
    for (const match of bytes.toString('utf8').matchAll(EXTERNAL_REF)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http: and other URLs are not watched files
      await visit(resolve(base, safeDecode(target)));
    }
  };
  await visit(resolve(specFile));
  // The overlays are named by the user, as the spec is: they are read wherever they are.
  for (const overlay of overlays) await visit(resolve(overlay), dirname(resolve(specFile)), false);
  return hashes;
}

/** Whether every input still has the hash it had. */
export async function inputsUnchanged(recorded: Record<string, string>): Promise<boolean> {
  for (const [file, hash] of Object.entries(recorded)) {
    const bytes = await readFile(file).catch(() => undefined);
    if ((bytes === undefined ? '' : sha256(bytes)) !== hash) return false;
  }
  return true;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
