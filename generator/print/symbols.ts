/**
 * The package's symbol table: every top-level name a generated module may reference, with the
 * module that declares it. A target prints a name through its module's `ModuleImports`
 * (`imports.value(name)`, `imports.type(name)`), and the module's import declarations follow
 * from what it printed, so no target keeps a set of imports by hand.
 */
import type { ImportDeclarationStructure } from 'ts-morph';
import type { ApiModel } from '../model/types.js';
import { PluginError } from '../targets/registry.js';
import { RUNTIME_EXPORTS } from '../targets/runtimes.js';
import type { ImportedNames, TargetPlugin } from '../targets/target.js';
import { StructureKind } from '../util/structure-kinds.js';
import { compareText } from '../util/compare.js';

/** The module a name is declared in: a module of the package (`./types.js`) or a package (`@svc/runtime`). */
export type SymbolHome = string;

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

/**
 * What the table is built from: the model, the resolved plugins (whose declarations place
 * their names) and the module specifiers of the runtimes; a target's context has them all.
 */
export interface PackageSymbolsSource {
  model: ApiModel;
  plugins: readonly TargetPlugin[];
  runtimePackage: string;
  mockRuntimePackage: string;
  serverRuntimePackage: string;
}

/** The module specifier of names imported from `from`: the package, or the runtime's module in this package's setting. */
function importedHome(from: ImportedNames['from'], source: PackageSymbolsSource): SymbolHome {
  if ('package' in from) return from.package;
  const runtime = { runtime: source.runtimePackage, 'server-runtime': source.serverRuntimePackage, 'mock-runtime': source.mockRuntimePackage }[from.runtime];
  return from.subpath === undefined ? runtime : runtimeSubpath(runtime, from.subpath);
}

/**
 * The symbols of a package: the model's names (the types and validators of each schema and
 * operation, each operation's function), the names each plugin declares it defines (fixed
 * ones as planned, and per operation by its rules' modules), the names plugins import from
 * packages, and the runtimes' exports. The target stage builds it once per run and hands it
 * to every target (`TargetContext.symbols`).
 */
export function packageSymbols(source: PackageSymbolsSource): SymbolTable {
  const { model } = source;
  const table = new SymbolTable();
  // The model's own names, printed by the plugins every package has (types, zod, client).
  for (const schema of model.schemas) {
    for (const names of [schema, schema.variants?.input, schema.variants?.output]) {
      if (!names) continue;
      table.define(names.typeName, './types.js');
      table.define(names.schemaName, './schemas.js');
      table.define(names.validatorName, './validators.js');
    }
  }
  for (const op of model.operations) {
    for (const name of [op.names.params, op.names.body, op.names.response, op.names.errorId, op.names.error, op.names.item, op.names.streamItem]) if (name !== '') table.define(name, './types.js');
    table.define(op.name, './client.js');
  }
  // A webhook's types are declared in types.ts as an operation's are (the webhook receiver prints its body's).
  for (const op of model.webhooks) for (const name of [op.names.params, op.names.body, op.names.response, op.names.errorId, op.names.error]) table.define(name, './types.js');
  // What the plugins declare: their rules' names per operation, their fixed names as planned, what they import.
  const ruleModules = new Map(source.plugins.flatMap((plugin) => (plugin.operationNames ?? []).map((rule) => [rule.key, rule.module] as const)));
  for (const op of [...model.operations, ...model.webhooks]) {
    for (const [key, name] of Object.entries(op.targetNames)) {
      const home = ruleModules.get(key);
      if (home === undefined) throw new Error(`symbol table: no registered plugin has the per-operation name rule '${key}' (${name})`);
      table.define(name, home);
    }
  }
  for (const plugin of source.plugins) {
    for (const [home, names] of Object.entries(plugin.defines ?? {})) for (const name of names) table.define(model.definedNames[plugin.name]?.[name] ?? name, home);
  }
  const importers = [{ plugin: undefined, imports: RUNTIME_EXPORTS }, ...source.plugins.map((plugin) => ({ plugin, imports: plugin.imports ?? [] }))];
  for (const { plugin, imports } of importers) {
    for (const { from, names } of imports) {
      const home = importedHome(from, source);
      for (const name of names) {
        const printed = typeof name === 'string' ? name : name.name;
        const known = table.homeOf(printed);
        // A plugin's declaration that cannot hold: said of the plugin, not as a generator bug.
        if (plugin && known !== undefined && known !== home) throw new PluginError(`plugin '${plugin.name}' imports ${printed} from ${home}, but the package declares it in ${known}`);
        typeof name === 'string' ? table.define(name, home) : table.define(name.name, home, name.exported);
      }
    }
  }
  return table;
}

/** The imports of the package's module `module` (`./client.js`), over the package's symbol table (a target's context has it). */
export const importsFor = (context: { symbols: SymbolTable }, module: SymbolHome): ModuleImports => new ModuleImports(context.symbols, module);

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
