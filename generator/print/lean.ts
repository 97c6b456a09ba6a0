/**
 * SchemaNode -> lean validator expression (the runtime's `lean.ts`): the client's validators,
 * which need no zod. The one switch over kinds for them; it follows the zod printer case by
 * case, so that both accept and refuse the same values (test/generator/lean.test.ts).
 */
import type { ApiModel, NumberNode, ObjectNode, SchemaNode, StringNode, UnionNode } from '../model/types.js';
import type { Direction } from '../model/directions.js';
import { FORMAT_CHECKS } from '../model/formats.js';
import { literal, stringLiteral } from '../util/text.js';
import { isClosedTuple, propertiesIn, typelessBranches } from './types.js';
import { evaluationOf, regexOf, type EvaluationPrinter } from './zod.js';
import { PURE } from './pure.js';
import { describeSchema, type SharedExpressions } from './shared.js';

/** The namespace the lean builders are imported under (`import * as lean from '@svc/runtime/lean'`). */
export const LEAN_NAMESPACE = 'lean';

export interface LeanPrintContext {
  /** The lean validator of a named schema, in the form printed. */
  validatorNameOf(key: string): string;
  schemaOf(key: string): SchemaNode | undefined;
  /** Whether the validator of a named schema is declared before the one being printed (else it is reached through `lean.lazy`). */
  isDeclared(key: string): boolean;
  /** What the printed code imports: the lean namespace ({@link LEAN_NAMESPACE}) when it calls a builder, and the runtime's format checks by name. */
  helpers: Set<string>;
  /** The form printed: without readOnly (`input`) or writeOnly (`output`) properties; absent: as written. */
  direction?: Direction;
  /** The module's validators printed more than once, declared once; absent: each printed in place. */
  shared?: SharedExpressions;
}

/**
 * The context for a model's validators: named ones by `validatorName` (or that of their form), `declared` those printed so far.
 * `refer`: how a named validator is printed where it is used (`imports.value`, which records the import of one declared in another module).
 */
export function leanPrintContext(
  model: ApiModel,
  declared: ReadonlySet<string>,
  helpers: Set<string>,
  direction?: Direction,
  shared?: SharedExpressions,
  refer: (validatorName: string) => string = (name) => name,
): LeanPrintContext {
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  return {
    validatorNameOf: (key) => {
      const schema = byKey.get(key)!;
      return refer((direction ? schema.variants?.[direction]?.validatorName : undefined) ?? schema.validatorName);
    },
    schemaOf: (key) => byKey.get(key)?.schema,
    isDeclared: (key) => declared.has(key),
    helpers,
    ...(direction ? { direction } : {}),
    ...(shared ? { shared } : {}),
  };
}

/** A lean builder called, marked pure: a bundler drops the validators nothing uses. Records the namespace's use, so that the module imports it only then. */
const call = (ctx: LeanPrintContext, builder: string, args: string): string => `${PURE}${value(ctx, builder)}(${args})`;
/** A lean builder or constant, by name. */
const value = (ctx: LeanPrintContext, name: string): string => {
  ctx.helpers.add(LEAN_NAMESPACE);
  return `${LEAN_NAMESPACE}.${name}`;
};

/**
 * The validator `nullable` or `refined` wraps, written in place even when the module shares it:
 * those builders take their type from the validator they are given, which a lean builder in
 * place takes from where it stands (the declaration's `LeanValidator<Metadata>`), and a shared
 * constant, declared without a type, would make `unknown`.
 */
const typedInPlace = (text: string, ctx: LeanPrintContext): string => ctx.shared?.inPlace(text) ?? text;

/** Integer formats with a range (ajv-formats): `int32`; `int64` is any integer a number can hold exactly. */
const INT32 = { min: -2147483648, max: 2147483647 };

/** The validator of a request body: bytes in any form `fetch` sends, for a binary one. */
export function printRequestBodyLean(node: SchemaNode, ctx: LeanPrintContext): string {
  return node.kind === 'binary' && !node.nullable ? value(ctx, 'binaryBody') : printLean(node, ctx);
}

/** The validator of an operation's parameters: keys it does not know are let through (callers pass extras). */
export function printParametersLean(node: ObjectNode, ctx: LeanPrintContext): string {
  return printObject(node, ctx, true);
}

export function printLean(node: SchemaNode, ctx: LeanPrintContext): string {
  return ctx.shared ? ctx.shared.share(() => printChecked(node, ctx), () => describeSchema(node)) : printChecked(node, ctx);
}

function printChecked(node: SchemaNode, ctx: LeanPrintContext): string {
  let out = printBase(node, ctx);
  if (node.nullable && node.kind !== 'null') out = call(ctx, 'nullable', typedInPlace(out, ctx));
  const checks: string[] = [];
  if (node.not) checks.push(call(ctx, 'not', printLean(node.not, ctx)));
  if (node.conditional) {
    const c = node.conditional;
    checks.push(call(ctx, 'conditional', [printLean(c.if, ctx), c.then ? printLean(c.then, ctx) : 'undefined', c.else ? printLean(c.else, ctx) : 'undefined'].join(', ')));
  }
  // The builders are named after the keywords.
  for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
    const rest = node[keyword];
    if (rest === undefined) continue;
    const which = keyword === 'unevaluatedProperties' ? 'properties' : 'items';
    const printer: EvaluationPrinter = { schemaOf: ctx.schemaOf, print: (child) => printLean(child, ctx), anything: () => value(ctx, 'unknown') };
    const restText = typeof rest === 'boolean' ? String(rest) : printLean(rest, ctx);
    checks.push(call(ctx, keyword, `${evaluationOf({ node, which, printer, seen: new Set(), nested: false })}, ${restText}`));
  }
  return checks.length === 0 ? out : call(ctx, 'refined', [typedInPlace(out, ctx), ...checks].join(', '));
}

function printBase(node: SchemaNode, ctx: LeanPrintContext): string {
  switch (node.kind) {
    case 'ref': {
      ctx.shared?.noteReference();
      const name = ctx.validatorNameOf(node.target);
      return ctx.isDeclared(node.target) ? name : call(ctx, 'lazy', `() => ${name}`);
    }
    case 'string':
      return printString(node, ctx);
    case 'number':
      return printNumber(node, ctx);
    case 'boolean':
      return value(ctx, 'boolean');
    case 'null':
      return value(ctx, 'nullValue');
    case 'literal':
      return call(ctx, 'literal', literal(node.values));
    case 'array': {
      const checks: string[] = [];
      if (node.uniqueItems) checks.push(value(ctx, 'uniqueItems'));
      if (node.contains) checks.push(call(ctx, 'contains', `${printLean(node.contains.schema, ctx)}, ${node.contains.min}, ${node.contains.max ?? 'Infinity'}`));
      if (!node.prefixItems) {
        const bounds = [...(node.minItems !== undefined ? [call(ctx, 'bound', `'min', ${node.minItems}`)] : []), ...(node.maxItems !== undefined ? [call(ctx, 'bound', `'max', ${node.maxItems}`)] : [])];
        return call(ctx, 'array', [printLean(node.items, ctx), ...bounds, ...checks].join(', '));
      }
      // Prefix items past `minItems` may be missing: JSON Schema checks only the items present.
      const required = Math.min(node.minItems ?? 0, node.prefixItems.length);
      const prefix = `[${node.prefixItems.map((p) => printLean(p, ctx)).join(', ')}]`;
      const min = node.minItems !== undefined && node.minItems > node.prefixItems.length ? node.minItems : undefined;
      const max = node.maxItems !== node.prefixItems.length ? node.maxItems : undefined;
      const counts = min !== undefined || max !== undefined ? [call(ctx, 'itemCount', `${min ?? 0}, ${max ?? 'Infinity'}`)] : [];
      const rest = isClosedTuple(node) ? 'undefined' : printLean(node.items, ctx);
      return call(ctx, 'tuple', [prefix, String(required), rest, ...counts, ...checks].join(', '));
    }
    case 'object':
      return printObject(node, ctx);
    case 'union':
      return printUnion(node, ctx);
    case 'intersection':
      return call(ctx, 'allOf', `[${node.parts.map((p) => printLean(p, ctx)).join(', ')}]`);
    case 'binary':
      return value(ctx, 'blob');
    case 'unknown': {
      if (!node.byType) return value(ctx, 'unknown');
      const branches = typelessBranches(node);
      if (branches) {
        // The same union the type lists: the narrowed type's validator, and every other JSON type.
        const object = branches.object ? printLean(branches.object, ctx) : call(ctx, 'object', '[]');
        const array = branches.array ? printLean(branches.array, ctx) : call(ctx, 'array', value(ctx, 'unknown'));
        const string = branches.string ? printLean(branches.string, ctx) : call(ctx, 'string', '');
        const number = branches.number ? printLean(branches.number, ctx) : call(ctx, 'number', 'false');
        return call(ctx, 'union', `[${[object, array, string, number, value(ctx, 'boolean'), value(ctx, 'nullValue')].join(', ')}]`);
      }
      const entries = (['object', 'array', 'string', 'number'] as const).flatMap((kind) => {
        const constrained = node.byType?.[kind];
        return constrained ? [`${kind}: ${printLean(constrained, ctx)}`] : [];
      });
      return call(ctx, 'refined', `${value(ctx, 'unknown')}, ${call(ctx, 'byType', `{ ${entries.join(', ')} }`)}`);
    }
    case 'never':
      return value(ctx, 'never');
  }
}

function printString(node: StringNode, ctx: LeanPrintContext): string {
  if (node.enum) return node.openEnum ? call(ctx, 'string', '') : call(ctx, 'literal', literal(node.enum));
  const checks: string[] = [];
  const format = node.format !== undefined && Object.hasOwn(FORMAT_CHECKS, node.format) ? FORMAT_CHECKS[node.format] : undefined;
  if (format) {
    ctx.helpers.add(format);
    checks.push(call(ctx, 'format', format));
  }
  if (node.pattern !== undefined) checks.push(call(ctx, 'pattern', regexOf(node.pattern)));
  if (node.minLength !== undefined) checks.push(call(ctx, 'bound', `'min', ${node.minLength}`));
  if (node.maxLength !== undefined) checks.push(call(ctx, 'bound', `'max', ${node.maxLength}`));
  return call(ctx, 'string', checks.join(', '));
}

function printNumber(node: NumberNode, ctx: LeanPrintContext): string {
  if (node.enum) return call(ctx, 'literal', literal(node.enum));
  const checks: string[] = [];
  if (node.format === 'int32') checks.push(call(ctx, 'bound', `'min', ${INT32.min}`), call(ctx, 'bound', `'max', ${INT32.max}`));
  if (node.minimum !== undefined) checks.push(call(ctx, 'bound', `'min', ${node.minimum}`));
  if (node.exclusiveMinimum !== undefined) checks.push(call(ctx, 'bound', `'min', ${node.exclusiveMinimum}, false`));
  if (node.maximum !== undefined) checks.push(call(ctx, 'bound', `'max', ${node.maximum}`));
  if (node.exclusiveMaximum !== undefined) checks.push(call(ctx, 'bound', `'max', ${node.exclusiveMaximum}, false`));
  if (node.multipleOf !== undefined) checks.push(call(ctx, 'multipleOf', String(node.multipleOf)));
  const integer = node.integer || node.format === 'int32' || node.format === 'int64';
  return call(ctx, 'number', [String(integer), ...checks].join(', '));
}

function printObject(node: ObjectNode, ctx: LeanPrintContext, letUnknownKeysThrough = false): string {
  const properties = propertiesIn(node, ctx.direction).map((p) => {
    // A required property that may hold anything must still be present (zod: `nonoptional`).
    const printed = printLean(p.schema, ctx);
    const mustBePresent = p.required && p.schema.kind === 'unknown' && !p.schema.nullable;
    const validator = !mustBePresent ? printed : printed === value(ctx, 'unknown') ? value(ctx, 'defined') : call(ctx, 'allOf', `[${value(ctx, 'defined')}, ${printed}]`);
    return `[${stringLiteral(p.name)}, ${validator}${p.required ? ', true' : ''}]`;
  });
  const hasPatterns = node.patternProperties !== undefined && node.patternProperties.length > 0;
  // Other keys: kept (`true`), refused (`false`) or each checked by a validator; patterns are checked on their own below.
  const rest =
    hasPatterns || node.additionalProperties === true || (node.additionalProperties === false && letUnknownKeysThrough)
      ? 'true'
      : node.additionalProperties === false
        ? 'false'
        : printLean(node.additionalProperties, ctx);
  const checks: string[] = [];
  if (hasPatterns) {
    const patterns = node.patternProperties!.map((p) => `[${regexOf(p.pattern)}, ${printLean(p.schema, ctx)}]`);
    const additional = node.additionalProperties === false ? 'false' : node.additionalProperties === true ? 'true' : printLean(node.additionalProperties, ctx);
    checks.push(call(ctx, 'patternProperties', `[${patterns.join(', ')}], ${additional}, ${literal(node.properties.map((p) => p.name))}`));
  }
  if (node.minProperties !== undefined || node.maxProperties !== undefined) checks.push(call(ctx, 'propertyCount', `${node.minProperties ?? 0}, ${node.maxProperties ?? 'Infinity'}`));
  if (node.dependentRequired !== undefined) checks.push(call(ctx, 'dependentRequired', literal(node.dependentRequired)));
  if (node.dependentSchemas !== undefined) checks.push(call(ctx, 'dependentSchemas', `[${node.dependentSchemas.map((d) => `[${stringLiteral(d.name)}, ${printLean(d.schema, ctx)}]`).join(', ')}]`));
  if (node.propertyNames !== undefined) checks.push(call(ctx, 'propertyNames', printLean(node.propertyNames, ctx)));
  const args = [`[${properties.join(', ')}]`, ...(rest !== 'true' || checks.length > 0 ? [rest] : []), ...checks];
  return call(ctx, 'object', args.join(', '));
}

function printUnion(node: UnionNode, ctx: LeanPrintContext): string {
  const variants = node.variants.map((v) => printLean(v, ctx));
  if (variants.length === 0) return value(ctx, 'never');
  const discriminator = node.discriminator;
  if (variants.length === 1 && !discriminator?.variantTags) return variants[0]!;
  // anyOf [X, null] is X or null (not for oneOf: when X accepts null too, exactly-one fails).
  const nullAt = node.variants.findIndex((v) => v.kind === 'null');
  if (node.mode === 'anyOf' && variants.length === 2 && nullAt >= 0 && node.variants[1 - nullAt]!.kind !== 'null') return call(ctx, 'nullable', typedInPlace(variants[1 - nullAt]!, ctx));
  // Told apart by the discriminator, as the zod printer does (the tags: model/discriminators.ts);
  // without `variantTags` a value selects two variants, and the variants decide.
  if (discriminator?.variantTags) {
    const defaultVariant = discriminator.defaultVariant !== undefined ? `, ${discriminator.defaultVariant}` : '';
    return call(ctx, 'tagged', `${stringLiteral(discriminator.propertyName)}, ${literal(discriminator.variantTags)}, [${variants.join(', ')}]${defaultVariant}`);
  }
  return call(ctx, node.mode === 'oneOf' ? 'oneOf' : 'union', `[${variants.join(', ')}]`);
}
