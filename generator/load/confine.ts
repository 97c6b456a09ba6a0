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
import type { SourceDocument } from './document.js';
import { SpecError } from './errors.js';
import type { ReferenceSite } from './references.js';

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

/** The end of every refusal: where files may be read from, and how to widen it. */
const rootsText = (scope: ReferenceScope): string =>
  `outside the project root (${scope.roots.map((root) => displayFolder(root)).join(', ')}); only files inside it are read (widen with --allow-ref-root <dir>)`;

/** Why a file may not be read (`path` as the loaders are about to open it), or undefined when it may. */
export function fileRefusal(path: string, scope: ReferenceScope): string | undefined {
  const real = realPath(path);
  return scope.roots.some((root) => isInside(root, real)) ? undefined : `a $ref names ${displayFolder(real)}, ${rootsText(scope)}`;
}

/**
 * Why the `$ref` string `ref`, written in `fromFile`, may not be followed, or undefined when it
 * may (a reference inside the document, or a file in the scope). Never names anything of the
 * target's content.
 */
export function referenceRefusal(ref: string, fromFile: string, scope: ReferenceScope): string | undefined {
  const hash = ref.indexOf('#');
  const location = hash === -1 ? ref : ref.slice(0, hash);
  if (location === '') return undefined;
  const scheme = SCHEME.exec(location)?.[1]?.toLowerCase();
  let path: string;
  if (scheme === 'file') {
    try {
      path = fileURLToPath(location);
    } catch {
      return `$ref ${ref} is not a file URL this machine can read`;
    }
  } else if (scheme !== undefined) {
    return `$ref ${ref} is remote: remote references are not fetched; save the document next to this one and refer to it by a relative path`;
  } else {
    let decoded = location;
    try {
      decoded = decodeURIComponent(location);
    } catch {
      // a `%` that is not an escape stays as written
    }
    path = isAbsolute(decoded) ? decoded : resolve(dirname(resolve(fromFile)), decoded);
  }
  return fileRefusal(path, scope) === undefined ? undefined : `$ref ${ref} names a file ${rootsText(scope)}`;
}

/**
 * Refuses the first of a document's references to other files that leads outside the scope,
 * located where it is written, before the loader opens anything.
 */
export function refuseOutsideReferences(source: SourceDocument, external: readonly ReferenceSite[], scope: ReferenceScope): void {
  for (const site of external) {
    const reason = referenceRefusal(site.ref, source.file, scope);
    if (reason !== undefined) throw new SpecError(source.file, reason, { ...source.sourceMap.locate(site.pointer), pointer: site.pointer });
  }
}

/** A refusal met inside a referenced file, located at the document's first reference to other files. */
export function nestedRefusal(source: SourceDocument, reason: string, external: readonly ReferenceSite[]): SpecError {
  const first = external[0];
  return new SpecError(source.file, reason, first ? { ...source.sourceMap.locate(first.pointer), pointer: first.pointer } : {});
}

/** A folder as messages name it: relative to the working directory when inside it. */
function displayFolder(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere === '' ? '.' : fromHere.startsWith('..') || isAbsolute(fromHere) ? path : fromHere;
}
