/**
 * The plugin contract: what a target declares (as data, read without loading it) and what it
 * does once loaded (turn the model into files). The registry, `--targets`, the package's
 * entry points, peers and README are assembled from these declarations (package/assemble.ts).
 *
 * Names. Every top-level name a generated module prints is planned once, by the model's name
 * planner, and placed in one module by the package's symbol table (print/symbols.ts), which is
 * built from the resolved plugin list: a plugin declares the names it defines with the module
 * that defines them (`defines`, and `module` on each of its `operationNames` rules), and the
 * names it imports from a package it does not own (`imports`); the runtimes' exports are
 * declared once, beside them (targets/runtimes.ts). A file prints a name through its module's
 * `ModuleImports` (`importsFor(context, './routes.js')`), and its import declarations follow
 * from what it printed. A plugin's name taken by an earlier plugin (the built-in ones run
 * first) moves aside, numbered, with a warning naming both plugins; the plugin finds the name
 * it got in `model.definedNames[plugin][name]` or `op.targetNames[key]`.
 *
 * @example A plugin that lists every operation's route in `src/routes.ts` (complete, and tested, as `definePlugin` writes it: examples/routes-plugin/routes.ts):
 * ```ts
 * const routesPlugin: TargetPlugin = {
 *   name: 'routes',
 *   needs: ['operations'],
 *   defines: { './routes.js': ['routes'] },
 *   operationNames: [{ key: 'route', module: './routes.js', want: ({ camel }) => `${camel}Route` }],
 *   load: () => ({
 *     appliesTo: (model) => model.operations.length > 0,
 *     run: (context) => {
 *       const im = importsFor(context, './routes.js');
 *       const { model } = context;
 *       const consts = model.operations.map((op) =>
 *         `export const ${op.targetNames['route']} = { method: '${op.method}', path: '${op.path}', spec: ${im.value(targetName(op, OPERATION_SPEC))} };`);
 *       // … print `routes` under `model.definedNames['routes']!['routes']`, then im.declarations() above it.
 *       return [{ path: 'src/routes.ts', contents: '…' }];
 *     },
 *   }),
 * };
 * ```
 */
import type { ApiModel, OperationNameRule } from '../model/types.js';
import type { MockOverrides } from '../plans/mock.js';
import type { Plans } from '../plans/index.js';
import type { SymbolTable } from '../print/symbols.js';

/** The hand-written runtime packages under templates/ that generated code imports. */
export const RUNTIME_FOLDERS = ['runtime', 'server-runtime', 'mock-runtime'] as const;
export type RuntimeFolder = (typeof RUNTIME_FOLDERS)[number];

export interface GeneratedFile {
  /** Path inside the package folder, with forward slashes (`src/types.ts`). */
  path: string;
  contents: string;
  /** Re-exported from `src/index.ts`. */
  barrel?: boolean;
  /** Already in oxfmt's form (the runtimes, kept formatted in templates/): copied as it is unless prettier formats. */
  preformatted?: boolean;
}

export interface TargetContext {
  model: ApiModel;
  /** The plans of the model (validator types, error envelopes, feed, mock), each computed once per run, when a target first reads it. */
  plans: Plans;
  /** Every registered plugin, resolved (built-in first, each after those it needs): the package's symbol table is built from their declarations. */
  plugins: readonly TargetPlugin[];
  /** The package's symbol table: every top-level name with its module; print names through `importsFor(context, './<module>.js')`. */
  symbols: SymbolTable;
  /** npm name of the package being generated (`@svc/v2`). */
  packageName: string;
  /** npm name of the shared runtime package. */
  runtimePackage: string;
  /** npm name of the server runtime package (Hono router, request checks). */
  serverRuntimePackage: string;
  /** npm name of the mock runtime package (fixtures, stateful mock). */
  mockRuntimePackage: string;
  /** Version of the runtime packages (the generated package's own comes from the spec). */
  packageVersion: string;
  /**
   * The runtimes are copied into the package's `src/` (the package specifiers above are then
   * relative paths); the client runtime's dependencies become the package's, those of the server and mock runtimes its optional peers.
   */
  bundledRuntime?: BundledRuntimeDependencies | undefined;
  /** What every generated file's header names as its source. */
  sourceLabel: string;
  /** The optional parts emitted (`--targets`, with what they need). */
  parts: readonly string[];
  /** `--mock-role`, `--mock-id-field`, `--mock-state-field`, `--mock-state`: choices that replace the mock plan's guesses (already applied in `plans.mock`). */
  mockOverrides?: MockOverrides | undefined;
  /** Every target's options (`--option <target>.<name>=<value>`) with the declared defaults filled in (registry.ts `resolveTargetOptions`). */
  targetOptions?: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined;
  /** The running target's own entry of `targetOptions`. */
  options?: Readonly<Record<string, string>> | undefined;
}

/** The context a target runs and renders its README with: the shared one, with its own options. */
export const contextFor = (context: TargetContext, plugin: Pick<TargetPlugin, 'name'>): TargetContext => ({ ...context, options: context.targetOptions?.[plugin.name] ?? {} });

/** An option a target takes (`--option query.scope=wallet`), declared with what it does and its default. */
export interface TargetOption {
  /** What it changes, for `--help` and errors. */
  description: string;
  /** The values it accepts; any non-empty text when absent. */
  values?: readonly string[] | undefined;
  /** Its value when not given; absent when the target derives one (said in the description). */
  default?: string | undefined;
}

/** The npm dependencies of the runtimes a standalone package carries, per runtime folder. */
export interface BundledRuntimeDependencies {
  /** What the client runtime imports (every package carries it), besides zod. */
  dependencies: Record<string, string>;
  /** Runtime folder -> the third-party packages it imports, with those of the runtimes it imports. */
  peerDependencies: Partial<Record<RuntimeFolder, Record<string, string>>>;
}

/** A loaded target: whether it has anything to say for a model, and its files. */
export interface Target {
  /** Whether the target has anything to say for this model (`plans`: the run's, as in its context). */
  appliesTo(model: ApiModel, plans: Plans): boolean;
  run(context: TargetContext): GeneratedFile[];
  /** What its README templates read besides the package's common facts (package/assemble.ts). */
  readmeData?(context: TargetContext): Record<string, unknown>;
}

/**
 * Names imported from a module no plugin of the package defines: an npm package (`hono`), or a
 * runtime (its package, or its copy inside a standalone package: `TargetContext.runtimePackage` …).
 */
export interface ImportedNames {
  from: { package: string } | { runtime: RuntimeFolder; /** A subpath of the runtime (`testing`, `mini`). */ subpath?: string | undefined };
  /** The names as printed, or `{ name, exported }` for one printed under another name than its module exports it by. */
  names: readonly (string | { name: string; exported: string })[];
}

/** A handlebars template: a file under templates/, or its text (plugins from outside the generator). */
export type TemplateSource = string | { text: string };

/**
 * A target as the registry knows it: a declaration read without loading the target's code
 * (a run whose specs are all cached loads none of it), and `load` for the rest.
 */
export interface TargetPlugin {
  /** Unique among the registered targets; shown in `--timings` and in errors. */
  name: string;
  /**
   * The `--targets` choice that emits it (several targets may share one); absent when every
   * package has it (types, validators, operations).
   */
  part?: string | undefined;
  /** Targets whose files its files import: they run before it, and choosing its part chooses theirs. */
  needs?: readonly string[] | undefined;
  /**
   * The files it emits, as paths inside the package folder (`src/routes.ts`): when given, emitting
   * any other is an error (a plugin from outside the generator always gives them).
   */
  files?: readonly string[] | undefined;
  /** The package entry point (`./<name>`, file `src/<name>.ts`) that its files provide, when it applies. */
  entryPoint?: string | undefined;
  /**
   * The fixed top-level names its files define that other modules import (or that it prints
   * through the symbol table), by the module of the package that defines them:
   * `{ './server.js': ['serverSpec'] }`. Planned before any name of the document, in the order
   * plugins run: one an earlier plugin defines or prints moves aside (`serverSpec2`), with a
   * warning naming both plugins; the name got is `model.definedNames[<plugin>][<name>]`.
   */
  defines?: Readonly<Record<string, readonly string[]>> | undefined;
  /**
   * Names its files import from a package it does not own (`Hono` from `hono`), reserved like
   * `declares`. Two plugins importing one name from one module share it; the runtimes' exports
   * are declared by the runtimes (targets/runtimes.ts), not here.
   */
  imports?: readonly ImportedNames[] | undefined;
  /**
   * The other fixed top-level names its modules print: what they import from the runtimes or
   * from other plugins' modules, namespaces (`z`), class members (`http`), names of its own no
   * other module imports. Reserved before any name of the document (a schema or operation named
   * like one moves aside, with a warning naming both) and shared: several plugins may reserve one.
   */
  declares?: readonly string[] | undefined;
  /**
   * The names it prints once per operation (`getSpotPriceOptions`), each with the module that
   * declares it, planned with the document's names; found in `op.targetNames` under each rule's
   * key. A name an earlier plugin wants moves aside, with a warning naming both plugins.
   */
  operationNames?: readonly OperationNameRule[] | undefined;
  /** Its options, by name: given as `--option <target>.<name>=<value>` or `SpecJob.targetOptions`, checked against this. */
  options?: Readonly<Record<string, TargetOption>> | undefined;
  /** Runtime packages its files import besides `@svc/runtime`: optional peers, or copies in a standalone package. */
  runtimes?: readonly Exclude<RuntimeFolder, 'runtime'>[] | undefined;
  /**
   * Modules of a runtime (`runtime/receiver.ts`) that only its files import, with what they import
   * of one another: a standalone package carries them only when the target applied, so that a
   * package without it needs none of their imports (its `peerDependencies`) to build.
   */
  runtimeModules?: readonly string[] | undefined;
  /** Third-party packages its files import (npm name -> range), optional peers of the package. */
  peerDependencies?: Readonly<Record<string, string>> | undefined;
  /**
   * Its parts of the generated README, rendered with the package's common facts and its
   * `readmeData`: a bullet of "What it exports", a usage section, and a reference section
   * (after every usage section).
   */
  readme?: { exports?: TemplateSource; usage?: TemplateSource; reference?: TemplateSource } | undefined;
  load(): Target | Promise<Target>;
}

/** First line of every generated source file. */
export const generatedHeader = (source: string): string =>
  `// Generated by svc-api-codegen from ${source}. Do not edit: change the spec and run \`npm run generate\`.`;
