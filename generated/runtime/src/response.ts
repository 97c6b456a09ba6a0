// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** Reads a response body and picks the schema that validates it. */
import { isJsonMediaType, mediaType } from './encoding.js';
import { ResponseValidationError } from './errors.js';
import type { ApiWarning, HttpMethod, OperationSpec, StreamSpec, Validator } from './types.js';

// Statuses whose responses never have a body.
const NO_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

const isTextMediaType = (media: string): boolean =>
  media.startsWith('text/') ||
  media.endsWith('+xml') ||
  media === 'application/xml' ||
  media === 'application/x-www-form-urlencoded';

/** True when a response to `method` with `status` cannot carry a body. */
export const hasNoBody = (method: HttpMethod, status: number): boolean =>
  method === 'HEAD' || NO_BODY_STATUSES.has(status);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON after all: hand over the text rather than lose it.
    return text;
  }
}

/**
 * The body as parsed JSON (JSON types, and unlabelled bodies that parse), text (text types)
 * or a Blob (anything else); undefined when empty or bodiless. A declared non-JSON media type
 * (`declared`, from the spec) wins over the response's label: servers often send files as
 * `text/plain` or without a type.
 */
export async function readBody(response: Response, method: HttpMethod, declared?: string): Promise<unknown> {
  if (hasNoBody(method, response.status)) {
    // Not awaited: a tee's branch settles its cancel only with the other's.
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const declaredMedia = declared === undefined ? undefined : mediaType(declared);
  const labelled = mediaType(response.headers.get('content-type'));
  if (
    declaredMedia !== undefined &&
    !isJsonMediaType(declaredMedia) &&
    !isTextMediaType(declaredMedia) &&
    declaredMedia !== '*/*'
  )
    return new Blob([await response.arrayBuffer()], { type: labelled || declaredMedia });
  const media = declaredMedia !== undefined && isTextMediaType(declaredMedia) ? declaredMedia : labelled;
  const json = media === '' || isJsonMediaType(media);
  if (!json && !isTextMediaType(media)) {
    const bytes = await response.arrayBuffer();
    return bytes.byteLength === 0 ? undefined : new Blob([bytes], { type: media });
  }
  // Text is decoded by the response itself (UTF-8, a byte order mark dropped), without a copy of its bytes.
  const text = await response.text();
  if (text === '') return undefined;
  return json ? parseJson(text) : text;
}

/** The declared media type of the response with `status` (exact, range, then default), if it is not JSON. */
export function declaredMediaType(
  mediaTypes: Readonly<Record<string, string>> | undefined,
  status: number,
): string | undefined {
  if (mediaTypes === undefined) return undefined;
  const keys = [String(status), `${Math.floor(status / 100)}XX`, `${Math.floor(status / 100)}xx`, 'default'];
  const key = keys.find((candidate) => Object.prototype.hasOwnProperty.call(mediaTypes, candidate));
  return key === undefined ? undefined : mediaTypes[key];
}

/** An error body that came as text may still be JSON (some servers label errors text/plain). */
export const errorBody = (body: unknown): unknown => (typeof body === 'string' ? parseJson(body) : body);

const own = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/** The key of a record by response status that applies to `status`: the exact code, then its range (`2XX`), then `default`. */
export function statusKey(record: object, status: number): string | undefined {
  const keys = [String(status), `${Math.floor(status / 100)}XX`, `${Math.floor(status / 100)}xx`, 'default'];
  return keys.find((candidate) => own(record, candidate));
}

/**
 * The validator for `status` (see `statusKey`). `found` is false when no key applies; a key
 * present with `undefined` means "no body".
 */
export function selectValidator(
  responses: Readonly<Record<string, Validator | undefined>>,
  status: number,
): { found: boolean; schema: Validator | undefined } {
  const key = statusKey(responses, status);
  return key === undefined ? { found: false, schema: undefined } : { found: true, schema: responses[key] };
}

/** How the response of `status` streams (see `statusKey`), if it does. */
export function streamSpecOf(streams: Readonly<Record<string, StreamSpec>>, status: number): StreamSpec | undefined {
  const key = statusKey(streams, status);
  return key === undefined ? undefined : streams[key];
}

/**
 * The error for a response labelled as the stream its operation offers beside its body (the
 * stream's media type, on the alternative's status), which a call that asked for the body must
 * not read as one; undefined for any other. The operations that offer such a stream carry it
 * (`OperationSpec.uses.streamAlternative`).
 */
export function refuseStreamAnswer(op: OperationSpec, response: Response): ResponseValidationError | undefined {
  const alternative = op.streamAlternative;
  if (!alternative || !streamSpecOf({ [alternative.status]: alternative }, response.status)) return undefined;
  const media = mediaType(response.headers.get('content-type'));
  if (media !== mediaType(alternative.contentType)) return undefined;
  const asking = alternative.flag === undefined ? '' : ` (\`${alternative.flag}: true\` asks for the stream)`;
  return new ResponseValidationError({
    operationId: op.operationId,
    status: response.status,
    issues: [
      {
        code: 'custom',
        path: [],
        input: undefined,
        message: `the answer is ${media}, the operation's stream, where its body was asked for${asking}`,
      },
    ],
    body: undefined,
    response,
  });
}

/** Whether a server-sent event's `data` is JSON, by the operation's stream spec (an event without a name is `message`). */
export const carriesJson = (spec: StreamSpec, event: string | undefined): boolean =>
  spec.jsonData === true || (Array.isArray(spec.jsonData) && spec.jsonData.includes(event ?? 'message'));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The top-level `warnings` array of a JSON body, entries without a string id dropped. */
export function collectWarnings(body: unknown): ApiWarning[] {
  if (!isRecord(body) || !Array.isArray(body.warnings)) return [];
  return body.warnings.filter(isRecord).flatMap((entry): ApiWarning[] => {
    if (typeof entry.id !== 'string') return [];
    const message = typeof entry.message === 'string' ? entry.message : '';
    return [typeof entry.url === 'string' ? { id: entry.id, message, url: entry.url } : { id: entry.id, message }];
  });
}
