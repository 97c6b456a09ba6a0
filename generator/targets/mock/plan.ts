/**
 * The mock plan of an OpenAPI model: what each operation does to which collection, read
 * from paths and methods (`POST /buys` creates, `GET /buys/{id}` reads, `POST
 * /buys/{id}/commit` acts), `x-pagination`, `x-idempotency` and `x-state-machine`.
 */
import { isSuccessStatus, resolve } from '../../model/derive.js';
import type { ApiModel, OperationModel, SchemaNode } from '../../model/types.js';

// The plan is data for the mock runtime: its types are the runtime's own.
import type { MockCollectionPlan as CollectionPlan, MockOperationPlan, MockRole as Role, MockWebhookPlan as WebhookPlan } from '../../../templates/mock-runtime/src/mock/plan.js';

/** An operation's plan as the generator builds it (mutable while it is worked out). */
type OperationPlan = { -readonly [K in keyof MockOperationPlan]: MockOperationPlan[K] } & { scope?: string[] };

export interface MockPlanModel {
  operations: Record<string, OperationPlan>;
  collections: Record<string, CollectionPlan>;
  webhooks?: WebhookPlan[];
  /** The list collection that records sent notifications (`/v2/notifications`). */
  notifications?: string;
  serverFields?: string[];
}

const isParam = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);
const paramName = (segment: string): string => segment.slice(1, -1);
const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function successStatusOf(op: OperationModel): number {
  const status = op.responses.map((r) => r.status).find(isSuccessStatus);
  return status === undefined ? 200 : /^\d+$/.test(status) ? Number(status) : Number(status[0]) * 100;
}

const successSchema = (op: OperationModel): SchemaNode | undefined => op.responses.find((r) => isSuccessStatus(r.status))?.content?.schema;

const keyOf = (op: OperationModel, name: string): string => op.parameters.find((p) => p.in === 'path' && p.name === name)?.key ?? name;

function propertiesOf(model: ApiModel, node: SchemaNode | undefined): { name: string; schema: SchemaNode }[] {
  const schema = resolve(model, node);
  if (schema?.kind === 'object') return schema.properties;
  if (schema?.kind === 'intersection') return schema.parts.flatMap((p) => propertiesOf(model, p));
  return [];
}

/** Where a resource of schema `item` sits in a body of schema `body`: '', a property, or a property of `data`. */
function resourcePath(model: ApiModel, body: SchemaNode | undefined, item: SchemaNode | undefined): string | undefined {
  if (!body) return undefined;
  const itemKey = item?.kind === 'ref' ? item.target : undefined;
  if (itemKey && body.kind === 'ref' && body.target === itemKey) return '';
  const properties = propertiesOf(model, body);
  if (itemKey) {
    const direct = properties.find((p) => p.schema.kind === 'ref' && p.schema.target === itemKey);
    if (direct) return direct.name;
  }
  const data = properties.find((p) => p.name === 'data');
  if (data && resolve(model, data.schema)?.kind === 'object') return 'data';
  // A single wrapped object (`{transfer: {...}}`, with `success` beside it).
  const objects = properties.filter((p) => resolve(model, p.schema)?.kind === 'object');
  if (objects.length === 1) return objects[0]!.name;
  if (resolve(model, body)?.kind === 'object' && properties.some((p) => p.name === 'id')) return '';
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


export function planMock(model: ApiModel): MockPlanModel {
  const byPath = new Map<string, OperationModel[]>();
  for (const op of model.operations) {
    const path = trimSlash(op.path);
    byPath.set(path, [...(byPath.get(path) ?? []), op]);
  }
  const paths = [...byPath.keys()];
  // A path is a collection when some path names an item under it (`/transactions/{id}/...`).
  const hasItems = (collection: string): boolean => paths.some((p) => p.startsWith(`${collection}/{`));
  const listed = (path: string): boolean => (byPath.get(path) ?? []).some((o) => o.method === 'GET' && o.pagination !== undefined);
  const timeOp = model.securitySchemes.find((s) => s.hmac?.serverTimeOperation)?.hmac;

  const itemKeyOf = (op: OperationModel): string | undefined => {
    const { schema } = listItemOf(model, op.itemSchema);
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
    const collectionHere = hasItems(path) || listed(path) || (op.method === 'POST' && successStatusOf(op) === 201);
    if (isParam(last)) {
      collection = segments.slice(0, -1).join('/');
      idParam = keyOf(op, paramName(last));
      role = op.method === 'GET' ? 'read' : op.method === 'PUT' || op.method === 'PATCH' ? 'update' : op.method === 'DELETE' ? 'delete' : 'action';
    } else if (isParam(before) && !collectionHere) {
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
    return { op, role, collection, idParam };
  });

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
    const list = placed.find((p) => p.collection === collection && p.role === 'list');
    if (list?.op.itemSchema) return listItemOf(model, list.op.itemSchema).schema;
    const read = placed.find((p) => p.collection === collection && p.role === 'read');
    return read ? successSchema(read.op) : undefined;
  };

  for (const { op, role, collection, idParam } of placed) {
    const plan: OperationPlan = { role, successStatus: successStatusOf(op) };
    if (collection !== undefined) {
      plan.collection = collection;
      const scope = op.parameters.filter((p) => p.in === 'path' && collection.includes(`{${p.name}}`)).map((p) => p.key);
      if (scope.length > 0) plan.scope = scope;
    }
    if (idParam) plan.idParam = idParam;
    const item = collection !== undefined ? itemSchemaOf(collection) : undefined;
    const itemRef = item?.kind === 'ref' ? item : undefined;
    const at = role === 'list' ? undefined : resourcePath(model, successSchema(op), itemRef ?? undefined);
    // A read's answer may itself be the wrapper (`{data: Buy}`): then the item is what sits inside it.
    if (at !== undefined) plan.resourceAt = at;
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
        plan.pagination = {
          ...op.pagination,
          cursorParam: keys(op.pagination.cursorParam) ?? op.pagination.cursorParam,
          ...extra,
          ...(order ? { orderParam: order } : {}),
          ...(endingBefore ? { endingBeforeParam: endingBefore } : {}),
        };
      } else if (op.pagination.style === 'page') plan.pagination = { ...op.pagination, pageParam: keys(op.pagination.pageParam) ?? op.pagination.pageParam, ...extra };
      else plan.pagination = { ...op.pagination, tokenParam: keys(op.pagination.tokenParam) ?? op.pagination.tokenParam, ...extra };
    }
    if (op.idempotency) plan.idempotency = { field: op.idempotency.field, in: op.idempotency.in };
    const machine = resolve(model, itemRef)?.extensions?.['x-state-machine'] as { field?: unknown; transitions?: unknown } | undefined;
    if (machine && typeof machine.field === 'string' && Array.isArray(machine.transitions)) {
      const transitions = (machine.transitions as Record<string, unknown>[])
        .filter((t) => t.trigger === op.operationId && typeof t.to === 'string')
        .map((t) => ({ from: typeof t.from === 'string' ? t.from : null, to: t.to as string, ...(typeof t.condition === 'string' ? { condition: t.condition } : {}) }));
      if (transitions.length > 0) plan.state = { field: machine.field, transitions };
    }
    if (timeOp?.serverTimeOperation === op.operationId && timeOp.serverTimeField) plan.timeField = timeOp.serverTimeField;
    operations[op.operationId] = plan;

    if (collection !== undefined && !collections[collection]) {
      const names = propertiesOf(model, item).map((p) => p.name);
      const idField = firstOf(['id', 'uuid', 'key'], names) ?? names.find((n) => /id$/i.test(n)) ?? 'id';
      const read = placed.find((p) => p.collection === collection && p.role === 'read');
      const entry: CollectionPlan = { idField, created: false };
      const list = placed.find((p) => p.collection === collection && p.role === 'list');
      const wrapper = list ? listItemOf(model, list.op.itemSchema).wrapper : undefined;
      if (wrapper) entry.itemWrapper = wrapper;
      const createdAt = firstOf(['created_at', 'createdAt', 'created'], names);
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
  const result: MockPlanModel = { operations, collections };

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
  const versioning = model.extensions['x-versioning'] as { missingWarning?: unknown } | undefined;
  if (typeof versioning?.missingWarning === 'string') result.serverFields = ['warnings'];
  return result;
}
