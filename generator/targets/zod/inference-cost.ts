/**
 * How much work TypeScript does to infer a validator's type: the number of schema nodes
 * it expands, following references into validators whose type is inferred too. Past a
 * limit, tsc slows down and eventually gives up ("excessively deep"), so such validators
 * get their type declared instead (the measure Hey API took against 3 GiB of tsc memory).
 */
import type { NamedSchema, SchemaNode } from '../../model/types.js';
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
