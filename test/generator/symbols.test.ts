/** The symbol table, built from the plugins' declarations, and the imports derived from what a module printed. */
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { ModuleImports, SymbolTable } from '../../generator/print/symbols.js';
import { buildModel, loadDocument } from '../../generator/stages.js';
import { nameRequestsOf, PluginError, resolvePlugins } from '../../generator/targets/registry.js';
import type { TargetPlugin } from '../../generator/targets/target.js';
import { writeSpec } from '../helpers/generate.js';
import { routesPlugin } from '../helpers/routes-plugin.js';

const table = (): SymbolTable => {
  const symbols = new SymbolTable();
  symbols.define('Pet', './types.js');
  symbols.define('PetParams', './types.js');
  symbols.define('listPets', './client.js');
  symbols.define('HttpClient', '@svc/runtime');
  symbols.define('withSignal', '@svc/runtime');
  symbols.define('listPetsOptions', './query.js');
  return symbols;
};

describe('ModuleImports', () => {
  it('imports what was printed, from where the table says, values and types apart, packages first, sorted', () => {
    const imports = new ModuleImports(table(), './query.js');
    imports.type('PetParams');
    imports.type('Pet');
    imports.value('listPets');
    imports.type('HttpClient');
    imports.value('withSignal');
    // Used as a type and as a value: imported as a value.
    imports.type('listPets');
    // Its own name needs no import.
    imports.value('listPetsOptions');
    expect(imports.declarations().map((d) => ({ from: d.moduleSpecifier, names: d.namedImports, typeOnly: d.isTypeOnly ?? false }))).toEqual([
      { from: '@svc/runtime', names: ['withSignal'], typeOnly: false },
      { from: '@svc/runtime', names: ['HttpClient'], typeOnly: true },
      { from: './client.js', names: ['listPets'], typeOnly: false },
      { from: './types.js', names: ['Pet', 'PetParams'], typeOnly: true },
    ]);
  });

  it('imports nothing when nothing was printed', () => {
    expect(new ModuleImports(table(), './query.js').declarations()).toEqual([]);
  });

  it('refuses a name the table does not know, and a name declared in two modules', () => {
    expect(() => new ModuleImports(table(), './query.js').type('Dog')).toThrow('symbol table: Dog is printed in ./query.js but declared nowhere');
    const symbols = table();
    expect(() => symbols.define('Pet', './schemas.js')).toThrow('symbol table: Pet is declared in both ./types.js and ./schemas.js');
  });
});

describe('names imported under another name, and names the table learns as a module prints', () => {
  it('imports an aliased name by the name its module exports, sorted by that name', () => {
    const symbols = table();
    symbols.define('FeedSocketClient', '@svc/runtime', 'FeedClient');
    const imports = new ModuleImports(symbols, './client.js');
    expect(imports.value('FeedSocketClient')).toBe('FeedSocketClient');
    imports.value('withSignal');
    expect(imports.declarations()[0]?.namedImports).toEqual([{ name: 'FeedClient', alias: 'FeedSocketClient' }, 'withSignal']);
  });

  it('valueFrom declares a helper where the caller says (the zod build decides), then refuses another home for it', () => {
    const symbols = table();
    const imports = new ModuleImports(symbols, './schemas.js');
    imports.valueFrom('openEnum', '@svc/runtime/mini');
    imports.valueFrom('dateFormat', '@svc/runtime');
    imports.value('withSignal');
    expect(imports.declarations().map((d) => [d.moduleSpecifier, d.namedImports])).toEqual([
      ['@svc/runtime', ['dateFormat', 'withSignal']],
      ['@svc/runtime/mini', ['openEnum']],
    ]);
    expect(() => imports.valueFrom('openEnum', '@svc/runtime')).toThrow('symbol table: openEnum is declared in both @svc/runtime/mini and @svc/runtime');
  });
});

describe('the targets', () => {
  it('write no import declaration by hand: their imports follow from what they print (but namespace imports: zod, TanStack types)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', '..', 'generator', 'targets');
    const offenders: string[] = [];
    for (const folder of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(join(root, folder.name)).filter((name) => name.endsWith('.ts'))) {
        const text = readFileSync(join(root, folder.name, file), 'utf8');
        for (const line of text.split('\n')) if (/StructureKind\.ImportDeclaration/.test(line) && !/namespaceImport/.test(line)) offenders.push(`${folder.name}/${file}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

const shop = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1.0.0' },
  paths: {
    '/items': { get: { operationId: 'listItems', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } } } },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
      },
    },
  },
  components: { schemas: { Item: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
};

describe('a plugin from outside the generator', () => {
  it("places its per-operation and fixed names in the module it declares, and its file imports only the package's modules", async () => {
    let table: SymbolTable | undefined;
    // The routes plugin, with the symbol table its file printed through.
    const watched: TargetPlugin = {
      ...routesPlugin,
      load: async () => {
        const target = await routesPlugin.load();
        return { ...target, run: (context) => ((table = context.symbols), target.run(context)) };
      },
    };
    const output = await generatePackage({ file: writeSpec(shop, 'symbols-routes'), name: 'symbols-routes', parts: ['routes'] }, { plugins: [watched] });
    for (const name of ['listItemsRoute', 'getItemRoute', 'routes']) expect(table?.homeOf(name), name).toBe('./routes.js');
    const routes = output.files.get('src/routes.ts')!;
    expect(routes).toContain('export const listItemsRoute = {');
    // It imports the built-in names it printed from their modules, and its own names from nowhere.
    const specifiers = [...routes.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]!);
    expect(specifiers).toEqual(['./client.js', './operations.js']);
    for (const specifier of specifiers) expect(output.files.has(`src/${specifier.slice(2, -3)}.ts`), specifier).toBe(true);
  });

  it('wanting a name a built-in plugin has: a warning naming both plugins and the name, and the later plugin numbered', async () => {
    const clashing: TargetPlugin = {
      ...routesPlugin,
      defines: { './routes.js': ['routes', 'createClient'] },
      // The same package's name as the server's, and a runtime name the client prints too: shared, not a collision.
      imports: [{ from: { package: 'hono' }, names: ['Hono'] }],
      declares: ['callOperation'],
      operationNames: [...routesPlugin.operationNames!, { key: 'routeOptions', module: './routes.js', want: ({ camel }) => `${camel}Options` }],
    };
    const job = { file: writeSpec(shop, 'symbols-clash'), name: 'symbols-clash' };
    const model = buildModel(await loadDocument(job), job, nameRequestsOf(resolvePlugins([clashing])));
    const warnings = model.diagnostics.filter((d) => d.level === 'warning' && d.message.includes('plugin ')).map((d) => d.message);
    expect(warnings).toEqual([
      "name createClient is wanted by plugin client and by plugin routes; routes's is named createClient2",
      "name getItemOptions is wanted by plugin query (operation getItem) and by plugin routes (operation getItem); routes's is named getItemOptions2",
      "name listItemsOptions is wanted by plugin query (operation listItems) and by plugin routes (operation listItems); routes's is named listItemsOptions2",
    ]);
    expect(model.definedNames['routes']).toEqual({ routes: 'routes', createClient: 'createClient2' });
    expect(model.operations.map((op) => [op.targetNames['queryOptions'], op.targetNames['routeOptions']])).toEqual([
      ['getItemOptions', 'getItemOptions2'],
      ['listItemsOptions', 'listItemsOptions2'],
    ]);
  });

  it('importing a name the package declares elsewhere is refused, naming the plugin and both modules', async () => {
    const misplaced: TargetPlugin = { ...routesPlugin, imports: [{ from: { package: 'some-http-kit' }, names: ['callOperation'] }] };
    const failure = await generatePackage({ file: writeSpec(shop, 'symbols-misplaced'), name: 'symbols-misplaced', parts: ['routes'] }, { plugins: [misplaced] }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PluginError);
    expect((failure as PluginError).message).toBe("plugin 'routes' imports callOperation from some-http-kit, but the package declares it in @svc/runtime");
  });
});
