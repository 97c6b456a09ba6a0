/** One run of the command: generate every job, then write (or compare) the packages. */
import { readdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { generatorRoot } from '../cache/fingerprint.js';
import { compiledCodeDir, keepCompiledCodeIn } from '../cache/compiled-code.js';
import { RunCache } from '../cache/run-cache.js';
import { hashInputs } from '../cache/inputs.js';
import { generatePackage, packageNameOf, RUNTIME_FOLDERS, runtimePackage, type PackageOutput, type SpecJob } from '../pipeline.js';
import { CONFIG_FILES, findConfig, loadConfig, loadPluginModules, type LoadedConfig } from '../config.js';
import type { TargetPlugin } from '../targets/target.js';
import { inStage } from '../failure.js';
import { comparePackages, foreignFolders, writePackages, type Difference } from '../write/files.js';
import { DEFAULT_FORMATTER, formatFile, PRETTIER_OPTIONS, type FormatterName } from '../write/format.js';
import { FormatterPool } from '../write/format-pool.js';
import { compareText } from '../util/compare.js';
import { checkParts, displayPath, optionsByTarget, UsageError, type Options } from './options.js';
import { resolvePlugins, type TargetOptions } from '../targets/registry.js';
import type { ProgressListener } from '../util/progress.js';

/** The project's own folders: relative to the directory the generator runs in (npm: the package root). */
const projectPath = (path: string): string => resolve(path);

export interface RunResult {
  code: number;
  packages: PackageOutput[];
  /** Full paths written and removed (empty for --check). */
  written: string[];
  removed: string[];
  differences: Difference[];
  writeMs: Map<string, number>;
  /** The folder the packages went to (or were compared with). */
  outFolder: string;
  totalMs: number;
}

const toPosix = (path: string): string => path.split('\\').join('/');

/** One package of a run: the job, and the package folder it is written to (its last segment is `job.name`). */
export interface PlannedPackage {
  job: SpecJob;
  out: string;
}

/** What a run generates: its packages, where the shared runtimes go, and the plugins that run. */
export interface RunPlan {
  packages: PlannedPackage[];
  /** The folder of the `@svc/runtime` packages and the workspace tsconfig.json; none for a run of bundled packages only. */
  runtimes?: string | undefined;
  plugins: TargetPlugin[];
  /** A hash of the plugins' code, part of the cache key (config.ts). */
  pluginsKey: string;
  /** The config file the run follows, if any. */
  config?: LoadedConfig | undefined;
}

/** A config entry's options (`{ 'query.scope': 'library' }`) by target, with those of `--option` over them, key by key. */
function entryOptions(written: Readonly<Record<string, string>> | undefined, given: TargetOptions | undefined): TargetOptions | undefined {
  if (written === undefined) return given;
  const byTarget = optionsByTarget(Object.entries(written));
  for (const [target, values] of Object.entries(given ?? {})) byTarget[target] = { ...byTarget[target], ...values };
  return byTarget;
}

/** A path as a job names its file: relative to the working directory when under it. */
const jobPath = (file: string): string => {
  const shown = relative(process.cwd(), file);
  return toPosix(shown.startsWith('..') || isAbsolute(shown) ? file : shown);
};

/**
 * The run the options ask for: one document (`--spec`), the entries of a config file (`--config`,
 * or one found in the working directory), or, with neither, every document of `specs/` into
 * `generated/` as this repository has always had it.
 */
export async function planRun(options: Options): Promise<RunPlan> {
  if (options.spec !== undefined) {
    const loaded = options.plugins?.length ? await loadPluginModules(options.plugins, options.callerDir) : { plugins: [], key: '' };
    const job: SpecJob = { file: jobPath(options.spec), name: basename(options.out!), packageName: options.name, clientName: options.client, bundleRuntime: !options.sharedRuntime, parts: options.targets, allowRefRoots: options.allowRefRoots, overlays: options.overlays.map((overlay) => jobPath(overlay)), mockOverrides: options.mockOverrides, targetOptions: options.targetOptions };
    if (options.targets) checkParts({ names: options.targets, plugins: resolvePlugins(loaded.plugins), said: `--targets ${options.targets.join(',')}` });
    return { packages: [{ job, out: options.out! }], plugins: loaded.plugins, pluginsKey: loaded.key };
  }
  const configFile = options.config ?? findConfig(process.cwd());
  if (configFile !== undefined) {
    const config = await loadConfig(configFile);
    const packages = config.specs.map((entry): PlannedPackage => {
      const name = basename(entry.output);
      return {
        job: {
          file: jobPath(entry.input),
          label: toPosix(relative(config.dir, entry.input)),
          name,
          packageName: entry.name,
          clientName: entry.client,
          bundleRuntime: entry.runtime !== 'shared',
          parts: entry.targets,
          allowRefRoots: [...entry.allowRefRoots, ...options.allowRefRoots],
          mockOverrides: options.mockOverrides ?? entry.mock,
          targetOptions: entryOptions(entry.options, options.targetOptions),
          ...(entry.overlays.length > 0 ? { overlays: entry.overlays } : {}),
        },
        // --out moves every package into one folder, as it moves the packages of specs/.
        out: options.out !== undefined ? join(options.out, name) : entry.output,
      };
    });
    const plugins = resolvePlugins(config.plugins);
    config.specs.forEach((entry, i) => entry.targets && checkParts({ names: entry.targets, plugins, said: `${displayPath(options, config.file)}: specs[${i}].targets` }));
    return { packages: onlyThe(options, packages), runtimes: options.out ?? config.runtimes, plugins: config.plugins, pluginsKey: config.pluginsKey, config };
  }
  const specsDir = projectPath('specs');
  const files = await readdir(specsDir).catch(() => {
    throw new UsageError(`no ${CONFIG_FILES.join(', ')} in ${displayPath(options, process.cwd(), true)} and no specs/ folder: run \`svc-api-codegen init\`, name a config with --config, or give one document with --spec <file> --out <dir>`);
  });
  const outRoot = options.out ?? projectPath('generated');
  const packages = files
    .filter((f) => /\.(openapi|asyncapi)\.(ya?ml|json)$/.test(f))
    .sort(compareText)
    .map((f): PlannedPackage => ({ job: { file: `specs/${f}`, name: packageNameOf(f), allowRefRoots: options.allowRefRoots, mockOverrides: options.mockOverrides, targetOptions: options.targetOptions }, out: join(outRoot, packageNameOf(f)) }));
  return { packages: onlyThe(options, packages), runtimes: outRoot, plugins: [], pluginsKey: '' };
}

/** `--only <name>`: the package of that folder name. */
function onlyThe(options: Options, packages: PlannedPackage[]): PlannedPackage[] {
  if (options.only === undefined) return packages;
  const chosen = packages.filter((p) => p.job.name === options.only);
  if (chosen.length === 0) throw new UsageError(`--only ${options.only}: no spec makes a package of that name (${packages.map((p) => p.job.name).join(', ')})`);
  return chosen;
}

/** The jobs of a run (`--explain` reads each document again). */
export async function specJobs(options: Options): Promise<SpecJob[]> {
  return (await planRun(options)).packages.map((p) => p.job);
}

/** Every file the run reads: what --watch watches. */
export async function runInputs(options: Options): Promise<string[]> {
  const plan = await planRun(options);
  const inputs: string[] = [];
  for (const { job } of plan.packages) inputs.push(...(await hashInputs(job.file, job.allowRefRoots, job.overlays)).keys());
  if (plan.config) inputs.push(...plan.config.inputs);
  // Without a config, a spec added to specs/ is one more package.
  else if (options.spec === undefined) inputs.push(projectPath('specs'));
  // The templates are the generator's own, wherever the project is; a run of one document does not watch them.
  if (options.spec === undefined) inputs.push(join(generatorRoot, 'templates'));
  return [...new Set(inputs)];
}

/** Where the packages go: the package folder itself for --spec, else the root of one folder per package. */
export const outFolderOf = (options: Options): string => (options.spec !== undefined ? options.out! : (options.out ?? projectPath('generated')));

/** The workspace tsconfig that type-checks every generated package at once. */
async function workspaceFiles(cache: RunCache | undefined, formatter: FormatterName): Promise<Map<string, string>> {
  const tsconfig = { extends: './runtime/tsconfig.json', compilerOptions: { noEmit: true }, include: ['*/src'] };
  const formatCache = cache ? await cache.formatCache({ file: 'generated/tsconfig.json', name: 'workspace', sourceLabel: '' }) : undefined;
  const formatted = await formatFile('tsconfig.json', JSON.stringify(tsconfig), formatCache, formatter);
  await formatCache?.save();
  return new Map([['tsconfig.json', formatted]]);
}

/** `progress`: told of each stage of each spec as it starts (the progress line); nothing when absent. */
export async function runOnce(options: Options, { progress }: { progress?: ProgressListener | undefined } = {}): Promise<RunResult> {
  const started = performance.now();
  const cache = options.cache ? new RunCache() : undefined;
  keepCompiledCodeIn(options.cache ? compiledCodeDir : undefined);
  const { packages: planned, runtimes, plugins, pluginsKey, config } = await planRun(options);
  const outFolder = options.spec !== undefined ? options.out! : (runtimes ?? commonFolder(planned.map((p) => p.out)));
  const packageDirs = [...planned.map((p) => p.out), ...(runtimes !== undefined ? RUNTIME_FOLDERS.map((folder) => join(runtimes, folder)) : [])];
  if (!options.check && !options.force) {
    const foreign = await foreignFolders(packageDirs);
    if (foreign.length > 0) {
      throw new UsageError(
        `${foreign.map((f) => displayPath(options, f, true)).join(', ')} exists and was not written by the generator (its package.json has no "x-generated-from"); use --force to write into it anyway`,
      );
    }
  }
  const packages: PackageOutput[] = [];
  const formatter = options.format ?? config?.format ?? DEFAULT_FORMATTER;
  // Threads only for prettier: oxfmt runs natively, in parallel by itself.
  const pool = formatter === 'prettier' ? new FormatterPool(PRETTIER_OPTIONS) : undefined;
  try {
    for (const { job } of planned) packages.push(await generatePackage(job, { cache, pool, formatter, plugins, pluginsKey, progress }));
  } finally {
    await pool?.close();
  }
  // Each folder that holds packages, with what goes into it: the runtimes and the workspace tsconfig go beside the shared ones.
  const groups = new Map<string, { packages: PackageOutput[]; extra: Map<string, string> }>();
  const groupOf = (folder: string): { packages: PackageOutput[]; extra: Map<string, string> } => {
    const group = groups.get(folder) ?? { packages: [], extra: new Map<string, string>() };
    groups.set(folder, group);
    return group;
  };
  planned.forEach((p, i) => groupOf(dirname(p.out)).packages.push(packages[i]!));
  if (runtimes !== undefined) {
    const group = groupOf(runtimes);
    for (const folder of RUNTIME_FOLDERS) {
      const runtime = await runtimePackage(folder, { cache, formatter });
      packages.push(runtime);
      group.packages.push(runtime);
    }
    group.extra = await workspaceFiles(cache, formatter);
  }
  const base = { packages, outFolder, written: [] as string[], removed: [] as string[], differences: [] as Difference[], writeMs: new Map<string, number>() };
  if (options.check) {
    for (const [folder, group] of groups) base.differences.push(...(await comparePackages(folder, group.packages, group.extra)));
    return { ...base, code: base.differences.length > 0 ? 1 : 0, totalMs: Math.round(performance.now() - started) };
  }
  progress?.({ spec: displayPath(options, outFolder, true), stage: 'write' });
  for (const [folder, group] of groups) {
    const { written, removed, ms } = await inStage({ file: folder, stage: 'write' }, () => writePackages(folder, group.packages, group.extra));
    base.written.push(...written);
    base.removed.push(...removed);
    for (const [name, spent] of ms) base.writeMs.set(name, spent);
  }
  return { ...base, code: 0, totalMs: Math.round(performance.now() - started) };
}

/** The deepest folder holding every one of `folders` (what a summary names as where the packages went). */
function commonFolder(folders: readonly string[]): string {
  const split = folders.map((folder) => dirname(folder).split(sep));
  const common: string[] = [];
  for (let i = 0; split.every((parts) => parts[i] !== undefined && parts[i] === split[0]![i]); i++) common.push(split[0]![i]!);
  return common.join(sep) || sep;
}
