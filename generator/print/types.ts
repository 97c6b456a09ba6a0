/** SchemaNode -> TypeScript type expression. The one switch over kinds for types. */
import type { ApiModel, ArrayNode, NumberNode, ObjectNode, SchemaNode, StringNode, UnknownNode } from '../model/types.js';
import { someChild } from '../model/walk.js';
import { omittedIn, type Direction } from '../model/directions.js';
import { jsDoc, literal, propertyKey } from '../util/text.js';

export interface TypePrintContext {
  typeNameOf(key: string): string;
  /** The form printed: without readOnly (`input`) or writeOnly (`output`) properties; absent: as written. */
  direction?: Direction;
}

/**
 * @param used when given, records every type name printed (for modules that import them).
 * @param direction prints the request or response form, referring to the variants of the named schemas.
 */
export function typePrintContext(model: ApiModel, used?: Set<string>, direction?: Direction): TypePrintContext {
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  return {
    typeNameOf: (key) => {
      const schema = byKey.get(key);
      const name = (direction ? schema?.variants?.[direction]?.typeName : undefined) ?? schema?.typeName ?? 'unknown';
      used?.add(name);
      return name;
    },
    ...(direction ? { direction } : {}),
  };
}

/** The properties of an object in the form the context prints. */
export const propertiesIn = (node: ObjectNode, direction: Direction | undefined): ObjectNode['properties'] =>
  direction ? node.properties.filter((p) => !omittedIn(p.schema, direction)) : node.properties;

/** A tuple whose `maxItems` allows nothing after its `prefixItems`. */
export const isClosedTuple = (node: Extract<SchemaNode, { kind: 'array' }>): boolean =>
  node.prefixItems !== undefined && node.maxItems !== undefined && node.maxItems <= node.prefixItems.length;

/**
 * The JSON types a type-less schema's TypeScript type lists, when its constraints narrow one
 * structurally (an object's properties, an array's items); undefined when it stays `unknown`.
 * The zod printer follows the same answer, so the validator infers the same union.
 */
export function typelessBranches(node: UnknownNode): { object?: ObjectNode; array?: ArrayNode; string?: StringNode; number?: NumberNode } | undefined {
  const { object, array } = node.byType ?? {};
  const objectNarrowed = object !== undefined && (object.properties.length > 0 || typeof object.additionalProperties === 'object' || (object.patternProperties?.length ?? 0) > 0);
  const arrayNarrowed = array !== undefined && (array.items.kind !== 'unknown' || array.prefixItems !== undefined);
  return objectNarrowed || arrayNarrowed ? (node.byType ?? {}) : undefined;
}

/** Whether a node prints as a top-level union or intersection (and so needs parentheses inside `&` or `[]`). */
function isCompound(node: SchemaNode): boolean {
  if (node.nullable && node.kind !== 'null') return true;
  switch (node.kind) {
    case 'unknown':
      return typelessBranches(node) !== undefined;
    case 'union':
      return node.variants.length > 1;
    case 'intersection':
      return node.parts.length > 1;
    case 'string':
      return node.enum !== undefined && (node.enum.length > 1 || node.openEnum === true);
    case 'number':
      return node.enum !== undefined && node.enum.length > 1;
    case 'literal':
      return node.values.length > 1;
    default:
      return false;
  }
}

const wrap = (node: SchemaNode, text: string): string => (isCompound(node) ? `(${text})` : text);
/** An array type inside a union needs no parentheses; a tuple neither. */
const wrapArray = (text: string): string => text;

/** The type of a request body: bytes may be given in any form `fetch` sends (the runtime's `BinaryBody`). */
export function printRequestBodyType(node: SchemaNode, ctx: TypePrintContext): string {
  return node.kind === 'binary' && !node.nullable ? 'Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>' : printType(node, ctx);
}

export function printType(node: SchemaNode, ctx: TypePrintContext): string {
  const base = printBase(node, ctx);
  return node.nullable && node.kind !== 'null' ? `${base} | null` : base;
}

function printBase(node: SchemaNode, ctx: TypePrintContext): string {
  switch (node.kind) {
    case 'ref':
      return ctx.typeNameOf(node.target);
    case 'string':
      if (node.enum) {
        const known = node.enum.map((v) => literal(v)).join(' | ');
        return node.openEnum ? `${known} | (string & {})` : known;
      }
      return 'string';
    case 'number':
      return node.enum ? node.enum.map((v) => literal(v)).join(' | ') : 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'literal':
      return node.values.map((v) => literal(v)).join(' | ');
    case 'array': {
      const items = printType(node.items, ctx);
      if (node.prefixItems) {
        // Prefix items past `minItems` may be missing.
        const fixed = node.prefixItems.map((p, i) => (i >= (node.minItems ?? 0) ? `${wrap(p, printType(p, ctx))}?` : printType(p, ctx)));
        if (isClosedTuple(node)) return `[${fixed.join(', ')}]`;
        const rest = `...${wrap(node.items, items)}[]`;
        return `[${[...fixed, rest].join(', ')}]`;
      }
      return `${wrap(node.items, items)}[]`;
    }
    case 'object':
      return printObjectLiteral(node, ctx);
    case 'union': {
      const discriminator = node.discriminator;
      const tags = discriminator?.variantTags;
      if (discriminator && tags) {
        // Each variant with the tag values that select it, so that a switch on the tag narrows.
        // The default variant (`defaultMapping`) takes the other values: its own type says what they are.
        const tagged = node.variants.map((v, i) =>
          i === discriminator.defaultVariant
            ? wrap(v, printType(v, ctx))
            : `(${wrap(v, printType(v, ctx))} & { ${propertyKey(discriminator.propertyName)}: ${tags[i]!.map((t) => literal(t)).join(' | ')} })`,
        );
        return tagged.join(' | ');
      }
      const parts = [...new Set(node.variants.map((v) => (v.kind === 'intersection' && v.parts.length > 1 ? `(${printType(v, ctx)})` : printType(v, ctx))))];
      return parts.length === 0 ? 'never' : parts.join(' | ');
    }
    case 'intersection':
      return node.parts.map((p) => wrap(p, printType(p, ctx))).join(' & ');
    case 'binary':
      return 'Blob';
    case 'unknown': {
      const branches = typelessBranches(node);
      if (!branches) return 'unknown';
      const object = branches.object ? printType(branches.object, ctx) : 'Record<string, unknown>';
      const array = branches.array ? wrapArray(printType(branches.array, ctx)) : 'unknown[]';
      return [object, array, 'string', 'number', 'boolean', 'null'].join(' | ');
    }
    case 'never':
      return 'never';
  }
}

/** The value type of the index signature an object node needs, if any. */
export function indexSignatureType(node: ObjectNode, ctx: TypePrintContext): string | undefined {
  if (node.patternProperties && node.patternProperties.length > 0) return 'unknown';
  // Open by default with no declared property left in this form: only the index signature says it is an object.
  if (node.additionalProperties === true) return node.openByDefault && propertiesIn(node, ctx.direction).length > 0 ? undefined : 'unknown';
  if (node.additionalProperties === false) return undefined;
  // An index signature must admit every declared property's type too (`undefined` for an optional one).
  const types = [
    printType(node.additionalProperties, ctx),
    ...node.properties.map((p) => printType(p.schema, ctx)),
    ...(node.properties.some((p) => !p.required) ? ['undefined'] : []),
  ];
  return [...new Set(types)].join(' | ');
}

/**
 * Whether some object inside this schema (not behind a reference) has an index signature
 * wider than its additional properties' type: zod cannot infer that type, so the
 * validator gets it declared instead.
 */
export function hasWidenedIndex(node: SchemaNode, ctx: TypePrintContext): boolean {
  if (node.kind === 'object' && typeof node.additionalProperties === 'object') {
    if (indexSignatureType(node, ctx) !== printType(node.additionalProperties, ctx)) return true;
  }
  return someChild(node, (child) => child.kind !== 'ref' && hasWidenedIndex(child, ctx));
}

export interface PropertyText {
  name: string;
  type: string;
  optional: boolean;
  docs?: string;
}

export function objectProperties(node: ObjectNode, ctx: TypePrintContext): PropertyText[] {
  return propertiesIn(node, ctx.direction).map((p) => {
    const docs = propertyDocs(p.schema);
    return { name: propertyKey(p.name), type: printType(p.schema, ctx), optional: !p.required, ...(docs ? { docs } : {}) };
  });
}

/** The JSDoc tags of a schema: deprecation, default, format. */
export function schemaTags(schema: SchemaNode): string | undefined {
  const tags: string[] = [];
  if (schema.deprecated) tags.push('@deprecated');
  if (schema.default !== undefined) tags.push(`@default ${JSON.stringify(schema.default)}`);
  if (schema.format) tags.push(`@format ${schema.format}`);
  return tags.length > 0 ? tags.join('\n') : undefined;
}

/** JSDoc of a schema used as a property or declaration: description first, then tags. */
export function propertyDocs(schema: SchemaNode, ...extra: (string | undefined)[]): string | undefined {
  return jsDoc(schema.title !== undefined && schema.description === undefined ? schema.title : undefined, schema.description, ...extra, schemaTags(schema));
}

/** A closed object without properties: what zod infers for `z.strictObject({})`. */
export const isEmptyClosedObject = (node: ObjectNode, direction?: Direction): boolean =>
  node.additionalProperties === false && propertiesIn(node, direction).length === 0 && !node.patternProperties?.length;

function printObjectLiteral(node: ObjectNode, ctx: TypePrintContext): string {
  if (isEmptyClosedObject(node, ctx.direction)) return 'Record<string, never>';
  const props = objectProperties(node, ctx).map(
    (p) => `${p.docs ? `/** ${p.docs.replace(/\n/g, '\n * ')} */\n` : ''}${p.name}${p.optional ? '?' : ''}: ${p.type};`,
  );
  const index = indexSignatureType(node, ctx);
  if (index !== undefined) props.push(`[key: string]: ${index};`);
  return `{\n${props.join('\n')}\n}`;
}
