/**
 * OpenAPI Overlay 1.0 (https://spec.openapis.org/overlay/v1.0.0): documents of `actions`, each a
 * JSONPath `target` (RFC 9535) with an `update` merged into every node it selects or `remove: true`,
 * applied in order to a parsed document before it is validated (a Swagger 2.0 document as written,
 * before its conversion). Several overlays apply one after the other, in the order given.
 *
 * A malformed overlay is a SpecError naming the overlay file, located in it; an action whose target
 * selects nothing is a warning located at the action (`/actions/3`), and the run goes on.
 */
import { stat } from 'node:fs/promises';
import { exec } from 'jsonpath-rfc9535';
import parseJsonPath from 'jsonpath-rfc9535/parser';
import { checkAliasExpansion, checkDepth, parseText } from './document.js';
import { SpecError } from './errors.js';
import { encodePointerToken, lazySourceMap, type SourceMap } from './locations.js';
import { readUtf8 } from '../util/read-text.js';

/** An overlay as read: its path as given (used in messages) and its text. */
export interface OverlaySource {
  file: string;
  text: string;
}

/** Something an overlay does that the user should know of, located in the overlay file. */
export interface OverlayWarning {
  /** The overlay file, as given. */
  file: string;
  /** Where in the overlay, as a JSON pointer (`/actions/3`). */
  pointer: string;
  line?: number | undefined;
  column?: number | undefined;
  message: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Action {
  /** Its place in the overlay, `/actions/<index>`. */
  pointer: string;
  target: string;
  update?: Json;
  remove: boolean;
}

interface ParsedOverlay {
  source: OverlaySource;
  sourceMap: SourceMap;
  actions: Action[];
}

const OVERLAY_FIELDS = ['overlay', 'info', 'extends', 'actions'];
const INFO_FIELDS = ['title', 'version'];
const ACTION_FIELDS = ['target', 'description', 'update', 'remove'];

/** The overlay files' texts, in the order given; an unreadable one is a SpecError naming it. */
export async function readOverlays(files: readonly string[]): Promise<OverlaySource[]> {
  return Promise.all(
    files.map(async (file) => {
      try {
        // A device or a fifo would be read for ever.
        if (!(await stat(file)).isFile()) throw new Error('not a regular file');
        return { file, text: await readUtf8(file) };
      } catch (error) {
        throw new SpecError(file, `cannot read the overlay: ${(error as Error).message}`);
      }
    }),
  );
}

/**
 * `document` with every overlay's actions applied, in order; `document` itself is left as it was.
 * Every overlay is checked before any is applied.
 *
 * @throws SpecError naming the overlay file, located, for an overlay that is not an Overlay 1.0
 * document or an action that cannot apply (an `update` of the wrong kind for what its target selects,
 * a `remove` of the document's root).
 * @example applyOverlays({ document, overlays: [{ file: 'api/public.overlay.yaml', text }] })
 */
export function applyOverlays({ document, overlays }: { document: Record<string, unknown>; overlays: readonly OverlaySource[] }): { document: Record<string, unknown>; warnings: OverlayWarning[] } {
  const parsed = overlays.map(parseOverlay);
  // A copy whose every node is its own: YAML aliases share one object between places, which an update must not change together.
  const root = copyJson(document as Json) as JsonObject;
  const warnings: OverlayWarning[] = [];
  for (const overlay of parsed) for (const action of overlay.actions) warnings.push(...applyAction({ root, overlay, action }));
  return { document: root, warnings };
}

/**
 * Checks overlays without applying them, for a caller that may not read a document (the API diff
 * skips byte-identical sides): a malformed one is the same located SpecError as when applied.
 */
export function checkOverlays(overlays: readonly OverlaySource[]): void {
  for (const overlay of overlays) parseOverlay(overlay);
}

/** An overlay's text checked against Overlay 1.0: its actions, or a located SpecError. */
function parseOverlay(source: OverlaySource): ParsedOverlay {
  const { file, text } = source;
  const { value: raw, aliased } = parseText(file, text);
  const sourceMap = lazySourceMap(text);
  const fail = (pointer: string, problem: string): SpecError => new SpecError(file, problem, { ...sourceMap.locate(pointer), pointer });
  if (!isObject(raw)) throw fail('', 'an overlay is an object with `overlay`, `info` and `actions` (OpenAPI Overlay 1.0)');
  if (aliased) checkAliasExpansion(file, raw, sourceMap);
  checkDepth(file, raw, sourceMap);
  refuseUnknownFields({ value: raw, pointer: '', allowed: OVERLAY_FIELDS, what: 'an overlay', fail });
  if (!('overlay' in raw)) throw fail('', 'not an overlay: `overlay: 1.0.x` (the Overlay Specification version) is missing');
  if (typeof raw.overlay !== 'string' || !/^1\.0\.\d+$/.test(raw.overlay)) throw fail('/overlay', `unsupported overlay version ${JSON.stringify(raw.overlay)} (1.0.x is supported)`);
  if (!isObject(raw.info)) throw fail('/info', '`info` (an object with `title` and `version`) is missing');
  refuseUnknownFields({ value: raw.info, pointer: '/info', allowed: INFO_FIELDS, what: '`info`', fail });
  for (const field of INFO_FIELDS) if (typeof raw.info[field] !== 'string') throw fail(`/info${field in raw.info ? `/${field}` : ''}`, `\`info.${field}\` must be a string`);
  if (raw.extends !== undefined && typeof raw.extends !== 'string') throw fail('/extends', '`extends` must be a string (a URL)');
  if (!Array.isArray(raw.actions) || raw.actions.length === 0) throw fail(Array.isArray(raw.actions) || 'actions' in raw ? '/actions' : '', '`actions` must be a list of at least one action');
  const actions = raw.actions.map((action, index): Action => {
    const pointer = `/actions/${index}`;
    if (!isObject(action)) throw fail(pointer, 'an action is an object with `target` and `update` or `remove: true`');
    refuseUnknownFields({ value: action, pointer, allowed: ACTION_FIELDS, what: 'an action', fail });
    if (typeof action.target !== 'string') throw fail(pointer, 'the action has no `target` (a JSONPath query such as `$.paths[\'/pets\'].get`)');
    checkJsonPath({ target: action.target, pointer: `${pointer}/target`, fail });
    if (action.description !== undefined && typeof action.description !== 'string') throw fail(`${pointer}/description`, '`description` must be a string');
    if (action.remove !== undefined && typeof action.remove !== 'boolean') throw fail(`${pointer}/remove`, '`remove` must be true or false');
    const remove = action.remove === true;
    if (remove && 'update' in action) throw fail(pointer, 'the action has both `update` and `remove: true`; an update is lost on a removed node: keep one of them');
    if (!remove && !('update' in action)) throw fail(pointer, 'the action has neither `update` nor `remove: true`: it would change nothing');
    return { pointer, target: action.target, remove, ...('update' in action ? { update: action.update as Json } : {}) };
  });
  return { source, sourceMap, actions };
}

/** An RFC 9535 query, or a SpecError at the action's target naming the character where it stops being one. */
function checkJsonPath({ target, pointer, fail }: { target: string; pointer: string; fail: (pointer: string, problem: string) => SpecError }): void {
  try {
    parseJsonPath(target);
  } catch (error) {
    const column = (error as { location?: { start?: { column?: number } } }).location?.start?.column;
    throw fail(pointer, `\`${target}\` is not a JSONPath query (RFC 9535)${column !== undefined ? ` at character ${column}` : ''}: ${(error as Error).message}`);
  }
}

function refuseUnknownFields(args: { value: Record<string, unknown>; pointer: string; allowed: readonly string[]; what: string; fail: (pointer: string, problem: string) => SpecError }): void {
  const { value, pointer, allowed, what, fail } = args;
  const unknown = Object.keys(value).find((key) => !allowed.includes(key) && !key.startsWith('x-'));
  if (unknown !== undefined) {
    throw fail(`${pointer}/${encodePointerToken(unknown)}`, `property \`${unknown}\` is not allowed in ${what} (Overlay 1.0 allows ${allowed.map((f) => `\`${f}\``).join(', ')} and \`x-\` extensions)`);
  }
}

/** One action on the document in place: the warnings it gives (its target selects nothing). */
function applyAction({ root, overlay, action }: { root: JsonObject; overlay: ParsedOverlay; action: Action }): OverlayWarning[] {
  const { file } = overlay.source;
  const fail = (problem: string): SpecError => new SpecError(file, problem, { ...overlay.sourceMap.locate(action.pointer), pointer: action.pointer });
  const selected: { path: (string | number)[]; value: Json }[] = [];
  try {
    exec(root, action.target, (value, path) => selected.push({ path: [...path], value: value as Json }));
  } catch (error) {
    throw fail(`the target \`${action.target}\` cannot be evaluated: ${(error as Error).message}`);
  }
  if (selected.length === 0) {
    const message = `the target \`${action.target}\` selects nothing in the document; the action changes nothing`;
    return [{ file, pointer: action.pointer, ...overlay.sourceMap.locate(action.pointer), message }];
  }
  if (action.remove) {
    removeNodes({ root, paths: selected.map((s) => s.path), fail });
    return [];
  }
  const update = action.update!;
  for (const { path, value } of selected) {
    if (Array.isArray(value)) {
      // Overlay 1.1 says what 1.0 leaves open: an array is concatenated, anything else appended as one entry.
      if (Array.isArray(update)) value.push(...update.map(copyJson));
      else value.push(copyJson(update));
    } else if (isObject(value)) {
      if (!isObject(update)) throw fail(`the target \`${action.target}\` selects an object (at ${pathText(path)}): its \`update\` must be an object of the properties to merge into it`);
      mergeInto(value, update);
    } else {
      throw fail(`the target \`${action.target}\` selects ${value === null ? 'null' : `a ${typeof value}`} (at ${pathText(path)}); Overlay 1.0 updates objects and arrays only: select the object holding it and update its property`);
    }
  }
  return [];
}

/**
 * The update's properties into `target`, recursively (Overlay 1.0; the steps as 1.1 words them): an
 * object into an object merges, an array onto an array is concatenated, any other value replaces.
 */
function mergeInto(target: JsonObject, update: JsonObject): void {
  for (const [key, value] of Object.entries(update)) {
    // Own properties only: `__proto__` is a name like any other here, never the prototype.
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isObject(current) && isObject(value)) mergeInto(current, value);
    else if (Array.isArray(current) && Array.isArray(value)) current.push(...value.map(copyJson));
    else setOwn(target, key, copyJson(value));
  }
}

/** Removes each selected node from the object or array holding it; an array's entries from the last, so that the indexes selected stay right. */
function removeNodes({ root, paths, fail }: { root: JsonObject; paths: (string | number)[][]; fail: (problem: string) => SpecError }): void {
  const fromArrays = new Map<Json[], number[]>();
  for (const path of paths) {
    if (path.length === 0) throw fail('the target selects the document itself (`$`), which cannot be removed');
    const parent = nodeAt(root, path.slice(0, -1));
    const key = path[path.length - 1]!;
    if (Array.isArray(parent) && typeof key === 'number') fromArrays.set(parent, [...(fromArrays.get(parent) ?? []), key]);
    else if (isObject(parent) && typeof key === 'string') delete parent[key];
  }
  for (const [array, indexes] of fromArrays) for (const index of [...new Set(indexes)].sort((a, b) => b - a)) array.splice(index, 1);
}

/** The node at a path of keys and indexes (selected before anything was removed, so it exists). */
function nodeAt(root: Json, path: readonly (string | number)[]): Json | undefined {
  let node: Json | undefined = root;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isObject(node) && typeof key === 'string' && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** `$['paths']['/pets']['get']`, the normalized path RFC 9535 gives a node. */
const pathText = (path: readonly (string | number)[]): string => `$${path.map((key) => (typeof key === 'number' ? `[${key}]` : `[${JSON.stringify(key).replace(/^"|"$/g, "'")}]`)).join('')}`;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy in which no two places share a node (the depth is bounded by the loader's checks). */
function copyJson(value: Json): Json {
  if (Array.isArray(value)) return value.map(copyJson);
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) setOwn(copy, key, copyJson(item));
  return copy;
}

function setOwn(target: JsonObject, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
