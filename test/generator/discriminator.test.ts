/**
 * OpenAPI discriminators: the mapping (or the schema names) selects the variant, in types
 * and validators, also when the tag value appears only in the mapping and the variants
 * inherit their tag property through `allOf` (regression: `z.xor` rejected a valid circle
 * with "more than one option matched", and the type did not narrow).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { importGenerated, specWithSchemas, TypeCheckBatch, writeUsages } from '../helpers/generate.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const spec = specWithSchemas({
  Shape: { type: 'object', required: ['shapeType'], properties: { shapeType: { type: 'string' } } },
  Circle: { allOf: [ref('Shape'), { type: 'object', required: ['radius'], properties: { radius: { type: 'number' } } }] },
  Square: { allOf: [ref('Shape'), { type: 'object', required: ['side'], properties: { side: { type: 'number' } } }] },
  Drawing: {
    oneOf: [ref('Circle'), ref('Square')],
    discriminator: { propertyName: 'shapeType', mapping: { circle: '#/components/schemas/Circle', square: 'Square', box: 'Square' } },
  },
  Pet: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, name: { type: 'string' } } },
  Cat: { allOf: [ref('Pet'), { type: 'object', properties: { purrs: { type: 'boolean' } } }] },
  Dog: { allOf: [ref('Pet'), { type: 'object', properties: { barks: { type: 'boolean' } } }] },
  AnyPet: { anyOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'petType' } },
});

type Mod = { schemas: Record<string, z.ZodType> };

/** The packages this file generates, type-checked together by its last test. */
const typeChecks = new TypeCheckBatch('discriminator');

describe('discriminator mapping', () => {
  it('validates by the tag value the mapping gives, with allOf variants', async () => {
    const { schemas } = await importGenerated<Mod>(spec, 'discriminator');
    expect(schemas.Drawing!.safeParse({ shapeType: 'circle', radius: 2 }).success).toBe(true);
    expect(schemas.Drawing!.safeParse({ shapeType: 'square', side: 1 }).success).toBe(true);
    expect(schemas.Drawing!.safeParse({ shapeType: 'box', side: 1 }).success).toBe(true);
    // A circle's fields under the square's tag: the tag decides, not the shape.
    expect(schemas.Drawing!.safeParse({ shapeType: 'square', radius: 2 }).success).toBe(false);
    const unknownTag = schemas.Drawing!.safeParse({ shapeType: 'triangle', radius: 2 });
    expect(unknownTag.error?.issues[0]?.message).toBe("shapeType must be one of 'circle', 'square', 'box' (got \"triangle\")");
    const badField = schemas.Drawing!.safeParse({ shapeType: 'circle', radius: 'big' });
    expect(badField.error?.issues[0]?.message).toMatch(/^shapeType 'circle': radius: /);
  });

  it('uses the schema names when there is no mapping (anyOf too)', async () => {
    const { schemas } = await importGenerated<Mod>(spec, 'discriminator');
    expect(schemas.AnyPet!.safeParse({ petType: 'Cat', purrs: true }).success).toBe(true);
    expect(schemas.AnyPet!.safeParse({ petType: 'Dog', barks: true }).success).toBe(true);
    expect(schemas.AnyPet!.safeParse({ petType: 'cat' }).success).toBe(false);
  });

  it('narrows the type on the tag (its usage files are type-checked by the last test)', async () => {
    const mod = await importGenerated(spec, 'discriminator-tsc');
    const usage = (body: string): string => `import type { AnyPet, Drawing } from './types.js';\n${body}\n`;
    writeUsages(mod.__dir, {
      usage: usage(`export function area(d: Drawing): number {
  switch (d.shapeType) {
    case 'circle': return Math.PI * d.radius ** 2;
    case 'square': case 'box': return d.side ** 2;
  }
}
export const purrs = (p: AnyPet): boolean | undefined => (p.petType === 'Cat' ? p.purrs : undefined);`),
      wrongVariant: usage("export const side = (d: Drawing): number => (d.shapeType === 'circle' ? d.side : 0);"),
    });
    typeChecks.add('narrowing', mod.__dir);
  });
});

describe('a discriminator over one variant', () => {
  it('keeps the tag the mapping gives, in the validator as in the type (type-checked by the last test; regression: the validator dropped it)', async () => {
    const single = specWithSchemas({
      TokenAuth: { type: 'object', required: ['mode', 'token'], properties: { mode: { type: 'string' }, token: { type: 'string' } } },
      Target: { type: 'object', properties: { auth: { oneOf: [ref('TokenAuth')], discriminator: { propertyName: 'mode', mapping: { token: '#/components/schemas/TokenAuth' } } } } },
    });
    const mod = await importGenerated<{ schemas: Record<string, z.ZodType> }>(single, 'discriminator-single');
    const target = mod.schemas.Target!;
    expect(target.safeParse({ auth: { mode: 'token', token: 't' } }).success).toBe(true);
    expect(target.safeParse({ auth: { mode: 'password', token: 't' } }).success).toBe(false);
    typeChecks.add('single-variant', mod.__dir);
  });
});

describe('OpenAPI 3.2 discriminator.defaultMapping', () => {
  const pets = {
    ...specWithSchemas({
      Cat: { type: 'object', required: ['petType', 'purrs'], properties: { petType: { type: 'string' }, purrs: { type: 'boolean' } } },
      Dog: { type: 'object', required: ['petType', 'barks'], properties: { petType: { type: 'string' }, barks: { type: 'boolean' } } },
      OtherPet: { type: 'object', required: ['name'], properties: { petType: { type: 'string' }, name: { type: 'string' } } },
      Pet: {
        oneOf: [ref('Cat'), ref('Dog'), ref('OtherPet')],
        discriminator: { propertyName: 'petType', mapping: { cat: 'Cat', dog: '#/components/schemas/Dog' }, defaultMapping: 'OtherPet' },
      },
    }),
    openapi: '3.2.0',
  };

  it.each(['mini', 'classic'])('a value whose tag is absent or maps to no variant is the default variant; a mapped tag is never the default (zod %s)', async (flavor) => {
    const { schemas, __output } = await importGenerated<Mod>(pets, `default-mapping-${flavor}`, { targetOptions: { zod: { flavor } } });
    expect(__output.diagnostics).toEqual([]);
    const pet = schemas.Pet!;
    expect(pet.safeParse({ petType: 'cat', purrs: true }).success).toBe(true);
    expect(pet.safeParse({ petType: 'hamster', name: 'Hammy' }).success).toBe(true);
    expect(pet.safeParse({ name: 'Nameless' }).success).toBe(true);
    // Tagged `cat` but not a cat: not accepted as the default, and the message is the cat's.
    const wrongCat = pet.safeParse({ petType: 'cat', name: 'Tom' });
    expect(wrongCat.success).toBe(false);
    expect(wrongCat.error?.issues[0]?.message).toMatch(/^petType 'cat': purrs: /);
    const badOther = pet.safeParse({ petType: 'hamster' });
    expect(badOther.error?.issues[0]?.message).toMatch(/^petType "hamster" \(the default variant\): name: /);
  });

  it('types the default variant without a tag (type-checked by the last test); a defaultMapping that names no variant is a located warning', async () => {
    const mod = await importGenerated(pets, 'default-mapping-tsc');
    writeUsages(mod.__dir, {
      // A value of the default variant needs no tag of its own (TypeScript cannot say "any string but
      // these", so a tag check narrows to the tagged variant or the default one).
      usage: `import type { OtherPet, Pet } from './types.js';\nexport const asPet = (p: OtherPet): Pet => p;\nexport const cat: Pet = { petType: 'cat', purrs: true };\nexport const hamster: Pet = { petType: 'hamster', name: 'Hammy' };\n`,
    });
    typeChecks.add('default-mapping', mod.__dir);
    const stray = structuredClone(pets) as unknown as { components: { schemas: { Pet: { discriminator: { defaultMapping: string } } } } };
    stray.components.schemas.Pet.discriminator.defaultMapping = 'Lizard';
    const { schemas, __output } = await importGenerated<Mod>(stray, 'default-mapping-stray');
    expect(__output.diagnostics).toContainEqual(expect.objectContaining({ level: 'warning', pointer: '/components/schemas/Pet/discriminator/defaultMapping' }));
    expect(schemas.Pet!.safeParse({ petType: 'hamster', name: 'Hammy' }).success).toBe(false);
  });
});

describe('the packages above, with their usage files', () => {
  it('type-check under strict in one tsc program, but for the usage that reads a field of the wrong variant', async () => {
    const errors = await typeChecks.errors();
    // (That file also leaves AnyPet unused.)
    expect(errors).toEqual({ narrowing: expect.arrayContaining([expect.stringMatching(/wrongVariant\.ts\(\d+,\d+\): error TS2339: Property 'side' does not exist/)]) });
    expect(errors.narrowing!.every((line) => line.includes('/src/wrongVariant.ts('))).toBe(true);
  }, 120_000);
});
