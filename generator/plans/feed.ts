/**
 * The channels of an AsyncAPI feed as the client needs them, read from the model: each
 * client message whose payload names a `channel` is a subscription (with or without
 * `product_ids` and `jwt`); each server message with a `channel` belongs to the subscription
 * its `x-subscribe-channel` (or its own channel name) says, at the `x-cadence` it is sent.
 */
import { effectiveObject, resolve } from '../model/derive.js';
import type { ApiModel, MessageModel, ObjectNode } from '../model/types.js';

// A channel as the runtime reads it, plus the type names the generated client needs.
import type { FeedChannelSpec } from '../../templates/runtime/src/feed/client.js';

export interface PlannedChannel extends FeedChannelSpec {
  /** Type names of the server messages of the channel. */
  messageTypes: string[];
  /** Type name of the subscription message. */
  subscriptionType: string;
}

export interface FeedPlan {
  channels: PlannedChannel[];
  bookChannel?: string;
  heartbeatChannel?: string;
  /** The message channel of the server's subscription acknowledgements (events carrying `subscriptions`). */
  ackChannel?: string;
}

/** The constant value of a property (`channel: {const: level2}`), when it has one. */
function constantOf(model: ApiModel, object: ObjectNode, name: string): string | undefined {
  const property = object.properties.find((p) => p.name === name);
  const schema = resolve(model, property?.schema);
  if (schema?.kind === 'literal' && schema.values.length === 1 && typeof schema.values[0] === 'string') return schema.values[0];
  if (schema?.kind === 'string' && schema.enum?.length === 1 && !schema.openEnum) return schema.enum[0];
  return undefined;
}

const presence = (object: ObjectNode, name: string): 'required' | 'optional' | 'absent' => {
  const property = object.properties.find((p) => p.name === name);
  return !property ? 'absent' : property.required ? 'required' : 'optional';
};

/** Whether the items of a message's `events` have a property whose items have all of `names`. */
function eventsCarry(model: ApiModel, payload: ObjectNode, test: (event: ObjectNode) => boolean): boolean {
  const events = resolve(model, payload.properties.find((p) => p.name === 'events')?.schema);
  if (events?.kind !== 'array') return false;
  const event = effectiveObject(model, events.items);
  return event !== undefined && test(event);
}

const typeNameOf = (model: ApiModel, message: MessageModel): string | undefined =>
  message.payload.kind === 'ref' ? model.schemas.find((s) => s.key === (message.payload as { target: string }).target)?.typeName : undefined;

/** The feed plan of a model (the plans stage computes it once per run: `Plans.feed`). */
export function planFeed(model: ApiModel): FeedPlan {
  const channels: PlannedChannel[] = [];
  for (const message of model.messages.filter((m) => m.direction === 'client')) {
    const payload = effectiveObject(model, message.payload);
    const name = payload ? constantOf(model, payload, 'channel') : undefined;
    const subscriptionType = typeNameOf(model, message);
    if (!payload || !name || !subscriptionType) continue;
    channels.push({ name, messageChannel: name, productIds: presence(payload, 'product_ids'), jwt: presence(payload, 'jwt'), messageTypes: [], subscriptionType });
  }
  const plan: FeedPlan = { channels };
  for (const message of model.messages.filter((m) => m.direction === 'server')) {
    const payload = effectiveObject(model, message.payload);
    const messageChannel = payload ? constantOf(model, payload, 'channel') : undefined;
    if (!payload || !messageChannel) continue;
    const channel = channels.find((c) => c.name === (message.subscribeChannel ?? messageChannel));
    if (!channel) {
      // Not a channel one subscribes to: the acknowledgements, which list what is subscribed.
      if (eventsCarry(model, payload, (event) => effectiveObject(model, event.properties.find((p) => p.name === 'subscriptions')?.schema) !== undefined)) plan.ackChannel = messageChannel;
      continue;
    }
    channel.messageChannel = messageChannel;
    const type = typeNameOf(model, message);
    if (type) channel.messageTypes.push(type);
    if (message.cadenceMs !== undefined) channel.cadenceMs = message.cadenceMs;
    const levels = (event: ObjectNode): boolean => {
      const updates = resolve(model, event.properties.find((p) => p.name === 'updates')?.schema);
      const level = updates?.kind === 'array' ? effectiveObject(model, updates.items) : undefined;
      return level !== undefined && ['price_level', 'new_quantity', 'side'].every((n) => level.properties.some((p) => p.name === n));
    };
    if (eventsCarry(model, payload, levels)) plan.bookChannel = channel.name;
    if (eventsCarry(model, payload, (event) => event.properties.some((p) => p.name === 'heartbeat_counter'))) plan.heartbeatChannel = channel.name;
  }
  return plan;
}
