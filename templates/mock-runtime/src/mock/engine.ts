/**
 * The stateful mock: one handler per operation, answering from seeded fixtures and the
 * state of the caller. Creates store resources that reads, updates, lists, deletes and
 * actions then see; lists page for real; repeated idempotency keys return the first answer;
 * `x-state-machine` transitions move states. API-specific rules plug in as behaviours.
 */
import {
  declaredMediaType,
  selectValidator,
  setOwnProperty,
  streamSpecOf,
  systemClock,
  type OperationSpec,
  type StreamAlternativeSpec,
  type StreamSpec,
  type Validator,
} from '@svc/runtime';
import {
  fastAccepts,
  HttpProblem,
  RawFrame,
  type HandlerContext,
  type HandlerReply,
  type OperationHandler,
} from '@svc/server-runtime';
import { conditionHolds, parseCondition, type Condition } from './conditions.js';
import { mayVary, propertyValidator } from './field-schemas.js';
import { paginate } from './paginate.js';
import { asksForStream, endFrame, numberedItem, seededItem } from './stream-items.js';
import { getAt, hashSeed, isRecord, removeAt, setAt, setIfPresent, shallowCopy, spreadable, withAt } from './paths.js';
import type { MockCollectionPlan, MockOperationPlan, MockPlan, MockWebhookPlan } from './plan.js';
import { MockStore, type Collection, type DeferredEntry, type Resource, type Tenant } from './store.js';
import type { WebhookDispatcher } from './webhooks.js';

/** Seeded bodies of the operations' responses (the generated `fixtures.ts` provides them). */
export interface MockFixtures {
  response(operationId: string, status: string, seed: number): unknown;
  /** A seeded instance of a named schema (webhook payloads). */
  schema?(key: string, seed: number): unknown;
  /** A seeded item of the stream an operation offers beside its body (`streamAlternative`). */
  streamItem?(operationId: string, seed: number): unknown;
}

/** Where webhooks go: the document's webhook names by operationId, and the dispatcher. */
export interface MockWebhooks {
  dispatcher: WebhookDispatcher;
  /** operationId -> the webhook's name (its key under `webhooks` in the document). */
  names: Readonly<Record<string, string>>;
}

/** What a behaviour sees of one call. */
export interface MockCall {
  operationId: string;
  plan: MockOperationPlan;
  context: HandlerContext;
  /** The caller's state. */
  tenant: Tenant;
  store: MockStore;
  /** The default answer of the mock for this call (a promise only when it waits for something, such as webhooks going out). */
  next(): HandlerReply | Promise<HandlerReply>;
  /** A seeded body of a response of this operation. */
  fixture(status: number | string, seed: number): unknown;
  /**
   * The collection this operation works on, for the call's path parameters. A resource that a
   * webhook event recorded is frozen: change it through `collection.writable(id)`.
   */
  collection(): Collection | undefined;
  now(): number;
}

/** Replaces the mock's answer to an operation; call `next()` for the default. */
export type Behaviour = (call: MockCall) => HandlerReply | Promise<HandlerReply>;

/** Adjusts a resource the mock is about to store on create (`amount` from the request, say). */
export type CreateHook = (resource: Resource, call: MockCall) => void;

export interface MockEngineOptions {
  fixtures: MockFixtures;
  /** @default Date.now */
  now?: () => number;
  behaviours?: Readonly<Record<string, Behaviour>>;
  /** Called for every resource a create stores, before it is stored. */
  onCreate?: CreateHook;
  /** Resources a seeded collection (one that no operation creates) starts with. @default 3 */
  seedCount?: number;
  store?: MockStore;
  /** Send the document's webhooks on resource events (and record them as notifications). */
  webhooks?: MockWebhooks;
  /** What the streamed responses (server-sent events, JSON Lines) send, and the faults they show. */
  streams?: MockStreamOptions;
}

/**
 * A streamed response of the mock: `count` seeded items, one every `intervalMs`; server-sent
 * events numbered by `id` (1, 2, …), so that a client that reconnects with `Last-Event-ID` gets
 * the rest. The faults show a client what it must survive: the connection broken off after
 * `dropAfter` items (on the first connection of a stream only, so that a reconnect completes
 * it), a malformed item in place of item `malformedAt` (0-based), a pause of `pauseMs` before
 * item `pauseAt`.
 */
export interface MockStreamOptions {
  /** @default 5 */
  count?: number;
  /** @default 0 */
  intervalMs?: number;
  dropAfter?: number;
  malformedAt?: number;
  pauseAt?: number;
  /** @default 1000 */
  pauseMs?: number;
}

/** Raised inside a mock stream to break its connection off (`MockStreamOptions.dropAfter`). */
class DroppedByMock extends Error {
  override readonly name = 'DroppedByMock';
}

/** The items of a mock stream, from `first` on (see `MockStreamOptions`). */
async function* mockStream(init: {
  spec: StreamSpec;
  options: MockStreamOptions;
  item: (index: number) => unknown;
  first: number;
  resumed: boolean;
}): AsyncGenerator<unknown, void, undefined> {
  const { spec, options } = init;
  const count = options.count ?? 5;
  for (let index = init.first; index < count; index++) {
    if (index === options.pauseAt) await systemClock.sleep(options.pauseMs ?? 1000);
    else if (options.intervalMs && index > init.first) await systemClock.sleep(options.intervalMs);
    if (!init.resumed && options.dropAfter !== undefined && index - init.first === options.dropAfter)
      throw new DroppedByMock(`the mock broke the stream off after ${options.dropAfter} items (streams.dropAfter)`);
    if (index === options.malformedAt) {
      // Data that claims to be JSON and is not: an event whose data is JSON, or a line.
      const jsonEvent = Array.isArray(spec.jsonData) ? `event: ${spec.jsonData[0]}\n` : '';
      yield new RawFrame(
        spec.format === 'sse'
          ? `id: ${index + 1}\n${jsonEvent}data: {"malformed": \n\n`
          : spec.format === 'jsonl'
            ? '{"malformed": \n'
            : '\u001e{"malformed": \n',
      );
      continue;
    }
    yield numberedItem(spec, init.item(index), index);
  }
}

export interface MockEngine {
  handlers: Record<string, OperationHandler>;
  store: MockStore;
}

/** A deep copy of JSON data (what fixtures and stored resources are); several times faster than `structuredClone` on it. */
function clone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value instanceof Blob) return value;
  const out: Record<string, unknown> = {};
  // A `__proto__` key of a request stays data in the copy (plain assignment would make it the copy's prototype).
  for (const key in value) setOwnProperty(out, key, clone((value as Record<string, unknown>)[key]));
  return out as T;
}

/**
 * Makes JSON data read-only, all the way down. Cached fixtures are frozen: resources share their
 * nested values (a create copies only the top level), so a value changed in place would change
 * every resource made from the same seed. The engine and behaviours replace a resource's fields
 * instead; writing into a frozen value throws, which a test then sees as a 500.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || value instanceof Blob) return value;
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}

// Building and checking a fixture takes a fraction of a millisecond; answers reuse them.
const FIXTURE_CACHE_LIMIT = 20_000;
/** Seeds tried for a valid seeded body before the mock gives up (and answers 500, logged). */
const FIXTURE_SEED_ATTEMPTS = 8;
/** Creates draw their seeded body from this many seeds (each new resource still gets its own id). */
const CREATE_POOL = 64;

/** `2026-01-02T03:04:05Z` for a time in milliseconds; the text of the last second is kept, as most calls fall in it. */
const isoSeconds = (() => {
  let second = Number.NaN;
  let text = '';
  return (ms: number): string => {
    const current = Math.floor(ms / 1000);
    if (current !== second) {
      second = current;
      text = new Date(current * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    }
    return text;
  };
})();

/** The forms a timestamp field may take, in the order tried: RFC 3339 time, Unix seconds, Unix milliseconds, a date. */
const TIME_FORMS: readonly ((ms: number) => unknown)[] = [
  isoSeconds,
  (ms) => Math.floor(ms / 1000),
  (ms) => ms,
  (ms) => isoSeconds(ms).slice(0, 10),
];

/** The time form of a seeded value, for a field whose schema cannot be asked alone (a union's). */
function timeFormLike(seeded: unknown): ((ms: number) => unknown) | undefined {
  if (typeof seeded === 'number') return seeded < 1e11 ? TIME_FORMS[1] : TIME_FORMS[2];
  if (typeof seeded !== 'string') return seeded === null ? TIME_FORMS[0] : undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(seeded)
    ? TIME_FORMS[3]
    : /^\d{4}-\d{2}-\d{2}T/.test(seeded)
      ? TIME_FORMS[0]
      : undefined;
}

/** `00` … `ff`: a word's hex digits by table, several times faster than `toString(16)` and padding. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NIBBLES = '0123456789abcdef';

/** The next state of a 32-bit xorshift: ids need to differ, not to be secret. */
const xorshift = (state: number): number => {
  state ^= state << 13;
  state ^= state >>> 17;
  return state ^ (state << 5);
};
const hexWord = (word: number): string =>
  HEX_BYTES[(word >>> 24) & 255]! +
  HEX_BYTES[(word >>> 16) & 255]! +
  HEX_BYTES[(word >>> 8) & 255]! +
  HEX_BYTES[word & 255]!;

/**
 * A version-4 uuid from the first four xorshift words of `state`: the 32 hex digits of the
 * words in order, with the version digit and the variant put in, laid out straight from the
 * words (a create makes one, and slicing a hex string cost several copies).
 */
function uuidFrom(state: number): string {
  const a = xorshift(state);
  const b = xorshift(a);
  const c = xorshift(b);
  const d = xorshift(c);
  return (
    `${hexWord(a)}-${HEX_BYTES[(b >>> 24) & 255]!}${HEX_BYTES[(b >>> 16) & 255]!}-4${NIBBLES[(b >>> 8) & 15]!}${HEX_BYTES[b & 255]!}-` +
    `${'89ab'[(c >>> 28) & 3]!}${NIBBLES[(c >>> 24) & 15]!}${HEX_BYTES[(c >>> 16) & 255]!}-${HEX_BYTES[(c >>> 8) & 255]!}${HEX_BYTES[c & 255]!}${hexWord(d)}`
  );
}

/** A new id shaped like `previous` (a uuid, a hex string, a number), made from `key` alone. */
export function freshId(previous: unknown, key: string): string | number {
  const hex = (length: number): string => {
    // One hash of the key, stretched with a xorshift.
    let state = hashSeed(key) || 1;
    let out = '';
    while (out.length < length) out += hexWord((state = xorshift(state)));
    return out.slice(0, length);
  };
  if (typeof previous === 'number') return hashSeed(key) % 1_000_000_000;
  if (typeof previous === 'string' && UUID.test(previous)) return uuidFrom(hashSeed(key) || 1);
  if (typeof previous === 'string' && /^[0-9a-f]+$/i.test(previous) && previous.length >= 8)
    return hex(previous.length);
  return `${typeof previous === 'string' ? previous : 'id'}-${hashSeed(key).toString(36)}`;
}

/**
 * Other shapes of a new id made from `previous` and `key`, for ids that a pattern constrains
 * (`m_[a-z0-9]+` refuses `m_u-1k2j`): the suffix without a separator, then with `_`.
 */
export function freshIdVariants(previous: unknown, key: string): string[] {
  if (typeof previous !== 'string') return [];
  const suffix = hashSeed(key).toString(36);
  return [
    `${previous}${suffix}`,
    `${previous}_${suffix}`,
    `${previous.slice(0, Math.max(1, previous.length - suffix.length))}${suffix}`,
  ];
}

/** `parseCondition`, once per text (the conditions are the plan's, a handful). */
const conditions = new Map<string | undefined, Condition>();
function parsedCondition(text: string | undefined): Condition {
  if (!conditions.has(text)) conditions.set(text, parseCondition(text));
  return conditions.get(text);
}

/** `then()` once `sending` (webhooks going out) is done, at once when nothing is sent. */
const afterSending = <T>(sending: Promise<void> | undefined, then: () => T): T | Promise<T> =>
  sending ? sending.then(then) : then();

/**
 * A webhook event of a resource: what its notification and its delivery are made from. A
 * class with fields rather than closures: every create keeps one until its notification is
 * listed, and closures would keep their whole scopes.
 */
class ResourceEvent implements DeferredEntry {
  constructor(
    readonly hook: MockWebhookPlan,
    /** `collection\0event`: with the counter, what the notification's id is made from. */
    readonly eventKey: string,
    readonly counter: number,
    readonly seed: number,
    /** The seeded payload (shared and frozen) the event is laid over. */
    readonly made: unknown,
    /** The resource when the event happened: frozen, so a later change takes a copy (`Collection.writable`). */
    readonly snapshot: Resource,
    readonly createdAt: string,
    /** The notifications collection, when the API lists notifications. */
    readonly listed: string | undefined,
    /** A seeded item of a collection (the engine's `sharedListItem`). */
    readonly seededItem: (collection: string, seed: number, tries?: number) => Resource | undefined,
  ) {}

  id(): string | number {
    return freshId(
      (isRecord(this.made) ? this.made.id : undefined) ?? 'notification',
      `${this.eventKey}\0${this.counter}`,
    );
  }

  /** The payload with the resource and the time of the event; the payload's own fields are replaced, not changed, so a shallow copy will do. */
  payload(id: string | number | undefined): Record<string, unknown> {
    const payload: Record<string, unknown> = isRecord(this.made) ? shallowCopy(this.made) : {};
    payload[this.hook.resourceAt] = this.snapshot;
    // The event's time in the form the seeded payload has it (Unix seconds, or RFC 3339).
    if ('created_at' in payload)
      payload.created_at =
        typeof payload.created_at === 'number' ? Math.floor(Date.parse(this.createdAt) / 1000) : this.createdAt;
    if (id !== undefined) payload.id = id;
    return payload;
  }

  /**
   * The notification as the list shows it: the payload over a seeded item, which brings the
   * fields a listed notification has and a payload lacks (delivery attempts and the like),
   * looked for past empty seeded lists.
   */
  settle(): { id: string; make: () => Resource } {
    const id = this.id();
    return {
      id: String(id),
      make: () => ({
        ...(this.listed ? (this.seededItem(this.listed, this.seed, 32) ?? {}) : {}),
        ...this.payload(id),
      }),
    };
  }
}

export function createMockEngine(
  operations: Readonly<Record<string, OperationSpec>>,
  plan: MockPlan,
  options: MockEngineOptions,
): MockEngine {
  const store = options.store ?? new MockStore();
  const now = options.now ?? Date.now;
  const seedCount = options.seedCount ?? 3;
  const handlers: Record<string, OperationHandler> = {};
  const cache = new Map<string, unknown>();

  /**
   * A seeded response body; where the fixtures cannot build a valid one for `seed` (a union whose
   * variants some seeds fill wrongly), the one of the next seed that can, so that a request is
   * answered the same way every time.
   */
  const seededResponse = (operationId: string, status: string, seed: number): unknown => {
    let failure: unknown;
    for (let attempt = 0; attempt < FIXTURE_SEED_ATTEMPTS; attempt++) {
      try {
        return options.fixtures.response(operationId, status, seed + attempt * 7919);
      } catch (error) {
        failure ??= error;
      }
    }
    throw failure;
  };
  /** A seeded response body, built once per operation, status and seed; callers clone before changing it. */
  const cachedResponse = (operationId: string, status: string, seed: number): unknown => {
    const key = `${operationId}\0${status}\0${seed}`;
    if (cache.has(key)) return cache.get(key);
    const made = seededResponse(operationId, status, seed);
    let body: unknown = made;
    if (isRecord(made) && (plan.serverFields ?? []).some((field) => field in made)) {
      const stripped = { ...made };
      for (const field of plan.serverFields ?? []) delete stripped[field];
      body = stripped;
    }
    if (cache.size >= FIXTURE_CACHE_LIMIT) cache.clear();
    cache.set(key, deepFreeze(body));
    return body;
  };

  /** The first list operation of each collection, with the field its items are in. */
  const listOf = new Map<string, { operationId: string; itemsField: string }>();
  for (const [operationId, opPlan] of Object.entries(plan.operations)) {
    const itemsField = opPlan.pagination?.itemsField;
    if (opPlan.role === 'list' && opPlan.collection && itemsField && !listOf.has(opPlan.collection))
      listOf.set(opPlan.collection, { operationId, itemsField });
  }

  /**
   * A seeded item of a collection as its list answers items (unwrapped), shared: callers copy it
   * before changing it. A seeded list may be empty: with `tries`, the next seeds are tried in turn.
   */
  const sharedListItem = (collection: string, seed: number, tries = 1): Resource | undefined => {
    const list = listOf.get(collection);
    if (!list) return undefined;
    const wrapper = plan.collections[collection]?.itemWrapper;
    for (let attempt = 0; attempt < tries; attempt++) {
      const source = getAt(cachedResponse(list.operationId, '200', seed + attempt), list.itemsField);
      const entry = Array.isArray(source) ? source.find(isRecord) : undefined;
      const item = entry && wrapper ? entry[wrapper] : entry;
      if (isRecord(item)) return item;
    }
    return undefined;
  };
  /** Like `sharedListItem`, a copy of its own. */
  const listItemFixture = (collection: string, seed: number): Resource | undefined => {
    const item = sharedListItem(collection, seed);
    return item ? clone(item) : undefined;
  };

  /** The webhooks of each resource event (`collection\0event`). */
  const hooksOf = new Map<string, MockWebhookPlan[]>();
  for (const hook of plan.webhooks ?? []) {
    const key = `${hook.collection}\0${hook.event}`;
    hooksOf.set(key, [...(hooksOf.get(key) ?? []), hook]);
  }
  /**
   * Records the webhooks of a resource event in the caller's notifications and sends them; the
   * promise of the sending, undefined when nothing is sent (no receiver).
   */
  const emit = (tenant: Tenant, collection: string, event: string, resource: Resource): Promise<void> | undefined => {
    let sending: Promise<void> | undefined;
    const eventKey = `${collection}\0${event}`;
    for (const hook of hooksOf.get(eventKey) ?? []) {
      const counter = tenant.next();
      const seed = (counter % CREATE_POOL) + 1;
      const key = `schema\0${hook.schema}\0${seed}`;
      if (!cache.has(key)) cache.set(key, deepFreeze(options.fixtures.schema?.(hook.schema, seed)));
      // The resource as it is now: frozen and kept, not copied (most are never changed again; a
      // change takes a copy first, `Collection.writable`); the time of the event.
      const happened = new ResourceEvent(
        hook,
        eventKey,
        counter,
        seed,
        cache.get(key),
        Object.freeze(resource),
        isoSeconds(now()),
        plan.notifications,
        sharedListItem,
      );
      // Its notification, as the list shows it, is worked out when the list is first read (most never are).
      if (plan.notifications) tenant.collection(plan.notifications).putDeferred(happened);
      const webhooks = options.webhooks;
      if (webhooks) {
        // One event's webhooks are queued in order, each once the one before is.
        const send = async (): Promise<void> =>
          void (await webhooks.dispatcher.send(
            webhooks.names[hook.webhook] ?? hook.webhook,
            happened.payload(plan.notifications ? happened.id() : undefined),
          ));
        sending = sending ? sending.then(send) : send();
      }
    }
    return sending;
  };

  for (const [operationId, op] of Object.entries(operations)) {
    const opPlan = plan.operations[operationId];
    if (!opPlan) continue;
    const collectionPlan: MockCollectionPlan | undefined = opPlan.collection
      ? plan.collections[opPlan.collection]
      : undefined;
    const fixture = (status: number | string, seed: number): unknown =>
      clone(cachedResponse(operationId, String(status), seed));

    /** Whether `body` is a valid answer with `status`; the issues' paths when not. */
    const check = (status: number, body: unknown): (string | number)[][] => {
      const { schema } = selectValidator(op.responses, status);
      if (!schema) return [];
      const result = schema.safeParse(body);
      return result.success
        ? []
        : result.error.issues.map((issue) => issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)));
    };

    /** The validator of a resource field in the success answer, when it alone decides the field's validity (field-schemas.ts). */
    const fieldValidators = new Map<string, Validator | undefined>();
    const fieldValidator = (key: string): Validator | undefined => {
      if (!fieldValidators.has(key)) {
        const { schema } = selectValidator(op.responses, opPlan.successStatus);
        const at =
          opPlan.resourceAt === undefined ? undefined : opPlan.resourceAt === '' ? [] : opPlan.resourceAt.split('.');
        fieldValidators.set(key, schema && at ? propertyValidator(schema, [...at, key]) : undefined);
      }
      return fieldValidators.get(key);
    };

    const scopeKey = (context: HandlerContext): string | undefined => {
      if (!opPlan.collection) return undefined;
      const params = context.params as Record<string, unknown>;
      let key = opPlan.collection;
      for (const name of opPlan.scope ?? []) key += `\0${String(params[name])}`;
      return key;
    };

    // The item path split once: literal text at even places, parameter names at odd ones.
    const itemPathParts = collectionPlan?.itemPath?.split(/\{([^}]+)\}/);
    const pathOf = (context: HandlerContext, id: string): string | undefined => {
      if (!itemPathParts) return undefined;
      const params = context.params as Record<string, unknown>;
      let path = '';
      // The item's own id parameter is not among a create's parameters: it is the new id.
      for (let i = 0; i < itemPathParts.length; i++)
        path += i % 2 === 0 ? itemPathParts[i] : String(params[itemPathParts[i]!] ?? id);
      return path;
    };

    /** Points the resource's own path field (`resource_path`), where it has one, at where the API serves it. */
    const placeAtPath = (resource: Resource, context: HandlerContext, id: string): void => {
      const field = collectionPlan?.pathField;
      if (!field || !(field in resource)) return;
      const path = pathOf(context, id);
      if (path) resource[field] = path;
    };

    /** How each timestamp field is written, found on its first stamp: the form its schema takes. */
    const stampForms = new Map<string, ((ms: number) => unknown) | undefined>();
    const stamp = (resource: Resource, field: string | undefined): void => {
      if (!field || !(field in resource)) return;
      if (!stampForms.has(field)) {
        const validator = fieldValidator(field);
        const accepts = validator ? fastAccepts(validator) : undefined;
        const sample = now();
        stampForms.set(
          field,
          accepts ? TIME_FORMS.find((form) => accepts(form(sample))) : timeFormLike(resource[field]),
        );
      }
      const form = stampForms.get(field);
      // A field no time form fits (an object, a pattern of its own) keeps its seeded value.
      if (form) resource[field] = form(now());
    };

    /** Seeds a collection no operation creates with a few resources, once. */
    const ensureSeeded = (collection: Collection, key: string, context: HandlerContext): void => {
      if (collection.seeded || collectionPlan?.created !== false) return;
      collection.seeded = true;
      for (let i = 1; i <= seedCount; i++) {
        const item = listItemFixture(opPlan.collection!, hashSeed(`${key}#${i}`));
        const id = item ? item[collectionPlan.idField] : undefined;
        if (!item || (typeof id !== 'string' && typeof id !== 'number') || collection.has(String(id))) continue;
        placeAtPath(item, context, String(id));
        collection.put(String(id), item);
      }
    };

    /** A resource of a seeded collection that nobody stored: made up from its id, then kept. */
    const virtual = (context: HandlerContext, collection: Collection, id: string): Resource | undefined => {
      if (collectionPlan?.created !== false) return undefined;
      const seed = hashSeed(`${scopeKey(context)}#${id}`);
      // An operation whose answer does not carry the resource (an action answering nothing) makes
      // it as the collection's list shows it, else as nothing but its id.
      const made =
        opPlan.resourceAt === undefined
          ? (listItemFixture(opPlan.collection!, seed) ?? { [collectionPlan.idField]: id })
          : getAt(fixture(opPlan.successStatus, seed), opPlan.resourceAt);
      if (!isRecord(made)) return undefined;
      // An id of another type than the collection's (a name where ids are numbers) names nothing.
      if (typeof made[collectionPlan.idField] === 'number' && !/^-?\d+$/.test(id)) return undefined;
      // A seeded resource without its (optional) id: the id's type is the one its field accepts.
      const typed =
        made[collectionPlan.idField] === undefined && /^-?\d+$/.test(id) && idFits(Number(id))
          ? Number(id)
          : coerceId(made[collectionPlan.idField], id);
      if (!idFits(typed)) return undefined;
      made[collectionPlan.idField] = typed;
      placeAtPath(made, context, id);
      collection.put(id, made);
      return made;
    };

    const notFound = (id: string): HttpProblem =>
      new HttpProblem({
        status: 404,
        id: 'not_found',
        message: `no ${opPlan.collection?.split('/').pop() ?? 'resource'} with id ${id}`,
      });

    const findResource = (
      context: HandlerContext,
      tenant: Tenant,
    ): { collection: Collection; id: string; resource: Resource } => {
      const key = scopeKey(context)!;
      const collection = tenant.collection(key);
      ensureSeeded(collection, key, context);
      const id = String((context.params as Record<string, unknown>)[opPlan.idParam!]);
      const resource = collection.writable(id) ?? virtual(context, collection, id);
      if (!resource) throw notFound(id);
      return { collection, id, resource };
    };

    /** Places `resource` into a seeded body of the success answer. */
    const answerWith = (resource: Resource | undefined, seed: number): HandlerReply => {
      let body = fixture(opPlan.successStatus, seed);
      if (resource && opPlan.resourceAt !== undefined) {
        // Lists and reads may describe a resource with different required fields: what this
        // answer needs and the resource lacks comes from the seeded body, and stays on the resource.
        const seeded = getAt(body, opPlan.resourceAt);
        const missing = isRecord(seeded) ? Object.keys(seeded).filter((key) => !(key in resource)) : [];
        // Unless the resource is an answer as it is (another variant of a union than the seeded one).
        if (
          missing.length > 0 &&
          isRecord(seeded) &&
          check(opPlan.successStatus, withAt(body, opPlan.resourceAt, resource)).length > 0
        )
          for (const key of missing) resource[key] = seeded[key];
        body = fitted(setAt(body, opPlan.resourceAt, clone(resource)), seed);
      }
      return { status: opPlan.successStatus, body };
    };

    const acceptsAnswer = ((): ((value: unknown) => boolean) => {
      const { schema } = selectValidator(op.responses, opPlan.successStatus);
      return schema ? fastAccepts(schema) : () => true;
    })();
    /**
     * An answer holding stored resources, kept to this operation's schema: a resource stored by one
     * operation may break what another pins (a certificate stored by an upload as
     * `organization.project.certificate`, listed where the list says `organization.certificate`).
     * Each failing field takes the seeded answer's value in the answer only; the stored resource
     * stays as it is.
     */
    const fitted = (body: unknown, seed: number): unknown => {
      if (acceptsAnswer(body)) return body;
      const seeded = cachedResponse(operationId, String(opPlan.successStatus), seed);
      let fixed = body;
      // A seeded item of the collection, for the items of a seeded list that is empty.
      let item: Resource | null | undefined;
      for (let round = 0; round < 4; round++) {
        const issues = check(opPlan.successStatus, fixed);
        if (issues.length === 0) return fixed;
        item ??= opPlan.collection ? (sharedListItem(opPlan.collection, seed, 32) ?? null) : null;
        for (const path of issues) fixed = replacedFrom(fixed, seeded, path, item ?? undefined);
      }
      return acceptsAnswer(fixed) ? fixed : clone(seeded);
    };

    /**
     * Copies request fields onto a resource where the answer stays valid: a field the answer's
     * schema shapes differently (a string amount in the request, an object in the resource) keeps
     * its seeded value. A `null` clears a field: stored as `null` where the answer accepts null
     * there, else left out where the answer may lack it (JSON Merge Patch), else kept.
     */
    const mergeRequest = (resource: Resource, request: unknown, seed: number): void => {
      if (!isRecord(request) || opPlan.resourceAt === undefined) return;
      // A request value of another JSON type than the answer has there (a string amount for an
      // amount object) cannot fit: it is not tried, which spares a failing validation.
      const kind = (value: unknown): string =>
        value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
      // Own fields only: `__proto__` or `constructor` in a request are not fields of the resource.
      const merged = Object.keys(request).filter(
        (key) =>
          Object.hasOwn(resource, key) &&
          key !== collectionPlan?.idField &&
          (resource[key] === null || request[key] === null || kind(resource[key]) === kind(request[key])),
      );
      if (merged.length === 0) return;
      // Request values are parsed JSON, owned by this request: no copy needed.
      const refused = mergeChecked(resource, merged, (key) => request[key], seed);
      // A null the answer refuses there clears the field instead, where the answer may lack it.
      const cleared = refused.filter((key) => request[key] === null);
      if (cleared.length > 0) mergeChecked(resource, cleared, () => undefined, seed);
    };

    /**
     * Sets `keys` of a resource to `valueOf(key)` (`undefined`: removes the field), then puts back
     * the old value of each that the success answer refuses; returns those.
     */
    const mergeChecked = (
      resource: Resource,
      keys: readonly string[],
      valueOf: (key: string) => unknown,
      seed: number,
    ): string[] =>
      setChecked({
        target: resource,
        at: opPlan.resourceAt === '' ? [] : opPlan.resourceAt!.split('.'),
        keys,
        valueOf,
        answer: () =>
          withAt(cachedResponse(operationId, String(opPlan.successStatus), seed), opPlan.resourceAt!, resource),
        fieldCheck: fieldValidator,
      });

    /**
     * Sets `keys` of `target`, the object at the path `at` of the success answer `answer()` makes,
     * to `valueOf(key)` (`undefined`: removes the field), then puts back the old value of each
     * that the answer's schema refuses; returns those. Where `fieldCheck` gives every key's own
     * validator, those decide; otherwise the whole answer is validated, and a failure no single
     * field explains (a union's variant) puts every key back.
     */
    const setChecked = (init: {
      target: Resource;
      at: readonly string[];
      keys: readonly string[];
      valueOf: (key: string) => unknown;
      answer: () => unknown;
      fieldCheck?: (key: string) => Validator | undefined;
    }): string[] => {
      const { target, keys } = init;
      // The old values, of the fields the target had (a revert removes the others).
      const original: Resource = {};
      const revert = (key: string): void => {
        if (Object.hasOwn(original, key)) setOwnProperty(target, key, original[key]);
        else delete target[key];
      };
      for (const key of keys) {
        if (Object.hasOwn(target, key)) setOwnProperty(original, key, target[key]);
        const value = init.valueOf(key);
        if (value === undefined) delete target[key];
        else setOwnProperty(target, key, value);
      }
      const checks = init.fieldCheck ? keys.map(init.fieldCheck) : [];
      if (init.fieldCheck && checks.every((validator) => validator !== undefined)) {
        const refused = keys.filter((key, i) => !fastAccepts(checks[i]!)(target[key]));
        for (const key of refused) revert(key);
        return refused;
      }
      const refused = new Set<string>();
      for (let round = 0; round < 3; round++) {
        const issues = check(opPlan.successStatus, init.answer());
        if (issues.length === 0) break;
        const bad = new Set(issues.map((path) => String(path[init.at.length] ?? '')));
        const reverted = keys.filter((key) => bad.has(key));
        for (const key of reverted.length > 0 && round < 2 ? reverted : keys) {
          revert(key);
          refused.add(key);
        }
      }
      return keys.filter((key) => refused.has(key));
    };

    /**
     * An answer that describes an upload (`{mediaType, bytes, caption}`) takes its facts from what
     * was sent: the file's media type, size and name, the form's other fields and the path
     * parameters, by field name, where the answer's schema accepts them. `at`: the dot path of
     * the description in the answer `body` ('' for the body itself); it is changed in place.
     */
    const describeUpload = (body: unknown, at: string, context: HandlerContext): void => {
      const target = getAt(body, at);
      const file = uploads ? bytesIn(context.body) : undefined;
      if (!file || !isRecord(target)) return;
      const facts = uploadFacts(file, context);
      const { schema } = selectValidator(op.responses, opPlan.successStatus);
      const path = at === '' ? [] : at.split('.');
      // A field the answer declares (or the seeded answer has, for a union) may be described.
      const keys = Object.keys(facts).filter(
        (key) => Object.hasOwn(target, key) || (schema !== undefined && propertyValidator(schema, [...path, key])),
      );
      setChecked({ target, at: path, keys, valueOf: (key) => facts[key], answer: () => body });
    };

    const successAt = (seed: number): unknown =>
      opPlan.resourceAt === undefined
        ? undefined
        : getAt(cachedResponse(operationId, String(opPlan.successStatus), seed), opPlan.resourceAt);
    /** The field names of each seeded resource of the create pool, and all of them, worked out on the first create. */
    let poolKeys: ReadonlySet<string>[] | undefined;
    let poolUnion: ReadonlySet<string> | undefined;
    /**
     * The seed whose resource fits the request best. A union answers one of its variants per
     * seed; a request for another variant names fields the seeded resource lacks, and is then
     * laid over the seeded resource that shares the most of its fields and values (its variant).
     */
    let variants: boolean | undefined;
    const seedFor = (request: unknown, seed: number): number => {
      if (!isRecord(request)) return seed;
      // Only a resource that may come in variants (a union) is looked for: an object is one shape.
      if (variants === undefined) {
        const { schema } = selectValidator(op.responses, opPlan.successStatus);
        variants =
          schema !== undefined &&
          opPlan.resourceAt !== undefined &&
          mayVary(schema, opPlan.resourceAt === '' ? [] : opPlan.resourceAt.split('.'));
      }
      if (!variants) return seed;
      const first = successAt(seed);
      if (!isRecord(first)) return seed;
      if (!poolKeys) {
        poolKeys = Array.from({ length: CREATE_POOL }, (_, i) => {
          const resource = successAt(i + 1);
          return new Set(isRecord(resource) ? Object.keys(resource) : []);
        });
        poolUnion = new Set(poolKeys.flatMap((known) => [...known]));
      }
      // Most requests name no field that another variant has and this seed lacks: one lookup per field.
      const union = poolUnion!;
      let otherVariant = false;
      for (const key in request) {
        if (!Object.hasOwn(first, key) && union.has(key)) {
          otherVariant = true;
          break;
        }
      }
      if (!otherVariant) return seed;
      const keys = Object.keys(request);
      let best = seed;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < CREATE_POOL; i++) {
        const candidate = ((seed - 1 + i) % CREATE_POOL) + 1;
        const resource = successAt(candidate);
        const known = poolKeys[candidate - 1]!;
        if (!isRecord(resource)) continue;
        let score = 0;
        for (const key of keys)
          if (known.has(key)) score += typeof request[key] !== 'object' && resource[key] === request[key] ? 6 : 4;
        for (const key of known) if (!Object.hasOwn(request, key)) score -= 1;
        if (score > bestScore) {
          best = candidate;
          bestScore = score;
        }
      }
      return best;
    };

    /**
     * What an id must pass: its field in the answer (`ownCheck`), and the path parameters that
     * name an item (`pathChecks`: Petstore's `orderId` is at most 10).
     */
    let idChecks: { ownCheck: (value: unknown) => boolean; pathChecks: ((value: unknown) => boolean)[] } | undefined;
    const checksOfIds = (): NonNullable<typeof idChecks> => {
      if (!idChecks) {
        const own = collectionPlan ? fieldValidator(collectionPlan.idField) : undefined;
        const pathChecks: ((value: unknown) => boolean)[] = [];
        for (const [id, other] of Object.entries(plan.operations)) {
          const params = operations[id]?.validators.parameters;
          const param =
            other.collection === opPlan.collection && other.idParam && params
              ? propertyValidator(params, [other.idParam])
              : undefined;
          if (param) pathChecks.push(fastAccepts(param));
        }
        idChecks = { ownCheck: own ? fastAccepts(own) : () => true, pathChecks };
      }
      return idChecks;
    };
    const idFits = (candidate: unknown): boolean => {
      const { ownCheck, pathChecks } = checksOfIds();
      return ownCheck(candidate) && pathChecks.every((accepts) => accepts(candidate));
    };
    /**
     * A new id for the collection, in the shape its field and item paths allow, unused in
     * `collection`. When the paths allow no more (all ten of Petstore's orders exist), one the
     * answer allows: the resource is made, though no path can name it.
     */
    const newId = (collection: Collection, previous: unknown, key: string): string | number => {
      let made = freshId(previous, key);
      for (let salt = 1; collection.has(String(made)); salt++) made = freshId(made, `${key}\0${salt}`);
      // A uuid made from a uuid keeps its shape: what accepted the seeded one accepts it (the common case, checked for free).
      if ((typeof previous === 'string' && UUID.test(previous)) || idFits(made)) return made;
      // A seeded resource may lack its optional id: a uuid and numbers are tried too.
      const candidates = [
        ...freshIdVariants(typeof previous === 'string' ? previous : 'id', key),
        uuidFrom(hashSeed(key) || 1),
      ];
      for (const fits of [idFits, checksOfIds().ownCheck]) {
        const unused = (candidate: string | number): boolean => !collection.has(String(candidate)) && fits(candidate);
        const variant = candidates.find(unused);
        if (variant !== undefined) return variant;
        // Numbers in a narrow range: the smallest unused one that fits (bounded: such a range is small).
        if (typeof previous !== 'string') for (let n = 1; n <= 10_000; n++) if (unused(n)) return n;
      }
      return made;
    };

    /** Fields named like the path parameters that scope the collection take their values (`titleId` of a copy). */
    const fillScope = (resource: Resource, context: HandlerContext): void => {
      const params = context.params as Record<string, unknown>;
      for (const name of opPlan.scope ?? []) {
        if (!Object.hasOwn(resource, name)) continue;
        const validator = fieldValidator(name);
        if (validator && fastAccepts(validator)(params[name])) resource[name] = params[name];
      }
    };

    /**
     * Moves a resource along the transition this operation triggers from its state; among
     * several, the first whose checkable condition holds (request body first, then resource).
     * A create that no transition fits keeps its seeded state; an action that none fits fails.
     */
    const transition = (resource: Resource, context: HandlerContext, creating: boolean): string | undefined => {
      const machine = opPlan.state;
      if (!machine || machine.transitions.length === 0) return undefined;
      // A guessed first state gives way to one the request set (and the answer accepted).
      if (
        creating &&
        machine.guessed &&
        isRecord(context.body) &&
        Object.hasOwn(context.body, machine.field) &&
        resource[machine.field] === context.body[machine.field]
      )
        return undefined;
      const current = creating ? null : resource[machine.field];
      // A transition without `from` (a guessed action) starts from any state.
      const candidates = machine.transitions.filter((t) => (t.from === undefined ? !creating : t.from === current));
      const move = candidates.find(
        (t) => conditionHolds(parsedCondition(t.condition), [context.body, resource]) !== false,
      );
      if (!move) {
        if (creating) return undefined;
        const unmet = candidates.map((t) => t.condition).filter((c): c is string => c !== undefined);
        const allowed = [
          ...new Set(machine.transitions.filter((t) => t.from !== null).map((t) => `${machine.field} ${t.from}`)),
        ];
        const message =
          candidates.length > 0
            ? `${context.operationId} needs ${unmet.join(' or ')}; it does not hold for this ${machine.field} ${String(current)} resource`
            : `${context.operationId} needs ${allowed.join(' or ')}; ${machine.field} is ${String(current)}`;
        throw new HttpProblem({ status: 400, id: 'invalid_request', message });
      }
      resource[machine.field] = move.to;
      return move.to !== current ? move.to : undefined;
    };

    /** Starts the fields a create leaves unset at `null` (`returnedAt` of a new loan), where the answer accepts it. */
    const unsetFields = (resource: Resource): void => {
      for (const field of opPlan.unset ?? []) {
        const validator = fieldValidator(field);
        if (validator ? fastAccepts(validator)(null) : Object.hasOwn(resource, field)) resource[field] = null;
      }
    };

    /** Sets the times an action sets (`returnedAt` of a return), each in its field's form. */
    const stampTimes = (resource: Resource): void => {
      const time = now();
      for (const { field, form } of opPlan.stamps ?? []) {
        const iso = isoSeconds(time);
        const value = form === 'unix-seconds' ? Math.floor(time / 1000) : form === 'date' ? iso.slice(0, 10) : iso;
        const validator = fieldValidator(field);
        if (validator ? fastAccepts(validator)(value) : Object.hasOwn(resource, field)) resource[field] = value;
      }
    };

    // Answers at once unless something must be waited for (webhooks going out): each promise and
    // `await` costs a turn of the queue, and most answers need neither.
    const defaultAnswer = (call: MockCall): HandlerReply | Promise<HandlerReply> => {
      const { context, tenant } = call;
      const params = context.params as Record<string, unknown>;
      switch (opPlan.role) {
        case 'create': {
          const key = scopeKey(context)!;
          const collection = tenant.collection(key);
          const counter = tenant.next();
          const seed = seedFor(context.body, (counter % CREATE_POOL) + 1);
          const seeded = cachedResponse(operationId, String(opPlan.successStatus), seed);
          const seededResource = opPlan.resourceAt === undefined ? undefined : getAt(seeded, opPlan.resourceAt);
          // Only the resource's top level is copied: its nested values and the rest of the seeded
          // answer are shared, and frozen (fields are replaced, never changed in place).
          const resource = isRecord(seededResource) ? { ...spreadable(seededResource) } : undefined;
          if (isRecord(resource) && collectionPlan) {
            unsetFields(resource);
            mergeRequest(resource, context.body, seed);
            fillScope(resource, context);
            if (uploads) describeUpload(withAt(seeded, opPlan.resourceAt!, resource), opPlan.resourceAt!, context);
            // The seeded body repeats every CREATE_POOL creates; the id never does.
            const made = newId(
              collection,
              resource[collectionPlan.idField],
              `${context.principal.subject}\0${key}\0${counter}`,
            );
            resource[collectionPlan.idField] = made;
            const id = String(made);
            stamp(resource, collectionPlan.createdAtField);
            stamp(resource, collectionPlan.updatedAtField);
            placeAtPath(resource, context, id);
            transition(resource, context, true);
            options.onCreate?.(resource, call);
            collection.put(id, resource);
            // The stored resource itself: the answer is serialised before anything can change it.
            return afterSending(emit(tenant, opPlan.collection!, 'created', resource), () => ({
              status: opPlan.successStatus,
              body: withAt(seeded, opPlan.resourceAt!, resource),
            }));
          }
          // Nothing stored (`POST /uploads` answering a description): an upload is still described as sent.
          const body = clone(seeded);
          if (uploads) describeUpload(body, opPlan.resourceAt ?? '', context);
          return { status: opPlan.successStatus, body };
        }
        case 'list': {
          const key = scopeKey(context)!;
          const collection = tenant.collection(key);
          ensureSeeded(collection, key, context);
          let body = fixture(opPlan.successStatus, hashSeed(key));
          const pagination = opPlan.pagination;
          if (!pagination) return { status: opPlan.successStatus, body };
          const filter = opPlan.filter;
          const all = filter
            ? collection
                .all()
                .filter((item) => Object.entries(filter).every(([field, param]) => item[field] === params[param]))
            : collection.all();
          const page = paginate(all, pagination, params, context.url, collectionPlan?.idField ?? 'id');
          const wrapper = collectionPlan?.itemWrapper;
          const items = page.items.map((item) => (wrapper ? { [wrapper]: clone(item) } : clone(item)));
          // A document whose list answers hold at least `minItems` items: the seeded answer's fill a short page.
          const seededItems = getAt(body, pagination.itemsField);
          if (pagination.minItems !== undefined && items.length < pagination.minItems && Array.isArray(seededItems))
            items.push(...seededItems.slice(0, pagination.minItems - items.length));
          body = setAt(body, pagination.itemsField, items);
          for (const [path, value] of Object.entries(page.fields))
            body = value === undefined ? removeAt(body, path) : setAt(body, path, value);
          for (const [path, value] of Object.entries(page.optional)) setIfPresent(body, path, value);
          return { status: opPlan.successStatus, body: fitted(body, hashSeed(key)) };
        }
        case 'read': {
          const { resource, id } = findResource(context, tenant);
          return answerWith(resource, hashSeed(id));
        }
        case 'update': {
          const { resource, id } = findResource(context, tenant);
          mergeRequest(resource, context.body, hashSeed(id));
          stamp(resource, collectionPlan?.updatedAtField);
          return answerWith(resource, hashSeed(id));
        }
        case 'delete': {
          const { collection, id, resource } = findResource(context, tenant);
          // A DELETE that the state machine names (cancel a request) moves the state and keeps the resource.
          let sending: Promise<void> | undefined;
          if (opPlan.state) {
            const reached = transition(resource, context, false);
            if (reached) sending = emit(tenant, opPlan.collection!, reached, resource);
          } else collection.delete(id);
          return afterSending(sending, () => answerWith(undefined, hashSeed(id)));
        }
        case 'action': {
          const { collection, resource, id } = findResource(context, tenant);
          const reached = transition(resource, context, false);
          return afterSending(reached ? emit(tenant, opPlan.collection!, reached, resource) : undefined, () => {
            // The event holds the resource as it was: the stamp goes on a copy.
            const current = collection.writable(id) ?? resource;
            stamp(current, collectionPlan?.updatedAtField);
            stampTimes(current);
            if (!uploads) return answerWith(opPlan.resourceAt === undefined ? undefined : current, hashSeed(id));
            // An upload to an item (`PUT /titles/{id}/cover`) is described as it was sent.
            if (opPlan.resourceAt !== undefined) {
              const seeded = cachedResponse(operationId, String(opPlan.successStatus), hashSeed(id));
              describeUpload(withAt(seeded, opPlan.resourceAt, current), opPlan.resourceAt, context);
              return answerWith(current, hashSeed(id));
            }
            const answer = answerWith(undefined, hashSeed(id));
            describeUpload(answer.body, '', context);
            return answer;
          });
        }
        case 'singleton-read':
        case 'singleton-update': {
          const key = opPlan.collection ?? operationId;
          let resource = tenant.singletons.get(key);
          if (!resource) {
            const made =
              opPlan.resourceAt === undefined
                ? undefined
                : getAt(
                    fixture(opPlan.successStatus, hashSeed(`${key}#${context.principal.subject}`)),
                    opPlan.resourceAt,
                  );
            resource = isRecord(made) ? made : {};
            tenant.singletons.set(key, resource);
          }
          if (opPlan.role === 'singleton-update') {
            mergeRequest(resource, context.body, hashSeed(key));
            stamp(resource, collectionPlan?.updatedAtField);
          }
          return answerWith(resource, hashSeed(key));
        }
        default:
          return {
            status: opPlan.successStatus,
            body: fixture(
              opPlan.successStatus,
              hashSeed(`${operationId}${JSON.stringify(params)}${JSON.stringify(context.body ?? null)}`),
            ),
          };
      }
    };

    // Bytes uploaded to a path (`PUT /titles/{id}/cover`, multipart or raw) are what a download at that path returns.
    const downloads = op.method === 'GET' && isBytes(declaredMediaType(op.responseMediaTypes, opPlan.successStatus));
    const uploads =
      op.method !== 'GET' &&
      (op.requestBody?.contentTypes ?? []).some((type) => /^multipart\//i.test(type) || isBytes(type));

    const behaviour = options.behaviours?.[operationId];
    const streamed = op.streams ? streamSpecOf(op.streams, opPlan.successStatus) : undefined;
    if (streamed && !behaviour) {
      handlers[operationId] = (context: HandlerContext<never, never>): HandlerReply => ({
        status: opPlan.successStatus,
        body: seededStream({
          spec: streamed,
          context: context as HandlerContext,
          options: options.streams ?? {},
          item: (seed) => fixture(opPlan.successStatus, seed),
        }),
      });
      continue;
    }
    handlers[operationId] = (context: HandlerContext<never, never>): HandlerReply | Promise<HandlerReply> => {
      const ctx = context as HandlerContext;
      const tenant = store.tenant(ctx.principal.subject);
      if (downloads) {
        const uploaded = tenant.singletons.get(`bytes\0${ctx.url.pathname}`)?.blob;
        if (uploaded instanceof Blob)
          return {
            status: opPlan.successStatus,
            body: uploaded,
            ...(uploaded.type ? { headers: { 'content-type': uploaded.type } } : {}),
          };
      }
      const uploaded = uploads ? bytesIn(ctx.body) : undefined;
      const idem = opPlan.idempotency;
      const idemValue = idem
        ? idem.in === 'body'
          ? isRecord(ctx.body)
            ? ctx.body[idem.field]
            : undefined
          : ctx.request.headers.get(idem.field)
        : undefined;
      const idemKey = typeof idemValue === 'string' && idemValue !== '' ? `${operationId}\0${idemValue}` : undefined;
      const earlier = idemKey ? tenant.replies.get(idemKey) : undefined;
      if (earlier) return { status: earlier.status, body: clone(earlier.body) };
      const call: MockCall = {
        operationId,
        plan: opPlan,
        context: ctx,
        tenant,
        store,
        now,
        next: () => defaultAnswer(call),
        fixture,
        collection: () => {
          const key = scopeKey(ctx);
          if (key === undefined) return undefined;
          const collection = tenant.collection(key);
          ensureSeeded(collection, key, ctx);
          return collection;
        },
      };
      const finish = (answer: HandlerReply): HandlerReply => {
        // A string where the document says JSON (a token, a message) is JSON: quoted; the router sends strings as they are.
        const reply =
          typeof answer.body === 'string' && declaredMediaType(op.responseMediaTypes, answer.status) === undefined
            ? {
                ...answer,
                body: JSON.stringify(answer.body),
                headers: { ...answer.headers, 'content-type': 'application/json' },
              }
            : answer;
        if (opPlan.timeField && isRecord(reply.body)) {
          const seconds = Math.floor(now() / 1000);
          setAt(reply.body, opPlan.timeField, seconds);
          const iso = opPlan.timeField.replace(/[^.]+$/, 'iso');
          if (iso !== opPlan.timeField) setIfPresent(reply.body, iso, isoSeconds(seconds * 1000));
        }
        if (idemKey && reply.status < 300)
          tenant.replies.set(idemKey, { status: reply.status, body: clone(reply.body) });
        if (uploaded && reply.status < 300) tenant.singletons.set(`bytes\0${ctx.url.pathname}`, { blob: uploaded });
        return reply;
      };
      const replied = behaviour ? behaviour(call) : defaultAnswer(call);
      return replied instanceof Promise ? replied.then(finish) : finish(replied);
    };
    // A stream offered beside the body: the stream when the request asks for it, the body otherwise.
    if (op.streamAlternative)
      handlers[operationId] = streamOrBody({
        op,
        alternative: op.streamAlternative,
        successStatus: opPlan.successStatus,
        body: handlers[operationId]!,
        streams: options.streams ?? {},
        item: (seed) => options.fixtures.streamItem?.(operationId, seed),
      });
  }
  return { handlers, store };
}

/** A mock stream followed by the end its document names (`data: [DONE]`), where it names one. */
async function* endedStream(spec: StreamSpec, items: AsyncIterable<unknown>): AsyncGenerator<unknown, void, undefined> {
  yield* items;
  const end = endFrame(spec);
  if (end) yield end;
}

/**
 * The handler of an operation whose success response offers a stream beside its body: a request
 * that asks for the stream (`asksForStream`: the body's flag, else `Accept`) gets seeded items
 * as `MockStreamOptions` say, numbered and resumable as other mock streams; any other, `body`'s answer.
 */
function streamOrBody(init: {
  op: OperationSpec;
  alternative: StreamAlternativeSpec;
  successStatus: number;
  body: OperationHandler;
  streams: MockStreamOptions;
  item: (seed: number) => unknown;
}): OperationHandler {
  const { op, alternative } = init;
  const bodyType = op.responseMediaTypes?.[alternative.status] ?? 'application/json';
  // The alternative's own status where it names one (`'200'`), else the success status (`'2XX'`).
  const status = streamSpecOf({ [alternative.status]: alternative }, init.successStatus)
    ? init.successStatus
    : Number(alternative.status) || init.successStatus;
  return (context: HandlerContext<never, never>): HandlerReply | Promise<HandlerReply> => {
    const ctx = context as HandlerContext;
    // The body's flag decides where there is one: no Request is made to read Accept then.
    const accept = alternative.flag === undefined ? ctx.request.headers.get('accept') : null;
    if (!asksForStream({ alternative, bodyType, accept, body: ctx.body })) return init.body(context);
    return { status, body: seededStream({ spec: alternative, context: ctx, options: init.streams, item: init.item }) };
  };
}

/**
 * The stream a mock answers a call with: seeded items (`item(seed)`, seeded by the call's
 * parameters and body and the item's index) as `MockStreamOptions` say, numbered so that a
 * client that reconnects with `Last-Event-ID` gets the rest, then the end its document names.
 */
function seededStream(init: {
  spec: StreamSpec;
  context: HandlerContext;
  options: MockStreamOptions;
  item: (seed: number) => unknown;
}): AsyncGenerator<unknown, void, undefined> {
  const { spec, context } = init;
  const lastEventId = spec.format === 'sse' ? context.request.headers.get('last-event-id') : null;
  const seedKey = `${context.operationId}${JSON.stringify(context.params)}${JSON.stringify(context.body ?? null)}`;
  const items = mockStream({
    spec,
    options: init.options,
    item: (index) =>
      seededItem(spec, (attempt) => init.item(hashSeed(`${seedKey}#${index}${attempt > 0 ? `~${attempt}` : ''}`))),
    first: lastEventId !== null && /^\d+$/.test(lastEventId) ? Number(lastEventId) : 0,
    resumed: lastEventId !== null,
  });
  return endedStream(spec, items);
}

/**
 * The value at `path` of `root`; an index past an array's end reads its last item (a seeded list
 * is shorter than a page), and an index into an empty one reads `item` (a seeded item of the list).
 */
function seededAt(root: unknown, path: readonly (string | number)[], item: unknown): unknown {
  let current = root;
  for (const key of path) {
    if (Array.isArray(current))
      current = current.length > 0 ? current[Math.min(Number(key), current.length - 1)] : item;
    else if (isRecord(current) && Object.hasOwn(current, key)) current = current[key];
    else return undefined;
  }
  return current;
}

/**
 * `body` with the value at `path`, or at the nearest enclosing path the seeded answer has, taken
 * from `seeded` (copied); the seeded answer itself where it has none.
 */
function replacedFrom(body: unknown, seeded: unknown, path: readonly (string | number)[], item: unknown): unknown {
  for (let length = path.length; length > 0; length--) {
    // An enclosing list is never replaced for what is wrong inside one of its items.
    if (length < path.length && typeof path[length] === 'number') return body;
    const source = seededAt(seeded, path.slice(0, length), item);
    if (source === undefined) continue;
    let parent = body;
    for (const key of path.slice(0, length - 1)) parent = (parent as Record<string | number, unknown>)[key];
    if (typeof parent !== 'object' || parent === null) continue;
    (parent as Record<string | number, unknown>)[path[length - 1]!] = clone(source);
    return body;
  }
  return clone(seeded);
}

/** A media type of bytes: neither JSON, text, a form nor multipart. */
const isBytes = (type: string | undefined): boolean =>
  type !== undefined && !/json|^text\/|^multipart\/|x-www-form-urlencoded|\*/i.test(type);

/** The bytes of a request: a raw body, or the first file part of a form. */
const bytesIn = (body: unknown): Blob | undefined =>
  body instanceof Blob
    ? body
    : isRecord(body)
      ? Object.values(body).find((value): value is Blob => value instanceof Blob)
      : undefined;

/** The names an answer gives a file's media type, size and name (`mediaType`, `sizeBytes`, `filename`). */
const MEDIA_TYPE_FIELDS = [
  'contentType',
  'content_type',
  'mediaType',
  'media_type',
  'mimeType',
  'mime_type',
  'mimetype',
];
const SIZE_FIELDS = [
  'size',
  'sizeBytes',
  'size_bytes',
  'sizeInBytes',
  'size_in_bytes',
  'bytes',
  'byteSize',
  'byte_size',
  'fileSize',
  'file_size',
  'contentLength',
  'content_length',
];
const NAME_FIELDS = [
  'filename',
  'fileName',
  'file_name',
  'originalName',
  'original_name',
  'originalFilename',
  'original_filename',
];

/**
 * What an upload says of itself, by the answer field that may tell it: the path parameters and
 * the form's other fields under their own names, the file's media type, size and name under
 * the names such fields have.
 */
function uploadFacts(file: Blob, context: HandlerContext): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context.params as Record<string, unknown>))
    if (value !== undefined) setOwnProperty(facts, key, value);
  if (isRecord(context.body))
    for (const [key, value] of Object.entries(context.body))
      if (!(value instanceof Blob) && value !== undefined) setOwnProperty(facts, key, value);
  const type = file.type.split(';')[0]!.trim();
  if (type) for (const key of MEDIA_TYPE_FIELDS) facts[key] = type;
  for (const key of SIZE_FIELDS) facts[key] = file.size;
  if (typeof File !== 'undefined' && file instanceof File && file.name)
    for (const key of NAME_FIELDS) facts[key] = file.name;
  return facts;
}

/** An id in the type the resource uses (numbers stay numbers when the id looks like one). */
function coerceId(previous: unknown, id: string): unknown {
  return typeof previous === 'number' && /^\d+$/.test(id) ? Number(id) : id;
}
