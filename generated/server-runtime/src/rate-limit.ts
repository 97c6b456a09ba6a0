// Copied from templates/server-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** Fixed-window request counting per credential, for `x-rate-limit`. */
import type { RateLimitSpec } from './types.js';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
  remaining: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  /** Counts one request of `who` against `spec` (keyed by the spec too: operations may have their own). */
  take(who: string, scope: string, spec: RateLimitSpec): RateDecision {
    const key = `${scope}\0${who}`;
    const now = this.now();
    const windowMs = spec.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    if (window.count >= spec.limit) return { allowed: false, retryAfter, remaining: 0 };
    window.count++;
    return { allowed: true, retryAfter, remaining: spec.limit - window.count };
  }

  /** Forgets every window (tests, mock resets). */
  reset(): void {
    this.windows.clear();
  }
}
