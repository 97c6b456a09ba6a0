/** The mock's state: resources per caller and collection, in creation order. */

export type Resource = Record<string, unknown>;

export class Collection {
  private readonly items = new Map<string, Resource>();
  /** Whether seeded resources were added (once, on first use). */
  seeded = false;

  get(id: string): Resource | undefined {
    return this.items.get(id);
  }
  put(id: string, resource: Resource): void {
    this.items.set(id, resource);
  }
  delete(id: string): boolean {
    return this.items.delete(id);
  }
  has(id: string): boolean {
    return this.items.has(id);
  }
  /** Oldest first. */
  all(): Resource[] {
    return [...this.items.values()];
  }
  get size(): number {
    return this.items.size;
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
    let collection = this.collections.get(key);
    if (!collection) {
      collection = new Collection();
      this.collections.set(key, collection);
    }
    return collection;
  }
  /** Every collection whose key starts with `template` (all scopes of a collection). */
  collectionsOf(template: string): Collection[] {
    return [...this.collections.entries()].filter(([key]) => key === template || key.startsWith(`${template}\0`)).map(([, c]) => c);
  }
  next(): number {
    return ++this.counter;
  }
}

export class MockStore {
  private readonly tenants = new Map<string, Tenant>();

  tenant(subject: string): Tenant {
    let tenant = this.tenants.get(subject);
    if (!tenant) {
      tenant = new Tenant();
      this.tenants.set(subject, tenant);
    }
    return tenant;
  }
  /** Forgets every resource of every caller. */
  reset(): void {
    this.tenants.clear();
  }
}
