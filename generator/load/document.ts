/**
 * Reads a spec file once: YAML or JSON text -> plain object. Which loader handles it is
 * decided by its root key. Source locations are built only when an error is reported.
 */
import { CORE_SCHEMA, load as loadYaml, YAMLException } from 'js-yaml';
import { SpecError } from './errors.js';
import { encodePointerToken, lazySourceMap, parseYamlWithLocations, type SourceMap } from './locations.js';
import type { OverlayWarning } from './overlay.js';
import { findAliasCycle, type ReferenceIndex } from './references.js';
import { readUtf8 } from '../util/read-text.js';

export interface SourceDocument {
  /** Path as given by the caller (used in messages). */
  file: string;
  kind: 'openapi' | 'asyncapi';
  /** The parsed document, before any `$ref` is resolved; with the overlays applied when there are some. */
  raw: Record<string, unknown>;
  /**
   * The file's text, for tools that parse it themselves (read once, here); with overlays, the
   * overlaid document as JSON, so that such a tool reads what the other stages read.
   */
  text: string;
  /** Where pointers are in the file as written (a node an overlay added is located at its nearest parent the file has). */
  sourceMap: SourceMap;
  /** What the overlays say to the user (an action whose target selects nothing); none without overlays. */
  overlayWarnings: OverlayWarning[];
}

export interface ReadOptions {
  /** Overlay files (OpenAPI Overlay 1.0), applied in this order to the document as written, before anything else reads it. */
  overlays?: readonly string[] | undefined;
}

export async function readSourceDocument(file: string, options: ReadOptions = {}): Promise<SourceDocument> {
  let text: string;
  try {
    text = await readUtf8(file);
  } catch (error) {
    throw new SpecError(file, `cannot read the file: ${(error as Error).message}`);
  }
  const { value: raw, aliased } = parseText(file, text);
  const sourceMap = lazySourceMap(text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SpecError(file, 'the document is not an object', { line: 1, pointer: '' });
  }
  // A walk of every value, which JSON does not need (GitHub's 13 MB description: about 50 ms).
  if (aliased) checkAliasExpansion(file, raw, sourceMap);
  checkDepth(file, raw, sourceMap);
  let record = raw as Record<string, unknown>;
  let overlayWarnings: OverlayWarning[] = [];
  if (options.overlays?.length) {
    // Loaded only for a run with overlays (it brings the JSONPath engine).
    const { applyOverlays, readOverlays } = await import('./overlay.js');
    ({ document: record, warnings: overlayWarnings } = applyOverlays({ document: record, overlays: await readOverlays(options.overlays) }));
    // An update may nest deeper than the file did.
    checkDepth(file, record, sourceMap);
    text = JSON.stringify(record);
  }
  const versionError = (key: string, problem: string): SpecError =>
    new SpecError(file, problem, { ...sourceMap.locate(`/${key}`), pointer: `/${key}` });
  if (typeof record.openapi === 'string') {
    if (!/^3\.[012]\./.test(record.openapi))
      throw versionError('openapi', `unsupported OpenAPI version ${record.openapi} (3.0.x, 3.1.x and 3.2.x are supported)`);
    return { file, kind: 'openapi', raw: record, text, sourceMap, overlayWarnings };
  }
  if (typeof record.asyncapi === 'string') {
    if (!/^3\./.test(record.asyncapi)) throw versionError('asyncapi', `unsupported AsyncAPI version ${record.asyncapi} (3.x is supported)`);
    return { file, kind: 'asyncapi', raw: record, text, sourceMap, overlayWarnings };
  }
  if ('swagger' in record) {
    if (record.swagger !== '2.0') throw versionError('swagger', `unsupported Swagger version ${String(record.swagger)} (2.0 is converted to OpenAPI 3.0)`);
    return { file, kind: 'openapi', raw: await fromSwagger2(file, record), text, sourceMap, overlayWarnings };
  }
  throw new SpecError(file, 'neither an OpenAPI (`openapi: 3.x`) nor an AsyncAPI (`asyncapi: 3.x`) document', {
    line: 1,
    pointer: '',
  });
}

/**
 * A Swagger 2.0 document as OpenAPI 3.0, so that every later stage sees OpenAPI 3 (swagger2openapi,
 * the converter most tools use; imported only for such a document). Small mistakes it knows are
 * patched; what it cannot convert is refused. References to other files are left for the loader,
 * which confines them: the converter never reads a file or a URL itself. Errors found later are
 * located in the converted document (`#/components/schemas/…` where the file says `#/definitions/…`).
 */
async function fromSwagger2(file: string, document: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { convertObj } = await import('swagger2openapi');
  try {
    const converted = await convertObj(structuredClone(document) as never, { patch: true, warnOnly: false, resolve: false, direct: true, anchors: true } as never);
    return converted as unknown as Record<string, unknown>;
  } catch (error) {
    throw new SpecError(file, `this Swagger 2.0 document cannot be converted to OpenAPI 3: ${(error as Error).message.split('\n')[0]}`, { line: 1, pointer: '' });
  }
}

/**
 * How deep objects and arrays may nest in a document. Every stage walks schemas by recursion
 * (as does every formatter), so without a bound a deep enough document overflows the stack;
 * 256 levels is about 125 nested object schemas, far beyond what real descriptions use.
 */
export const MAX_DOCUMENT_DEPTH = 256;

/** Refuses a document nested deeper than MAX_DOCUMENT_DEPTH, at the first value too deep (walked without recursion). */
export function checkDepth(file: string, document: unknown, sourceMap: SourceMap): void {
  const stack: Step[] = isNode(document) ? [{ node: document, parent: undefined, key: '', depth: 0 }] : [];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (step.depth >= MAX_DOCUMENT_DEPTH) {
      const pointer = pointerOf(step);
      throw new SpecError(file, `the document nests objects and arrays more than ${MAX_DOCUMENT_DEPTH} levels deep here; flatten it with named components`, { ...sourceMap.locate(pointer), pointer });
    }
    pushChildren(stack, step);
  }
}

/**
 * An object or array reached by a walk of the document, with the way to it. Its JSON pointer is
 * made only where a problem is reported: making one for every value of a large document (Stripe's
 * has hundreds of thousands) was most of what the walks cost.
 */
interface Step {
  node: object;
  parent: Step | undefined;
  key: string;
  depth: number;
}

const isNode = (value: unknown): value is object => typeof value === 'object' && value !== null;

function pointerOf(step: Step): string {
  const tokens: string[] = [];
  for (let current: Step | undefined = step; current?.parent !== undefined; current = current.parent) tokens.push(`/${encodePointerToken(current.key)}`);
  return tokens.reverse().join('');
}

/** Pushes the objects and arrays a step holds, in the order of its keys (values of other types end no walk here). */
function pushChildren(stack: Step[], step: Step): void {
  const { node, depth } = step;
  if (Array.isArray(node)) {
    node.forEach((item: unknown, i) => {
      if (isNode(item)) stack.push({ node: item, parent: step, key: String(i), depth: depth + 1 });
    });
    return;
  }
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (isNode(value)) stack.push({ node: value, parent: step, key, depth: depth + 1 });
  }
}

/**
 * How many values YAML aliases may add to a document, beyond the values written in it. js-yaml
 * shares the aliased object, but every later stage walks it at each place it is used: nine
 * levels of nine aliases (a "billion laughs") make 3.5 billion values from 100 written ones.
 */
export const MAX_ALIAS_EXPANSION = 1_000_000;

/**
 * Refuses a document whose aliases expand it by more than MAX_ALIAS_EXPANSION values, at the
 * alias whose value is largest. Linear in the values written, without recursion; a document
 * without aliases (any JSON) is walked once.
 */
export function checkAliasExpansion(file: string, document: unknown, sourceMap: SourceMap): void {
  const children = (node: object): [string, unknown][] => (Array.isArray(node) ? node.map((item, i) => [String(i), item]) : Object.entries(node));
  // The objects written once, in the order they are first reached, and where an alias uses one again.
  const seen = new Set<object>();
  const order: object[] = [];
  const aliases: Step[] = [];
  const stack: Step[] = isNode(document) ? [{ node: document, parent: undefined, key: '', depth: 0 }] : [];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (seen.has(step.node)) {
      aliases.push(step);
      continue;
    }
    seen.add(step.node);
    order.push(step.node);
    pushChildren(stack, step);
  }
  if (aliases.length === 0) return;
  // Values under each object once expanded; children are reached after their parents, so sizes are summed backwards.
  const sizes = new Map<object, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    let size = 1;
    for (const [, value] of children(node)) size += isNode(value) ? (sizes.get(value) ?? 1) : 1;
    sizes.set(node, Math.min(size, Number.MAX_SAFE_INTEGER));
  }
  const added = aliases.reduce((sum, alias) => sum + sizes.get(alias.node)!, 0);
  if (added <= MAX_ALIAS_EXPANSION) return;
  const largest = aliases.reduce((a, b) => (sizes.get(b.node)! > sizes.get(a.node)! ? b : a));
  const pointer = pointerOf(largest);
  throw new SpecError(file, `YAML aliases expand the document by ${added > 1e12 ? 'more than a trillion' : added.toLocaleString('en')} values (at most ${MAX_ALIAS_EXPANSION.toLocaleString('en')}); write the shared parts as components and $ref them`, {
    ...sourceMap.locate(pointer),
    pointer,
  });
}

/** Refuses a document in which a chain of `$ref`s only renames itself (references.ts), at the chain's start. */
export function refuseAliasCycle(source: SourceDocument, document: Record<string, unknown>, references: ReferenceIndex): void {
  const cycle = findAliasCycle(document, references);
  if (!cycle) return;
  const names = cycle.map((pointer) => `#${pointer}`).join(' -> ');
  throw new SpecError(source.file, `$ref cycle: ${names} only refers to itself and defines nothing; give one of them a schema of its own`, {
    ...source.sourceMap.locate(cycle[0]!),
    pointer: cycle[0]!,
  });
}

/**
 * JSON text through JSON.parse, YAML through js-yaml (YAML 1.2 core schema, duplicate
 * keys rejected): both several times faster than a parse that keeps node ranges, which
 * runs only to locate a syntax error. `aliased`: whether the value may hold one object in
 * two places (YAML's aliases); JSON.parse makes every object once.
 */
export function parseText(file: string, text: string): { value: unknown; aliased: boolean } {
  if (/^\s*[{[]/.test(text)) {
    try {
      return { value: JSON.parse(text) as unknown, aliased: false };
    } catch {
      // Not strict JSON (comments, trailing commas...): YAML may still read it.
    }
  }
  try {
    return { value: loadYaml(text, { schema: CORE_SCHEMA, filename: file }), aliased: true };
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const { doc, lines } = parseYamlWithLocations(text);
    const first = doc.errors[0];
    if (first) {
      const pos = lines.linePos(first.pos[0]);
      throw new SpecError(file, `invalid YAML: ${first.message.split('\n')[0]}`, { line: pos.line, column: pos.col });
    }
    throw new SpecError(file, `invalid YAML: ${error.reason}`, { line: error.mark.line + 1, column: error.mark.column + 1 });
  }
}
