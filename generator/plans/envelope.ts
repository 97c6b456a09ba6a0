/**
 * Where the document's error bodies keep an error's id and message, read from the error
 * response schemas (a 400 first, then `default`, then any other error), so that a server's
 * own errors (validation, authentication, routing) look like the API's.
 */
import { effectiveObject, resolve } from '../model/derive.js';
import { isPlainJsonMediaType } from '../model/media.js';
import type { ApiModel, ObjectNode, OperationModel, ResponseModel } from '../model/types.js';

export interface ErrorEnvelope {
  list?: string;
  listOfText?: boolean;
  id?: string;
  message?: string;
  field?: string;
  constants?: Record<string, unknown>;
  top?: { id?: string; message?: string };
  status?: string;
  title?: string;
  fieldAsPointer?: boolean;
  mediaType?: string;
}

const ID_NAMES = ['id', 'code', 'error', 'errorType', 'error_code', 'errorCode', 'type'];
const MESSAGE_NAMES = ['message', 'errorMessage', 'error_message', 'error_description', 'detail', 'description', 'title', 'msg'];
const FIELD_NAMES = ['field', 'param', 'parameter', 'pointer'];
const STATUS_NAMES = ['status', 'statusCode', 'status_code', 'httpStatus'];

const pick = (object: ObjectNode, names: readonly string[], except?: string): string | undefined =>
  names.find((name) => name !== except && object.properties.some((p) => p.name === name));

/** Error responses of the document, most telling first (400, default, other 4xx, 5xx). */
function errorResponses(model: ApiModel): ResponseModel[] {
  const responses = model.operations.flatMap((op) => op.responses);
  const errors = responses.filter((r) => errorRank(r.status) < 9 && r.content);
  return errors.sort((a, b) => errorRank(a.status) - errorRank(b.status));
}

const errorRank = (status: string): number => (status === '400' ? 0 : status === 'default' ? 1 : /^4/.test(status) ? 2 : /^5/.test(status) ? 3 : 9);

const FALLBACK: ErrorEnvelope = { id: 'error', message: 'message' };

/** The envelope of one error response; undefined when its body is no object. */
function responseEnvelope(model: ApiModel, response: ResponseModel): { envelope: ErrorEnvelope; complete: boolean } | undefined {
  const object = effectiveObject(model, response.content?.schema);
  if (!object) return undefined;
  const found = envelopeOf(model, object);
  const mediaType = response.content!.contentType.split(';')[0]!.trim().toLowerCase();
  return isPlainJsonMediaType(mediaType) ? found : { ...found, envelope: { ...found.envelope, mediaType } };
}

/**
 * The envelope of the first error schema that names both an id and a message (or a list of
 * errors); else what the first one names; `{error, message}` for documents without any.
 */
export function errorEnvelopeOf(model: ApiModel): ErrorEnvelope {
  const candidates = errorResponses(model).flatMap((response) => responseEnvelope(model, response) ?? []);
  return candidates.find((c) => c.complete)?.envelope ?? candidates[0]?.envelope ?? FALLBACK;
}

/**
 * The envelopes of an operation's own error responses, by status key, where they differ from
 * the document's: the server answers that status in the schema and media type declared for it.
 */
export function operationEnvelopes(model: ApiModel, op: OperationModel, documentEnvelope: ErrorEnvelope): Record<string, ErrorEnvelope> | undefined {
  const out: Record<string, ErrorEnvelope> = {};
  const same = JSON.stringify(documentEnvelope);
  for (const response of op.responses) {
    if (errorRank(response.status) === 9 || !response.content) continue;
    const envelope = responseEnvelope(model, response)?.envelope;
    if (envelope && JSON.stringify(envelope) !== same) out[response.status] = envelope;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function envelopeOf(model: ApiModel, object: ObjectNode): { envelope: ErrorEnvelope; complete: boolean } {
  const constants: Record<string, unknown> = {};
  const success = object.properties.find((p) => p.name === 'success' && resolve(model, p.schema)?.kind === 'boolean');
  if (success) constants.success = false;
  // Problem details and their kin: the HTTP status and its reason phrase at the top level.
  const status = STATUS_NAMES.find((name) => object.properties.some((p) => p.name === name && resolve(model, p.schema)?.kind === 'number'));
  const topMessage = pick(object, MESSAGE_NAMES.filter((n) => n !== 'title'));
  const title = object.properties.some((p) => p.name === 'title' && resolve(model, p.schema)?.kind === 'string') && topMessage !== undefined ? 'title' : undefined;
  const extras = (envelope: ErrorEnvelope): ErrorEnvelope => ({
    ...envelope,
    ...(Object.keys(constants).length > 0 ? { constants } : {}),
    ...(status ? { status } : {}),
    ...(title ? { title } : {}),
  });
  for (const property of object.properties) {
    const list = resolve(model, property.schema);
    if (list?.kind !== 'array') continue;
    const item = effectiveObject(model, list.items);
    if (item) {
      const message = pick(item, MESSAGE_NAMES);
      const id = pick(item, ID_NAMES, message);
      if (!id && !message) continue;
      const field = pick(item, FIELD_NAMES);
      const others = { ...object, properties: object.properties.filter((p) => p.name !== property.name) };
      const outerMessage = pick(others, MESSAGE_NAMES.filter((n) => n !== title));
      const outerId = pick(others, ID_NAMES, outerMessage);
      const top = { ...(outerId ? { id: outerId } : {}), ...(outerMessage ? { message: outerMessage } : {}) };
      const envelope = extras({
        list: property.name,
        ...(id ? { id } : {}),
        ...(message ? { message } : {}),
        ...(field ? { field } : {}),
        ...(field === 'pointer' ? { fieldAsPointer: true } : {}),
        ...(Object.keys(top).length > 0 ? { top } : {}),
      });
      return { envelope, complete: true };
    }
    if (resolve(model, list.items)?.kind === 'string' && /error/i.test(property.name)) return { envelope: extras({ list: property.name, listOfText: true }), complete: true };
  }
  const message = pick(object, MESSAGE_NAMES.filter((n) => n !== title));
  const id = pick(object, ID_NAMES, message);
  const field = pick(object, FIELD_NAMES);
  const envelope = extras({ id: id ?? 'error', message: message ?? 'message', ...(field ? { field } : {}), ...(field === 'pointer' ? { fieldAsPointer: true } : {}) });
  return { envelope, complete: id !== undefined && message !== undefined };
}
