/** The real clock; tests inject their own `Clock` so that backoff never waits. */
import type { Clock } from './types.js';

/** Resolves after `ms` real milliseconds; rejects with the signal's reason when it aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Date.now()` and `setTimeout`. The default `ClientOptions.clock`. */
export const systemClock: Clock = { now: () => Date.now(), sleep };

/** An HTTP date (`Date` or `Retry-After` header) in epoch ms; undefined when absent or unreadable. */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
