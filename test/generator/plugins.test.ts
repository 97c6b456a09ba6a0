/**
 * The plugin contract: a target from outside the generator is one declaration passed to
 * `generatePackage`; the package's entry points, peers, README and `--targets` parts follow
 * from what it declares. And the registry refuses plugin lists that cannot work.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { BUILTIN_PLUGINS, PluginError, partNames, partsWithNeeds, resolvePlugins, resolveTargetOptions } from '../../generator/targets/registry.js';
import { generatedHeader, type TargetPlugin } from '../../generator/targets/target.js';
import { repoRoot } from '../helpers/spec-files.js';
import { generateToDiskWith, typeCheckPackage, writeSpec } from '../helpers/generate.js';
import { routesPlugin } from '../helpers/routes-plugin.js';

const shop = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1.0.0' },
  paths: {
    '/items': {
      get: { operationId: 'listItems', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } } },
    },
  },
  components: { schemas: { Item: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
};

/** A toy target: an entry point that lists the operations' paths, from the model alone. */
const pathsPlugin: TargetPlugin = {
  name: 'paths',
  part: 'paths',
  needs: ['operations'],
  entryPoint: 'paths',
  peerDependencies: { 'path-to-regexp': '^8.0.0' },
  readme: {
    exports: { text: '- `operationPaths` (`{{packageName}}/paths`): the path of every operation.\n' },
    usage: { text: '## Paths\n\n{{count}} operations, each with its path.\n\n' },
  },
  load: () => ({
    appliesTo: (model) => model.kind === 'openapi',
    readmeData: ({ model }) => ({ count: model.operations.length }),
    run: ({ model, sourceLabel }) => [
      {
        path: 'src/paths.ts',
        contents: `${generatedHeader(sourceLabel)}\nimport { operations } from './operations.js';\n\n/** The path of every operation. */\nexport const operationPaths: Readonly<Record<keyof typeof operations, string>> = ${JSON.stringify(Object.fromEntries(model.operations.map((op) => [op.operationId, op.path])))};\n`,
      },
    ],
  }),
};

describe('a plugin from outside the generator', () => {
  it('adds its file, entry point, peer and README sections, and type-checks with the package', async () => {
    const { output, dir } = await generateToDiskWith({ file: writeSpec(shop, 'plugin-shop'), name: 'plugin-shop' }, { plugins: [pathsPlugin] });
    expect(output.files.get('src/paths.ts')).toContain('listItems');
    const manifest = JSON.parse(output.files.get('package.json')!) as { exports: Record<string, unknown>; peerDependencies: Record<string, string> };
    expect(Object.keys(manifest.exports)).toEqual(['.', './client', './fixtures', './mcp', './mock', './msw', './paths', './query', './schemas', './server', './package.json']);
    expect(manifest.peerDependencies['path-to-regexp']).toBe('^8.0.0');
    const readme = output.files.get('README.md')!;
    expect(readme).toContain('- `operationPaths` (`@svc/plugin-shop/paths`): the path of every operation.');
    expect(readme).toContain('## Paths\n\n1 operations, each with its path.');
    // Usage sections come before the reference (the operations table).
    expect(readme.indexOf('## Paths')).toBeLessThan(readme.indexOf('## Operations'));
    expect(output.timings.targets['paths']).toBeTypeOf('number');
    await typeCheckPackage(dir);
  }, 60_000);

  it('prints the names it plans through the symbol table: its file imports only modules the package has, and type-checks', async () => {
    const { output, dir } = await generateToDiskWith({ file: writeSpec(shop, 'plugin-routes'), name: 'plugin-routes', parts: ['routes'] }, { plugins: [routesPlugin] });
    const routes = output.files.get('src/routes.ts')!;
    expect(routes).toContain('export const routes = [listItemsRoute] as const;');
    const relative = [...routes.matchAll(/^import .* from '(\.\/[^']+)';$/gm)].map((match) => match[1]!);
    expect(relative.filter((specifier) => !output.files.has(`src/${specifier.slice(2, -3)}.ts`))).toEqual([]);
    await typeCheckPackage(dir);
  }, 60_000);

  it('is a --targets part: chosen alone, it brings what it needs and no other part', async () => {
    const output = await generatePackage({ file: writeSpec(shop, 'plugin-shop'), name: 'plugin-shop', parts: ['paths'] }, { plugins: [pathsPlugin] });
    expect([...output.files.keys()].filter((p) => p.startsWith('src/')).sort()).toEqual(['src/api-info.ts', 'src/index.ts', 'src/operations.ts', 'src/paths.ts', 'src/schemas.ts', 'src/type-checks.ts', 'src/types.ts']);
    expect(partsWithNeeds(['paths'], resolvePlugins([pathsPlugin]))).toEqual(['paths']);
  });

  it('is refused, by name, when two targets that apply provide one entry point', async () => {
    const clash: TargetPlugin = { ...pathsPlugin, name: 'other-client', part: undefined, entryPoint: 'client', load: () => ({ appliesTo: () => true, run: () => [{ path: 'src/client.ts', contents: '' }] }) };
    await expect(generatePackage({ file: writeSpec(shop, 'plugin-shop'), name: 'plugin-shop' }, { plugins: [clash] })).rejects.toThrow(/targets 'client' and 'other-client' both provide the entry point \.\/client/);
  });
});

describe('the registry', () => {
  it.each([
    ['a name taken twice', [{ ...pathsPlugin, name: 'client' }], /target 'client' is registered twice/],
    ['the name of an assembled file', [{ ...pathsPlugin, name: 'package' }], /target 'package' is registered twice/],
    ['a need nobody provides', [{ ...pathsPlugin, needs: ['graphql'] }], /target 'paths' needs 'graphql', which no registered target is/],
    ['needs in a circle', [{ ...pathsPlugin, needs: ['loop'] }, { ...pathsPlugin, name: 'loop', needs: ['paths'] }], /in a circle: paths -> loop -> paths/],
    ['an entry point that is not a plain name', [{ ...pathsPlugin, entryPoint: '../escape' }], /entry point '\.\.\/escape' is not a plain lower-case name/],
    ['a name that is not a plain name', [{ ...pathsPlugin, name: 'Paths!' }], /a target's name is lower-case/],
    ['a per-operation name in a module that is not the package\'s', [{ ...pathsPlugin, operationNames: [{ key: 'path', module: 'src/paths.ts', want: ({ camel }: { camel: string }) => camel }] }], /'src\/paths\.ts' is not a module of the package/],
  ] as [string, TargetPlugin[], RegExp][])('refuses %s', (_, extra, message) => {
    expect(() => resolvePlugins(extra)).toThrow(PluginError);
    expect(() => resolvePlugins(extra)).toThrow(message);
  });

  it('runs each target after those it needs, otherwise in registration order', () => {
    const order = resolvePlugins([{ ...pathsPlugin, needs: ['mock'] }]).map((p) => p.name);
    for (const plugin of resolvePlugins([{ ...pathsPlugin, needs: ['mock'] }])) for (const needed of plugin.needs ?? []) expect(order.indexOf(needed)).toBeLessThan(order.indexOf(plugin.name));
    expect(order).toEqual(['types', 'zod', 'operations', 'client', 'query', 'hosted-flows', 'feed', 'feed-client', 'server', 'fixtures', 'mock', 'msw', 'webhooks', 'mcp', 'paths']);
  });

  it.each([
    [undefined, ['client', 'query', 'server', 'fixtures', 'mock', 'msw', 'webhooks', 'mcp']],
    [['mcp'], ['client', 'mcp']],
    [['client'], ['client']],
    [['mock'], ['server', 'fixtures', 'mock']],
    [['msw'], ['fixtures', 'msw']],
    [['webhooks'], ['webhooks']],
    [['fixtures', 'client'], ['client', 'fixtures']],
  ] as [string[] | undefined, string[]][])('--targets %j emits the parts %j', (chosen, parts) => {
    expect(partsWithNeeds(chosen)).toEqual(parts);
  });

  it('derives the --targets choices from the declarations', () => {
    expect(partNames()).toEqual(['client', 'query', 'server', 'fixtures', 'mock', 'msw', 'webhooks', 'mcp']);
    expect(partNames(resolvePlugins([pathsPlugin]))).toContain('paths');
  });

  it('lists every target folder, and each declaration loads its target', async () => {
    const root = join(repoRoot, 'generator', 'targets');
    const folders = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());

    expect(BUILTIN_PLUGINS.map((p) => p.name).sort()).toEqual(folders.sort());
    for (const plugin of BUILTIN_PLUGINS) expect(typeof (await plugin.load()).run).toBe('function');
  });
});

describe('targets read the model, never the document', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
  it('no target and no package assembly reads a raw x- extension', () => {
    const offenders = [...sources(join(repoRoot, 'generator', 'targets')), ...sources(join(repoRoot, 'generator', 'package'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line }))
        .filter(({ text }) => /\[\s*['"`]x-|extensions\??\.\[|extensions\.x/.test(text)),
    );
    expect(offenders).toEqual([]);
  });
});

describe('target options', () => {
  it.each([
    [{ nope: { x: '1' } }, /no target is named nope; targets with options: zod, client, query, msw/],
    [{ zod: { flavor: 'full' } }, /--option zod\.flavor=full: choose among classic, mini/],
    [{ query: { colour: 'red' } }, /--option query\.colour: target query has the options scope/],
    [{ fixtures: { x: '1' } }, /target fixtures has no options/],
    [{ client: { validation: 'zod' } }, /--option client\.validation=zod: choose among lean, none/],
    [{ query: { scope: '' } }, /--option query\.scope=: give a value/],
  ])('refuses %j', (given, message) => {
    expect(() => resolveTargetOptions(given)).toThrow(PluginError);
    expect(() => resolveTargetOptions(given)).toThrow(message);
  });

  it('fills in declared defaults, keeps what was given, and checks a closed list of values', () => {
    const plugin: TargetPlugin = { ...pathsPlugin, options: { style: { description: 'how paths print', values: ['template', 'express'], default: 'template' }, prefix: { description: 'before each path' } } };
    expect(resolveTargetOptions({}, resolvePlugins([plugin]))['paths']).toEqual({ style: 'template' });
    expect(resolveTargetOptions({ paths: { style: 'express', prefix: '/api' } }, resolvePlugins([plugin]))['paths']).toEqual({ style: 'express', prefix: '/api' });
    expect(() => resolveTargetOptions({ paths: { style: 'colon' } }, resolvePlugins([plugin]))).toThrow('--option paths.style=colon: choose among template, express');
  });

  it('reach the targets that declare them: the query keys scope and where the MSW handlers match', async () => {
    const file = writeSpec(shop, 'options-shop');
    const output = await generatePackage({ file, name: 'options-shop', targetOptions: { query: { scope: 'shop-api' }, msw: { baseUrl: 'https://api.shop.test' } } });
    expect(output.files.get('src/query.ts')).toContain("export const queryScope = 'shop-api';");
    expect(output.files.get('src/msw.ts')).toContain("handlerUrl(options, 'https://api.shop.test', '/items')");
    expect(output.files.get('README.md')).toContain("Every key starts with `queryScope` (`'shop-api'`)");
    const plain = await generatePackage({ file, name: 'options-shop' });
    expect(plain.files.get('src/query.ts')).toContain("export const queryScope = '@svc/options-shop';");
    expect(plain.files.get('src/msw.ts')).toContain("handlerUrl(options, '*', '/items')");
  });
});
