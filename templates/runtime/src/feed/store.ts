/**
 * An external store for views (React's `useSyncExternalStore`, a Svelte store, a Vue ref):
 * listeners told of each change, and one immutable snapshot, taken on first read after a change.
 */
export class ExternalStore<T> {
  private readonly listeners = new Set<() => void>();
  private current: T | undefined;

  constructor(private readonly take: () => T) {}

  /** Calls `listener` after each change; returns a function that stops. Bound: pass it as it is. */
  readonly onChange = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The snapshot: the same object until the next change. Bound. */
  readonly getSnapshot = (): T => (this.current ??= this.take());

  /** Drops the snapshot and tells the listeners. */
  changed(): void {
    this.current = undefined;
    for (const listener of this.listeners) listener();
  }
}
