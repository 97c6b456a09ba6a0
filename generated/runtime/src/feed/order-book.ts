// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * An order book kept from a level-2 stream: a snapshot replaces it, each update sets the
 * size at a price (`0` removes the level). Prices and sizes stay exact decimal strings.
 * After a gap in the stream the book is `stale` until a fresh snapshot arrives: an update is
 * never applied across a gap.
 */
import { isZeroDecimal, normalizeDecimal, subtractDecimals } from './decimal.js';

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

/** A price as an integer of 10^-18 units, for ordering without floats. */
function priceKey(price: string): bigint {
  const negative = price.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? price.slice(1) : price).split('.');
  const key = BigInt(whole || '0') * 10n ** 18n + BigInt((fraction + '0'.repeat(18)).slice(0, 18) || '0');
  return negative ? -key : key;
}

interface Level extends BookLevel {
  key: bigint;
}

/** One side, kept sorted best first (bids high to low, offers low to high) by binary search. */
class Side {
  private readonly levels: Level[] = [];

  constructor(private readonly descending: boolean) {}

  /** Index of the level with `key`, or where it would go (as `-(index + 1)`). */
  private find(key: bigint): number {
    let low = 0;
    let high = this.levels.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const other = this.levels[middle]!.key;
      if (other === key) return middle;
      const before = this.descending ? other > key : other < key;
      if (before) low = middle + 1;
      else high = middle - 1;
    }
    return -(low + 1);
  }

  set(price: string, size: string): void {
    const key = priceKey(price);
    const at = this.find(key);
    if (isZeroDecimal(size)) {
      if (at >= 0) this.levels.splice(at, 1);
      return;
    }
    if (at >= 0) this.levels[at]!.size = normalizeDecimal(size);
    else this.levels.splice(-at - 1, 0, { price: normalizeDecimal(price), size: normalizeDecimal(size), key });
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
