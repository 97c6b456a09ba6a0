/**
 * The model's schemas as JSON Schema (draft 2020-12 keywords, none that draft-07 validators
 * read differently): what a tool description hands to a program that knows nothing of the
 * package's validators (an MCP client, an agent). The same constraints as the validators, as
 * far as JSON Schema says them; a named schema is a `$ref` into `$defs`, each written once.
 *
 * A schema is written for one direction: a request's (`input`: no `readOnly` property) or a
 * response's (`output`: no `writeOnly` property), as the validators of each direction check.
 */
import { resolve } from '../model/derive.js';
import type { ApiModel, NamedSchema, ObjectNode, SchemaNode } from '../model/types.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonSchema = { [key: string]: JsonValue } | boolean;
export type SchemaDirection = 'input' | 'output';

/**
 * The formats the validator of the MCP SDK's clients knows (ajv with ajv-formats: most of draft
 * 2020-12's, and OpenAPI's): others (`decimal`, `unixtime`, and `idn-email`, `iri` which it lacks)
 * it warns of on every compile, so they are left out of `format`.
 */
const KNOWN_FORMATS = new Set(['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex', 'int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']);

/** Where a named schema's form for a direction is found in `$defs`: its type's name (the variant's, where readOnly or writeOnly make the forms differ). */
function definitionName(named: NamedSchema, direction: SchemaDirection): string {
  return named.variants?.[direction]?.typeName ?? named.typeName;
}

/**
 * Writes JSON Schemas of one model in one direction, remembering the named schemas they
 * reference; `definitions` then gives those (and what they reference) for `$defs`.
 */
export class JsonSchemaWriter {
  private readonly byKey: Map<string, NamedSchema>;
  private readonly written = new Map<string, JsonSchema>();

  constructor(
    private readonly model: ApiModel,
    readonly direction: SchemaDirection,
  ) {
    this.byKey = new Map(model.schemas.map((s) => [s.key, s]));
  }

  /** The JSON Schema of `node`; what it references is written once, into `definitions`. */
  schema(node: SchemaNode): JsonSchema {
    return this.write(node);
  }

  /** Every definition written so far, by name, sorted. */
  definitions(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.written].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  private reference(key: string): JsonSchema {
    const named = this.byKey.get(key);
    // A dangling reference constrains nothing (the loader has reported it).
    if (!named) return {};
    const name = definitionName(named, this.direction);
    if (!this.written.has(name)) {
      // Set first: a recursive schema meets its own name while it is being written.
      this.written.set(name, {});
      this.written.set(name, this.write(named.schema));
    }
    return { $ref: `#/$defs/${name}` };
  }

  private write(node: SchemaNode): JsonSchema {
    const common = this.common(node);
    const withNull = (schema: { [key: string]: JsonValue }): JsonSchema => ({ ...schema, ...common });
    switch (node.kind) {
      case 'ref': {
        const target = this.reference(node.target);
        return node.nullable ? { anyOf: [target, { type: 'null' }], ...common } : Object.keys(common).length > 0 ? { allOf: [target], ...common } : target;
      }
      case 'string': {
        const schema: { [key: string]: JsonValue } = { type: typed('string', node.nullable) };
        if (node.enum && !node.openEnum) schema['enum'] = node.nullable ? [...node.enum, null] : [...node.enum];
        if (node.format !== undefined && KNOWN_FORMATS.has(node.format)) schema['format'] = node.format;
        if (node.pattern !== undefined) schema['pattern'] = node.pattern;
        if (node.minLength !== undefined) schema['minLength'] = node.minLength;
        if (node.maxLength !== undefined) schema['maxLength'] = node.maxLength;
        if (node.contentMediaType !== undefined) schema['contentMediaType'] = node.contentMediaType;
        if (node.contentEncoding !== undefined) schema['contentEncoding'] = node.contentEncoding;
        return withNull(schema);
      }
      case 'number': {
        const schema: { [key: string]: JsonValue } = { type: typed(node.integer ? 'integer' : 'number', node.nullable) };
        if (node.enum) schema['enum'] = node.nullable ? [...node.enum, null] : [...node.enum];
        for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) if (node[key] !== undefined) schema[key] = node[key];
        if (node.format !== undefined && KNOWN_FORMATS.has(node.format)) schema['format'] = node.format;
        return withNull(schema);
      }
      case 'boolean':
        return withNull({ type: typed('boolean', node.nullable) });
      case 'null':
        return withNull({ type: 'null' });
      case 'literal': {
        const values = (node.nullable && !node.values.includes(null) ? [...node.values, null] : node.values) as JsonValue[];
        return withNull(values.length === 1 ? { const: values[0]! } : { enum: values });
      }
      case 'array': {
        const schema: { [key: string]: JsonValue } = { type: typed('array', node.nullable) };
        if (node.prefixItems) schema['prefixItems'] = node.prefixItems.map((item) => this.write(item));
        if (!(node.items.kind === 'unknown' && !node.items.byType && Object.keys(this.common(node.items)).length === 0)) schema['items'] = this.write(node.items);
        for (const key of ['minItems', 'maxItems', 'uniqueItems'] as const) if (node[key] !== undefined) schema[key] = node[key];
        if (node.contains) {
          schema['contains'] = this.write(node.contains.schema);
          if (node.contains.min !== 1) schema['minContains'] = node.contains.min;
          if (node.contains.max !== undefined) schema['maxContains'] = node.contains.max;
        }
        if (node.unevaluatedItems !== undefined) schema['unevaluatedItems'] = this.flag(node.unevaluatedItems);
        return withNull(schema);
      }
      case 'object':
        return withNull({ type: typed('object', node.nullable), ...this.objectKeywords(node) });
      case 'union': {
        const variants = node.variants.map((variant) => this.write(variant));
        if (node.nullable) variants.push({ type: 'null' });
        return withNull({ [node.mode]: variants });
      }
      case 'intersection': {
        const parts: JsonSchema[] = node.parts.map((part) => this.write(part));
        return withNull(node.nullable ? { anyOf: [{ allOf: parts }, { type: 'null' }] } : { allOf: parts });
      }
      case 'binary':
        // Bytes travel in a tool's JSON as text: a file's contents, given as a string.
        return withNull({ type: typed('string', node.nullable) });
      case 'unknown': {
        // Keywords of a type apply to instances of that type only, as a schema without `type` says it.
        const schema: { [key: string]: JsonValue } = {};
        const { object, array, string, number } = node.byType ?? {};
        if (object) Object.assign(schema, this.objectKeywords(object));
        for (const typedNode of [array, string, number]) {
          if (!typedNode) continue;
          const written = this.write({ ...typedNode, nullable: false });
          if (typeof written === 'object') for (const [key, value] of Object.entries(written)) if (key !== 'type') schema[key] = value;
        }
        return withNull(schema);
      }
      case 'never':
        return false;
    }
  }

  /** What every kind may carry: documentation, defaults, and the applicators beside the type. */
  private common(node: SchemaNode): { [key: string]: JsonValue } {
    const schema: { [key: string]: JsonValue } = {};
    if (node.title !== undefined) schema['title'] = node.title;
    if (node.description !== undefined) schema['description'] = node.description;
    if (node.deprecated) schema['deprecated'] = true;
    if (node.readOnly) schema['readOnly'] = true;
    if (node.writeOnly) schema['writeOnly'] = true;
    if (node.default !== undefined) schema['default'] = node.default as JsonValue;
    if (node.examples?.length) schema['examples'] = node.examples as JsonValue[];
    if (node.not) schema['not'] = this.write(node.not);
    if (node.conditional) {
      schema['if'] = this.write(node.conditional.if);
      if (node.conditional.then) schema['then'] = this.write(node.conditional.then);
      if (node.conditional.else) schema['else'] = this.write(node.conditional.else);
    }
    return schema;
  }

  private objectKeywords(node: ObjectNode): { [key: string]: JsonValue } {
    const schema: { [key: string]: JsonValue } = {};
    // A request leaves out what only the server writes; a response what only the client sends.
    const left = node.properties.filter((p) => !(this.direction === 'input' ? this.marked(p.schema, 'readOnly') : this.marked(p.schema, 'writeOnly')));
    if (left.length > 0) schema['properties'] = Object.fromEntries(left.map((p) => [p.name, this.write(p.schema)]));
    const required = left.filter((p) => p.required).map((p) => p.name);
    if (required.length > 0) schema['required'] = required;
    if (node.additionalProperties === false) schema['additionalProperties'] = false;
    else if (node.additionalProperties !== true) schema['additionalProperties'] = this.write(node.additionalProperties);
    if (node.patternProperties?.length) schema['patternProperties'] = Object.fromEntries(node.patternProperties.map((p) => [p.pattern, this.write(p.schema)]));
    if (node.minProperties !== undefined) schema['minProperties'] = node.minProperties;
    if (node.maxProperties !== undefined) schema['maxProperties'] = node.maxProperties;
    if (node.dependentRequired) schema['dependentRequired'] = node.dependentRequired;
    if (node.dependentSchemas?.length) schema['dependentSchemas'] = Object.fromEntries(node.dependentSchemas.map((d) => [d.name, this.write(d.schema)]));
    if (node.propertyNames) schema['propertyNames'] = this.write(node.propertyNames);
    if (node.unevaluatedProperties !== undefined) schema['unevaluatedProperties'] = this.flag(node.unevaluatedProperties);
    return schema;
  }

  private flag(value: boolean | SchemaNode): JsonSchema {
    return typeof value === 'boolean' ? value : this.write(value);
  }

  /** Whether a property's schema, or the named schema it references, carries the mark. */
  private marked(node: SchemaNode, mark: 'readOnly' | 'writeOnly'): boolean {
    return node[mark] === true || resolve(this.model, node)?.[mark] === true;
  }
}

const typed = (type: string, nullable: boolean | undefined): JsonValue => (nullable ? [type, 'null'] : type);

/** Whether a schema, through references, only ever describes objects: what MCP requires of a tool's output schema as written. */
export function describesObject(model: ApiModel, node: SchemaNode, depth = 0): boolean {
  if (node.nullable || depth > 16) return false;
  if (node.kind === 'ref') {
    const target = resolve(model, node);
    return target !== undefined && describesObject(model, target, depth + 1);
  }
  if (node.kind === 'object') return true;
  if (node.kind === 'union') return node.variants.length > 0 && node.variants.every((v) => describesObject(model, v, depth + 1));
  if (node.kind === 'intersection') return node.parts.some((p) => describesObject(model, p, depth + 1));
  return false;
}
