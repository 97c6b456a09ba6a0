/**
 * The pipeline on documents that are not ours: OpenAPI 3.0 in JSON without any of our
 * extensions, name collisions, determinism, and the generated code type-checking.
 */
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { generateToDisk, importGenerated, TypeCheckBatch, writeSpec } from '../helpers/generate.js';

/** A petstore-like OpenAPI 3.0 document: JSON, `nullable`, no x- extensions. */
const petstore = {
  openapi: '3.0.3',
  info: { title: 'Petstore', version: '1.0.0', description: 'A sample API.' },
  servers: [{ url: 'https://petstore.example.com/v1' }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        tags: ['pets'],
        summary: 'List all pets',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', format: 'int32', maximum: 100 } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } }, explode: false },
        ],
        responses: {
          '200': { description: 'A page of pets', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } },
          default: { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
      post: {
        operationId: 'createPet',
        tags: ['pets'],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
        responses: { '201': { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
    },
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'showPetById',
        tags: ['pets'],
        responses: { '200': { description: 'A pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
      delete: { operationId: 'deletePet', tags: ['pets'], deprecated: true, responses: { '204': { description: 'Deleted' } } },
    },
  },
  components: {
    schemas: {
      Pet: {
        allOf: [{ $ref: '#/components/schemas/NewPet' }, { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' } } }],
      },
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, tag: { type: 'string', nullable: true }, 'x-rated': { type: 'boolean' } },
      },
      Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
      'pet-list': { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
    },
  },
};

/** The packages this file generates, type-checked together by its last test. */
const typeChecks = new TypeCheckBatch('pipeline');

describe('generic OpenAPI documents', () => {
  it('generates a package from an OpenAPI 3.0 JSON document with no extensions (type-checked by the last test)', async () => {
    const file = writeSpec(petstore, 'petstore', 'json');
    const { dir, output } = await generateToDisk(file, 'petstore');
    expect([...output.files.keys()]).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'tsconfig.json', 'src/index.ts', 'src/types.ts', 'src/schemas.ts', 'src/operations.ts', 'src/client.ts']),
    );
    typeChecks.add('petstore', dir, ['node']);
  });

  it('exports schemas keyed by component name and operations keyed by operationId', async () => {
    type Mod = {
      schemas: Record<string, { safeParse(v: unknown): { success: boolean } }>;
      operations: Record<string, { method: string; path: string; responses: Record<string, unknown>; deprecated: boolean }>;
    };
    const mod = await importGenerated<Mod>(petstore, 'petstore-import');
    expect(Object.keys(mod.schemas).sort()).toEqual(['Error', 'NewPet', 'Pet', 'pet-list']);
    expect(mod.schemas.Pet!.safeParse({ id: 1, name: 'Rex', tag: null }).success).toBe(true);
    expect(mod.schemas.Pet!.safeParse({ name: 'Rex' }).success).toBe(false);
    expect(Object.keys(mod.operations).sort()).toEqual(['createPet', 'deletePet', 'listPets', 'showPetById']);
    expect(mod.operations.showPetById).toMatchObject({ method: 'GET', path: '/pets/{petId}' });
    expect(Object.keys(mod.operations.listPets!.responses).sort()).toEqual(['200', 'default']);
    expect(mod.operations.deletePet!.deprecated).toBe(true);
  });

  it('names operations without an operationId after their method and path', async () => {
    const spec = { ...petstore, paths: { '/stores/{storeId}/orders': { get: { responses: { '200': { description: 'ok' } } } } } };
    type Mod = { operations: Record<string, { method: string; path: string }> };
    const mod = await importGenerated<Mod>(spec, 'petstore-no-ids');
    expect(Object.keys(mod.operations)).toEqual(['getStoresByStoreIdOrders']);
    expect(mod.operations.getStoresByStoreIdOrders).toMatchObject({ method: 'GET', path: '/stores/{storeId}/orders' });
  });

  it('escapes comment terminators and quotes from every text of the spec (regression: a tag description with **/path** broke the client)', async () => {
    const hostile = "Ends */ early, 'quotes', `ticks` and ${'$'}{braces} **/oauth/code**";
    const spec = {
      openapi: '3.1.0',
      info: { title: `Hostile ${hostile}`, version: '1.0.0', description: hostile },
      tags: [{ name: 'things', description: hostile }],
      'x-hosted-flows': [{ name: 'flow', server: 'https://pay.example.com', path: '/go', description: hostile, query: [{ name: 'token', required: true, description: hostile }] }],
      paths: {
        '/things/{id}': {
          get: {
            operationId: 'getThing',
            tags: ['things'],
            summary: hostile,
            description: hostile,
            parameters: [{ name: 'id', in: 'path', required: true, description: hostile, schema: { type: 'string', description: hostile } }],
            responses: { '200': { description: hostile, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
          },
        },
      },
      components: { schemas: { Thing: { type: 'object', title: hostile, description: hostile, properties: { "we'ird */ key": { type: 'string', description: hostile, enum: [hostile] } } } } },
    };
    const { dir } = await generateToDisk(writeSpec(spec, 'hostile'), 'hostile');
    typeChecks.add('hostile', dir);
  });

  it('plans client class and group names with every other name (regression: tags differing only in case collided)', async () => {
    const op = (operationId: string, tag: string) => ({ get: { operationId, tags: [tag], responses: { '200': { description: 'ok' } } } });
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Clusters', version: '1' },
      paths: { '/a': op('listA', 'managedClusters'), '/b': op('listB', 'ManagedClusters'), '/c': op('listC', 'pets') },
      components: { schemas: { PetsApi: { type: 'string' } } },
    };
    const { output, dir } = await generateToDisk(writeSpec(spec, 'clusters'), 'clusters');
    const client = output.files.get('src/client.ts') ?? '';
    expect(client).toMatch(/export class ManagedClustersApi \{/);
    expect(client).toMatch(/export class ManagedClustersApi2 \{/);
    expect(client).toMatch(/export class PetsApi2 \{/);
    expect(client).toMatch(/readonly managedClusters: ManagedClustersApi2;\s+[^]*readonly managedClusters2: ManagedClustersApi;|readonly managedClusters: ManagedClustersApi;/);
    typeChecks.add('clusters', dir);
  });

  it('names the server replies and page iterators of operationIds that differ only in case apart (regression: duplicate identifiers)', async () => {
    const item = { type: 'object', properties: { id: { type: 'string' } } };
    const page = { content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: item }, next_page: { type: 'integer' } } } } } };
    const list = (operationId: string) => ({ get: { operationId, tags: ['rules'], parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }], 'x-pagination': { style: 'page', pageParam: 'page', itemsField: 'data', totalPagesField: 'next_page' }, responses: { '200': { description: 'ok', ...page } } } });
    const spec = { openapi: '3.0.3', info: { title: 'Rules', version: '1' }, paths: { '/fax/rules': list('List Rules'), '/sms/rules': list('List rules') } };
    const { output, dir } = await generateToDisk(writeSpec(spec, 'case-operation-ids'), 'case-operation-ids');
    const server = output.files.get('src/server.ts') ?? '';
    expect(server).toMatch(/export type ListRulesReply =/);
    expect(server).toMatch(/export type ListRules2Reply =|export type ListRulesReply2 =/);
    const client = output.files.get('src/client.ts') ?? '';
    expect(client).toMatch(/iterateListRules\(/);
    expect(client).toMatch(/iterateListRules2\(/);
    typeChecks.add('case-operation-ids', dir);
  });

  it('keeps the names the client re-exports from the runtime for them (regression: operation `network` made a second NetworkError)', async () => {
    const error = { description: 'failed', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } };
    const spec = { openapi: '3.0.3', info: { title: 'Radio', version: '1' }, paths: { '/network': { get: { operationId: 'network', responses: { '200': { description: 'ok' }, '400': error } } } } };
    const { output, dir } = await generateToDisk(writeSpec(spec, 'runtime-names'), 'runtime-names');
    expect(output.files.get('src/types.ts')).toMatch(/export type NetworkError2 =/);
    typeChecks.add('runtime-names', dir);
  });

  it('keeps a parameter whose schema is marked readOnly in the request validator (regression: the path id was dropped)', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Projects', version: '1' },
      paths: { '/projects/{project_id}': { get: { operationId: 'getProject', parameters: [{ name: 'project_id', in: 'path', required: true, schema: { type: 'string', readOnly: true } }], responses: { '200': { description: 'ok' } } } } },
    };
    const { output, dir } = await generateToDisk(writeSpec(spec, 'read-only-parameter'), 'read-only-parameter');
    expect(output.files.get('src/operations.ts')).toMatch(/GetProjectParamsSchema = \/\* @__PURE__ \*\/ compiledObject\(\{\s*project_id: \/\* @__PURE__ \*\/ z\.string\(\)/);
    typeChecks.add('read-only-parameter', dir);
  });

  it('keeps parameters with the same name in two locations apart (regression: duplicate properties)', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Dupes', version: '1' },
      paths: {
        '/lists/{list_id}': {
          get: {
            operationId: 'getList',
            parameters: [
              { name: 'list_id', in: 'query', schema: { type: 'string' } },
              { name: 'list_id', in: 'path', required: true, schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
          },
        },
      },
    };
    type Client = new (options: object) => { default: { getList(params: Record<string, string>): Promise<unknown> } };
    const mod = await importGenerated<{ DupesClient: Client }>(spec, 'dupes');
    const urls: string[] = [];
    const client = new mod.DupesClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: async (request: Request) => {
        urls.push(request.url);
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      },
    });
    await client.default.getList({ list_id: 'in-path', query_list_id: 'in-query' });
    expect(urls).toEqual(['http://127.0.0.1:9/lists/in-path?list_id=in-query']);
    const types = mod.__output.files.get('src/types.ts') ?? '';
    expect(types).toMatch(/^\s+list_id: string;$/m);
    expect(types).toMatch(/^\s+query_list_id\?: string;$/m);
  });

  it('is deterministic: the same input gives byte-identical output', async () => {
    const file = writeSpec(petstore, 'petstore-determinism');
    const first = await generatePackage({ file, name: 'same' });
    const second = await generatePackage({ file, name: 'same' });
    expect([...second.files.entries()]).toEqual([...first.files.entries()]);
  });

  it('resolves a name collision deterministically and reports both sources', async () => {
    const spec = {
      ...petstore,
      components: { schemas: { ...petstore.components.schemas, 'Pet_': { type: 'string' }, 'pet': { type: 'number' } } },
    };
    const file = writeSpec(spec, 'petstore-collision');
    const output = await generatePackage({ file, name: 'collision' });
    const collisions = output.diagnostics.filter((d) => d.message.startsWith('name Pet is wanted by')).map((d) => d.message);
    // Keys are taken in code-point order: Pet, Pet_, pet.
    expect(collisions).toEqual([
      'name Pet is wanted by components.schemas Pet and by components.schemas Pet_; the second is named Pet2',
      'name Pet is wanted by components.schemas Pet and by components.schemas pet; the second is named Pet3',
    ]);
    expect(output.files.get('src/types.ts')).toMatch(/export type Pet2 = string;/);
    expect(output.files.get('src/types.ts')).toMatch(/export type Pet3 = number;/);
    expect(output.files.get('src/schemas.ts')).toMatch(/Pet_: Pet2Schema/);
  });

  it('imports the lean builders only where a call validates something (regression: a document without schemas, parameters or bodies left the import unused)', async () => {
    const bare = { openapi: '3.0.3', info: { title: 'Bare', version: '1.0.0' }, paths: { '/ping': { get: { operationId: 'ping', responses: { '204': { description: 'Up.' } } } } } };
    const { dir, output } = await generateToDisk(writeSpec(bare, 'bare-calls', 'json'), 'bare-calls');
    expect(output.files.get('src/calls.ts')).not.toContain('lean');
    expect(output.files.get('src/calls.ts')).toContain('export const pingCall = {');
    typeChecks.add('bare-calls', dir, ['node']);
  });

  it('every package generated above type-checks under strict (one tsc program for them all)', async () => {
    expect(await typeChecks.errors()).toEqual({});
  }, 120_000);
});
