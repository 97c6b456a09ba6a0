/** @svc/feed: parsing frames into typed messages, narrowed by channel, and typed errors. */
import { clientMessageSchema, messages, parseFeedMessage, serverMessageSchema, type AnyServerMessage } from '@svc/feed';
import { describe, expect, expectTypeOf, it } from 'vitest';

const heartbeat = {
  channel: 'heartbeats',
  client_id: '',
  timestamp: '2023-06-23T20:31:56.121961769Z',
  sequence_num: 1,
  events: [{ current_time: '2023-06-23 20:31:56.121961769 +0000 UTC m=+91717.525857105', heartbeat_counter: 3049 }],
};
const level2 = {
  channel: 'l2_data',
  timestamp: '2023-02-09T20:32:50.714964855Z',
  sequence_num: 0,
  events: [{ type: 'snapshot', product_id: 'BTC-USD', updates: [{ side: 'bid', event_time: '1970-01-01T00:00:00Z', price_level: '21921.73', new_quantity: '0.06317902' }] }],
};

describe('parseFeedMessage', () => {
  it('parses text and bytes into a message narrowed by channel', () => {
    const fromText = parseFeedMessage(JSON.stringify(level2));
    const fromBytes = parseFeedMessage(new TextEncoder().encode(JSON.stringify(heartbeat)));
    expect(fromText.ok && fromBytes.ok).toBe(true);
    if (!fromText.ok) return;
    const message = fromText.message;
    if ('channel' in message && message.channel === 'l2_data') {
      expectTypeOf(message.events[0]!.updates[0]!.side).toEqualTypeOf<'bid' | 'offer'>();
      expect(message.events[0]!.updates[0]!.new_quantity).toBe('0.06317902');
    } else throw new Error('expected an l2_data message');
    expectTypeOf(fromText).toMatchTypeOf<{ ok: true; message: AnyServerMessage } | { ok: false }>();
  });

  it('parses the error message, which has no envelope', () => {
    const result = parseFeedMessage('{"type":"error","message":"authentication failure"}');
    expect(result).toMatchObject({ ok: true, message: { type: 'error', message: 'authentication failure' } });
  });

  it('reports invalid JSON and invalid messages as typed errors, never throwing', () => {
    const notJson = parseFeedMessage('{oops');
    expect(notJson).toMatchObject({ ok: false, error: { kind: 'invalid_json', raw: '{oops' } });
    const wrong = parseFeedMessage(JSON.stringify({ ...level2, events: [{ ...level2.events[0], updates: [{ side: 'ask' }] }] }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.error.kind).toBe('invalid_message');
      expect(wrong.error.issues.length).toBeGreaterThan(0);
    }
    expect(parseFeedMessage(JSON.stringify({ channel: 'nope', events: [] })).ok).toBe(false);
  });
});

describe('client messages follow the seed table of product_ids and jwt', () => {
  const ok = (value: unknown): boolean => clientMessageSchema.safeParse(value).success;
  it.each([
    ['heartbeats without product_ids', { type: 'subscribe', channel: 'heartbeats' }, true],
    ['heartbeats with product_ids', { type: 'subscribe', channel: 'heartbeats', product_ids: ['BTC-USD'] }, false],
    ['ticker with product_ids', { type: 'subscribe', channel: 'ticker', product_ids: ['BTC-USD'] }, true],
    ['ticker without product_ids', { type: 'subscribe', channel: 'ticker' }, false],
    ['level2 subscribes as level2', { type: 'subscribe', channel: 'level2', product_ids: ['ETH-USD'] }, true],
    ['l2_data is not a subscription channel', { type: 'subscribe', channel: 'l2_data', product_ids: ['ETH-USD'] }, false],
    ['user without jwt', { type: 'subscribe', channel: 'user' }, false],
    ['user with jwt, all products', { type: 'subscribe', channel: 'user', jwt: 'eyJ.a.b' }, true],
    ['futures_balance_summary with jwt', { type: 'unsubscribe', channel: 'futures_balance_summary', jwt: 'eyJ.a.b' }, true],
    ['an extra property', { type: 'subscribe', channel: 'status', product_ids: ['BTC-USD'], extra: 1 }, false],
  ])('%s', (_, message, valid) => expect(ok(message)).toBe(valid));

  it('every message of the document is in the messages record with its direction', () => {
    const directions = Object.values(messages).map((m) => m.direction);
    expect(directions.filter((d) => d === 'client')).toHaveLength(9);
    expect(directions.filter((d) => d === 'server')).toHaveLength(11);
    expect(serverMessageSchema.safeParse(heartbeat).success).toBe(true);
  });
});
