/**
 * How much work TypeScript does to infer a validator's type: the number of schema nodes
 * it expands, following references into validators whose type is inferred too. Past a
 * limit, tsc slows down and eventually gives up ("excessively deep"), so such validators
 * get their type declared instead (the measure Hey API took against 3 GiB of tsc memory).
 */
import type { ApiModel, NamedSchema, SchemaNode } from '../model/types.js';
import { hasWidenedIndex, typePrintContext } from '../print/types.js';
import { childrenOf, referencedNames } from '../model/walk.js';
import { compareText } from '../util/compare.js';

/** Nodes of inferred type one validator may expand; large real-world schemas stay well below. */
export const INFERENCE_COST_LIMIT = 2_000;
/**
 * Levels of nested inferred types one validator may have: tsc's instantiation depth runs
 * out near 30 on zod object types (seen on a network API); the GitHub API needs 13.
 */
export const INFERENCE_DEPTH_LIMIT = 16;

/**
 * Keys of the validators to annotate, given those that must be annotated anyway.
 * `schemas` is in declaration order (dependencies first).
 */
export function annotateForCost(
  schemas: readonly NamedSchema[],
  annotated: ReadonlySet<string>,
  limit = INFERENCE_COST_LIMIT,
  depthLimit = INFERENCE_DEPTH_LIMIT,
): Set<string> {
  const result = new Set(annotated);
  const cost = new Map<string, { size: number; depth: number }>();
  // A reference to an annotated validator is opaque to inference: one node, one level.
  const refCost = (target: string): { size: number; depth: number } => (result.has(target) ? { size: 1, depth: 1 } : (cost.get(target) ?? { size: 1, depth: 1 }));
  const nodeCost = (node: SchemaNode): { size: number; depth: number } => {
    if (node.kind === 'ref') return refCost(node.target);
    const children = childrenOf(node).map(nodeCost);
    return { size: 1 + children.reduce((sum, c) => sum + c.size, 0), depth: 1 + Math.max(0, ...children.map((c) => c.depth)) };
  };
  for (const schema of schemas) {
    let own = nodeCost(schema.schema);
    // Too large or too deep: make the heaviest (or deepest) validators it refers to opaque,
    // one at a time, so that its own type stays inferred (and checked) where possible.
    while (own.size > limit || own.depth > depthLimit) {
      const measure = own.size > limit ? (key: string) => refCost(key).size : (key: string) => refCost(key).depth;
      const heaviest = [...referencedNames(schema.schema)]
        .filter((key) => !result.has(key) && measure(key) > 1)
        .sort((a, b) => measure(b) - measure(a) || compareText(a, b))[0];
      if (heaviest === undefined) {
        result.add(schema.key);
        break;
      }
      result.add(heaviest);
      own = nodeCost(schema.schema);
    }
    cost.set(schema.key, result.has(schema.key) ? { size: 1, depth: 1 } : own);
  }
  return result;
}

export interface ValidatorTypePlan {
  /** Validators whose type is declared (`z.ZodType<T>`) rather than inferred. */
  declared: Set<string>;
  /**
   * Of those, the ones declared only because inference would be too costly: tsc cannot
   * afford to compare their initializer with the type either, so it is cast, unchecked.
   */
  unchecked: Set<string>;
}

/**
 * Every named validator whose type is declared rather than inferred: recursive ones
 * (inference cannot see through z.lazy), objects whose index signature had to be widened,
 * and those that keep inference within the cost limit, for the named schemas and for the
 * schemas operations use inline (bodies, responses, parameters), which cannot be annotated
 * themselves. The zod and operations targets both read this one answer (`Plans.validatorTypes`).
 */
export function planValidatorTypes(model: ApiModel, limit = INFERENCE_COST_LIMIT, depthLimit = INFERENCE_DEPTH_LIMIT): ValidatorTypePlan {
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
      if (schema.kind !== 'ref') inline.push({ key: `#${op.operationId}/${i}`, typeName: '', schemaName: '', validatorName: '', schema, origin: 'synthetic', recursive: false });
    });
  }
  const result = annotateForCost([...model.schemas, ...inline], required, limit, depthLimit);
  const declared = new Set([...result].filter((key) => !key.startsWith('#')));
  return { declared, unchecked: new Set([...declared].filter((key) => !required.has(key))) };
}
