/** `x-idempotency`: the token that makes repeating a non-safe request harmless. */
import type { CallOptions, IdempotencySpec } from './types.js';

/** Header used for `CallOptions.idempotencyKey` on operations without `x-idempotency` (IETF draft name). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** The request after the token was filled in. */
export interface IdempotentParts {
  body: unknown;
  /** A header to add (name, value), when the token travels in a header that is not set yet. */
  header?: [string, string];
  /** True when the request carries a token, so it may be retried. */
  idempotent: boolean;
}

/** The caller's key, or a random UUID cut to `maxLength`. */
function newKey(spec: IdempotencySpec | undefined, call: CallOptions): string {
  const given = call.idempotencyKey;
  if (given !== undefined) {
    if (spec?.maxLength !== undefined && given.length > spec.maxLength) {
      throw new TypeError(`idempotencyKey is longer than ${spec.maxLength} characters`);
    }
    return given;
  }
  const key = crypto.randomUUID();
  return spec?.maxLength === undefined ? key : key.slice(0, spec.maxLength);
}

/**
 * The caller's `idempotencyKey` of an operation without `x-idempotency`: sent in the IETF draft's
 * header unless that is set already. What every call needs of this module (the client's core
 * imports it alone); the rest comes with the operations that declare `x-idempotency`.
 */
export function withCallerKey(init: {
  call: CallOptions;
  body: unknown;
  hasHeader: (name: string) => boolean;
}): IdempotentParts {
  const { call, body } = init;
  if (call.idempotencyKey === undefined) return { body, idempotent: false };
  if (init.hasHeader(IDEMPOTENCY_KEY_HEADER)) return { body, idempotent: true };
  return { body, header: [IDEMPOTENCY_KEY_HEADER, call.idempotencyKey], idempotent: true };
}

/**
 * Fills the idempotency token once per call (a field missing from the body, or a header not
 * already set), so every retry of the call sends the same token. The operations that declare
 * `x-idempotency` carry it (`OperationSpec.uses.idempotency`).
 */
export function applyIdempotency(init: {
  spec: IdempotencySpec | undefined;
  call: CallOptions;
  body: unknown;
  hasHeader: (name: string) => boolean;
}): IdempotentParts {
  const { spec, call, body } = init;
  if (!spec) return withCallerKey(init);
  if (spec.in === 'header') {
    if (init.hasHeader(spec.field)) return { body, idempotent: true };
    return { body, header: [spec.field, newKey(spec, call)], idempotent: true };
  }
  if (body === undefined) return { body: { [spec.field]: newKey(spec, call) }, idempotent: true };
  // A body we cannot add a field to carries no token, so it must not be repeated.
  if (!isRecord(body)) return { body, idempotent: false };
  const current = body[spec.field];
  if (current !== undefined && current !== null && current !== '') return { body, idempotent: true };
  // A copy: the caller's object is not ours to change.
  return { body: { ...body, [spec.field]: newKey(spec, call) }, idempotent: true };
}
