/**
 * Examples that contradict their own schema (`example: "2"` on an integer): fixtures would pick
 * them and fail, on every attempt (an example is chosen whatever the attempt's salt), and the
 * types' docs would show them. Each is left out of the model, once, with a located warning.
 */
import { EXAMPLE_MISFIT_GROUP } from './diagnostic-groups.js';
import type { ApiModel, SchemaNode } from './types.js';
import { mapSchemaRoots, someChild } from './walk.js';

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Why `value` cannot be a value of `node`, by what the node alone says (kind, enum, bounds, length, pattern); undefined when it may be. */
export function exampleMisfit(node: SchemaNode, value: unknown): string | undefined {
  if (value === null) return node.nullable || node.kind === 'null' || node.kind === 'unknown' || node.kind === 'ref' || node.kind === 'union' || node.kind === 'intersection' || (node.kind === 'literal' && node.values.includes(null)) ? undefined : 'null is not allowed';
  switch (node.kind) {
    case 'string': {
      if (typeof value !== 'string') return `a ${typeof value} where a string is expected`;
      if (node.enum && !node.openEnum && !node.enum.includes(value)) return `not one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`;
      const length = [...value].length;
      if (node.minLength !== undefined && length < node.minLength) return `shorter than ${node.minLength} characters`;
      if (node.maxLength !== undefined && length > node.maxLength) return `longer than ${node.maxLength} characters`;
      if (node.pattern !== undefined) {
        let pattern: RegExp | undefined;
        try {
          pattern = new RegExp(node.pattern, 'u');
        } catch {
          // A pattern JavaScript cannot read is not this check's to judge.
        }
        if (pattern && !pattern.test(value)) return `does not match ${node.pattern}`;
      }
      return undefined;
    }
    case 'number': {
      if (typeof value !== 'number') return `a ${typeof value} where a number is expected`;
      if (node.integer && !Number.isInteger(value)) return 'not an integer';
      if (node.enum && !node.enum.includes(value)) return `not one of ${node.enum.join(', ')}`;
      if (node.minimum !== undefined && value < node.minimum) return `below the minimum ${node.minimum}`;
      if (node.maximum !== undefined && value > node.maximum) return `above the maximum ${node.maximum}`;
      if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) return `not above ${node.exclusiveMinimum}`;
      if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) return `not below ${node.exclusiveMaximum}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `a ${typeof value} where a boolean is expected`;
    case 'null':
      return 'only null is allowed';
    case 'literal':
      return node.values.some((allowed) => sameJson(allowed, value)) ? undefined : `not one of ${node.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'array':
      if (!Array.isArray(value)) return `${typeof value === 'object' ? 'an object' : `a ${typeof value}`} where an array is expected`;
      if (node.minItems !== undefined && value.length < node.minItems) return `fewer than ${node.minItems} items`;
      if (node.maxItems !== undefined && value.length > node.maxItems) return `more than ${node.maxItems} items`;
      return undefined;
    case 'object':
      return typeof value === 'object' && !Array.isArray(value) ? undefined : `${Array.isArray(value) ? 'an array' : `a ${typeof value}`} where an object is expected`;
    default:
      return undefined;
  }
}

/** Leaves out of every schema node the examples that contradict it, with one warning each. */
export function dropMisfitExamples(model: ApiModel): void {
  const seen = new Set<SchemaNode>();
  const visit = (node: SchemaNode): SchemaNode => {
    if (seen.has(node)) return node;
    seen.add(node);
    if (node.examples && node.examples.length > 0) {
      const kept = node.examples.filter((example) => {
        const misfit = exampleMisfit(node, example);
        if (misfit !== undefined)
          model.diagnostics.push({ level: 'warning', pointer: node.pointer, group: EXAMPLE_MISFIT_GROUP, message: `the example ${JSON.stringify(example)?.slice(0, 60)} does not fit its schema (${misfit}); fixtures and docs leave it out` });
        return misfit === undefined;
      });
      if (kept.length === 0) delete node.examples;
      else node.examples = kept;
    }
    someChild(node, visitChild);
    return node;
  };
  // One callback for the whole walk, not one per node.
  const visitChild = (child: SchemaNode): boolean => {
    visit(child);
    return false;
  };
  mapSchemaRoots(model, visit);
}
