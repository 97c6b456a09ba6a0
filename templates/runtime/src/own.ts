/**
 * Keys from the wire as ordinary data. A key such as `__proto__` set with `target[key] = value`
 * replaces the target's prototype, and read with `target[key]` finds `Object.prototype`, whose
 * fields every object then shares: these helpers keep such keys own properties like any other.
 */

/** The own property `key` of `target`; undefined for a missing or inherited one (`constructor`, `__proto__`). */
export function ownProperty(target: object, key: string): unknown {
  return Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined;
}

/** Sets `key` as an own data property of `target`, also when it is `__proto__`. */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
