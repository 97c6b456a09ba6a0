/**
 * An order book kept from a level-2 stream: a snapshot replaces it, each update sets the
 * size at a price (`0` removes the level). Prices and sizes stay exact decimal strings.
 * After a gap in the stream the book is `stale` until a fresh snapshot arrives: an update is
 * never applied across a gap.
 */
import { compareDecimals, isZeroDecimal, normalizeDecimal, subtractDecimals } from './decimal.js';

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

/** One side, sorted best first (bids high to low, offers low to high). */
class Side {
  private readonly levels = new Map<string, BookLevel>();
  private sorted: BookLevel[] | undefined = [];

  constructor(private readonly descending: boolean) {}

  set(price: string, size: string): void {
    const key = normalizeDecimal(price);
    if (isZeroDecimal(size)) {
      if (this.levels.delete(key)) this.sorted = undefined;
      return;
    }
    const existing = this.levels.get(key);
    // The sorted view holds the same objects: changing a size keeps it valid.
    if (existing) existing.size = normalizeDecimal(size);
    else {
      this.levels.set(key, { price: key, size: normalizeDecimal(size) });
      this.sorted = undefined;
    }
  }

  clear(): void {
    this.levels.clear();
    this.sorted = [];
  }

  all(): readonly BookLevel[] {
    if (!this.sorted) {
      const order = this.descending ? -1 : 1;
      this.sorted = [...this.levels.values()].sort((a, b) => order * compareDecimals(a.price, b.price));
    }
    return this.sorted;
  }

  get size(): number {
    return this.levels.size;
  }
}

export class OrderBook {
  private readonly bids = new Side(true);
  private readonly offers = new Side(false);
  /** False until a snapshot arrives, and again after a gap until the next snapshot. */
  synced = false;
  /** How many updates were refused because the book was stale. */
  refused = 0;

  constructor(readonly productId: string) {}

  /** Replaces the book with a snapshot's levels. */
  applySnapshot(updates: readonly LevelUpdate[]): void {
    this.bids.clear();
    this.offers.clear();
    for (const update of updates) this.sideOf(update.side).set(update.price_level, update.new_quantity);
    this.synced = true;
  }

  /** Applies updates; refused (and counted) while the book is stale. */
  applyUpdates(updates: readonly LevelUpdate[]): boolean {
    if (!this.synced) {
      this.refused += updates.length;
      return false;
    }
    for (const update of updates) this.sideOf(update.side).set(update.price_level, update.new_quantity);
    return true;
  }

  /** A gap in the stream: nothing is applied until the next snapshot. */
  invalidate(): void {
    this.synced = false;
  }

  bestBid(): BookLevel | undefined {
    return this.bids.all()[0];
  }

  bestAsk(): BookLevel | undefined {
    return this.offers.all()[0];
  }

  /** Best ask minus best bid, exactly; undefined while a side is empty. */
  spread(): string | undefined {
    const bid = this.bestBid();
    const ask = this.bestAsk();
    return bid && ask ? subtractDecimals(ask.price, bid.price) : undefined;
  }

  /** The best `levels` levels of each side. */
  depth(levels = 10): { bids: BookLevel[]; asks: BookLevel[] } {
    return { bids: this.bids.all().slice(0, levels).map((l) => ({ ...l })), asks: this.offers.all().slice(0, levels).map((l) => ({ ...l })) };
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
