/**
 * Which response validation failures a client may tolerate. A server that sends a value
 * outside a documented format, pattern, bound or closed enum still sent data of the
 * promised shape: in `'tolerant'` mode the client returns it as it came and reports the
 * findings. A wrong type or a missing required property breaks the shape, and throws.
 */
import type { z } from 'zod';
import type { Validator } from './types.js';

/** How a client treats a response body that fails its validator. */
export type ResponseValidationMode = 'strict' | 'tolerant' | 'off';

/** Issue codes that leave the value's shape intact: formats (and patterns), bounds, multiples, enum membership. */
const TOLERABLE_CODES: ReadonlySet<string> = new Set([
  'invalid_format',
  'too_big',
  'too_small',
  'not_multiple_of',
  'invalid_value',
]);

/** True when the issue only says a value is outside its documented range, not of another shape. */
export function isTolerableIssue(issue: z.core.$ZodIssue): boolean {
  if (TOLERABLE_CODES.has(issue.code)) return true;
  // A union is tolerable when the branch the value is one of failed only on tolerable issues.
  if (issue.code === 'invalid_union') return issue.errors.some((branch) => isTolerableBranch(branch, issue.path));
  return false;
}

/**
 * Whether a union branch the value failed could still be the value's own: only tolerable issues,
 * and no constant inside it (`const`, a one-value enum: an event's `event`, a tag) that the value
 * does not carry. Such a constant tells branches apart: a value with another one belongs to
 * another branch, and is not this one's with a value out of range. A branch that is itself a
 * constant (a union of constants, an enum by another name) is membership, tolerable as an enum's.
 */
function isTolerableBranch(branch: readonly z.core.$ZodIssue[], union: readonly PropertyKey[]): boolean {
  return (
    branch.length > 0 &&
    branch.every(isTolerableIssue) &&
    !branch.some((issue) => issue.code === 'invalid_value' && issue.values.length <= 1 && !atUnion(issue.path, union))
  );
}

/**
 * Whether a branch's issue is about the union's value itself: zod gives branch issues paths from
 * the union (empty), the lean validators the whole path (the union's own).
 */
const atUnion = (path: readonly PropertyKey[], union: readonly PropertyKey[]): boolean =>
  path.length === 0 || (path.length === union.length && path.every((key, at) => key === union[at]));

/** A body checked in a mode that validates: its value, with the issues tolerated on the way; or the issues that refuse it. */
export type ModeCheck =
  | { value: unknown; tolerated?: readonly z.core.$ZodIssue[] }
  | { refused: readonly z.core.$ZodIssue[] };

/**
 * A response body (or a streamed item) checked by its validator: zod's output when it passes;
 * in tolerant mode, the body as it came when it failed only on tolerable issues; else refused.
 */
export function checkByMode(
  validator: Validator,
  value: unknown,
  mode: Exclude<ResponseValidationMode, 'off'>,
): ModeCheck {
  const parsed = validator.safeParse(value);
  if (parsed.success) return { value: parsed.data };
  if (mode === 'tolerant' && parsed.error.issues.every(isTolerableIssue))
    return { value, tolerated: parsed.error.issues };
  return { refused: parsed.error.issues };
}

/** `ClientOptions.validateResponses` / `CallOptions.validateResponse` as one mode (`true` is strict). */
export function responseValidationMode(setting: boolean | 'strict' | 'tolerant' | undefined): ResponseValidationMode {
  if (setting === false) return 'off';
  if (setting === true || setting === 'strict') return 'strict';
  return 'tolerant';
}
