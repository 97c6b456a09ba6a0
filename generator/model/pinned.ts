/**
 * The values a schema pins a property to (`role: {enum: [user]}`, `type: {const: ping}`),
 * followed through `$ref` and every `allOf` part: what tells the variants of a discriminated
 * union apart (model/discriminators.ts) and the webhooks of a document (model/webhooks.ts).
 */
import type { SchemaNode } from './types.js';

/** A value a property can be pinned to, compared with a JSON value by `===`. */
export type Pinned = string | number | boolean;

/** Named schemas by key. */
export type SchemaLookup = (key: string) => SchemaNode | undefined;

/**
 * The values the object schema `node` allows for `property` when it names them all (a `const`,
 * or an `enum` that is not open, not nullable); undefined when the property is free or absent.
 */
export function pinnedValues(node: SchemaNode, property: string, lookup: SchemaLookup, seen: ReadonlySet<string> = new Set()): Pinned[] | undefined {
  switch (node.kind) {
    case 'ref': {
      const target = seen.has(node.target) ? undefined : lookup(node.target);
      return target ? pinnedValues(target, property, lookup, new Set([...seen, node.target])) : undefined;
    }
    case 'object': {
      const found = node.properties.find((p) => p.name === property);
      return found ? valuesOf(found.schema, lookup, seen) : undefined;
    }
    case 'intersection':
      // Every part applies: the values each pinning part allows.
      return common(node.parts.map((part) => pinnedValues(part, property, lookup, seen)));
    case 'unknown':
      return node.byType?.object ? pinnedValues(node.byType.object, property, lookup, seen) : undefined;
    default:
      return undefined;
  }
}

/** The values a property's schema allows, when it names them all. */
function valuesOf(node: SchemaNode, lookup: SchemaLookup, seen: ReadonlySet<string>): Pinned[] | undefined {
  if (node.nullable) return undefined;
  const pinned = (values: readonly unknown[] | undefined): Pinned[] | undefined =>
    values && values.length > 0 && values.every((v): v is Pinned => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') ? [...values] : undefined;
  switch (node.kind) {
    case 'literal':
      return pinned(node.values);
    case 'string':
      return node.openEnum ? undefined : pinned(node.enum);
    case 'number':
      return pinned(node.enum);
    case 'ref': {
      const target = seen.has(node.target) ? undefined : lookup(node.target);
      return target ? valuesOf(target, lookup, new Set([...seen, node.target])) : undefined;
    }
    case 'intersection':
      return common(node.parts.map((part) => valuesOf(part, lookup, seen)));
    default:
      return undefined;
  }
}

/** The values every pinning list allows (the lists that are undefined pin nothing); undefined when none pins. */
function common(lists: (Pinned[] | undefined)[]): Pinned[] | undefined {
  let values: Pinned[] | undefined;
  for (const own of lists) if (own) values = values ? values.filter((v) => own.includes(v)) : own;
  return values;
}
