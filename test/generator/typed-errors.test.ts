/**
 * Error responses are typed: `ApiError.body` is parsed by the schema the spec declares for
 * the status, typed per operation, and the message carries the error's own text (regression:
 * a 422 application/problem+json gave `body: unknown` and a message without title or detail).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { importGenerated, typeCheckUsages } from '../helpers/generate.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const problem = {
  type: 'object',
  required: ['title'],
  properties: {
    type: { type: 'string', default: 'about:blank' },
    title: { type: 'string' },
    detail: { type: 'string' },
    invalid: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, reason: { type: 'string' } } } },
  },
};
const spec = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { qty: { type: 'integer' } } } } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } },
          '422': { description: 'invalid', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          default: { description: 'other', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } },
        },
      },
    },
  },
  components: { schemas: { Problem: problem } },
};

type ApiErrorLike = Error & { status: number; body: unknown; bodyMatchesSchema: boolean };
type Mod = {
  TypedErrorsClient: new (options: { baseUrl: string }) => { default: { createOrder(body?: { qty?: number }): Promise<unknown> } };
  isOperationError(error: unknown, operationId: string): boolean;
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('typed errors', () => {
  it('parses a problem+json error by its declared schema and puts its title and detail in the message', async () => {
    const { TypedErrorsClient, isOperationError } = await importGenerated<Mod>(spec, 'typed-errors');
    const body = { title: 'Invalid order', detail: 'qty must be positive', invalid: [{ field: 'qty', reason: 'negative' }] };
    server = await startServer(() => ({ status: 422, raw: JSON.stringify(body), headers: { 'content-type': 'application/problem+json' } }));
    const error = (await new TypedErrorsClient({ baseUrl: server.baseUrl }).default.createOrder({ qty: -1 }).catch((e: unknown) => e)) as ApiErrorLike;
    expect(isOperationError(error, 'createOrder')).toBe(true);
    expect(isOperationError(error, 'otherOperation')).toBe(false);
    expect(error.status).toBe(422);
    expect(error.body).toEqual(body);
    expect(error.bodyMatchesSchema).toBe(true);
    expect(error.message).toBe('422 Invalid order: qty must be positive (createOrder)');
  });

  it('falls back to default, and keeps a body that does not match its schema as it came', async () => {
    const { TypedErrorsClient } = await importGenerated<Mod>(spec, 'typed-errors');
    server = await startServer((request) => (request.body.includes('"qty":1') ? { status: 500, body: { message: 'Database unavailable' } } : { status: 422, body: { detail: 'no title' } }));
    const client = new TypedErrorsClient({ baseUrl: server.baseUrl });
    const failed = (await client.default.createOrder({ qty: 1 }).catch((e: unknown) => e)) as ApiErrorLike;
    expect([failed.status, failed.message]).toEqual([500, '500 Database unavailable (createOrder)']);
    const unmatched = (await client.default.createOrder({ qty: 2 }).catch((e: unknown) => e)) as ApiErrorLike;
    expect(unmatched.body).toEqual({ detail: 'no title' });
    // Regression: typed as the declared Problem although \`title\` was missing; now it says so.
    expect(unmatched.bodyMatchesSchema).toBe(false);
  });

  it('types the error body per operation through isOperationError, once bodyMatchesSchema says it matched', async () => {
    const mod = await importGenerated(spec, 'typed-errors-tsc');
    const errors = await typeCheckUsages(mod.__dir, {
      usage: `import { isOperationError } from './client.js';
export function describe(error: unknown): string | undefined {
  if (!isOperationError(error, 'createOrder') || !error.bodyMatchesSchema) return undefined;
  const body = error.body;
  return body !== undefined && 'title' in body ? body.title : body?.message;
}
`,
      // Without the check the body is \`unknown\`: reading a field of it does not compile.
      unchecked: `import { isOperationError } from './client.js';
export function title(error: unknown): string | undefined {
  return isOperationError(error, 'createOrder') ? error.body.title : undefined;
}
`,
    });
    expect(errors).toEqual({ unchecked: [expect.stringMatching(/error TS18046: 'error\.body' is of type 'unknown'/)] });
  });
});
