/**
 * The generated feed connection against the mock feed over real WebSocket on loopback:
 * every channel decoded and validated; each fault reported and the order book back to the
 * server's true book; subscriptions restored after a reconnect; JWT channels refused without
 * a JWT (at compile time and by the server); a slow consumer does not stall the others.
 */
import { FeedConnection } from '@svc/feed';
import { normalizeDecimal } from '@svc/runtime';
import { CredentialRegistry } from '@svc/mock-runtime';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedMock, type FaultKind, type FeedMock } from '../../mock/feed/server.js';
import { until } from '../helpers/wait.js';

let feed: FeedMock;
const registry = new CredentialRegistry();
const invalid: string[] = [];

beforeAll(async () => {
  registry.addApiKey('feed-key', 'feed-secret', [], 'feed-user');
  feed = await startFeedMock({ speed: 20, auth: registry.hooks(), onInvalid: (_, issues) => invalid.push(issues) });
});
afterAll(async () => {
  await feed.close();
});

const connection = (options: { queueLimit?: number; orderBooks?: boolean } = {}) =>
  new FeedConnection({ url: feed.url, WebSocket, jwt: () => registry.issueJwt('feed-key', { expiresInSeconds: 120 }), reconnect: { baseDelayMs: 20, maxDelayMs: 200 }, ...options });


describe('the feed connection', () => {
  it('subscribes to every channel and decodes every message', async () => {
    const client = connection();
    const seen = new Set<string>();
    const rejected: string[] = [];
    client.on('message', (message) => 'channel' in message && seen.add(message.channel));
    client.on('invalid', (event) => rejected.push(event.message));
    await client.connect();
    const products = { product_ids: ['BTC-USD'] };
    await Promise.all([
      client.subscribe('candles', products),
      client.subscribe('status', products),
      client.subscribe('ticker', products),
      client.subscribe('ticker_batch', products),
      client.subscribe('level2', products),
      client.subscribe('market_trades', products),
      client.subscribe('user'),
      client.subscribe('futures_balance_summary'),
    ]);
    await until(() => ['heartbeats', 'candles', 'status', 'ticker', 'ticker_batch', 'l2_data', 'market_trades', 'user', 'futures_balance_summary', 'subscriptions'].every((c) => seen.has(c)));
    client.close();
    expect(rejected).toEqual([]);
    expect(invalid).toEqual([]);
  });

  it('keeps no books with orderBooks: false, and still dispatches the level-2 messages', async () => {
    const client = connection({ orderBooks: false });
    await client.connect();
    await client.subscribe('level2', { product_ids: ['BTC-USD'] });
    let messages = 0;
    client.onMessage('level2', () => messages++);
    await until(() => messages >= 5);
    client.close();
    expect(client.orderBook('BTC-USD').synced).toBe(false);
  });

  it('keeps a book that is never crossed: the best bid stays below the best ask as trades move the price (regression: stale bids above the price)', async () => {
    const client = connection();
    await client.connect();
    await client.subscribe('level2', { product_ids: ['BTC-USD'] });
    const book = client.orderBook('BTC-USD');
    const crossed: string[] = [];
    let messages = 0;
    client.onMessage('level2', () => {
      messages++;
      const [bid, ask] = [book.bestBid(), book.bestAsk()];
      if (book.synced && bid && ask && Number(bid.price) >= Number(ask.price)) crossed.push(`${bid.price} >= ${ask.price}`);
    });
    await until(() => messages >= 150);
    client.close();
    expect(crossed).toEqual([]);
  });

  it.each<FaultKind>(['drop', 'duplicate', 'reorder', 'delay', 'disconnect'])('reports a %s, resynchronises, and ends with the true book', async (kind) => {
    const client = connection();
    const reported: string[] = [];
    for (const event of ['gap', 'duplicate', 'reorder', 'close', 'resync'] as const) client.on(event, () => reported.push(event));
    await client.connect();
    await client.subscribe('level2', { product_ids: ['ETH-USD'] });
    const book = client.orderBook('ETH-USD');
    await until(() => book.synced);
    feed.inject({ kind, channel: 'l2_data', count: 1, delayMs: 100 });
    const expected = { drop: 'gap', duplicate: 'duplicate', reorder: 'reorder', delay: 'gap', disconnect: 'close' }[kind];
    await until(() => reported.includes(expected));
    await until(() => book.synced);
    feed.freeze(true);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(book.synced).toBe(true);
      const exact = (levels: { price: string; size: string }[]) => levels.map((l) => ({ price: normalizeDecimal(l.price), size: normalizeDecimal(l.size) }));
      const truth = feed.book('ETH-USD');
      expect(book.levels()).toEqual({ bids: exact(truth.bids), asks: exact(truth.asks) });
    } finally {
      feed.freeze(false);
      client.close();
    }
  });

  it('reports a heartbeat gap, and a channel gone silent as stale', async () => {
    const client = connection();
    const gaps: number[] = [];
    const stale: string[] = [];
    client.on('heartbeat-gap', (event) => gaps.push(event.received - event.expected));
    client.on('stale', (event) => stale.push(event.channel));
    await client.connect();
    await client.subscribe('candles', { product_ids: ['BTC-USD'] });
    let beats = 0;
    client.onMessage('heartbeats', () => beats++);
    // A heartbeat first: the one dropped must have one before it to leave a gap.
    await until(() => beats > 0);
    feed.inject({ kind: 'drop', channel: 'heartbeats', count: 1 });
    await until(() => gaps.length > 0);
    expect(gaps[0]).toBeGreaterThan(0);
    // Candles come every second (the document's cadence); silence them for longer than three.
    feed.inject({ kind: 'drop', channel: 'candles', count: 10_000 });
    await until(() => stale.includes('candles'), 8000);
    client.close();
  }, 15_000);

  it('restores every subscription after a reconnect, its snapshot telling each status in turn', async () => {
    const client = connection();
    // What a React view would see through useSyncExternalStore(client.onChange, client.getSnapshot).
    const statuses = [client.getSnapshot().status];
    const { onChange, getSnapshot } = client;
    onChange(() => {
      const snapshot = getSnapshot();
      if (snapshot.status !== statuses[statuses.length - 1]) statuses.push(snapshot.status);
    });
    const acks: Record<string, string[]>[] = [];
    client.on('message', (message) => {
      if ('channel' in message && message.channel === 'subscriptions') acks.push(message.events[0]!.subscriptions);
    });
    await client.connect();
    await client.subscribe('ticker', { product_ids: ['BTC-USD', 'SOL-USD'] });
    await client.subscribe('level2', { product_ids: ['BTC-USD'] });
    await until(() => acks.length >= 3, 5000, 'first acks');
    const before = acks[acks.length - 1]!;
    let reopened = false;
    client.on('open', ({ reconnect }) => (reopened ||= reconnect));
    const acksBefore = acks.length;
    feed.inject({ kind: 'disconnect' });
    await until(() => reopened, 5000, 'reopen');
    const canonical = (ack: Record<string, string[]> | undefined) => JSON.stringify(Object.entries(ack ?? {}).map(([k, v]) => [k, [...v].sort()]).sort());
    await until(() => acks.length > acksBefore && canonical(acks[acks.length - 1]) === canonical(before), 5000, `restored acks ${JSON.stringify(acks.slice(-4))} before ${JSON.stringify(before)}`);
    expect(Object.keys(before).sort()).toEqual(['heartbeats', 'level2', 'ticker']);
    expect(client.subscribed().map((s) => s.channel).sort()).toEqual(['heartbeats', 'level2', 'ticker']);
    expect(getSnapshot().subscriptions.map((s) => s.channel).sort()).toEqual(['heartbeats', 'level2', 'ticker']);
    expect(getSnapshot()).toBe(getSnapshot());
    client.close();
    expect(statuses).toEqual(['idle', 'connecting', 'open', 'reconnecting', 'open', 'closed']);
  });

  it('refuses the user channel without a valid JWT', async () => {
    const noJwt = new FeedConnection({ url: feed.url, WebSocket });
    // @ts-expect-error `user` needs a JWT provider: the client was made without one.
    await expect(noJwt.subscribe('user')).rejects.toThrow(/needs a JWT/);
    // A raw request without a JWT, then with a forged one: the server answers with an error.
    const socket = new WebSocket(feed.url);
    const errors: string[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type?: string; message?: string };
      if (message.type === 'error') errors.push(message.message ?? '');
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'user' }));
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'user', jwt: 'forged.jwt.token' }));
    await until(() => errors.length >= 2);
    expect(errors).toEqual(['invalid request', 'authentication failure']);
    socket.close();
  });

  it('keeps other channels flowing when a consumer stalls, and reports what it drops', async () => {
    const client = connection({ queueLimit: 5 });
    const dropped: number[] = [];
    client.on('dropped', (event) => dropped.push(event.count));
    await client.connect();
    await client.subscribe('level2', { product_ids: ['BTC-USD'] });
    await client.subscribe('ticker', { product_ids: ['BTC-USD'] });
    const stalled = client.messages('level2'); // never read
    let tickers = 0;
    const reading = (async () => {
      for await (const message of client.messages('ticker')) {
        expect(message.channel).toBe('ticker');
        if (++tickers >= 20) break;
      }
    })();
    await reading;
    expect(tickers).toBe(20);
    await until(() => dropped.length > 0);
    await stalled.return?.();
    client.close();
  });
});

describe('channels left without updates', () => {
  // 500 times faster: a channel may stay silent 120 to 180 ms instead of 60 to 90 s.
  let fast: FeedMock;
  beforeAll(async () => {
    fast = await startFeedMock({ speed: 500, auth: registry.hooks() });
  });
  afterAll(async () => {
    await fast.close();
  });
  const client = (heartbeats: boolean) =>
    new FeedConnection({ url: fast.url, WebSocket, heartbeats, jwt: () => registry.issueJwt('feed-key', { expiresInSeconds: 120 }), reconnect: false });

  it('are closed by the server, and the client subscribes again with the same product ids', async () => {
    const feedClient = client(false);
    const closed: string[] = [];
    feedClient.on('channel-closed', ({ channel }) => closed.push(channel));
    let snapshots = 0;
    feedClient.onMessage('user', (message) => (snapshots += message.events.filter((e) => e.type === 'snapshot').length));
    await feedClient.connect();
    await feedClient.subscribe('user', { product_ids: ['BTC-USD'] });
    await until(() => closed.length > 0 && snapshots >= 6, 5000, 'closed and subscribed again');
    feedClient.close();
    expect(closed[0]).toBe('user');
    expect(feedClient.subscribed()).toEqual([{ channel: 'user', productIds: ['BTC-USD'] }]);
  });

  it('stay open while heartbeats are subscribed', async () => {
    const feedClient = client(true);
    const closed: string[] = [];
    feedClient.on('channel-closed', ({ channel }) => closed.push(channel));
    await feedClient.connect();
    await feedClient.subscribe('user');
    await new Promise((resolve) => setTimeout(resolve, 800));
    feedClient.close();
    expect(closed).toEqual([]);
  });
});

describe('the mock feed at rest', () => {
  it('keeps its market still while no client is connected, and moves it again once one is', async () => {
    const idle = await startFeedMock({ speed: 20, auth: registry.hooks() });
    try {
      const before = JSON.stringify(idle.book('BTC-USD'));
      await new Promise((resolve) => setTimeout(resolve, 150)); // some 30 steps at this speed
      expect(JSON.stringify(idle.book('BTC-USD'))).toBe(before);
      const socket = new WebSocket(idle.url);
      await new Promise((resolve) => socket.once('open', resolve));
      await until(() => JSON.stringify(idle.book('BTC-USD')) !== before, 2000, 'the market to move');
      socket.close();
    } finally {
      await idle.close();
    }
  });
});
