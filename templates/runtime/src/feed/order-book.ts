/**
 * An order book kept from a level-2 stream: a snapshot replaces it, each update sets the
 * size at a price (`0` removes the level). Prices and sizes stay exact decimal strings.
 * After a gap in the stream the book is `stale` until a fresh snapshot arrives: an update is
 * never applied across a gap.
 */
import { ExternalStore } from './store.js';
import { compareDecimals, normalizeDecimal, subtractDecimals } from './decimal.js';

export type BookSide = 'bid' | 'offer';

export interface BookLevel {
  price: string;
  size: string;
}

export interface LevelUpdate {
  side: BookSide | string;
  price_level: string;
  new_quantity: string;
}

interface Level extends BookLevel {
  /** The price as a number: exact for ordering while prices have at most 15 significant digits. */
  value: number;
}

/**
 * Orders two normalised prices: by their numbers, which rounding keeps in order, and exactly
 * where two different prices share a number (more than 15 significant digits).
 */
function comparePrices(a: string, aValue: number, b: string, bValue: number): number {
  if (aValue !== bValue) return aValue < bValue ? -1 : 1;
  return a === b ? 0 : compareDecimals(a, b);
}

/** One side, kept sorted best first (bids high to low, offers low to high) by binary search. */
class Side {
  private readonly levels: Level[] = [];

  constructor(private readonly descending: boolean) {}

  /** Index of the level at `price`, or where it would go (as `-(index + 1)`). */
  private find(price: string, value: number): number {
    let low = 0;
    let high = this.levels.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const level = this.levels[middle]!;
      const order = comparePrices(level.price, level.value, price, value);
      if (order === 0) return middle;
      const before = this.descending ? order > 0 : order < 0;
      if (before) low = middle + 1;
      else high = middle - 1;
    }
    return -(low + 1);
  }

  set(rawPrice: string, rawSize: string): void {
    const price = normalizeDecimal(rawPrice);
    const value = Number(price);
    const at = this.find(price, value);
    const size = normalizeDecimal(rawSize);
    if (size === '0') {
      if (at >= 0) this.levels.splice(at, 1);
      return;
    }
    if (at >= 0) this.levels[at]!.size = size;
    else this.levels.splice(-at - 1, 0, { price, size, value });
  }

  clear(): void {
    this.levels.length = 0;
  }

  first(): BookLevel | undefined {
    const level = this.levels[0];
    return level ? { price: level.price, size: level.size } : undefined;
  }

  top(count: number): BookLevel[] {
    return this.levels.slice(0, count).map((l) => ({ price: l.price, size: l.size }));
  }

  get size(): number {
    return this.levels.length;
  }
}

/** What a view renders of a book: an immutable picture, the same object until the book changes. */
export interface OrderBookSnapshot {
  readonly productId: string;
  readonly synced: boolean;
  readonly bestBid: BookLevel | undefined;
  readonly bestAsk: BookLevel | undefined;
  readonly spread: string | undefined;
  /** The best `snapshotDepth` levels of each side. */
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
}

export class OrderBook {
  private readonly bids = new Side(true);
  private readonly offers = new Side(false);
  private readonly store = new ExternalStore<OrderBookSnapshot>(() => {
    const { bids, asks } = this.depth(this.snapshotDepth);
    return {
      productId: this.productId,
      synced: this.synced,
      bestBid: this.bestBid(),
      bestAsk: this.bestAsk(),
      spread: this.spread(),
      bids,
      asks,
    };
  });
  /** False until a snapshot arrives, and again after a gap until the next snapshot. */
  synced = false;
  /** How many updates were refused because the book was stale. */
  refused = 0;
  /** The levels of each side `getSnapshot` holds. @default 10 */
  snapshotDepth = 10;

  constructor(readonly productId: string) {}

  /**
   * Calls `listener` after every change of the book (a snapshot, updates, a gap); returns a
   * function that stops. With `getSnapshot`, what React's `useSyncExternalStore` takes:
   * `useSyncExternalStore(book.onChange, book.getSnapshot)` (both are bound).
   */
  readonly onChange = this.store.onChange;

  /** The book now, as one immutable object: the same object until the book changes. */
  readonly getSnapshot = this.store.getSnapshot;

  /** Replaces the book with a snapshot's levels. */
  applySnapshot(updates: readonly LevelUpdate[]): void {
    this.bids.clear();
    this.offers.clear();
    for (const update of updates) this.sideOf(update.side).set(update.price_level, update.new_quantity);
    this.synced = true;
    this.store.changed();
  }

  /** Applies updates; refused (and counted) while the book is stale. */
  applyUpdates(updates: readonly LevelUpdate[]): boolean {
    if (!this.synced) {
      this.refused += updates.length;
      return false;
    }
    for (const update of updates) this.sideOf(update.side).set(update.price_level, update.new_quantity);
    this.store.changed();
    return true;
  }

  /** A gap in the stream: nothing is applied until the next snapshot. */
  invalidate(): void {
    if (!this.synced) return;
    this.synced = false;
    this.store.changed();
  }

  bestBid(): BookLevel | undefined {
    return this.bids.first();
  }

  bestAsk(): BookLevel | undefined {
    return this.offers.first();
  }

  /** Best ask minus best bid, exactly; undefined while a side is empty. */
  spread(): string | undefined {
    const bid = this.bestBid();
    const ask = this.bestAsk();
    return bid && ask ? subtractDecimals(ask.price, bid.price) : undefined;
  }

  /** The best `levels` levels of each side. */
  depth(levels = 10): { bids: BookLevel[]; asks: BookLevel[] } {
    return { bids: this.bids.top(levels), asks: this.offers.top(levels) };
  }

  /** Every level of each side (for comparing books). */
  levels(): { bids: BookLevel[]; asks: BookLevel[] } {
    return this.depth(Number.POSITIVE_INFINITY);
  }

  private sideOf(side: string): Side {
    if (side === 'bid') return this.bids;
    if (side === 'offer' || side === 'ask') return this.offers;
    throw new TypeError(`unknown book side ${side}`);
  }
}
