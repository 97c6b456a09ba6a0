/** SchemaNode -> zod 4 expression. The one switch over kinds for validators. */
import { StructureKind } from '../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import type { ApiModel, Diagnostic, NumberNode, ObjectNode, SchemaNode, StringNode } from '../model/types.js';
import { literal, valueKey, stringLiteral } from '../util/text.js';
import type { Direction } from '../model/directions.js';
import { FORMAT_CHECKS } from '../model/formats.js';
import { isClosedTuple, propertiesIn, typelessBranches } from './types.js';
import type { ZodFlavor } from './zod-flavor.js';
import { runtimeSubpath } from './symbols.js';
import { PURE } from './pure.js';
import { describeSchema, isPlaceholder, type SharedExpressions } from './shared.js';

export { ZOD_FLAVORS, zodFlavorOf, type ZodFlavor } from './zod-flavor.js';

export interface ZodPrintContext {
  schemaNameOf(key: string): string;
  /** The schema of a named schema, to follow references (unevaluated keywords). */
  schemaOf(key: string): SchemaNode | undefined;
  /** Whether the validator of a named schema is declared before the one being printed. */
  isDeclared(key: string): boolean;
  /**
   * Whether a named schema's validator is typed as a plain `z.ZodType` (recursive, or annotated
   * to spare the type checker), so that its object methods and shape are not visible to code
   * that uses it.
   */
  isOpaque(key: string): boolean;
  /** Whether a named schema is an object validator whose `property` is a closed literal (usable in a discriminated union). */
  isTaggedObject(key: string, property: string): boolean;
  /**
   * What the printed code references from outside its module, recorded as it prints: the
   * runtime's helpers by name, and {@link ZOD_NAMESPACE} when it calls zod. The caller's imports
   * are derived from it (`zodImportFor`, and each helper through the symbol table at {@link helperModuleOf}).
   */
  helpers: Set<string>;
  warn(diagnostic: Diagnostic): void;
  /** The form printed: without readOnly (`input`) or writeOnly (`output`) properties; absent: as written. */
  direction?: Direction;
  /** The zod build printed for (`--zod`): classic's methods, or mini's functions. */
  flavor: ZodFlavor;
  /** The module's validators printed more than once, declared once; absent: each printed in place. */
  shared?: SharedExpressions;
}


/** What a validator printer is set up with (`opaque`: the validator types plan's declared keys, `Plans.validatorTypes.declared`). */
export interface ZodPrintSetup {
  model: ApiModel;
  /** Named schemas whose validators are declared before the one being printed. */
  declared: ReadonlySet<string>;
  helpers: Set<string>;
  flavor: ZodFlavor;
  /** Named schemas whose validators have a declared type (recursive ones among them). */
  opaque: ReadonlySet<string>;
  direction?: Direction | undefined;
  shared?: SharedExpressions | undefined;
}

export function zodPrintContext({ model, declared, helpers, flavor, opaque, direction, shared }: ZodPrintSetup): ZodPrintContext {
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  const warned = new Set<string>();
  // Recursive validators are among the declared ones.
  const isOpaque = (key: string): boolean => opaque.has(key);
  return {
    schemaNameOf: (key) => {
      const schema = byKey.get(key);
      return (direction ? schema?.variants?.[direction]?.schemaName : undefined) ?? schema?.schemaName ?? `${zod({ helpers })}.unknown()`;
    },
    ...(direction ? { direction } : {}),
    ...(shared ? { shared } : {}),
    flavor,
    schemaOf: (key) => byKey.get(key)?.schema,
    isDeclared: (key) => declared.has(key),
    isOpaque,
    isTaggedObject: (key, property) => {
      const s = byKey.get(key);
      if (s === undefined || isOpaque(key) || s.schema.kind !== 'object' || s.schema.nullable || needsRefinement(s.schema)) return false;
      const tag = s.schema.properties.find((p) => p.name === property)?.schema;
      return tag !== undefined && !tag.nullable && (tag.kind === 'literal' || (tag.kind === 'string' && tag.enum !== undefined && !tag.openEnum));
    },
    helpers,
    warn: (d) => {
      const id = `${d.message}`;
      if (warned.has(id)) return;
      warned.add(id);
      model.diagnostics.push(d);
    },
  };
}

/**
 * The context for a module that imports the named validators from `./schemas.js`: every
 * name printed is recorded in `used`, so the module imports exactly what it uses.
 */
export function importingZodContext({ used, ...setup }: Omit<ZodPrintSetup, 'declared'> & { used: Set<string> }): ZodPrintContext {
  const base = zodPrintContext({ ...setup, declared: new Set(setup.model.schemas.map((s) => s.key)) });
  return {
    ...base,
    schemaNameOf: (key) => {
      const name = base.schemaNameOf(key);
      used.add(name);
      return name;
    },
  };
}

/** Recorded in `ZodPrintContext.helpers` when printed code calls zod. */
export const ZOD_NAMESPACE = 'z';

export { PURE } from './pure.js';

/** `text` marked pure, unless it is a bare name (nothing to drop), marked already, or a shared expression's placeholder (a name, or a text marked). */
const pure = (text: string): string => (text.startsWith(PURE) || /^[\w$]+$/.test(text) || isPlaceholder(text) ? text : `${PURE}${text}`);

/**
 * The zod namespace, for printing one of its calls, marked pure: records the use, so that the
 * module's import follows from what was printed.
 */
const zod = (ctx: Pick<ZodPrintContext, 'helpers'>): string => {
  ctx.helpers.add(ZOD_NAMESPACE);
  return `${PURE}${ZOD_NAMESPACE}`;
};

/** `inner` made optional, nullable or present: classic's method (`x.optional()`), mini's function (`z.optional(x)`). */
function wrapped(kind: 'optional' | 'nullable' | 'nonoptional', inner: string, ctx: ZodPrintContext): string {
  return ctx.flavor === 'mini' ? `${zod(ctx)}.${kind}(${inner})` : `${inner}.${kind}()`;
}

/** A check on a validator: classic's method (`.min(1)`), or the check mini passes to `.check` (`z.minLength(1)`). */
interface Check {
  classic: string;
  mini(ctx: ZodPrintContext): string;
}

/** The check zod names `method` in classic and `fn` in mini. */
const checkOf = (method: string, args: string, fn: string = method): Check => ({ classic: `.${method}(${args})`, mini: (ctx) => `${zod(ctx)}.${fn}(${args})` });

/** A check function of the runtime's (a format), the same in both builds. */
const checkFunction = (name: string): Check => ({ classic: `.check(${name})`, mini: () => name });

/**
 * An object validator of `shape` (the text between braces) that strips, refuses or keeps the keys
 * it does not list: zod's `z.object`, `z.strictObject`, `z.looseObject` in classic; in mini the
 * runtime's `compiledObject`, which is mini's object on the engine's compiled fast path (mini's
 * own objects parse about 1.5 times slower).
 */
function objectOf(shape: string, unknownKeys: 'strip' | 'strict' | 'loose', ctx: ZodPrintContext): string {
  if (ctx.flavor === 'classic') return `${zod(ctx)}.${{ strip: 'object', strict: 'strictObject', loose: 'looseObject' }[unknownKeys]}({ ${shape} })`;
  ctx.helpers.add('compiledObject');
  return `${PURE}compiledObject({ ${shape} }${unknownKeys === 'strip' ? '' : `, '${unknownKeys}'`})`;
}

/** `base` with its checks, in order: chained methods in classic, one `.check(…)` in mini. */
function withChecks(base: string, checks: readonly Check[], ctx: ZodPrintContext): string {
  if (checks.length === 0) return base;
  if (ctx.flavor === 'classic') return base + checks.map((c) => c.classic).join('');
  return `${base}.check(${checks.map((c) => c.mini(ctx)).join(', ')})`;
}

/**
 * The `import * as z from 'zod'` (or `'zod/mini'`) a module needs when the code printed with
 * these `helpers` calls zod. The namespace form, not `import { z }`: zod's `z` object holds
 * every locale, which a bundler then cannot drop (a one-endpoint browser bundle: 83 KiB of zod
 * instead of 443 KiB).
 */
export function zodImportFor(helpers: ReadonlySet<string>, flavor: ZodFlavor): StatementStructures[] {
  return helpers.has(ZOD_NAMESPACE) ? [{ kind: StructureKind.ImportDeclaration, moduleSpecifier: flavor === 'mini' ? 'zod/mini' : 'zod', namespaceImport: ZOD_NAMESPACE }] : [];
}

/** The validator type a declared validator is annotated with: `z.ZodType<T>`, or mini's `z.ZodMiniType<T>`. */
export const zodTypeOf = (typeName: string, flavor: ZodFlavor): string => `z.${flavor === 'mini' ? 'ZodMiniType' : 'ZodType'}<${typeName}>`;

/**
 * Runtime helpers in a module of their own, by the subpath that exports it: only packages
 * whose validators use them import it (and the tables it loads), and a bundle of any other stays as it was.
 */
const HELPER_SUBPATHS: Readonly<Record<string, string>> = { hostnameFormat: 'idn', idnHostnameFormat: 'idn' };

/**
 * The helpers built with zod's API, exported by the runtime's subpath of the zod build they are
 * built with (`classic`, `mini`). Not by its index: a program that only calls the API (the
 * client, which validates with the lean validators) then never has TypeScript resolve zod's
 * classic types; a consumer's type-check of one Stripe call through the sources took 0.8 s less.
 */
const BUILD_HELPERS: ReadonlySet<string> = new Set(['openEnum', 'openObject', 'allOfObjects', 'taggedUnion', 'binaryBody', 'compiledObject']);

/** The module a runtime helper is imported from: the runtime's index, or the subpath it is kept apart in (`idn`, `classic`, `mini`). */
export function helperModuleOf(helper: string, runtimePackage: string, flavor: ZodFlavor): string {
  const subpath = HELPER_SUBPATHS[helper] ?? (BUILD_HELPERS.has(helper) ? flavor : undefined);
  return subpath === undefined ? runtimePackage : runtimeSubpath(runtimePackage, subpath);
}

/** Integer formats with a range (ajv-formats): `int32`; `int64` is any integer a number can hold exactly. */
const INT32 = { min: -2147483648, max: 2147483647 };

const needsRefinement = (node: SchemaNode): boolean =>
  node.not !== undefined ||
  node.conditional !== undefined ||
  (node.kind === 'object' &&
    (node.patternProperties !== undefined || node.minProperties !== undefined || node.maxProperties !== undefined || node.dependentRequired !== undefined || node.dependentSchemas !== undefined || node.propertyNames !== undefined)) ||
  (node.kind === 'array' && (node.uniqueItems === true || node.contains !== undefined));

/** An object that a merged validator can take the shape of: open, with no keyword that needs a refinement. */
function plainOpenObject(node: SchemaNode | undefined): node is ObjectNode {
  return (
    node !== undefined &&
    node.kind === 'object' &&
    node.additionalProperties === true &&
    !node.nullable &&
    !needsRefinement(node) &&
    node.unevaluatedProperties === undefined &&
    node.unevaluatedItems === undefined
  );
}

/**
 * `allOf` of two open objects with different properties, printed as one object with both shapes
 * (`allOfObjects`): a zod intersection parses the value once per part and merges the results,
 * about twice the work. Typed as the intersection it replaces.
 */
function printMergedObjects(node: Extract<SchemaNode, { kind: 'intersection' }>, ctx: ZodPrintContext): string | undefined {
  if (node.parts.length !== 2 || node.unevaluatedProperties !== undefined || node.unevaluatedItems !== undefined) return undefined;
  const objects = node.parts.map((part) => {
    if (part.kind === 'object') return plainOpenObject(part) ? part : undefined;
    if (part.kind !== 'ref' || part.nullable || part.not || part.conditional || !ctx.isDeclared(part.target)) return undefined;
    const target = ctx.schemaOf(part.target);
    // An object the type checker sees only as `z.ZodType` cannot lend its shape.
    return plainOpenObject(target) && !ctx.isOpaque(part.target) ? target : undefined;
  });
  if (objects.some((o) => o === undefined)) return undefined;
  const names = objects.flatMap((o) => o!.properties.map((p) => p.name));
  if (new Set(names).size !== names.length) return undefined;
  ctx.helpers.add('allOfObjects');
  return `${PURE}allOfObjects(${node.parts.map((p) => printZod(p, ctx)).join(', ')})`;
}

/** The validator of a request body: bytes in any form `fetch` sends (see `printRequestBodyType`). */
export function printRequestBodyZod(node: SchemaNode, ctx: ZodPrintContext): string {
  if (node.kind !== 'binary' || node.nullable) return printZod(node, ctx);
  ctx.helpers.add('binaryBody');
  return 'binaryBody';
}

export function printZod(node: SchemaNode, ctx: ZodPrintContext): string {
  return ctx.shared ? ctx.shared.share(() => printChecked(node, ctx), () => describeSchema(node)) : printChecked(node, ctx);
}

function printChecked(node: SchemaNode, ctx: ZodPrintContext): string {
  let out = printBase(node, ctx);
  if (node.nullable && node.kind !== 'null') out = wrapped('nullable', out, ctx);
  const checks: Check[] = [];
  if (node.not) {
    ctx.helpers.add('refinements');
    checks.push(checkOf('refine', `${PURE}refinements.not(${printZod(node.not, ctx)}), { message: 'must not match the excluded schema' }`));
  }
  if (node.conditional) {
    ctx.helpers.add('refinements');
    const c = node.conditional;
    const args = [printZod(c.if, ctx), c.then ? printZod(c.then, ctx) : 'undefined', c.else ? printZod(c.else, ctx) : 'undefined'];
    checks.push(checkOf('superRefine', `${PURE}refinements.conditional(${args.join(', ')})`));
  }
  for (const [keyword, which] of [['unevaluatedProperties', 'properties'], ['unevaluatedItems', 'items']] as const) {
    const rest = node[keyword];
    if (rest === undefined) continue;
    ctx.helpers.add('unevaluated');
    const restText = typeof rest === 'boolean' ? String(rest) : printZod(rest, ctx);
    const printer: EvaluationPrinter = { schemaOf: ctx.schemaOf, print: (child) => printZod(child, ctx), anything: () => `${zod(ctx)}.unknown()` };
    checks.push(checkOf('superRefine', `${PURE}unevaluated.${which}(${evaluationOf({ node, which, printer, seen: new Set(), nested: false })}, ${restText})`));
  }
  // A declared validator's name with something chained (`FooSchema.nullable()`) is a call too.
  return pure(withChecks(out, checks, ctx));
}

/** How {@link evaluationOf} prints the validators it names: zod's or the lean ones. */
export interface EvaluationPrinter {
  schemaOf(key: string): SchemaNode | undefined;
  print(node: SchemaNode): string;
  /** The validator that accepts anything. */
  anything(): string;
}

/**
 * What a schema evaluates of an object's properties or an array's items, as the runtime's
 * `Evaluation` literal: its own keywords, and the in-place subschemas (those that count only
 * when they match carry their validator). References are followed once.
 */
export function evaluationOf(args: { node: SchemaNode; which: 'properties' | 'items'; printer: EvaluationPrinter; seen: ReadonlySet<string>; nested: boolean }): string {
  const { node, which, printer, seen, nested } = args;
  const sub = (child: SchemaNode, extraSeen?: string): string =>
    evaluationOf({ node: child, which, printer, seen: extraSeen ? new Set([...seen, extraSeen]) : seen, nested: true });
  // An adjacent unevaluated keyword that is not `false` evaluates the rest (when that subschema matches).
  const own = which === 'properties' ? node.unevaluatedProperties : node.unevaluatedItems;
  if (nested && own !== undefined && own !== false) return '{ all: true }';
  const fields: string[] = [];
  const branches: string[] = [];
  switch (node.kind) {
    case 'ref': {
      const target = seen.has(node.target) ? undefined : printer.schemaOf(node.target);
      if (target) branches.push(`[${printer.anything()}, ${sub(target, node.target)}]`);
      break;
    }
    case 'object':
      if (which === 'properties') {
        if (node.properties.length > 0) fields.push(`names: ${literal(node.properties.map((p) => p.name))}`);
        if (node.patternProperties?.length) fields.push(`patterns: ${literal(node.patternProperties.map((p) => p.pattern))}`);
        if (!node.openByDefault) fields.push('all: true');
        if (node.dependentSchemas?.length) fields.push(`dependents: [${node.dependentSchemas.map((d) => `[${stringLiteral(d.name)}, ${sub(d.schema)}]`).join(', ')}]`);
      }
      break;
    case 'array':
      if (which === 'items') {
        if (node.prefixItems?.length) fields.push(`prefix: ${node.prefixItems.length}`);
        if (node.itemsWritten || node.items.kind !== 'unknown' || node.items.byType) fields.push('all: true');
        if (node.contains) fields.push(`contains: ${printer.print(node.contains.schema)}`);
      }
      break;
    case 'intersection':
      for (const part of node.parts) branches.push(`[${printer.anything()}, ${sub(part)}]`);
      break;
    case 'union':
      for (const variant of node.variants) branches.push(`[${printer.print(variant)}, ${sub(variant)}]`);
      break;
    case 'unknown': {
      const typed = which === 'properties' ? node.byType?.object : node.byType?.array;
      if (typed) branches.push(`[${printer.anything()}, ${sub(typed)}]`);
      break;
    }
    default:
      break;
  }
  if (branches.length > 0) fields.push(`branches: [${branches.join(', ')}]`);
  const c = node.conditional;
  if (c) fields.push(`conditional: [${printer.print(c.if)}, ${sub(c.if)}, ${c.then ? sub(c.then) : 'undefined'}, ${c.else ? sub(c.else) : 'undefined'}]`);
  return `{ ${fields.join(', ')} }`;
}

function printBase(node: SchemaNode, ctx: ZodPrintContext): string {
  switch (node.kind) {
    case 'ref': {
      ctx.shared?.noteReference();
      const name = ctx.schemaNameOf(node.target);
      return ctx.isDeclared(node.target) ? name : `${zod(ctx)}.lazy(() => ${name})`;
    }
    case 'string':
      return printString(node, ctx);
    case 'number':
      return printNumber(node, ctx);
    case 'boolean':
      return `${zod(ctx)}.boolean()`;
    case 'null':
      return `${zod(ctx)}.null()`;
    case 'literal': {
      const values = node.values.filter((v) => v !== null);
      const literalText = values.some((v) => typeof v === 'object')
        ? values.length === 1
          ? printJsonValue(values[0], ctx)
          : `${zod(ctx)}.union([${values.map((value) => printJsonValue(value, ctx)).join(', ')}])`
        : values.length === 1
          ? `${zod(ctx)}.literal(${literal(values[0])})`
          : `${zod(ctx)}.literal([${values.map(literal).join(', ')}])`;
      if (node.values.includes(null)) return values.length === 0 ? `${zod(ctx)}.null()` : wrapped('nullable', literalText, ctx);
      return literalText;
    }
    case 'array': {
      let out: string;
      const checks: Check[] = [];
      if (node.prefixItems) {
        // Prefix items past `minItems` may be missing: JSON Schema checks only the items present.
        const fixed = node.prefixItems.map((p, i) => pure(i >= (node.minItems ?? 0) ? wrapped('optional', printZod(p, ctx), ctx) : printZod(p, ctx))).join(', ');
        const closed = isClosedTuple(node);
        out = closed ? `${zod(ctx)}.tuple([${fixed}])` : `${zod(ctx)}.tuple([${fixed}], ${printZod(node.items, ctx)})`;
        const min = node.minItems !== undefined && node.minItems > node.prefixItems.length ? node.minItems : undefined;
        const max = node.maxItems !== node.prefixItems.length ? node.maxItems : undefined;
        if (min !== undefined || max !== undefined) {
          ctx.helpers.add('refinements');
          checks.push(checkOf('refine', `${PURE}refinements.itemCount(${min ?? 0}, ${max ?? 'Infinity'}), { message: 'wrong number of items' }`));
        }
      } else {
        out = `${zod(ctx)}.array(${printZod(node.items, ctx)})`;
        if (node.minItems !== undefined) checks.push(checkOf('min', String(node.minItems), 'minLength'));
        if (node.maxItems !== undefined) checks.push(checkOf('max', String(node.maxItems), 'maxLength'));
      }
      if (node.uniqueItems) {
        ctx.helpers.add('refinements');
        checks.push(checkOf('refine', `refinements.uniqueItems, { message: 'items must be unique' }`));
      }
      if (node.contains) {
        ctx.helpers.add('refinements');
        const c = node.contains;
        checks.push(checkOf('superRefine', `${PURE}refinements.contains(${printZod(c.schema, ctx)}, ${c.min}, ${c.max ?? 'Infinity'})`));
      }
      return withChecks(out, checks, ctx);
    }
    case 'object':
      return printObject(node, ctx);
    case 'union':
      return printUnion(node, ctx);
    case 'intersection': {
      const merged = printMergedObjects(node, ctx);
      if (merged) return merged;
      const parts = node.parts.map((p) => printZod(p, ctx));
      return parts.reduce((acc, part) => `${zod(ctx)}.intersection(${acc}, ${part})`);
    }
    case 'binary':
      return `${zod(ctx)}.instanceof(Blob)`;
    case 'unknown': {
      if (!node.byType) return `${zod(ctx)}.unknown()`;
      const branches = typelessBranches(node);
      if (branches) {
        // The same union the type lists: the narrowed type's validator, and every other JSON type.
        const object = branches.object ? printZod(branches.object, ctx) : `${zod(ctx)}.record(${zod(ctx)}.string(), ${zod(ctx)}.unknown())`;
        const array = branches.array ? printZod(branches.array, ctx) : `${zod(ctx)}.array(${zod(ctx)}.unknown())`;
        const string = branches.string ? printZod(branches.string, ctx) : `${zod(ctx)}.string()`;
        const number = branches.number ? printZod(branches.number, ctx) : `${zod(ctx)}.number()`;
        return `${zod(ctx)}.union([${[object, array, string, number, `${zod(ctx)}.boolean()`, `${zod(ctx)}.null()`].join(', ')}])`;
      }
      ctx.helpers.add('refinements');
      const entries = (['object', 'array', 'string', 'number'] as const).flatMap((kind) => {
        const constrained = node.byType?.[kind];
        return constrained ? [`${kind}: ${printZod(constrained, ctx)}`] : [];
      });
      return withChecks(`${zod(ctx)}.unknown()`, [checkOf('superRefine', `${PURE}refinements.byType({ ${entries.join(', ')} })`)], ctx);
    }
    case 'never':
      return `${zod(ctx)}.never()`;
  }
}

function printString(node: StringNode, ctx: ZodPrintContext): string {
  if (node.enum) {
    if (node.openEnum) {
      ctx.helpers.add('openEnum');
      return `${PURE}openEnum([${node.enum.map(stringLiteral).join(', ')}])`;
    }
    return `${zod(ctx)}.enum([${node.enum.map(stringLiteral).join(', ')}])`;
  }
  const checks: Check[] = [];
  const format = node.format !== undefined && Object.hasOwn(FORMAT_CHECKS, node.format) ? FORMAT_CHECKS[node.format] : undefined;
  if (format) {
    ctx.helpers.add(format);
    checks.push(checkFunction(format));
  }
  if (node.pattern !== undefined) checks.push(checkOf('regex', regexOf(node.pattern)));
  if (node.minLength !== undefined) checks.push(checkOf('min', String(node.minLength), 'minLength'));
  if (node.maxLength !== undefined) checks.push(checkOf('max', String(node.maxLength), 'maxLength'));
  return withChecks(`${zod(ctx)}.string()`, checks, ctx);
}

function printNumber(node: NumberNode, ctx: ZodPrintContext): string {
  if (node.enum) {
    return node.enum.length === 1 ? `${zod(ctx)}.literal(${node.enum[0]})` : `${zod(ctx)}.literal([${node.enum.join(', ')}])`;
  }
  const checks: Check[] = [];
  // Classic's `.int()` is mini's `z.int()` as a check: the same definition either way.
  if (node.integer || node.format === 'int32' || node.format === 'int64') checks.push(checkOf('int', ''));
  if (node.format === 'int32') checks.push(checkOf('gte', String(INT32.min)), checkOf('lte', String(INT32.max)));
  if (node.minimum !== undefined) checks.push(checkOf('gte', String(node.minimum)));
  if (node.exclusiveMinimum !== undefined) checks.push(checkOf('gt', String(node.exclusiveMinimum)));
  if (node.maximum !== undefined) checks.push(checkOf('lte', String(node.maximum)));
  if (node.exclusiveMaximum !== undefined) checks.push(checkOf('lt', String(node.exclusiveMaximum)));
  if (node.multipleOf !== undefined) checks.push(checkOf('multipleOf', String(node.multipleOf)));
  return withChecks(`${zod(ctx)}.number()`, checks, ctx);
}

/**
 * The validator of an operation's parameters (`parametersNode`): a plain `z.object`, which
 * drops keys it does not know instead of refusing them (callers pass headers and extras).
 */
export function printParametersZod(node: ObjectNode, ctx: ZodPrintContext): string {
  return pure(printObject(node, ctx, true));
}

function printObject(node: ObjectNode, ctx: ZodPrintContext, dropUnknownKeys = false): string {
  const shape = propertiesIn(node, ctx.direction)
    // zod treats a key whose schema accepts anything as optional; `nonoptional` keeps `required` meaning present.
    .map((p) => {
      const present = p.required && p.schema.kind === 'unknown' && !p.schema.nullable;
      const wrapper = present ? 'present' : p.required ? undefined : 'optional';
      const value = (): string => {
        const printed = printZod(p.schema, ctx);
        return pure(wrapper === undefined ? printed : wrapped(present ? 'nonoptional' : 'optional', printed, ctx));
      };
      return `${valueKey(p.name)}: ${ctx.shared && wrapper ? ctx.shared.share(value, () => describeSchema(p.schema, wrapper)) : value()}`;
    })
    .join(', ');
  const hasPatterns = node.patternProperties !== undefined && node.patternProperties.length > 0;
  let base: string;
  let openObject = false;
  if (hasPatterns) base = objectOf(shape, 'loose', ctx);
  else if (node.additionalProperties === false) base = objectOf(shape, dropUnknownKeys ? 'strip' : 'strict', ctx);
  else if (node.additionalProperties === true && node.openByDefault && propertiesIn(node, ctx.direction).length > 0) {
    // Keeps unknown keys like z.looseObject, but infers no index signature (see openObject).
    ctx.helpers.add('openObject');
    base = `${PURE}openObject({ ${shape} })`;
    openObject = true;
  } else if (node.additionalProperties === true) base = objectOf(shape, 'loose', ctx);
  else {
    const rest = printZod(node.additionalProperties, ctx);
    base = ctx.flavor === 'mini' ? `${zod(ctx)}.catchall(${objectOf(shape, 'strip', ctx)}, ${rest})` : `${objectOf(shape, 'strip', ctx)}.catchall(${rest})`;
  }
  /** The refinements on the object, for the keywords zod has no method for. */
  const chained: Check[] = [];
  if (hasPatterns) {
    const patterns = node.patternProperties!.map((p) => `[${regexOf(p.pattern)}, ${printZod(p.schema, ctx)}]`);
    const additional =
      node.additionalProperties === false ? 'false' : node.additionalProperties === true ? 'true' : printZod(node.additionalProperties, ctx);
    const known = node.properties.map((p) => stringLiteral(p.name)).join(', ');
    chained.push(checkOf('superRefine', `${PURE}refinements.patternProperties([${patterns.join(', ')}], ${additional}, [${known}])`));
  }
  if (node.minProperties !== undefined || node.maxProperties !== undefined) {
    chained.push(checkOf('refine', `${PURE}refinements.propertyCount(${node.minProperties ?? 0}, ${node.maxProperties ?? 'Infinity'}), { message: 'wrong number of properties' }`));
  }
  if (node.dependentRequired !== undefined) chained.push(checkOf('superRefine', `${PURE}refinements.dependentRequired(${literal(node.dependentRequired)})`));
  if (node.dependentSchemas !== undefined) {
    const entries = node.dependentSchemas.map((d) => `[${stringLiteral(d.name)}, ${printZod(d.schema, ctx)}]`);
    chained.push(checkOf('superRefine', `${PURE}refinements.dependentSchemas([${entries.join(', ')}])`));
  }
  if (node.propertyNames !== undefined) chained.push(checkOf('superRefine', `${PURE}refinements.propertyNames(${printZod(node.propertyNames, ctx)})`));
  if (chained.length > 0) ctx.helpers.add('refinements');
  const out = withChecks(base, chained, ctx);
  // `openObject` alone reads own keys itself; zod's methods above make validators without that.
  const keepsUnknown = node.additionalProperties !== false;
  return (keepsUnknown || namesInherited(node.properties.map((p) => p.name))) && !(openObject && chained.length === 0) ? ownKeysOf(out, ctx) : out;
}

/** Whether a name is one every object inherits (`constructor`, `toString`, `__proto__` …), which zod finds on any object. */
const namesInherited = (names: readonly string[]): boolean => names.some((name) => name in Object.prototype);

/** An object validator that reads own properties only and keeps `__proto__` as data (the runtime's `ownKeys`). */
function ownKeysOf(validator: string, ctx: ZodPrintContext): string {
  ctx.helpers.add('ownKeys');
  return `${PURE}ownKeys(${validator})`;
}

/** A `const` (or `enum` member) that is an object or array: equal JSON values, compared member by member. */
function printJsonValue(value: unknown, ctx: ZodPrintContext): string {
  if (Array.isArray(value)) return `${zod(ctx)}.tuple([${value.map((item) => printJsonValue(item, ctx)).join(', ')}])`;
  if (value === null) return `${zod(ctx)}.null()`;
  if (typeof value === 'object') {
    const object = objectOf(Object.entries(value as Record<string, unknown>).map(([k, v]) => `${valueKey(k)}: ${printJsonValue(v, ctx)}`).join(', '), 'strict', ctx);
    return namesInherited(Object.keys(value)) ? ownKeysOf(object, ctx) : object;
  }
  return `${zod(ctx)}.literal(${literal(value)})`;
}

/**
 * A JSON Schema pattern as a RegExp: ECMA-262 with the `u` flag, as ajv compiles it (so
 * `\\p{Letter}` works), or without it for the patterns written for non-unicode mode.
 */
export function regexOf(pattern: string): string {
  try {
    new RegExp(pattern, 'u');
    return `${PURE}new RegExp(${stringLiteral(pattern)}, 'u')`;
  } catch {
    return `${PURE}new RegExp(${stringLiteral(pattern)})`;
  }
}

const printTagValues = (values: string[], ctx: ZodPrintContext): string => (values.length === 1 ? `${zod(ctx)}.literal(${literal(values[0])})` : `${zod(ctx)}.literal([${values.map(literal).join(', ')}])`);

function printUnion(node: Extract<SchemaNode, { kind: 'union' }>, ctx: ZodPrintContext): string {
  const variants = node.variants.map((v) => printZod(v, ctx));
  if (variants.length === 0) return `${zod(ctx)}.never()`;
  // One variant is the variant itself, unless a discriminator adds its tag (below), as the type does.
  if (variants.length === 1 && !node.discriminator?.variantTags) return variants[0]!;
  // anyOf [X, null] is X or null: `.nullable()` says it without a union's bookkeeping. (Not for
  // oneOf: when X accepts null too, exactly-one fails where `.nullable()` would pass.)
  const nullAt = node.variants.findIndex((v) => v.kind === 'null');
  if (node.mode === 'anyOf' && variants.length === 2 && nullAt >= 0 && node.variants[1 - nullAt]!.kind !== 'null') return wrapped('nullable', variants[1 - nullAt]!, ctx);
  const discriminator = node.discriminator;
  const tags = discriminator?.variantTags;
  if (discriminator && tags) {
    // The tag values come from the mapping, the variants' own values or the schema names (model/discriminators.ts).
    ctx.helpers.add('taggedUnion');
    // The default variant (`defaultMapping`) is guarded by the runtime instead: any tag but the others'.
    const options = variants.map((variant, i) =>
      i === discriminator.defaultVariant
        ? variant
        : `${zod(ctx)}.intersection(${variant}, ${objectOf(`${valueKey(discriminator.propertyName)}: ${printTagValues(tags[i]!, ctx)}`, 'strip', ctx)})`,
    );
    const defaultOption = discriminator.defaultVariant === undefined ? '' : `, ${discriminator.defaultVariant}`;
    return `${PURE}taggedUnion(${stringLiteral(discriminator.propertyName)}, ${literal(tags)}, [${options.join(', ')}]${defaultOption})`;
  }
  // A discriminator without `variantTags` tells no variant apart (a value selects two): the variants decide.
  return node.mode === 'oneOf' ? `${zod(ctx)}.xor([${variants.join(', ')}])` : `${zod(ctx)}.union([${variants.join(', ')}])`;
}
