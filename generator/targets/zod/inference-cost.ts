/**
 * How much work TypeScript does to infer a validator's type: the number of schema nodes
 * it expands, following references into validators whose type is inferred too. Past a
 * limit, tsc slows down and eventually gives up ("excessively deep"), so such validators
 * get their type declared instead (the measure Hey API took against 3 GiB of tsc memory).
 */
import type { ApiModel, NamedSchema, SchemaNode } from '../../model/types.js';
import { hasWidenedIndex, typePrintContext } from '../types/print.js';
import { childrenOf, referencedNames } from '../../model/walk.js';
import { compareText } from '../../util/compare.js';

/** Nodes of inferred type one validator may expand; large real-world schemas stay well below. */
export const INFERENCE_COST_LIMIT = 2_000;

/**
 * Keys of the validators to annotate, given those that must be annotated anyway.
 * `schemas` is in declaration order (dependencies first).
 */
export function annotateForCost(schemas: readonly NamedSchema[], annotated: ReadonlySet<string>, limit = INFERENCE_COST_LIMIT): Set<string> {
  const result = new Set(annotated);
  const cost = new Map<string, number>();
  const nodeCost = (node: SchemaNode): number => {
    // A reference to an annotated validator is opaque to inference: it costs one node.
    if (node.kind === 'ref') return result.has(node.target) ? 1 : (cost.get(node.target) ?? 1);
    return 1 + childrenOf(node).reduce((sum, child) => sum + nodeCost(child), 0);
  };
  for (const schema of schemas) {
    let own = nodeCost(schema.schema);
    // Too large: make the most expensive validators it refers to opaque, one at a time,
    // so that its own type stays inferred (and checked) where that is possible.
    while (own > limit) {
      const heaviest = [...referencedNames(schema.schema)]
        .filter((key) => !result.has(key) && (cost.get(key) ?? 1) > 1)
        .sort((a, b) => (cost.get(b) ?? 0) - (cost.get(a) ?? 0) || compareText(a, b))[0];
      if (heaviest === undefined) {
        result.add(schema.key);
        break;
      }
      result.add(heaviest);
      cost.set(heaviest, 1);
      own = nodeCost(schema.schema);
    }
    cost.set(schema.key, result.has(schema.key) ? 1 : own);
  }
  return result;
}

/**
 * Every named validator whose type is declared rather than inferred: recursive ones
 * (inference cannot see through z.lazy), objects whose index signature had to be widened,
 * and those that keep inference within the cost limit, for the named schemas and for the
 * schemas operations use inline (bodies, responses, parameters), which cannot be annotated
 * themselves. The zod and operations targets both read this one answer.
 */
export function annotatedValidators(model: ApiModel, limit = INFERENCE_COST_LIMIT): Set<string> {
  const typeCtx = typePrintContext(model);
  const required = new Set(model.schemas.filter((s) => s.recursive || hasWidenedIndex(s.schema, typeCtx)).map((s) => s.key));
  const inline: NamedSchema[] = [];
  for (const op of [...model.operations, ...model.webhooks]) {
    const nodes = [
      ...op.parameters.map((p) => p.schema),
      ...(op.requestBody?.contents.slice(0, 1).map((c) => c.schema) ?? []),
      ...op.responses.flatMap((r) => (r.content ? [r.content.schema] : [])),
    ];
    nodes.forEach((schema, i) => {
      if (schema.kind !== 'ref') inline.push({ key: `#${op.operationId}/${i}`, typeName: '', schemaName: '', schema, origin: 'synthetic', recursive: false });
    });
  }
  const result = annotateForCost([...model.schemas, ...inline], required, limit);
  return new Set([...result].filter((key) => !key.startsWith('#')));
}
