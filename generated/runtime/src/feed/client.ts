// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * A WebSocket feed client driven by a generated `FeedSpec`: typed subscriptions that are
 * restored after every reconnect, per-channel callbacks and `for await` iterators with
 * bounded queues, detection of sequence gaps, duplicates, reorders and heartbeat gaps,
 * `stale` channels, and order books kept from the level-2 channel and rebuilt from a fresh
 * snapshot after any gap. It needs only a WebSocket constructor: the browser's, or `ws` on Node.
 */
import { ExternalStore } from './store.js';
import type { MessageParseResult, RawFrame } from '../messages.js';
import { OrderBook, type LevelUpdate } from './order-book.js';

/** What the client needs of a channel, from the AsyncAPI document. */
export interface FeedChannelSpec {
  /** The name a subscription uses (`level2`). */
  name: string;
  /** The channel name its messages carry (`l2_data`). */
  messageChannel: string;
  productIds: 'required' | 'optional' | 'absent';
  jwt: 'required' | 'optional' | 'absent';
  /** How often the server sends while the channel is live (`x-cadence`), in ms. */
  cadenceMs?: number;
}

export interface FeedSpec<Message> {
  channels: Readonly<Record<string, FeedChannelSpec>>;
  /** The channel whose messages keep order books (`level2`). */
  bookChannel?: string;
  /** The channel of heartbeats, subscribed by default (`heartbeats`). */
  heartbeatChannel?: string;
  /**
   * The message channel of the server's acknowledgements (`subscriptions`), whose events list
   * every channel subscribed: one missing that was listed before was closed by the server.
   */
  ackChannel?: string;
  parse(frame: RawFrame): MessageParseResult<Message>;
}

/**
 * An event handler slot. Declared through a method so that its parameter is compared both ways:
 * the browser's and `ws`'s sockets type their events more precisely than the client needs.
 */
type Handler<E> = { handle(event: E): void }['handle'];

/** How many of the latest sequence numbers are remembered to tell a duplicate from a late message. */
const RECENT_SEQUENCES = 4096;

/** The parts of a WebSocket the client uses: the browser's and `ws`'s both have them. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
}
export type SocketConstructor = new (url: string) => SocketLike;

export interface FeedClientOptions {
  url: string;
  /** @default globalThis.WebSocket (pass `WebSocket` from `ws` on Node 20) */
  WebSocket?: SocketConstructor;
  /** Called for every request that carries a JWT (they expire after two minutes). */
  jwt?: () => string | Promise<string>;
  /** Subscribe to the heartbeat channel, which keeps the others open. @default true */
  heartbeats?: boolean;
  /** Reconnect after an unexpected close. @default { baseDelayMs: 250, maxDelayMs: 10000 } */
  reconnect?: false | { baseDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  /** A channel is `stale` after this many cadences without a message. @default 3 */
  staleAfterCadences?: number;
  /** Keep an order book per product from the book channel (`orderBook(productId)`); off for a consumer that keeps its own. @default true */
  orderBooks?: boolean;
  /** Messages an iterator holds for a slow consumer before it drops the oldest. @default 1000 */
  queueLimit?: number;
  /**
   * The largest message taken from the server, in bytes (characters of a text frame): a larger
   * one is reported as `invalid` and not parsed (the browser's WebSocket has no limit of its
   * own; `ws` refuses frames over its `maxPayload`, 100 MiB). @default 16777216 (16 MiB)
   */
  maxMessageBytes?: number;
  now?: () => number;
  random?: () => number;
}

export interface FeedEvents<Message> {
  message: Message;
  gap: { expected: number; received: number; missing: number };
  duplicate: { sequence: number };
  reorder: { sequence: number; after: number };
  'heartbeat-gap': { expected: number; received: number };
  stale: { channel: string; silentMs: number };
  dropped: { channel: string; count: number };
  invalid: { frame: string; message: string };
  error: { message: string; reason?: string };
  open: { reconnect: boolean };
  close: { code?: number; reason?: string; willReconnect: boolean };
  resync: { productIds: string[] };
  /** The server closed a subscribed channel (left without updates too long); the client subscribes again. */
  'channel-closed': { channel: string };
}

type Listener<T> = (value: T) => void;

/** Where a connection stands: before `connect`, opening, open, waiting to reconnect, closed for good. */
export type FeedStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What a view renders of a connection: the same object until the status or the subscriptions change. */
export interface FeedSnapshot {
  readonly status: FeedStatus;
  readonly subscriptions: readonly { channel: string; productIds: string[] | undefined }[];
}

interface Subscription {
  channel: string;
  productIds: Set<string> | undefined;
}

interface Queue<T> {
  items: T[];
  waiting: ((result: IteratorResult<T>) => void) | undefined;
  dropped: number;
  closed: boolean;
}

const OPEN = 1;

/** The default of `FeedClientOptions.maxMessageBytes`. */
const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** A frame's size without decoding it: a text frame's length in characters, else its bytes. */
function frameSize(frame: RawFrame): number {
  if (typeof frame === 'string') return frame.length;
  if (Array.isArray(frame))
    return (frame as readonly ArrayBufferView[]).reduce((sum, part) => sum + part.byteLength, 0);
  return (frame as ArrayBuffer | ArrayBufferView).byteLength;
}

export class FeedClient<Message extends object> {
  private socket: SocketLike | undefined;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly listeners = new Map<string, Set<Listener<never>>>();
  private readonly channelListeners = new Map<string, Set<Listener<never>>>();
  private readonly queues = new Map<string, Set<Queue<Message>>>();
  private readonly books = new Map<string, OrderBook>();
  /** The channels the server's last acknowledgement listed. */
  private readonly acknowledged = new Set<string>();
  private readonly lastSeen = new Map<string, number>();
  private readonly staleReported = new Set<string>();
  /** The last 4096 sequence numbers taken, by `sequence % 4096`: a duplicate finds itself here. */
  private readonly recent = new Float64Array(RECENT_SEQUENCES).fill(-1);
  private lastSequence: number | undefined;
  private lastHeartbeat: number | undefined;
  private closing = false;
  private attempts = 0;
  private staleTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly byMessageChannel = new Map<string, string>();
  private readonly now: () => number;
  private status: FeedStatus = 'idle';
  private readonly store = new ExternalStore<FeedSnapshot>(() => ({
    status: this.status,
    subscriptions: this.subscribed(),
  }));

  /**
   * Calls `listener` when the status or the subscriptions change; returns a function that
   * stops. With `getSnapshot`, what React's `useSyncExternalStore` takes (both are bound);
   * `orderBook(id)` has the same pair for a book.
   */
  readonly onChange = this.store.onChange;

  /** The status and subscriptions now, as one immutable object: the same object until they change. */
  readonly getSnapshot = this.store.getSnapshot;

  constructor(
    private readonly spec: FeedSpec<Message>,
    private readonly options: FeedClientOptions,
  ) {
    this.now = options.now ?? Date.now;
    for (const channel of Object.values(spec.channels)) this.byMessageChannel.set(channel.messageChannel, channel.name);
  }

  /** Opens the connection; resolves once it is open (subscriptions made before are sent then). */
  connect(): Promise<void> {
    this.closing = false;
    this.setStatus('connecting');
    return this.open(false);
  }

  /** Closes the connection for good: no reconnect, iterators end. */
  close(): void {
    this.closing = true;
    this.setStatus('closed');
    clearTimeout(this.reconnectTimer);
    clearInterval(this.staleTimer);
    this.socket?.close(1000, 'client closed');
    for (const set of this.queues.values()) for (const queue of set) this.endQueue(queue);
  }

  /** The channels subscribed now, with their product ids. */
  subscribed(): { channel: string; productIds: string[] | undefined }[] {
    return [...this.subscriptions.values()].map((s) => ({
      channel: s.channel,
      productIds: s.productIds ? [...s.productIds] : undefined,
    }));
  }

  protected async subscribeTo(channel: string, productIds: readonly string[] | undefined): Promise<void> {
    const spec = this.channelSpec(channel);
    if (spec.jwt === 'required' && !this.options.jwt)
      throw new TypeError(`channel ${channel} needs a JWT: give the client a jwt provider`);
    const existing = this.subscriptions.get(channel);
    const ids = productIds ? new Set([...(existing?.productIds ?? []), ...productIds]) : undefined;
    this.subscriptions.set(channel, { channel, productIds: ids });
    this.store.changed();
    this.lastSeen.set(spec.messageChannel, this.now());
    if (this.socket?.readyState === OPEN)
      await this.send('subscribe', channel, productIds ? [...productIds] : undefined);
  }

  protected async unsubscribeFrom(channel: string, productIds: readonly string[] | undefined): Promise<void> {
    const existing = this.subscriptions.get(channel);
    if (!existing) return;
    if (productIds && existing.productIds) {
      for (const id of productIds) existing.productIds.delete(id);
      if (existing.productIds.size === 0) this.subscriptions.delete(channel);
    } else this.subscriptions.delete(channel);
    this.store.changed();
    if (this.socket?.readyState === OPEN)
      await this.send(
        'unsubscribe',
        channel,
        productIds ? [...productIds] : existing.productIds ? [...existing.productIds] : undefined,
      );
  }

  /** Listens to a client event. Returns a function that stops listening. */
  on<E extends keyof FeedEvents<Message>>(event: E, listener: Listener<FeedEvents<Message>[E]>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(event, set);
    return () => set.delete(listener as Listener<never>);
  }

  protected onChannelMessage(channel: string, listener: Listener<Message>): () => void {
    const messageChannel = this.channelSpec(channel).messageChannel;
    const set = this.channelListeners.get(messageChannel) ?? new Set();
    set.add(listener as Listener<never>);
    this.channelListeners.set(messageChannel, set);
    return () => set.delete(listener as Listener<never>);
  }

  /**
   * The messages of a channel, for `for await`. A slow consumer never holds up the socket or
   * other channels: past `queueLimit` the oldest message is dropped and `dropped` reported.
   */
  protected channelMessages(channel: string): AsyncIterableIterator<Message> {
    const messageChannel = this.channelSpec(channel).messageChannel;
    const queue: Queue<Message> = { items: [], waiting: undefined, dropped: 0, closed: false };
    const set = this.queues.get(messageChannel) ?? new Set();
    set.add(queue);
    this.queues.set(messageChannel, set);
    const iterator: AsyncIterableIterator<Message> = {
      next: () => {
        const item = queue.items.shift();
        if (item !== undefined) return Promise.resolve({ value: item, done: false });
        if (queue.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (queue.waiting = resolve));
      },
      return: () => {
        set.delete(queue);
        this.endQueue(queue);
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  /** The order book of a product, kept from the book channel (subscribe to it first). */
  orderBook(productId: string): OrderBook {
    let book = this.books.get(productId);
    if (!book) {
      book = new OrderBook(productId);
      this.books.set(productId, book);
    }
    return book;
  }

  private channelSpec(channel: string): FeedChannelSpec {
    const spec = this.spec.channels[channel];
    if (!spec) throw new TypeError(`unknown channel ${channel}`);
    return spec;
  }

  private setStatus(status: FeedStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.store.changed();
  }

  private emit<E extends keyof FeedEvents<Message>>(event: E, value: FeedEvents<Message>[E]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as Listener<FeedEvents<Message>[E]>)(value);
  }

  private async send(
    type: 'subscribe' | 'unsubscribe',
    channel: string,
    productIds: string[] | undefined,
  ): Promise<void> {
    const spec = this.channelSpec(channel);
    const request: Record<string, unknown> = { type, channel };
    if (spec.productIds !== 'absent' && productIds) request.product_ids = productIds;
    // A fresh token for every request that carries one: they live two minutes.
    if (spec.jwt !== 'absent' && this.options.jwt) request.jwt = await this.options.jwt();
    this.socket?.send(JSON.stringify(request));
  }

  private open(reconnect: boolean): Promise<void> {
    const Socket = this.options.WebSocket ?? (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
    if (!Socket)
      return Promise.reject(new TypeError('no WebSocket: pass options.WebSocket (the `ws` package on Node 20)'));
    const heartbeat = this.spec.heartbeatChannel;
    if (heartbeat && this.options.heartbeats !== false && !this.subscriptions.has(heartbeat))
      this.subscriptions.set(heartbeat, { channel: heartbeat, productIds: undefined });
    return new Promise((resolve, reject) => {
      const socket = new Socket(this.options.url);
      this.socket = socket;
      let opened = false;
      socket.onopen = () => {
        opened = true;
        this.attempts = 0;
        // A new connection numbers its messages afresh.
        this.lastSequence = undefined;
        this.lastHeartbeat = undefined;
        this.recent.fill(-1);
        this.acknowledged.clear();
        for (const book of this.books.values()) book.invalidate();
        for (const subscription of this.subscriptions.values()) {
          void this.send(
            'subscribe',
            subscription.channel,
            subscription.productIds ? [...subscription.productIds] : undefined,
          );
          this.lastSeen.set(this.channelSpec(subscription.channel).messageChannel, this.now());
        }
        this.startStaleWatch();
        this.setStatus('open');
        this.emit('open', { reconnect });
        resolve();
      };
      socket.onmessage = (event) => this.receive(event.data as RawFrame);
      socket.onerror = () => {
        if (!opened) reject(new Error(`cannot connect to ${this.options.url}`));
      };
      socket.onclose = (event) => {
        const willReconnect = !this.closing && this.options.reconnect !== false;
        this.setStatus(willReconnect ? 'reconnecting' : 'closed');
        this.emit('close', {
          ...(event.code !== undefined ? { code: event.code } : {}),
          ...(event.reason ? { reason: event.reason } : {}),
          willReconnect,
        });
        if (willReconnect) this.scheduleReconnect();
        else clearInterval(this.staleTimer);
      };
    });
  }

  private scheduleReconnect(): void {
    const settings = this.options.reconnect === false ? undefined : this.options.reconnect;
    if (settings?.maxAttempts !== undefined && this.attempts >= settings.maxAttempts) return;
    const base = settings?.baseDelayMs ?? 250;
    const max = settings?.maxDelayMs ?? 10_000;
    const random = this.options.random ?? Math.random;
    // Exponential backoff with jitter: half the delay fixed, half random.
    const delay = Math.min(max, base * 2 ** this.attempts) * (0.5 + random() / 2);
    this.attempts++;
    this.reconnectTimer = setTimeout(() => {
      this.open(true).catch(() => this.scheduleReconnect());
    }, delay);
  }

  private startStaleWatch(): void {
    clearInterval(this.staleTimer);
    const cadences = Object.values(this.spec.channels)
      .map((c) => c.cadenceMs ?? 0)
      .filter((c) => c > 0);
    if (cadences.length === 0) return;
    this.staleTimer = setInterval(() => this.checkStale(), Math.max(50, Math.min(...cadences)));
    (this.staleTimer as { unref?: () => void }).unref?.();
  }

  private checkStale(): void {
    const factor = this.options.staleAfterCadences ?? 3;
    for (const subscription of this.subscriptions.values()) {
      const spec = this.channelSpec(subscription.channel);
      if (!spec.cadenceMs) continue;
      const silent = this.now() - (this.lastSeen.get(spec.messageChannel) ?? this.now());
      if (silent > spec.cadenceMs * factor) {
        if (!this.staleReported.has(spec.messageChannel)) {
          this.staleReported.add(spec.messageChannel);
          this.emit('stale', { channel: subscription.channel, silentMs: silent });
        }
      } else this.staleReported.delete(spec.messageChannel);
    }
  }

  /** Checks the connection's sequence; false when the message must not be used (duplicate or late). */
  private inSequence(sequence: number): boolean {
    const last = this.lastSequence;
    if (last === undefined || sequence === last + 1) {
      this.remember(sequence);
      return true;
    }
    if (sequence > last + 1) {
      this.emit('gap', { expected: last + 1, received: sequence, missing: sequence - last - 1 });
      this.remember(sequence);
      this.resyncBooks();
      return true;
    }
    if (this.recent[sequence % RECENT_SEQUENCES] === sequence) this.emit('duplicate', { sequence });
    else {
      // A late message: what came after it was already applied, so the books cannot take it.
      this.emit('reorder', { sequence, after: last });
      this.resyncBooks();
    }
    return false;
  }

  private remember(sequence: number): void {
    this.lastSequence = sequence;
    this.recent[sequence % RECENT_SEQUENCES] = sequence;
  }

  /** After a gap: books refuse updates until a fresh snapshot, which a resubscription brings. */
  private resyncBooks(): void {
    const channel = this.spec.bookChannel;
    const subscription = channel ? this.subscriptions.get(channel) : undefined;
    if (!channel || !subscription || this.books.size === 0) return;
    for (const book of this.books.values()) book.invalidate();
    const productIds = subscription.productIds ? [...subscription.productIds] : [...this.books.keys()];
    this.emit('resync', { productIds });
    // Our own unsubscribe: the acknowledgement without the channel is no close by the server.
    this.acknowledged.delete(channel);
    void this.send('unsubscribe', channel, productIds).then(() => this.send('subscribe', channel, productIds));
  }

  private receive(frame: RawFrame): void {
    const size = frameSize(frame);
    const limit = this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    if (size > limit) {
      this.emit('invalid', {
        frame: typeof frame === 'string' ? frame.slice(0, 500) : '(binary)',
        message: `a message of ${size} bytes is over maxMessageBytes (${limit})`,
      });
      return;
    }
    const parsed = this.spec.parse(frame);
    if (!parsed.ok) {
      this.emit('invalid', {
        frame: typeof frame === 'string' ? frame.slice(0, 500) : '(binary)',
        message: parsed.error.message,
      });
      return;
    }
    const message = parsed.message as Message & {
      channel?: unknown;
      type?: unknown;
      message?: unknown;
      reason?: unknown;
      sequence_num?: unknown;
      events?: unknown[];
    };
    if (message.type === 'error' && typeof message.message === 'string') {
      this.emit('error', {
        message: message.message,
        ...(typeof message.reason === 'string' ? { reason: message.reason } : {}),
      });
      return;
    }
    if (typeof message.sequence_num === 'number' && !this.inSequence(message.sequence_num)) return;
    const channel = typeof message.channel === 'string' ? message.channel : undefined;
    if (channel) {
      this.lastSeen.set(channel, this.now());
      this.staleReported.delete(channel);
    }
    if (channel && channel === this.heartbeatMessageChannel()) this.checkHeartbeats(message.events);
    if (channel && channel === this.spec.ackChannel) this.checkAcknowledgement(message.events);
    if (channel && this.options.orderBooks !== false && channel === this.bookMessageChannel())
      this.applyBook(message.events);
    this.emit('message', message);
    if (!channel) return;
    for (const listener of this.channelListeners.get(channel) ?? []) (listener as Listener<Message>)(message);
    for (const queue of this.queues.get(channel) ?? []) this.enqueue(channel, queue, message);
  }

  /**
   * A channel the server listed as subscribed and lists no more, though nobody unsubscribed
   * it, was closed by the server: subscribe again (with the same product ids).
   */
  private checkAcknowledgement(events: unknown[] | undefined): void {
    const listed = (events?.[0] as { subscriptions?: unknown } | undefined)?.subscriptions;
    if (typeof listed !== 'object' || listed === null) return;
    const now = new Set(Object.keys(listed));
    for (const channel of this.acknowledged) {
      if (now.has(channel) || !this.subscriptions.has(channel)) continue;
      this.emit('channel-closed', { channel });
      const subscription = this.subscriptions.get(channel)!;
      void this.send('subscribe', channel, subscription.productIds ? [...subscription.productIds] : undefined).catch(
        () => undefined,
      );
    }
    this.acknowledged.clear();
    for (const channel of now) this.acknowledged.add(channel);
  }

  private heartbeatMessageChannel(): string | undefined {
    return this.spec.heartbeatChannel ? this.spec.channels[this.spec.heartbeatChannel]?.messageChannel : undefined;
  }

  private bookMessageChannel(): string | undefined {
    return this.spec.bookChannel ? this.spec.channels[this.spec.bookChannel]?.messageChannel : undefined;
  }

  private checkHeartbeats(events: unknown[] | undefined): void {
    for (const event of events ?? []) {
      const counter = Number((event as { heartbeat_counter?: unknown }).heartbeat_counter);
      if (!Number.isFinite(counter)) continue;
      if (this.lastHeartbeat !== undefined && counter !== this.lastHeartbeat + 1)
        this.emit('heartbeat-gap', { expected: this.lastHeartbeat + 1, received: counter });
      this.lastHeartbeat = counter;
    }
  }

  private applyBook(events: unknown[] | undefined): void {
    for (const raw of events ?? []) {
      const event = raw as { type?: string; product_id?: string; updates?: LevelUpdate[] };
      if (!event.product_id || !event.updates) continue;
      const book = this.orderBook(event.product_id);
      if (event.type === 'snapshot') book.applySnapshot(event.updates);
      else book.applyUpdates(event.updates);
    }
  }

  private enqueue(channel: string, queue: Queue<Message>, message: Message): void {
    if (queue.waiting) {
      const resolve = queue.waiting;
      queue.waiting = undefined;
      resolve({ value: message, done: false });
      return;
    }
    queue.items.push(message);
    if (queue.items.length > (this.options.queueLimit ?? 1000)) {
      queue.items.shift();
      queue.dropped++;
      this.emit('dropped', { channel: this.byMessageChannel.get(channel) ?? channel, count: queue.dropped });
    }
  }

  private endQueue(queue: Queue<Message>): void {
    queue.closed = true;
    const resolve = queue.waiting;
    queue.waiting = undefined;
    resolve?.({ value: undefined, done: true });
  }
}
