/**
 * `npm run pack -- [--out <dir>] [--package <dir>…]`: builds every package in `generated/` (tsc:
 * ESM JavaScript, declarations and source maps into its `dist/`), and any other package folder
 * named (a `--spec … --out` package), and writes an installable tarball of each into `<dir>`
 * (default `packs/`), printing their paths. Other repositories install the tarballs (all of
 * them, or the API packages they use with the runtimes those depend on). Last, the generator's own
 * package, `svc-api-codegen-<version>.tgz` (scripts/build-generator.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const generated = join(root, 'generated');

/** What ordering needs of a package: its folder, its name and the names it depends on (dependencies and peers). */
export interface PackageManifest {
  folder: string;
  name: string;
  dependsOn: readonly string[];
}

/**
 * Every package of the set after the packages of the set it depends on (the runtimes before the
 * API packages, whose declarations import them), the others in folder order; a cycle does not
 * stop it (each package is placed once), as npm installs such packages all the same.
 */
export function packOrder(manifests: readonly PackageManifest[]): PackageManifest[] {
  const byName = new Map(manifests.map((m) => [m.name, m]));
  const sorted = [...manifests].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  const placed = new Set<PackageManifest>();
  const visiting = new Set<PackageManifest>();
  const order: PackageManifest[] = [];
  const place = (manifest: PackageManifest): void => {
    if (placed.has(manifest) || visiting.has(manifest)) return;
    visiting.add(manifest);
    for (const name of [...manifest.dependsOn].sort()) {
      const dependency = byName.get(name);
      if (dependency) place(dependency);
    }
    visiting.delete(manifest);
    placed.add(manifest);
    order.push(manifest);
  };
  for (const manifest of sorted) place(manifest);
  return order;
}

/** A package folder's manifest, or undefined when it has no package.json. */
function readManifest(folder: string): PackageManifest | undefined {
  const file = join(folder, 'package.json');
  if (!existsSync(file)) return undefined;
  const json = JSON.parse(readFileSync(file, 'utf8')) as { name: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
  return { folder, name: json.name, dependsOn: [...Object.keys(json.dependencies ?? {}), ...Object.keys(json.peerDependencies ?? {})] };
}

/** Every package folder of `generated/` (a spec added to specs/ makes one more) and the extra folders given. */
export function packagesToPack(extra: readonly string[] = []): PackageManifest[] {
  const folders = readdirSync(generated, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(generated, entry.name));
  const manifests = [...folders, ...extra].map((folder) => readManifest(folder));
  return packOrder(manifests.filter((m): m is PackageManifest => m !== undefined));
}

export interface PackedPackage {
  name: string;
  version: string;
  /** Full path of the tarball. */
  tarball: string;
}

/** The `node` arguments of the build of one package's `dist/` (tsc with its tsconfig.build.json); `npm run sweep -- --corpus` measures the same command. */
export const buildArgs = (folder: string): string[] => [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(folder, 'tsconfig.build.json')];

/** Builds one package's `dist/` from its sources. */
export async function buildPackage(folder: string): Promise<void> {
  rmSync(join(folder, 'dist'), { recursive: true, force: true });
  try {
    await run(process.execPath, buildArgs(folder), { cwd: folder, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc failed for ${relative(root, folder)}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** The tarball of a built package folder, written into `out`. */
export async function packBuilt(folder: string, out: string): Promise<PackedPackage> {
  mkdirSync(out, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: folder, maxBuffer: 64 * 1024 * 1024 });
  const [info] = JSON.parse(stdout) as { name: string; version: string; filename: string }[];
  return { name: info!.name, version: info!.version, tarball: join(out, info!.filename) };
}

export async function packAll(out: string, extra: readonly string[] = []): Promise<PackedPackage[]> {
  const packed: PackedPackage[] = [];
  for (const { folder } of packagesToPack(extra)) {
    await buildPackage(folder);
    packed.push(await packBuilt(folder, out));
  }
  return packed;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, package: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('usage: npm run pack -- [--out <dir>] [--package <dir>…]   build every package of generated/ (and each --package folder) and write its tarball into <dir> (default packs/), then the generator\'s own (svc-api-codegen-<version>.tgz)');
  } else {
    // Relative to where the command was run (npm passes it as INIT_CWD).
    const here = process.env.INIT_CWD ?? process.cwd();
    const out = resolve(here, values.out ?? join(root, 'packs'));
    const extra = (values.package ?? []).map((folder) => resolve(here, folder));
    const missing = extra.filter((folder) => !existsSync(join(folder, 'package.json')));
    try {
      if (missing.length > 0) throw new Error(`--package ${missing.map((folder) => relative(here, folder)).join(', ')}: no package.json there`);
      for (const { tarball } of await packAll(out, extra)) console.log(tarball);
      // The generator itself, as other repositories install it (svc-api-codegen-<version>.tgz).
      const { packGenerator } = await import('./build-generator.js');
      console.log((await packGenerator(out)).tarball);
    } catch (error) {
      console.error((error as Error).message);
      process.exitCode = 2;
    }
  }
}
