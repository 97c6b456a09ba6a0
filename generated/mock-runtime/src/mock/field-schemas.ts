// Copied from templates/mock-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * The validator of one property inside a response validator (`data.amount` of a buy's
 * answer), found by walking the zod schema's definition. The mock checks a request's
 * value against it before copying the value onto a resource, instead of validating the
 * whole answer once per copied field.
 *
 * Only schemas where a property's validity cannot depend on anything else are walked:
 * objects without object-level checks, optional, nullable, lazy and intersections where
 * one side alone declares the property. Anything else (unions, refinements, records)
 * gives undefined, and the caller validates the whole answer instead.
 */
import type { Validator, ZodValidator } from '@svc/runtime';

type Definition = { type: string; checks?: readonly unknown[] } & Record<string, unknown>;

// The mock serves the package's `operations`, whose validators are zod's.
const definitionOf = (schema: Validator): Definition => (schema as ZodValidator)._zod.def as unknown as Definition;

/** The schema a value of `schema` is checked by, through wrappers that do not constrain it. */
function unwrapped(schema: Validator): Validator | undefined {
  let current = schema;
  for (let depth = 0; depth < 32; depth++) {
    const def = definitionOf(current);
    if (def.type === 'optional' || def.type === 'nullable') current = def.innerType as Validator;
    else if (def.type === 'lazy') current = (def.getter as () => Validator)();
    else return current;
  }
  return undefined;
}

/** The validator of `key` of the objects `schema` accepts; undefined when that is not one validator alone. */
function propertyOf(schema: Validator, key: string): Validator | undefined {
  const inner = unwrapped(schema);
  if (!inner) return undefined;
  const def = definitionOf(inner);
  if (def.type === 'object') {
    if ((def.checks?.length ?? 0) > 0) return undefined;
    const shape = def.shape as Record<string, Validator>;
    return Object.hasOwn(shape, key) ? shape[key] : undefined;
  }
  if (def.type === 'intersection') {
    const left = propertyOf(def.left as Validator, key);
    const right = propertyOf(def.right as Validator, key);
    // Declared on both sides, a value must pass both: not one validator.
    return left && right ? undefined : (left ?? right);
  }
  return undefined;
}

/** The validator of the property at a dot path (`data.amount`) of `schema`'s values. */
export function propertyValidator(schema: Validator, path: readonly string[]): Validator | undefined {
  let current: Validator | undefined = schema;
  for (const key of path) {
    if (!current) return undefined;
    current = propertyOf(current, key);
  }
  return current;
}

/**
 * Whether the values at a dot path of `schema`'s values may come in variants (a union there,
 * through optional, nullable and lazy wrappers): then a create looks for the seeded answer of
 * the request's variant. Unknown shapes count as variants.
 */
export function mayVary(schema: Validator, path: readonly string[]): boolean {
  let current: Validator | undefined = schema;
  for (const key of path) {
    if (!current) return true;
    current = propertyOf(current, key);
  }
  const inner = current ? unwrapped(current) : undefined;
  if (!inner) return true;
  const type = definitionOf(inner).type;
  return type !== 'object' && type !== 'array' && type !== 'string' && type !== 'number' && type !== 'boolean';
}
