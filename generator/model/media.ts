/**
 * What a media type is, answered once for every stage: the model records it on each body
 * (`MediaModel.json`), and targets ask these instead of matching strings of their own.
 */

/**
 * A body in JSON: `application/json` or any `application/…+json` (`problem+json`, `vnd.api+json`),
 * with parameters, in any case (media types are case-insensitive); `*` `/` `*` (anything) is
 * sent and read as JSON too.
 */
export function isJsonMediaType(type: string): boolean {
  const media = type.trim();
  return media === '*/*' || /^application\/(?:[^;\s]+\+)?json\s*(?:;.*)?$/i.test(media);
}

/** `application/json` itself (parameters allowed, any case): an answer of this type needs no media type named for it. */
export function isPlainJsonMediaType(type: string): boolean {
  const media = type.trim();
  return media === '*/*' || /^application\/json\s*(?:;.*)?$/i.test(media);
}

/** A body a person can read as text: JSON, `text/…`, forms and XML. */
export function isTextualMediaType(type: string): boolean {
  return isJsonMediaType(type) || /^(?:text\/|application\/(?:x-www-form-urlencoded|xml|[^;\s]+\+xml)\s*(?:;.*)?$)/i.test(type.trim());
}

/** How a sequential media type frames the items of a stream. */
export type SequenceFormat = 'sse' | 'jsonl' | 'json-seq';

/**
 * The stream format of a sequential media type (OpenAPI 3.2 `itemSchema`; in 3.0 and 3.1 the
 * same types with a `schema`): server-sent events, JSON Lines (and its older names), JSON text
 * sequences (RFC 7464); undefined for any other type.
 */
export function sequenceFormatOf(type: string): SequenceFormat | undefined {
  const media = type.trim().split(';')[0]!.trim().toLowerCase();
  if (media === 'text/event-stream') return 'sse';
  if (media === 'application/jsonl' || media === 'application/x-ndjson' || media === 'application/x-jsonlines' || media === 'application/jsonlines') return 'jsonl';
  if (media === 'application/json-seq') return 'json-seq';
  return undefined;
}
