/**
 * The stages in order: load -> model -> targets -> format. Nothing here touches the
 * output folder; write/ does that once everything has succeeded.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { generatorRoot } from './cache/fingerprint.js';
import { hashInputs } from './cache/inputs.js';
import type { RunCache } from './cache/run-cache.js';
import type { FormatterPool } from './write/format-pool.js';
import type { SpecError } from './load/errors.js';
import type { ApiModel, Diagnostic } from './model/types.js';
import { nameRequestsOf, partsWithNeeds, resolvePlugins, resolveTargetOptions, type TargetOptions } from './targets/registry.js';
import { generatedHeader, RUNTIME_FOLDERS, type BundledRuntimeDependencies, type GeneratedFile, type RuntimeFolder, type TargetPlugin } from './targets/target.js';
import type { MockGuess, MockOverrides } from './plans/mock.js';
import { DEFAULT_FORMATTER, formatFile, type FormatterName } from './write/format.js';
import { compareText } from './util/compare.js';
import { reportingStage, type ProgressListener } from './util/progress.js';

// Loaders, targets and the formatters take a while to import: only a run
// that generates something loads them, so a run whose specs are all unchanged stays fast.
const stages = (): Promise<typeof import('./stages.js')> => import('./stages.js');

export const PACKAGE_SCOPE = '@svc';
export const PACKAGE_VERSION = '0.1.0';
export const RUNTIME_PACKAGE = `${PACKAGE_SCOPE}/runtime`;
export const SERVER_RUNTIME_PACKAGE = `${PACKAGE_SCOPE}/server-runtime`;
export const MOCK_RUNTIME_PACKAGE = `${PACKAGE_SCOPE}/mock-runtime`;
/**
 * The hand-written packages under templates/, copied as they are: the client runtime, the
 * server runtime (Hono) and the mock runtime (fixtures, state). Separate packages, so that a
 * program importing only a client never pulls in a server framework.
 */
export { RUNTIME_FOLDERS, type RuntimeFolder };
const runtimeHeader = (folder: RuntimeFolder): string =>
  `// Copied from templates/${folder}/ by svc-api-codegen. Do not edit: change the template and run \`npm run generate\`.`;

export interface SpecJob {
  /** Spec file path, relative to the working directory (the project root). */
  file: string;
  /** What generated files name as their source (`specs/v2.openapi.yaml`); `file` when absent. */
  label?: string | undefined;
  /** Package folder name. */
  name: string;
  /** npm name of the package; `@svc/<name>` when absent. */
  packageName?: string | undefined;
  /** Class name of the typed client; planned from the name when absent. */
  clientName?: string | undefined;
  /** Copy the runtimes into the package (`src/runtime/` …) instead of depending on the @svc runtime packages. */
  bundleRuntime?: boolean | undefined;
  /** `--targets`: the optional parts to emit (with those they need); all of them when absent. */
  parts?: readonly string[] | undefined;
  /** `--allow-ref-root`: folders besides the project root whose files `$ref`s may name (load/confine.ts). */
  allowRefRoots?: readonly string[] | undefined;
  /**
   * `--overlay`: OpenAPI Overlay 1.0 files applied, in this order, to the document as written before
   * anything else reads it (load/overlay.ts); paths as `file` is (relative to the working directory, or
   * absolute). They are inputs like the spec: an edited overlay generates the package again.
   */
  overlays?: readonly string[] | undefined;
  /** `--mock-role`, `--mock-id-field`, `--mock-state-field`, `--mock-state`: choices that replace the mock plan's guesses. */
  mockOverrides?: MockOverrides | undefined;
  /** `--option <target>.<name>=<value>`: the targets' options (checked against their declarations). */
  targetOptions?: TargetOptions | undefined;
  /**
   * Lenient loading (the API diff, which compares documents mid-edit): what the official schema
   * or the model finds wrong is collected here, located, instead of refusing the document.
   * Unparseable documents and unresolvable `$ref`s are refused all the same.
   */
  problems?: SpecError[] | undefined;
}

/** Milliseconds spent in each stage of one package; `cached` when nothing had to be generated. */
export interface StageTimings {
  cached: boolean;
  /** Importing the loaders, targets and the formatter (once per process). */
  setup: number;
  load: number;
  model: number;
  targets: Record<string, number>;
  format: number;
}

export interface PackageOutput {
  name: string;
  /** Files keyed by path inside the package folder. */
  files: Map<string, string>;
  stats: { operations: number; schemas: number; messages: number; ms: number };
  diagnostics: Diagnostic[];
  timings: StageTimings;
}

export interface GenerateOptions {
  /** Reuse and record results between runs (the CLI passes one; tests and library callers need not). */
  cache?: RunCache | undefined;
  /** Formatting threads (prettier), started when a spec has to be generated; the caller closes them. */
  pool?: FormatterPool | undefined;
  /** `--format`. @default oxfmt */
  formatter?: FormatterName | undefined;
  /**
   * Targets from outside the generator, run after the built-in ones they need (targets/target.ts
   * says what a plugin declares). A run with plugins is cached only with `pluginsKey`.
   */
  plugins?: readonly TargetPlugin[] | undefined;
  /** A hash of the plugins' code (config.ts): with it, a run with plugins is cached, and editing a plugin makes it stale. */
  pluginsKey?: string | undefined;
  /** Told of each stage as it starts, and of the operations done where a stage goes one by one (the command line's progress line). */
  progress?: ProgressListener | undefined;
}

/** `specs/v2.openapi.yaml` -> `v2`. */
export const packageNameOf = (file: string): string => basename(file).replace(/\.(openapi|asyncapi)?\.?(ya?ml|json)$/, '').replace(/\.$/, '');

const sourceLabelOf = (job: SpecJob): string => (job.label ?? job.file).split('\\').join('/');

/** What the progress line calls a spec: its file name. */
const progressLabelOf = (job: SpecJob): string => basename(job.file);

const since = (started: number): number => Math.round(performance.now() - started);

export async function loadModel(job: SpecJob): Promise<ApiModel> {
  const { loadDocument, buildModel } = await stages();
  return buildModel(await loadDocument(job), job);
}

export async function generatePackage(job: SpecJob, options: GenerateOptions = {}): Promise<PackageOutput> {
  const started = performance.now();
  const plugins = resolvePlugins(options.plugins);
  const parts = job.parts === undefined ? '' : `\0targets ${partsWithNeeds(job.parts, plugins).join(',')}`;
  // A package made with wider roots is not the answer of a run without them, which must refuse the same references.
  const allowed = job.allowRefRoots?.length ? `\0roots ${job.allowRefRoots.join('\0')}` : '';
  const overridden = job.mockOverrides ? `\0mock ${JSON.stringify(job.mockOverrides)}` : '';
  // Which overlays, in which order; what they say is among the inputs hashed below.
  const overlaid = job.overlays?.length ? `\0overlays ${job.overlays.join('\0')}` : '';
  // Checked before the cache is asked: a wrong option fails the same with a warm cache and a cold one.
  const targetOptions = resolveTargetOptions(job.targetOptions, plugins);
  const optioned = job.targetOptions ? `\0options ${JSON.stringify(targetOptions)}` : '';
  const formatter = options.formatter ?? DEFAULT_FORMATTER;
  const plugged = options.plugins?.length ? `\0plugins ${options.pluginsKey ?? ''}` : '';
  const identity = { file: job.file, name: job.name, clientName: job.clientName, sourceLabel: `${sourceLabelOf(job)}\0${job.packageName ?? ''}${job.bundleRuntime ? '\0bundled' : ''}${parts}${allowed}${overlaid}${overridden}${optioned}\0format ${formatter}${plugged}` };
  const cache = options.plugins?.length && !options.pluginsKey ? undefined : options.cache;
  // Hash the inputs before reading them, so an edit made while generating is seen next time.
  const inputs = cache ? await hashInputs(job.file, job.allowRefRoots, job.overlays) : undefined;
  const hit = await cache?.lookup(identity);
  if (hit) {
    return {
      name: job.name,
      files: new Map(hit.files),
      stats: { ...hit.stats, ms: since(started) },
      diagnostics: hit.diagnostics,
      timings: { cached: true, setup: 0, load: 0, model: 0, targets: {}, format: 0 },
    };
  }
  if (formatter === 'prettier') options.pool?.start();
  const { produced, stats, diagnostics, timings } = await produceFiles(job, undefined, plugins, targetOptions, options.progress);
  const stage = performance.now();
  options.progress?.({ spec: progressLabelOf(job), stage: 'format' });
  const { formatPackageFiles } = await stages();
  const formatCache = cache ? await cache.formatCache(identity) : undefined;
  const files = await formatPackageFiles({ file: job.file, produced, cache: formatCache, pool: options.pool, formatter });
  await formatCache?.save();
  timings.format = since(stage);
  if (cache && inputs) await cache.store({ job: identity, inputs, output: { files: [...files], stats, diagnostics } });
  return { name: job.name, files, stats: { ...stats, ms: since(started) }, diagnostics, timings };
}

/** What the mock plan of a document guesses (`--explain`); none for a document without operations. */
export async function explainMock(job: SpecJob, built?: ApiModel): Promise<MockGuess[]> {
  const model = built ?? (await loadModel(job));
  if (model.kind !== 'openapi' || model.operations.length === 0) return [];
  const { createPlans } = await import('./plans/index.js');
  return createPlans({ model, mockOverrides: job.mockOverrides }).mock.guesses;
}

/**
 * What `--explain` tells of a document: the mock plan's guesses, each stream offered beside a
 * body with what asks for it, and how a webhook receiver matches and verifies (none without webhooks).
 */
export async function explainDocument(job: SpecJob): Promise<{ guesses: MockGuess[]; streams: { operationId: string; choice: string }[]; webhooks: MockGuess[] }> {
  const model = await loadModel(job);
  const { streamChoiceOf } = await import('./model/operation-kinds.js');
  const { webhookGuesses } = await import('./model/webhooks.js');
  const streams = model.operations.flatMap((op) => {
    const choice = streamChoiceOf(op);
    return choice === undefined ? [] : [{ operationId: op.operationId, choice }];
  });
  const webhooks = webhookGuesses({ model, signatureOption: job.targetOptions?.['webhooks']?.['signature'] });
  return { guesses: await explainMock(job, model), streams, webhooks };
}

/**
 * The package's files as the targets emit them, unformatted: what tools that read the code (the
 * API diff) need. `model`: the document's model when the caller built it already (`loadModel`
 * with the same job), so it is not read and built again.
 */
export async function generateSources(job: SpecJob, model?: ApiModel): Promise<Map<string, string>> {
  const { produced } = await produceFiles(job, model);
  return new Map(produced.map((f) => [f.path, f.contents]));
}

/**
 * Load, model and targets: the unformatted files. A function of its own so the document
 * and the model can be collected before formatting, the stage that needs the most memory.
 */
async function produceFiles(
  job: SpecJob,
  built?: ApiModel,
  plugins: readonly TargetPlugin[] = resolvePlugins(),
  targetOptions: TargetOptions = resolveTargetOptions(job.targetOptions, plugins),
  progress?: ProgressListener,
): Promise<{ produced: GeneratedFile[]; stats: Omit<PackageOutput['stats'], 'ms'>; diagnostics: Diagnostic[]; timings: StageTimings }> {
  let stage = performance.now();
  const spec = progressLabelOf(job);
  progress?.({ spec, stage: 'load' });
  const { loadDocument, buildModel, loadTargets, runTargets, runtimesOf, carriesRuntimeFile } = await stages();
  const parts = partsWithNeeds(job.parts, plugins);
  const loaded = await loadTargets(plugins, parts, job.file);
  const timings: StageTimings = { cached: false, setup: since(stage), load: 0, model: 0, targets: {}, format: 0 };
  stage = performance.now();
  const document = built ? undefined : await loadDocument(job);
  timings.load = since(stage);
  stage = performance.now();
  const model = built ?? reportingStage({ listener: progress, report: { spec, stage: 'model' } }, () => buildModel(document!, job, nameRequestsOf(plugins)));
  timings.model = since(stage);
  const sourceLabel = sourceLabelOf(job);
  const bundled = job.bundleRuntime === true ? await bundledRuntimes() : undefined;
  const { files: produced, applied } = runTargets(
    {
      model,
      plugins,
      packageName: job.packageName ?? `${PACKAGE_SCOPE}/${job.name}`,
      runtimePackage: bundled ? './runtime/index.js' : RUNTIME_PACKAGE,
      serverRuntimePackage: bundled ? './server-runtime/index.js' : SERVER_RUNTIME_PACKAGE,
      mockRuntimePackage: bundled ? './mock-runtime/index.js' : MOCK_RUNTIME_PACKAGE,
      packageVersion: PACKAGE_VERSION,
      sourceLabel,
      bundledRuntime: bundled ? { dependencies: bundled.dependencies, peerDependencies: bundled.peerDependencies } : undefined,
      parts,
      mockOverrides: job.mockOverrides,
      targetOptions,
    },
    loaded,
    timings.targets,
    progress && { listener: progress, spec },
  );
  produced.push(barrelFile(produced, sourceLabel));
  if (bundled) {
    // Only the runtimes the targets that ran declare, and those they import (a client-only package carries no server code).
    const used = runtimesOf(applied, bundled.needs);
    produced.push(...bundled.files.filter((f) => [...used].some((folder) => f.path.startsWith(`src/${folder}/`)) && carriesRuntimeFile({ path: f.path, applied, plugins })));
  }
  const stats = { operations: model.operations.length, schemas: model.schemas.length, messages: model.messages.length };
  return { produced, stats, diagnostics: model.diagnostics, timings };
}

/**
 * The runtimes as files of the package (`src/<folder>/…`), their imports of one another made
 * relative, and the dependencies they bring (hono, jose …), which become optional peers.
 */
async function bundledRuntimes(): Promise<BundledRuntimeDependencies & { files: GeneratedFile[]; needs: Partial<Record<RuntimeFolder, RuntimeFolder[]>> }> {
  const files: GeneratedFile[] = [];
  /** What the client runtime imports (every package carries it), besides zod, which generated code imports itself. */
  const dependencies: Record<string, string> = {};
  /** Folder -> what it and the runtimes it imports bring. */
  const peerDependencies: Partial<Record<RuntimeFolder, Record<string, string>>> = {};
  /** Folder -> the runtime folders it imports, transitively. */
  const needs: Partial<Record<RuntimeFolder, RuntimeFolder[]>> = {};
  for (const folder of RUNTIME_FOLDERS) {
    const manifest = JSON.parse(await readFile(join(generatorRoot, 'templates', folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const own = Object.entries(manifest.dependencies ?? {}).filter(([name]) => !name.startsWith(`${PACKAGE_SCOPE}/`) && name !== 'zod');
    const direct = Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith(`${PACKAGE_SCOPE}/`)).map((name) => name.slice(PACKAGE_SCOPE.length + 1) as RuntimeFolder);
    // RUNTIME_FOLDERS lists a runtime after those it imports.
    needs[folder] = [...new Set([...direct, ...direct.flatMap((d) => needs[d] ?? [])])];
    if (folder === 'runtime') Object.assign(dependencies, Object.fromEntries(own));
    else peerDependencies[folder] = Object.assign({}, ...needs[folder].filter((d) => d !== 'runtime').map((d) => peerDependencies[d] ?? {}), Object.fromEntries(own)) as Record<string, string>;
    for (const file of (await templateFiles(join(folder, 'src'))).filter((f) => f.endsWith('.ts'))) {
      const path = `src/${folder}/${file}`;
      // From src/<folder>/… up to src/.
      const depth = path.split('/').length - 2;
      const up = '../'.repeat(depth);
      // `@svc/server-runtime` -> `../server-runtime/index.js`; a subpath (`@svc/server-runtime/stream`) -> its module.
      const text = (await readFile(join(generatorRoot, 'templates', folder, 'src', file), 'utf8')).replace(
        /(from |import\()'@svc\/(runtime|server-runtime|mock-runtime)(?:\/([\w-]+))?'/g,
        (_, lead: string, target: string, subpath: string | undefined) => `${lead}'${up}${target}/${subpath ?? 'index'}.js'`,
      );
      // templates/ keeps the runtimes in oxfmt's form (a test holds it): copies need no formatting.
      files.push({ path, contents: `${runtimeHeader(folder)}\n${text}`, preformatted: true });
    }
  }
  // Unsorted: package/assemble.ts sorts what package.json lists.
  return { files, needs, dependencies, peerDependencies };
}

function barrelFile(files: GeneratedFile[], source: string): GeneratedFile {
  const modules = files
    .filter((f) => f.barrel)
    .map((f) => `./${f.path.replace(/^src\//, '').replace(/\.ts$/, '.js')}`)
    .sort();
  return {
    path: 'src/index.ts',
    contents: `${generatedHeader(source)}\n${modules.map((m) => `export * from '${m}';`).join('\n')}\n`,
  };
}

/** Every file under `templates/<folder>`, as sorted paths relative to it with forward slashes. */
async function templateFiles(folder: string): Promise<string[]> {
  const root = join(generatorRoot, 'templates', folder);
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => compareText(a.name, b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(relative(root, full).split('\\').join('/'));
    }
  };
  await walk(root);
  return out;
}

/** A hand-written runtime (`templates/<folder>/`), copied as the `@svc/<folder>` package. */
export async function runtimePackage(folder: RuntimeFolder, options: GenerateOptions = {}): Promise<PackageOutput> {
  const started = performance.now();
  const cache = options.cache ? await options.cache.formatCache({ file: `templates/${folder}`, name: folder, sourceLabel: '' }) : undefined;
  const formatter = options.formatter ?? DEFAULT_FORMATTER;
  const files = new Map<string, string>();
  for (const path of await templateFiles(folder)) {
    const text = await readFile(join(generatorRoot, 'templates', folder, path), 'utf8');
    const contents = path.endsWith('.ts') ? `${runtimeHeader(folder)}\n${text}` : text;
    // The TypeScript of templates/ is in oxfmt's form already (a test holds it): only prettier formats it again.
    files.set(path, path.endsWith('.ts') && formatter !== 'prettier' ? contents : await formatFile(basename(path), contents, cache, formatter));
  }
  await cache?.save();
  const ms = since(started);
  return { name: folder, files, stats: { operations: 0, schemas: 0, messages: 0, ms }, diagnostics: [], timings: { cached: false, setup: 0, load: 0, model: 0, targets: {}, format: ms } };
}
