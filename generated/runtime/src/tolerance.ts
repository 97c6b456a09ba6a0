// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
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
  // A union is tolerable when one of its branches failed only on tolerable issues.
  if (issue.code === 'invalid_union')
    return issue.errors.some((branch) => branch.length > 0 && branch.every(isTolerableIssue));
  return false;
}

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
