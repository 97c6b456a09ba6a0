// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * `unevaluatedProperties` and `unevaluatedItems`: what a schema's keywords (and those of the
 * subschemas applied in place: `allOf`, the `anyOf`/`oneOf` branches that match, `if`/`then`/
 * `else`, `dependentSchemas`, `$ref`) did not evaluate. The generator describes statically
 * what each part evaluates; which conditional parts count is decided here, per value.
 */
import type { z } from 'zod';
import type { Validator } from './types.js';

/** What a schema evaluates of an object's properties or an array's items. */
export interface Evaluation {
  /** Property names (`properties`). */
  names?: readonly string[];
  /** Property name patterns (`patternProperties`). */
  patterns?: readonly string[];
  /** Everything (`additionalProperties`, `items`, or an adjacent `unevaluated*` that is not `false`). */
  all?: boolean;
  /** The first items (`prefixItems`). */
  prefix?: number;
  /** Items that match (`contains`). */
  contains?: Validator;
  /** Parts that count only when the value matches them (`anyOf`/`oneOf` branches, a `$ref`'s conditions). */
  branches?: readonly (readonly [Validator, Evaluation])[];
  /** `if`, with what it, `then` and `else` evaluate. */
  conditional?: readonly [Validator, Evaluation, Evaluation | undefined, Evaluation | undefined];
  /** `dependentSchemas`: parts that count when the property is present. */
  dependents?: readonly (readonly [string, Evaluation])[];
}

/** The pattern with the `u` flag when it compiles so (as the generated validators use it), else without. */
function unicodeRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

type Issue = z.core.$RefinementCtx;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function evaluatedKeys(value: Record<string, unknown>, evaluation: Evaluation, into: Set<string>): boolean {
  if (evaluation.all) return true;
  for (const name of evaluation.names ?? []) if (Object.hasOwn(value, name)) into.add(name);
  for (const pattern of evaluation.patterns ?? []) {
    const regex = unicodeRegExp(pattern);
    for (const key of Object.keys(value)) if (regex.test(key)) into.add(key);
  }
  const parts: Evaluation[] = [];
  for (const [schema, part] of evaluation.branches ?? []) if (schema.safeParse(value).success) parts.push(part);
  if (evaluation.conditional) {
    const [condition, ifPart, thenPart, elsePart] = evaluation.conditional;
    if (condition.safeParse(value).success) parts.push(ifPart, ...(thenPart ? [thenPart] : []));
    else if (elsePart) parts.push(elsePart);
  }
  for (const [name, part] of evaluation.dependents ?? []) if (Object.hasOwn(value, name)) parts.push(part);
  return parts.some((part) => evaluatedKeys(value, part, into));
}

/** Highest count of leading items evaluated, or true for all; `matched` collects indices `contains` evaluated. */
function evaluatedItems(value: readonly unknown[], evaluation: Evaluation, matched: Set<number>): number | true {
  if (evaluation.all) return true;
  let prefix = evaluation.prefix ?? 0;
  if (evaluation.contains) value.forEach((item, i) => evaluation.contains!.safeParse(item).success && matched.add(i));
  const parts: Evaluation[] = [];
  for (const [schema, part] of evaluation.branches ?? []) if (schema.safeParse(value).success) parts.push(part);
  if (evaluation.conditional) {
    const [condition, ifPart, thenPart, elsePart] = evaluation.conditional;
    if (condition.safeParse(value).success) parts.push(ifPart, ...(thenPart ? [thenPart] : []));
    else if (elsePart) parts.push(elsePart);
  }
  for (const part of parts) {
    const count = evaluatedItems(value, part, matched);
    if (count === true) return true;
    prefix = Math.max(prefix, count);
  }
  return prefix;
}

export const unevaluated = {
  /** `unevaluatedProperties`: `false` forbids the properties nothing evaluated, a schema checks them. */
  properties(evaluation: Evaluation, rest: boolean | Validator) {
    return (value: unknown, ctx: Issue): void => {
      if (!isRecord(value) || rest === true) return;
      const seen = new Set<string>();
      if (evaluatedKeys(value, evaluation, seen)) return;
      for (const key of Object.keys(value)) {
        if (seen.has(key)) continue;
        if (rest === false)
          ctx.addIssue({ code: 'custom', message: `property ${key} is not allowed (unevaluated)`, path: [key] });
        else if (!rest.safeParse(value[key]).success)
          ctx.addIssue({
            code: 'custom',
            message: `property ${key} does not match the schema of unevaluated properties`,
            path: [key],
          });
      }
    };
  },

  /** `unevaluatedItems`: `false` forbids the items nothing evaluated, a schema checks them. */
  items(evaluation: Evaluation, rest: boolean | Validator) {
    return (value: unknown, ctx: Issue): void => {
      if (!Array.isArray(value) || rest === true) return;
      const matched = new Set<number>();
      const prefix = evaluatedItems(value, evaluation, matched);
      if (prefix === true) return;
      value.forEach((item, i) => {
        if (i < prefix || matched.has(i)) return;
        if (rest === false)
          ctx.addIssue({ code: 'custom', message: `item ${i} is not allowed (unevaluated)`, path: [i] });
        else if (!rest.safeParse(item).success)
          ctx.addIssue({
            code: 'custom',
            message: `item ${i} does not match the schema of unevaluated items`,
            path: [i],
          });
      });
    };
  },
};
