/**
 * The mock feed: a `ws` server serving every channel of specs/feed.asyncapi.yaml with the
 * markets of market.ts, at the document's cadences divided by `speed`. It acknowledges
 * subscriptions, answers bad requests with an error message, needs a valid JWT on the user
 * channels, numbers each connection's messages (`sequence_num`), and injects faults on
 * command: drop, duplicate, reorder, delay or disconnect.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { clientMessageSchema, serverMessageSchema, feedSpec } from '@svc/feed';
import { fixture } from '@svc/feed/fixtures';
import type { AuthHooks } from '@svc/server-runtime';
import { prng } from '../market-deps.js';
import { ProductMarket, type LevelChange, type Trade } from './market.js';

export type FaultKind = 'drop' | 'duplicate' | 'reorder' | 'delay' | 'disconnect';

export interface Fault {
  kind: FaultKind;
  /** How many of the next messages (per connection) it applies to. @default 1 */
  count?: number;
  /** Only messages of this channel (message name: `l2_data`, `ticker`, …). */
  channel?: string;
  /** With `delay`: how long. @default 500 ms */
  delayMs?: number;
}

export interface FeedMockOptions {
  port?: number;
  /** Cadences are divided by it (tests run the feed faster). @default 1 */
  speed?: number;
  /** Checks the JWT of the user channels (the sandbox's bearer hook). */
  auth?: AuthHooks;
  now?: () => number;
  seed?: number;
  /** Check every outgoing message against the feed's validator (development). @default true */
  validate?: boolean;
  onInvalid?: (message: unknown, issues: string) => void;
  /**
   * The largest message a client may send, in bytes; a larger frame closes that connection
   * with 1009 (an invalid UTF-8 text frame closes it with 1007). @default 1048576 (1 MiB)
   */
  maxMessageBytes?: number;
  /** Product ids one subscribe or unsubscribe may name; more is refused with an error message. @default 100 */
  maxProductIdsPerRequest?: number;
  /** Subscriptions a connection may hold: each product id of a channel counts one, a channel without product ids one. @default 500 */
  maxSubscriptionsPerConnection?: number;
  /**
   * Markets of the mock in all: the three it opens with, and one for each other product id a
   * subscription names; a subscription that would make more is refused. @default 64
   */
  maxMarkets?: number;
  /**
   * Bytes a connection may have waiting to be sent; a client that reads more slowly than the
   * feed sends is closed with 1008 rather than buffered without bound. @default 4194304 (4 MiB)
   */
  maxBufferedBytes?: number;
}

/** The defaults of the limits above, for the README and the tests. */
export const FEED_LIMITS = {
  maxMessageBytes: 1024 * 1024,
  maxProductIdsPerRequest: 100,
  maxSubscriptionsPerConnection: 500,
  maxMarkets: 64,
  maxBufferedBytes: 4 * 1024 * 1024,
} as const;

interface Connection {
  socket: WebSocket;
  sequence: number;
  /** message channel -> product ids (empty set: all). */
  subscriptions: Map<string, Set<string>>;
  faults: (Fault & { left: number })[];
  held: string | undefined;
  /** message channel -> when it last carried a message, and how long it may stay silent (60 to 90 s, scaled). */
  activity: Map<string, { lastMs: number; idleLimitMs: number }>;
}

/** The markets of the mock feed and the price (in cents) each opens at; the v2 mock's prices start from them too. */
export const PRODUCTS: Record<string, number> = { 'BTC-USD': 6_500_000, 'ETH-USD': 350_000, 'SOL-USD': 15_000 };

export interface FeedMock {
  url: string;
  /** Applies a fault to the next messages of every connection. */
  inject(fault: Fault): void;
  /** The true book of a product. */
  book(productId: string): { bids: { price: string; size: string }[]; asks: { price: string; size: string }[] };
  /** Stops (true) or restarts the market, so that books can be compared at rest. */
  freeze(frozen: boolean): void;
  /** Messages sent so far (after faults), for tests and recordings. */
  readonly sent: { count: number };
  connections(): number;
  close(): Promise<void>;
}

export async function startFeedMock(options: FeedMockOptions = {}): Promise<FeedMock> {
  const speed = options.speed ?? 1;
  const now = options.now ?? Date.now;
  const validate = options.validate ?? true;
  const limits = {
    maxMessageBytes: options.maxMessageBytes ?? FEED_LIMITS.maxMessageBytes,
    maxProductIdsPerRequest: options.maxProductIdsPerRequest ?? FEED_LIMITS.maxProductIdsPerRequest,
    maxSubscriptionsPerConnection: options.maxSubscriptionsPerConnection ?? FEED_LIMITS.maxSubscriptionsPerConnection,
    maxMarkets: options.maxMarkets ?? FEED_LIMITS.maxMarkets,
    maxBufferedBytes: options.maxBufferedBytes ?? FEED_LIMITS.maxBufferedBytes,
  };
  const markets = new Map<string, ProductMarket>();
  const market = (productId: string): ProductMarket => {
    let m = markets.get(productId);
    if (!m) {
      m = new ProductMarket(productId, (options.seed ?? 7) + markets.size, PRODUCTS[productId] ?? 10_000);
      markets.set(productId, m);
    }
    return m;
  };
  for (const id of Object.keys(PRODUCTS)) market(id);
  const connections = new Set<Connection>();
  const sent = { count: 0 };
  let heartbeat = 0;
  let balance = 0;
  let frozen = false;
  const idleRandom = prng((options.seed ?? 7) * 31 + 1);
  const subscribeNames = new Map(Object.values(feedSpec.channels).map((c) => [c.name, c.messageChannel]));

  const transmit = (connection: Connection, text: string): void => {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      // A client that does not read: it is closed, and what waits for it is let go.
      connections.delete(connection);
      socket.close(1008, 'slow consumer: too many messages waiting to be sent');
      setTimeout(() => socket.terminate(), 1000).unref();
      return;
    }
    socket.send(text);
    sent.count++;
  };

  /** Sends one message, numbered, through the faults waiting for this connection. */
  const send = (connection: Connection, message: Record<string, unknown>): void => {
    const channel = typeof message.channel === 'string' ? message.channel : undefined;
    const numbered = channel ? { ...message, sequence_num: connection.sequence++ } : message;
    const activity = channel ? connection.activity.get(channel) : undefined;
    if (activity) activity.lastMs = performance.now();
    if (validate) {
      const checked = serverMessageSchema.safeParse(numbered);
      if (!checked.success) options.onInvalid?.(numbered, checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    }
    const text = JSON.stringify(numbered);
    const fault = connection.faults.find((f) => f.left > 0 && (!f.channel || f.channel === channel));
    if (!fault) {
      transmit(connection, text);
      if (connection.held !== undefined) {
        transmit(connection, connection.held);
        connection.held = undefined;
      }
      return;
    }
    fault.left--;
    switch (fault.kind) {
      case 'drop':
        return;
      case 'duplicate':
        transmit(connection, text);
        transmit(connection, text);
        return;
      case 'reorder':
        // Held back until the next message has gone out.
        connection.held = text;
        return;
      case 'delay':
        setTimeout(() => transmit(connection, text), fault.delayMs ?? 500);
        return;
      case 'disconnect':
        connection.socket.terminate();
        return;
    }
  };

  const envelope = (channel: string, events: unknown[]): Record<string, unknown> => ({ channel, timestamp: new Date(now()).toISOString(), events });

  const subscribers = (channel: string, productId?: string): Connection[] =>
    [...connections].filter((c) => {
      const ids = c.subscriptions.get(channel);
      return ids !== undefined && (productId === undefined || ids.size === 0 || ids.has(productId));
    });

  const refuse = (connection: Connection, message: string, reason?: string): void => {
    transmit(connection, JSON.stringify({ type: 'error', message, ...(reason ? { reason } : {}) }));
  };

  const acknowledge = (connection: Connection): void => {
    const subscriptions: Record<string, string[]> = {};
    for (const [messageChannel, ids] of connection.subscriptions) {
      const name = [...subscribeNames].find(([, m]) => m === messageChannel)?.[0] ?? messageChannel;
      subscriptions[name] = [...ids];
    }
    send(connection, envelope('subscriptions', [{ subscriptions }]));
  };

  const onRequest = async (connection: Connection, text: string): Promise<void> => {
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      refuse(connection, 'failure to parse the request', 'the request is not JSON');
      return;
    }
    const parsed = clientMessageSchema.safeParse(request);
    if (!parsed.success) {
      refuse(connection, 'invalid request', parsed.error.issues.map((i) => `${i.path.join('.') || '(request)'}: ${i.message}`).join('; '));
      return;
    }
    const { type, channel } = parsed.data;
    const spec = feedSpec.channels[channel];
    if (!spec) return;
    const jwt = 'jwt' in parsed.data ? parsed.data.jwt : undefined;
    if (spec.jwt === 'required') {
      const checked = typeof jwt === 'string' ? await options.auth?.bearer?.(jwt, { method: 'GET', url: new URL('ws://feed.invalid/'), scheme: 'jwt' }) : undefined;
      if (!checked || 'refused' in checked) {
        refuse(connection, 'authentication failure', `channel ${channel} needs a valid JWT`);
        return;
      }
    }
    const productIds = 'product_ids' in parsed.data && Array.isArray(parsed.data.product_ids) ? [...new Set(parsed.data.product_ids as string[])] : [];
    const messageChannel = spec.messageChannel;
    if (productIds.length > limits.maxProductIdsPerRequest) {
      refuse(connection, 'Failed to subscribe', `a request may name at most ${limits.maxProductIdsPerRequest} product ids; this one names ${productIds.length}`);
      return;
    }
    if (type === 'unsubscribe') {
      const ids = connection.subscriptions.get(messageChannel);
      if (ids && productIds.length > 0) for (const id of productIds) ids.delete(id);
      if (!ids || productIds.length === 0 || ids.size === 0) connection.subscriptions.delete(messageChannel);
      acknowledge(connection);
      return;
    }
    const current = connection.subscriptions.get(messageChannel);
    const added = current ? productIds.filter((id) => !current.has(id)) : productIds;
    // A product id of a channel counts one subscription; a channel without product ids, one.
    const weight = (size: number): number => Math.max(1, size);
    let held = 0;
    for (const ids of connection.subscriptions.values()) held += weight(ids.size);
    if (held - (current ? weight(current.size) : 0) + weight((current?.size ?? 0) + added.length) > limits.maxSubscriptionsPerConnection) {
      refuse(connection, 'Failed to subscribe', `a connection may hold at most ${limits.maxSubscriptionsPerConnection} subscriptions`);
      return;
    }
    const unknown = added.filter((id) => !markets.has(id));
    if (markets.size + unknown.length > limits.maxMarkets) {
      refuse(connection, 'Failed to subscribe', `unknown product ids (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}): the mock opens at most ${limits.maxMarkets} markets`);
      return;
    }
    const ids = current ?? new Set<string>();
    for (const id of added) {
      ids.add(id);
      market(id);
    }
    connection.subscriptions.set(messageChannel, ids);
    connection.activity.set(messageChannel, { lastMs: performance.now(), idleLimitMs: (60_000 + idleRandom() * 30_000) / speed });
    acknowledge(connection);
    if (channel === feedSpec.bookChannel) {
      for (const id of productIds) send(connection, envelope(messageChannel, [{ type: 'snapshot', product_id: id, updates: market(id).snapshot(now()) }]));
    }
    if (channel === 'user') {
      // The user's open orders, in snapshots of at most 50.
      const orders = Array.from({ length: 120 }, (_, i) => ({ order_id: `order-${i + 1}`, product_id: 'BTC-USD', status: 'OPEN', order_side: i % 2 ? 'SELL' : 'BUY', order_type: 'LIMIT', limit_price: '64000.00', leaves_quantity: '0.01000000' }));
      for (let i = 0; i < orders.length; i += 50) send(connection, envelope('user', [{ type: 'snapshot', orders: orders.slice(i, i + 50) }]));
    }
  };

  const server = new WebSocketServer({ port: options.port ?? 0, host: '127.0.0.1', maxPayload: limits.maxMessageBytes });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    const connection: Connection = { socket, sequence: 0, subscriptions: new Map(), faults: [], held: undefined, activity: new Map() };
    connections.add(connection);
    socket.on('message', (data) => void onRequest(connection, data.toString()));
    // A frame ws refuses (invalid UTF-8, over maxPayload) is an 'error' on that socket, and ws
    // closes it with 1007 or 1009; without a listener the error would end the whole process.
    socket.on('error', () => connections.delete(connection));
    socket.on('close', () => connections.delete(connection));
  });

  // The market moves every 50 ms (scaled) while a client is connected, and rests while none is:
  // nobody would see it move, and a mock left running all day should cost no CPU. Each channel
  // sends at its own cadence.
  const every = (ms: number, run: () => void): ReturnType<typeof setInterval> => {
    const timer = setInterval(run, Math.max(5, ms / speed));
    timer.unref();
    return timer;
  };
  const pendingTrades = new Map<string, Trade[]>();
  const timers = [
    every(50, () => {
      if (frozen || connections.size === 0) return;
      const at = now();
      for (const m of markets.values()) {
        const { trades, changes } = m.step(at);
        if (changes.length > 0) for (const c of subscribers('l2_data', m.productId)) send(c, envelope('l2_data', [{ type: 'update', product_id: m.productId, updates: changes satisfies LevelChange[] }]));
        if (trades.length > 0) {
          pendingTrades.set(m.productId, [...(pendingTrades.get(m.productId) ?? []), ...trades]);
          // Ticker on every match.
          for (const c of subscribers('ticker', m.productId)) send(c, envelope('ticker', [{ type: 'update', tickers: [m.ticker()] }]));
        }
      }
    }),
    every(250, () => {
      for (const [productId, trades] of pendingTrades) {
        if (trades.length === 0) continue;
        for (const c of subscribers('market_trades', productId)) send(c, envelope('market_trades', [{ type: 'update', trades }]));
      }
      pendingTrades.clear();
    }),
    every(1000, () => {
      heartbeat++;
      const current = new Date(now()).toISOString();
      for (const c of subscribers('heartbeats')) send(c, envelope('heartbeats', [{ current_time: current, heartbeat_counter: heartbeat }]));
      for (const m of markets.values()) {
        const candle = m.currentCandle();
        if (candle) for (const c of subscribers('candles', m.productId)) send(c, envelope('candles', [{ type: 'update', candles: [candle] }]));
      }
    }),
    every(5000, () => {
      for (const m of markets.values()) {
        const { best_bid: _b, best_ask: _a, best_bid_quantity: _bq, best_ask_quantity: _aq, ...batch } = m.ticker();
        for (const c of subscribers('ticker_batch', m.productId)) send(c, envelope('ticker_batch', [{ type: 'update', tickers: [{ ...batch, type: 'ticker' }] }]));
      }
    }),
    every(5000, () => {
      // Balances are not simulated: a seeded summary, new each time.
      balance++;
      const { events } = fixture('FuturesBalanceSummaryMessage', balance);
      for (const c of subscribers('futures_balance_summary')) send(c, envelope('futures_balance_summary', events));
    }),
    every(1000, () => {
      // A channel left without updates for 60 to 90 s is closed, unless heartbeats keep the connection's channels open.
      const at = performance.now();
      for (const c of connections) {
        if (c.subscriptions.has('heartbeats')) continue;
        let closed = false;
        for (const messageChannel of [...c.subscriptions.keys()]) {
          const activity = c.activity.get(messageChannel);
          if (!activity || at - activity.lastMs <= activity.idleLimitMs) continue;
          c.subscriptions.delete(messageChannel);
          c.activity.delete(messageChannel);
          closed = true;
        }
        if (closed) acknowledge(c);
      }
    }),
    every(10_000, () => {
      for (const m of markets.values()) {
        const [base, quote] = m.productId.split('-');
        const status = { product_type: 'SPOT', id: m.productId, base_currency: base, quote_currency: quote, base_increment: '0.00000001', quote_increment: '0.01', display_name: m.productId.replace('-', '/'), status: 'online', status_message: '', min_market_funds: '1' };
        for (const c of subscribers('status', m.productId)) send(c, envelope('status', [{ type: 'update', products: [status] }]));
      }
    }),
  ];

  return {
    url: `ws://127.0.0.1:${(server.address() as { port: number }).port}`,
    inject(fault) {
      for (const connection of connections) connection.faults.push({ ...fault, left: fault.count ?? 1 });
    },
    book: (productId) => market(productId).book(),
    freeze(value) {
      frozen = value;
    },
    sent,
    connections: () => connections.size,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const connection of connections) connection.socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
