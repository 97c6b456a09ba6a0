/**
 * The package's symbol table: every top-level name a generated module may reference, with the
 * module that declares it. A target prints a name through its module's `ModuleImports`
 * (`imports.value(name)`, `imports.type(name)`), and the module's import declarations follow
 * from what it printed, so no target keeps a set of imports by hand.
 */
import type { ImportDeclarationStructure } from 'ts-morph';
import type { ApiModel } from '../model/types.js';
import { STREAM_FUNCTION } from '../model/operation-kinds.js';
import { StructureKind } from '../util/ts-morph.js';
import { compareText } from '../util/compare.js';

/** The module a name is declared in: a module of the package (`./types.js`) or a package (`@svc/runtime`). */
export type SymbolHome = string;

/** The runtime's exports a generated module prints (the runtime package's own names, fixed). */
const RUNTIME_EXPORTS = [
  'ApiError',
  'ApiInfo',
  'OperationSpec',
  'withOperations',
  'CallOptions',
  'ClientOptions',
  'HttpClient',
  'NetworkError',
  'OperationApiError',
  'RequestValidationError',
  'ResponseValidationError',
  'TimeoutError',
  'callOperation',
  'iterateOperation',
  'resolveSecurity',
  'pageWalk',
  'nextPageParams',
  'streamOperation',
  'withSignal',
] as const;

/** The module that declares each per-operation name a target plans (`op.targetNames`), by the rule's key; the query's otherwise. */
const TARGET_NAME_MODULES: Readonly<Record<string, SymbolHome>> = { mswHandler: './msw.js', call: './calls.js', [STREAM_FUNCTION]: './client.js' };

/** The server runtime's exports the server stub and the mock print. */
const SERVER_RUNTIME_EXPORTS = ['createRouter', 'HandlerContext', 'HandlerReply', 'ServerApiSpec', 'ServerOptions'] as const;

/** The mock runtime's exports the mock prints. */
const MOCK_RUNTIME_EXPORTS = ['createMockEngine', 'mockServerOptions', 'WebhookDispatcher', 'MockEngineOptions', 'MockPlan', 'MockStore', 'WebhookDelivery', 'WebhookDispatcherOptions'] as const;

/** What the fixtures and the MSW handlers print, from the mock runtime's `testing` subpath, which loads no server code. */
const MOCK_TESTING_EXPORTS = ['carriesQuery', 'handlerAnswer', 'handlerUrl', 'HandlerOptions', 'HandlerOverride', 'validFixture', 'FixtureForm', 'FixtureNode', 'FixtureValidator'] as const;

/** A subpath of a runtime (`idn`, `mini`, `lean`, `testing`): a bundled runtime is imported by file (`./runtime/index.js` -> `./runtime/mini.js`), a runtime package by name. */
export const runtimeSubpath = (runtimePackage: string, subpath: string): string =>
  runtimePackage.endsWith('/index.js') ? runtimePackage.replace(/index\.js$/, `${subpath}.js`) : `${runtimePackage}/${subpath}`;

export class SymbolTable {
  private readonly homes = new Map<string, SymbolHome>();
  /** Names printed under another name than their module exports them by (`FeedClient as FeedSocketClient`). */
  private readonly originals = new Map<string, string>();

  /**
   * Declares `name` in `home`; a name declared in two modules is a generator bug, said at once.
   * `exported`: the name `home` exports it by, when the package prints it under another.
   */
  define(name: string, home: SymbolHome, exported?: string): void {
    const known = this.homes.get(name);
    if (known !== undefined && known !== home) throw new Error(`symbol table: ${name} is declared in both ${known} and ${home}`);
    this.homes.set(name, home);
    if (exported !== undefined && exported !== name) this.originals.set(name, exported);
  }

  /** Where `name` is declared, or undefined for a name the table does not know. */
  homeOf(name: string): SymbolHome | undefined {
    return this.homes.get(name);
  }

  /** The name `name`'s module exports it by (itself unless it is imported under another). */
  exportedNameOf(name: string): string {
    return this.originals.get(name) ?? name;
  }
}

/** What the table is built from: the model, and the module specifiers of the runtimes (a target's context has them). */
export interface PackageSymbolsSource {
  model: ApiModel;
  runtimePackage: string;
  mockRuntimePackage: string;
  serverRuntimePackage: string;
}

const tables = new WeakMap<ApiModel, Map<string, SymbolTable>>();

/**
 * The symbols of a package: the types and validators of each schema and operation, each
 * operation's constant, its function and the names the targets plan for it, the client's, the
 * server's, the fixtures' and the feed's fixed names, and the runtimes' exports the modules print.
 */
export function packageSymbols(source: PackageSymbolsSource): SymbolTable {
  const { model } = source;
  // Built once per model and runtime modules: every target of the package prints through it.
  const byModules = tables.get(model) ?? new Map<string, SymbolTable>();
  tables.set(model, byModules);
  const key = `${source.runtimePackage}\0${source.mockRuntimePackage}\0${source.serverRuntimePackage}`;
  const known = byModules.get(key);
  if (known) return known;
  const table = new SymbolTable();
  byModules.set(key, table);
  for (const schema of model.schemas) {
    for (const names of [schema, schema.variants?.input, schema.variants?.output]) {
      if (!names) continue;
      table.define(names.typeName, './types.js');
      table.define(names.schemaName, './schemas.js');
      table.define(names.validatorName, './calls.js');
    }
  }
  for (const op of model.operations) {
    for (const name of [op.names.params, op.names.body, op.names.response, op.names.errorId, op.names.error, op.names.item, op.names.streamItem]) if (name !== '') table.define(name, './types.js');
    table.define(op.names.spec, './operations.js');
    table.define(op.name, './client.js');
    if (op.names.iterator) table.define(op.names.iterator, './client.js');
    for (const [key, name] of Object.entries(op.targetNames)) table.define(name, TARGET_NAME_MODULES[key] ?? './query.js');
  }
  // A webhook's types are declared in types.ts as an operation's are (the webhook receiver prints its body's).
  for (const op of model.webhooks) for (const name of [op.names.params, op.names.body, op.names.response, op.names.errorId, op.names.error]) table.define(name, './types.js');
  for (const name of ['api', 'apiInfo', 'operations', 'webhooks']) table.define(name, './operations.js');
  for (const name of ['createClient', 'isOperationError', 'OperationErrors']) table.define(name, './client.js');
  for (const name of ['fixture', 'responseFixture', 'streamItemFixture', 'webhookFixture', 'FixtureTypes']) table.define(name, './fixtures.js');
  for (const name of RUNTIME_EXPORTS) table.define(name, source.runtimePackage);
  for (const name of MOCK_RUNTIME_EXPORTS) table.define(name, source.mockRuntimePackage);
  for (const name of MOCK_TESTING_EXPORTS) table.define(name, runtimeSubpath(source.mockRuntimePackage, 'testing'));
  for (const name of SERVER_RUNTIME_EXPORTS) table.define(name, source.serverRuntimePackage);
  if (model.kind === 'asyncapi') {
    // The feed client's base class, printed under a name of its own so that the connection class may be called `FeedClient`.
    table.define('FeedSocketClient', source.runtimePackage, 'FeedClient');
    for (const name of ['FeedClientOptions', 'FeedSpec', 'parseMessage', 'MessageParseResult', 'RawFrame']) table.define(name, source.runtimePackage);
    for (const name of ['parseFeedMessage', 'AnyServerMessage']) table.define(name, './messages.js');
  }
  table.define('Hono', 'hono');
  // TanStack Query's streamed query function is still `experimental_`: printed under its plain name.
  table.define('streamedQuery', '@tanstack/query-core', 'experimental_streamedQuery');
  table.define('serverSpec', './server.js');
  for (const name of ['http', 'HttpHandler']) table.define(name, 'msw');
  return table;
}

/** The imports of the package's module `module` (`./client.js`), over the package's symbol table. */
export const importsFor = (source: PackageSymbolsSource, module: SymbolHome): ModuleImports => new ModuleImports(packageSymbols(source), module);

/**
 * The imports of one module, recorded as it prints: `value(name)` for a name used at run time,
 * `type(name)` for one used in types only; a name used both ways is imported as a value.
 */
const importOf = (moduleSpecifier: string, names: string[], isTypeOnly: boolean, table: SymbolTable): ImportDeclarationStructure => ({
  kind: StructureKind.ImportDeclaration,
  moduleSpecifier,
  // Sorted by the name the module exports, as written first in the import.
  namedImports: names
    .map((name) => ({ name: table.exportedNameOf(name), alias: name }))
    .sort((a, b) => compareText(a.name, b.name))
    .map(({ name, alias }) => (name === alias ? name : { name, alias })),
  ...(isTypeOnly ? { isTypeOnly } : {}),
});

export class ModuleImports {
  private readonly used = new Map<string, boolean>();

  constructor(
    private readonly table: SymbolTable,
    /** The module being printed, as the table names modules (`./query.js`): its own names need no import. */
    private readonly self: SymbolHome,
  ) {}

  /** `name`, recorded as used at run time. */
  value(name: string): string {
    return this.record(name, true);
  }

  /** `name`, recorded as used in types only (unless a value use records it too). */
  type(name: string): string {
    return this.record(name, false);
  }

  /**
   * `name`, a value of `home`, which the table learns of as the module prints it: the runtime's
   * validator helpers, whose module depends on the zod build.
   */
  valueFrom(name: string, home: SymbolHome): string {
    this.table.define(name, home);
    return this.value(name);
  }

  /** One import declaration per module and kind (values, then types), modules and names sorted. */
  declarations(): ImportDeclarationStructure[] {
    const byModule = new Map<SymbolHome, { values: string[]; types: string[] }>();
    for (const [name, asValue] of this.used) {
      const home = this.table.homeOf(name)!;
      if (home === this.self) continue;
      const entry = byModule.get(home) ?? { values: [], types: [] };
      (asValue ? entry.values : entry.types).push(name);
      byModule.set(home, entry);
    }
    // Packages before the package's own modules (`./…`), each group in order of name.
    const order = (module: string): string => `${module.startsWith('.') ? 1 : 0}${module}`;
    return [...byModule]
      .sort(([a], [b]) => compareText(order(a), order(b)))
      .flatMap(([moduleSpecifier, { values, types }]) => [
        ...(values.length > 0 ? [importOf(moduleSpecifier, values, false, this.table)] : []),
        ...(types.length > 0 ? [importOf(moduleSpecifier, types, true, this.table)] : []),
      ]);
  }

  private record(name: string, asValue: boolean): string {
    if (this.table.homeOf(name) === undefined) throw new Error(`symbol table: ${name} is printed in ${this.self} but declared nowhere`);
    this.used.set(name, (this.used.get(name) ?? false) || asValue);
    return name;
  }
}
