/** One run of the command: generate every job, then write (or compare) the packages. */
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { generatorRoot } from '../cache/fingerprint.js';
import { compiledCodeDir, keepCompiledCodeIn } from '../cache/compiled-code.js';
import { RunCache } from '../cache/run-cache.js';
import { hashInputs } from '../cache/inputs.js';
import { generatePackage, packageNameOf, RUNTIME_FOLDERS, runtimePackage, type PackageOutput, type SpecJob } from '../pipeline.js';
import { inStage } from '../failure.js';
import { comparePackages, foreignFolders, writePackages, type Difference } from '../write/files.js';
import { formatFile, PRETTIER_OPTIONS, type FormatterName } from '../write/format.js';
import { FormatterPool } from '../write/format-pool.js';
import { compareText } from '../util/compare.js';
import { displayPath, UsageError, type Options } from './options.js';
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

export async function specJobs(options: Options): Promise<SpecJob[]> {
  if (options.spec !== undefined) {
    return [{ file: toPosix(relative(process.cwd(), options.spec)), name: basename(options.out!), packageName: options.name, clientName: options.client, bundleRuntime: !options.sharedRuntime, parts: options.targets, allowRefRoots: options.allowRefRoots, mockOverrides: options.mockOverrides, targetOptions: options.targetOptions }];
  }
  const specsDir = projectPath('specs');
  const files = (await readdir(specsDir)).filter((f) => /\.(openapi|asyncapi)\.(ya?ml|json)$/.test(f)).sort(compareText);
  const jobs = files.map((f) => ({ file: `specs/${f}`, name: packageNameOf(f), allowRefRoots: options.allowRefRoots, mockOverrides: options.mockOverrides, targetOptions: options.targetOptions }));
  if (options.only !== undefined) {
    const chosen = jobs.filter((j) => j.name === options.only);
    if (chosen.length === 0) throw new UsageError(`--only ${options.only}: no spec in specs/ makes a package of that name (${jobs.map((j) => j.name).join(', ')})`);
    return chosen;
  }
  return jobs;
}

/** Every file the run reads: what --watch watches. */
export async function runInputs(options: Options): Promise<string[]> {
  if (options.spec !== undefined) return [...(await hashInputs(options.spec, options.allowRefRoots)).keys()];
  // The templates are the generator's own, wherever the project is.
  return [projectPath('specs'), join(generatorRoot, 'templates')];
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
export async function runOnce(options: Options, { progress }: { progress?: ProgressListener } = {}): Promise<RunResult> {
  const started = performance.now();
  const cache = options.cache ? new RunCache() : undefined;
  keepCompiledCodeIn(options.cache ? compiledCodeDir : undefined);
  const jobs = await specJobs(options);
  const single = options.spec !== undefined;
  const outFolder = outFolderOf(options);
  const outRoot = single ? dirname(outFolder) : outFolder;
  const packageDirs = [...jobs.map((j) => join(outRoot, j.name)), ...(single ? [] : RUNTIME_FOLDERS.map((folder) => join(outRoot, folder)))];
  if (!options.check && !options.force) {
    const foreign = await foreignFolders(packageDirs);
    if (foreign.length > 0) {
      throw new UsageError(
        `${foreign.map((f) => displayPath(options, f, true)).join(', ')} exists and was not written by the generator (its package.json has no "x-generated-from"); use --force to write into it anyway`,
      );
    }
  }
  const packages: PackageOutput[] = [];
  const formatter = options.format;
  // Threads only for prettier: oxfmt runs natively, in parallel by itself.
  const pool = formatter === 'prettier' ? new FormatterPool(PRETTIER_OPTIONS) : undefined;
  try {
    for (const job of jobs) packages.push(await generatePackage(job, { cache, pool, formatter, progress }));
  } finally {
    await pool?.close();
  }
  if (!single) for (const folder of RUNTIME_FOLDERS) packages.push(await runtimePackage(folder, { cache, formatter }));
  const extra = single ? new Map<string, string>() : await workspaceFiles(cache, formatter);
  const base = { packages, outFolder, written: [], removed: [], differences: [], writeMs: new Map<string, number>() };
  if (options.check) {
    const differences = await comparePackages(outRoot, packages, extra);
    return { ...base, code: differences.length > 0 ? 1 : 0, differences, totalMs: Math.round(performance.now() - started) };
  }
  progress?.({ spec: displayPath(options, outFolder, true), stage: 'write' });
  const { written, removed, ms } = await inStage({ file: outFolder, stage: 'write' }, () => writePackages(outRoot, packages, extra));
  return { ...base, code: 0, written, removed, writeMs: ms, totalMs: Math.round(performance.now() - started) };
}
