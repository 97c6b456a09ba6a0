/**
 * A small, self-consistent market per product: trades move the last price, the ticker and
 * the 24 h figures follow the trades, candles aggregate them in five-minute buckets, and the
 * book changes level by level (what the level2 stream carries is exactly what changed).
 * Deterministic from a seed, so a test can replay it.
 */
import { addDecimals, compareDecimals, prng } from '../market-deps.js';

export interface Trade {
  trade_id: string;
  product_id: string;
  price: string;
  size: string;
  side: 'BUY' | 'SELL';
  time: string;
}

export interface LevelChange {
  side: 'bid' | 'offer';
  event_time: string;
  price_level: string;
  new_quantity: string;
}

export interface Candle {
  start: string;
  high: string;
  low: string;
  open: string;
  close: string;
  volume: string;
  product_id: string;
}

const money = (cents: number): string => (cents / 100).toFixed(2);
const size = (units: number): string => (units / 1e8).toFixed(8);
const iso = (ms: number): string => new Date(ms).toISOString();

export class ProductMarket {
  /** Price in cents. */
  private last: number;
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  private tradeCounter = 0;
  private readonly random: () => number;
  private candle: Candle | undefined;
  private low24: number;
  private high24: number;
  private volume24 = '0';
  private readonly open24: number;

  constructor(
    readonly productId: string,
    seed: number,
    startCents: number,
  ) {
    this.random = prng(seed);
    this.last = startCents;
    this.low24 = startCents;
    this.high24 = startCents;
    this.open24 = startCents;
    for (let i = 1; i <= 10; i++) {
      this.bids.set(money(startCents - i * 50), size(1e7 + Math.floor(this.random() * 1e8)));
      this.asks.set(money(startCents + i * 50), size(1e7 + Math.floor(this.random() * 1e8)));
    }
  }

  /** The whole book as a snapshot's updates. */
  snapshot(nowMs: number): LevelChange[] {
    const at = iso(nowMs);
    return [
      ...[...this.bids].map(([price, quantity]): LevelChange => ({ side: 'bid', event_time: at, price_level: price, new_quantity: quantity })),
      ...[...this.asks].map(([price, quantity]): LevelChange => ({ side: 'offer', event_time: at, price_level: price, new_quantity: quantity })),
    ];
  }

  /** The book as it is, for comparing with a client's. */
  book(): { bids: { price: string; size: string }[]; asks: { price: string; size: string }[] } {
    const sorted = (side: Map<string, string>, descending: boolean) =>
      [...side].map(([price, quantity]) => ({ price, size: quantity })).sort((a, b) => (descending ? -1 : 1) * compareDecimals(a.price, b.price));
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }

  /** The best level of a side in one pass (no sort). */
  private best(side: Map<string, string>, higher: boolean): [string, string] {
    let best: [string, string] | undefined;
    for (const [price, quantity] of side) if (!best || (higher ? compareDecimals(price, best[0]) > 0 : compareDecimals(price, best[0]) < 0)) best = [price, quantity];
    return best ?? ['0', '0'];
  }

  bestBid(): [string, string] {
    return this.best(this.bids, true);
  }

  bestAsk(): [string, string] {
    return this.best(this.asks, false);
  }

  /** One step: a few level changes, and sometimes a trade. */
  step(nowMs: number): { trades: Trade[]; changes: LevelChange[] } {
    const changes: LevelChange[] = [];
    const at = iso(nowMs);
    for (let i = 0; i < 1 + Math.floor(this.random() * 3); i++) {
      const bid = this.random() < 0.5;
      const offset = (1 + Math.floor(this.random() * 12)) * 50;
      const price = money(bid ? this.last - offset : this.last + offset);
      const side = bid ? this.bids : this.asks;
      const remove = side.has(price) && this.random() < 0.3;
      const quantity = remove ? '0' : size(1e6 + Math.floor(this.random() * 2e8));
      if (remove) side.delete(price);
      else side.set(price, quantity);
      changes.push({ side: bid ? 'bid' : 'offer', event_time: at, price_level: price, new_quantity: remove ? '0.00000000' : quantity });
    }
    // Levels far from the price are taken off (and the stream says so), so the book stays a book.
    for (const [side, name] of [
      [this.bids, 'bid'],
      [this.asks, 'offer'],
    ] as const) {
      for (const price of side.keys()) {
        if (Math.abs(Math.round(Number(price) * 100) - this.last) > 2_000) {
          side.delete(price);
          changes.push({ side: name, event_time: at, price_level: price, new_quantity: '0.00000000' });
        }
      }
    }
    const trades: Trade[] = [];
    if (this.random() < 0.6) {
      this.last = Math.max(100, this.last + Math.round((this.random() - 0.5) * 200));
      const trade: Trade = {
        trade_id: String(++this.tradeCounter),
        product_id: this.productId,
        price: money(this.last),
        size: size(1e5 + Math.floor(this.random() * 5e7)),
        side: this.random() < 0.5 ? 'BUY' : 'SELL',
        time: at,
      };
      trades.push(trade);
      this.record(trade, nowMs);
      // The trade took the levels it crossed: no bid at or above the last price, no ask at or below.
      for (const [side, name, crossed] of [
        [this.bids, 'bid', (cents: number) => cents >= this.last],
        [this.asks, 'offer', (cents: number) => cents <= this.last],
      ] as const) {
        for (const price of side.keys()) {
          if (!crossed(Math.round(Number(price) * 100))) continue;
          side.delete(price);
          changes.push({ side: name, event_time: at, price_level: price, new_quantity: '0.00000000' });
        }
      }
    }
    return { trades, changes };
  }

  private record(trade: Trade, nowMs: number): void {
    const cents = Math.round(Number(trade.price) * 100);
    this.low24 = Math.min(this.low24, cents);
    this.high24 = Math.max(this.high24, cents);
    this.volume24 = addDecimals(this.volume24, trade.size);
    const bucket = Math.floor(nowMs / 300_000) * 300;
    if (!this.candle || this.candle.start !== String(bucket)) {
      this.candle = { start: String(bucket), high: trade.price, low: trade.price, open: trade.price, close: trade.price, volume: trade.size, product_id: this.productId };
    } else {
      const candle = this.candle;
      if (compareDecimals(trade.price, candle.high) > 0) candle.high = trade.price;
      if (compareDecimals(trade.price, candle.low) < 0) candle.low = trade.price;
      candle.close = trade.price;
      candle.volume = addDecimals(candle.volume, trade.size);
    }
  }

  currentCandle(): Candle | undefined {
    return this.candle ? { ...this.candle } : undefined;
  }

  ticker(): Record<string, string> {
    const [bid, bidSize] = this.bestBid();
    const [ask, askSize] = this.bestAsk();
    return {
      type: 'ticker',
      product_id: this.productId,
      price: money(this.last),
      volume_24_h: this.volume24,
      low_24_h: money(this.low24),
      high_24_h: money(this.high24),
      low_52_w: money(Math.min(this.low24, this.open24 - 10_000)),
      high_52_w: money(Math.max(this.high24, this.open24 + 10_000)),
      price_percent_chg_24_h: (((this.last - this.open24) / this.open24) * 100).toFixed(8),
      best_bid: bid,
      best_ask: ask,
      best_bid_quantity: bidSize,
      best_ask_quantity: askSize,
    };
  }
}
