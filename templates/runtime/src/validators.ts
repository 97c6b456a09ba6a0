/**
 * Helpers the generated zod validators call for JSON Schema keywords that zod has no
 * method for, whichever build of zod prints them (classic or mini: one engine, whose
 * internals these read); the builders that differ by build are in `classic.ts` and `mini.ts`.
 * Each keeps the validator's inferred type unchanged.
 */
import type { z } from 'zod';
import type { Validator } from './types.js';

/** An ordinary property's descriptor: a key defined so, `__proto__` included, is just data. */
const dataProperty = (value: unknown): PropertyDescriptor => ({
  value,
  writable: true,
  enumerable: true,
  configurable: true,
});
type Payload = z.core.ParsePayload;
type ParseFn = (payload: Payload, ctx: z.core.ParseContextInternal) => Payload | Promise<Payload>;

/**
 * An object validator that reads only the input's own properties and keeps `__proto__` as data.
 * zod reads a declared key with `key in input` and `input[key]`, which find what every object
 * inherits (a required `constructor` is then present in `{}`, an optional numeric `toString`
 * fails on it), and it skips the key `__proto__` altogether: neither validated when declared
 * nor kept when the object keeps unknown keys. This parses a copy of the input without a
 * prototype when the shape names an inherited property, and validates and sets `__proto__`
 * itself, as an own data property that touches no prototype. Applied to the finished validator
 * (zod's methods, `.superRefine` among them, make a new validator without it).
 */
export function ownKeys<T extends z.core.$ZodObject>(schema: T): T {
  const internals = schema._zod;
  const shape = internals.def.shape as Record<string, z.core.$ZodType>;
  // The names every object inherits from `Object.prototype`: `constructor`, `toString`, `__proto__` …
  const readsInherited = Object.keys(shape).some((key) => key in Object.prototype);
  const declared = Object.hasOwn(shape, '__proto__') ? shape['__proto__'] : undefined;
  const catchall = internals.def.catchall as z.core.$ZodType | undefined;
  // A strict object's zod reports an own `__proto__` as an unknown key already; a stripping one drops it.
  const forProto = declared ?? (catchall && catchall._zod.def.type !== 'never' ? catchall : undefined);
  if (!readsInherited && !forProto) return schema;
  let parse = internals.parse as ParseFn;
  const patched: ParseFn = (payload, ctx) => {
    const input = payload.value;
    if (typeof input !== 'object' || input === null) return parse(payload, ctx);
    const present = Object.hasOwn(input, '__proto__');
    // Without a prototype, `in` and reads see own properties only (assign makes `__proto__` one too).
    if (readsInherited && !Array.isArray(input)) payload.value = Object.assign(Object.create(null) as object, input);
    if (!forProto || (!present && !declared)) return parse(payload, ctx);
    // Generated objects hold generated validators only, which are synchronous: so is what they return.
    const parsed = parse(payload, ctx) as Payload;
    const result = forProto._zod.run(
      { value: present ? (input as Record<string, unknown>)['__proto__'] : undefined, issues: [] },
      ctx,
    ) as Payload;
    for (const issue of result.issues) parsed.issues.push({ ...issue, path: ['__proto__', ...(issue.path ?? [])] });
    // zod made the output object of an object input.
    if (present && result.issues.length === 0)
      Object.defineProperty(parsed.value, '__proto__', dataProperty(result.value));
    return parsed;
  };
  // zod swaps a validator's parse function once after it is built (its memoizer takes its wrapper
  // back out on the first parse): what it installs becomes the parse this one calls, and the
  // slots turn into plain properties (a getter on every call costs more than the rest of this).
  // A validator without checks runs its parse directly (zod copies it to `run`): `run` too.
  const runsParse = internals.run === internals.parse;
  const settle = (key: 'parse' | 'run'): void => {
    Object.defineProperty(internals, key, dataProperty(patched));
  };
  const slot: PropertyDescriptor = {
    configurable: true,
    get: () => patched,
    set: (next: ParseFn) => {
      parse = next;
      settle('parse');
      if (runsParse) settle('run');
    },
  };
  Object.defineProperty(internals, 'parse', slot);
  if (runsParse) Object.defineProperty(internals, 'run', slot);
  return schema;
}

type Issue = z.core.$RefinementCtx;

/** What a binary request body may be given as: anything `fetch` sends as bytes. */
export type BinaryBody = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>;

/** Whether `value` is a {@link BinaryBody}. */
export const isBinaryBody = (value: unknown): value is BinaryBody =>
  value instanceof Blob ||
  value instanceof ArrayBuffer ||
  ArrayBuffer.isView(value) ||
  (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream);

/** What a binary request body's validator says of anything else. */
export const BINARY_BODY_MESSAGE = 'expected bytes: a Blob, an ArrayBuffer, a typed array or a ReadableStream';

/**
 * The message of a failed union told apart by a discriminator property: the allowed tag
 * values, or the first problem of the option the tag selects (`taggedUnion` of either build);
 * with a default option (`defaultMapping`), a tag that selects no other option selects it.
 */
export function taggedUnionMessage(property: string, tags: readonly (readonly string[])[], defaultOption?: number) {
  const allowed = tags.flat();
  return (issue: z.core.$ZodRawIssue): string | undefined => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const tag = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[property] : undefined;
    const known = typeof tag === 'string' && allowed.includes(tag);
    if (!known && defaultOption === undefined)
      return `${property} must be one of ${allowed.map((value) => `'${value}'`).join(', ')}${tag === undefined ? '' : ` (got ${JSON.stringify(tag)})`}`;
    const errors = (issue as z.core.$ZodRawIssue<z.core.$ZodIssueInvalidUnion>).errors;
    const first = errors[known ? tags.findIndex((values) => values.includes(tag)) : defaultOption!]?.[0];
    const label = known
      ? `${property} '${tag}'`
      : `${tag === undefined ? `without ${property}` : `${property} ${JSON.stringify(tag)}`} (the default variant)`;
    return first ? `${label}: ${first.path.length > 0 ? `${first.path.join('.')}: ` : ''}${first.message}` : undefined;
  };
}

/**
 * The options of a tagged union with its default option (`defaultMapping`) guarded: `guard`
 * (written in the caller's zod build) wraps it so that it takes a value only when the value's tag
 * (`accepts`) selects none of the other options.
 */
export function guardDefaultOption<O>(
  options: readonly O[],
  tags: readonly (readonly string[])[],
  defaultOption: number | undefined,
  guard: (option: O, accepts: (tag: unknown) => boolean) => O,
): O[] {
  return options.map((option, index) => {
    if (index !== defaultOption) return option;
    const others = tags.filter((_, other) => other !== index).flat();
    return guard(option, (tag) => typeof tag !== 'string' || !others.includes(tag));
  });
}

/** Deterministic JSON text with sorted keys, to compare values structurally. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** The JSON type of a value, as JSON Schema's `type` names it (`integer` aside). */
function jsonType(value: unknown): 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'object' || type === 'string' || type === 'number' || type === 'boolean' ? type : undefined;
}

export const refinements = {
  /** A schema without `type`: a value of a constrained JSON type must match that type's validator; others pass. */
  byType(validators: Readonly<Partial<Record<'object' | 'array' | 'string' | 'number', Validator>>>) {
    return (value: unknown, ctx: Issue): void => {
      const type = jsonType(value);
      const schema = type === undefined || type === 'boolean' || type === 'null' ? undefined : validators[type];
      if (!schema) return;
      const result = schema.safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    };
  },

  /** `uniqueItems: true`. */
  uniqueItems(items: readonly unknown[]): boolean {
    return new Set(items.map(canonical)).size === items.length;
  },

  /** `not`: the value must fail `excluded`. */
  not(excluded: Validator) {
    return (value: unknown): boolean => !excluded.safeParse(value).success;
  },

  /** `if` / `then` / `else`. */
  conditional(condition: Validator, then: Validator | undefined, otherwise: Validator | undefined) {
    return (value: unknown, ctx: Issue): void => {
      const branch = condition.safeParse(value).success ? then : otherwise;
      if (!branch) return;
      const result = branch.safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
    };
  },

  /** `minItems` / `maxItems` on a tuple. */
  itemCount(min: number, max: number) {
    return (items: readonly unknown[]): boolean => items.length >= min && items.length <= max;
  },

  /** `minProperties` / `maxProperties`. */
  propertyCount(min: number, max: number) {
    return (value: object): boolean => {
      const count = Object.keys(value).length;
      return count >= min && count <= max;
    };
  },

  /** `dependentRequired`: when a key is present, the properties it lists must be present too. */
  dependentRequired(dependencies: Readonly<Record<string, readonly string[]>>) {
    return (value: object, ctx: Issue): void => {
      for (const [key, names] of Object.entries(dependencies)) {
        if (!Object.hasOwn(value, key)) continue;
        for (const name of names) {
          if (!Object.hasOwn(value, name))
            ctx.addIssue({
              code: 'custom',
              message: `property ${name} is required when ${key} is present`,
              path: [name],
            });
        }
      }
    };
  },

  /** `dependentSchemas`: when a key is present, the whole object must match its schema too. */
  dependentSchemas(dependencies: readonly (readonly [string, Validator])[]) {
    return (value: object, ctx: Issue): void => {
      for (const [key, schema] of dependencies) {
        if (!Object.hasOwn(value, key)) continue;
        const result = schema.safeParse(value);
        if (!result.success) {
          for (const issue of result.error.issues)
            ctx.addIssue({
              code: 'custom',
              message: `${issue.message} (required when ${key} is present)`,
              path: issue.path,
            });
        }
      }
    };
  },

  /** `propertyNames`: every key must match the schema. */
  propertyNames(names: Validator) {
    return (value: object, ctx: Issue): void => {
      for (const key of Object.keys(value)) {
        if (!names.safeParse(key).success)
          ctx.addIssue({ code: 'custom', message: `property name ${JSON.stringify(key)} is not allowed`, path: [key] });
      }
    };
  },

  /** `contains` / `minContains` / `maxContains`: how many items must match the schema. */
  contains(schema: Validator, min: number, max: number) {
    return (items: readonly unknown[], ctx: Issue): void => {
      const count = items.filter((item) => schema.safeParse(item).success).length;
      if (count < min || count > max)
        ctx.addIssue({
          code: 'custom',
          message: `${count} items match the contains schema; between ${min} and ${max} are required`,
          path: [],
        });
    };
  },

  /**
   * `patternProperties`: keys matching a pattern, declared properties too, must match its
   * schema; keys neither declared nor matched must match `additional` (`false` forbids them).
   */
  patternProperties(
    patterns: readonly (readonly [RegExp, Validator])[],
    additional: boolean | Validator,
    declared: readonly string[],
  ) {
    return (value: Record<string, unknown>, ctx: Issue): void => {
      for (const [key, item] of Object.entries(value)) {
        // A declared property is checked by the patterns it matches too, never as an additional one.
        let matched = declared.includes(key);
        for (const [pattern, schema] of patterns) {
          if (!pattern.test(key)) continue;
          matched = true;
          const result = schema.safeParse(item);
          if (!result.success)
            ctx.addIssue({
              code: 'custom',
              message: `property ${key}: ${result.error.issues[0]?.message ?? 'invalid'}`,
              path: [key],
            });
        }
        if (matched) continue;
        if (additional === false)
          ctx.addIssue({ code: 'custom', message: `property ${key} is not allowed`, path: [key] });
        else if (additional !== true && !additional.safeParse(item).success)
          ctx.addIssue({
            code: 'custom',
            message: `property ${key} does not match the schema of additional properties`,
            path: [key],
          });
      }
    };
  },
};

/** Compile-time equality of two types, for the generated type checks. */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Fails to compile unless `T` is `true`. */
export type Assert<T extends true> = T;
