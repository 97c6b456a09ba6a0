/**
 * Every name the package declares is planned in one place (the model's name planner), so a
 * schema, an operation and an entry point of the package never take the same name, and what
 * the README shows is what the code declares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateToDisk, typeCheckPackage, writeSpec } from '../helpers/generate.js';

const item = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const page = { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Item' } }, next: { type: ['string', 'null'] } } };

/** A shop API whose schemas are named as the server stub's and the mock's own declarations are, with a paginated operation `new`. */
const shop = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1.0.0' },
  paths: {
    '/items': {
      get: {
        operationId: 'new',
        'x-pagination': { style: 'cursor', itemsField: 'data', cursorParam: 'after', cursorField: 'id', nextUriField: 'next' },
        parameters: [{ name: 'after', in: 'query', schema: { type: 'string' } }],
        responses: { '200': { description: 'A page', content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } } },
      },
    },
  },
  components: { schemas: { Item: item, Page: page, ShopHandlers: item, ShopMock: item } },
};

describe('names planned in one place', () => {
  it('a schema named like the server stub or the mock keeps its name; theirs move aside, with a warning, and the package type-checks', async () => {
    const { output, dir } = await generateToDisk(writeSpec(shop, 'shop'), 'shop');
    const server = output.files.get('src/server.ts')!;
    const mock = output.files.get('src/mock.ts')!;
    // Regression: server.ts imported the schema type ShopHandlers and declared its own (TS2440).
    expect(server).toMatch(/export interface ShopHandlers2 \{/);
    expect(server).toMatch(/export function createShopServer\(handlers: Partial<ShopHandlers2>/);
    expect(mock).toMatch(/export interface ShopMock2 \{/);
    expect(output.diagnostics.map((d) => d.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^name ShopHandlers is wanted by components\.schemas ShopHandlers and by the generated package; the second is named ShopHandlers2$/)]),
    );
    await typeCheckPackage(dir);
  }, 60_000);

  it('the README names the iterator the client declares (regression: iterateNew_ in the client, iterateNew in the README)', async () => {
    const { output, dir } = await generateToDisk(writeSpec(shop, 'shop-iterator'), 'shop-iterator');
    const client = output.files.get('src/client.ts')!;
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const declared = /\n\s+(iterate\w+)\(/.exec(client)?.[1];
    expect(declared).toBe('iterateNew');
    expect(readme).toContain(`.${declared}(`);
    const createServer = /export function (create\w+Server)\(/.exec(output.files.get('src/server.ts')!)?.[1];
    expect(readme).toContain(`import { ${createServer}, serveNode }`);
  }, 60_000);
});
