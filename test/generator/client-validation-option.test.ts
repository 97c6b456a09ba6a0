/**
 * `--option client.validation=none`: a client that writes and bundles no validator. The same
 * document generated both ways, and the same answers given to each: where the lean client refuses
 * a body or says an error body matched its schema, the unvalidated one hands the body over as it
 * came and says nothing matched; its calls carry no validator, its client exports none, and it
 * type-checks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateToDisk, TypeCheckBatch, writeSpec } from '../helpers/generate.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Shelf API', version: '1.0.0' },
  servers: [{ url: 'https://shelf.example.test' }],
  paths: {
    '/books/{id}': {
      get: {
        operationId: 'getBook',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': { description: 'the book', content: { 'application/json': { schema: { $ref: '#/components/schemas/Book' } } } },
          '404': { description: 'no such book', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Book: { type: 'object', required: ['id', 'pages'], properties: { id: { type: 'string', format: 'uuid' }, pages: { type: 'integer', minimum: 1 } } },
      Problem: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
    },
  },
};

interface ShelfClient {
  createClient(options: { fetch: (request: Request) => Promise<Response> }): unknown;
  getBook(client: unknown, params: { id: string }): Promise<unknown>;
}

const answering = (status: number, body: unknown) => async (): Promise<Response> =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ID = '0b6f4c86-7c4e-4a8a-9d39-3f4f0b2f0e55';

async function generated(validation: 'lean' | 'none'): Promise<{ dir: string; client: ShelfClient }> {
  const { dir } = await generateToDisk(writeSpec(spec, `shelf-${validation}`), `shelf-${validation}`, {
    parts: ['client'],
    ...(validation === 'none' ? { targetOptions: { client: { validation: 'none' } } } : {}),
  });
  return { dir, client: (await import(pathToFileURL(join(dir, 'src', 'client.ts')).href)) as ShelfClient };
}

describe('client.validation=none', () => {
  it('hands over what the lean client refuses, and never says an error body matched', async () => {
    const lean = await generated('lean');
    const none = await generated('none');
    const badBook = { id: ID, pages: 'many' };
    const leanClient = lean.client.createClient({ fetch: answering(200, badBook) });
    await expect(lean.client.getBook(leanClient, { id: ID })).rejects.toMatchObject({ name: 'ResponseValidationError' });
    const noneClient = none.client.createClient({ fetch: answering(200, badBook) });
    await expect(none.client.getBook(noneClient, { id: ID })).resolves.toEqual(badBook);

    const problem = { code: 'not_found' };
    const leanError: unknown = await lean.client.getBook(lean.client.createClient({ fetch: answering(404, problem) }), { id: ID }).catch((error: unknown) => error);
    expect(leanError).toMatchObject({ status: 404, body: problem, bodyMatchesSchema: true });
    const noneError: unknown = await none.client.getBook(none.client.createClient({ fetch: answering(404, problem) }), { id: ID }).catch((error: unknown) => error);
    expect(noneError).toMatchObject({ status: 404, body: problem, bodyMatchesSchema: false });
  });

  it('writes no validator into the calls, exports none, and type-checks', async () => {
    const { dir } = await generated('none');
    const calls = readFileSync(join(dir, 'src', 'calls.ts'), 'utf8');
    const client = readFileSync(join(dir, 'src', 'client.ts'), 'utf8');
    expect(calls).not.toContain('lean');
    expect(calls).toContain("responses: { '200': undefined, '404': undefined }");
    expect(calls).toContain('validators: {}');
    // Nothing to check a request with, so no request checker either: a program bundles none.
    expect(calls).not.toContain('validateRequest');
    expect(client).not.toMatch(/BookValidator/);
    expect(existsSync(join(dir, 'src', 'validators.ts'))).toBe(false);
    // The package's README says what it holds.
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('No validators in the client');
    const lean = await generated('lean');
    expect(readFileSync(join(lean.dir, 'src', 'client.ts'), 'utf8')).toMatch(/BookValidator/);
    expect(readFileSync(join(lean.dir, 'README.md'), 'utf8')).toContain('The lean validator of each schema');
    const batch = new TypeCheckBatch('client-validation');
    batch.add('none', dir);
    expect(await batch.errors()).toEqual({});
  }, 120_000);
});
