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
