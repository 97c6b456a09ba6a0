/** Generic traversal of schema nodes (the only place that knows where children live). */
import type { ApiModel, SchemaNode } from './types.js';

export function childrenOf(node: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [];
  someChild(node, (child) => {
    out.push(child);
    return false;
  });
  return out;
}

/**
 * Whether `test` holds for a child of `node`, tried in the order of {@link childrenOf} until one
 * does. The walks that only visit or ask (references, read/write forms, widened indexes) go
 * through it without an array per node: on GitHub's description those arrays were a tenth of
 * the model's time.
 */
export function someChild(node: SchemaNode, test: (child: SchemaNode) => boolean): boolean {
  if (node.not && test(node.not)) return true;
  if (typeof node.unevaluatedProperties === 'object' && test(node.unevaluatedProperties)) return true;
  if (typeof node.unevaluatedItems === 'object' && test(node.unevaluatedItems)) return true;
  if (node.conditional) {
    if (test(node.conditional.if)) return true;
    if (node.conditional.then && test(node.conditional.then)) return true;
    if (node.conditional.else && test(node.conditional.else)) return true;
  }
  // Loops rather than `some` with a closure: asked of every node by several walks, on a large document millions of times.
  switch (node.kind) {
    case 'array':
      if (test(node.items)) return true;
      if (node.prefixItems) for (let i = 0; i < node.prefixItems.length; i++) if (test(node.prefixItems[i]!)) return true;
      return node.contains !== undefined && test(node.contains.schema);
    case 'object': {
      for (let i = 0; i < node.properties.length; i++) if (test(node.properties[i]!.schema)) return true;
      if (typeof node.additionalProperties === 'object' && test(node.additionalProperties)) return true;
      if (node.patternProperties) for (let i = 0; i < node.patternProperties.length; i++) if (test(node.patternProperties[i]!.schema)) return true;
      if (node.dependentSchemas) for (let i = 0; i < node.dependentSchemas.length; i++) if (test(node.dependentSchemas[i]!.schema)) return true;
      return node.propertyNames !== undefined && test(node.propertyNames);
    }
    case 'union':
      for (let i = 0; i < node.variants.length; i++) if (test(node.variants[i]!)) return true;
      return false;
    case 'intersection':
      for (let i = 0; i < node.parts.length; i++) if (test(node.parts[i]!)) return true;
      return false;
    case 'unknown':
      if (node.byType !== undefined) for (const key in node.byType) if (test(node.byType[key as keyof typeof node.byType]!)) return true;
      return false;
    default:
      return false;
  }
}

/** Names of the named schemas a node refers to, directly or through its children. */
export function referencedNames(node: SchemaNode, out = new Set<string>()): Set<string> {
  // One closure for the whole walk, not one per node.
  const visit = (n: SchemaNode): boolean => {
    if (n.kind === 'ref') out.add(n.target);
    someChild(n, visit);
    return false;
  };
  visit(node);
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
