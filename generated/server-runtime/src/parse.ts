// Copied from templates/server-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Strings of the wire (path segments, query pairs, headers, cookies, form fields) into
 * values of the parameter's shape, per OpenAPI `style` and `explode`. A string that does not
 * parse into the shape stays a string, so the validator reports it with the field's name.
 */
import { isJsonMediaType, mediaType, ownProperty, setOwnProperty } from '@svc/runtime';
import type { ServerParameterSpec, ValueShape } from './types.js';

const NUMBER = /^-?(?:\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** One string as a value of `shape`; unchanged when it does not parse. */
export function coerceText(text: string, shape: ValueShape): unknown {
  switch (shape.type) {
    case 'number':
      return NUMBER.test(text) ? Number(text) : text;
    case 'integer':
      return NUMBER.test(text) && Number.isInteger(Number(text)) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'null':
      return text === 'null' || text === '' ? null : text;
    case 'any-of': {
      for (const option of shape.options) {
        if (option.type === 'string' || option.type === 'unknown') continue;
        const value = coerceText(text, option);
        if (value !== text) return value;
      }
      return text;
    }
    case 'array':
      return [coerceText(text, shape.items)];
    default:
      return text;
  }
}

/** A parsed tree (strings, arrays, objects) coerced into `shape` all the way down. */
export function coerceTree(value: unknown, shape: ValueShape | undefined): unknown {
  if (!shape) return value;
  if (typeof value === 'string') return coerceText(value, shape);
  if (Array.isArray(value)) {
    const items = shape.type === 'array' ? shape.items : undefined;
    return value.map((item) => coerceTree(item, items));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const itemShape =
        shape.type === 'object'
          ? ((shape.properties && (ownProperty(shape.properties, key) as ValueShape | undefined)) ?? shape.additional)
          : undefined;
      setOwnProperty(out, key, coerceTree(item, itemShape));
    }
    return out;
  }
  return value;
}

const splitter = (style: ServerParameterSpec['style']): RegExp =>
  style === 'spaceDelimited' ? / |%20/ : style === 'pipeDelimited' ? /\|/ : /,/;

/** `k,v,k,v` or `k=v,k=v` into an object of the shape's properties. */
function objectFromList(
  parts: readonly string[],
  exploded: boolean,
  shape: Extract<ValueShape, { type: 'object' }>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (exploded) {
    for (const part of parts) {
      const at = part.indexOf('=');
      if (at > 0) setOwnProperty(out, part.slice(0, at), part.slice(at + 1));
    }
  } else {
    for (let i = 0; i + 1 < parts.length; i += 2) setOwnProperty(out, parts[i]!, parts[i + 1]);
  }
  return coerceTree(out, shape) as Record<string, unknown>;
}

/** A delimited string (path, header, unexploded query) as the parameter's value. */
function fromDelimited(text: string, param: ServerParameterSpec, delimiter: RegExp): unknown {
  const { shape } = param;
  if (shape.type === 'array')
    return text === '' ? [] : text.split(delimiter).map((part) => coerceText(part, shape.items));
  if (shape.type === 'object') return objectFromList(text.split(delimiter), param.explode, shape);
  return coerceText(text, shape);
}

/** A path parameter from its (already percent-decoded) segment. */
export function parsePathValue(segment: string, param: ServerParameterSpec): unknown {
  let text = segment;
  if (param.style === 'label') {
    text = text.replace(/^\./, '');
    return fromDelimited(text, param, param.explode ? /\./ : /,/);
  }
  if (param.style === 'matrix') {
    const prefix = `;${param.name}=`;
    if (param.explode && param.shape.type === 'array') {
      return text
        .split(prefix)
        .filter(Boolean)
        .map((part) => coerceText(part, (param.shape as Extract<ValueShape, { type: 'array' }>).items));
    }
    text = text.startsWith(prefix) ? text.slice(prefix.length) : text.replace(/^;/, '');
    return fromDelimited(text, { ...param, explode: param.explode }, param.explode ? /;/ : /,/);
  }
  return fromDelimited(text, param, /,/);
}

/** A header or cookie parameter from its value. */
export function parseHeaderValue(text: string, param: ServerParameterSpec): unknown {
  return fromDelimited(text.trim(), param, /\s*,\s*/);
}

/** Rails-style bracket keys (`a[b][]`) into their segments: `['a', 'b', '']`. */
function bracketPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0 || !key.endsWith(']')) return [key];
  const rest = key.slice(first + 1, -1).split('][');
  return [key.slice(0, first), ...rest];
}

/** A list index from the wire: only the next free one or one already there, so `a[4294967294]=x` makes no sparse array of that length. */
const listIndex = (list: readonly unknown[], segment: string): number => {
  const index = segment === '' ? list.length : Number(segment);
  return Number.isInteger(index) && index >= 0 && index < list.length ? index : list.length;
};

/**
 * Puts a value at a bracket path into a tree of objects and arrays. Only own properties are
 * walked and set, so `__proto__[x]=y` or `constructor[prototype][x]=y` make ordinary keys and
 * never reach a prototype.
 */
function setAtPath(root: Record<string, unknown>, path: readonly string[], value: string): void {
  let node: Record<string, unknown> | unknown[] = root;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    const last = i === path.length - 1;
    const nextIsList = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]!));
    const list: unknown[] | undefined = Array.isArray(node) ? node : undefined;
    const index = list ? listIndex(list, segment) : 0;
    const existing = list ? list[index] : ownProperty(node, segment);
    const put = (item: unknown): void => {
      if (list) list[index] = item;
      else setOwnProperty(node as Record<string, unknown>, segment, item);
    };
    if (last) {
      // A repeated plain key (`a=1&a=2`) collects its values; a list index given twice keeps the last.
      put(list || existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]);
    } else if (existing !== null && typeof existing === 'object') {
      node = existing as Record<string, unknown> | unknown[];
    } else {
      // A missing step, or one holding a plain value (`a=x&a[b]=y`), becomes the container the next segment needs.
      const child = nextIsList ? [] : {};
      put(child);
      node = child;
    }
  }
}

/** `application/x-www-form-urlencoded` pairs into a nested object (`account[name]=x` -> `{account: {name: 'x'}}`). */
export function bracketTree(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of pairs) setAtPath(root, bracketPath(key), value);
  return root;
}

/**
 * The query parameters of an operation from the URL's pairs. `deepObject` and exploded
 * objects gather keys; repeated keys make arrays; unexploded values split at the style's delimiter.
 */
/**
 * A `querystring` parameter (OpenAPI 3.2): the whole query string as one value, JSON when its
 * media type says so (a value that is not JSON is left as text, for the validator to refuse),
 * a form otherwise (nested keys in brackets).
 */
export function parseQueryString(url: URL, param: ServerParameterSpec): unknown {
  const text = url.search.replace(/^\?/, '');
  if (text === '') return undefined;
  if (param.contentType !== undefined && isJsonMediaType(mediaType(param.contentType))) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return text;
    }
    try {
      return JSON.parse(decoded) as unknown;
    } catch {
      return decoded;
    }
  }
  return coerceTree(bracketTree(url.searchParams), param.shape);
}

export function parseQueryValue(
  query: URLSearchParams,
  param: ServerParameterSpec,
  declaredNames: ReadonlySet<string>,
): unknown {
  const { shape, style, explode, name } = param;
  if (style === 'deepObject') {
    const pairs = [...query].filter(([key]) => key.startsWith(`${name}[`));
    if (pairs.length === 0) return undefined;
    return coerceTree(ownProperty(bracketTree(pairs), name), shape);
  }
  if (shape.type === 'object' && explode) {
    // Exploded form objects put each property at the top level: take the keys no other parameter declares.
    const out: Record<string, unknown> = {};
    for (const [key, value] of query) {
      if (
        !declaredNames.has(key) &&
        (shape.properties === undefined || Object.hasOwn(shape.properties, key) || shape.additional)
      )
        setOwnProperty(out, key, value);
    }
    return Object.keys(out).length === 0 ? undefined : coerceTree(out, shape);
  }
  const values = query.getAll(name);
  if (values.length === 0) return undefined;
  if (shape.type === 'array') {
    const parts = explode ? values : values.flatMap((v) => (v === '' ? [] : v.split(splitter(style))));
    return parts.map((part) => coerceText(part, shape.items));
  }
  if (shape.type === 'object') return objectFromList(values[0]!.split(splitter(style)), false, shape);
  // A scalar given twice is kept as a list, so the validator names the field.
  return values.length === 1 ? coerceText(values[0]!, shape) : values.map((v) => coerceText(v, shape));
}

/** The `Cookie` header into name -> value. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim();
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      out.set(name, raw);
    }
  }
  return out;
}

/**
 * The default of `ServerOptions.maxDepth`: 64 levels of arrays and objects. Real request bodies
 * nest a few levels (a GeoJSON multipolygon, four); what reads a body after it is parsed
 * (validation, a store's copy, `JSON.stringify` of an answer that holds it) recurses once a
 * level, and a few thousand levels overflow the stack, so the bound sits far from both.
 */
export const DEFAULT_MAX_DEPTH = 64;

/**
 * Whether `value` nests arrays and plain objects more than `limit` levels deep (`[]` is one
 * level, `[[1]]` two; a Blob or other object is a leaf). An explicit stack, not recursion:
 * the value may be as deep as the body is long.
 */
export function deeperThan(value: unknown, limit: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const next = values.pop();
    const depth = depths.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    const children = Array.isArray(next) ? next : isPlainRecord(next) ? Object.values(next) : undefined;
    if (children === undefined) continue;
    if (depth + 1 > limit) return true;
    for (const child of children) {
      if (typeof child !== 'object' || child === null) continue;
      values.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}

const isPlainRecord = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};
