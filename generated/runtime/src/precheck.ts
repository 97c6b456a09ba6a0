// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Fast answers to two questions zod answers by building a parsed copy of the whole value (an
 * object per field): "does zod accept this value?" (`fastAccepts`, for the development-mode
 * check of a handler's own answers, where the copy is kept for nobody) and "would zod's parsed
 * copy be this very value?" (`fastParsesToItself`, for requests: then the value itself is what
 * the handler gets). Each walks the schema once into a predicate that only reads the value.
 *
 * Both are sound, not complete: they say true only where zod would agree; where they say false,
 * the router asks zod itself (for the verdict, the issues and the parsed value). For the first,
 * kinds of schema the walk does not know (transforms, pipes, discriminated unions, custom types …)
 * are handed to zod's own `safeParse` for their part of the value; for the second, any kind that
 * can change a value (defaults, transforms, coercion, `readonly`, objects that drop unknown keys
 * when the value has some) makes the answer false.
 */
import type { Validator } from './types.js';

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

/** Which question a predicate answers: zod accepts the value, or zod's parsed copy would be the value itself. */
type Mode = 'accepts' | 'itself';
const predicates: Record<Mode, WeakMap<object, Predicate>> = { accepts: new WeakMap(), itself: new WeakMap() };

/** True only where zod accepts `value`; made once per schema. */
export function fastAccepts(schema: Validator): Predicate {
  return predicateOf(schema as unknown as Schema, 'accepts');
}

/**
 * True only where zod accepts `value` and its parsed copy would equal it: the same keys (none
 * dropped, none added by defaults) and the same values (nothing transformed or coerced). A
 * caller may then take the value as parsed, without the copy. Made once per schema.
 */
export function fastParsesToItself(schema: Validator): Predicate {
  return predicateOf(schema as unknown as Schema, 'itself');
}

function predicateOf(schema: Schema, mode: Mode): Predicate {
  // Not zod's: a lean validator (lean.ts) checks in place and copies nothing, so its own check
  // answers both questions, here without the result objects `safeParse` builds; anything else: no.
  if (schema._zod === undefined) return leanPredicate(schema) ?? refuse;
  const known = predicates[mode].get(schema);
  if (known) return known;
  // A recursive schema reaches itself while its predicate is made: that use waits for it.
  let made: Predicate | undefined;
  predicates[mode].set(schema, (value) => made!(value));
  made = withChecks(schema, basePredicate(schema, mode), mode);
  predicates[mode].set(schema, made);
  return made;
}

const refuse: Predicate = () => false;

/** The issues and path a lean validator's check writes into here, emptied after each use (checks are synchronous). */
const scratchIssues: unknown[] = [];
const scratchPath: PropertyKey[] = [];

/** Whether a lean validator (`verify(value, path, issues)`) finds nothing wrong, without allocating on success. */
function leanPredicate(schema: Schema): Predicate | undefined {
  const verify = (schema as unknown as { verify?: unknown }).verify;
  if (typeof verify !== 'function') return undefined;
  const check = verify as (value: unknown, path: PropertyKey[], issues: unknown[]) => void;
  return (value) => {
    check(value, scratchPath, scratchIssues);
    const passed = scratchIssues.length === 0;
    // Setting an array's length is a call into the engine even when it changes nothing: a tenth of a streamed item's validation.
    if (!passed) scratchIssues.length = 0;
    if (scratchPath.length !== 0) scratchPath.length = 0;
    return passed;
  };
}

/** zod's own verdict, for a kind the walk does not know; never for `itself`, where such a kind may change the value. */
const byZod = (schema: Schema, mode: Mode): Predicate =>
  mode === 'itself' ? refuse : (value) => schema.safeParse(value).success;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The type's own test, before its checks. */
function basePredicate(schema: Schema, mode: Mode): Predicate {
  const internals = schema._zod;
  const { def } = internals;
  switch (def.type) {
    case 'string':
      return def.coerce ? byZod(schema, mode) : (value) => typeof value === 'string';
    case 'number':
      // zod's numbers are finite.
      return def.coerce ? byZod(schema, mode) : (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return def.coerce ? byZod(schema, mode) : (value) => typeof value === 'boolean';
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
      return values ? (value) => values.has(value) : byZod(schema, mode);
    }
    case 'nullable': {
      const inner = predicateOf(def.innerType!, mode);
      return (value) => value === null || inner(value);
    }
    case 'optional': {
      const inner = predicateOf(def.innerType!, mode);
      return (value) => value === undefined || inner(value);
    }
    case 'readonly':
      // zod freezes its copy: never the value itself.
      return mode === 'itself' ? refuse : predicateOf(def.innerType!, mode);
    case 'nonoptional': {
      const inner = predicateOf(def.innerType!, mode);
      return (value) => value !== undefined && inner(value);
    }
    case 'lazy': {
      let inner: Predicate | undefined;
      return (value) => (inner ??= predicateOf(def.getter!(), mode))(value);
    }
    case 'array': {
      const element = predicateOf(def.element!, mode);
      return (value) => Array.isArray(value) && value.every(element);
    }
    case 'object':
      return objectPredicate(schema, mode);
    case 'union': {
      // A discriminated or exclusive union chooses its option differently: zod decides.
      if (def.discriminator !== undefined || def.inclusive === false) return byZod(schema, mode);
      const options = def.options!.map((option) => predicateOf(option, 'accepts'));
      if (mode === 'accepts') return (value) => options.some((option) => option(value));
      // zod's copy is that of the first option that accepts the value.
      const itselves = def.options!.map((option) => predicateOf(option, 'itself'));
      return (value) => {
        for (let i = 0; i < options.length; i++) if (options[i]!(value)) return itselves[i]!(value);
        return false;
      };
    }
    case 'intersection': {
      const left = predicateOf(def.left!, mode);
      const right = predicateOf(def.right!, mode);
      return (value) => left(value) && right(value);
    }
    case 'record': {
      // Enum and literal keys make a record exhaustive: zod decides.
      if (def.keyType!._zod.def.type !== 'string') return byZod(schema, mode);
      const key = predicateOf(def.keyType!, mode);
      const item = predicateOf(def.valueType!, mode);
      // zod never copies an own `__proto__` key, so a value with one is not its own copy.
      const copied =
        mode === 'itself'
          ? (value: Record<string, unknown>): boolean => !Object.hasOwn(value, '__proto__')
          : () => true;
      return (value) => isObject(value) && copied(value) && Object.keys(value).every((k) => key(k) && item(value[k]));
    }
    default:
      return byZod(schema, mode);
  }
}

function objectPredicate(schema: Schema, mode: Mode): Predicate {
  const { shape = {}, catchall } = schema._zod.def;
  const keys = Object.keys(shape).filter((key) => key !== '__proto__');
  const fields = keys.map((key) => predicateOf(shape[key]!, mode));
  const declared = new Set(keys);
  // No catchall: unknown keys are dropped (so, for `itself`, there must be none); `unknown`/`any`:
  // kept as they are; `never`: refused.
  const keepsAll = catchall !== undefined && (catchall._zod.def.type === 'unknown' || catchall._zod.def.type === 'any');
  const rest =
    catchall === undefined
      ? mode === 'itself'
        ? refuse
        : undefined
      : keepsAll
        ? undefined
        : predicateOf(catchall, mode);
  if (canCompile && keys.length <= MAX_COMPILED_KEYS)
    return compiledObjectPredicate(keys, fields, declared, rest, mode);
  return (value) => {
    if (!isObject(value)) return false;
    // zod never copies an own `__proto__` key.
    if (mode === 'itself' && Object.hasOwn(value, '__proto__')) return false;
    for (let i = 0; i < keys.length; i++) if (!fields[i]!(value[keys[i]!])) return false;
    if (rest) for (const key in value) if (!declared.has(key) && !rest(value[key])) return false;
    return true;
  };
}

/** Whether code may be compiled at run time here (a content security policy or an edge runtime may forbid it). */
const canCompile = ((): boolean => {
  try {
    return (new Function('return true') as () => unknown)() === true;
  } catch {
    return false;
  }
})();

/** Beyond this many properties the loop is kept: the compiled function would be large for little gain. */
const MAX_COMPILED_KEYS = 256;

/**
 * The object predicate above as a function of its own, each property read by its name: a
 * read by a computed key (`value[keys[i]]`) goes through V8's slow generic path, which costs
 * more than the checks themselves on answers with many fields. Keys are written as JSON string
 * literals, so no key can change the code.
 */
function compiledObjectPredicate(
  keys: readonly string[],
  fields: readonly Predicate[],
  declared: ReadonlySet<string>,
  rest: Predicate | undefined,
  mode: Mode,
): Predicate {
  const reads = keys.map((key, i) => `if (!f${i}(value[${JSON.stringify(key)}])) return false;`);
  const body = [
    'return function (value) {',
    "if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;",
    mode === 'itself' ? "if (Object.hasOwn(value, '__proto__')) return false;" : '',
    ...reads,
    rest ? 'for (const key in value) if (!declared.has(key) && !rest(value[key])) return false;' : '',
    'return true;',
    '};',
  ].join('\n');
  const make = new Function(...keys.map((_, i) => `f${i}`), 'declared', 'rest', body) as (
    ...args: unknown[]
  ) => Predicate;
  return make(...fields, declared, rest);
}

/** One payload for every check: checks only read it and add issues, and the predicate stops at the first. */
const payload: Payload = { value: undefined, issues: [] };

/** The type's test, then each of its checks (those whose `when` holds), as zod runs them. */
function withChecks(schema: Schema, base: Predicate, mode: Mode): Predicate {
  const checks = schema._zod.def.checks ?? [];
  if (checks.length === 0) return base;
  // A check that rewrites the value (`trim`, `toLowerCase`) changes what later checks see; an
  // object's checks see zod's parsed copy (without the keys it strips), not the value.
  if (schema._zod.def.type === 'object' || checks.some((check) => check._zod.def.check === 'overwrite'))
    return byZod(schema, mode);
  return (value) => {
    if (!base(value)) return false;
    payload.value = value;
    // Left empty by the last use; setting the length would cost a call into the engine each time.
    if (payload.issues.length !== 0) payload.issues.length = 0;
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
