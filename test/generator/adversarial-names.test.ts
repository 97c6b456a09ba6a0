/**
 * Documents whose names are chosen to collide: schemas named like every fixed name a target
 * declares or a runtime re-exports, operationIds that are reserved words, JavaScript's own
 * property names or differ only in case, tags equal to schema names. Every package must
 * generate (a collision is a warning naming both sources, never an exit 3), type-check, and
 * have a README whose examples import and call only what the code exports.
 * A table of hand-picked documents, and documents fast-check draws from the same names; all
 * packages of the file are type-checked in one tsc program.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePackage, type PackageOutput } from '../../generator/pipeline.js';
import { reservedNamesOf } from '../../generator/targets/registry.js';
import { scratchDir, writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

/** Names the targets declare or import in their own modules (the planner's fixed list is added below). */
const TARGET_NAMES = [
  // client.ts and the client groups
  'ShopClient', 'DataApi', 'DefaultApi', 'http',
  // server.ts
  'ShopHandlers', 'createShopServer', 'serverSpec', 'createRouter', 'HandlerContext', 'HandlerReply', 'ServerApiSpec', 'ServerOptions', 'HttpProblem', 'serveNode', 'Principal', 'Hono',
  // fixtures.ts
  'FixtureTypes', 'fixtureSchemas', 'validators', 'resolve', 'fixture', 'operationFixtureSchemas', 'operationOf', 'responseFixture', 'requestFixture', 'validFixture', 'FixtureForm', 'FixtureNode', 'FixtureValidator',
  // mock.ts
  'ShopMock', 'ShopMockOptions', 'createShopMock', 'mockPlan', 'mockScopes', 'webhookNames', 'createMockEngine', 'MockPlan', 'MockStore', 'WebhookDispatcher', 'WebhookDispatcherOptions',
  // query.ts
  'getThingOptions', 'getThingQueryKey', 'listThingsInfiniteOptions', 'makeThingMutation',
  // msw.ts
  'getThingHandler',
  // type-checks.ts
  'Assert', 'Equals', 'TypeChecks', 'OperationTypeChecks',
];
const JS_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype', 'then', 'length', 'name'];
const RESERVED_WORDS = ['new', 'delete', 'default', 'class', 'function', 'await', 'yield', 'let', 'static', 'enum', 'import', 'typeof', 'void', 'null'];
const SCHEMA_NAMES = [...new Set([...reservedNamesOf(), ...TARGET_NAMES, ...JS_NAMES, ...RESERVED_WORDS])];
const OPERATION_IDS = [...new Set([...RESERVED_WORDS, ...JS_NAMES, 'getItem', 'GetItem', 'get_item', 'fixture', 'createShopServer', 'iterateNew', 'http', 'schemas', 'operations', 'api', 'getItemOptions', 'getItemQueryKey', 'newMutation', 'queryScope', 'handlers', 'getItemHandler'])];

interface Names {
  schemas: string[];
  operationIds: string[];
  tags: string[];
}

/** A document over these names: each operation answers one of the schemas; every other one is paginated, every third takes a body. */
function shopDocument({ schemas, operationIds, tags }: Names): object {
  const ref = (name: string): object => ({ $ref: `#/components/schemas/${encodeURIComponent(name).replace(/~/g, '~0')}` });
  const paths: Record<string, Record<string, unknown>> = {};
  operationIds.forEach((operationId, i) => {
    const answer = schemas[i % schemas.length]!;
    const paged = i % 2 === 0;
    const page = { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref(answer) }, next: { type: ['string', 'null'] } } };
    paths[`/r${i}/{id}`] = {
      [i % 3 === 2 ? 'post' : 'get']: {
        operationId,
        tags: [tags[i % tags.length]!],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          ...(paged ? [{ name: 'after', in: 'query', schema: { type: 'string' } }] : []),
        ],
        ...(paged ? { 'x-pagination': { style: 'cursor', itemsField: 'data', cursorParam: 'after', nextUriField: 'next' } } : {}),
        ...(i % 3 === 2 ? { requestBody: { required: true, content: { 'application/json': { schema: ref(answer) } } } } : {}),
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: paged ? page : ref(answer) } } }, '404': { description: 'Missing', content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string' } } } } } } },
      },
    };
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Shop', version: '1.0.0' },
    paths,
    components: { schemas: Object.fromEntries(schemas.map((name, i) => [name, { type: 'object', required: ['id'], properties: { id: { type: 'string' }, [`p${i}`]: { type: 'integer' } } }])) },
  };
}

const chunks = <T>(list: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

const TABLE: [string, Names][] = [
  ...chunks(SCHEMA_NAMES, 40).map((schemas, i): [string, Names] => [`schemas named like fixed names (${i + 1})`, { schemas, operationIds: ['listThings', 'getThing', 'makeThing'], tags: ['Things'] }]),
  ['operationIds that are reserved words, JavaScript property names, or differ only in case', { schemas: ['Item', 'ShopHandlers'], operationIds: OPERATION_IDS, tags: ['Items', 'Item', 'default', 'constructor'] }],
  ['tags equal to schema names and to fixed names', { schemas: ['Data', 'DataApi', 'Default', 'Items'], operationIds: ['a', 'b', 'c', 'd'], tags: ['Data', 'default', 'http', 'Items'] }],
];

/** Names a README example imports from the package or calls on the client, with the module that must export them. */
function readmeClaims(readme: string, packageName: string): { module: string; name: string }[] {
  const claims: { module: string; name: string }[] = [];
  for (const [, names, subpath] of readme.matchAll(/import \{([^}]+)\} from '([^']+)'/g)) {
    if (!subpath!.startsWith(packageName)) continue;
    const module = subpath === packageName ? 'index' : subpath!.slice(packageName.length + 1);
    for (const name of names!.split(',').map((n) => n.trim()).filter(Boolean)) claims.push({ module, name });
  }
  for (const [, method] of readme.matchAll(/client\.\w+\.(\w+)\(/g)) claims.push({ module: 'client', name: `.${method}` });
  return claims;
}

const exportsName = (files: Map<string, string>, module: string, name: string): boolean => {
  if (name.startsWith('.')) return new RegExp(`^\\s+(async )?${name.slice(1).replace(/\$/g, '\\$')}\\(`, 'm').test(files.get('src/client.ts') ?? '');
  const sources = module === 'index' ? [...files].filter(([path]) => /^src\/[^/]+\.ts$/.test(path)).map(([, text]) => text) : [files.get(`src/${module}.ts`) ?? ''];
  const declared = new RegExp(`export (declare )?(async )?(class|function|const|interface|type|enum) ${name.replace(/\$/g, '\\$')}\\b`);
  const listed = new RegExp(`export (type )?\\{[^}]*\\b${name.replace(/\$/g, '\\$')}\\b[^}]*\\}`);
  return sources.some((text) => declared.test(text) || listed.test(text) || (module === 'index' && /export \* from '@svc\/runtime'/.test(text)));
};

const generated: { label: string; dir: string }[] = [];
const root = join(scratchDir, 'adversarial-names');

async function generateAndCheck(label: string, names: Names): Promise<PackageOutput> {
  const file = writeSpec(shopDocument(names), 'adversarial-shop');
  const output = await generatePackage({ file, name: 'shop' });
  const claims = readmeClaims(output.files.get('README.md')!, '@svc/shop');
  // The client, query, server, fixtures, mock and msw imports, and a call: the check below is never vacuous.
  expect(claims.map((c) => c.module)).toEqual(expect.arrayContaining(['index', 'server', 'fixtures', 'mock', 'client', 'query', 'msw']));
  for (const { module, name } of claims) expect(exportsName(output.files, module, name), `${label}: the README uses ${name} from ${module}, which the code does not export`).toBe(true);
  const dir = join(root, `p${generated.length}`);
  for (const [path, contents] of output.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  generated.push({ label, dir });
  return output;
}

describe('adversarial names', () => {
  rmSync(root, { recursive: true, force: true });

  it.each(TABLE)('%s: generates, with collisions as warnings', async (label, names) => {
    const output = await generateAndCheck(label, names);
    expect(output.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
  }, 60_000);

  it('documents drawn from the same names generate', async () => {
    const draw = (from: string[], max: number): fc.Arbitrary<string[]> => fc.uniqueArray(fc.constantFrom(...from), { minLength: 1, maxLength: max });
    await fc.assert(
      fc.asyncProperty(fc.record({ schemas: draw(SCHEMA_NAMES, 12), operationIds: draw(OPERATION_IDS, 8), tags: draw([...SCHEMA_NAMES.slice(0, 20), 'Items', 'default'], 3) }), async (names) => {
        await generateAndCheck(`drawn ${JSON.stringify(names)}`, names);
      }),
      { numRuns: 12, seed: 26 },
    );
  }, 120_000);

  it('every package type-checks (one tsc program for all of them)', async () => {
    expect(generated.length).toBeGreaterThan(TABLE.length);
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ extends: join(generated[0]!.dir, 'tsconfig.json'), compilerOptions: { noEmit: true, types: [] }, include: generated.map((g) => `${g.dir}/src`) }));
    const result = await promisify(execFile)(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', join(root, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    const byPackage = result.split('\n').filter(Boolean).map((line) => generated.find((g) => line.includes(g.dir.slice(root.length + 1) + '/'))?.label + ': ' + line.slice(line.indexOf('src/')));
    expect(byPackage.slice(0, 30)).toEqual([]);
  }, 180_000);
});
