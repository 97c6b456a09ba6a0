/**
 * Which files a document's `$ref`s may reach. Documents come from pull requests and other
 * people's repositories, and the generator and the diff print what they read: a `$ref` to
 * `/etc/passwd` or `file:///…` would publish a file of the machine that runs them. So a `$ref`
 * may name only files inside the project root (the git repository that holds the document,
 * or its folder when it is in none) and the folders given with `--allow-ref-root`; remote
 * references are never fetched. Nothing outside is opened, not even to report it.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReferenceScope {
  /** Real absolute paths of the folders whose files may be read. */
  readonly roots: readonly string[];
}

/** A path with its symbolic links resolved, as far as it exists. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : resolve(realPath(parent), relative(parent, path));
  }
}

/** The project root of a document: the nearest folder above it holding `.git`, else its own folder. */
export function projectRootOf(file: string): string {
  const folder = realPath(dirname(resolve(file)));
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(resolve(at, '.git'))) return at;
    if (dirname(at) === at) return folder;
  }
}

/** The scope of a document: its project root and the extra roots (`--allow-ref-root`, paths from the working directory). */
export function referenceScope(file: string, allowRoots: readonly string[] = []): ReferenceScope {
  return { roots: [projectRootOf(file), ...allowRoots.map((root) => realPath(resolve(root)))] };
}

const isInside = (root: string, path: string): boolean => path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

/** A URL scheme (`https:`, `file:`); one letter is a Windows drive, not a scheme. */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/** The file a `$ref` written in `fromFile` names, or why it may not be read. */
export type ReferenceTarget = { kind: 'document' } | { kind: 'file'; path: string } | { kind: 'refused'; reason: string };

/** How a refusal reads: names the reference and the roots, never anything of the target's content. */
function outside(ref: string, scope: ReferenceScope): ReferenceTarget {
  const roots = scope.roots.map((root) => displayFolder(root)).join(', ');
  return { kind: 'refused', reason: `$ref ${ref} names a file outside the project root (${roots}); only files inside it are read (widen with --allow-ref-root <dir>)` };
}

/** Where a `$ref` string leads, judged against the scope. */
export function referenceTarget(ref: string, fromFile: string, scope: ReferenceScope): ReferenceTarget {
  const hash = ref.indexOf('#');
  const location = hash === -1 ? ref : ref.slice(0, hash);
  if (location === '') return { kind: 'document' };
  const scheme = SCHEME.exec(location)?.[1]?.toLowerCase();
  let path: string;
  if (scheme === 'file') {
    try {
      path = fileURLToPath(location);
    } catch {
      return { kind: 'refused', reason: `$ref ${ref} is not a file URL this machine can read` };
    }
  } else if (scheme !== undefined) {
    return { kind: 'refused', reason: `$ref ${ref} is remote: remote references are not fetched; save the document next to this one and refer to it by a relative path` };
  } else {
    let decoded = location;
    try {
      decoded = decodeURIComponent(location);
    } catch {
      // a `%` that is not an escape stays as written
    }
    path = isAbsolute(decoded) ? decoded : resolve(dirname(resolve(fromFile)), decoded);
  }
  const real = realPath(path);
  return scope.roots.some((root) => isInside(root, real)) ? { kind: 'file', path: real } : outside(ref, scope);
}

/** A file the loaders are about to open (a `$ref` inside a referenced file): allowed, or why not. */
export function fileRefusal(path: string, scope: ReferenceScope): string | undefined {
  const real = realPath(path);
  if (scope.roots.some((root) => isInside(root, real))) return undefined;
  const roots = scope.roots.map((root) => displayFolder(root)).join(', ');
  return `a $ref names ${displayFolder(real)}, outside the project root (${roots}); only files inside it are read (widen with --allow-ref-root <dir>)`;
}

/** A folder as messages name it: relative to the working directory when inside it. */
function displayFolder(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere === '' ? '.' : fromHere.startsWith('..') || isAbsolute(fromHere) ? path : fromHere;
}
