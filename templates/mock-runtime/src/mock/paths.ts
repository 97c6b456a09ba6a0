/** Dot paths into JSON bodies (`pagination.next_uri`); '' is the body itself. */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function getAt(body: unknown, path: string): unknown {
  if (path === '') return body;
  let node: unknown = body;
  for (const key of path.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** Sets a value, creating objects on the way; returns the (possibly new) body. */
export function setAt(body: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const root: Record<string, unknown> = isRecord(body) ? body : {};
  const keys = path.split('.');
  let node = root;
  for (const key of keys.slice(0, -1)) {
    if (!isRecord(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
  return root;
}

/** `body` without the value at the dot path `path` (nothing happens where there is none). */
export function removeAt(body: unknown, path: string): unknown {
  const keys = path.split('.');
  let node = body;
  for (const key of keys.slice(0, -1)) node = isRecord(node) ? node[key] : undefined;
  if (isRecord(node)) delete node[keys[keys.length - 1]!];
  return body;
}

/** Plain twins of frozen objects (the shared seeded fixtures), spread in their place: V8 copies a frozen object's properties one at a time, several times slower. */
const twins = new WeakMap<object, Record<string, unknown>>();

/**
 * What to spread to copy `value` quickly: a plain twin of a frozen object (never handed out
 * otherwise), else the value. Callers spread it where they are (`{ ...spreadable(value) }`),
 * so that each place copies the few shapes it sees at full speed.
 */
export function spreadable(value: Record<string, unknown>): Record<string, unknown> {
  if (!Object.isFrozen(value)) return value;
  let twin = twins.get(value);
  if (twin === undefined) twins.set(value, (twin = { ...value }));
  return twin;
}

/** `{ ...value }`, quick for a frozen object too; the copy is never frozen. */
export function shallowCopy(value: Record<string, unknown>): Record<string, unknown> {
  return { ...spreadable(value) };
}

/** A copy of `body` with `value` at `path`: only the objects on the path are copied, the rest is shared. */
export function withAt(body: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const dot = path.indexOf('.');
  const key = dot === -1 ? path : path.slice(0, dot);
  const root: Record<string, unknown> = isRecord(body) ? { ...spreadable(body) } : {};
  root[key] = dot === -1 ? value : withAt(root[key], path.slice(dot + 1), value);
  return root;
}

/** Sets a value only where the body already has the key (fixtures decide which optional fields exist). */
export function setIfPresent(body: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  const parent = getAt(body, keys.slice(0, -1).join('.'));
  if (isRecord(parent) && keys[keys.length - 1]! in parent) parent[keys[keys.length - 1]!] = value;
}

export { isRecord };

/** A stable 32-bit hash of a string, for seeds derived from ids and requests (the fixtures' own). */
export { hashText as hashSeed } from '../fixtures/random.js';
