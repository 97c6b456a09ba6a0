/**
 * Feed throughput on a recorded stream (the mock feed's market, written without a network):
 * plain `JSON.parse` of every frame, the generated connection's parse + validate + sequence
 * checks + dispatch (through a socket stand-in), and order-book updates applied per second.
 */
import { FeedConnection } from '@svc/feed';
import { OrderBook, type LevelUpdate } from '@svc/runtime';
import { ProductMarket } from '../mock/feed/market.js';

export interface FeedBenchResult {
  messages: number;
  bytes: number;
  jsonParsePerSecond: number;
  clientPerSecond: number;
  /** The same, keeping an order book per product from the level-2 messages. */
  clientWithBooksPerSecond: number;
  bookUpdatesPerSecond: number;
  levelUpdates: number;
}

/** Frames of the four busiest channels, numbered as one connection would receive them. */
export function recordStream(count: number): string[] {
  const markets = ['BTC-USD', 'ETH-USD', 'SOL-USD'].map((id, i) => new ProductMarket(id, 11 + i, [6_500_000, 350_000, 15_000][i]!));
  const frames: string[] = [];
  let sequence = 0;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  let heartbeat = 0;
  const push = (channel: string, events: unknown[]): void => {
    frames.push(JSON.stringify({ channel, timestamp: new Date(clock).toISOString(), sequence_num: sequence++, events }));
  };
  for (const m of markets) push('l2_data', [{ type: 'snapshot', product_id: m.productId, updates: m.snapshot(clock) }]);
  while (frames.length < count) {
    clock += 50;
    for (const m of markets) {
      const { trades, changes } = m.step(clock);
      push('l2_data', [{ type: 'update', product_id: m.productId, updates: changes }]);
      if (trades.length > 0) {
        push('ticker', [{ type: 'update', tickers: [m.ticker()] }]);
        push('market_trades', [{ type: 'update', trades }]);
      }
    }
    if (clock % 1000 === 0) push('heartbeats', [{ current_time: new Date(clock).toISOString(), heartbeat_counter: ++heartbeat }]);
  }
  return frames;
}

/** A WebSocket stand-in: the bench hands frames to `onmessage` itself. */
class RecordedSocket {
  static last: RecordedSocket | undefined;
  readyState = 1;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code?: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    RecordedSocket.last = this;
    queueMicrotask(() => this.onopen?.({}));
  }
  send(): void {}
  close(): void {}
}

const perSecond = (count: number, ms: number): number => (count / ms) * 1000;

function best(runs: number, run: () => number): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) fastest = Math.min(fastest, run());
  return fastest;
}

export async function benchFeed(count = 120_000): Promise<FeedBenchResult> {
  const frames = recordStream(count);
  const bytes = frames.reduce((n, f) => n + f.length, 0);
  const jsonPass = (): number => {
    const started = performance.now();
    for (const frame of frames) JSON.parse(frame);
    return performance.now() - started;
  };

  // A fresh connection for every pass: a second pass over the same frames on one connection
  // would see nothing but duplicates, which it drops before the books and the listeners.
  const connectionPass = async (orderBooks: boolean): Promise<number> => {
    const client = new FeedConnection({ url: 'ws://recorded.invalid', WebSocket: RecordedSocket, heartbeats: false, reconnect: false, queueLimit: 16, orderBooks });
    await client.connect();
    let dispatched = 0;
    client.on('message', () => dispatched++);
    const socket = RecordedSocket.last!;
    const started = performance.now();
    for (const frame of frames) socket.onmessage?.({ data: frame });
    const ms = performance.now() - started;
    client.close();
    if (dispatched < frames.length) throw new Error(`only ${dispatched} of ${frames.length} frames were dispatched`);
    return ms;
  };
  // Rounds interleave the three, so that a busy moment of the machine slows them alike; fastest of each.
  let [jsonMs, clientMs, withBooksMs] = [Infinity, Infinity, Infinity];
  for (let round = 0; round < 5; round++) {
    jsonMs = Math.min(jsonMs, jsonPass());
    clientMs = Math.min(clientMs, await connectionPass(false));
    withBooksMs = Math.min(withBooksMs, await connectionPass(true));
  }

  const updates = frames.map((f) => JSON.parse(f) as { channel: string; events: { type: string; product_id: string; updates: LevelUpdate[] }[] }).filter((m) => m.channel === 'l2_data');
  let levelUpdates = 0;
  for (const m of updates) levelUpdates += m.events[0]!.updates.length;
  const bookMs = best(3, () => {
    const books = new Map<string, OrderBook>();
    const started = performance.now();
    for (const m of updates) {
      const event = m.events[0]!;
      let book = books.get(event.product_id);
      if (!book) books.set(event.product_id, (book = new OrderBook(event.product_id)));
      if (event.type === 'snapshot') book.applySnapshot(event.updates);
      else book.applyUpdates(event.updates);
      book.bestBid();
    }
    return performance.now() - started;
  });
  return {
    messages: frames.length,
    bytes,
    jsonParsePerSecond: perSecond(frames.length, jsonMs),
    clientPerSecond: perSecond(frames.length, clientMs),
    clientWithBooksPerSecond: perSecond(frames.length, withBooksMs),
    bookUpdatesPerSecond: perSecond(levelUpdates, bookMs),
    levelUpdates,
  };
}
