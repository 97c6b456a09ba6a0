/**
 * `allOf` of two open objects with different properties is validated as one object
 * (`allOfObjects`), with the semantics of the intersection it replaces; overlapping or closed
 * parts stay an intersection.
 */
import { describe, expect, it } from 'vitest';
import { generateToDisk, importGenerated, specWithSchemas, typeCheckPackage, writeSpec } from '../helpers/generate.js';

type Validator = { safeParse(value: unknown): { success: boolean; data?: unknown } };

describe('allOf of open objects', () => {
  it('checks both parts, keeps unknown keys, and requires what either part requires', async () => {
    const pkg = await importGenerated<{ schemas: Record<string, Validator> }>(
      specWithSchemas({
        Base: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, created_at: { type: 'string', format: 'date-time' } } },
        Event: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['kind'], properties: { kind: { enum: ['a', 'b'] }, count: { type: 'integer', minimum: 0 } } }] },
        Overlap: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { id: { type: 'string', minLength: 40 } } }] },
      }),
      'merged-allof',
    );
    const files = [...pkg.__output.files.entries()].find(([path]) => path === 'src/schemas.ts')![1];
    expect(files).toMatch(/EventSchema = \/\* @__PURE__ \*\/ allOfObjects\(\s*BaseSchema,\s*\/\* @__PURE__ \*\/ openObject\(/);
    expect(files).toMatch(/OverlapSchema = \/\* @__PURE__ \*\/ z\.intersection\(/);
    const event = pkg.schemas.Event!;
    const valid = { id: '6f1c2a4e-8a53-4e53-9f4b-2d1f7f0b8c11', kind: 'a', count: 2, extra: true };
    expect(event.safeParse(valid)).toEqual({ success: true, data: valid });
    expect(event.safeParse({ ...valid, id: 'not-a-uuid' }).success).toBe(false);
    expect(event.safeParse({ ...valid, created_at: 'yesterday' }).success).toBe(false);
    expect(event.safeParse({ id: valid.id, count: 1 }).success).toBe(false);
    expect(event.safeParse({ kind: 'b' }).success).toBe(false);
    expect(event.safeParse({ ...valid, count: -1 }).success).toBe(false);
    // The overlapping part still applies both constraints to `id`.
    expect(pkg.schemas.Overlap!.safeParse({ id: valid.id }).success).toBe(false);
  });

  it('stays an intersection where a part is typed only as z.ZodType (annotated to spare the type checker), and type-checks', async () => {
    // A chain of 24 objects each holding the one before: too deep for inferred types, so some
    // validators in it are declared as z.ZodType<...> and show no object shape.
    const chain: Record<string, unknown> = {};
    for (let i = 0; i < 24; i++) chain[`Level${i}`] = { type: 'object', properties: { name: { type: 'string' }, ...(i > 0 ? { inner: { $ref: `#/components/schemas/Level${i - 1}` } } : {}) } };
    for (let i = 0; i < 24; i++) chain[`Tagged${i}`] = { allOf: [{ type: 'object', properties: { tag: { type: 'string' } } }, { $ref: `#/components/schemas/Level${i}` }] };
    for (const [flavor, annotation] of [['mini', /z\.ZodMiniType<Level\d+>/], ['classic', /z\.ZodType<Level\d+>/]] as const) {
      const { dir, output } = await generateToDisk(writeSpec(specWithSchemas(chain), 'merged-allof-opaque'), `merged-allof-opaque-${flavor}`, { targetOptions: { zod: { flavor } } });
      const schemas = output.files.get('src/schemas.ts')!;
      expect(schemas).toMatch(annotation);
      await typeCheckPackage(dir);
    }
  }, 180_000);
});

