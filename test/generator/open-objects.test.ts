/**
 * Objects whose schema does not say `additionalProperties`: the validator accepts and keeps
 * unknown keys (JSON Schema), while the type lists only the declared properties, so that a
 * misspelled property does not compile (regression: every object type had `[key: string]: unknown`).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { importGenerated, specWithSchemas, typeCheckUsages } from '../helpers/generate.js';

const spec = specWithSchemas({
  Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } },
  Labels: { type: 'object', additionalProperties: true, properties: { color: { type: 'string' } } },
  Counts: { type: 'object', additionalProperties: { type: 'integer' } },
});

describe('objects open only by default', () => {
  it('keep unknown properties through the validator', async () => {
    const mod = await importGenerated<{ schemas: Record<string, z.ZodType> }>(spec, 'open-objects');
    expect(mod.schemas.Pet!.parse({ name: 'Rex', colour: 'brown' })).toEqual({ name: 'Rex', colour: 'brown' });
    expect(mod.schemas.Pet!.safeParse({ name: 1 }).success).toBe(false);
    const types = mod.__output.files.get('src/types.ts')!;
    expect(types).toMatch(/export interface Pet \{[^}]*name: string;[^}]*\}/);
    expect(types).not.toMatch(/export interface Pet \{[^}]*\[key: string\]/);
    // Explicitly open or typed extra values keep their index signature.
    expect(types).toMatch(/export interface Labels \{[^}]*\[key: string\]: unknown;/);
    expect(types).toMatch(/export interface Counts \{[^}]*\[key: string\]: number;/);
  });

  it('reject a misspelled property at compile time', async () => {
    const mod = await importGenerated(spec, 'open-objects-tsc');
    const errors = await typeCheckUsages(mod.__dir, {
      usage: "import type { Labels, Pet } from './types.js';\nexport const pet: Pet = { name: 'Rex', tag: 'dog' };\nexport const labels: Labels = { color: 'red', size: 'L' };\n",
      misspelled: "import type { Pet } from './types.js';\nexport const pet: Pet = { name: 'Rex', tagg: 'dog' };\n",
    });
    expect(errors).toEqual({ misspelled: [expect.stringMatching(/'tagg' does not exist in type 'Pet'/)] });
  });
});
