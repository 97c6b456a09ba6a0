/**
 * One call's abort signal: the caller's signal combined with the call's timeout, so that
 * fetch, body reads and backoff sleeps all stop together and a timeout is told apart from
 * a caller abort.
 */
import { TimeoutError } from './errors.js';

// setTimeout overflows (and fires at once) above 2^31 - 1 ms.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether `timeoutMs` sets a timeout (`0`, a negative number and `Infinity` do not). */
export const hasTimeout = (timeoutMs: number): boolean => Number.isFinite(timeoutMs) && timeoutMs > 0;

/** Constructor argument of `Deadline`. */
export interface DeadlineInit {
  operationId: string;
  /** `0`, a negative number or `Infinity` disable the timeout. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The abort signal of one call; `dispose()` it when the call ends. */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly caller: AbortSignal | undefined;
  private readonly timeout = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private readonly init: DeadlineInit;

  constructor(init: DeadlineInit) {
    this.init = init;
    this.caller = init.signal;
    if (hasTimeout(init.timeoutMs)) {
      this.timer = setTimeout(
        () => this.timeout.abort(new DOMException(`timed out after ${init.timeoutMs} ms`, 'TimeoutError')),
        Math.min(init.timeoutMs, MAX_TIMER_MS),
      );
    }
    this.signal = init.signal ? AbortSignal.any([init.signal, this.timeout.signal]) : this.timeout.signal;
  }

  /** Maps an error thrown under this deadline: a timeout becomes `TimeoutError`, anything else is unchanged. */
  translate(error: unknown): unknown {
    if (this.caller?.aborted) return error;
    if (this.timeout.signal.aborted && isAbortLike(error, this.timeout.signal.reason)) {
      return new TimeoutError({ operationId: this.init.operationId, timeoutMs: this.init.timeoutMs, cause: error });
    }
    return error;
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}

function isAbortLike(error: unknown, reason: unknown): boolean {
  if (error === reason) return true;
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** Waits for `promise` but gives up (with the signal's reason) when `signal` aborts first; without a signal, just waits. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
