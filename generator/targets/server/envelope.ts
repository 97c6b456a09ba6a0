/**
 * Where the document's error bodies keep an error's id and message, read from the error
 * response schemas (a 400 first, then `default`, then any other error), so that a server's
 * own errors (validation, authentication, routing) look like the API's.
 */
import { resolve } from '../../model/derive.js';
import type { ApiModel, ObjectNode, SchemaNode } from '../../model/types.js';

export interface ErrorEnvelope {
  list?: string;
  listOfText?: boolean;
  id?: string;
  message?: string;
  field?: string;
  constants?: Record<string, unknown>;
}

const ID_NAMES = ['id', 'code', 'error', 'errorType', 'error_code', 'errorCode', 'type'];
const MESSAGE_NAMES = ['message', 'errorMessage', 'error_message', 'error_description', 'detail', 'description', 'title', 'msg'];
const FIELD_NAMES = ['field', 'param', 'parameter', 'pointer'];

const objectOf = (model: ApiModel, node: SchemaNode | undefined): ObjectNode | undefined => {
  const schema = resolve(model, node);
  if (schema?.kind === 'object') return schema;
  if (schema?.kind === 'intersection') return schema.parts.map((p) => objectOf(model, p)).find((o) => o !== undefined);
  return undefined;
};

const pick = (object: ObjectNode, names: readonly string[], except?: string): string | undefined =>
  names.find((name) => name !== except && object.properties.some((p) => p.name === name));

/** The error body schemas of the document, most telling first (400, default, other 4xx, 5xx). */
function errorSchemas(model: ApiModel): SchemaNode[] {
  const responses = model.operations.flatMap((op) => op.responses);
  const rank = (status: string): number => (status === '400' ? 0 : status === 'default' ? 1 : /^4/.test(status) ? 2 : /^5/.test(status) ? 3 : 9);
  const errors = responses.filter((r) => rank(r.status) < 9 && r.content).sort((a, b) => rank(a.status) - rank(b.status));
  return errors.map((r) => r.content!.schema);
}

const FALLBACK: ErrorEnvelope = { id: 'error', message: 'message' };

/**
 * The envelope of the first error schema that names both an id and a message (or a list of
 * errors); else what the first one names; `{error, message}` for documents without any.
 */
export function errorEnvelopeOf(model: ApiModel): ErrorEnvelope {
  const candidates = errorSchemas(model).flatMap((schema) => {
    const object = objectOf(model, schema);
    return object ? [envelopeOf(model, object)] : [];
  });
  return candidates.find((c) => c.complete)?.envelope ?? candidates[0]?.envelope ?? FALLBACK;
}

function envelopeOf(model: ApiModel, object: ObjectNode): { envelope: ErrorEnvelope; complete: boolean } {
  const constants: Record<string, unknown> = {};
  const success = object.properties.find((p) => p.name === 'success' && resolve(model, p.schema)?.kind === 'boolean');
  if (success) constants.success = false;
  const withConstants = (envelope: ErrorEnvelope): ErrorEnvelope => (Object.keys(constants).length > 0 ? { ...envelope, constants } : envelope);
  for (const property of object.properties) {
    const list = resolve(model, property.schema);
    if (list?.kind !== 'array') continue;
    const item = objectOf(model, list.items);
    if (item) {
      const message = pick(item, MESSAGE_NAMES);
      const id = pick(item, ID_NAMES, message);
      if (!id && !message) continue;
      const field = pick(item, FIELD_NAMES);
      const envelope = withConstants({ list: property.name, ...(id ? { id } : {}), ...(message ? { message } : {}), ...(field ? { field } : {}) });
      return { envelope, complete: true };
    }
    if (resolve(model, list.items)?.kind === 'string' && /error/i.test(property.name)) return { envelope: withConstants({ list: property.name, listOfText: true }), complete: true };
  }
  const message = pick(object, MESSAGE_NAMES);
  const id = pick(object, ID_NAMES, message);
  const field = pick(object, FIELD_NAMES);
  return { envelope: withConstants({ id: id ?? 'error', message: message ?? 'message', ...(field ? { field } : {}) }), complete: id !== undefined && message !== undefined };
}
