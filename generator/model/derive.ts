/** Facts derived from the model itself, computed once so that targets need not dig. */
import { readExtension } from './extensions.js';
import type { ApiModel, ObjectNode, OperationModel, ResponseModel, SchemaNode } from './types.js';

export const isSuccessStatus = (status: string): boolean => /^2(\d\d|XX)$/i.test(status);

/** A declared status as a number: '201' -> 201, a range '4XX' -> 400. */
const statusNumber = (status: string): number => (/^\d+$/.test(status) ? Number(status) : Number(status[0]) * 100);

/**
 * What a mock answers an operation with: its first 2xx response; `default` as 200; else the
 * lowest final status it declares (a document may declare only errors: Petstore's `addPet` has a
 * 405 alone), with that response. 200 and no response when it declares none.
 */
export function answeredResponseOf(op: Pick<OperationModel, 'responses'>): { status: number; response: ResponseModel | undefined } {
  const success = op.responses.find((r) => isSuccessStatus(r.status));
  if (success) return { status: statusNumber(success.status), response: success };
  const fallback = op.responses.find((r) => r.status === 'default');
  if (fallback || op.responses.length === 0) return { status: 200, response: fallback };
  // A 1xx is no final answer.
  const finals = op.responses.filter((r) => statusNumber(r.status) >= 200).sort((a, b) => statusNumber(a.status) - statusNumber(b.status));
  return finals[0] ? { status: statusNumber(finals[0].status), response: finals[0] } : { status: 200, response: undefined };
}

/** The path as the document keys it: the template, and the query its key carries (`/responses?beta=true`). */
export function pathLabel(op: Pick<OperationModel, 'path' | 'fixedQuery'>): string {
  return op.fixedQuery ? `${op.path}?${new URLSearchParams(op.fixedQuery).toString()}` : op.path;
}

/** The URL of the document's first server with its variables' defaults; `https://api.example.com` when it names none. */
export function serverUrlOf(model: ApiModel): string {
  const server = model.servers[0];
  if (!server) return 'https://api.example.com';
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables[name]?.default ?? name);
}

/** The property of the client's group that holds an operation (`client.accounts`); '' for none. */
export const clientGroupOf = (model: ApiModel, op: OperationModel): string => model.client.groups.find((g) => g.operations.includes(op.operationId))?.property ?? '';

/** Follows references and looks through intersections to the node that has `property`. */
function propertyOf(model: ApiModel, node: SchemaNode, property: string): SchemaNode | undefined {
  return effectiveObject(model, node)?.properties.find((p) => p.name === property)?.schema;
}

const schemasByKey = new WeakMap<ApiModel['schemas'], Map<string, SchemaNode>>();

/** The node a `$ref` chain ends at (the node itself when it is no reference); undefined for a dangling or endless one. The one place references are followed. */
export function resolve(model: ApiModel, node: SchemaNode | undefined): SchemaNode | undefined {
  let byKey = schemasByKey.get(model.schemas);
  if (!byKey) schemasByKey.set(model.schemas, (byKey = new Map(model.schemas.map((s) => [s.key, s.schema]))));
  let current = node;
  for (let i = 0; current?.kind === 'ref'; i++) {
    if (i === 50) return undefined;
    current = byKey.get(current.target);
  }
  return current;
}

/**
 * What an object schema says of its properties, through references, `allOf` (the properties of
 * every part; the first part that declares a name gives its schema, any part that requires it
 * makes it required) and typeless schemas with `properties`. The one place that merges `allOf`
 * for targets and plans; undefined when the node describes no object.
 */
export function effectiveObject(model: ApiModel, node: SchemaNode | undefined, depth = 0): ObjectNode | undefined {
  const schema = resolve(model, node);
  if (schema?.kind === 'object') return schema;
  if (schema?.kind === 'unknown') return schema.byType?.object;
  if (schema?.kind !== 'intersection' || depth > 16) return undefined;
  const parts = schema.parts.map((p) => effectiveObject(model, p, depth + 1)).filter((o): o is ObjectNode => o !== undefined);
  if (parts.length === 0) return undefined;
  const properties = new Map<string, ObjectNode['properties'][number]>();
  for (const property of parts.flatMap((o) => o.properties)) {
    const first = properties.get(property.name);
    properties.set(property.name, first ? { ...first, required: first.required || property.required } : property);
  }
  return { ...parts[0]!, properties: [...properties.values()] };
}

export function pathInSchema(model: ApiModel, node: SchemaNode, dotPath: string): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  for (const segment of dotPath.split('.')) {
    if (!current) return undefined;
    current = propertyOf(model, current, segment);
  }
  return current;
}

/** The error ids an operation's error responses declare through `errors[].id`. */
function errorIdsOf(model: ApiModel, op: OperationModel): OperationModel['errorIds'] {
  const known = new Set<string>();
  let open = false;
  let any = false;
  for (const response of op.responses) {
    if (isSuccessStatus(response.status) || !response.content) continue;
    const errors = resolve(model, propertyOf(model, response.content.schema, 'errors'));
    const item = errors?.kind === 'array' ? errors.items : undefined;
    const id = item ? resolve(model, propertyOf(model, item, 'id')) : undefined;
    if (id?.kind === 'string' && id.enum) {
      any = true;
      id.enum.forEach((v) => known.add(v));
      if (id.openEnum) open = true;
    } else if (id?.kind === 'literal') {
      any = true;
      id.values.forEach((v) => typeof v === 'string' && known.add(v));
    } else open = true;
  }
  return { known: [...known].sort(), open: open || !any };
}

export function deriveOperationFacts(model: ApiModel): void {
  for (const op of [...model.operations, ...model.webhooks]) {
    op.errorIds = errorIdsOf(model, op);
    if (op.pagination) {
      const success = op.responses.find((r) => isSuccessStatus(r.status) && r.content);
      const list = success?.content ? resolve(model, pathInSchema(model, success.content.schema, op.pagination.itemsField)) : undefined;
      if (list?.kind === 'array') op.itemSchema = list.items;
      else
        model.diagnostics.push({
          level: 'warning',
          pointer: op.pointer,
          message: `x-pagination.itemsField ${op.pagination.itemsField} is not an array in the success response; items are typed unknown`,
        });
    }
  }
}

/** The language header of the document: a header parameter whose schema lists `x-languages`. */
export function languagesOf(model: ApiModel): ApiModel['languages'] {
  const warned = new Set<SchemaNode | undefined>();
  for (const op of model.operations) {
    for (const param of op.parameters) {
      if (param.in !== 'header' || param.name.toLowerCase() !== 'accept-language') continue;
      const schema = resolve(model, param.schema);
      // A schema shared by many operations is read once: one warning, however many refer to it.
      const listed = readExtension('x-languages', schema?.extensions, schema?.pointer ?? op.pointer, warned.has(schema) ? [] : model.diagnostics);
      warned.add(schema);
      const supported = listed ?? (schema?.kind === 'string' && schema.enum ? schema.enum : []);
      if (supported.length === 0) continue;
      const fallback = typeof schema?.default === 'string' && supported.includes(schema.default) ? schema.default : supported.includes('en') ? 'en' : supported[0]!;
      return { header: param.name, supported, default: fallback };
    }
  }
  return undefined;
}

/** The parameters of an operation as one object node (what its params validator checks). */
export function parametersNode(op: OperationModel): ObjectNode {
  return {
    kind: 'object',
    properties: op.parameters.map((p) => ({ name: p.key, schema: withoutAccessMarks(p.schema), required: p.required })),
    additionalProperties: false,
  };
}

/**
 * A parameter's schema without `readOnly`/`writeOnly` on itself: they speak of properties in
 * bodies, and on a parameter (a path id marked `readOnly`, as public documents have it) they
 * would make the request form leave the parameter out.
 */
function withoutAccessMarks(schema: SchemaNode): SchemaNode {
  if (schema.readOnly === undefined && schema.writeOnly === undefined) return schema;
  const { readOnly: _readOnly, writeOnly: _writeOnly, ...rest } = schema;
  return rest as SchemaNode;
}

/** A tag in the tag tree: its depth under its ancestors (OpenAPI 3.2 `parent`). */
export interface TagNode {
  name: string;
  depth: number;
  summary?: string;
  kind?: string;
}

/**
 * The document's tags as a tree, depth first in document order: a tag under its `parent`; a tag
 * whose parent is not a tag, or that is in a cycle of parents, at the top.
 */
export function tagTree(model: Pick<ApiModel, 'tags'>): TagNode[] {
  const names = new Set(model.tags.map((t) => t.name));
  const rootOf = (name: string): boolean => {
    const seen = new Set<string>();
    let current = model.tags.find((t) => t.name === name);
    while (current?.parent !== undefined && names.has(current.parent)) {
      if (seen.has(current.name)) return true;
      seen.add(current.name);
      current = model.tags.find((t) => t.name === current!.parent);
    }
    return false;
  };
  const out: TagNode[] = [];
  const placed = new Set<string>();
  const visit = (tag: ApiModel['tags'][number], depth: number): void => {
    if (placed.has(tag.name)) return;
    placed.add(tag.name);
    out.push({ name: tag.name, depth, ...(tag.summary ? { summary: tag.summary } : {}), ...(tag.kind ? { kind: tag.kind } : {}) });
    for (const child of model.tags) if (child.parent === tag.name && child.name !== tag.name) visit(child, depth + 1);
  };
  for (const tag of model.tags) if (tag.parent === undefined || !names.has(tag.parent) || rootOf(tag.name)) visit(tag, 0);
  return out;
}

/**
 * Every operation, those the runtime calls itself (the server-time operation of HMAC signing)
 * first: a module that declares them in this order can name those from the others.
 */
export function runtimeOperationsFirst(model: ApiModel): OperationModel[] {
  const ids = new Set(model.securitySchemes.flatMap((s) => (s.hmac?.serverTimeOperation ? [s.hmac.serverTimeOperation] : [])));
  const first = (op: OperationModel): boolean => ids.has(op.operationId);
  return [...model.operations.filter(first), ...model.operations.filter((op) => !first(op))];
}
