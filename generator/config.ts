/**
 * The config file of a repository that uses the generator: `svc-api-codegen.config.ts`, `.mjs`
 * or `.json`, found in the current folder or named with `--config`. It lists the documents to
 * generate (each with its package folder, overlays, parts and options) and the plugins to run.
 *
 * A `.ts` or `.mjs` config and the local modules it imports (its plugins) are bundled by esbuild
 * into one module beside the config, imported, then removed: TypeScript needs no loader, and the
 * bundle's inputs are exactly the files whose contents make the plugins' part of the cache key.
 * Packages it imports stay imports, resolved from the config's folder as Node would; an import of
 * `svc-api-codegen` itself is the running generator's own entry, so a plugin prints through the
 * same symbol table as the built-in targets. A `.json` config names its plugins by module path
 * (relative to the config) or package name, loaded the same way.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { CLASS_NAME, NPM_NAME, OPTION_KEY } from './cli/options.js';
import { SpecError } from './load/errors.js';
import { providePublicApi, publicApiShim } from './public-hub.js';
import { MOCK_ROLES, type MockOverrides } from './plans/mock.js';
import type { TargetPlugin } from './targets/target.js';
import { FORMATTERS, type FormatterName } from './write/format.js';

/** The names a config file may have, in the order they are looked for. */
export const CONFIG_FILES = ['svc-api-codegen.config.ts', 'svc-api-codegen.config.mjs', 'svc-api-codegen.config.json'] as const;

/** One document to generate, as the config file writes it (paths relative to the config file). */
export interface SpecEntry {
  /** The OpenAPI (3.0–3.2, or Swagger 2.0) or AsyncAPI 3 document. */
  input: string;
  /** The package folder to write; its last segment is the package's folder name. */
  output: string;
  /** npm name of the package; `@svc/<folder name>` when absent. */
  name?: string | undefined;
  /** Class name of the typed client; planned from the folder name when absent. */
  client?: string | undefined;
  /** OpenAPI Overlay 1.0 documents applied to the input, in this order, before it is validated. */
  overlays?: readonly string[] | undefined;
  /** The optional parts to emit (with those they need): `client`, `query`, `server`, `mock`, `msw`… and the plugins' parts; all when absent. */
  targets?: readonly string[] | undefined;
  /** Target options by `<target>.<option>`: `{ 'query.scope': 'library' }`. */
  options?: Readonly<Record<string, string>> | undefined;
  /**
   * `bundled` (the default): the runtimes are copied into the package, which then installs and
   * builds on its own. `shared`: the package depends on the `@svc/runtime` packages, written
   * into the config's `runtimes` folder.
   */
  runtime?: 'bundled' | 'shared' | undefined;
  /** Folders besides the document's repository whose files its `$ref`s may name. */
  allowRefRoots?: readonly string[] | undefined;
  /** The mock plan's choices, as the `--mock-…` flags give them. */
  mock?: MockOverrides | undefined;
}

export interface Config {
  specs: readonly SpecEntry[];
  /** Plugin objects (`definePlugin`), or module paths and package names whose default export is one (the only form a `.json` config has). */
  plugins?: readonly (TargetPlugin | string)[] | undefined;
  /** The formatter of the output; oxfmt when absent. */
  format?: FormatterName | undefined;
  /**
   * Where the `@svc/runtime`, `@svc/server-runtime` and `@svc/mock-runtime` packages are written,
   * with a tsconfig.json that type-checks every package in that folder; needed by a spec whose `runtime` is `shared`.
   */
  runtimes?: string | undefined;
}

export { defineConfig } from './config-define.js';

/** A config read and checked: every path absolute, every plugin loaded. */
export interface LoadedConfig {
  /** Absolute path of the config file. */
  file: string;
  /** Its folder: what relative paths in it are relative to. */
  dir: string;
  specs: ResolvedSpecEntry[];
  plugins: TargetPlugin[];
  /**
   * A hash of the plugins' code (the config's local modules, and the name and version of each
   * package a plugin comes from): part of every cache key, so that editing a plugin regenerates.
   */
  pluginsKey: string;
  format?: FormatterName | undefined;
  runtimes?: string | undefined;
  /** Every local file the config is made of (for --watch). */
  inputs: string[];
}

export interface ResolvedSpecEntry extends Omit<SpecEntry, 'input' | 'output' | 'overlays' | 'allowRefRoots'> {
  input: string;
  output: string;
  overlays: string[];
  allowRefRoots: string[];
}

/** The config file in `dir`, if one of the known names is there. */
export function findConfig(dir: string): string | undefined {
  return CONFIG_FILES.map((name) => join(dir, name)).find((file) => existsSync(file));
}

const text = z.string().min(1, 'expected a non-empty path or name');
const configSchema = z
  .object({
    specs: z
      .array(
        z
          .object({
            input: text,
            output: text,
            name: z.string().regex(NPM_NAME, 'not a valid npm package name').optional(),
            client: z.string().regex(CLASS_NAME, 'not a valid class name').optional(),
            overlays: z.array(text).optional(),
            targets: z.array(text).optional(),
            options: z.record(z.string().regex(OPTION_KEY, 'write option names as <target>.<name> (query.scope)'), z.string()).optional(),
            runtime: z.enum(['bundled', 'shared']).optional(),
            allowRefRoots: z.array(text).optional(),
            mock: z
              .object({
                roles: z.record(z.string(), z.enum(MOCK_ROLES)).optional(),
                idFields: z.record(z.string(), z.string()).optional(),
                stateFields: z.record(z.string(), z.string()).optional(),
                states: z.record(z.string(), z.string()).optional(),
              })
              .strict()
              .optional(),
          })
          .strict(),
      )
      .min(1, 'list at least one document to generate'),
    plugins: z.array(z.union([text, z.custom<TargetPlugin>((value) => isPlugin(value), 'not a plugin: make it with definePlugin from svc-api-codegen')])).optional(),
    format: z.enum(FORMATTERS).optional(),
    runtimes: text.optional(),
  })
  .strict();

function isPlugin(value: unknown): value is TargetPlugin {
  return typeof value === 'object' && value !== null && typeof (value as TargetPlugin).name === 'string' && typeof (value as TargetPlugin).load === 'function';
}

/** A JSON Pointer of a zod issue's path (`/specs/0/output`). */
const pointerOf = (path: readonly PropertyKey[]): string => path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/**
 * The module `entry` (or the JSON config's virtual module `contents`) bundled and imported: its
 * default export, and the hash of what it is made of.
 */
async function importBundled(args: { file: string; contents?: string }): Promise<{ exported: unknown; inputs: string[]; key: string }> {
  const dir = dirname(args.file);
  const esbuild = await import('esbuild');
  providePublicApi();
  const generatorItself: import('esbuild').Plugin = {
    name: 'svc-api-codegen-itself',
    setup(build) {
      build.onResolve({ filter: /^svc-api-codegen$/ }, () => ({ path: 'svc-api-codegen', namespace: 'svc-api-codegen' }));
      build.onLoad({ filter: /.*/, namespace: 'svc-api-codegen' }, () => ({
        contents: publicApiShim(),
        loader: 'js',
      }));
      // Each local module keeps its own location (a plugin may read files beside it). Written in two
      // halves so that the bundlers of the generator itself leave this text alone.
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (file) => ({
        contents: readFileSync(file.path, 'utf8').replaceAll(`import.meta${'.url'}`, JSON.stringify(pathToFileURL(file.path).href)),
        loader: /\.[cm]?ts$/.test(file.path) ? 'ts' : 'js',
      }));
    },
  };
  let result: import('esbuild').BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      ...(args.contents !== undefined ? { stdin: { contents: args.contents, resolveDir: dir, sourcefile: basename(args.file), loader: 'js' as const } } : { entryPoints: [args.file] }),
      absWorkingDir: dir,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'silent',
      plugins: [generatorItself],
    });
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors?.[0];
    if (!first) throw error;
    const at = first.location ? resolve(dir, first.location.file) : args.file;
    throw new SpecError(at, first.text, first.location ? { line: first.location.line, column: first.location.column + 1 } : {});
  }
  const inputs = Object.keys(result.metafile.inputs)
    // Not the virtual module of a JSON config or of --plugin (named after the file it stands for).
    .filter((input) => !input.startsWith('svc-api-codegen:') && !(args.contents !== undefined && input === basename(args.file)))
    .map((input) => resolve(dir, input))
    .sort();
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(relative(dir, input)).update('\0').update(readFileSync(input)).update('\0');
  for (const name of externalPackages(result.metafile)) hash.update(`package ${name}@${packageVersion(name, dir) ?? 'unknown'}\0`);
  const code = result.outputFiles[0]!.contents;
  hash.update(code);
  const key = hash.digest('hex').slice(0, 24);
  // Beside the config, so that its imports resolve from there; removed once imported.
  const bundle = join(dir, `.svc-api-codegen.config.${key}.${process.pid}.mjs`);
  writeFileSync(bundle, code);
  try {
    let module: { default?: unknown };
    try {
      module = (await import(pathToFileURL(bundle).href)) as { default?: unknown };
    } catch (error) {
      // The config's own code (or a plugin's, as it is imported) threw: said of the config, not as a generator bug.
      throw new SpecError(args.file, `importing it threw: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    return { exported: module.default, inputs, key };
  } finally {
    rmSync(bundle, { force: true });
  }
}

/** The npm packages a bundle imports (not Node's own modules, nor the generator itself). */
function externalPackages(metafile: import('esbuild').Metafile): string[] {
  const names = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) {
      if (!imported.external || imported.path.startsWith('node:') || builtinModules.includes(imported.path)) continue;
      const parts = imported.path.split('/');
      const name = imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
      if (name !== 'svc-api-codegen') names.add(name);
    }
  }
  return [...names].sort();
}

/** The version of package `name` as Node would find it from `dir`, walking up through node_modules. */
function packageVersion(name: string, dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const manifest = join(at, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
    if (dirname(at) === at) return undefined;
  }
}

/** Reads, checks and resolves the config `file` (absolute); a wrong one is a SpecError located in it. */
export async function loadConfig(file: string): Promise<LoadedConfig> {
  const dir = dirname(file);
  let exported: unknown;
  let inputs: string[];
  let key: string;
  if (file.endsWith('.json')) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new SpecError(file, `not valid JSON: ${(error as Error).message}`);
    }
    const plugins = (json as { plugins?: unknown }).plugins;
    if (plugins !== undefined && (!Array.isArray(plugins) || plugins.some((p) => typeof p !== 'string'))) {
      throw new SpecError(file, 'plugins: a JSON config names its plugins by module path or package name (strings)', { pointer: '/plugins' });
    }
    const loaded = await importPlugins({ file, names: (plugins ?? []) as string[], pointers: (i) => `/plugins/${i}` });
    exported = { ...(json as object), plugins: loaded.plugins };
    inputs = [file, ...loaded.inputs];
    key = createHash('sha256').update(loaded.key).update(readFileSync(file)).digest('hex').slice(0, 24);
  } else {
    const loaded = await importBundled({ file });
    ({ exported, inputs, key } = loaded);
  }
  const parsed = configSchema.safeParse(exported);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('')}: ` : '';
    throw new SpecError(file, exported === undefined ? 'has no default export (export default defineConfig({ specs: [...] }))' : `${where}${issue.message}`, issue.path.length > 0 ? { pointer: pointerOf(issue.path) } : {});
  }
  const config = parsed.data;
  // Module paths in a config of code: loaded as a JSON config's are, in their places among the plugin objects.
  const written = config.plugins ?? [];
  const named = written.flatMap((plugin, i) => (typeof plugin === 'string' ? [{ plugin, i }] : []));
  const loaded = named.length > 0 ? await importPlugins({ file, names: named.map((n) => n.plugin), pointers: (j) => `/plugins/${named[j]!.i}` }) : undefined;
  let next = 0;
  const plugins = written.map((plugin) => (typeof plugin === 'string' ? loaded!.plugins[next++]! : plugin));
  if (loaded) {
    inputs.push(...loaded.inputs);
    key = createHash('sha256').update(key).update(loaded.key).digest('hex').slice(0, 24);
  }
  const at = (path: string): string => resolve(dir, path);
  const specs = config.specs.map((entry): ResolvedSpecEntry => ({
    ...entry,
    input: at(entry.input),
    output: at(entry.output),
    overlays: (entry.overlays ?? []).map(at),
    allowRefRoots: (entry.allowRefRoots ?? []).map(at),
  }));
  const outputs = new Map<string, number>();
  for (const [i, spec] of specs.entries()) {
    const earlier = outputs.get(spec.output);
    if (earlier !== undefined) throw new SpecError(file, `specs[${i}].output: specs[${earlier}] writes the same folder`, { pointer: `/specs/${i}/output` });
    outputs.set(spec.output, i);
    if (spec.runtime === 'shared' && config.runtimes === undefined) throw new SpecError(file, `specs[${i}].runtime: 'shared' needs the config's runtimes folder (where the @svc/runtime packages go)`, { pointer: `/specs/${i}/runtime` });
  }
  return {
    file,
    dir,
    specs,
    plugins,
    pluginsKey: plugins.length > 0 ? key : '',
    format: config.format,
    runtimes: config.runtimes === undefined ? undefined : at(config.runtimes),
    inputs: [...new Set(inputs)].sort(),
  };
}

/** `--plugin <module>…` (a path relative to `dir`, or a package name): the plugins, and the hash of their code. */
export async function loadPluginModules(names: readonly string[], dir: string): Promise<{ plugins: TargetPlugin[]; key: string }> {
  const { plugins, key } = await importPlugins({ file: join(dir, '--plugin'), names, pointers: (i) => `/${i}` });
  return { plugins, key };
}

/**
 * The plugins named by module path or package name, imported through one bundled module that
 * stands for `file` (errors name it, with `pointers(i)` for the i-th): each default export checked.
 */
async function importPlugins(args: { file: string; names: readonly string[]; pointers: (i: number) => string }): Promise<{ plugins: TargetPlugin[]; inputs: string[]; key: string }> {
  const { file, names } = args;
  const contents = [...names.map((name, i) => `import * as plugin${i} from ${JSON.stringify(name)};`), `export default [${names.map((_, i) => `plugin${i}`).join(', ')}];`].join('\n');
  const loaded = await importBundled({ file, contents });
  const plugins = (loaded.exported as { default?: unknown }[]).map((module, i) => pluginOf(module, { file, pointer: args.pointers(i), name: names[i]! }));
  return { plugins, inputs: loaded.inputs, key: loaded.key };
}

/** A plugin module's default export, checked. */
function pluginOf(module: { default?: unknown }, where: { file: string; pointer: string; name: string }): TargetPlugin {
  const plugin = module.default;
  if (!isPlugin(plugin)) throw new SpecError(where.file, `${where.name}: its default export is not a plugin (export default definePlugin({ … }))`, { pointer: where.pointer });
  return plugin;
}
