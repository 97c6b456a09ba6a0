/**
 * OpenAPI discriminators: the mapping (or the schema names) selects the variant, in types
 * and validators, also when the tag value appears only in the mapping and the variants
 * inherit their tag property through `allOf` (regression: `z.xor` rejected a valid circle
 * with "more than one option matched", and the type did not narrow).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

describe('a discriminator without mapping whose variants pin their tag (as OpenAI\'s description writes them)', () => {
  // The tag is the value each variant allows for the property (`enum: [user]`, `const`, through
  // `allOf` and a referenced enum), not the schema name, which no valid message carries
  // (regression: `UserMessage & { role: 'UserMessage' }` typed `never`, and every message was refused).
  const messages = {
    ...specWithSchemas({
      MessageBase: { type: 'object', required: ['content'], properties: { content: { type: 'string' } } },
      ToolRole: { type: 'string', enum: ['tool'] },
      UserMessage: { type: 'object', required: ['role', 'content'], properties: { role: { type: 'string', enum: ['user'] }, content: { type: 'string' } } },
      SystemMessage: { type: 'object', required: ['role', 'content'], properties: { role: { const: 'system' }, content: { type: 'string' } } },
      ToolMessage: { allOf: [ref('MessageBase'), { type: 'object', required: ['role', 'tool_call_id'], properties: { role: ref('ToolRole'), tool_call_id: { type: 'string' } } }] },
      Message: { oneOf: [ref('UserMessage'), ref('SystemMessage'), ref('ToolMessage')], discriminator: { propertyName: 'role' } },
      Conversation: { type: 'object', required: ['messages'], properties: { messages: { type: 'array', items: ref('Message') } } },
      // `type: object` beside the oneOf: an intersection whose fixture is a variant's value (regression: none was valid).
      SearchAction: { type: 'object', required: ['type', 'query'], properties: { type: { type: 'string', enum: ['search'] }, query: { type: 'string' } } },
      OpenPageAction: { type: 'object', required: ['type', 'url'], properties: { type: { type: 'string', enum: ['open_page'] }, url: { type: 'string' } } },
      WebSearchCall: {
        type: 'object',
        required: ['action'],
        properties: { action: { type: 'object', oneOf: [ref('SearchAction'), ref('OpenPageAction')], discriminator: { propertyName: 'type' } } },
      },
    }),
    paths: {
      '/conversations': {
        post: {
          operationId: 'createConversation',
          requestBody: { required: true, content: { 'application/json': { schema: ref('Conversation') } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref('Conversation') } } } },
        },
      },
    },
  };
  type Validator = { safeParse(value: unknown): { success: boolean } };

  it('validates by the values the variants pin, in the zod and the lean validators, and warns once', async () => {
    const mod = await importGenerated<Mod>(messages, 'discriminator-pinned');
    const moduleOf = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(mod.__dir, 'src', file)).href)) as T;
    const calls = await moduleOf<Record<string, Validator>>('validators.ts');
    const { fixture } = await moduleOf<{ fixture(name: string, seed: number): unknown }>('fixtures.ts');
    for (const message of [mod.schemas.Message!, calls.MessageValidator!]) {
      expect(message.safeParse({ role: 'user', content: 'hi' }).success).toBe(true);
      expect(message.safeParse({ role: 'system', content: 'be brief' }).success).toBe(true);
      expect(message.safeParse({ role: 'tool', content: '42', tool_call_id: 'call_1' }).success).toBe(true);
      expect(message.safeParse({ role: 'UserMessage', content: 'hi' }).success).toBe(false);
      expect(message.safeParse({ role: 'tool', content: '42' }).success).toBe(false);
    }
    // The fixtures (and so the mock's answers) carry the variants' own tags.
    for (let seed = 0; seed < 20; seed++) {
      expect(mod.schemas.Conversation!.safeParse(fixture('Conversation', seed)).success).toBe(true);
      expect(mod.schemas.WebSearchCall!.safeParse(fixture('WebSearchCall', seed)).success).toBe(true);
    }
    expect(mod.__output.diagnostics).toEqual([
      expect.objectContaining({ level: 'warning', group: 'discriminator-tag-from-variant', pointer: '/components/schemas/Message/discriminator' }),
      expect.objectContaining({ level: 'warning', group: 'discriminator-tag-from-variant', pointer: '/components/schemas/WebSearchCall/properties/action/discriminator' }),
    ]);
    writeUsages(mod.__dir, {
      usage: `import type { Message } from './types.js';
export const user: Message = { role: 'user', content: 'hi' };
export const toolCallOf = (m: Message): string | undefined => (m.role === 'tool' ? m.tool_call_id : undefined);`,
    });
    typeChecks.add('pinned', mod.__dir);
  });

  it('keeps an explicit mapping, warning where it names a value its variant refuses', async () => {
    const mapped = structuredClone(messages) as unknown as { components: { schemas: Record<string, Record<string, unknown>> } };
    mapped.components.schemas.Message!.discriminator = { propertyName: 'role', mapping: { human: 'UserMessage' } };
    const { schemas, __output } = await importGenerated<Mod>(mapped, 'discriminator-pinned-mapped');
    expect(__output.diagnostics).toContainEqual(
      expect.objectContaining({ level: 'warning', pointer: '/components/schemas/Message/discriminator', message: expect.stringContaining('selects UserMessage for "human", but UserMessage allows only "user"') }),
    );
    // The mapping decides the tag (and no value is then valid for that variant), the others keep theirs.
    expect(schemas.Message!.safeParse({ role: 'system', content: 'be brief' }).success).toBe(true);
    expect(schemas.Message!.safeParse({ role: 'user', content: 'hi' }).success).toBe(false);
  });

  it('validates by the variants alone where a value selects two of them (regression: zod refused to build the union)', async () => {
    const shared = specWithSchemas({
      InputMessage: { type: 'object', required: ['type', 'role'], properties: { type: { enum: ['message'] }, role: { enum: ['user'] } } },
      OutputMessage: { type: 'object', required: ['type', 'role'], properties: { type: { enum: ['message'] }, role: { enum: ['assistant'] } } },
      Reasoning: { type: 'object', required: ['type'], properties: { type: { enum: ['reasoning'] } } },
      Item: { oneOf: [ref('InputMessage'), ref('OutputMessage'), ref('Reasoning')], discriminator: { propertyName: 'type' } },
    });
    const { schemas, __output } = await importGenerated<Mod>(shared, 'discriminator-pinned-shared');
    expect(__output.diagnostics).toEqual([
      expect.objectContaining({ level: 'warning', pointer: '/components/schemas/Item/discriminator', message: expect.stringContaining('"message" selects InputMessage and OutputMessage') }),
    ]);
    expect(schemas.Item!.safeParse({ type: 'message', role: 'assistant' }).success).toBe(true);
    expect(schemas.Item!.safeParse({ type: 'reasoning' }).success).toBe(true);
    expect(schemas.Item!.safeParse({ type: 'message', role: 'tool' }).success).toBe(false);
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
