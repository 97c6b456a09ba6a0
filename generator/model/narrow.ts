/**
 * Schemas without `type` inside a composition whose other part fixes the type:
 * `allOf: [{$ref: Base}, {properties: {...}}]` is an object, so the type-less part means
 * only its object constraints (and not "an object like this, or any string, number...").
 */
import type { ApiModel, SchemaNode } from './types.js';
import { mapSchemaRoots } from './walk.js';

type JsonKind = 'object' | 'array' | 'string' | 'number';

/** The JSON type every instance of the node has (null excluded), when one is certain. */
function definiteKind(node: SchemaNode, lookup: (key: string) => SchemaNode | undefined, seen = new Set<string>()): JsonKind | undefined {
  if (node.nullable) return undefined;
  switch (node.kind) {
    case 'object':
    case 'array':
    case 'string':
    case 'number':
      return node.kind;
    case 'ref': {
      if (seen.has(node.target)) return undefined;
      seen.add(node.target);
      const target = lookup(node.target);
      return target ? definiteKind(target, lookup, seen) : undefined;
    }
    case 'intersection':
      for (const part of node.parts) {
        const kind = definiteKind(part, lookup, seen);
        if (kind) return kind;
      }
      return undefined;
    case 'union': {
      const kinds = new Set(node.variants.map((v) => definiteKind(v, lookup, new Set(seen))));
      const [only] = kinds;
      return kinds.size === 1 && only ? only : undefined;
    }
    default:
      return undefined;
  }
}

/** The node as an instance of `kind` sees it: type-less parts keep only that type's constraints. */
function narrow(node: SchemaNode, kind: JsonKind): SchemaNode {
  if (node.kind === 'unknown' && node.byType) {
    const constrained = node.byType[kind];
    const { byType: _dropped, kind: _unknown, ...common } = node;
    return constrained ? ({ ...common, ...constrained } as SchemaNode) : { ...common, kind: 'unknown' };
  }
  if (node.kind === 'union') return { ...node, variants: node.variants.map((v) => narrow(v, kind)) };
  if (node.kind === 'intersection') return { ...node, parts: node.parts.map((p) => narrow(p, kind)) };
  return node;
}

function narrowTree(node: SchemaNode, lookup: (key: string) => SchemaNode | undefined): SchemaNode {
  let current = node;
  if (current.kind === 'intersection') {
    const kind = definiteKind(current, lookup);
    if (kind) current = { ...current, parts: current.parts.map((p) => narrow(p, kind)) };
  }
  // `not`, `if`/`then`/`else` and `dependentSchemas` apply to the same instance: the same type.
  const own = definiteKind(current, lookup);
  if (own) {
    if (current.not) current.not = narrow(current.not, own);
    const conditional = current.conditional;
    if (conditional) {
      conditional.if = narrow(conditional.if, own);
      if (conditional.then) conditional.then = narrow(conditional.then, own);
      if (conditional.else) conditional.else = narrow(conditional.else, own);
    }
    if (current.kind === 'object') for (const d of current.dependentSchemas ?? []) d.schema = narrow(d.schema, 'object');
  }
  // Children are narrowed in place: the node objects are this schema's own (conversion made them).
  replaceChildren(current, (child) => narrowTree(child, lookup));
  return current;
}

function replaceChildren(node: SchemaNode, map: (child: SchemaNode) => SchemaNode): void {
  if (node.not) node.not = map(node.not);
  if (node.conditional) {
    node.conditional.if = map(node.conditional.if);
    if (node.conditional.then) node.conditional.then = map(node.conditional.then);
    if (node.conditional.else) node.conditional.else = map(node.conditional.else);
  }
  switch (node.kind) {
    case 'array':
      node.items = map(node.items);
      if (node.prefixItems) node.prefixItems = node.prefixItems.map(map);
      if (node.contains) node.contains.schema = map(node.contains.schema);
      break;
    case 'object':
      for (const p of node.properties) p.schema = map(p.schema);
      if (typeof node.additionalProperties === 'object') node.additionalProperties = map(node.additionalProperties);
      for (const p of node.patternProperties ?? []) p.schema = map(p.schema);
      for (const d of node.dependentSchemas ?? []) d.schema = map(d.schema);
      if (node.propertyNames) node.propertyNames = map(node.propertyNames);
      break;
    case 'union':
      node.variants = node.variants.map(map);
      break;
    case 'intersection':
      node.parts = node.parts.map(map);
      break;
    case 'unknown':
      for (const key of Object.keys(node.byType ?? {}) as JsonKind[]) node.byType![key] = map(node.byType![key]!) as never;
      break;
    default:
      break;
  }
}

/** Narrows every composition of the model; warns about named schemas left with object keywords but no type. */
export function narrowTypeless(model: ApiModel): void {
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  const lookup = (key: string): SchemaNode | undefined => byKey.get(key)?.schema;
  mapSchemaRoots(model, (node) => narrowTree(node, lookup));
  for (const schema of model.schemas) {
    if (schema.origin === 'component' && schema.schema.kind === 'unknown' && schema.schema.byType?.object)
      model.diagnostics.push({
        level: 'warning',
        pointer: schema.schema.pointer,
        message: `schema ${schema.key} has object keywords but no \`type\`: values of every other JSON type are valid too (add \`type: object\`)`,
      });
  }
}
