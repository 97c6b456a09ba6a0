// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** When and how long to wait before repeating a request. */
import { parseHttpDate } from './clock.js';
import type { HttpMethod, RetryOptions } from './types.js';

/** Retry settings with defaults applied. */
export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Statuses that mean "try again later": rate limited, throttled or in maintenance. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

// QUERY is safe and idempotent by definition (draft-ietf-httpbis-safe-method-w-body), like GET.
const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS', 'QUERY']);

/** GET, HEAD and OPTIONS never change state, so repeating them is harmless. */
export const isSafeMethod = (method: HttpMethod): boolean => SAFE_METHODS.has(method);

/**
 * Defaults applied; `false` means no retries.
 *
 * @example resolveRetryPolicy(undefined) // { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30000 }
 */
export function resolveRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { maxRetries: 0, baseDelayMs: 0, maxDelayMs: 0 };
  return {
    maxRetries: options?.maxRetries ?? 3,
    baseDelayMs: options?.baseDelayMs ?? 500,
    maxDelayMs: options?.maxDelayMs ?? 30_000,
  };
}

/** Exponential backoff with full jitter: `random() * min(maxDelay, base * 2^attempt)`, attempt counted from 0. */
export function backoffDelay(init: { attempt: number; policy: RetryPolicy; random: () => number }): number {
  const ceiling = Math.min(init.policy.maxDelayMs, init.policy.baseDelayMs * 2 ** init.attempt);
  return init.random() * ceiling;
}

/**
 * Retry-After in milliseconds from now: delta seconds or an HTTP date; undefined when absent or unreadable.
 *
 * @example parseRetryAfter({ value: '2', nowMs: 0 }) // 2000
 */
export function parseRetryAfter(init: { value: string | null; nowMs: number }): number | undefined {
  const value = init.value?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = parseHttpDate(value);
  return date === undefined ? undefined : Math.max(0, date - init.nowMs);
}

/**
 * The wait before retry number `attempt` (from 0): backoff, but never less than Retry-After.
 * Undefined when the server asks for a longer wait than `maxDelayMs`: blocking a call
 * that long is worse than reporting the error.
 */
export function retryDelay(init: {
  attempt: number;
  policy: RetryPolicy;
  random: () => number;
  retryAfterMs?: number | undefined;
}): number | undefined {
  const backoff = backoffDelay(init);
  if (init.retryAfterMs === undefined) return backoff;
  if (init.retryAfterMs > init.policy.maxDelayMs) return undefined;
  return Math.max(backoff, init.retryAfterMs);
}

/** fetch rejects with a TypeError when the network fails (aborts are DOMExceptions). */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;
