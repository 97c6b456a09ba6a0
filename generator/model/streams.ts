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

/**
 * The event schema of an SSE response with `data` decoded, and which events carry JSON.
 * `item` is the media type's `itemSchema` (or, before 3.2, its `schema`); `deref` follows `$ref`s.
 */
export function decodedEventSchema(item: unknown, deref: (value: unknown) => Json): { schema: unknown; jsonData: JsonData } {
  const target = item === undefined ? undefined : deref(item);
  // No schema, or one that says the stream is text: each item is an event with text data.
  if (target === undefined || Object.keys(target).length === 0 || target.type === 'string') return { schema: PLAIN_EVENT, jsonData: false };
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
    if (!properties || !data || typeof data.contentMediaType !== 'string' || !isJsonMediaType(data.contentMediaType) || !('contentSchema' in data)) return value;
    const names = eventNames(properties.event, deref);
    if (names) events.push(...names);
    else every = true;
    return { ...schema, properties: { ...properties, data: data.contentSchema } };
  };
  const schema = decode(item, 0);
  return { schema, jsonData: every ? true : events.length > 0 ? [...new Set(events)].sort() : false };
}

/** The `event` names a variant's `event` property allows (`const` or `enum`); undefined when any. */
function eventNames(property: unknown, deref: (value: unknown) => Json): string[] | undefined {
  if (property === undefined) return undefined;
  const schema = deref(property);
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return schema.enum as string[];
  return undefined;
}
