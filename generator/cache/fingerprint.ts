/**
 * What the generator's output depends on besides the spec: its own sources, the
 * templates, and the exact versions of its dependencies (package-lock.json). Any change
 * to these makes every cached result stale.
 */
import { createHash, hash } from 'node:crypto';
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareText } from '../util/compare.js';

export const generatorRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The one-shot form: the cache hashes every file a run formats, and a Hash object per text cost twice the time on GitHub's description. */
export const sha256 = (data: string | Buffer): string => hash('sha256', data, 'hex');

/**
 * The files under a folder, read synchronously: a run reads a few hundred small files here before
 * anything else can start, and one round trip through libuv's threads per file cost about a tenth
 * of a second (on the one-field edit of `npm run bench`) where reading them in turn takes a few ms.
 */
function filesUnder(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort(compareText);
}

const contentsOf = (file: string): Buffer => {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
};

/** Hash of named files' contents, in a stable order; a missing file counts as empty. */
export async function hashFiles(files: string[], root = generatorRoot): Promise<string> {
  const digest = createHash('sha256');
  for (const file of files) digest.update(relative(root, file).split('\\').join('/')).update('\0').update(contentsOf(file)).update('\0');
  return digest.digest('hex');
}

let generatorFingerprint: Promise<string> | undefined;

/** Generator sources + templates + locked dependency versions, computed once per process. */
export function fingerprintGenerator(): Promise<string> {
  generatorFingerprint ??= (async () => {
    const files = [
      ...filesUnder(join(generatorRoot, 'generator')),
      // The installed package's code (this repository has none there).
      ...filesUnder(join(generatorRoot, 'dist')),
      ...filesUnder(join(generatorRoot, 'templates')),
      join(generatorRoot, 'package.json'),
      join(generatorRoot, 'package-lock.json'),
    ];
    return hashFiles(files);
  })();
  return generatorFingerprint;
}
