/** What the service-specific rules of one API's mock add to the generated, generic mock. */
import type { Behaviour, CreateHook, MockStore } from '@svc/mock-runtime';
import type { TwoFactorCheck } from '@svc/server-runtime';
import type { Hono } from 'hono';

export interface ApiBehaviour {
  behaviours?: Record<string, Behaviour>;
  onCreate?: CreateHook;
  twoFactor?: TwoFactorCheck;
  /** Adds routes that are not API operations (the onramp's hosted pages). */
  extend?: (app: Hono, store: MockStore) => void;
}

/** What every API's rules may read: the clock, and who is who. */
export interface SandboxContext {
  now: () => number;
  /** The email of a caller (mock users have `<subject>@example.com`). */
  emailOf: (subject: string) => string;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The second factor every mock accepts. */
export const TWO_FACTOR_CODE = '1234567';
