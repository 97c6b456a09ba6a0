/**
 * Validators that need no zod, for the generated clients' own checks (`src/calls.ts` of a
 * package): each walks a value in place, returns it as it came when it passes, and reports
 * issues shaped as zod's (the same codes, paths and English messages), so that tolerant
 * response validation, typed errors and the server's answers read alike. They accept and
 * refuse exactly what the package's zod validators do (a property test holds them to it).
 * Every builder is a function of its own, so a bundle carries only those its validators use:
 * a program that calls one operation carries about 3 KB of them, where zod's engine is 22 KB.
 */
import type { z } from 'zod';
import { canonical, isBinaryBody, BINARY_BODY_MESSAGE, refinements } from './validators.js';
import { unevaluated, type Evaluation } from './unevaluated.js';
import type { StandardSchemaV1, Validator, ValidatorResult } from './types.js';

type Issue = z.core.$ZodIssue;
type Path = PropertyKey[];
/** An issue before its path is set (each kind of issue with its own fields). */
type Unplaced = Issue extends infer I ? (I extends Issue ? Omit<I, 'path'> : never) : never;

/** What a check of a value of type `V` does: appends what is wrong with it, found at `path`, to `issues`. */
export type Check<V = unknown> = (value: V, path: Path, issues: Issue[]) => void;

/**
 * A validator of this module: `verify` is what builders compose, `safeParse` what callers use,
 * `~standard` what libraries that take any vendor's validator (Standard Schema v1) call.
 */
export interface LeanValidator<T = unknown> extends Validator<T>, StandardSchemaV1<unknown, T> {
  /** Appends to `issues` what is wrong with `value`, found at `path` (left as it was found). */
  readonly verify: Check;
}

/** The validator that runs `verify`: a value without issues is returned as it is (nothing is copied). */
function lean<T>(verify: Check): LeanValidator<T> {
  return {
    verify,
    safeParse(value: unknown): ValidatorResult<T> {
      const issues: Issue[] = [];
      verify(value, [], issues);
      return issues.length === 0 ? { success: true, data: value as T } : { success: false, error: { issues } };
    },
    '~standard': { version: 1, vendor: 'svc-api-codegen', validate: (value) => standardResult<T>(verify, value) },
  };
}

/** Standard Schema's answer: the value as it came, or the issues with their messages and paths. */
function standardResult<T>(verify: Check, value: unknown): StandardSchemaV1.Result<T> {
  const issues: Issue[] = [];
  verify(value, [], issues);
  return issues.length === 0
    ? { value: value as T }
    : { issues: issues.map(({ message, path }) => ({ message, path })) };
}

/** An issue at `path` (copied: the path is a stack the walk keeps changing). */
const at = (path: Path, issue: Unplaced): Issue => ({ ...issue, path: [...path] }) as Issue;

/** How zod's messages name the type of what was received. */
function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

const invalidType = (expected: string, value: unknown, path: Path): Issue =>
  at(path, {
    code: 'invalid_type',
    expected,
    message: `Invalid input: expected ${expected}, received ${received(value)}`,
  });

/** Issues zod stops at: after one, an object's or array's own checks (refinements) do not run. */
const ABORTING: ReadonlySet<string> = new Set(['invalid_type', 'invalid_value', 'invalid_union', 'unrecognized_keys']);

/** Runs `checks` on `value` unless an issue from `from` on aborted it, as zod skips refinements then. */
function runChecks<V>(checks: readonly Check<V>[], value: V, path: Path, issues: Issue[], from: number): void {
  for (let i = from; i < issues.length; i++) if (ABORTING.has(issues[i]!.code)) return;
  for (const check of checks) check(value, path, issues);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any value. */
export const unknown: LeanValidator = /* @__PURE__ */ lean(() => {});

/** Any value but `undefined`: a required property that may hold anything must be present. */
export const defined: LeanValidator = /* @__PURE__ */ lean((value, path, issues) => {
  if (value === undefined) issues.push(invalidType('nonoptional', value, path));
});

/** No value. */
export const never: LeanValidator<never> = /* @__PURE__ */ lean((value, path, issues) => {
  issues.push(invalidType('never', value, path));
});

export const boolean: LeanValidator<boolean> = /* @__PURE__ */ lean((value, path, issues) => {
  if (typeof value !== 'boolean') issues.push(invalidType('boolean', value, path));
});

export const nullValue: LeanValidator<null> = /* @__PURE__ */ lean((value, path, issues) => {
  if (value !== null) issues.push(invalidType('null', value, path));
});

/** Bytes: a `Blob` (a binary response body). */
export const blob: LeanValidator<Blob> = /* @__PURE__ */ lean((value, path, issues) => {
  if (!(typeof Blob !== 'undefined' && value instanceof Blob)) issues.push(invalidType('Blob', value, path));
});

/** Bytes in any form `fetch` sends (a binary request body). */
export const binaryBody: LeanValidator = /* @__PURE__ */ lean((value, path, issues) => {
  if (!isBinaryBody(value)) issues.push(at(path, { code: 'custom', message: BINARY_BODY_MESSAGE }));
});

/** A string, with its checks (lengths, pattern, format). */
export function string<T extends string = string>(...checks: Check<string>[]): LeanValidator<T> {
  return lean((value, path, issues) => {
    if (typeof value !== 'string') issues.push(invalidType('string', value, path));
    else for (const check of checks) check(value, path, issues);
  });
}

/** A finite number (an integer when `integer`), with its checks (bounds, multiple). */
export function number<T extends number = number>(integer: boolean, ...checks: Check<number>[]): LeanValidator<T> {
  return lean((value, path, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value))
      return void issues.push(invalidType('number', value, path));
    if (integer && !Number.isInteger(value)) return void issues.push(invalidType('int', value, path));
    if (integer && value > Number.MAX_SAFE_INTEGER)
      issues.push(
        at(path, {
          code: 'too_big',
          origin: 'int',
          maximum: Number.MAX_SAFE_INTEGER,
          inclusive: true,
          message: `Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`,
        }),
      );
    if (integer && value < Number.MIN_SAFE_INTEGER)
      issues.push(
        at(path, {
          code: 'too_small',
          origin: 'int',
          minimum: Number.MIN_SAFE_INTEGER,
          inclusive: true,
          message: `Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`,
        }),
      );
    for (const check of checks) check(value, path, issues);
  });
}

/** One of `values`, compared as JSON values (`const`, `enum`). */
export function literal<T>(values: readonly unknown[]): LeanValidator<T> {
  const primitive = values.every((v) => v === null || typeof v !== 'object');
  const texts = primitive ? undefined : values.map(canonical);
  const validator = lean<T>((value, path, issues) => {
    if (texts ? texts.includes(canonical(value)) : values.includes(value)) return;
    const shown = values.map((v) => (typeof v === 'string' ? JSON.stringify(v) : canonical(v)));
    const message =
      values.length === 1
        ? `Invalid input: expected ${shown[0]}`
        : `Invalid option: expected one of ${shown.join('|')}`;
    issues.push(
      at(path, { code: 'invalid_value', values: primitive ? (values as z.core.util.Primitive[]) : [], message }),
    );
  });
  if (primitive) literalValues.set(validator, values);
  return validator;
}

/** `inner`, or `null`. */
export function nullable<T>(inner: LeanValidator<T>): LeanValidator<T | null> {
  return lean((value, path, issues) => {
    if (value !== null) inner.verify(value, path, issues);
  });
}

/** A validator defined later (a reference cycle, or one declared further down). */
export function lazy<T>(get: () => LeanValidator<T>): LeanValidator<T> {
  return lean((value, path, issues) => get().verify(value, path, issues));
}

/** The items at `index` and on, each checked by `items`. */
function verifyItems(list: readonly unknown[], index: number, items: LeanValidator, path: Path, issues: Issue[]): void {
  for (let i = index; i < list.length; i++) {
    path.push(i);
    items.verify(list[i], path, issues);
    path.pop();
  }
}

/** An array whose items match `items`, with its checks (counts, uniqueness, contains). */
export function array<T>(items: LeanValidator, ...checks: Check<readonly unknown[]>[]): LeanValidator<T> {
  return lean((value, path, issues) => {
    if (!Array.isArray(value)) return void issues.push(invalidType('array', value, path));
    const from = issues.length;
    verifyItems(value, 0, items, path, issues);
    runChecks(checks, value, path, issues, from);
  });
}

/** `prefixItems`: the first items by position (those past `required` may be missing), then `rest` (none when absent). */
export function tuple<T>(
  prefix: readonly LeanValidator[],
  required: number,
  rest?: LeanValidator,
  ...checks: Check<readonly unknown[]>[]
): LeanValidator<T> {
  return lean((value, path, issues) => {
    if (!Array.isArray(value)) return void issues.push(invalidType('array', value, path));
    if (value.length < required)
      return void issues.push(
        at(path, {
          code: 'too_small',
          origin: 'array',
          minimum: required,
          inclusive: true,
          message: `Too small: expected array to have >=${required} items`,
        }),
      );
    if (!rest && value.length > prefix.length)
      return void issues.push(
        at(path, {
          code: 'too_big',
          origin: 'array',
          maximum: prefix.length,
          inclusive: true,
          message: `Too big: expected array to have <=${prefix.length} items`,
        }),
      );
    const from = issues.length;
    for (let i = 0; i < prefix.length && i < value.length; i++) {
      path.push(i);
      prefix[i]!.verify(value[i], path, issues);
      path.pop();
    }
    // Without `rest`, an array longer than the prefix was refused above.
    if (rest) verifyItems(value, prefix.length, rest, path, issues);
    runChecks(checks, value, path, issues, from);
  });
}

/** A property of an object validator: its name, its validator, and whether it must be present. */
export type Property = readonly [name: string, validator: LeanValidator, required?: boolean];

/**
 * An object with these properties, read as own properties only (`__proto__` is data like any
 * other key). Other keys: `true` keeps them, `false` refuses them, a validator checks each.
 */
export function object<T>(
  properties: readonly Property[],
  rest: boolean | LeanValidator = true,
  ...checks: Check<Record<string, unknown>>[]
): LeanValidator<T> {
  const names = new Set(properties.map(([name]) => name));
  const validator = lean<T>((value, path, issues) => {
    if (!isRecord(value)) return void issues.push(invalidType('object', value, path));
    const from = issues.length;
    for (const [name, validator, required] of properties) {
      const present = Object.hasOwn(value, name);
      const item = present ? value[name] : undefined;
      // A key whose value is undefined is missing, as zod reads it.
      if (item === undefined && !required) continue;
      path.push(name);
      validator.verify(item, path, issues);
      path.pop();
    }
    if (rest !== true) {
      const others = Object.keys(value).filter((key) => !names.has(key));
      if (rest === false) {
        if (others.length > 0)
          issues.push(
            at(path, {
              code: 'unrecognized_keys',
              keys: others,
              message: `Unrecognized key${others.length > 1 ? 's' : ''}: ${others.map((key) => JSON.stringify(key)).join(', ')}`,
            }),
          );
      } else
        for (const key of others) {
          path.push(key);
          rest.verify(value[key], path, issues);
          path.pop();
        }
    }
    runChecks(checks, value, path, issues, from);
  });
  const pinned = new Map<string, readonly unknown[]>();
  for (const [name, property, required] of properties) {
    const values = required ? literalValues.get(property) : undefined;
    if (values) pinned.set(name, values);
  }
  if (pinned.size > 0) pinnedProperties.set(validator, pinned);
  return validator;
}

/** The values each primitive `literal` validator allows. */
const literalValues = new WeakMap<LeanValidator, readonly unknown[]>();
/** The required properties of each `object` validator that a `literal` pins (`type: { const: 'ping' }`). */
const pinnedProperties = new WeakMap<LeanValidator, ReadonlyMap<string, readonly unknown[]>>();

/**
 * How a union's object variants are told apart at a glance, when a property every variant
 * requires is pinned to values no two variants share (`event: delta` and `event: done`): the
 * variant each value selects. Every other variant refuses such a value on that property, so the
 * selected one passing decides `oneOf` and `anyOf` alike, without trying the others; anything
 * else (no such property, a value that selects none, the selected one failing) takes the full
 * path, whose issues are the same as ever.
 */
function selectorOf(
  variants: readonly LeanValidator[],
): { property: string; variants: Map<unknown, LeanValidator> } | undefined {
  const first = variants[0] && pinnedProperties.get(variants[0]);
  if (!first) return undefined;
  for (const property of first.keys()) {
    const selected = new Map<unknown, LeanValidator>();
    const disjoint = variants.every((variant) => {
      const values = pinnedProperties.get(variant)?.get(property);
      if (!values || values.some((value) => selected.has(value))) return false;
      for (const value of values) selected.set(value, variant);
      return true;
    });
    if (disjoint) return { property, variants: selected };
  }
  return undefined;
}

/** Whether the variant that `value`'s pinned property selects accepts it (false when none is selected, or it refuses). */
function selectedAccepts(
  selector: ReturnType<typeof selectorOf>,
  value: unknown,
  path: Path,
  issues: Issue[],
): boolean {
  if (!selector || !isRecord(value) || !Object.hasOwn(value, selector.property)) return false;
  const variant = selector.variants.get(value[selector.property]);
  if (!variant) return false;
  const from = issues.length;
  variant.verify(value, path, issues);
  if (issues.length === from) return true;
  issues.length = from;
  return false;
}

/** `anyOf`: at least one of `variants`. */
export function union<T>(variants: readonly LeanValidator[]): LeanValidator<T> {
  const selector = selectorOf(variants);
  return lean((value, path, issues) => {
    if (selectedAccepts(selector, value, path, issues)) return;
    const errors: Issue[][] = [];
    for (const variant of variants) {
      const found: Issue[] = [];
      variant.verify(value, path, found);
      if (found.length === 0) return;
      errors.push(found);
    }
    issues.push(at(path, { code: 'invalid_union', errors, message: 'Invalid input' }));
  });
}

/** `oneOf`: exactly one of `variants`. */
export function oneOf<T>(variants: readonly LeanValidator[]): LeanValidator<T> {
  const selector = selectorOf(variants);
  return lean((value, path, issues) => {
    if (selectedAccepts(selector, value, path, issues)) return;
    const errors: Issue[][] = [];
    const matches: number[] = [];
    variants.forEach((variant, index) => {
      const found: Issue[] = [];
      variant.verify(value, path, found);
      if (found.length === 0) matches.push(index);
      else errors.push(found);
    });
    if (matches.length === 1) return;
    issues.push(
      at(
        path,
        matches.length === 0
          ? { code: 'invalid_union', errors, message: 'Invalid input' }
          : {
              code: 'invalid_union',
              errors: [],
              inclusive: false,
              matches,
              message: 'Invalid input: matches more than one of the options',
            },
      ),
    );
  });
}

/**
 * A union told apart by the `property` of its objects: `tags[i]` are the values that select
 * `variants[i]`; with a default variant (OpenAPI 3.2's `defaultMapping`), a value whose tag
 * selects no other variant is checked by it. Issues read as the zod validator's (`taggedUnion`).
 */
export function tagged<T>(
  property: string,
  tags: readonly (readonly unknown[])[],
  variants: readonly LeanValidator[],
  defaultVariant?: number,
): LeanValidator<T> {
  const allowed = tags.flat();
  return lean((value, path, issues) => {
    const own = isRecord(value) && Object.hasOwn(value, property);
    const tag = own ? value[property] : undefined;
    const known = own ? tags.findIndex((values) => values.includes(tag)) : -1;
    const chosen = known >= 0 ? known : defaultVariant;
    if (chosen === undefined) {
      const got = tag === undefined ? '' : ` (got ${JSON.stringify(tag)})`;
      return void issues.push(
        at(path, {
          code: 'invalid_union',
          errors: [],
          message: `${property} must be one of ${allowed.map((v) => `'${String(v)}'`).join(', ')}${got}`,
        }),
      );
    }
    const found: Issue[] = [];
    variants[chosen]!.verify(value, path, found);
    if (found.length === 0) return;
    const label =
      known >= 0
        ? `${property} '${String(tag)}'`
        : `${tag === undefined ? `without ${property}` : `${property} ${JSON.stringify(tag)}`} (the default variant)`;
    const first = found[0]!;
    const where = first.path.slice(path.length);
    issues.push(
      at(path, {
        code: 'invalid_union',
        errors: [found],
        message: `${label}: ${where.length > 0 ? `${where.join('.')}: ` : ''}${first.message}`,
      }),
    );
  });
}

/** `allOf`: every one of `parts`. */
export function allOf<T>(parts: readonly LeanValidator[]): LeanValidator<T> {
  return lean((value, path, issues) => {
    for (const part of parts) part.verify(value, path, issues);
  });
}

/** `validator` with checks on the whole value (`not`, `if`/`then`/`else`, unevaluated keywords). */
export function refined<T>(validator: LeanValidator<T>, ...checks: Check[]): LeanValidator<T> {
  return lean((value, path, issues) => {
    const from = issues.length;
    validator.verify(value, path, issues);
    runChecks(checks, value, path, issues, from);
  });
}

/** The issues of a check written for zod's refinement context (`refinements`, `unevaluated`), at `path`. */
function viaContext<V>(refinement: (value: V, ctx: z.core.$RefinementCtx) => void): Check<V> {
  return (value, path, issues) => {
    const ctx = {
      addIssue: (issue: { code: string; message: string; path?: PropertyKey[] }) =>
        issues.push({ ...issue, path: [...path, ...(issue.path ?? [])] } as Issue),
    };
    refinement(value, ctx as unknown as z.core.$RefinementCtx);
  };
}

/** A custom issue unless `holds(value)`. */
const unless =
  <V>(holds: (value: V) => boolean, message: string): Check<V> =>
  (value, path, issues) => {
    if (!holds(value)) issues.push(at(path, { code: 'custom', message }));
  };

/** A zod check function (the runtime's formats: `dateTimeFormat`, …), run without zod. */
export function format(check: z.core.CheckFn<string>): Check<string> {
  return (value, path, issues) => {
    const payload = { value, issues: [] as { input?: unknown }[] };
    check(payload as unknown as z.core.ParsePayload<string>);
    for (const { input: _input, ...issue } of payload.issues) issues.push({ ...issue, path: [...path] } as Issue);
  };
}

export function pattern(regex: RegExp): Check<string> {
  return (value, path, issues) => {
    if (!regex.test(value))
      issues.push(
        at(path, {
          code: 'invalid_format',
          format: 'regex',
          pattern: String(regex),
          message: `Invalid string: must match pattern ${String(regex)}`,
        }),
      );
  };
}

/** A bound on a string's length (`minLength`/`maxLength`), an array's items (`minItems`/`maxItems`) or a number (`minimum`, `exclusiveMaximum`, …). */
export function bound(
  kind: 'min' | 'max',
  limit: number,
  inclusive = true,
): Check<string | number | readonly unknown[]> {
  return (value, path, issues) => {
    const size = typeof value === 'number' ? value : typeof value === 'string' ? codePoints(value) : value.length;
    if (kind === 'min' ? (inclusive ? size >= limit : size > limit) : inclusive ? size <= limit : size < limit) return;
    const origin = typeof value === 'number' ? 'number' : typeof value === 'string' ? 'string' : 'array';
    const relation = `${kind === 'min' ? '>' : '<'}${inclusive ? '=' : ''}${limit}`;
    const expected =
      origin === 'number'
        ? `number to be ${relation}`
        : `${origin} to have ${relation} ${origin === 'string' ? 'characters' : 'items'}`;
    issues.push(
      at(
        path,
        kind === 'min'
          ? { code: 'too_small', origin, minimum: limit, inclusive, message: `Too small: expected ${expected}` }
          : { code: 'too_big', origin, maximum: limit, inclusive, message: `Too big: expected ${expected}` },
      ),
    );
  };
}

/** A string's length as JSON Schema counts it: in code points (an emoji is one, not two UTF-16 units). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The number of decimal places of a number written in JavaScript's shortest form (`1e-7` has 7). */
function decimals(n: number): number {
  const [digits = '', exponent] = String(n).split('e');
  const places = (digits.split('.')[1] ?? '').length - Number(exponent ?? 0);
  return Math.max(0, places);
}

/**
 * `multipleOf`, exact for decimal steps (`0.01`): both numbers are scaled to integers first, where
 * they fit; beyond that (a large value, a tiny step), the quotient is an integer, as the zod
 * validators read it (any integer is a multiple of `1e-8`).
 */
export function multipleOf(divisor: number): Check<number> {
  return (value, path, issues) => {
    const scale = 10 ** Math.max(decimals(value), decimals(divisor));
    const [scaledValue, scaledDivisor] = [Math.round(value * scale), Math.round(divisor * scale)];
    const multiple =
      Number.isSafeInteger(scaledValue) && Number.isSafeInteger(scaledDivisor)
        ? scaledValue % scaledDivisor === 0
        : Number.isInteger(value / divisor);
    if (!multiple)
      issues.push(
        at(path, { code: 'not_multiple_of', divisor, message: `Invalid number: must be a multiple of ${divisor}` }),
      );
  };
}

export const uniqueItems: Check<readonly unknown[]> = (value, path, issues) => {
  if (!refinements.uniqueItems(value)) issues.push(at(path, { code: 'custom', message: 'items must be unique' }));
};

/** `minItems` / `maxItems` of a tuple, past its prefix. */
export const itemCount = (min: number, max: number): Check<readonly unknown[]> =>
  unless(refinements.itemCount(min, max), 'wrong number of items');

export const propertyCount = (min: number, max: number): Check<object> =>
  unless(refinements.propertyCount(min, max), 'wrong number of properties');

export const contains = (validator: LeanValidator, min: number, max: number): Check<readonly unknown[]> =>
  viaContext(refinements.contains(validator, min, max));

export const dependentRequired = (dependencies: Readonly<Record<string, readonly string[]>>): Check<object> =>
  viaContext(refinements.dependentRequired(dependencies));

export const dependentSchemas = (dependencies: readonly (readonly [string, LeanValidator])[]): Check<object> =>
  viaContext(refinements.dependentSchemas(dependencies));

export const propertyNames = (names: LeanValidator): Check<object> => viaContext(refinements.propertyNames(names));

export const patternProperties = (
  patterns: readonly (readonly [RegExp, LeanValidator])[],
  additional: boolean | LeanValidator,
  declared: readonly string[],
): Check<Record<string, unknown>> => viaContext(refinements.patternProperties(patterns, additional, declared));

export const not = (excluded: LeanValidator): Check =>
  unless(refinements.not(excluded), 'must not match the excluded schema');

export const conditional = (
  condition: LeanValidator,
  then: LeanValidator | undefined,
  otherwise: LeanValidator | undefined,
): Check => viaContext(refinements.conditional(condition, then, otherwise));

/** A schema without `type`: a value of a constrained JSON type must match that type's validator. */
export const byType = (
  validators: Readonly<Partial<Record<'object' | 'array' | 'string' | 'number', LeanValidator>>>,
): Check => viaContext(refinements.byType(validators));

export const unevaluatedProperties = (evaluation: Evaluation, rest: boolean | LeanValidator): Check =>
  viaContext(unevaluated.properties(evaluation, rest));

export const unevaluatedItems = (evaluation: Evaluation, rest: boolean | LeanValidator): Check =>
  viaContext(unevaluated.items(evaluation, rest));
