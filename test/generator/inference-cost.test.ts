/**
 * Validators whose inferred type would be too large for tsc get their type declared; the
 * choice falls on the heaviest referenced validators first, so most types stay inferred.
 */
import { describe, expect, it } from 'vitest';
import type { NamedSchema, SchemaNode } from '../../generator/model/types.js';
import { annotateForCost } from '../../generator/plans/validator-types.js';

const object = (size: number, refs: string[] = []): SchemaNode => ({
  kind: 'object',
  additionalProperties: true,
  properties: [
    ...Array.from({ length: size }, (_, i) => ({ name: `p${i}`, schema: { kind: 'string' } as SchemaNode, required: false })),
    ...refs.map((target) => ({ name: target, schema: { kind: 'ref', target } as SchemaNode, required: false })),
  ],
});
const named = (key: string, schema: SchemaNode): NamedSchema => ({ key, typeName: key, schemaName: `${key}Schema`, validatorName: `${key}Validator`, schema, origin: 'component', recursive: false });

describe('annotateForCost', () => {
  it('leaves schemas under the limit inferred', () => {
    const schemas = [named('A', object(10)), named('B', object(10, ['A']))];
    expect([...annotateForCost(schemas, new Set(), 100)]).toEqual([]);
  });

  it('makes the heaviest referenced validator opaque before the schema itself', () => {
    const schemas = [named('Small', object(5)), named('Big', object(80)), named('Top', object(5, ['Small', 'Big']))];
    // Top expands to 1 + 5 + Small (7) + Big (82) = 95 nodes; Big alone brings it under 50.
    expect([...annotateForCost(schemas, new Set(), 50)]).toEqual(['Big']);
  });

  it('annotates a schema that is too large on its own', () => {
    expect([...annotateForCost([named('Huge', object(200))], new Set(), 50)]).toEqual(['Huge']);
  });

  it('limits the depth of nested inferred types too', () => {
    // A chain C0 <- C1 <- ... <- C9: each level adds two levels (object, property ref).
    const chain = Array.from({ length: 10 }, (_, i) => named(`C${i}`, object(1, i === 0 ? [] : [`C${i - 1}`])));
    const annotated = annotateForCost(chain, new Set(), 10_000, 6);
    expect(annotated.size).toBeGreaterThan(0);
    expect(annotated.has('C9')).toBe(false);
  });

  it('keeps what had to be annotated anyway and counts it as opaque', () => {
    const schemas = [named('Rec', object(80)), named('Top', object(5, ['Rec']))];
    expect([...annotateForCost(schemas, new Set(['Rec']), 50)]).toEqual(['Rec']);
  });
});
