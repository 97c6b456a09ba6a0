/**
 * What the generator's output depends on besides the spec: its own sources, the
 * templates, and the exact versions of its dependencies (package-lock.json). Any change
 * to these makes every cached result stale.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareText } from '../util/compare.js';

export const generatorRoot = fileURLToPath(new URL('../..', import.meta.url));

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string): Promise<void> => {
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(full);
    }
  };
  await walk(dir);
  return out.sort(compareText);
}

/** Hash of named files' contents, in a stable order; a missing file counts as empty. */
export async function hashFiles(files: string[], root = generatorRoot): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(root, file).split('\\').join('/')).update('\0');
    hash.update(await readFile(file).catch(() => Buffer.alloc(0))).update('\0');
  }
  return hash.digest('hex');
}

let generatorFingerprint: Promise<string> | undefined;

/** Generator sources + templates + locked dependency versions, computed once per process. */
export function fingerprintGenerator(): Promise<string> {
  generatorFingerprint ??= (async () => {
    const files = [
      ...(await filesUnder(join(generatorRoot, 'generator'))),
      // The installed package's code (this repository has none there).
      ...(await filesUnder(join(generatorRoot, 'dist'))),
      ...(await filesUnder(join(generatorRoot, 'templates'))),
      join(generatorRoot, 'package.json'),
      join(generatorRoot, 'package-lock.json'),
    ];
    return hashFiles(files);
  })();
  return generatorFingerprint;
}
