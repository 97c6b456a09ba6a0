/**
 * SchemaNode -> the server runtime's `ValueShape`: just enough of a schema to turn the
 * strings of a path, query, header or form body into the JSON types its validator expects.
 */
import { resolve } from '../../model/derive.js';
import type { ApiModel, SchemaNode } from '../../model/types.js';

// The shape is data for the server runtime: its type is the runtime's own.
import type { ValueShape } from '../../../templates/server-runtime/src/types.js';

export type { ValueShape };

const UNKNOWN: ValueShape = { type: 'unknown' };
// Strings on the wire nest only so deep; recursive schemas stop here.
const MAX_DEPTH = 6;

export function shapeOf(model: ApiModel, node: SchemaNode | undefined, depth = 0): ValueShape {
  const schema = resolve(model, node);
  if (!schema || depth > MAX_DEPTH) return UNKNOWN;
  const withNull = (shape: ValueShape): ValueShape => (schema.nullable ? { type: 'any-of', options: [shape, { type: 'null' }] } : shape);
  switch (schema.kind) {
    case 'string':
    case 'binary':
      return withNull({ type: 'string' });
    case 'number':
      return withNull({ type: schema.integer ? 'integer' : 'number' });
    case 'boolean':
      return withNull({ type: 'boolean' });
    case 'null':
      return { type: 'null' };
    case 'literal': {
      const types = [...new Set(schema.values.map((v) => (v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string')))];
      const options = types.map((type) => ({ type }) as ValueShape);
      return options.length === 1 ? options[0]! : { type: 'any-of', options };
    }
    case 'array':
      return withNull({ type: 'array', items: shapeOf(model, schema.items, depth + 1) });
    case 'object': {
      const properties = Object.fromEntries(schema.properties.map((p) => [p.name, shapeOf(model, p.schema, depth + 1)]));
      const additional = typeof schema.additionalProperties === 'object' ? shapeOf(model, schema.additionalProperties, depth + 1) : undefined;
      return withNull({ type: 'object', properties, ...(additional ? { additional } : {}) });
    }
    case 'union':
      return anyOf(schema.variants.map((v) => shapeOf(model, v, depth + 1)));
    case 'intersection': {
      const parts = schema.parts.map((p) => shapeOf(model, p, depth + 1));
      const objects = parts.filter((p): p is Extract<ValueShape, { type: 'object' }> => p.type === 'object');
      if (objects.length > 0) return { type: 'object', properties: Object.assign({}, ...objects.map((o) => o.properties ?? {})) as Record<string, ValueShape> };
      return parts.find((p) => p.type !== 'unknown') ?? UNKNOWN;
    }
    case 'unknown': {
      const branches = schema.byType ? Object.values(schema.byType).map((b) => shapeOf(model, b, depth + 1)) : [];
      return branches.length === 0 ? UNKNOWN : anyOf([...branches, { type: 'string' }]);
    }
    default:
      return UNKNOWN;
  }
}

function anyOf(options: ValueShape[]): ValueShape {
  const unique = options.filter((o, i) => options.findIndex((p) => JSON.stringify(p) === JSON.stringify(o)) === i);
  if (unique.length === 1) return unique[0]!;
  if (unique.some((o) => o.type === 'unknown')) return UNKNOWN;
  return { type: 'any-of', options: unique };
}
