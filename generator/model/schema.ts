/**
 * JSON Schema (OpenAPI 3.0 / 3.1 dialects, AsyncAPI schemas) -> SchemaNode.
 * Version quirks (`nullable`, boolean `exclusiveMinimum`, `example`) stop here.
 */
import { NULLABLE_IN_31_GROUP } from './diagnostic-groups.js';
import { decodePointerToken, encodePointerToken } from '../load/locations.js';
import { valueAt, type Resolution } from '../load/references.js';
import type { ArrayNode, Diagnostic, ObjectNode, PropertyModel, SchemaCommon, SchemaNode, StateMachineModel, StringNode, UnknownNode } from './types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords the converter understands; anything else that is not an annotation is reported. */
const HANDLED = new Set([
  '$ref', '$schema', '$id', '$comment', '$defs', 'definitions', 'type', 'nullable', 'const', 'enum', 'allOf', 'oneOf', 'anyOf',
  'not', 'if', 'then', 'else', 'properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties',
  'maxProperties', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'pattern', 'minLength', 'maxLength',
  'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'description', 'title', 'deprecated',
  'readOnly', 'writeOnly', 'default', 'examples', 'example', 'discriminator', 'xml', 'externalDocs', 'contentMediaType',
  'contentEncoding', 'dependentRequired', 'dependentSchemas', 'propertyNames', 'contains', 'minContains', 'maxContains',
  'unevaluatedProperties', 'unevaluatedItems', '$anchor', '$dynamicAnchor',
]);

export interface SchemaContext {
  /** The whole (bundled) document, to resolve internal `$ref`s. */
  document: Json;
  /** Pointer prefix whose children are named schemas (`/components/schemas`). */
  componentsPointer: string;
  /** Registers a schema at a pointer outside the components as a named schema; returns its key. */
  nameExternal(pointer: string, convert: () => SchemaNode): string;
  diagnostics: Diagnostic[];
  /** OpenAPI 3.0 semantics (`nullable`, boolean exclusive bounds, `$ref` siblings ignored). */
  legacy: boolean;
  /** Where a `$ref` written in the schema at `from` points (pointers, `$id` bases, anchors). */
  resolveRef(ref: string, from: string): Resolution;
}

export function resolvePointer(document: Json, pointer: string): unknown {
  const tokens = pointer.replace(/^#/, '').split('/').slice(1).map(decodePointerToken);
  let node: unknown = document;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else return undefined;
  }
  return node;
}

function common(raw: Json, pointer: string, ctx: SchemaContext): SchemaCommon {
  const out: SchemaCommon = { pointer };
  if (typeof raw.description === 'string') out.description = raw.description;
  if (typeof raw.title === 'string') out.title = raw.title;
  if (raw.deprecated === true) out.deprecated = true;
  if (raw.readOnly === true) out.readOnly = true;
  if (raw.writeOnly === true) out.writeOnly = true;
  if ('default' in raw) out.default = raw.default;
  if (Array.isArray(raw.examples)) out.examples = raw.examples;
  else if ('example' in raw) out.examples = [raw.example];
  if (typeof raw.format === 'string') out.format = raw.format;
  if ('not' in raw) out.not = convertSchema(raw.not, `${pointer}/not`, ctx);
  for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
    const value = raw[keyword];
    if (typeof value === 'boolean') out[keyword] = value;
    else if (value !== undefined) out[keyword] = convertSchema(value, `${pointer}/${keyword}`, ctx);
  }
  if ('if' in raw) {
    out.conditional = { if: convertSchema(raw.if, `${pointer}/if`, ctx) };
    if ('then' in raw) out.conditional.then = convertSchema(raw.then, `${pointer}/then`, ctx);
    if ('else' in raw) out.conditional.else = convertSchema(raw.else, `${pointer}/else`, ctx);
  }
  // One pass over the keys of every schema: its extensions, and the keywords nothing enforces (said below).
  let extensions: Record<string, unknown> | undefined;
  let unenforced: string[] | undefined;
  for (const key of Object.keys(raw)) {
    if (key.startsWith('x-')) (extensions ??= {})[key] = raw[key];
    else if (!HANDLED.has(key)) (unenforced ??= []).push(key);
  }
  if (extensions) out.extensions = extensions;
  const stray = strayBoundsOf(raw);
  if (stray) out.strayBounds = stray;
  if (isObject(raw.contentSchema) || typeof raw.contentSchema === 'boolean') out.contentSchema = convertSchema(raw.contentSchema, `${pointer}/contentSchema`, ctx);
  if (typeof raw['x-mock-id-field'] === 'string') out.mockIdField = raw['x-mock-id-field'];
  else if ('x-mock-id-field' in raw) ctx.diagnostics.push({ level: 'warning', pointer: `${pointer}/x-mock-id-field`, message: 'x-mock-id-field must be a property name; the mock guesses the id field' });
  if ('x-state-machine' in raw) {
    const machine = stateMachineOf(raw['x-state-machine']);
    if (machine) out.stateMachine = machine;
    else ctx.diagnostics.push({ level: 'warning', pointer: `${pointer}/x-state-machine`, message: 'x-state-machine needs a `field` and a list of `transitions` (`trigger`, `to`); the mock moves no state' });
  }
  for (const key of unenforced ?? []) ctx.diagnostics.push({ level: 'warning', pointer, message: `keyword \`${key}\` is not enforced by the generated validators` });
  return out;
}

/**
 * Whether the schema says `nullable: true`, which allows null: in OpenAPI 3.0, and in 3.1 too,
 * which dropped the keyword for `type: [x, 'null']` but whose documents still use it (OpenAI's,
 * 111 times) and mean what 3.0 meant; there with a warning (a group: one line per document).
 */
function saysNullable(raw: Json, pointer: string, ctx: SchemaContext): boolean {
  if (raw.nullable !== true) return false;
  if (!ctx.legacy)
    ctx.diagnostics.push({
      level: 'warning',
      pointer,
      group: NULLABLE_IN_31_GROUP,
      message: '`nullable: true` is OpenAPI 3.0\'s keyword, not 3.1\'s (`type: [..., "null"]`); it is read as 3.0 reads it: null is allowed',
    });
  return true;
}

/** Drops annotations that a reference's siblings must not override on the target. */
function refNode(raw: Json, target: string, pointer: string, ctx: SchemaContext): SchemaNode {
  const node: SchemaNode = { kind: 'ref', target, pointer };
  if (typeof raw.description === 'string') node.description = raw.description;
  if (raw.deprecated === true) node.deprecated = true;
  // Annotations of the property that holds the reference (`id: {$ref, readOnly: true}`).
  if (raw.readOnly === true) node.readOnly = true;
  if (raw.writeOnly === true) node.writeOnly = true;
  if (saysNullable(raw, pointer, ctx)) node.nullable = true;
  return node;
}

/** Keywords beside a `$ref` that assert nothing, so the reference alone describes the schema. */
const NON_ASSERTIONS = new Set([
  '$ref', '$schema', '$id', '$anchor', '$dynamicAnchor', '$comment', '$defs', 'definitions', 'description', 'title', 'deprecated',
  'readOnly', 'writeOnly', 'default', 'examples', 'example', 'discriminator', 'xml', 'externalDocs', 'nullable',
]);

/**
 * A `$ref`, resolved on demand: a component becomes a reference to its name, any other
 * target a named schema of its own (so recursion through `$defs` terminates). In 3.1 the
 * keywords beside it apply too, as in an `allOf`; in 3.0 they are ignored.
 */
function referenceNode(raw: Json, ref: string, pointer: string, ctx: SchemaContext): SchemaNode {
  const target = ctx.resolveRef(ref, pointer);
  if (target.kind !== 'internal') {
    const message = target.kind === 'external' ? `external $ref ${ref} was not bundled` : `broken $ref: ${ref} does not exist`;
    ctx.diagnostics.push({ level: 'error', pointer, message });
    return { kind: 'unknown', pointer };
  }
  const prefix = `${ctx.componentsPointer}/`;
  const key =
    target.pointer.startsWith(prefix) && !target.pointer.slice(prefix.length).includes('/')
      ? decodePointerToken(target.pointer.slice(prefix.length))
      : ctx.nameExternal(target.pointer, () => convertSchema(valueAt(ctx.document, target.pointer), target.pointer, ctx));
  const reference = refNode(raw, key, pointer, ctx);
  if (ctx.legacy || Object.keys(raw).every((k) => NON_ASSERTIONS.has(k) || k.startsWith('x-'))) return reference;
  // `unevaluated*` beside the `$ref` sees what the reference evaluates: it belongs to the whole.
  const hoisted = ['$ref', 'description', 'deprecated', 'unevaluatedProperties', 'unevaluatedItems'];
  const siblings = Object.fromEntries(Object.entries(raw).filter(([k]) => !hoisted.includes(k)));
  const node: SchemaNode = { kind: 'intersection', parts: [reference, convertSchema(siblings, pointer, ctx)], pointer };
  for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
    const value = raw[keyword];
    if (typeof value === 'boolean') node[keyword] = value;
    else if (value !== undefined) node[keyword] = convertSchema(value, `${pointer}/${keyword}`, ctx);
  }
  return node;
}

export function convertSchema(raw: unknown, pointer: string, ctx: SchemaContext): SchemaNode {
  if (raw === true || raw === undefined) return { kind: 'unknown', pointer };
  if (raw === false) return { kind: 'never', pointer };
  if (!isObject(raw)) return { kind: 'unknown', pointer };

  if (typeof raw.$ref === 'string') return referenceNode(raw, raw.$ref, pointer, ctx);

  const base = common(raw, pointer, ctx);
  const declaredTypes: string[] = Array.isArray(raw.type) ? (raw.type as string[]) : typeof raw.type === 'string' ? [raw.type] : [];
  let nullable = declaredTypes.includes('null') || saysNullable(raw, pointer, ctx);
  const types = declaredTypes.filter((t) => t !== 'null');

  const withBase = (node: SchemaNode): SchemaNode => {
    const merged = { ...base, ...node } as SchemaNode;
    if (nullable) merged.nullable = true;
    return merged;
  };

  if ('const' in raw) return withBase({ kind: 'literal', values: [raw.const as string | object] });

  if (Array.isArray(raw.enum)) {
    const values = raw.enum as (string | number | boolean | null | object)[];
    if (values.includes(null)) nullable = true;
    const nonNull = values.filter((v) => v !== null);
    if (nonNull.length > 0 && nonNull.every((v) => typeof v === 'string') && (types.length === 0 || types[0] === 'string'))
      return withBase({ ...stringKeywords(raw), kind: 'string', enum: nonNull as string[] });
    if (nonNull.length > 0 && nonNull.every((v) => typeof v === 'number') && (types[0] === 'number' || types[0] === 'integer' || types.length === 0))
      return withBase({ ...numberKeywords(raw, ctx), kind: 'number', integer: types[0] === 'integer', enum: nonNull as number[] });
    // An empty `enum` allows nothing; `enum: [null]` allows null alone.
    if (values.length === 0) return { ...base, kind: 'never' };
    if (nonNull.length === 0) return withBase({ kind: 'null' });
    return withBase({ kind: 'literal', values: nonNull });
  }

  const composition = convertComposition(raw, pointer, ctx);
  // `type: 'null'` (alone) allows null and nothing else.
  const own: SchemaNode | undefined = declaredTypes.length > 0 && types.length === 0 ? { kind: 'null' } : ownNode(raw, types, pointer, ctx);

  if (composition) {
    // `type: string` + `anyOf: [{enum}, {type: string}]`: our open-enum pattern.
    const open = openEnum(raw, composition.variants);
    if (open) return withBase({ ...stringKeywords(raw), kind: 'string', enum: open, openEnum: true });
    if (!own) return withBase(composition.node);
    return withBase({ kind: 'intersection', parts: [own, composition.node] });
  }
  if (own) return withBase(own);
  return withBase({ kind: 'unknown' });
}

/** The types each numeric bound applies to. */
const BOUND_TYPES: Readonly<Record<string, readonly string[]>> = {
  minLength: ['string'],
  maxLength: ['string'],
  minimum: ['number', 'integer'],
  maximum: ['number', 'integer'],
  exclusiveMinimum: ['number', 'integer'],
  exclusiveMaximum: ['number', 'integer'],
  minItems: ['array'],
  maxItems: ['array'],
  minProperties: ['object'],
  maxProperties: ['object'],
};

/** Numeric bounds the schema writes beside a declared `type` none of whose types they apply to. */
function strayBoundsOf(raw: Json): Record<string, number> | undefined {
  const type = raw.type;
  if (typeof type !== 'string' && (!Array.isArray(type) || type.length === 0)) return undefined;
  // Asked of every schema (hundreds of thousands in a large document): nothing is allocated unless a bound is stray.
  let stray: Record<string, number> | undefined;
  for (const keyword of BOUND_KEYWORDS) {
    const value = raw[keyword];
    if (typeof value !== 'number') continue;
    const types = BOUND_TYPES[keyword]!;
    const fits = typeof type === 'string' ? types.includes(type) : type.some((t) => types.includes(t as string));
    if (!fits) (stray ??= {})[keyword] = value;
  }
  return stray;
}

const BOUND_KEYWORDS = Object.keys(BOUND_TYPES);

function stringKeywords(raw: Json): Omit<StringNode, 'kind'> {
  const out: Omit<StringNode, 'kind'> = {};
  if (typeof raw.pattern === 'string') out.pattern = raw.pattern;
  if (typeof raw.minLength === 'number') out.minLength = raw.minLength;
  if (typeof raw.maxLength === 'number') out.maxLength = raw.maxLength;
  if (typeof raw.contentMediaType === 'string') out.contentMediaType = raw.contentMediaType;
  if (typeof raw.contentEncoding === 'string') out.contentEncoding = raw.contentEncoding;
  return out;
}

function numberKeywords(raw: Json, ctx: SchemaContext): { minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number; multipleOf?: number } {
  const out: ReturnType<typeof numberKeywords> = {};
  if (typeof raw.minimum === 'number') {
    if (ctx.legacy && raw.exclusiveMinimum === true) out.exclusiveMinimum = raw.minimum;
    else out.minimum = raw.minimum;
  }
  if (typeof raw.maximum === 'number') {
    if (ctx.legacy && raw.exclusiveMaximum === true) out.exclusiveMaximum = raw.maximum;
    else out.maximum = raw.maximum;
  }
  if (typeof raw.exclusiveMinimum === 'number') out.exclusiveMinimum = raw.exclusiveMinimum;
  if (typeof raw.exclusiveMaximum === 'number') out.exclusiveMaximum = raw.exclusiveMaximum;
  if (typeof raw.multipleOf === 'number') out.multipleOf = raw.multipleOf;
  return out;
}

/** The node the type keywords of a schema describe, or undefined when it has none. */
function ownNode(raw: Json, types: string[], pointer: string, ctx: SchemaContext): SchemaNode | undefined {
  if (types.length === 0) return typelessNode(raw, pointer, ctx);
  const implied = types;
  const nodes = implied.map((type): SchemaNode => {
    switch (type) {
      case 'string':
        // OpenAPI's file type: bytes, not text (a JSON document cannot carry it; forms and binary bodies do).
        if (raw.format === 'binary') return { kind: 'binary' };
        return { ...stringKeywords(raw), kind: 'string', ...(typeof raw.format === 'string' ? { format: raw.format } : {}) };
      case 'number':
      case 'integer':
        return { ...numberKeywords(raw, ctx), kind: 'number', integer: type === 'integer' };
      case 'boolean':
        return { kind: 'boolean' };
      case 'array':
        return arrayNode(raw, pointer, ctx);
      case 'object':
        return objectNode(raw, pointer, ctx);
      default:
        ctx.diagnostics.push({ level: 'error', pointer: `${pointer}/type`, message: `unknown type \`${type}\` (one of string, number, integer, boolean, array, object, null)` });
        return { kind: 'unknown' };
    }
  });
  return nodes.length === 1 ? nodes[0] : { kind: 'union', mode: 'anyOf', variants: nodes, typeList: true };
}

const OBJECT_KEYWORDS = ['properties', 'additionalProperties', 'patternProperties', 'required', 'propertyNames', 'dependentSchemas', 'dependentRequired', 'minProperties', 'maxProperties'];
const ARRAY_KEYWORDS = ['items', 'prefixItems', 'contains', 'minItems', 'maxItems', 'uniqueItems'];
const STRING_KEYWORDS = ['pattern', 'minLength', 'maxLength'];
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
/** Formats that constrain numbers; every other format constrains strings. */
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

/**
 * A schema without `type`: its keywords apply to instances of their own JSON type only, and
 * instances of every other type pass (`{pattern: '^a'}` accepts 12). The node is `unknown`
 * with the constraints per type; a sibling that fixes the type narrows it (model/finish.ts).
 */
function typelessNode(raw: Json, pointer: string, ctx: SchemaContext): SchemaNode | undefined {
  const has = (keywords: string[]): boolean => keywords.some((k) => k in raw);
  const format = typeof raw.format === 'string' ? raw.format : undefined;
  const byType: NonNullable<UnknownNode['byType']> = {};
  if (has(OBJECT_KEYWORDS)) byType.object = objectNode(raw, pointer, ctx) as ObjectNode;
  if (has(ARRAY_KEYWORDS)) byType.array = arrayNode(raw, pointer, ctx) as ArrayNode;
  if (has(STRING_KEYWORDS) || (format !== undefined && !NUMBER_FORMATS.has(format) && format !== 'binary'))
    byType.string = { ...stringKeywords(raw), kind: 'string', ...(format !== undefined ? { format } : {}) };
  if (has(NUMBER_KEYWORDS) || (format !== undefined && NUMBER_FORMATS.has(format)))
    byType.number = { ...numberKeywords(raw, ctx), kind: 'number', integer: false, ...(format !== undefined ? { format } : {}) };
  return Object.keys(byType).length > 0 ? { kind: 'unknown', byType } : undefined;
}

function arrayNode(raw: Json, pointer: string, ctx: SchemaContext): SchemaNode {
  const node: SchemaNode = { kind: 'array', items: { kind: 'unknown' } };
  if (Array.isArray(raw.prefixItems)) {
    node.prefixItems = raw.prefixItems.map((item, i) => convertSchema(item, `${pointer}/prefixItems/${i}`, ctx));
    node.items = 'items' in raw ? convertSchema(raw.items, `${pointer}/items`, ctx) : { kind: 'unknown' };
  } else if (Array.isArray(raw.items)) {
    // draft-07 tuple form (AsyncAPI schemas)
    node.prefixItems = raw.items.map((item, i) => convertSchema(item, `${pointer}/items/${i}`, ctx));
    node.items = 'additionalItems' in raw ? convertSchema(raw.additionalItems, `${pointer}/additionalItems`, ctx) : { kind: 'unknown' };
  } else if ('items' in raw) node.items = convertSchema(raw.items, `${pointer}/items`, ctx);
  if (Array.isArray(raw.items) ? 'additionalItems' in raw : 'items' in raw) node.itemsWritten = true;
  if (typeof raw.minItems === 'number') node.minItems = raw.minItems;
  if (typeof raw.maxItems === 'number') node.maxItems = raw.maxItems;
  if (raw.uniqueItems === true) node.uniqueItems = true;
  if ('contains' in raw) {
    node.contains = {
      schema: convertSchema(raw.contains, `${pointer}/contains`, ctx),
      min: typeof raw.minContains === 'number' ? raw.minContains : 1,
      ...(typeof raw.maxContains === 'number' ? { max: raw.maxContains } : {}),
    };
  }
  return node;
}

function objectNode(raw: Json, pointer: string, ctx: SchemaContext): SchemaNode {
  const required = new Set(Array.isArray(raw.required) ? (raw.required as string[]) : []);
  const properties: PropertyModel[] = isObject(raw.properties)
    ? Object.entries(raw.properties).map(([name, schema]) => ({
        name,
        schema: convertSchema(schema, `${pointer}/properties/${encodePointerToken(name)}`, ctx),
        required: required.has(name),
      }))
    : [];
  // `required` may name properties that only a sibling composition defines.
  for (const name of required) {
    if (!properties.some((p) => p.name === name)) properties.push({ name, schema: { kind: 'unknown' }, required: true });
  }
  const node: SchemaNode = {
    kind: 'object',
    properties,
    additionalProperties:
      raw.additionalProperties === false
        ? false
        : raw.additionalProperties === undefined || raw.additionalProperties === true
          ? true
          : convertSchema(raw.additionalProperties, `${pointer}/additionalProperties`, ctx),
  };
  if (raw.additionalProperties === undefined) node.openByDefault = true;
  if (isObject(raw.patternProperties)) {
    node.patternProperties = Object.entries(raw.patternProperties).map(([pattern, schema]) => ({
      pattern,
      schema: convertSchema(schema, `${pointer}/patternProperties/${encodePointerToken(pattern)}`, ctx),
    }));
  }
  if (typeof raw.minProperties === 'number') node.minProperties = raw.minProperties;
  if (typeof raw.maxProperties === 'number') node.maxProperties = raw.maxProperties;
  if (isObject(raw.dependentRequired)) {
    node.dependentRequired = Object.fromEntries(
      Object.entries(raw.dependentRequired).map(([name, names]) => [name, Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : []]),
    );
  }
  if (isObject(raw.dependentSchemas)) {
    node.dependentSchemas = Object.entries(raw.dependentSchemas).map(([name, schema]) => ({
      name,
      schema: convertSchema(schema, `${pointer}/dependentSchemas/${encodePointerToken(name)}`, ctx),
    }));
  }
  if ('propertyNames' in raw) node.propertyNames = convertSchema(raw.propertyNames, `${pointer}/propertyNames`, ctx);
  return node;
}

function convertComposition(
  raw: Json,
  pointer: string,
  ctx: SchemaContext,
): { node: SchemaNode; variants: unknown[] } | undefined {
  const parts: SchemaNode[] = [];
  let variants: unknown[] = [];
  if (Array.isArray(raw.allOf)) {
    const all = raw.allOf.map((s, i) => convertSchema(s, `${pointer}/allOf/${i}`, ctx));
    parts.push(all.length === 1 && all[0] ? all[0] : { kind: 'intersection', parts: all });
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = raw[keyword];
    if (!Array.isArray(list)) continue;
    variants = list;
    const union: SchemaNode = {
      kind: 'union',
      mode: keyword,
      variants: list.map((s, i) => convertSchema(s, `${pointer}/${keyword}/${i}`, ctx)),
    };
    if (isObject(raw.discriminator) && typeof raw.discriminator.propertyName === 'string') {
      const mapping: Record<string, string> = {};
      if (isObject(raw.discriminator.mapping)) {
        // Values are references (`#/components/schemas/Circle`) or bare schema names (`Circle`).
        for (const [value, ref] of Object.entries(raw.discriminator.mapping)) {
          if (typeof ref === 'string') mapping[value] = decodePointerToken(ref.split('/').pop() ?? ref);
        }
      }
      const defaultVariant = defaultVariantOf(raw.discriminator.defaultMapping, union.variants, `${pointer}/discriminator/defaultMapping`, ctx);
      // The tags of each variant are decided once every schema is known (model/discriminators.ts).
      union.discriminator = {
        propertyName: raw.discriminator.propertyName,
        mapping,
        pointer: `${pointer}/discriminator`,
        ...(defaultVariant !== undefined ? { defaultVariant } : {}),
      };
    }
    parts.push(union);
  }
  if (parts.length === 0) return undefined;
  return { node: parts.length === 1 && parts[0] ? parts[0] : { kind: 'intersection', parts }, variants };
}

/**
 * The variant `defaultMapping` names (a schema name or a reference, as in `mapping`); a value
 * that names no variant is a located warning, and the discriminator then has no default.
 */
function defaultVariantOf(raw: unknown, variants: SchemaNode[], pointer: string, ctx: SchemaContext): number | undefined {
  if (raw === undefined) return undefined;
  const target = typeof raw === 'string' ? decodePointerToken(raw.split('/').pop() ?? raw) : undefined;
  const index = variants.findIndex((v) => v.kind === 'ref' && v.target === target);
  if (index >= 0) return index;
  ctx.diagnostics.push({
    level: 'warning',
    pointer,
    message: `discriminator.defaultMapping ${JSON.stringify(raw)} names none of the union's variants; it is ignored (values whose tag selects no variant are refused)`,
  });
  return undefined;
}

/** Recognises `anyOf: [{enum: [...strings]}, {type: string}]` and returns the known values. */
function openEnum(raw: Json, variants: unknown[]): string[] | undefined {
  if (!Array.isArray(raw.anyOf) || variants.length !== 2) return undefined;
  const [a, b] = variants;
  const isEnum = (v: unknown): v is { enum: string[] } =>
    isObject(v) && Array.isArray(v.enum) && v.enum.every((x) => typeof x === 'string') && Object.keys(v).every((k) => ['enum', 'type', 'description'].includes(k));
  const isPlainString = (v: unknown): boolean =>
    isObject(v) && v.type === 'string' && Object.keys(v).every((k) => ['type', 'description'].includes(k));
  if (isEnum(a) && isPlainString(b)) return a.enum;
  if (isEnum(b) && isPlainString(a)) return b.enum;
  return undefined;
}

/** `x-state-machine`: `field`, and `transitions` each with a `trigger` operation and a `to` state; undefined when unusable. */
function stateMachineOf(raw: unknown): StateMachineModel | undefined {
  if (!isObject(raw) || typeof raw.field !== 'string' || !Array.isArray(raw.transitions)) return undefined;
  const transitions = raw.transitions.filter(isObject).flatMap((t) =>
    typeof t.trigger === 'string' && typeof t.to === 'string'
      ? [{ trigger: t.trigger, from: typeof t.from === 'string' ? t.from : null, to: t.to, ...(typeof t.condition === 'string' ? { condition: t.condition } : {}) }]
      : [],
  );
  return { field: raw.field, transitions };
}
