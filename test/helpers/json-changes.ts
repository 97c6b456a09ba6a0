/**
 * Changed copies of valid JSON values, for property tests that compare two validators on what
 * is almost valid: one place of the value (the value itself, or anything inside it) replaced by
 * another value, or removed.
 */
import fc from 'fast-check';

/** Put at a place: the entry there is removed. */
export const REMOVE = Symbol('remove');
type Path = (string | number)[];

/** Every place in a JSON value: the value itself and everything inside it. */
export function placesIn(value: unknown, at: Path = []): Path[] {
  const inner = Array.isArray(value) ? value.flatMap((item, i) => placesIn(item, [...at, i])) : typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, item]) => placesIn(item, [...at, key])) : [];
  return [at, ...inner];
}

/** A copy of `value` with `replacement` at `path` (or the entry there removed). */
export function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    if (rest.length === 0 && replacement === REMOVE) copy.splice(Number(head), 1);
    else copy[Number(head)] = replaced(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === REMOVE) delete copy[String(head)];
  else copy[String(head)] = replaced(copy[String(head)], rest, replacement);
  return copy;
}

/** What goes in: a removal, any small JSON value, or a value near our specs' formats and bounds. */
export const replacements = (...extra: unknown[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(REMOVE),
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('', 'x', '2026-13-40T25:61:00Z', 'not-a-uuid', '1.5', '-0', -1, 0, 1.5, 2 ** 53, null, [], {}, true, ...extra),
  );

/** `value` changed at one place picked by `pick`. */
export function changedAt(value: unknown, pick: number, replacement: unknown): unknown {
  const places = placesIn(value);
  return replaced(value, places[pick % places.length]!, replacement);
}
