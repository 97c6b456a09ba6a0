/**
 * The package's own files (package.json, README.md, tsconfig.json), assembled from what the
 * targets that ran declare: their entry points, the runtimes and packages they import, and
 * their README sections. No target is named here.
 */
import { contextFor, type RuntimeFolder, type Target, type TargetContext, type TargetPlugin, type GeneratedFile } from '../targets/target.js';
import { compareText, sortedByKey } from '../util/compare.js';
import { renderTemplate } from '../util/templates.js';

/** zod 4.2 is the first with `z.xor`, which the validators of `oneOf` use. */
export const RUNTIME_DEPENDENCIES = { zod: '^4.2.0' } as const;
/** What building a package (`npm run build`: tsc) needs. */
export const BUILD_DEPENDENCIES = { typescript: '^5.9.3' } as const;
/** What building bundled server runtimes needs besides: `serveNode` is written against `node:http`. */
export const NODE_BUILD_DEPENDENCIES = { '@types/node': '^20.19.43' } as const;

/** A target that ran for this document, with its declaration. */
export interface AppliedTarget {
  plugin: TargetPlugin;
  target: Target;
}

/**
 * The package's version, from the document's `info.version`: a semantic version as it is,
 * `2017-08-07` as `2017.8.7`, `v2` as `2.0.0`; anything without a number as `0.0.0`.
 */
export function packageVersionOf(apiVersion: string): string {
  const semver = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.exec(apiVersion.trim());
  if (semver) return `${Number(semver[1])}.${Number(semver[2])}.${Number(semver[3])}${semver[4] ?? ''}`;
  const numbers = (apiVersion.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  while (numbers.length < 3) numbers.push(0);
  return numbers.join('.');
}

/** The runtime folders the targets that ran import, with those the runtimes import in turn. */
export function runtimesOf(applied: readonly AppliedTarget[], needs: Partial<Record<RuntimeFolder, readonly RuntimeFolder[]>> = {}): Set<RuntimeFolder> {
  const used = new Set<RuntimeFolder>();
  const add = (folder: RuntimeFolder): void => {
    if (used.has(folder)) return;
    used.add(folder);
    for (const needed of needs[folder] ?? []) add(needed);
  };
  add('runtime');
  for (const { plugin } of applied) for (const folder of plugin.runtimes ?? []) add(folder);
  return used;
}

/**
 * Whether a standalone package carries a runtime file (`src/runtime/receiver.ts`): a module some
 * target declares as its own (`runtimeModules`) only when such a target applied.
 */
export function carriesRuntimeFile({ path, applied, plugins }: { path: string; applied: readonly AppliedTarget[]; plugins: readonly TargetPlugin[] }): boolean {
  const module = path.replace(/^src\//, '');
  if (!plugins.some((p) => p.runtimeModules?.includes(module))) return true;
  return applied.some(({ plugin }) => plugin.runtimeModules?.includes(module));
}

/**
 * Entry points besides `.`, each pulling in only what it needs: one per target that ran and
 * declares one (`./schemas`, `./client`, `./server` …), checked against the files emitted.
 */
function entryPointsOf(applied: readonly AppliedTarget[], files: readonly GeneratedFile[], specFile: string): string[] {
  const owners = new Map<string, string>();
  for (const { plugin } of applied) {
    if (plugin.entryPoint === undefined) continue;
    const other = owners.get(plugin.entryPoint);
    if (other !== undefined) throw new Error(`${specFile}: targets '${other}' and '${plugin.name}' both provide the entry point ./${plugin.entryPoint}`);
    if (!files.some((f) => f.path === `src/${plugin.entryPoint}.ts`)) throw new Error(`target '${plugin.name}' declares the entry point ./${plugin.entryPoint} but emitted no src/${plugin.entryPoint}.ts`);
    owners.set(plugin.entryPoint, plugin.name);
  }
  return [...owners.keys()].sort(compareText);
}

export function assemblePackage(context: TargetContext, applied: readonly AppliedTarget[], files: readonly GeneratedFile[]): GeneratedFile[] {
  const { model, packageName, runtimePackage, serverRuntimePackage, mockRuntimePackage, packageVersion, sourceLabel, bundledRuntime } = context;
  // The runtimes are the generator's own packages, all of one version; this package follows its API.
  const runtimeRange = `^${packageVersion}`;
  const subpaths = entryPointsOf(applied, files, model.source);
  const runtimes = runtimesOf(applied);
  const carriesServerRuntimes = runtimes.has('server-runtime') || runtimes.has('mock-runtime');
  const runtimePackages: Record<RuntimeFolder, string> = { runtime: runtimePackage, 'server-runtime': serverRuntimePackage, 'mock-runtime': mockRuntimePackage };
  // What only some entry points import: optional peers, so that a program using the client installs none of it.
  // Bundled runtimes bring their own imports (hono, jose …) instead of the runtime packages.
  const peerDependencies = sortedByKey(
    Object.assign(
      {},
      ...applied.map(({ plugin }) => plugin.peerDependencies ?? {}),
      ...[...runtimes]
        .filter((folder) => folder !== 'runtime')
        .map((folder) => (bundledRuntime ? (bundledRuntime.peerDependencies[folder] ?? {}) : { [runtimePackages[folder]]: runtimeRange })),
    ) as Record<string, string>,
  );
  const has = (entryPoint: string): boolean => subpaths.includes(entryPoint);
  const hasOperations = model.kind === 'openapi' && model.operations.length > 0;
  const common = {
    packageName,
    version: packageVersionOf(model.version),
    title: model.title,
    apiVersion: model.version,
    description: `${model.title} ${model.version}: types, zod validators${model.kind === 'openapi' ? (has('client') ? ' and a typed client' : ' and operations') : ' and message parsing'}.`,
    source: sourceLabel,
    dependencies: sortedByKey({ ...(bundledRuntime ? bundledRuntime.dependencies : { [runtimePackage]: runtimeRange }), ...RUNTIME_DEPENDENCIES }),
    bundledRuntime: bundledRuntime !== undefined,
    bundlesServerRuntimes: bundledRuntime !== undefined && carriesServerRuntimes,
    tarballName: `${packageName.replace(/^@/, '').replace('/', '-')}-${packageVersionOf(model.version)}.tgz`,
    peerDependencies: Object.keys(peerDependencies).length > 0 ? peerDependencies : undefined,
    // `npm run build` inside the package needs the compiler and the types of what its optional entry points import.
    devDependencies: sortedByKey({
      ...BUILD_DEPENDENCIES,
      ...(bundledRuntime && carriesServerRuntimes ? NODE_BUILD_DEPENDENCIES : {}),
      ...Object.fromEntries(Object.entries(peerDependencies).filter(([name]) => name !== 'ws' && !Object.values(runtimePackages).includes(name))),
    }),
    subpaths,
    hasOperations,
    hasClient: has('client'),
    hasServer: has('server'),
    hasFixtures: has('fixtures'),
    hasMock: has('mock'),
    isFeed: model.kind === 'asyncapi',
  };
  return [
    { path: 'package.json', contents: renderTemplate('package.json.hbs', common) },
    { path: 'README.md', contents: readmeOf(context, applied, common) },
    { path: 'tsconfig.json', contents: renderTemplate('tsconfig.json.hbs', common) },
    { path: 'tsconfig.build.json', contents: renderTemplate('tsconfig.build.json.hbs', common) },
  ];
}

/** The README: the package's header, then each target's bullet of what it exports, usage sections, reference sections. */
function readmeOf(context: TargetContext, applied: readonly AppliedTarget[], common: Record<string, unknown>): string {
  const sections = applied.map(({ plugin, target }) => ({ readme: plugin.readme ?? {}, data: { ...common, ...(target.readmeData?.(contextFor(context, plugin)) ?? {}) } }));
  const render = (slot: 'exports' | 'usage' | 'reference'): string =>
    sections.map(({ readme, data }) => (readme[slot] === undefined ? '' : renderTemplate(readme[slot], data))).join('');
  return `${renderTemplate('readme/header.md.hbs', common)}${render('exports')}\n${render('usage')}${render('reference')}`;
}
