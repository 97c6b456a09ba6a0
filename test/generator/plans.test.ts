/**
 * Plans are pure functions of the model, tested directly: given a small document, want this
 * plan. (The mock plan has its own file, mock-plan.test.ts; the validator-type plan is
 * inference-cost.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/pipeline.js';
import { errorEnvelopeOf, type ErrorEnvelope } from '../../generator/plans/envelope.js';
import { planFeed } from '../../generator/plans/feed.js';
import { createPlans } from '../../generator/plans/index.js';
import { writeSpec } from '../helpers/generate.js';

const withError = (schema: object | undefined, mediaType = 'application/json'): object => ({
  openapi: '3.1.0',
  info: { title: 'Errors', version: '1.0.0' },
  paths: { '/a': { get: { operationId: 'a', responses: { '200': { description: 'OK' }, ...(schema ? { '400': { description: 'Bad', content: { [mediaType]: { schema } } } } : {}) } } } },
});
const string = { type: 'string' };

describe('the error envelope plan', () => {
  it.each([
    ['a document without error bodies: {error, message}', withError(undefined), { id: 'error', message: 'message' }],
    ['a list of errors with id, message and field', withError({ type: 'object', properties: { errors: { type: 'array', items: { type: 'object', properties: { id: string, message: string, field: string } } } } }), { list: 'errors', id: 'id', message: 'message', field: 'field' }],
    ['one error with other common names', withError({ type: 'object', properties: { code: string, error_description: string } }), { id: 'code', message: 'error_description' }],
    [
      'problem details, in their own media type',
      withError({ type: 'object', properties: { type: string, title: string, status: { type: 'integer' }, detail: string } }, 'application/problem+json'),
      { id: 'type', message: 'detail', status: 'status', title: 'title', mediaType: 'application/problem+json' },
    ],
  ] as [string, object, ErrorEnvelope][])('%s', async (_, document, envelope) => {
    const model = await loadModel({ file: writeSpec(document, 'plan-envelope'), name: 'errors' });
    expect(errorEnvelopeOf(model)).toEqual(envelope);
  });
});

/** A feed: clients send subscriptions naming a channel, the server sends messages on it. */
function feed(subscription: Record<string, unknown>, required: string[]): object {
  const channel = (name: string) => ({ const: name });
  return {
    asyncapi: '3.0.0',
    info: { title: 'Feed', version: '1.0.0' },
    channels: { ws: { address: '/', messages: { subscribe: { $ref: '#/components/messages/subscribe' }, ticker: { $ref: '#/components/messages/ticker' }, ack: { $ref: '#/components/messages/ack' } } } },
    operations: {
      subscribe: { action: 'send', channel: { $ref: '#/channels/ws' }, messages: [{ $ref: '#/channels/ws/messages/subscribe' }] },
      receive: { action: 'receive', channel: { $ref: '#/channels/ws' }, messages: [{ $ref: '#/channels/ws/messages/ticker' }, { $ref: '#/channels/ws/messages/ack' }] },
    },
    components: {
      messages: {
        subscribe: { payload: { $ref: '#/components/schemas/Subscribe' } },
        ticker: { payload: { $ref: '#/components/schemas/Ticker' }, 'x-cadence': { intervalMs: 1000 } },
        ack: { payload: { $ref: '#/components/schemas/Ack' } },
      },
      schemas: {
        Subscribe: { type: 'object', required: ['channel', ...required], properties: { channel: channel('ticker'), ...subscription } },
        Ticker: { type: 'object', required: ['channel', 'price'], properties: { channel: channel('ticker'), price: string } },
        Ack: { type: 'object', required: ['channel', 'events'], properties: { channel: channel('subscriptions'), events: { type: 'array', items: { type: 'object', properties: { subscriptions: { type: 'object' } } } } } },
      },
    },
  };
}

describe('the feed plan', () => {
  it.each([
    ['product ids required, no JWT', { product_ids: { type: 'array', items: string } }, ['product_ids'], { productIds: 'required', jwt: 'absent' }],
    ['product ids optional, a JWT', { product_ids: { type: 'array', items: string }, jwt: string }, [], { productIds: 'optional', jwt: 'optional' }],
  ] as [string, Record<string, unknown>, string[], object][])('a subscription with %s', async (_, subscription, required, expected) => {
    const model = await loadModel({ file: writeSpec(feed(subscription, required), 'plan-feed'), name: 'feed' });
    const plan = planFeed(model);
    expect(plan.channels).toEqual([{ name: 'ticker', messageChannel: 'ticker', ...expected, messageTypes: ['Ticker'], subscriptionType: 'Subscribe', cadenceMs: 1000 }]);
    // The acknowledgements carry `subscriptions`: not a channel one subscribes to.
    expect(plan.ackChannel).toBe('subscriptions');
  });

  it('has no channel for a payload that names none', async () => {
    const document = feed({}, []) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    delete document.components.schemas['Subscribe']!.properties['channel'];
    const model = await loadModel({ file: writeSpec(document, 'plan-feed'), name: 'feed' });
    expect(planFeed(model).channels).toEqual([]);
  });
});

describe('the plans stage', () => {
  it('computes a plan when a target first reads it, and answers the same plan after', async () => {
    const model = await loadModel({ file: writeSpec(feed({}, []), 'plan-stage'), name: 'feed' });
    const read = new Set<string>();
    const watched = new Proxy(model, { get: (target, key, receiver) => (read.add(String(key)), Reflect.get(target, key, receiver)) });
    const plans = createPlans({ model: watched });
    // Nothing is planned before a target asks: a run without the mock plans no mock.
    expect([...read]).toEqual([]);
    const plan = plans.feed;
    expect(read.has('messages')).toBe(true);
    expect(plans.feed).toBe(plan);
    expect(plan).toEqual(planFeed(model));
  });
});
