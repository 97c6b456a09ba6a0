/** Generic traversal of schema nodes (the only place that knows where children live). */
import type { ApiModel, SchemaNode } from './types.js';

export function childrenOf(node: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [];
  if (node.not) out.push(node.not);
  if (typeof node.unevaluatedProperties === 'object') out.push(node.unevaluatedProperties);
  if (typeof node.unevaluatedItems === 'object') out.push(node.unevaluatedItems);
  if (node.conditional) {
    out.push(node.conditional.if);
    if (node.conditional.then) out.push(node.conditional.then);
    if (node.conditional.else) out.push(node.conditional.else);
  }
  switch (node.kind) {
    case 'array':
      out.push(node.items, ...(node.prefixItems ?? []));
      if (node.contains) out.push(node.contains.schema);
      break;
    case 'object':
      out.push(...node.properties.map((p) => p.schema));
      if (typeof node.additionalProperties === 'object') out.push(node.additionalProperties);
      out.push(...(node.patternProperties ?? []).map((p) => p.schema));
      out.push(...(node.dependentSchemas ?? []).map((d) => d.schema));
      if (node.propertyNames) out.push(node.propertyNames);
      break;
    case 'union':
      out.push(...node.variants);
      break;
    case 'intersection':
      out.push(...node.parts);
      break;
    case 'unknown':
      if (node.byType) out.push(...Object.values(node.byType));
      break;
    default:
      break;
  }
  return out;
}

/** Names of the named schemas a node refers to, directly or through its children. */
export function referencedNames(node: SchemaNode, out = new Set<string>()): Set<string> {
  if (node.kind === 'ref') out.add(node.target);
  for (const child of childrenOf(node)) referencedNames(child, out);
  return out;
}

/**
 * Replaces every schema the model holds at its top (components, parameters, bodies, responses
 * and their streams, response headers, messages) with what `map` makes of it: the one list of
 * where those roots are, for the passes that visit them all.
 */
export function mapSchemaRoots(model: ApiModel, map: (node: SchemaNode) => SchemaNode): void {
  for (const schema of model.schemas) schema.schema = map(schema.schema);
  for (const op of [...model.operations, ...model.webhooks]) {
    for (const p of op.parameters) p.schema = map(p.schema);
    for (const c of op.requestBody?.contents ?? []) c.schema = map(c.schema);
    for (const r of op.responses) {
      if (r.content) r.content.schema = map(r.content.schema);
      if (r.stream) r.stream.schema = map(r.stream.schema);
      for (const h of r.headers) h.schema = map(h.schema);
    }
  }
  for (const message of model.messages) message.payload = map(message.payload);
}
