// Copied from templates/server-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * A fast "yes" to the question "does zod accept this value?", for the development-mode check of
 * a handler's own answers. zod answers it by building the parsed copy of the whole answer (an
 * object per field, kept for nobody); this walks the schema once into a predicate that only
 * reads the value, several times faster on the answers of the specs here.
 *
 * It is sound, not complete: it returns true only where zod accepts the value. Where it returns
 * false, the router asks zod itself, for the verdict and the issues. Kinds of schema it does not
 * know (transforms, pipes, defaults, discriminated unions, custom types …) are handed to zod's
 * own `safeParse` for their part of the value, so the verdict stays zod's.
 */
import type { z } from 'zod';

type Predicate = (value: unknown) => boolean;

/** What the predicate reads of zod's schema internals (`schema._zod`, zod's documented core API). */
interface CheckInternals {
  _zod: { def: { check: string; when?: (payload: Payload) => boolean }; check(payload: Payload): unknown };
}
interface SchemaInternals {
  _zod: {
    def: {
      type: string;
      checks?: readonly CheckInternals[];
      coerce?: boolean;
      shape?: Readonly<Record<string, Schema>>;
      catchall?: Schema;
      element?: Schema;
      options?: readonly Schema[];
      discriminator?: string;
      inclusive?: boolean;
      left?: Schema;
      right?: Schema;
      innerType?: Schema;
      keyType?: Schema;
      valueType?: Schema;
      getter?: () => Schema;
    };
    values?: ReadonlySet<unknown>;
  };
}
type Schema = SchemaInternals & { safeParse(value: unknown): { success: boolean } };
interface Payload {
  value: unknown;
  issues: unknown[];
}

const predicates = new WeakMap<object, Predicate>();

/** The predicate of a schema, made once per schema. */
export function fastAccepts(schema: z.ZodType): Predicate {
  return predicateOf(schema as unknown as Schema);
}

function predicateOf(schema: Schema): Predicate {
  const known = predicates.get(schema);
  if (known) return known;
  // A recursive schema reaches itself while its predicate is made: that use waits for it.
  let made: Predicate | undefined;
  predicates.set(schema, (value) => made!(value));
  made = withChecks(schema, basePredicate(schema));
  predicates.set(schema, made);
  return made;
}

const byZod =
  (schema: Schema): Predicate =>
  (value) =>
    schema.safeParse(value).success;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The type's own test, before its checks. */
function basePredicate(schema: Schema): Predicate {
  const internals = schema._zod;
  const { def } = internals;
  switch (def.type) {
    case 'string':
      return def.coerce ? byZod(schema) : (value) => typeof value === 'string';
    case 'number':
      // zod's numbers are finite.
      return def.coerce ? byZod(schema) : (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return def.coerce ? byZod(schema) : (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'undefined':
    case 'void':
      return (value) => value === undefined;
    case 'any':
    case 'unknown':
      return () => true;
    case 'never':
      return () => false;
    case 'literal':
    case 'enum': {
      const values = internals.values;
      return values ? (value) => values.has(value) : byZod(schema);
    }
    case 'nullable': {
      const inner = predicateOf(def.innerType!);
      return (value) => value === null || inner(value);
    }
    case 'optional': {
      const inner = predicateOf(def.innerType!);
      return (value) => value === undefined || inner(value);
    }
    case 'readonly':
      return predicateOf(def.innerType!);
    case 'lazy': {
      let inner: Predicate | undefined;
      return (value) => (inner ??= predicateOf(def.getter!()))(value);
    }
    case 'array': {
      const element = predicateOf(def.element!);
      return (value) => Array.isArray(value) && value.every(element);
    }
    case 'object':
      return objectPredicate(schema);
    case 'union': {
      // A discriminated or exclusive union chooses its option differently: zod decides.
      if (def.discriminator !== undefined || def.inclusive === false) return byZod(schema);
      const options = def.options!.map(predicateOf);
      return (value) => options.some((option) => option(value));
    }
    case 'intersection': {
      const left = predicateOf(def.left!);
      const right = predicateOf(def.right!);
      return (value) => left(value) && right(value);
    }
    case 'record': {
      // Enum and literal keys make a record exhaustive: zod decides.
      if (def.keyType!._zod.def.type !== 'string') return byZod(schema);
      const key = predicateOf(def.keyType!);
      const item = predicateOf(def.valueType!);
      return (value) => isObject(value) && Object.keys(value).every((k) => key(k) && item(value[k]));
    }
    default:
      return byZod(schema);
  }
}

function objectPredicate(schema: Schema): Predicate {
  const { shape = {}, catchall } = schema._zod.def;
  const keys = Object.keys(shape).filter((key) => key !== '__proto__');
  const fields = keys.map((key) => predicateOf(shape[key]!));
  const declared = new Set(keys);
  // No catchall: unknown keys are dropped; `unknown`/`any`: kept as they are; `never`: refused.
  const rest =
    catchall === undefined
      ? undefined
      : catchall._zod.def.type === 'unknown' || catchall._zod.def.type === 'any'
        ? undefined
        : predicateOf(catchall);
  return (value) => {
    if (!isObject(value)) return false;
    for (let i = 0; i < keys.length; i++) if (!fields[i]!(value[keys[i]!])) return false;
    if (rest) for (const key in value) if (!declared.has(key) && !rest(value[key])) return false;
    return true;
  };
}

/** One payload for every check: checks only read it and add issues, and the predicate stops at the first. */
const payload: Payload = { value: undefined, issues: [] };

/** The type's test, then each of its checks (those whose `when` holds), as zod runs them. */
function withChecks(schema: Schema, base: Predicate): Predicate {
  const checks = schema._zod.def.checks ?? [];
  if (checks.length === 0) return base;
  // A check that rewrites the value (`trim`, `toLowerCase`) changes what later checks see; an
  // object's checks see zod's parsed copy (without the keys it strips), not the value.
  if (schema._zod.def.type === 'object' || checks.some((check) => check._zod.def.check === 'overwrite'))
    return byZod(schema);
  return (value) => {
    if (!base(value)) return false;
    payload.value = value;
    payload.issues.length = 0;
    for (const check of checks) {
      const when = check._zod.def.when;
      if (when && !when(payload)) continue;
      // An asynchronous check cannot be told here: zod decides.
      if (check._zod.check(payload) instanceof Promise || payload.issues.length > 0) {
        payload.issues.length = 0;
        return false;
      }
    }
    return true;
  };
}
