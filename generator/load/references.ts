/**
 * Where each `$ref` of a document points, without dereferencing anything: JSON pointers
 * anywhere in the document, and (OpenAPI 3.1, AsyncAPI) `$id` base URIs and `$anchor`s.
 * Targets are answered as JSON pointers into the document, so cycles cost nothing.
 */
import { posix } from 'node:path';
import { encodePointerToken } from './locations.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The base URI of the document itself; a placeholder, so no path of the machine is involved. */
const DOCUMENT_PREFIX = 'svc-codegen:';
const DOCUMENT_URI = `${DOCUMENT_PREFIX}/document`;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Keywords whose values are data, not schemas or document objects: a `$ref` or `$id` in them means nothing. */
const DATA_KEYWORDS = new Set(['example', 'default', 'const', 'enum']);

/**
 * Where a `$ref` points. An external target's `uri` is what to read: the reference as written
 * (relative to the document's file), or, inside a schema whose `$id` is relative, the file
 * path that base makes of it (`folder/order.json` + `shared.yaml` = `folder/shared.yaml`), or
 * an absolute URI.
 */
export type Resolution = { kind: 'internal'; pointer: string } | { kind: 'external'; uri: string } | { kind: 'broken' };

export interface ReferenceSite {
  /** Pointer of the object that holds the `$ref`. */
  pointer: string;
  ref: string;
}

export interface ReferenceIndex {
  /** Every `$ref` of the document, in document order. */
  sites: ReferenceSite[];
  /** Where the `$ref` string `ref`, written in the object at `from`, points. */
  resolve(ref: string, from: string): Resolution;
}

/**
 * Indexes the document. `schemaIdentifiers` turns on `$id`/`$anchor` (JSON Schema 2019+
 * dialects); OpenAPI 3.0 schemas have neither. `self` is OpenAPI 3.2's `$self`, the document's
 * own URI and the base of its references: a reference to that URI is internal, and one to
 * another URI under it names the file at the same place relative to the document (nothing
 * is fetched; a URI elsewhere stays remote and is refused as such by confine.ts).
 */
export function indexReferences(document: Json, options: { schemaIdentifiers: boolean; self?: string | undefined }): ReferenceIndex {
  /** For a base URI from a relative `$id` chain (or a relative `$self`): its path from the document's folder. */
  const relativeBases = new Map<string, string>();
  const documentUri = documentUriOf(options.self, relativeBases);
  const resources = new Map<string, string>([
    [DOCUMENT_URI, ''],
    [documentUri, ''],
  ]);
  const anchors = new Map<string, string>();
  /** Base URI of the objects whose base is not the document's, by pointer. */
  const bases = new Map<string, string>();
  const sites: ReferenceSite[] = [];

  // The pointer of the node being walked, as its tokens: written out only where it is kept (a `$ref`, an
  // identifier), not built for each of the hundreds of thousands of nodes a large document has.
  const tokens: string[] = [];
  const pointerHere = (): string => (tokens.length === 0 ? '' : `/${tokens.join('/')}`);
  const walk = (node: unknown, base: string): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item !== 'object' || item === null) continue;
        tokens.push(String(i));
        walk(item, base);
        tokens.pop();
      }
      return;
    }
    if (!isObject(node)) return;
    let here = base;
    if (options.schemaIdentifiers) {
      if (typeof node.$id === 'string') {
        const uri = absolute(node.$id, base);
        if (uri !== undefined) {
          here = withoutFragment(uri);
          if (!resources.has(here)) resources.set(here, pointerHere());
          // Relative to the document: the path from its folder, for the files referenced from inside.
          const id = withoutFragment(node.$id);
          if (!SCHEME.test(id) && here.startsWith(`${DOCUMENT_PREFIX}/`) && !relativeBases.has(here))
            relativeBases.set(here, posix.normalize(posix.join(posix.dirname(relativeBases.get(base) ?? '.'), id)));
        }
      }
      for (const keyword of ['$anchor', '$dynamicAnchor']) {
        const anchor = node[keyword];
        if (typeof anchor === 'string' && !anchors.has(`${here}#${anchor}`)) anchors.set(`${here}#${anchor}`, pointerHere());
      }
      if (here !== documentUri) bases.set(pointerHere(), here);
    }
    if (typeof node.$ref === 'string') sites.push({ pointer: pointerHere(), ref: node.$ref });
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (typeof value !== 'object' || value === null || DATA_KEYWORDS.has(key) || (key === 'examples' && Array.isArray(value))) continue;
      tokens.push(encodePointerToken(key));
      walk(value, here);
      tokens.pop();
    }
  };
  walk(document, documentUri);

  /** The external target of `ref` from `base` (see Resolution). */
  const externalUri = (ref: string, base: string): string => {
    if (base === DOCUMENT_URI && !SCHEME.test(ref)) return ref;
    if (SCHEME.test(ref) || !base.startsWith(`${DOCUMENT_PREFIX}/`)) {
      const uri = SCHEME.test(ref) ? ref : (absolute(ref, base) ?? ref);
      return documentUri.startsWith(`${DOCUMENT_PREFIX}/`) ? uri : (besideDocument(uri, documentUri) ?? uri);
    }
    // A relative `$id` chain: paths from the document's folder, kept with their leading `..` (which a URL would drop).
    const hash = ref.indexOf('#');
    const path = hash < 0 ? ref : ref.slice(0, hash);
    const joined = path.startsWith('/') ? path : posix.normalize(posix.join(posix.dirname(relativeBases.get(base) ?? '.'), path));
    return `${joined}${hash < 0 ? '' : ref.slice(hash)}`;
  };

  const resolve = (ref: string, from: string): Resolution => {
    const base = bases.get(from) ?? documentUri;
    let resource: string;
    let fragment: string;
    if (ref.startsWith('#') && base === documentUri) {
      resource = DOCUMENT_URI;
      fragment = ref.slice(1);
    } else {
      const uri = absolute(ref, base);
      if (uri === undefined) return { kind: 'broken' };
      const hash = uri.indexOf('#');
      resource = hash < 0 ? uri : uri.slice(0, hash);
      fragment = hash < 0 ? '' : uri.slice(hash + 1);
    }
    const root = resources.get(resource);
    if (root === undefined) return { kind: 'external', uri: externalUri(ref, base) };
    const decoded = decodeFragment(fragment);
    if (decoded === undefined) return { kind: 'broken' };
    if (decoded === '') return { kind: 'internal', pointer: root };
    if (decoded.startsWith('/')) {
      const pointer = `${root}${decoded}`;
      if (exists(document, pointer)) return { kind: 'internal', pointer };
      // `#/components/...` inside a schema with its own `$id` means that schema, strictly; authors mean the document.
      return ref.startsWith('#') && exists(document, decoded) ? { kind: 'internal', pointer: decoded } : { kind: 'broken' };
    }
    const anchored = anchors.get(`${resource}#${decoded}`);
    return anchored === undefined ? { kind: 'broken' } : { kind: 'internal', pointer: anchored };
  };

  return { sites, resolve };
}

/**
 * The base URI of the document: `$self` when it has one (a relative one is taken from the
 * document's placeholder URI, and its path from the document's folder is recorded as a relative
 * `$id`'s is), else the placeholder.
 */
function documentUriOf(self: string | undefined, relativeBases: Map<string, string>): string {
  const uri = self === undefined ? undefined : absolute(self, DOCUMENT_URI);
  if (self === undefined || uri === undefined) return DOCUMENT_URI;
  const resource = withoutFragment(uri);
  if (!SCHEME.test(self)) relativeBases.set(resource, posix.normalize(withoutFragment(self)));
  return resource;
}

/**
 * An absolute URI as a path relative to the document's folder, when it has the origin of the
 * document's absolute `$self` (`https://example.com/apis/shop.yaml` is the document, so
 * `https://example.com/apis/common/errors.yaml#/Error` is `common/errors.yaml#/Error` beside it).
 */
function besideDocument(uri: string, documentUri: string): string | undefined {
  try {
    const [target, self] = [new URL(uri), new URL(documentUri)];
    if (target.protocol !== self.protocol || target.host !== self.host || !target.pathname.startsWith('/') || !self.pathname.startsWith('/')) return undefined;
    const path = posix.relative(posix.dirname(decodeURI(self.pathname)), decodeURI(target.pathname));
    return `${path === '' ? posix.basename(target.pathname) : path}${target.hash}`;
  } catch {
    // not a URL, or a path with a `%` that is no escape: not beside the document
    return undefined;
  }
}

function absolute(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}

const withoutFragment = (uri: string): string => (uri.includes('#') ? uri.slice(0, uri.indexOf('#')) : uri);

/**
 * The JSON pointer a same-document `$ref` names: its fragment, percent-decoded as a URI
 * fragment is (`#/paths/~1droplets~1%7Bid%7D` -> `/paths/~1droplets~1{id}`); as written when it
 * does not decode.
 */
export function refPointer(ref: string): string {
  const fragment = ref.replace(/^#/, '');
  return decodeFragment(fragment) ?? fragment;
}

function decodeFragment(fragment: string): string | undefined {
  if (!fragment.includes('%')) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/** The value at a JSON pointer, or undefined. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, token) ? node[token] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

const exists = (document: unknown, pointer: string): boolean => valueAt(document, pointer) !== undefined;

/** Keywords that describe a schema without constraining it: an object of these and a `$ref` is only another name for its target. */
const ANNOTATIONS = new Set(['$ref', '$comment', 'title', 'description', 'summary', 'deprecated', 'example', 'examples', 'default', 'externalDocs', 'xml', 'readOnly', 'writeOnly', 'nullable']);

/** The one schema an object only renames: its `$ref`, or the single member of an `allOf`/`anyOf`/`oneOf` that adds nothing else. */
function aliasOf(node: Json): { ref: string; at: string } | undefined {
  const keys = Object.keys(node).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));
  if (typeof node.$ref === 'string' && keys.length === 0) return { ref: node.$ref, at: '' };
  if (keys.length !== 1 || typeof node.$ref === 'string') return undefined;
  const [keyword] = keys as [string];
  const members = node[keyword];
  if (!['allOf', 'anyOf', 'oneOf'].includes(keyword) || !Array.isArray(members) || members.length !== 1 || !isObject(members[0])) return undefined;
  const inner = aliasOf(members[0]);
  return inner ? { ref: inner.ref, at: `/${keyword}/0${inner.at}` } : undefined;
}

/**
 * A chain of objects that only rename one another and comes back to where it started
 * (`A: {$ref: B}`, `B: {$ref: A}`, or `A: {$ref: A}`): such a schema defines nothing, and no
 * type can be written for it. The pointers of the chain, the first repeated at the end; undefined when there is none.
 */
export function findAliasCycle(document: Json, references: ReferenceIndex): string[] | undefined {
  /** Pointer of an alias -> pointer of what it renames. */
  const next = new Map<string, string>();
  for (const site of references.sites) {
    const target = references.resolve(site.ref, site.pointer);
    if (target.kind !== 'internal') continue;
    // The holder of the `$ref`, and the objects around it that rename it through single-member compositions.
    let at = site.pointer;
    let suffix = '';
    for (;;) {
      const node = valueAt(document, at);
      const alias = isObject(node) ? aliasOf(node) : undefined;
      if (!alias || alias.at !== suffix) break;
      next.set(at, target.pointer);
      const member = /\/(?:allOf|anyOf|oneOf)\/0$/.exec(at);
      if (!member) break;
      suffix = `${member[0]}${suffix}`;
      at = at.slice(0, -member[0].length);
    }
  }
  const finished = new Set<string>();
  for (const start of next.keys()) {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let at: string | undefined = start;
    while (at !== undefined && !finished.has(at)) {
      if (onChain.has(at)) {
        // Told from the member that comes first in the document, whichever member the search started from.
        const cycle = chain.slice(chain.indexOf(at));
        const order = [...next.keys()];
        const first = cycle.reduce((a, b) => (order.indexOf(b) < order.indexOf(a) ? b : a));
        const from = cycle.indexOf(first);
        return [...cycle.slice(from), ...cycle.slice(0, from), first];
      }
      onChain.add(at);
      chain.push(at);
      at = next.get(at);
    }
    for (const seen of chain) finished.add(seen);
  }
  return undefined;
}
