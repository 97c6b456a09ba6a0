/**
 * The lifecycle extensions oasdiff reads, which teams moving from it already write:
 * `x-stability-level` on an operation (`draft` -> `alpha` -> `beta` -> `stable`; an operation
 * without one is stable), and `x-sunset` beside `deprecated` on an operation, a parameter or a
 * property: the date (RFC 3339) from which the deprecated element may be removed.
 *
 * Removing a deprecated operation or parameter is the end of its announced life, not a break,
 * unless its sunset date is still ahead; a sunset date removed or moved earlier breaks the
 * promise callers planned by. Changes to a `draft` or `alpha` operation do not gate: they are
 * listed as compatible. The sunset date is judged against today's date (UTC), as oasdiff does,
 * so the same pair can be judged differently once the date has passed.
 */

export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;
export type Stability = (typeof STABILITY_LEVELS)[number];

/** Levels whose operations may change freely: their changes are listed, not gated. */
export const UNGATED: ReadonlySet<Stability> = new Set(['draft', 'alpha']);

/** The `x-stability-level` an element declares (stable when it declares none), or the value when it is none of the four. */
export function stabilityOf(extensions: Readonly<Record<string, unknown>> | undefined): { level: Stability } | { invalid: unknown } {
  const value = extensions?.['x-stability-level'];
  if (value === undefined) return { level: 'stable' };
  return typeof value === 'string' && (STABILITY_LEVELS as readonly string[]).includes(value) ? { level: value as Stability } : { invalid: value };
}

export type Sunset = { date: string } | { invalid: unknown };

/** An RFC 3339 full-date or date-time. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/;

/** The `x-sunset` an element declares: its day (`YYYY-MM-DD`, UTC), or the value when it is not a date; undefined without one. */
export function sunsetOf(extensions: Readonly<Record<string, unknown>> | undefined): Sunset | undefined {
  const value = extensions?.['x-sunset'];
  if (value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { invalid: String(value) } : { date: value.toISOString().slice(0, 10) };
  if (typeof value !== 'string' || !RFC3339.test(value)) return { invalid: value };
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? { invalid: value } : { date: new Date(time).toISOString().slice(0, 10) };
}

/** Today's date (UTC), the day sunset dates are judged against. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** What removing a deprecated element means, by its sunset: allowed (its date, if any, has come), too early, or not judgeable. */
export type Removal = { kind: 'allowed'; date?: string } | { kind: 'before-sunset'; date: string } | { kind: 'invalid-sunset'; value: unknown };

export function removalOf(sunset: Sunset | undefined): Removal {
  if (sunset === undefined) return { kind: 'allowed' };
  if ('invalid' in sunset) return { kind: 'invalid-sunset', value: sunset.invalid };
  return sunset.date > today() ? { kind: 'before-sunset', date: sunset.date } : { kind: 'allowed', date: sunset.date };
}

/** The sunset date as a message shows it. */
const sunsetText = (sunset: Sunset): string => ('date' in sunset ? sunset.date : JSON.stringify(sunset.invalid));

/**
 * How the sunset of an element deprecated on both sides changed: removed, made unreadable,
 * moved earlier (callers planned by the later date), or nothing to report.
 */
export type SunsetChange = { kind: 'removed'; was: string } | { kind: 'invalid'; value: unknown } | { kind: 'earlier'; from: string; to: string };

export function sunsetChangeOf(base: Sunset | undefined, head: Sunset | undefined): SunsetChange | undefined {
  if (base !== undefined && head === undefined) return { kind: 'removed', was: sunsetText(base) };
  const invalid = [base, head].find((s) => s !== undefined && 'invalid' in s);
  if (invalid !== undefined && 'invalid' in invalid) return { kind: 'invalid', value: invalid.invalid };
  if (base !== undefined && head !== undefined && 'date' in base && 'date' in head && head.date < base.date) return { kind: 'earlier', from: base.date, to: head.date };
  return undefined;
}
