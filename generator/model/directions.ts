/**
 * `readOnly` and `writeOnly`: a property the server assigns is left out of what a client
 * sends (the `input` form of a schema), a secret the client sends is left out of what the
 * server returns (the `output` form). Schemas whose forms differ get named variants.
 */
import type { NamedSchema, SchemaNode, VariantNames } from './types.js';
import { someChild } from './walk.js';

/** `input`: request bodies and parameters; `output`: responses (and webhook payloads, which the server sends). */
export type Direction = 'input' | 'output';

/** Whether a property with this schema is left out of the given form. */
export const omittedIn = (schema: SchemaNode, direction: Direction): boolean =>
  direction === 'input' ? schema.readOnly === true : schema.writeOnly === true;

function differs(node: SchemaNode, direction: Direction, differing: ReadonlySet<string>): boolean {
  // One closure for the whole walk, not one per node.
  const visit = (n: SchemaNode): boolean => {
    if (n.kind === 'ref') return differing.has(n.target);
    if (n.kind === 'object' && n.properties.some((p) => omittedIn(p.schema, direction))) return true;
    return someChild(n, visit);
  };
  return visit(node);
}

/** Keys of the named schemas whose form in `direction` differs from the schema as written (directly or through a reference). */
export function schemasDifferingIn(schemas: readonly NamedSchema[], direction: Direction): Set<string> {
  const differing = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const schema of schemas) {
      if (!differing.has(schema.key) && differs(schema.schema, direction, differing)) {
        differing.add(schema.key);
        grew = true;
      }
    }
  }
  return differing;
}

/**
 * The forms a named schema is declared in: as written, then its request (`input`) and response
 * (`output`) forms where they differ, each with its names and the words that say which it is.
 */
export function formsOf(named: NamedSchema): { names: VariantNames; direction?: Direction; says: string }[] {
  return [
    { names: named, says: '' },
    ...(['input', 'output'] as const).flatMap((direction) => {
      const names = named.variants?.[direction];
      return names ? [{ names, direction, says: direction === 'input' ? ', as a request sends it' : ', as a response returns it' }] : [];
    }),
  ];
}
