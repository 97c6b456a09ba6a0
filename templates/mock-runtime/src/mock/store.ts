/** The mock's state: resources per caller and collection, in creation order. */

export type Resource = Record<string, unknown>;

/** The value of `key`, made and remembered on first use. */
function getOrCreate<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A resource made when first read. */
class Later {
  constructor(readonly make: () => Resource) {}
}

/** An entry whose id and resource are both made when the collection is first read (`putDeferred`). */
export interface DeferredEntry {
  settle(): { id: string; make: () => Resource };
}

export class Collection {
  private readonly items = new Map<string, Resource | Later>();
  /** Entries added with `putDeferred`, oldest first, not yet in `items`. */
  private deferred: DeferredEntry[] = [];
  /** Whether seeded resources were added (once, on first use). */
  seeded = false;

  get(id: string): Resource | undefined {
    const item = this.entries().get(id);
    return item instanceof Later ? this.made(id, item) : item;
  }
  put(id: string, resource: Resource): void {
    this.entries().set(id, resource);
  }
  /**
   * The resource, to be changed: one that a recorded event holds as it was then is frozen, and
   * is first replaced, in its place, by a copy of its top level (its fields are replaced, never
   * changed in place, so the event keeps its state).
   */
  writable(id: string): Resource | undefined {
    const resource = this.get(id);
    if (!resource || !Object.isFrozen(resource)) return resource;
    const copy = { ...resource };
    this.items.set(id, copy);
    return copy;
  }
  /**
   * Stores an entry whose id, too, is worked out only when the collection is first read: adding
   * one is an array push. Entries keep their place in the creation order.
   */
  putDeferred(entry: DeferredEntry): void {
    this.deferred.push(entry);
  }
  delete(id: string): boolean {
    return this.entries().delete(id);
  }
  has(id: string): boolean {
    return this.entries().has(id);
  }
  /** Oldest first. */
  all(): Resource[] {
    const out: Resource[] = [];
    for (const [id, item] of this.entries()) out.push(item instanceof Later ? this.made(id, item) : item);
    return out;
  }
  private made(id: string, later: Later): Resource {
    const resource = later.make();
    // Same key: the entry keeps its place in the creation order.
    this.items.set(id, resource);
    return resource;
  }
  /** The entries, deferred ones added first. */
  private entries(): Map<string, Resource | Later> {
    if (this.deferred.length > 0) {
      const deferred = this.deferred;
      this.deferred = [];
      for (const entry of deferred) {
        const { id, make } = entry.settle();
        this.items.set(id, new Later(make));
      }
    }
    return this.items;
  }
  get size(): number {
    return this.entries().size;
  }
}

/** Everything one caller (credential subject) has made. */
export class Tenant {
  private readonly collections = new Map<string, Collection>();
  /** Idempotency key -> the first answer. */
  readonly replies = new Map<string, { status: number; body: unknown }>();
  /** Singleton resources (`/user`), by path. */
  readonly singletons = new Map<string, Resource>();
  /** Counter for seeds and ids, so every new resource differs. */
  private counter = 0;

  collection(key: string): Collection {
    // Asked on every request: no closure for `getOrCreate`.
    let collection = this.collections.get(key);
    if (!collection) this.collections.set(key, (collection = new Collection()));
    return collection;
  }
  /** Every collection whose key starts with `template` (all scopes of a collection). */
  collectionsOf(template: string): Collection[] {
    return [...this.collections.entries()]
      .filter(([key]) => key === template || key.startsWith(`${template}\0`))
      .map(([, c]) => c);
  }
  next(): number {
    return ++this.counter;
  }
}

export class MockStore {
  private readonly tenants = new Map<string, Tenant>();

  tenant(subject: string): Tenant {
    return getOrCreate(this.tenants, subject, () => new Tenant());
  }
  /** Forgets every resource of every caller. */
  reset(): void {
    this.tenants.clear();
  }
}
