/**
 * The item schema of a streamed response, as the client reads it. For server-sent events an
 * item is an event object (`event`, `data`, `id`, `retry`; OpenAPI 3.2 §4.14.4), whose `data`
 * the wire carries as text: where the schema says that text is JSON (`contentMediaType` JSON
 * with a `contentSchema`), the item's `data` is the parsed value, typed and validated by the
 * `contentSchema`, and the runtime parses the data of those events.
 */
import { isJsonMediaType } from './media.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which events' `data` is JSON: every event's (`true`), none (`false`), or those of these `event` names. */
export type JsonData = boolean | string[];

/** An event as the parser gives it, when the document says no more (or only that the stream is text). */
export const PLAIN_EVENT: Json = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'string' }, event: { type: 'string' }, id: { type: 'string' }, retry: { type: 'integer', minimum: 0 } },
};

/** The fields of a server-sent event as OpenAPI 3.2 names them (§4.14.4). */
const EVENT_FIELDS = new Set(['data', 'event', 'id', 'retry']);

/**
 * Whether a schema clearly describes the event object itself rather than its `data`: its
 * properties are only event fields and include `data` (every variant's, for a union).
 */
export function isEventObjectSchema(schema: unknown, deref: (value: unknown) => Json, depth = 0): boolean {
  const target = deref(schema);
  if (depth > 8) return false;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const variants = target[keyword];
    if (Array.isArray(variants)) return variants.length > 0 && variants.every((variant) => isEventObjectSchema(variant, deref, depth + 1));
  }
  const parts = Array.isArray(target.allOf) ? [target, ...(target.allOf as unknown[]).map((part) => deref(part))] : [target];
  const names = parts.flatMap((part) => (isObject(part.properties) ? Object.keys(part.properties) : []));
  return names.includes('data') && names.every((name) => EVENT_FIELDS.has(name));
}

/**
 * How an SSE response's item is read: `events` (each item an event object, `data` decoded where
 * the schema says it is JSON), or `data` (each item an event's `data`, parsed as JSON).
 */
export interface DecodedEvents {
  schema: unknown;
  jsonData: JsonData;
  /** Set when each item is the parsed `data` of an event, not the event. */
  items?: 'data';
}

/**
 * The event schema of an SSE response with `data` decoded, and which events carry JSON.
 * `item` is the media type's `itemSchema`, or its `schema` (`fromSchema`: no `itemSchema`, the
 * spelling before 3.2); `deref` follows `$ref`s. A `schema` that does not describe the event
 * object itself describes its `data` (OpenAI's and most inference APIs' spelling): each item is
 * then that JSON, read from the event's `data`.
 */
export function decodedEventSchema(item: unknown, deref: (value: unknown) => Json, fromSchema = false): DecodedEvents {
  const target = item === undefined ? undefined : deref(item);
  // No schema, or one that says the stream is text: each item is an event with text data.
  if (target === undefined || Object.keys(target).length === 0 || target.type === 'string') return { schema: PLAIN_EVENT, jsonData: false };
  if (fromSchema && !isEventObjectSchema(item, deref)) return { schema: item, jsonData: true, items: 'data' };
  const events: string[] = [];
  let every = false;
  const decode = (value: unknown, depth: number): unknown => {
    const schema = deref(value);
    if (depth > 8) return value;
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      if (Array.isArray(schema[keyword])) return { ...schema, [keyword]: (schema[keyword] as unknown[]).map((variant) => decode(variant, depth + 1)) };
    }
    const properties = isObject(schema.properties) ? schema.properties : undefined;
    const data = properties && 'data' in properties ? deref(properties.data) : undefined;
    // Before 3.2 an event object's `data` that cannot be text (an object, a number) can only travel as JSON.
    const jsonByShape = fromSchema && data !== undefined && data.contentMediaType === undefined && isNotText(data);
    if (!properties || !data || (!jsonByShape && (typeof data.contentMediaType !== 'string' || !isJsonMediaType(data.contentMediaType) || !('contentSchema' in data)))) return value;
    // An event the server may leave unnamed is a `message`: its name tells nothing where the shape of its data does.
    const named = !jsonByShape || (Array.isArray(schema.required) && schema.required.includes('event'));
    const names = named ? eventNames(properties.event, deref) : undefined;
    if (names) events.push(...names);
    else every = true;
    return jsonByShape ? value : { ...schema, properties: { ...properties, data: data.contentSchema } };
  };
  const schema = decode(item, 0);
  return { schema, jsonData: every ? true : events.length > 0 ? [...new Set(events)].sort() : false };
}

/** Whether a schema admits no string: a type that is not `string` (nor lists it), or an object's `properties` without a type. */
function isNotText(schema: Json): boolean {
  const type = schema.type;
  if (typeof type === 'string') return type !== 'string';
  if (Array.isArray(type)) return type.length > 0 && !type.includes('string');
  return isObject(schema.properties) || Array.isArray(schema.items) || isObject(schema.items);
}

/** The `event` names a variant's `event` property allows (`const` or `enum`); undefined when any. */
function eventNames(property: unknown, deref: (value: unknown) => Json): string[] | undefined {
  if (property === undefined) return undefined;
  const schema = deref(property);
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return schema.enum as string[];
  return undefined;
}

/** The `data` that ends a stream read as JSON data (`items: 'data'`): `data: [DONE]`, the convention of OpenAI's streams and those modelled on them. */
export const STREAM_END = '[DONE]';

/** The names of a request body's property that asks for a stream instead of the JSON answer. */
const STREAM_FLAGS = ['stream', 'streaming'];

/** Whether a schema admits only booleans (and perhaps null): `boolean`, `[boolean, null]`, 3.0's `nullable`, `anyOf` of those. */
function isBooleanSchema(schema: unknown, deref: (value: unknown) => Json, depth = 0): boolean {
  const target = deref(schema);
  if (depth > 8) return false;
  const type = target.type;
  if (type === 'boolean') return true;
  if (Array.isArray(type)) return type.includes('boolean') && type.every((t) => t === 'boolean' || t === 'null');
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const variants = target[keyword];
    if (Array.isArray(variants)) {
      const resolved = variants.map((variant) => deref(variant));
      return resolved.some((variant) => isBooleanSchema(variant, deref, depth + 1)) && resolved.every((variant) => variant.type === 'null' || isBooleanSchema(variant, deref, depth + 1));
    }
  }
  return false;
}

/**
 * The boolean property of a request body (through `$ref` and `allOf`) that chooses between a
 * response's JSON and its stream: `stream` (OpenAI's spelling) or `streaming`; undefined when it has none.
 */
export function streamFlagOf(body: unknown, deref: (value: unknown) => Json): string | undefined {
  const properties = new Map<string, unknown>();
  const collect = (schema: unknown, depth: number): void => {
    const target = deref(schema);
    if (depth > 8) return;
    if (isObject(target.properties)) for (const [name, property] of Object.entries(target.properties)) if (!properties.has(name)) properties.set(name, property);
    if (Array.isArray(target.allOf)) for (const part of target.allOf) collect(part, depth + 1);
  };
  if (body !== undefined) collect(body, 0);
  return STREAM_FLAGS.find((name) => properties.has(name) && isBooleanSchema(properties.get(name), deref));
}
