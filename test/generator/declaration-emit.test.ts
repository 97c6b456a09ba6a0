/**
 * `schemas`, `operations` and `api` carry their types written out, so that a declaration file
 * names each member's constant instead of serializing the inferred record: on large documents
 * (OpenAI's, GitHub's) that serialization exceeds what tsc will write (TS7056) and the package
 * does not build. A consumer compiled against the emitted declarations sees the same precise
 * types as before.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { generateToDisk, writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

const run = promisify(execFile);
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

const spec = {
  openapi: '3.1.0',
  info: { title: 'Titles', version: '1.0.0' },
  paths: {
    '/titles/{id}': {
      get: {
        operationId: 'getTitle',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'A title', content: { 'application/json': { schema: { $ref: '#/components/schemas/Title' } } } },
          '404': { description: 'None', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error-2' } } } },
        },
      },
    },
    '/titles': {
      get: {
        operationId: 'list-titles',
        responses: { '200': { description: 'Titles', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Title' } } } } } },
      },
    },
  },
  components: {
    schemas: {
      Title: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' }, pages: { type: 'integer' } } },
      'Error-2': { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
  },
};

// What a consumer of the built package may rely on, checked against the emitted declarations alone.
const consumer = `
import { expectTypeOf } from 'vitest';
import type * as z from 'zod/mini';
import { api, apiInfo, Error2Schema, getTitleOperation, listTitlesOperation, operations, schemas, TitleSchema, type Title } from './dist/index.js';

expectTypeOf(schemas.Title).toEqualTypeOf<typeof TitleSchema>();
expectTypeOf(schemas['Error-2']).toEqualTypeOf<typeof Error2Schema>();
expectTypeOf<z.infer<typeof schemas.Title>>().toEqualTypeOf<Title>();
expectTypeOf<keyof typeof schemas>().toEqualTypeOf<'Title' | 'Error-2'>();
expectTypeOf(operations.getTitle).toEqualTypeOf<typeof getTitleOperation>();
expectTypeOf(operations['list-titles']).toEqualTypeOf<typeof listTitlesOperation>();
expectTypeOf(operations.getTitle.method).toEqualTypeOf<'GET'>();
expectTypeOf(operations.getTitle.path).toEqualTypeOf<'/titles/{id}'>();
expectTypeOf(operations.getTitle.responses[200]).toEqualTypeOf<typeof TitleSchema>();
expectTypeOf(operations.getTitle.responses[404]).toEqualTypeOf<typeof Error2Schema>();
expectTypeOf<z.infer<(typeof operations.getTitle.validators)['parameters']>>().toEqualTypeOf<{ id: string }>();
expectTypeOf(api.operations).toEqualTypeOf<typeof operations>();
expectTypeOf(api.title).toEqualTypeOf<typeof apiInfo.title>();
expectTypeOf(api.title).toEqualTypeOf<'Titles'>();
// @ts-expect-error The record has only the document's names.
void schemas.Missing;
// @ts-expect-error A status the operation does not declare.
void operations.getTitle.responses[500];
// @ts-expect-error The members are read-only, as with \`as const\`.
operations.getTitle = getTitleOperation;
`;

it('declarations name the constants of schemas, operations and api, and keep their precise types for a consumer', { timeout: 120_000 }, async () => {
  const { dir } = await generateToDisk(writeSpec(spec, 'declaration-emit'), 'declaration-emit', { parts: [], bundleRuntime: true });
  await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.build.json'), '--emitDeclarationOnly'], { cwd: dir });
  const operationsDts = readFileSync(join(dir, 'dist', 'operations.d.ts'), 'utf8');
  const schemasDts = readFileSync(join(dir, 'dist', 'schemas.d.ts'), 'utf8');
  expect(operationsDts).toMatch(/export declare const operations: \{\s*readonly getTitle: typeof getTitleOperation;\s*readonly 'list-titles': typeof listTitlesOperation;\s*\};/);
  expect(operationsDts).toMatch(/export declare const api: typeof apiInfo & \{\s*readonly operations: typeof operations;\s*\};/);
  expect(schemasDts).toMatch(/export declare const schemas: \{\s*readonly 'Error-2': typeof Error2Schema;\s*readonly Title: typeof TitleSchema;\s*\};/);

  writeFileSync(join(dir, 'consumer.ts'), consumer);
  writeFileSync(join(dir, 'tsconfig.consumer.json'), JSON.stringify({ extends: './tsconfig.json', include: ['consumer.ts'] }));
  const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.consumer.json')], { cwd: dir }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(result).toBe('');
});
