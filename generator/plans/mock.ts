/**
 * The mock plan of an OpenAPI model: what each operation does to which collection, read
 * from paths and methods (`POST /buys` creates, `GET /buys/{id}` reads, `POST
 * /buys/{id}/commit` acts), the shapes of answers (a list is a GET answering an array of
 * items), `x-pagination`, `x-idempotency` and `x-state-machine`.
 *
 * What is guessed rather than declared is recorded (`MockPlanModel.guesses`), and each guess
 * can be overruled: `x-mock-role` and `x-mock-collection` on an operation, `x-pagination` on a
 * list, `x-mock-id-field` and `x-state-machine` on an item schema, or the same as generator
 * options (`MockOverrides`).
 */
import { answeredResponseOf, effectiveObject, isSuccessStatus, resolve, pathLabel } from '../model/derive.js';
import { MOCK_ROLES as MODEL_MOCK_ROLES } from '../model/mock-hints.js';
import type { ApiModel, OperationModel, SchemaNode } from '../model/types.js';

// The plan is data for the mock runtime: its types are the runtime's own.
import type { MockCollectionPlan as CollectionPlan, MockEmptyCursor, MockOperationPlan, MockPageEnd, MockPageFields, MockPagination, MockRole as Role, MockStamp, MockWebhookPlan as WebhookPlan } from '../../templates/mock-runtime/src/mock/plan.js';

// The model's list of roles (x-mock-role, --mock-role) is the runtime's: this fails to compile if they part.
export const MOCK_ROLES: readonly Role[] = MODEL_MOCK_ROLES satisfies readonly Role[];

/** One guess of the mock plan, and how to overrule it. */
export interface MockGuess {
  /** What it is about: an operationId or a collection's path. */
  subject: string;
  /** What was guessed, and from what. */
  guess: string;
  /** The extension or option that fixes it otherwise. */
  override: string;
}

/**
 * Choices that replace the plan's guesses (`--mock-role`, `--mock-id-field`, `--mock-state-field`,
 * `--mock-state`): the same as the extensions, from outside the document.
 */
export interface MockOverrides {
  /** operationId -> role. */
  roles?: Readonly<Record<string, Role>>;
  /** Collection path (`/titles`) -> the property holding an item's id. */
  idFields?: Readonly<Record<string, string>>;
  /** Collection path (`/loans`) -> the property holding an item's state ('' for none), where no `x-state-machine` says. */
  stateFields?: Readonly<Record<string, string>>;
  /**
   * operationId -> the state a create starts its resource in, or an action moves it to; '' for
   * none (the operation then sets no state and no time), where no `x-state-machine` says.
   */
  states?: Readonly<Record<string, string>>;
}

/** An operation's plan as the generator builds it (mutable while it is worked out). */
type OperationPlan = { -readonly [K in keyof MockOperationPlan]: MockOperationPlan[K] } & { scope?: string[] };

export interface MockPlanModel {
  operations: Record<string, OperationPlan>;
  collections: Record<string, CollectionPlan>;
  webhooks?: WebhookPlan[];
  /** The list collection that records sent notifications (`/v2/notifications`). */
  notifications?: string;
  serverFields?: string[];
  /** What was guessed, in the order of the operations and collections. */
  guesses: MockGuess[];
}

const isParam = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);
const paramName = (segment: string): string => segment.slice(1, -1);
const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The status the mock answers an operation with (`answeredResponseOf`). */
const successStatusOf = (op: OperationModel): number => answeredResponseOf(op).status;

/** The response the mock answers with (see `successStatusOf`). */
const successResponse = (op: OperationModel) => op.responses.find((r) => isSuccessStatus(r.status)) ?? op.responses.find((r) => r.status === 'default');
const successSchema = (op: OperationModel): SchemaNode | undefined => successResponse(op)?.content?.schema;
/** An operation whose document declares neither a 2xx nor `default`: the mock answers its lowest status, and stores nothing. */
const declaresNoSuccess = (op: OperationModel): boolean => op.responses.length > 0 && !op.responses.some((r) => isSuccessStatus(r.status) || r.status === 'default');

const keyOf = (op: OperationModel, name: string): string => op.parameters.find((p) => p.in === 'path' && p.name === name)?.key ?? name;

const propertiesOf = (model: ApiModel, node: SchemaNode | undefined): { name: string; schema: SchemaNode }[] => effectiveObject(model, node)?.properties ?? [];

/** Where a resource of schema `item` sits in a body of schema `body`: '', a property, or a property of `data`. */
function resourcePath(model: ApiModel, body: SchemaNode | undefined, item: SchemaNode | undefined): string | undefined {
  if (!body) return undefined;
  const itemKey = item?.kind === 'ref' ? item.target : undefined;
  if (itemKey && body.kind === 'ref' && body.target === itemKey) return '';
  // The item with more beside it (`allOf: [Booking, {links}]`) is still the item.
  const resolved = resolve(model, body);
  if (itemKey && resolved?.kind === 'intersection' && resolved.parts.some((p) => p.kind === 'ref' && p.target === itemKey)) return '';
  const properties = propertiesOf(model, body);
  if (itemKey) {
    const direct = properties.find((p) => p.schema.kind === 'ref' && p.schema.target === itemKey);
    if (direct) return direct.name;
  }
  const data = properties.find((p) => p.name === 'data');
  if (data && resolve(model, data.schema)?.kind === 'object') return 'data';
  // A body with an id of its own is the resource, whatever objects it holds (`links`).
  if (resolved?.kind === 'intersection' && properties.some((p) => p.name === 'id')) return '';
  // A body with an id of its own is the resource, whatever object it holds (a certificate's `certificate_details`).
  if (resolved?.kind === 'object' && properties.some((p) => p.name === 'id')) return '';
  // A single wrapped object (`{transfer: {...}}`, with `success` beside it).
  const objects = properties.filter((p) => resolve(model, p.schema)?.kind === 'object');
  if (objects.length === 1) return objects[0]!.name;
  return undefined;
}

/** The named schema of a list's items, seen through a one-property wrapper (`{transfer: Transfer}`). */
function listItemOf(model: ApiModel, item: SchemaNode | undefined): { schema: SchemaNode | undefined; wrapper?: string } {
  const resolved = resolve(model, item);
  if (resolved?.kind === 'object' && resolved.properties.length === 1) {
    const only = resolved.properties[0]!;
    const inner = resolve(model, only.schema);
    if (only.schema.kind === 'ref' && inner?.kind === 'object') return { schema: only.schema, wrapper: only.name };
  }
  return { schema: item };
}

const firstOf = (names: readonly string[], present: readonly string[]): string | undefined => names.find((n) => present.includes(n));

/** Where the items of a list answer are ('' for a bare array) and their schema, for a GET without `x-pagination`. */
function listItemsOf(model: ApiModel, op: OperationModel): { itemsField: string; item: SchemaNode } | undefined {
  const body = successSchema(op);
  const resolved = resolve(model, body);
  const isItem = (node: SchemaNode | undefined): boolean => {
    const item = resolve(model, node);
    // A schema with properties and no `type` (OpenAI's `OpenAIFile`) describes objects too.
    return item !== undefined && (item.kind === 'object' || item.kind === 'union' || item.kind === 'intersection' || (item.kind === 'unknown' && item.byType?.object !== undefined));
  };
  if (resolved?.kind === 'array') return isItem(resolved.items) ? { itemsField: '', item: resolved.items } : undefined;
  const arrays = propertiesOf(model, body).filter((p) => {
    const schema = resolve(model, p.schema);
    return schema?.kind === 'array' && isItem(schema.items);
  });
  if (arrays.length !== 1) return undefined;
  const items = resolve(model, arrays[0]!.schema);
  return items?.kind === 'array' ? { itemsField: arrays[0]!.name, item: items.items } : undefined;
}

const TOTAL_NAMES = ['total', 'total_count', 'totalCount', 'count', 'totalItems', 'total_items', 'totalElements', 'total_results', 'totalResults'];
const PAGE_FIELD_NAMES = ['page', 'pageNumber', 'page_number', 'currentPage', 'current_page'];
const SIZE_FIELD_NAMES = ['size', 'pageSize', 'page_size', 'perPage', 'per_page', 'limit'];
const TOTAL_PAGES_NAMES = ['totalPages', 'total_pages', 'pageCount', 'page_count', 'pages'];
const LIMIT_PARAMS = ['limit', 'page_size', 'pageSize', 'per_page', 'perPage', 'size', 'count', 'max', 'maxResults', 'max_results', 'top', '$top'];
const OFFSET_PARAMS = ['offset', 'skip', 'start', '$skip'];
const PAGE_PARAMS = ['page', 'pageNumber', 'page_number', 'pageIndex', 'p'];
const CURSOR_PARAMS = ['cursor', 'after', 'starting_after', 'startingAfter', 'page_token', 'pageToken', 'next_token', 'nextToken', 'continuation', 'continuationToken', 'marker'];
const NEXT_TOKEN_NAMES = ['nextCursor', 'next_cursor', 'nextPageToken', 'next_page_token', 'nextToken', 'next_token', 'continuationToken', 'nextMarker', 'next_marker', 'cursor', 'next'];

/**
 * The error statuses the mock answers an operation with by itself: refusals of a request, a
 * missing resource, a failure. A request the server cannot read at all (413 too large, 414 URL
 * too long, 415 no or another media type) keeps its own status, as a proxy before the API would answer it.
 */
export const SERVER_ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 429, 500] as const;

/**
 * What the mock answers where a server would answer an error status `status` the operation
 * does not declare: its range (`4XX`) or `default` as they are; else 400 and 422 stand for
 * each other (both say the request is not valid), 400 for any other refusal, and the first
 * declared 5xx for a 5xx. Nothing else stands for another status (a 429 for a refused request
 * would make clients retry it): without such a status the server's own is kept, undeclared, as
 * no declared answer says what happened.
 */
function errorStatusesOf(op: OperationModel): { statuses?: Record<string, number>; guess?: string } {
  const keys = new Set(op.responses.map((r) => r.status.toUpperCase()));
  const declared = [...keys].filter((key) => /^[45]\d\d$/.test(key)).map(Number).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  const viaRange = new Map<string, number[]>();
  for (const status of SERVER_ERROR_STATUSES) {
    if (keys.has(String(status))) continue;
    const range = `${String(status)[0]}XX`;
    if (keys.has(range) || keys.has('DEFAULT')) {
      const key = keys.has(range) ? range : 'default';
      viaRange.set(key, [...(viaRange.get(key) ?? []), status]);
      continue;
    }
    const sameClass = declared.filter((d) => Math.floor(d / 100) === Math.floor(status / 100));
    const twin = status === 400 ? 422 : status === 422 ? 400 : undefined;
    const substitute = status < 500 ? [...(twin !== undefined ? [twin] : []), 400].find((candidate) => sameClass.includes(candidate)) : sameClass[0];
    if (substitute !== undefined) statuses[String(status)] = substitute;
  }
  const substituted = Object.entries(statuses).map(([from, to]) => `${from} as ${to}`);
  const parts = [...(substituted.length > 0 ? [`answers errors it does not declare ${substituted.join(', ')}`] : []), ...[...viaRange].map(([key, listed]) => `answers ${listed.join(', ')} with its ${key} response`)];
  return { ...(substituted.length > 0 ? { statuses } : {}), ...(parts.length > 0 ? { guess: parts.join('; ') } : {}) };
}

export function planMock(model: ApiModel, overrides: MockOverrides = {}): MockPlanModel {
  const byPath = new Map<string, OperationModel[]>();
  for (const op of model.operations) {
    const path = trimSlash(op.path);
    byPath.set(path, [...(byPath.get(path) ?? []), op]);
  }
  const paths = [...byPath.keys()];
  const guesses: MockGuess[] = [];
  // Lists without `x-pagination`: GETs whose answer is an array of items, or an object with one such array.
  const listItems = new Map<string, { itemsField: string; item: SchemaNode }>();
  const pagingParam = (op: OperationModel): boolean => op.parameters.some((p) => p.in === 'query' && [...LIMIT_PARAMS, ...OFFSET_PARAMS, ...PAGE_PARAMS, ...CURSOR_PARAMS].includes(p.name));
  for (const op of model.operations) {
    if (op.method !== 'GET' || op.pagination) continue;
    const items = listItemsOf(model, op);
    // An object with an array in it is a list only where the path is a collection (items under it,
    // creates on it) or the operation takes paging parameters: a price with a list of fees is not.
    const path = trimSlash(op.path);
    const collectionLike = items?.itemsField === '' || paths.some((p) => p.startsWith(`${path}/{`)) || (byPath.get(path) ?? []).some((o) => o.method === 'POST') || pagingParam(op);
    if (items && collectionLike) listItems.set(op.operationId, items);
  }
  const itemSchemaOfList = (op: OperationModel): SchemaNode | undefined => op.itemSchema ?? listItems.get(op.operationId)?.item;
  // A path is a collection when some path names an item under it (`/transactions/{id}/...`).
  const hasItems = (collection: string): boolean => paths.some((p) => p.startsWith(`${collection}/{`));
  const listed = (path: string): boolean => (byPath.get(path) ?? []).some((o) => o.method === 'GET' && (o.pagination !== undefined || listItems.has(o.operationId)));
  const timeOp = model.securitySchemes.find((s) => s.hmac?.serverTimeOperation)?.hmac;

  const itemKeyOf = (op: OperationModel): string | undefined => {
    const { schema } = listItemOf(model, itemSchemaOfList(op));
    return schema?.kind === 'ref' ? schema.target : undefined;
  };
  const placed = model.operations.map((op) => {
    const path = trimSlash(op.path);
    const segments = path.split('/');
    const last = segments[segments.length - 1] ?? '';
    const before = segments[segments.length - 2] ?? '';
    let role: Role = 'other';
    let collection: string | undefined;
    let idParam: string | undefined;
    // A POST under an item to a plural noun (`/service_accounts/{id}/api_keys`) makes one of them; to a verb (`/calls/{id}/accept`) acts.
    const pluralNoun = op.method === 'POST' && isParam(before) && /[a-z][^s\W]s$/i.test(last);
    const collectionHere = hasItems(path) || listed(path) || (op.method === 'POST' && successStatusOf(op) === 201) || pluralNoun;
    if (isParam(last)) {
      collection = segments.slice(0, -1).join('/');
      idParam = keyOf(op, paramName(last));
      role = op.method === 'GET' ? 'read' : op.method === 'PUT' || op.method === 'PATCH' ? 'update' : op.method === 'DELETE' ? 'delete' : 'action';
    } else if (isParam(before) && !collectionHere && !(op.method === 'GET' && listItems.has(op.operationId))) {
      collection = segments.slice(0, -2).join('/');
      idParam = keyOf(op, paramName(before));
      role = op.method === 'GET' ? 'other' : 'action';
    } else if (op.method === 'GET') {
      collection = path;
      role = collectionHere ? 'list' : 'singleton-read';
    } else if (op.method !== 'DELETE' && (byPath.get(path) ?? []).some((o) => o.method === 'GET') && !collectionHere) {
      // A write to a path that reads one thing (`POST /users/self` beside `GET /users/self`) updates that thing.
      collection = path;
      role = 'singleton-update';
    } else if (op.method === 'POST') {
      const parent = segments.slice(0, -1).join('/');
      // `POST /transactions/request_money` creates in `/transactions` when only the parent has items.
      collection = !hasItems(path) && !listed(path) && parent && hasItems(parent) ? parent : path;
      role = 'create';
    } else if (op.method === 'PUT' || op.method === 'PATCH') {
      collection = path;
      role = 'singleton-update';
    }
    const declared = declaredRole(op);
    if (declared) role = declared;
    else if (declaresNoSuccess(op)) {
      role = 'other';
      guesses.push({ subject: op.operationId, guess: `declares no success response: answered ${successStatusOf(op)}, storing nothing`, override: 'a 2xx response in the document' });
    }
    if (op.mockHints?.collection !== undefined) collection = trimSlash(op.mockHints.collection);
    return { op, role, collection, idParam, filter: undefined as Record<string, string> | undefined };
  });
  function declaredRole(op: OperationModel): Role | undefined {
    const chosen = overrides.roles?.[op.operationId] ?? op.mockHints?.role;
    return typeof chosen === 'string' && (MOCK_ROLES as readonly string[]).includes(chosen) ? (chosen as Role) : undefined;
  }

  // A nested list no create fills (`GET /members/{memberId}/loans`) whose items are another
  // collection's (`/loans`) lists that collection's items whose field names the parent (`memberId`).
  for (const entry of placed) {
    if (entry.role !== 'list' || entry.collection === undefined || declaredRole(entry.op)) continue;
    if (placed.some((p) => p.collection === entry.collection && p.role === 'create')) continue;
    const item = itemKeyOf(entry.op);
    if (!item) continue;
    // The named schema a read of `collection` answers, or its list's items.
    const itemKeyHere = (collection: string): string | undefined => {
      const read = placed.find((q) => q.collection === collection && q.role === 'read');
      const node = read ? successSchema(read.op) : undefined;
      return node?.kind === 'ref' ? node.target : undefined;
    };
    const home = placed.find((p) => p !== entry && p.role === 'create' && p.collection !== undefined && !p.collection.includes('{') && itemKeyHere(p.collection) === item);
    if (!home?.collection) continue;
    const fields = propertiesOf(model, { kind: 'ref', target: item });
    const filter: Record<string, string> = {};
    for (const param of entry.op.parameters.filter((p) => p.in === 'path')) if (fields.some((f) => f.name === param.name)) filter[param.name] = param.key;
    if (Object.keys(filter).length === 0) continue;
    guesses.push({ subject: entry.op.operationId, guess: `lists ${home.collection} filtered by ${Object.keys(filter).join(', ')} (its items are that collection's, and no create fills ${entry.collection})`, override: 'x-mock-collection on the operation' });
    entry.collection = home.collection;
    entry.filter = filter;
  }

  // A create whose answer carries another collection's item (`POST /buys` answers a transfer) stores it there.
  const schemaAt = (op: OperationModel, at: string | undefined): string | undefined => {
    if (at === undefined) return undefined;
    const body = successSchema(op);
    const node = at === '' ? body : propertiesOf(model, body).find((p) => p.name === at)?.schema;
    return node?.kind === 'ref' ? node.target : undefined;
  };
  for (const entry of placed) {
    if (entry.role !== 'create' || entry.collection === undefined) continue;
    if (placed.some((p) => p.collection === entry.collection && (p.role === 'list' || p.role === 'read'))) continue;
    const created = schemaAt(entry.op, resourcePath(model, successSchema(entry.op), undefined));
    const home = created && placed.find((p) => p.collection !== undefined && p.role === 'list' && itemKeyOf(p.op) === created)?.collection;
    if (home && !home.includes('{')) entry.collection = home;
  }

  const collections: Record<string, CollectionPlan> = {};
  const operations: Record<string, OperationPlan> = {};
  const itemSchemaOf = (collection: string): SchemaNode | undefined => {
    const list = placed.find((p) => p.collection === collection && p.role === 'list' && p.filter === undefined);
    const listItem = list ? itemSchemaOfList(list.op) : undefined;
    if (listItem) return listItemOf(model, listItem).schema;
    const read = placed.find((p) => p.collection === collection && p.role === 'read');
    return read ? successSchema(read.op) : undefined;
  };

  // A POST under a collection (`/responses/compact`) creates in it only where it answers the
  // collection's items: one answering another named schema (a compaction) just answers.
  for (const entry of placed) {
    if (entry.role !== 'create' || declaredRole(entry.op) || entry.collection === undefined || entry.collection === trimSlash(entry.op.path)) continue;
    const item = itemSchemaOf(entry.collection);
    const made = successSchema(entry.op);
    if (item?.kind !== 'ref' || made?.kind !== 'ref' || item.target === made.target) continue;
    // A wrapper of the item (`{data: Response}`) still answers it.
    if (propertiesOf(model, made).some((p) => p.schema.kind === 'ref' && p.schema.target === item.target)) continue;
    guesses.push({ subject: entry.op.operationId, guess: `answers ${made.target}, not an item of ${entry.collection} (${item.target}): stores nothing`, override: 'x-mock-role on the operation, or --mock-role' });
    entry.role = 'other';
    entry.collection = undefined;
  }

  for (const { op, role, collection, idParam, filter } of placed) {
    const plan: OperationPlan = { role, successStatus: successStatusOf(op) };
    const errors = errorStatusesOf(op);
    if (errors.statuses) plan.errorStatuses = errors.statuses;
    if (errors.guess) guesses.push({ subject: op.operationId, guess: errors.guess, override: 'the status in the operation\'s responses' });
    if (!declaredRole(op) && !op.pagination && role !== 'other') guesses.push({ subject: op.operationId, guess: `${role}${collection ? ` in ${collection}` : ''} (from ${op.method} ${pathLabel(op)})`, override: 'x-mock-role on the operation, or --mock-role' });
    if (collection !== undefined) {
      plan.collection = collection;
      const scope = op.parameters.filter((p) => p.in === 'path' && collection.includes(`{${p.name}}`)).map((p) => p.key);
      if (scope.length > 0) plan.scope = scope;
    }
    if (filter) plan.filter = filter;
    if (idParam) plan.idParam = idParam;
    const item = collection !== undefined ? itemSchemaOf(collection) : undefined;
    const itemRef = item?.kind === 'ref' ? item : undefined;
    const at = role === 'list' ? undefined : resourcePath(model, successSchema(op), itemRef ?? undefined);
    // A read's answer may itself be the wrapper (`{data: Buy}`): then the item is what sits inside it.
    if (at !== undefined) plan.resourceAt = at;
    const guessedItems = listItems.get(op.operationId);
    if (role === 'list' && !op.pagination && guessedItems) {
      const paging = guessPagination(model, op, guessedItems.itemsField);
      plan.pagination = paging.pagination;
      guesses.push({ subject: op.operationId, guess: paging.guess, override: 'x-pagination on the operation' });
    }
    if (op.pagination) {
      const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      const limitParam = firstOf(['limit', 'page_size', 'pageSize', 'per_page', 'perPage', 'size'], names);
      const limitSchema = resolve(model, op.parameters.find((p) => p.name === limitParam)?.schema);
      const defaultLimit = typeof limitSchema?.default === 'number' ? limitSchema.default : 25;
      const keys = (name: string | undefined): string | undefined => (name === undefined ? undefined : op.parameters.find((p) => p.in === 'query' && p.name === name)?.key);
      const limitKey = keys(limitParam);
      const extra = { defaultLimit, ...(limitKey ? { limitParam: limitKey } : {}) };
      if (op.pagination.style === 'cursor') {
        const order = keys(firstOf(['order'], names));
        const endingBefore = keys(firstOf(['ending_before', 'endingBefore'], names));
        // The next URI ends the list as its schema says; null is x-pagination's own default.
        const end = pageEndOf(model, successSchema(op), op.pagination.nextUriField);
        plan.pagination = {
          ...op.pagination,
          cursorParam: keys(op.pagination.cursorParam) ?? op.pagination.cursorParam,
          ...extra,
          ...(order ? { orderParam: order } : {}),
          ...(endingBefore ? { endingBeforeParam: endingBefore } : {}),
          ...(end !== undefined && end !== null ? { lastCursor: end } : {}),
          emptyCursor: emptyCursorOf(model, op, op.pagination.cursorParam),
        };
      } else if (op.pagination.style === 'page') plan.pagination = { ...op.pagination, pageParam: keys(op.pagination.pageParam) ?? op.pagination.pageParam, ...extra };
      else {
        const end = pageEndOf(model, successSchema(op), op.pagination.nextTokenField);
        plan.pagination = {
          ...op.pagination,
          tokenParam: keys(op.pagination.tokenParam) ?? op.pagination.tokenParam,
          ...extra,
          ...(end !== undefined && end !== '' ? { lastToken: end } : {}),
          emptyCursor: emptyCursorOf(model, op, op.pagination.tokenParam),
        };
      }
    }
    if (plan.pagination) {
      const least = leastItems(model, successSchema(op), plan.pagination.itemsField);
      if (least > 0) {
        plan.pagination = { ...plan.pagination, minItems: least };
        guesses.push({ subject: op.operationId, guess: `answers at least ${least} item${least === 1 ? '' : 's'} (minItems), filling a shorter page with seeded items`, override: 'a schema without minItems on the list' });
      }
    }
    if (op.idempotency) plan.idempotency = { field: op.idempotency.field, in: op.idempotency.in };
    const machine = resolve(model, itemRef)?.stateMachine;
    if (machine) {
      const transitions = machine.transitions.filter((t) => t.trigger === op.operationId).map(({ trigger: _trigger, ...move }) => move);
      if (transitions.length > 0) plan.state = { field: machine.field, transitions };
    }
    if (timeOp?.serverTimeOperation === op.operationId && timeOp.serverTimeField) plan.timeField = timeOp.serverTimeField;
    operations[op.operationId] = plan;

    if (collection !== undefined && !collections[collection]) {
      // The properties of every variant of a union item (a printed book or an e-book), each once.
      const resolvedItem = resolve(model, item);
      const variants = resolvedItem?.kind === 'union' ? resolvedItem.variants : [item];
      const properties = variants.flatMap((variant) => propertiesOf(model, variant)).filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
      const names = properties.map((p) => p.name);
      const declaredId = overrides.idFields?.[collection] ?? resolve(model, item)?.mockIdField;
      // The item path's own parameter, where the item has a property of that name (`/user/{username}`), names it.
      const itemParam = placed.find((p) => p.collection === collection && p.idParam !== undefined && p.role === 'read')?.op.parameters.find((q) => q.in === 'path' && q.key === placed.find((p) => p.collection === collection && p.role === 'read')?.idParam)?.name;
      const guessedId = (itemParam !== undefined && names.includes(itemParam) ? itemParam : undefined) ?? firstOf(['id', 'uuid', 'key'], names) ?? names.find((n) => /id$/i.test(n)) ?? 'id';
      const idField = typeof declaredId === 'string' ? declaredId : guessedId;
      if (typeof declaredId !== 'string' && names.length > 0 && idField !== 'id') guesses.push({ subject: collection, guess: `items are identified by ${idField}`, override: 'x-mock-id-field on the item schema, or --mock-id-field' });
      const read = placed.find((p) => p.collection === collection && p.role === 'read');
      const entry: CollectionPlan = { idField, created: false };
      const list = placed.find((p) => p.collection === collection && p.role === 'list' && p.filter === undefined);
      const wrapper = list ? listItemOf(model, itemSchemaOfList(list.op)).wrapper : undefined;
      if (wrapper) entry.itemWrapper = wrapper;
      // A read-only date-time set when the item is made (`addedAt`, `joined_at`) counts as its creation time.
      const madeAt = properties.find((p) => {
        const schema = resolve(model, p.schema);
        return (p.schema.readOnly || schema?.readOnly) && schema?.kind === 'string' && schema.format === 'date-time' && /(created|added|joined|registered|opened|submitted|placed)(_?at|_?on)?$/i.test(p.name);
      })?.name;
      const createdAt = firstOf(['created_at', 'createdAt', 'created'], names) ?? madeAt;
      const updatedAt = firstOf(['updated_at', 'updatedAt', 'updated'], names);
      const pathField = firstOf(['resource_path', 'resourcePath', 'path', 'self'], names);
      if (createdAt) entry.createdAtField = createdAt;
      if (updatedAt) entry.updatedAtField = updatedAt;
      if (pathField) entry.pathField = pathField;
      if (read) entry.itemPath = trimSlash(read.op.path);
      collections[collection] = entry;
    }
  }
  // A collection keeps state only when a create answers with the resource it made (so the mock can store it).
  for (const { op, role, collection } of placed) if (role === 'create' && collection !== undefined && operations[op.operationId]!.resourceAt !== undefined) collections[collection]!.created = true;
  planStates({ model, placed, operations, collections, itemSchemaOf, overrides, guesses });
  // Grouped by what they are about, in a stable order.
  guesses.sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
  const result: MockPlanModel = { operations, collections, guesses };

  // Webhooks named `<...>:<event>` whose payload carries a collection's item: `wallet:buys:created`.
  const itemKeys = new Map<string, string>();
  for (const collection of Object.keys(collections)) {
    const item = itemSchemaOf(collection);
    if (item?.kind === 'ref' && !itemKeys.has(item.target)) itemKeys.set(item.target, collection);
  }
  const webhooks: WebhookPlan[] = [];
  for (const hook of model.webhooks) {
    const body = hook.requestBody?.contents[0]?.schema;
    if (body?.kind !== 'ref') continue;
    const event = /[:.](\w+)$/.exec(hook.path)?.[1];
    if (!event) continue;
    const carrier = propertiesOf(model, body).find((p) => p.schema.kind === 'ref' && itemKeys.has(p.schema.target));
    if (!carrier || carrier.schema.kind !== 'ref') continue;
    webhooks.push({ collection: itemKeys.get(carrier.schema.target)!, event, webhook: hook.operationId, schema: body.target, resourceAt: carrier.name });
  }
  if (webhooks.length > 0) result.webhooks = webhooks;
  const notifications = placed.find((p) => p.role === 'list' && p.collection !== undefined && /notification|event|webhook/i.test(p.collection.split('/').pop() ?? '') && ['type', 'data'].every((name) => propertiesOf(model, itemSchemaOf(p.collection!)).some((q) => q.name === name)));
  if (notifications?.collection !== undefined && webhooks.length > 0) result.notifications = notifications.collection;
  // Warnings are the server's to add (`missing_version`), not the fixtures'.
  if (model.versioning?.missingWarning !== undefined) result.serverFields = ['warnings'];
  return result;
}

/** The paging of a list without `x-pagination`, from its query parameters and the fields of its answer; and what was guessed. */
/** The `minItems` of the list's items array in a success body (`itemsField`: a dot path, '' for the body itself); 0 when none. */
function leastItems(model: ApiModel, body: SchemaNode | undefined, itemsField: string): number {
  let node = resolve(model, body);
  for (const name of itemsField === '' ? [] : itemsField.split('.')) node = resolve(model, effectiveObject(model, node)?.properties.find((p) => p.name === name)?.schema);
  return node?.kind === 'array' ? (node.minItems ?? 0) : 0;
}

function guessPagination(model: ApiModel, op: OperationModel, itemsField: string): { pagination: MockPagination; guess: string } {
  const query = op.parameters.filter((p) => p.in === 'query');
  const named = (names: readonly string[]) => names.map((n) => query.find((p) => p.name === n)).find((p) => p !== undefined);
  const body = successSchema(op);
  const properties = propertiesOf(model, body);
  const fieldNames = properties.map((p) => p.name);
  // The counts a page echoes are integers: a `page` object (Star Trek's) is not one.
  const countNames = properties.filter((p) => {
    const schema = resolve(model, p.schema);
    return schema?.kind === 'number' && schema.integer;
  }).map((p) => p.name);
  const fields: MockPageFields = {};
  const total = firstOf(TOTAL_NAMES, countNames);
  if (total) fields.totalField = total;
  const limit = named(LIMIT_PARAMS);
  const limitSchema = resolve(model, limit?.schema);
  const defaultLimit = typeof limitSchema?.default === 'number' ? limitSchema.default : limitSchema?.kind === 'number' && typeof limitSchema.maximum === 'number' ? Math.min(25, limitSchema.maximum) : 25;
  const limitPart = limit ? { limitParam: limit.key } : {};
  const echoes = (): string => [fields.totalField, fields.pageField, fields.sizeField, fields.totalPagesField].filter(Boolean).join(', ');
  const offset = named(OFFSET_PARAMS);
  if (offset) {
    const page = firstOf(SIZE_FIELD_NAMES, countNames);
    if (page) fields.sizeField = page;
    return {
      pagination: { style: 'offset', itemsField, offsetParam: offset.key, ...limitPart, defaultLimit, ...fields },
      guess: `pages by offset (${offset.name}${limit ? `, ${limit.name}` : ''}; ${defaultLimit} by default)${echoes() ? `, answering ${echoes()}` : ''}`,
    };
  }
  const page = named(PAGE_PARAMS);
  if (page) {
    const pageSchema = resolve(model, page.schema);
    const firstPage = pageSchema?.kind === 'number' && pageSchema.minimum === 0 ? 0 : 1;
    const pageField = firstOf(PAGE_FIELD_NAMES, countNames);
    const sizeField = firstOf(SIZE_FIELD_NAMES, countNames);
    const totalPages = firstOf(TOTAL_PAGES_NAMES, countNames.filter((n) => n !== pageField));
    if (pageField) fields.pageField = pageField;
    if (sizeField) fields.sizeField = sizeField;
    if (totalPages) fields.totalPagesField = totalPages;
    return {
      pagination: { style: 'page-number', itemsField, pageParam: page.key, firstPage, ...limitPart, defaultLimit, ...fields },
      guess: `pages by number (${page.name} from ${firstPage}${limit ? `, ${limit.name}` : ''}; ${defaultLimit} by default)${echoes() ? `, answering ${echoes()}` : ''}`,
    };
  }
  const cursor = named(CURSOR_PARAMS);
  const next = firstOf(NEXT_TOKEN_NAMES, fieldNames.filter((n) => n !== itemsField));
  if (cursor && next) {
    const nextProperty = effectiveObject(model, body)!.properties.find((p) => p.name === next)!;
    const nextNode = resolve(model, nextProperty.schema);
    // The token as the field's schema has it: a number (Box's next_marker), a URL (Jira's next), else a string.
    const tokenForm = nextNode?.kind === 'number' ? 'integer' : nextNode?.kind === 'string' && (nextNode.format === 'uri' || nextNode.format === 'url') ? 'uri' : undefined;
    const lastToken = pageEndOf(model, body, next);
    const emptyCursor = emptyCursorOf(model, op, cursor.name);
    const ends = lastToken === null ? 'null' : lastToken === 'absent' ? 'no field' : "''";
    return {
      pagination: { style: 'token', itemsField, tokenParam: cursor.key, nextTokenField: next, ...limitPart, defaultLimit, ...(lastToken !== undefined && lastToken !== '' ? { lastToken } : {}), ...(tokenForm ? { tokenForm } : {}), emptyCursor },
      guess: `pages by cursor (${cursor.name} in, ${next} out; ${defaultLimit} by default), ending with ${ends}${emptyCursor === 'absent' ? `; an empty ${cursor.name} asks for the first page` : ''}`,
    };
  }
  return { pagination: { style: 'all', itemsField, ...(total ? { totalField: total } : {}) }, guess: `lists every item${itemsField ? ` in ${itemsField}` : ''} (no paging parameter found)` };
}

/**
 * What the next cursor or token field at a dot path of a list answer holds on the last page, as
 * its schema says: `null` where it may be null, no field (`'absent'`) where it is optional, else
 * ''; undefined where the answer's schema does not have the field.
 */
function pageEndOf(model: ApiModel, body: SchemaNode | undefined, path: string): MockPageEnd | undefined {
  let node = body;
  let property: { schema: SchemaNode; required: boolean } | undefined;
  for (const name of path.split('.')) {
    property = effectiveObject(model, node)?.properties.find((p) => p.name === name);
    if (!property) return undefined;
    node = property.schema;
  }
  if (!property) return undefined;
  return mayBeNull(model, property.schema) ? null : property.required ? '' : 'absent';
}

const mayBeNull = (model: ApiModel, node: SchemaNode): boolean => {
  const schema = resolve(model, node);
  if (node.nullable === true || schema?.nullable === true) return true;
  if (schema?.kind === 'null' || schema?.kind === 'unknown') return true;
  if (schema?.kind === 'literal') return schema.values.includes(null);
  return schema?.kind === 'union' && schema.variants.some((variant) => mayBeNull(model, variant));
};

/** Formats whose check refuses '' (a uri-reference or a json-pointer may be empty). */
const EMPTY_REFUSING_FORMATS = new Set(['date', 'time', 'date-time', 'duration', 'uri', 'iri', 'url', 'email', 'idn-email', 'ipv4', 'ipv6', 'uuid', 'relative-json-pointer', 'hostname', 'idn-hostname']);

/** Whether a value of `node` may be '' (for a query parameter: `cursor=`). */
function acceptsEmpty(model: ApiModel, node: SchemaNode | undefined): boolean {
  const schema = resolve(model, node);
  if (!schema) return true;
  switch (schema.kind) {
    case 'string': {
      if ((schema.minLength ?? 0) >= 1 || EMPTY_REFUSING_FORMATS.has(schema.format ?? '')) return false;
      if (schema.enum && !schema.openEnum && !schema.enum.includes('')) return false;
      if (schema.pattern === undefined) return true;
      try {
        return new RegExp(schema.pattern, 'u').test('');
      } catch {
        return true;
      }
    }
    case 'literal':
      return schema.values.includes('');
    case 'union':
      return schema.variants.some((variant) => acceptsEmpty(model, variant));
    case 'intersection':
      return schema.parts.every((part) => acceptsEmpty(model, part));
    case 'unknown':
      return true;
    default:
      return false;
  }
}

/** An empty cursor parameter is the first page where the parameter's schema accepts '', else a 400. */
const emptyCursorOf = (model: ApiModel, op: OperationModel, name: string): MockEmptyCursor =>
  acceptsEmpty(model, op.parameters.find((p) => p.in === 'query' && p.name === name)?.schema) ? 'absent' : 'refused';

/** Properties named like a resource's state, in order of preference (then any `…Status`, `…_state`). */
const STATE_NAMES = ['status', 'state', 'stage', 'phase', 'lifecycleState', 'lifecycle_state'];

/** Past participles that do not end in -ed (`pay` -> `paid`). */
const IRREGULAR: Readonly<Record<string, string>> = { pay: 'paid', send: 'sent', resend: 'resent', hold: 'held', freeze: 'frozen', unfreeze: 'unfrozen', begin: 'begun', sell: 'sold', buy: 'bought', lay: 'laid', write: 'written', set: 'set', put: 'put', shut: 'shut', split: 'split', run: 'run' };

const normal = (name: string): string => name.toLowerCase().replace(/[-_\s.]/g, '');

/** The names a verb's outcome goes by, best first: its past participles, then the verb itself (`cancel`: cancelled, canceled, cancel). */
function verbForms(verb: string): string[] {
  const v = normal(verb);
  const forms: string[] = [];
  if (IRREGULAR[v]) forms.push(IRREGULAR[v]);
  if (v.endsWith('e')) forms.push(`${v}d`);
  else if (/[^aeiou]y$/.test(v)) forms.push(`${v.slice(0, -1)}ied`);
  else {
    // A final consonant after one vowel is doubled in British spelling and often in American (cancelled, submitted).
    if (/(?:^|[^aeiou])[aeiou][bdgklmnprt]$/.test(v)) forms.push(`${v}${v.at(-1)!}ed`);
    forms.push(`${v}ed`);
  }
  forms.push(v);
  return [...new Set(forms)];
}

/** The words of a path segment naming an action (`mark-paid`, `markPaid` -> mark, paid). */
const wordsOf = (segment: string): string[] => segment.split(/[-_.\s]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean).map((w) => w.toLowerCase());

/** The form of a time field's schema: a date-time or date string, or Unix seconds (an integer); undefined for anything else. */
function timeFormOf(model: ApiModel, node: SchemaNode): MockStamp['form'] | undefined {
  const schema = resolve(model, node);
  if (schema?.kind === 'union') {
    const forms = schema.variants.filter((v) => resolve(model, v)?.kind !== 'null').map((v) => timeFormOf(model, v));
    return forms.length === 1 ? forms[0] : undefined;
  }
  if (schema?.kind === 'string') return schema.format === 'date-time' ? 'date-time' : schema.format === 'date' ? 'date' : undefined;
  return schema?.kind === 'number' && schema.integer ? 'unix-seconds' : undefined;
}

/**
 * The state of each collection's resources where no `x-state-machine` says it, and what creates
 * and actions do to it: a create starts in the state enum's default (else its first value) with
 * the nullable times the server sets later at null; an action (`POST /loans/{id}/return`) moves
 * to the value named after its verb (returned) and sets the time named after it (returnedAt).
 * Every guess is reported with what overrules it.
 */
function planStates(init: {
  model: ApiModel;
  placed: readonly { op: OperationModel; role: Role; collection: string | undefined }[];
  operations: Record<string, OperationPlan>;
  collections: Readonly<Record<string, CollectionPlan>>;
  itemSchemaOf: (collection: string) => SchemaNode | undefined;
  overrides: MockOverrides;
  guesses: MockGuess[];
}): void {
  const { model, placed, operations, collections, itemSchemaOf, overrides, guesses } = init;
  for (const collection of Object.keys(collections)) {
    const item = itemSchemaOf(collection);
    const resolvedItem = resolve(model, item);
    const variants = resolvedItem?.kind === 'union' ? resolvedItem.variants : [item];
    const properties = variants.flatMap((variant) => propertiesOf(model, variant)).filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
    if (properties.length === 0) continue;
    const itemName = item?.kind === 'ref' ? item.target : 'the item schema';
    const declared = resolvedItem?.stateMachine !== undefined;
    const enumOf = (name: string): string[] | undefined => {
      const schema = resolve(model, properties.find((p) => p.name === name)?.schema);
      return schema?.kind === 'string' && schema.enum && schema.enum.length > 0 ? schema.enum : undefined;
    };
    // The state field: the document's, the option's, or a string enum named like one.
    const chosen = overrides.stateFields?.[collection];
    const guessedField = chosen === undefined && !declared ? (firstOf(STATE_NAMES, properties.filter((p) => enumOf(p.name)).map((p) => p.name)) ?? properties.find((p) => /(?:Status|_status|State|_state)$/.test(p.name) && enumOf(p.name))?.name) : undefined;
    const field = declared ? resolvedItem!.stateMachine!.field : chosen === '' ? undefined : (chosen ?? guessedField);
    const fixState = `x-state-machine on ${itemName}, or --mock-state-field ${collection}=<field> ('' for none)`;
    // The field is reported where a create or an action of the collection uses it.
    let used = false;
    const values = field ? enumOf(field) : undefined;
    const times = properties.filter((p) => p.name !== field && p.name !== collections[collection]!.createdAtField && p.name !== collections[collection]!.updatedAtField);

    for (const { op, role, collection: at } of placed) {
      if (at !== collection || (role !== 'create' && role !== 'action')) continue;
      const plan = operations[op.operationId]!;
      if (plan.resourceAt === undefined && role === 'create') continue;
      const chosenState = overrides.states?.[op.operationId];
      if (chosenState === '') continue;
      const fix = `--mock-state ${op.operationId}=<state> ('' for neither state nor times), or x-state-machine on ${itemName}`;
      // x-state-machine says what creates and actions do (a create may complete at once): nothing is guessed.
      if (declared) continue;
      if (role === 'create') {
        // Nullable times that the request cannot set: the server sets them later.
        const sent = new Set((op.requestBody?.contents ?? []).flatMap((content) => propertiesOf(model, content.schema).map((p) => p.name)));
        const unset = times.filter((p) => !sent.has(p.name) && mayBeNull(model, p.schema) && timeFormOf(model, p.schema) !== undefined).map((p) => p.name);
        if (unset.length > 0) {
          plan.unset = unset;
          guesses.push({ subject: op.operationId, guess: `starts ${unset.join(', ')} as null (nullable times the request does not set)`, override: fix });
        }
        if (!field || plan.state) continue;
        const property = properties.find((p) => p.name === field)!;
        const fallback = resolve(model, property.schema)?.default ?? property.schema.default;
        const initial = chosenState ?? (typeof fallback === 'string' && values?.includes(fallback) ? fallback : values?.[0]);
        if (initial === undefined) continue;
        plan.state = { field, transitions: [{ from: null, to: initial }], guessed: true };
        used = true;
        if (chosenState === undefined) guesses.push({ subject: op.operationId, guess: `starts ${field} at ${initial} (${initial === fallback ? "the enum's default" : "the enum's first value"}), unless the request sets it`, override: fix });
        continue;
      }
      // An action named by the path's last segment (`/loans/{loanId}/return`).
      const segment = trimSlash(op.path).split('/').pop() ?? '';
      if (isParam(segment)) continue;
      const words = wordsOf(segment);
      const forms = [...new Set([...verbForms(words.join('')), ...(words.length > 1 ? verbForms(words.at(-1)!) : [])])];
      const target = chosenState ?? forms.map((form) => values?.find((value) => normal(value) === form)).find((value) => value !== undefined);
      if (field && (target !== undefined || values)) used = true;
      if (field && target !== undefined) {
        plan.state = { field, transitions: [{ to: target }], guessed: true };
        if (chosenState === undefined) guesses.push({ subject: op.operationId, guess: `moves ${field} to ${target} (named after ${segment})`, override: fix });
      } else if (field && values) guesses.push({ subject: op.operationId, guess: `moves no state (no value of ${field} is named after ${segment})`, override: fix });
      // The time named after the verb or the state reached: returnedAt, returned_at, return_at.
      const names = new Set([...forms, ...(target !== undefined ? [normal(target)] : [])].map((form) => `${form}at`));
      const stamps = times.flatMap((p): MockStamp[] => {
        const form = names.has(normal(p.name)) ? timeFormOf(model, p.schema) : undefined;
        return form ? [{ field: p.name, form }] : [];
      });
      if (stamps.length > 0) {
        plan.stamps = stamps;
        guesses.push({ subject: op.operationId, guess: `sets ${stamps.map((s) => `${s.field} (${s.form})`).join(', ')} to the time of the call`, override: fix });
      }
    }
    if (guessedField && used) guesses.push({ subject: collection, guess: `${guessedField} holds the state (a string enum named like one)`, override: fixState });
  }
}
