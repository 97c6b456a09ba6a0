/**
 * One small spec per target, asserting what users read in the emitted files: names,
 * doc comments, open enums, deprecation, grouping by tag, iterators, package files.
 */
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { writeSpec } from '../helpers/generate.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '2024-01-01', description: 'A small shop.' },
  servers: [{ url: '{base}/api', variables: { base: { default: 'https://shop.example.com' } } }],
  tags: [{ name: 'orders', description: 'Orders of the shop.' }],
  'x-versioning': { header: 'Shop-Version', current: '2024-01-01', format: 'date' },
  'x-hosted-flows': [{ name: 'checkout', server: 'https://pay.shop.example.com', path: '/checkout', query: [{ name: 'orderId', required: true }] }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Status: { type: 'string', description: 'Where the order is.', anyOf: [{ enum: ['open', 'paid'] }, { type: 'string' }] },
      Order: {
        type: 'object',
        description: 'An order. Closing */ comments are escaped.',
        required: ['id', 'status'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          status: { $ref: '#/components/schemas/Status' },
          note: { type: ['string', 'null'], description: 'Free text.' },
          legacy_code: { type: 'string', deprecated: true },
        },
        examples: [{ id: '0b5d2a52-5a3b-4a43-9d6e-0c2f7a9b1e11', status: 'open', note: null }],
      },
      OrderList: {
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Order' } }, next: { type: ['string', 'null'] } },
      },
      Error: {
        type: 'object',
        properties: { errors: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', enum: ['not_found', 'invalid'] } } } } },
      },
    },
  },
  security: [{ bearer: [] }],
  paths: {
    '/orders': {
      get: {
        operationId: 'listOrders',
        tags: ['orders'],
        summary: 'List orders',
        parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }],
        'x-pagination': { style: 'token', itemsField: 'items', tokenParam: 'cursor', nextTokenField: 'next' },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderList' } } } },
          '404': { description: 'no', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/orders/{id}': {
      delete: {
        operationId: 'deleteOrder',
        tags: ['orders'],
        deprecated: true,
        security: [],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '204': { description: 'gone' } },
      },
    },
    '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'pong' } } } },
  },
};

describe('targets on a small spec', async () => {
  const output = await generatePackage({ file: writeSpec(spec, 'shop'), name: 'shop' });
  const file = (path: string): string => output.files.get(path) ?? '';

  it('types: named, documented, open enums, nullable, deprecated, escaped comments', () => {
    const types = file('src/types.ts');
    expect(types).toMatch(/\/\*\*\n \* Where the order is\.\n \*\n \* Component `Status`\.\n \*\/\nexport type Status = 'open' \| 'paid' \| \(string & \{\}\);/);
    expect(types).toMatch(/export interface Order \{/);
    expect(types).toContain('Closing *\\/ comments are escaped.');
    expect(types).toMatch(/note\?: string \| null;/);
    expect(types).toMatch(/\/\*\* @deprecated \*\/\n\s+legacy_code\?: string;/);
    expect(types).toMatch(/export type ListOrdersErrorId = 'invalid' \| 'not_found';/);
    expect(types).toMatch(/export type ListOrdersItem = Order;/);
    expect(types).toMatch(/export type DeleteOrderResponse = undefined;/);
    expect(types).toMatch(/@example\n \* \{\n \*   "id": "0b5d2a52/);
  });

  it('zod: one validator per schema and the schemas record keyed by spec name', () => {
    const schemas = file('src/schemas.ts');
    expect(schemas).toMatch(/export const StatusSchema = \/\* @__PURE__ \*\/ openEnum\(\['open', 'paid'\]\);/);
    // Its type written out, member by member, so that a declaration file never serializes the whole record.
    expect(schemas).toMatch(
      /export const schemas: \{\s+readonly Error: typeof ErrorSchema;\s+readonly Order: typeof OrderSchema;\s+readonly OrderList: typeof OrderListSchema;\s+readonly Status: typeof StatusSchema;\s+\} = \{\s+Error: ErrorSchema,\s+Order: OrderSchema,\s+OrderList: OrderListSchema,\s+Status: StatusSchema,?\s+\};/,
    );
    expect(file('src/type-checks.ts')).toContain('Assert<Equals<z.infer<typeof OrderSchema>, Order>>');
  });

  it('operations: method, path, parameters, security, pagination, responses by status', () => {
    const ops = file('src/operations.ts');
    expect(ops).toMatch(/export const listOrdersOperation = \{\s+operationId: 'listOrders',\s+method: 'GET',\s+path: '\/orders',/);
    // One constant per operation, and the record of them all.
    expect(ops).toMatch(/export const operations: \{\s+readonly deleteOrder: typeof deleteOrderOperation;\s+readonly listOrders: typeof listOrdersOperation;[\s\S]*?\} = \{\s+deleteOrder: deleteOrderOperation,\s+listOrders: listOrdersOperation,/);
    expect(ops).toMatch(/export const api: typeof apiInfo & \{ readonly operations: typeof operations \} =/);
    expect(ops).toMatch(/deleteOrderOperation = \{\s+operationId: 'deleteOrder',[\s\S]*?deprecated: true/);
    expect(ops).toMatch(/responses: \{ '200': OrderListSchema, '404': ErrorSchema \}/);
    expect(ops).toMatch(/pagination: \{ style: 'token', itemsField: 'items', tokenParam: 'cursor', nextTokenField: 'next' \}/);
    // The API's own description has a module of its own, which operations.ts re-exports.
    expect(file('src/api-info.ts')).toMatch(/versioning: \{ header: 'Shop-Version', current: '2024-01-01' \}/);
    expect(ops).toMatch(/^import \{ apiInfo \} from '\.\/api-info\.js';$/m);
    expect(ops).toMatch(/^export \{ apiInfo \};$/m);
    expect(ops).toMatch(/security: \[\]/);
  });

  it('client: a class per tag, untagged operations in a default group, iterators, deprecation, security notes', () => {
    const client = file('src/client.ts');
    expect(client).toMatch(/export class OrdersApi \{/);
    expect(client).toMatch(/export class DefaultApi \{/);
    expect(client).toMatch(/export class ShopClient \{/);
    expect(client).toMatch(/readonly orders: OrdersApi;/);
    expect(client).toMatch(/iterateListOrders\(params: ListOrdersParams = \{\}, options\?: CallOptions\): AsyncIterableIterator<ListOrdersItem>/);
    expect(client).toMatch(/@deprecated The spec marks this operation deprecated\.[\s\S]*export function deleteOrder\(/);
    expect(client).toMatch(/@deprecated The spec marks this operation deprecated\.[\s\S]*\n  deleteOrder\(/);
    // One function per operation, the class's methods calling it with the class's client.
    expect(client).toMatch(/export function createClient\(options: ClientOptions = \{\}\): HttpClient \{/);
    expect(client).toMatch(/export function iterateListOrders\(\s*client: HttpClient,\s*params: ListOrdersParams = \{\},\s*options\?: CallOptions,?\s*\): AsyncIterableIterator<ListOrdersItem>/);
    expect(client).toMatch(/return iterateListOrders\(this\.http, params, options\);/);
    expect(client).toContain('Public: sends no credentials.');
    expect(client).toContain('Security: bearer.');
  });

  it('hosted flows: a typed URL builder per flow', () => {
    expect(file('src/hosted-flows.ts')).toMatch(/export function checkoutFlowUrl\(params: CheckoutFlowParams, baseUrl: string = 'https:\/\/pay\.shop\.example\.com'\): string/);
  });

  it('package files: package.json, README with usage, tsconfig; index re-exports every module', () => {
    const pkg = JSON.parse(file('package.json')) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: '@svc/shop', type: 'module', sideEffects: false, main: './dist/index.js', types: './dist/index.d.ts', engines: { node: '>=20.11' } });
    expect((pkg.exports as Record<string, unknown>)['.']).toEqual({ 'svc-source': './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' });
    // zod 4.2 is the first with z.xor; the runtime by a range that tarballs beside satisfy.
    expect(pkg.dependencies).toEqual({ '@svc/runtime': '^0.1.0', zod: '^4.2.0' });
    // Only the server, mock, fixtures, query, msw and mcp entry points need these: optional peers.
    expect(pkg.peerDependenciesMeta).toEqual({ '@modelcontextprotocol/sdk': { optional: true }, '@svc/mock-runtime': { optional: true }, '@svc/server-runtime': { optional: true }, '@tanstack/query-core': { optional: true }, hono: { optional: true }, msw: { optional: true } });
    expect(JSON.parse(file('tsconfig.build.json')).compilerOptions).toMatchObject({ outDir: 'dist', declaration: true, sourceMap: true });
    expect(file('README.md')).toMatch(/new ShopClient\(\{\n\s+baseUrl: 'https:\/\/shop\.example\.com\/api',/);
    expect(file('README.md')).toMatch(/for await \(const item of client\.orders\.iterateListOrders\(\)\)/);
    expect(JSON.parse(file('tsconfig.json')).compilerOptions.strict).toBe(true);
    expect(file('src/index.ts').split('\n').filter((l) => l.startsWith('export'))).toEqual([
      "export * from './client.js';",
      "export * from './hosted-flows.js';",
      "export * from './operations.js';",
      "export * from './schemas.js';",
      "export * from './types.js';",
    ]);
  });

  it('every generated source file starts with a do-not-edit header naming the spec', () => {
    for (const [path, contents] of output.files) {
      if (path.endsWith('.ts')) expect(contents.split('\n')[0]).toMatch(/^\/\/ Generated by svc-api-codegen from .*shop-\w+\.openapi\.yaml\. Do not edit/);
    }
  });
});
