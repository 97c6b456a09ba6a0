/**
 * Loading valid documents that used to crash (swagger-parser's full dereference), `$ref`
 * resolution on demand (pointers, `$id`, `$anchor`, siblings, booleans, recursion), and the
 * errors a user gets for broken or unsupported documents.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { SpecError } from '../../generator/load/errors.js';
import { generateToDisk, importGenerated, specWithSchemas, TypeCheckBatch, writeSpec } from '../helpers/generate.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

type Validator = { safeParse(v: unknown): { success: boolean } };
type Mod = { schemas: Record<string, Validator> };
const accepts = (v: Validator | undefined, value: unknown): boolean => v!.safeParse(value).success;

/** The packages of the documents swagger-parser crashed on, type-checked together by the describe's last test. */
const typeChecks = new TypeCheckBatch('loader');

describe('documents swagger-parser crashed on', () => {
  it('a $ref beside siblings pointing into its own $defs (regression: Maximum call stack size exceeded)', async () => {
    const spec = specWithSchemas({
      Tree: {
        $defs: {
          node: {
            type: 'object',
            required: ['value'],
            properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree/$defs/node' } } },
          },
          root: { $ref: '#/components/schemas/Tree/$defs/node' },
        },
        $ref: '#/components/schemas/Tree/$defs/root',
        required: ['children'],
      },
      Closed: { $ref: '#/components/schemas/Tree', unevaluatedProperties: false },
    });
    const mod = await importGenerated<Mod>(spec, 'defs-siblings');
    expect(accepts(mod.schemas.Tree, { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] })).toBe(true);
    // Recursion reaches the nested node's own checks.
    expect(accepts(mod.schemas.Tree, { value: 1, children: [{ value: 'two' }] })).toBe(false);
    // 3.1: the sibling `required` applies too.
    expect(accepts(mod.schemas.Tree, { value: 1 })).toBe(false);
    expect(accepts(mod.schemas.Closed, { value: 1, children: [] })).toBe(true);
    typeChecks.add('defs-siblings', mod.__dir);
  });

  it("boolean schemas where $refs are resolved too (regression: Cannot create property '$ref' on boolean 'true')", async () => {
    const spec = specWithSchemas({
      Anything: true,
      Nothing: false,
      // The shape that crashed: a `$ref` beside `$defs`, into them, to a boolean.
      Always: { $ref: '#/components/schemas/Always/$defs/yes', $defs: { yes: true } },
      Never: { $ref: '#/components/schemas/Never/$defs/no', $defs: { no: false } },
      Holder: {
        type: 'object',
        properties: { free: true, banned: false, viaRef: { $ref: '#/components/schemas/Holder/$defs/yes' }, list: { type: 'array', items: { $ref: '#/components/schemas/Anything' } } },
        $defs: { yes: true },
      },
    });
    const mod = await importGenerated<Mod>(spec, 'boolean-schemas');
    expect(accepts(mod.schemas.Anything, { any: ['thing'] })).toBe(true);
    expect(accepts(mod.schemas.Nothing, 1)).toBe(false);
    expect(accepts(mod.schemas.Always, 'anything')).toBe(true);
    expect(accepts(mod.schemas.Never, 'anything')).toBe(false);
    expect(accepts(mod.schemas.Holder, { free: 1, viaRef: 'x', list: [null, 2] })).toBe(true);
    expect(accepts(mod.schemas.Holder, { banned: 1 })).toBe(false);
    typeChecks.add('boolean-schemas', mod.__dir);
  });

  it('both packages type-check under strict (one tsc program)', async () => {
    expect(await typeChecks.errors()).toEqual({});
  }, 120_000);
});

describe('$ref resolution', () => {
  it('follows $id base URIs and $anchor names (3.1)', async () => {
    const spec = specWithSchemas({
      Person: {
        $id: 'https://example.com/schemas/person',
        type: 'object',
        required: ['home'],
        properties: { home: { $ref: 'address' }, work: { $ref: '#office' } },
        $defs: {
          address: { $id: 'address', type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
          office: { $anchor: 'office', type: 'object', required: ['floor'], properties: { floor: { type: 'integer' } } },
        },
      },
    });
    const mod = await importGenerated<Mod>(spec, 'ids-anchors');
    expect(accepts(mod.schemas.Person, { home: { city: 'Oslo' }, work: { floor: 3 } })).toBe(true);
    expect(accepts(mod.schemas.Person, { home: {} })).toBe(false);
    expect(accepts(mod.schemas.Person, { home: { city: 'Oslo' }, work: { floor: 'third' } })).toBe(false);
  });

  it('ignores the siblings of a $ref in OpenAPI 3.0', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Legacy', version: '1.0.0' },
      paths: {},
      components: {
        schemas: {
          Base: { type: 'object', properties: { id: { type: 'string' } } },
          Child: { $ref: '#/components/schemas/Base', required: ['extra'] },
        },
      },
    };
    const mod = await importGenerated<Mod>(spec, 'legacy-siblings');
    expect(accepts(mod.schemas.Child, { id: 'a' })).toBe(true);
  });

  it('follows a parameter $ref whose fragment is percent-encoded, into another path (regression: DigitalOcean\'s droplet_id became a query parameter named undefined)', async () => {
    const idParameter = { name: 'droplet_id', in: 'path', required: true, schema: { type: 'integer' } };
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Droplets', version: '1.0.0' },
      paths: {
        '/v2/droplets/{droplet_id}': { get: { operationId: 'getDroplet', parameters: [idParameter], responses: { '204': { description: 'ok' } } } },
        '/v2/droplets/{droplet_id}/backups': {
          get: { operationId: 'listBackups', parameters: [{ $ref: '#/paths/~1v2~1droplets~1%7Bdroplet_id%7D/get/parameters/0' }], responses: { '204': { description: 'ok' } } },
        },
      },
    };
    const mod = await importGenerated<{ operations: Record<string, { parameters: unknown[] }> }>(spec, 'encoded-fragment');
    expect(mod.operations.listBackups!.parameters).toEqual([expect.objectContaining({ name: 'droplet_id', in: 'path', required: true })]);
  });

  it.each([
    ['a missing $defs entry', { A: { $defs: {}, $ref: '#/components/schemas/A/$defs/nope' } }, '#/components/schemas/A/$defs/nope'],
    ['a missing anchor', { A: { type: 'object', properties: { b: { $ref: '#nowhere' } } } }, '#nowhere'],
  ])('reports %s as a located broken $ref', async (_, schemas, ref) => {
    const file = writeSpec(specWithSchemas(schemas), 'broken-ref');
    const error = await generatePackage({ file, name: 'broken' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).message).toMatch(/:\d+:\d+ \(at #\/components\/schemas\/A.*\): broken \$ref: /);
    expect((error as SpecError).message).toContain(`${ref} does not exist`);
  });

  it('resolves a relative $ref against a relative $id inside the document, and reads a file only when the $ref names one', async () => {
    const dir = repoTempDir('relative-id-');
    mkdirSync(join(dir, 'folder'));
    writeFileSync(join(dir, 'folder', 'money.yaml'), stringify({ Money: { type: 'string', pattern: '^\\d+$' } }));
    writeFileSync(join(dir, 'codes.yaml'), stringify({ Code: { type: 'integer' } }));
    const order = {
      $id: 'folder/order.json',
      type: 'object',
      required: ['item'],
      $defs: { Item: { $id: 'item.json', type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } } },
      // `item.json` is the $defs entry (folder/item.json), not a file; `money.yaml` is folder/money.yaml; `../codes.yaml` climbs back.
      properties: { item: { $ref: 'item.json' }, same: { $ref: '#/$defs/Item' }, price: { $ref: 'money.yaml#/Money' }, code: { $ref: '../codes.yaml#/Code' } },
    };
    writeFileSync(join(dir, 'main.openapi.yaml'), stringify(specWithSchemas({ Order: order })));
    const { dir: pkg } = await generateToDisk(join(dir, 'main.openapi.yaml'), 'relative-id');
    const mod = (await import(pathToFileURL(join(pkg, 'src', 'index.ts')).href)) as Mod;
    expect(accepts(mod.schemas.Order, { item: { sku: 'a' }, same: { sku: 'b' }, price: '12', code: 3 })).toBe(true);
    expect(accepts(mod.schemas.Order, { item: {} })).toBe(false);
    expect(accepts(mod.schemas.Order, { item: { sku: 'a' }, price: '1.5' })).toBe(false);
    expect(accepts(mod.schemas.Order, { item: { sku: 'a' }, code: 'x' })).toBe(false);
  });

  it('still bundles a reference to another file', async () => {
    const dir = repoTempDir('external-');
    writeFileSync(join(dir, 'pet.yaml'), stringify({ Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } }));
    const main = specWithSchemas({ Owner: { type: 'object', required: ['pet'], properties: { pet: { $ref: './pet.yaml#/Pet' } } } });
    writeFileSync(join(dir, 'main.openapi.yaml'), stringify(main));
    const { output } = await generateToDisk(join(dir, 'main.openapi.yaml'), 'external');
    expect(output.files.get('src/schemas.ts')).toMatch(/name: \/\* @__PURE__ \*\/ z\.string\(\)/);
    writeFileSync(join(dir, 'missing.openapi.yaml'), stringify(specWithSchemas({ Owner: { $ref: './gone.yaml#/Pet' } })));
    await expect(generatePackage({ file: join(dir, 'missing.openapi.yaml'), name: 'missing' })).rejects.toThrow(
      /missing\.openapi\.yaml:\d+:\d+ \(at #\/components\/schemas\/Owner\): cannot read the file of \$ref \.\/gone\.yaml#\/Pet: ENOENT/,
    );
    // A remote reference is the document's problem, not a generator bug (regression: exit 3); it is never fetched.
    writeFileSync(join(dir, 'remote.openapi.yaml'), stringify(specWithSchemas({ Owner: { $ref: 'http://127.0.0.1:1/schemas/pet.json#/Pet' } })));
    await expect(generatePackage({ file: join(dir, 'remote.openapi.yaml'), name: 'remote' })).rejects.toThrow(
      /remote\.openapi\.yaml:\d+:\d+ \(at #\/components\/schemas\/Owner\): \$ref http:\/\/127\.0\.0\.1:1\/schemas\/pet\.json#\/Pet is remote: remote references are not fetched/,
    );
    writeFileSync(join(dir, 'no-pointer.openapi.yaml'), stringify(specWithSchemas({ Owner: { $ref: './pet.yaml#/Nope' } })));
    await expect(generatePackage({ file: join(dir, 'no-pointer.openapi.yaml'), name: 'no-pointer' })).rejects.toThrow(
      /no-pointer\.openapi\.yaml:\d+:\d+ \(at #\/components\/schemas\/Owner\): broken \$ref: \.\/pet\.yaml#\/Nope does not exist/,
    );
  });
});

describe('documents the generator refuses, through the command line', () => {
  const run = promisify(execFile);
  const cli = async (spec: string): Promise<{ code: number; stderr: string }> => {
    const dir = repoTempDir('refuse-');
    writeFileSync(join(dir, 'bad.openapi.yaml'), spec);
    try {
      await run(process.execPath, ['--conditions=svc-source', join(repoRoot, 'generator', 'launch.mjs'), '--spec', 'bad.openapi.yaml', '--out', 'out'], { cwd: dir });
      return { code: 0, stderr: '' };
    } catch (error) {
      const e = error as { code: number; stderr: string };
      return { code: e.code, stderr: e.stderr };
    }
  };
  const schemaWithType = (version: string, type: string): string =>
    [`openapi: ${version}`, 'info: { title: T, version: 1.0.0 }', 'paths: {}', 'components:', '  schemas:', '    Thing:', '      type: object', '      properties:', '        name:', `          type: ${type}`, ''].join('\n');

  it.each(['3.1.0', '3.0.3'])('an unknown type (`type: strin`, OpenAPI %s) exits 2 with file:line (regression: a warning, exit 0)', async (version) => {
    const { code, stderr } = await cli(schemaWithType(version, 'strin'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/bad\.openapi\.yaml:10:\d+ \(at #\/components\/schemas\/Thing\/properties\/name\/type\): /);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a Swagger version other than 2.0 is refused, located', async () => {
    const { code, stderr } = await cli('swagger: "1.2"\ninfo: { title: T, version: 1.0.0 }\npaths: {}\n');
    expect(code).toBe(2);
    expect(stderr).toMatch(/bad\.openapi\.yaml:1:\d+ \(at #\/swagger\): unsupported Swagger version 1\.2 \(2\.0 is converted to OpenAPI 3\.0\)/);
  });
});
