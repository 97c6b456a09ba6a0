/**
 * What each generated operation function does, in one place: the function passes its own
 * operation and the caller's values, so that every one of them is a line of its own.
 */
import type { HttpClient } from './client.js';
import { toRequestInput } from './params.js';
import type { ApiInfo, CallOptions, OperationSpec } from './types.js';

/** Calls `op` with the caller's parameters and body; resolves to the response body. */
export async function callOperation<T>(
  client: HttpClient,
  op: OperationSpec,
  options: CallOptions | undefined,
  params?: object,
  body?: unknown,
): Promise<T> {
  return (await client.request<T>(op, toRequestInput(op, params, body), options)).data;
}

/** Every item of the paginated `op`, page after page. */
export function iterateOperation<T>(
  client: HttpClient,
  op: OperationSpec,
  options: CallOptions | undefined,
  params?: object,
  body?: unknown,
): AsyncIterableIterator<T> {
  return client.paginate<T>(op, toRequestInput(op, params, body), options);
}

/**
 * An API's description with its operations, built from the two: a generated package's `api`.
 * A function call marked pure there, so that a program that never reads `api` bundles none of
 * the operations.
 */
export function withOperations<I extends ApiInfo, O extends Readonly<Record<string, OperationSpec>>>(
  info: I,
  operations: O,
): I & { readonly operations: O } {
  return { ...info, operations };
}

/**
 * `options` with `signal` as well: a call that a query library cancels (TanStack Query's
 * `queryFn` signal) still stops when the caller's own signal aborts.
 */
export function withSignal(options: CallOptions | undefined, signal: AbortSignal): CallOptions {
  const own = options?.signal;
  return { ...options, signal: own === undefined ? signal : AbortSignal.any([own, signal]) };
}
