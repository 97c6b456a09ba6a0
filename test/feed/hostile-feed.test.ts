/**
 * The mock feed under frames and requests an attacker would send: a text frame of invalid
 * UTF-8 and a frame over the size limit close that connection with 1007 and 1009 (they ended
 * the whole `npm run mock` process before); subscriptions naming thousands of product ids are
 * refused with the protocol's error message; a client that never reads is closed with 1008.
 * Other clients and the REST mocks keep being served throughout.
 */
import WebSocket from 'ws';
import { FeedConnection } from '@svc/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedMock, type FeedMock } from '../../mock/feed/server.js';
import { startSandbox, type Sandbox } from '../../mock/index.js';
import { clientFrame, rawClient } from '../helpers/raw-websocket.js';
import { until } from '../helpers/wait.js';

describe('frames the feed refuses, in the process npm run mock runs', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  /** A well-behaved client that must keep receiving heartbeats while others misbehave. */
  async function bystander(): Promise<{ heartbeats: () => number; close: () => void }> {
    const client = new FeedConnection({ url: sandbox.servers.feed, WebSocket, reconnect: false });
    let heartbeats = 0;
    client.onMessage('heartbeats', () => heartbeats++);
    await client.connect();
    return { heartbeats: () => heartbeats, close: () => client.close() };
  }

  async function servesAll(watcher: { heartbeats: () => number }): Promise<void> {
    const before = watcher.heartbeats();
    await until(() => watcher.heartbeats() > before, 5000, 'for a heartbeat after the bad frame');
    for (const name of ['v2', 'v1', 'onramp', 'x402'] as const) {
      const response = await fetch(`${sandbox.servers[name]}/definitely-not-an-operation`);
      expect(response.status, name).toBe(404);
    }
  }

  it.each([
    ['a text frame of invalid UTF-8 (81 82 01 02 03 04 fe fc) is closed with 1007', Buffer.from([0x81, 0x82, 0x01, 0x02, 0x03, 0x04, 0xfe, 0xfc]), 1007],
    ['a frame declaring 2 MiB, over the 1 MiB limit, is closed with 1009', clientFrame(1, Buffer.alloc(16, 0x20), 2 * 1024 * 1024), 1009],
    ['a whole text frame of 1.5 MiB is closed with 1009', clientFrame(1, Buffer.alloc(1536 * 1024, 0x20)), 1009],
  ])('%s; other clients and the REST mocks go on', async (_, bytes, code) => {
    const watcher = await bystander();
    const attacker = await rawClient(sandbox.servers.feed);
    attacker.socket.write(bytes);
    await until(() => attacker.closeCode() !== undefined || attacker.ended(), 5000, 'for the close');
    expect(attacker.closeCode()).toBe(code);
    await servesAll(watcher);
    watcher.close();
    attacker.socket.destroy();
  });
});

describe('subscriptions past the limits', () => {
  let feed: FeedMock;
  beforeAll(async () => {
    feed = await startFeedMock({ speed: 20, maxBufferedBytes: 64 * 1024, maxMarkets: 8 });
  });
  afterAll(async () => {
    await feed.close();
  });

  const errors = (client: FeedConnection): string[] => {
    const seen: string[] = [];
    client.on('error', (error) => seen.push(`${error.message}: ${error.reason ?? ''}`));
    return seen;
  };

  it('a subscribe naming 5,000 product ids is refused with an error message, and streams nothing for them', async () => {
    const client = new FeedConnection({ url: feed.url, WebSocket, reconnect: false, heartbeats: false });
    const refused = errors(client);
    let books = 0;
    client.onMessage('level2', () => books++);
    await client.connect();
    const ids = Array.from({ length: 5000 }, (_, i) => `FAKE${i}-USD`);
    void client.subscribe('level2', { product_ids: ids });
    await until(() => refused.length > 0, 5000, 'for the refusal');
    expect(refused[0]).toMatch(/^Failed to subscribe: a request may name at most 100 product ids; this one names 5000/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(books).toBe(0);
    // The known markets are still served to the same connection.
    void client.subscribe('level2', { product_ids: ['BTC-USD'] });
    await until(() => books > 0, 5000, 'for the BTC-USD book');
    client.close();
  });

  it('product ids nobody trades open markets only up to maxMarkets, across connections', async () => {
    const first = new FeedConnection({ url: feed.url, WebSocket, reconnect: false, heartbeats: false });
    const second = new FeedConnection({ url: feed.url, WebSocket, reconnect: false, heartbeats: false });
    const refused = errors(second);
    await Promise.all([first.connect(), second.connect()]);
    // Three markets are open from the start; five more fit under 8.
    void first.subscribe('ticker', { product_ids: ['A-USD', 'B-USD', 'C-USD', 'D-USD', 'E-USD'] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    void second.subscribe('ticker', { product_ids: ['F-USD'] });
    await until(() => refused.length > 0, 5000, 'for the refusal');
    expect(refused[0]).toMatch(/^Failed to subscribe: unknown product ids \(F-USD\): the mock opens at most 8 markets/);
    first.close();
    second.close();
  });

  it('a client that sends but never reads is closed with 1008 once 64 KiB wait for it', async () => {
    const watcher = new FeedConnection({ url: feed.url, WebSocket, reconnect: false });
    let heartbeats = 0;
    watcher.onMessage('heartbeats', () => heartbeats++);
    await watcher.connect();
    const stalled = await rawClient(feed.url);
    stalled.socket.pause();
    // Each subscribe to the book answers with a snapshot of three books; the kernel's buffers fill, then ws's.
    const request = clientFrame(1, Buffer.from(JSON.stringify({ type: 'subscribe', channel: 'level2', product_ids: ['BTC-USD', 'ETH-USD', 'SOL-USD'] })));
    for (let i = 0; i < 3000 && feed.connections() === 2; i++) {
      stalled.socket.write(request);
      if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await until(() => feed.connections() === 1, 10_000, 'for the stalled client to be dropped');
    stalled.socket.resume();
    // Read again, it gets what was already on its way, then the close frame.
    await until(() => stalled.closeCode() !== undefined || stalled.ended(), 10_000, 'for the close frame');
    expect(stalled.closeCode()).toBe(1008);
    const before = heartbeats;
    await until(() => heartbeats > before, 5000, 'for a heartbeat of the other client');
    watcher.close();
    stalled.socket.destroy();
  });
});

describe('the feed connection', () => {
  let feed: FeedMock;
  beforeAll(async () => {
    feed = await startFeedMock({ speed: 20 });
  });
  afterAll(async () => {
    await feed.close();
  });

  it('reports a message over maxMessageBytes as invalid instead of parsing it', async () => {
    const client = new FeedConnection({ url: feed.url, WebSocket, reconnect: false, heartbeats: false, maxMessageBytes: 200 });
    const invalid: string[] = [];
    client.on('invalid', (event) => invalid.push(event.message));
    let books = 0;
    client.onMessage('level2', () => books++);
    await client.connect();
    void client.subscribe('level2', { product_ids: ['BTC-USD'] });
    await until(() => invalid.length > 0, 5000, 'for the invalid report');
    expect(invalid[0]).toMatch(/^a message of \d+ bytes is over maxMessageBytes \(200\)$/);
    expect(books).toBe(0);
    client.close();
  });
});
