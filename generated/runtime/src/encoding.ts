// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Serialises request parts: server URL, path template, query string, headers, cookies and
 * bodies. Every function returns already percent-encoded text, so that the string that is
 * signed is exactly the string that is sent.
 */
import type { ParameterSpec, ParameterStyle, PropertyEncoding, ServerSpec } from './types.js';

type Pair = readonly [key: string, value: string];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** A scalar as text (numbers, booleans, bigints, ISO dates), or undefined for anything else. */
export function scalarToString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

/** Scalars as text; objects and arrays as JSON (for places where only a string fits). */
function anyToString(value: unknown): string {
  return scalarToString(value) ?? JSON.stringify(value);
}

/** Percent-encodes a value component (RFC 3986 unreserved characters stay). */
export const encodeValue = (value: string): string => encodeURIComponent(value);

/** Percent-encodes a key but keeps `[` and `]`, which the service reads in `expand[]` and `account[name]`. */
export const encodeKey = (key: string): string => encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');

const present = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Rails-style bracket pairs: `{ a: { b: 1 } }` → `a[b]=1`, `[1, 2]` → `a[]=1&a[]=2`.
 * Arrays that hold objects use indexes (`a[0][b]=1`) so that items stay apart.
 */
export function bracketPairs(prefix: string, value: unknown): Pair[] {
  if (!present(value)) return [];
  const scalar = scalarToString(value);
  if (scalar !== undefined) return [[encodeKey(prefix), encodeValue(scalar)]];
  if (Array.isArray(value)) {
    const flat = value.every((item) => !present(item) || scalarToString(item) !== undefined);
    return value.flatMap((item, index) => bracketPairs(flat ? `${prefix}[]` : `${prefix}[${index}]`, item));
  }
  if (isRecord(value)) return Object.entries(value).flatMap(([key, item]) => bracketPairs(`${prefix}[${key}]`, item));
  throw new TypeError(`Cannot serialise ${typeof value} at "${prefix}"`);
}

const DELIMITERS: Partial<Record<ParameterStyle, string>> = {
  form: ',',
  spaceDelimited: '%20',
  pipeDelimited: '|',
};

/**
 * One query (or form field) value per OpenAPI `style`/`explode`.
 *
 * @example styledPairs({ name: 'ids', style: 'form', explode: false, value: [1, 2] }) // [['ids', '1,2']]
 */
export function styledPairs(init: { name: string; style: ParameterStyle; explode: boolean; value: unknown }): Pair[] {
  const { name, style, explode, value } = init;
  if (!present(value)) return [];
  if (style === 'deepObject') return bracketPairs(name, value);
  const key = encodeKey(name);
  const scalar = scalarToString(value);
  if (scalar !== undefined) return [[key, encodeValue(scalar)]];
  // spaceDelimited and pipeDelimited only differ from form when not exploded.
  const delimiter = DELIMITERS[style] ?? ',';
  if (Array.isArray(value)) {
    const items = value.filter(present).map((item) => encodeValue(anyToString(item)));
    if (items.length === 0) return [];
    return explode ? items.map((item): Pair => [key, item]) : [[key, items.join(delimiter)]];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, item]) => present(item));
    if (explode) return entries.map(([prop, item]): Pair => [encodeKey(prop), encodeValue(anyToString(item))]);
    if (entries.length === 0) return [];
    return [
      [
        key,
        entries
          .map(([prop, item]) => `${encodeValue(prop)}${delimiter}${encodeValue(anyToString(item))}`)
          .join(delimiter),
      ],
    ];
  }
  throw new TypeError(`Cannot serialise ${typeof value} for "${name}"`);
}

const joinPairs = (pairs: readonly Pair[]): string => pairs.map(([key, value]) => `${key}=${value}`).join('&');

/**
 * The query string (without `?`): declared parameters in spec order, then extra keys sorted.
 * Extra keys use repeated names for arrays and brackets for objects.
 */
export function serializeQuery(init: {
  parameters: readonly ParameterSpec[];
  values: Readonly<Record<string, unknown>>;
  operationId: string;
}): string {
  const declared = init.parameters.filter((p) => p.in === 'query' || p.in === 'querystring');
  // A JSON querystring is one bare segment; everything else `key=value` pairs.
  const pairs: (Pair | string)[] = [];
  for (const param of declared) {
    const value = init.values[param.name];
    if (!present(value)) {
      if (param.required)
        throw new TypeError(`Missing required query parameter "${param.name}" for ${init.operationId}`);
      continue;
    }
    if (param.in === 'querystring') pairs.push(...queryStringPairs(param, value));
    else pairs.push(...styledPairs({ name: param.name, style: param.style, explode: param.explode, value }));
  }
  const known = new Set(declared.map((p) => p.name));
  const extra = Object.keys(init.values)
    .filter((key) => !known.has(key))
    .sort();
  for (const key of extra) {
    const value = init.values[key];
    pairs.push(
      ...(isRecord(value) ? bracketPairs(key, value) : styledPairs({ name: key, style: 'form', explode: true, value })),
    );
  }
  return pairs.map((pair) => (typeof pair === 'string' ? pair : `${pair[0]}=${pair[1]}`)).join('&');
}

/**
 * A `querystring` parameter (OpenAPI 3.2), which is the query string: an object's properties as
 * form pairs (nested ones in brackets, as a form body writes them), or JSON as one bare segment.
 */
function queryStringPairs(param: ParameterSpec, value: unknown): (Pair | string)[] {
  if (param.contentType !== undefined && isJsonMediaType(mediaType(param.contentType)))
    return [encodeValue(JSON.stringify(value))];
  if (isRecord(value)) return Object.entries(value).flatMap(([name, item]) => bracketPairs(name, item));
  throw new TypeError(
    `The querystring parameter "${param.name}" is written as a form: give an object, not ${typeof value}`,
  );
}

/** A path parameter value per `simple` (default), `label` or `matrix` style. */
function pathSegment(param: ParameterSpec | undefined, name: string, value: string): string {
  const encoded = encodeValue(value);
  if (param?.style === 'label') return `.${encoded}`;
  if (param?.style === 'matrix') return `;${encodeValue(name)}=${encoded}`;
  return encoded;
}

/**
 * Fills a path template (`/v2/accounts/{account_id}`) with encoded values.
 *
 * @throws TypeError naming the first parameter that has no value.
 */
export function buildPath(init: {
  template: string;
  values: Readonly<Record<string, unknown>>;
  parameters: readonly ParameterSpec[];
  operationId: string;
}): string {
  // Text and names alternate: `/v2/accounts/{account_id}/buys` is ['/v2/accounts/', 'account_id', '/buys'].
  let parts = splitTemplates.get(init.template);
  if (parts === undefined) {
    parts = init.template.split(/\{([^}]+)\}/);
    // Bounded: a client calls the same few templates over and over, but a program may make its own.
    if (splitTemplates.size >= 1024) splitTemplates.clear();
    splitTemplates.set(init.template, parts);
  }
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const raw = init.values[name];
    if (raw === undefined || raw === null || raw === '') {
      throw new TypeError(`Missing required path parameter "${name}" for ${init.operationId}`);
    }
    const value = scalarToString(raw);
    if (value === undefined)
      throw new TypeError(`Path parameter "${name}" of ${init.operationId} must be a string, number or boolean`);
    path +=
      pathSegment(
        init.parameters.find((p) => p.in === 'path' && p.name === name),
        name,
        value,
      ) + parts[i + 1]!;
  }
  return path;
}

/** Path templates split once (see `buildPath`). */
const splitTemplates = new Map<string, string[]>();

/** A header value per `simple` style: arrays comma-joined, objects `k,v` or (explode) `k=v`. */
export function headerValue(value: unknown, explode = false): string | undefined {
  if (!present(value)) return undefined;
  const scalar = scalarToString(value);
  if (scalar !== undefined) return scalar;
  if (Array.isArray(value)) return value.filter(present).map(anyToString).join(',');
  if (isRecord(value)) {
    return Object.entries(value)
      .filter(([, item]) => present(item))
      .map(([key, item]) => (explode ? `${key}=${anyToString(item)}` : `${key},${anyToString(item)}`))
      .join(',');
  }
  return undefined;
}

/** Header params (declared style applied) and any extra keys of `values`, as `[name, value]`. */
export function serializeHeaders(init: {
  parameters: readonly ParameterSpec[];
  values: Readonly<Record<string, unknown>>;
}): [string, string][] {
  const entries = Object.entries(init.values);
  // Most calls pass no header parameters: nothing to look up.
  if (entries.length === 0) return [];
  const lower = new Map(init.parameters.filter((p) => p.in === 'header').map((p) => [p.name.toLowerCase(), p]));
  return entries.flatMap(([name, value]): [string, string][] => {
    const text = headerValue(value, lower.get(name.toLowerCase())?.explode ?? false);
    return text === undefined ? [] : [[name, text]];
  });
}

/** `name=value` cookie pairs (form style) for the declared cookie parameters present in `values`. */
export function serializeCookies(init: {
  parameters: readonly ParameterSpec[];
  values: Readonly<Record<string, unknown>>;
}): string[] {
  // Without values no cookie is sent (a missing one is never an error here).
  if (Object.keys(init.values).length === 0) return [];
  return init.parameters
    .filter((p) => p.in === 'cookie')
    .flatMap((param) => {
      const value = init.values[param.name];
      return styledPairs({ name: param.name, style: 'form', explode: false, value }).map(
        ([key, text]) => `${key}=${text}`,
      );
    });
}

/**
 * The base URL of a server with its `{variables}` substituted; no trailing slash.
 *
 * @throws TypeError for a variable without value or a value outside its enum.
 */
export function expandServerUrl(server: ServerSpec, values: Readonly<Record<string, string>> = {}): string {
  const url = server.url.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const variable = server.variables?.[name];
    const value = values[name] ?? variable?.default;
    if (value === undefined) throw new TypeError(`Server variable "${name}" has no value`);
    if (variable?.enum && !variable.enum.includes(value)) {
      throw new TypeError(`Server variable "${name}" must be one of ${variable.enum.join(', ')}; got "${value}"`);
    }
    return value;
  });
  return url.replace(/\/+$/, '');
}

/** A body stream read whole; undefined once more than `limit` bytes arrived (the rest is then cancelled unread). */
export async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited (see the client's stream alternative): a tee's branch may never settle it.
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** `base` + `path` without doubling or dropping the slash between them (a base path prefix is kept). */
export function joinUrl(base: string, path: string): string {
  // The expressions only where a slash is doubled: this runs on every call, which joins a trimmed base and a path with one.
  const head = base.endsWith('/') ? base.replace(/\/+$/, '') : base;
  return `${head}/${path.startsWith('/') && !path.startsWith('//') ? path.slice(1) : path.replace(/^\/+/, '')}`;
}

/** The media type of a Content-Type value, lower case, without parameters. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** `application/json` and `application/*+json`. */
export function isJsonMediaType(media: string): boolean {
  return media === 'application/json' || /^application\/[^/]+\+json$/.test(media);
}

/**
 * An `application/x-www-form-urlencoded` body: bracket pairs by default (`account[name]=x`,
 * `a[]=1&a[]=2`); a property with an Encoding Object `style` (or `explode`) uses that style,
 * one with a JSON `contentType` is sent as JSON text.
 */
export function encodeFormBody(
  body: Readonly<Record<string, unknown>>,
  encoding?: Readonly<Record<string, PropertyEncoding>>,
): string {
  const pairs = Object.entries(body).flatMap(([name, value]): Pair[] => {
    const enc = encoding?.[name];
    if (enc?.contentType && isJsonMediaType(mediaType(enc.contentType)) && present(value)) {
      return [[encodeKey(name), encodeValue(JSON.stringify(value))]];
    }
    if (enc?.style === undefined && enc?.explode === undefined) return bracketPairs(name, value);
    const style = (enc.style ?? 'form') as ParameterStyle;
    return styledPairs({ name, style, explode: enc.explode ?? style === 'form', value });
  });
  return joinPairs(pairs);
}

/** A body ready for `Request`: bytes or text, re-sendable on every retry. */
export type BodyBytes = string | Uint8Array<ArrayBuffer>;

/** What `encodeBody` produced; `contentType` is undefined when there is no body. */
export interface EncodedBody {
  body: BodyBytes | undefined;
  contentType: string | undefined;
}

async function toBytes(value: unknown): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (value instanceof Blob) return new Uint8Array(await value.arrayBuffer());
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (ArrayBuffer.isView(value))
    return Uint8Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  return undefined;
}

function toFormData(body: unknown, encoding?: Readonly<Record<string, PropertyEncoding>>): FormData {
  if (body instanceof FormData) return body;
  if (!isRecord(body)) throw new TypeError('A multipart/form-data body must be an object or FormData');
  const form = new FormData();
  const append = (name: string, value: unknown): void => {
    if (!present(value)) return;
    if (value instanceof Blob) return form.append(name, value);
    const scalar = scalarToString(value);
    if (scalar !== undefined) return form.append(name, scalar);
    const type = encoding?.[name]?.contentType ?? 'application/json';
    form.append(name, new Blob([JSON.stringify(value)], { type }));
  };
  for (const [name, value] of Object.entries(body)) {
    const flat =
      Array.isArray(value) && value.every((item) => item instanceof Blob || scalarToString(item) !== undefined);
    if (flat) for (const item of value) append(name, item);
    else append(name, value);
  }
  return form;
}

/**
 * Serialises `body` for `contentType`: JSON types with `JSON.stringify`, form types per
 * `encodeFormBody`, multipart through `FormData` (the boundary ends up in `contentType`),
 * text types as text, anything else only when it already is text or bytes.
 *
 * @throws TypeError when the body cannot be expressed in that content type.
 */
export async function encodeBody(init: {
  body: unknown;
  contentType: string;
  encoding?: Readonly<Record<string, PropertyEncoding>>;
}): Promise<EncodedBody> {
  const { body, contentType } = init;
  if (body === undefined) return { body: undefined, contentType: undefined };
  const bytes = await toBytes(body);
  if (bytes) return { body: bytes, contentType };
  const media = mediaType(contentType);
  if (isJsonMediaType(media)) return { body: JSON.stringify(body), contentType };
  if (media === 'application/x-www-form-urlencoded') {
    if (typeof body === 'string') return { body, contentType };
    if (body instanceof URLSearchParams) return { body: body.toString(), contentType };
    if (isRecord(body)) return { body: encodeFormBody(body, init.encoding), contentType };
    throw new TypeError('An application/x-www-form-urlencoded body must be an object, a string or URLSearchParams');
  }
  if (media === 'multipart/form-data') {
    // Response serialises FormData once; its bytes can then be signed and re-sent.
    const encoded = new Response(toFormData(body, init.encoding));
    return {
      body: new Uint8Array(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type') ?? contentType,
    };
  }
  const text = typeof body === 'string' ? body : media.startsWith('text/') ? scalarToString(body) : undefined;
  if (text !== undefined) return { body: text, contentType };
  throw new TypeError(`Cannot encode a ${typeof body} body as ${contentType}`);
}
