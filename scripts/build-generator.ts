/**
 * Builds the publishable `svc-api-codegen` package from this repository: what `npm run pack`
 * turns into `svc-api-codegen-<version>.tgz`.
 *
 * - `dist/`: the command (`bin.mjs`) and the entry (`index.mjs`) bundled by esbuild, split at
 *   their shared modules (one copy of each, so a plugin prints through the command's own symbol
 *   table), with the runtimes' sources bundled in and every npm package left an import;
 *   `dist/types/`: the entry's declarations (tsc).
 * - `templates/` (the runtimes and README templates the targets copy) and the prettier worker,
 *   at the places the code finds them from its own location.
 * - `package.json`: its dependencies are exactly the packages the bundle imports (and those the
 *   code loads by name), at the versions this repository is tested with.
 * Nothing of the specs, tests, bench or generated packages goes in.
 */
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'esbuild';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the package is assembled. */
export const generatorPackageDir = join(root, 'node_modules', '.cache', 'svc-api-codegen-package', 'svc-api-codegen');

/** Packages the code loads by name at run time (createRequire, worker threads), which no import shows esbuild. */
const LOADED_BY_NAME = ['ts-morph', 'yaml', 'ajv', '@seriousme/openapi-schema-validator', 'prettier', 'oxfmt', 'handlebars'];

const toPosix = (path: string): string => path.split('\\').join('/');

/**
 * Each source's `import.meta.url` becomes the place it would have in the package (relative to
 * the bundle's own URL), so what it finds beside itself (templates/, the prettier worker, the
 * package's manifest) it finds in the installed package as it does in this repository.
 */
const ownPlaceInPackage: Plugin = {
  name: 'own-place-in-package',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      const fromDist = toPosix(relative(join(generatorPackageDir, 'dist'), join(generatorPackageDir, relative(root, args.path))));
      return { contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

/** npm packages stay imports; this workspace's own (`@svc/…`) are bundled from their sources. */
const workspaceOnly: Plugin = {
  name: 'bundle-workspace-only',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@svc/') ? undefined : { path: args.path, external: true }));
  },
};

const packageNameOf = (specifier: string): string => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
};

/** The range this repository declares for a dependency; else the installed version, as a caret range. */
function rangeOf(name: string, declared: Readonly<Record<string, string>>): string {
  if (declared[name] !== undefined) return declared[name];
  // The copy this repository installed (hoisted: the lockfile holds one version of each).
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return `^${manifest.version}`;
}

export interface BuiltGenerator {
  dir: string;
  version: string;
  dependencies: Record<string, string>;
}

/** Assembles the package in `generatorPackageDir`. */
export async function buildGeneratorPackage(): Promise<BuiltGenerator> {
  const esbuild = await import('esbuild');
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; description: string; engines: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
  rmSync(generatorPackageDir, { recursive: true, force: true });
  mkdirSync(generatorPackageDir, { recursive: true });
  const dist = join(generatorPackageDir, 'dist');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { bin: join(root, 'generator', 'bin-main.ts'), index: join(root, 'generator', 'public.ts') },
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    // Beside the entries: each chunk's own location is then `dist/`, as the paths above assume.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['svc-source'],
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [workspaceOnly, ownPlaceInPackage],
  });
  const binFile = join(dist, 'bin.mjs');
  // A smaller young generation, as `npm run generate` runs the generator (--max-semi-space-size=1): about 5% of a
  // cold run. `env -S` splits the line into the command and its option (GNU coreutils 8.30+, BSD and macOS).
  writeFileSync(binFile, `#!/usr/bin/env -S node --max-semi-space-size=1\n${readFileSync(binFile, 'utf8')}`);
  chmodSync(binFile, 0o755);
  const imported = new Set<string>(LOADED_BY_NAME);
  for (const output of Object.values(result.metafile.outputs)) {
    for (const entry of output.imports) {
      if (!entry.external || entry.path.startsWith('node:') || builtinModules.includes(entry.path) || entry.path.startsWith('.')) continue;
      imported.add(packageNameOf(entry.path));
    }
  }
  // The mock command bundles a document's generated mock, whose runtimes import their own dependencies from here.
  const runtimeRanges: Record<string, string> = {};
  for (const folder of ['runtime', 'server-runtime', 'mock-runtime']) {
    const runtime = JSON.parse(readFileSync(join(root, 'templates', folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    for (const [name, range] of Object.entries({ ...runtime.dependencies, ...runtime.peerDependencies })) if (!name.startsWith('@svc/')) runtimeRanges[name] = range;
  }
  for (const name of Object.keys(runtimeRanges)) imported.add(name);
  const declared = { ...runtimeRanges, ...rootManifest.devDependencies, ...rootManifest.dependencies };
  const dependencies = Object.fromEntries([...imported].sort().map((name) => [name, rangeOf(name, declared)]));

  // The declarations of the entry, and of what its types name.
  const tsconfig = join(generatorPackageDir, 'tsconfig.types.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: toPosix(relative(generatorPackageDir, join(root, 'tsconfig.json'))),
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: 'dist/types', rootDir: toPosix(relative(generatorPackageDir, root)), types: ['node'], typeRoots: [toPosix(relative(generatorPackageDir, join(root, 'node_modules', '@types')))] },
      files: [toPosix(relative(generatorPackageDir, join(root, 'generator', 'public.ts')))],
      include: [],
    }),
  );
  try {
    await run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`the declarations of svc-api-codegen did not build:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  rmSync(tsconfig);

  cpSync(join(root, 'templates'), join(generatorPackageDir, 'templates'), { recursive: true, filter: (path) => !/[\\/](node_modules|dist)([\\/]|$)/.test(path) });
  mkdirSync(join(generatorPackageDir, 'generator', 'write'), { recursive: true });
  cpSync(join(root, 'generator', 'write', 'format-worker.mjs'), join(generatorPackageDir, 'generator', 'write', 'format-worker.mjs'));
  const manifest = {
    name: 'svc-api-codegen',
    version: rootManifest.version,
    description: rootManifest.description,
    license: 'MIT',
    type: 'module',
    bin: { 'svc-api-codegen': './dist/bin.mjs' },
    exports: { '.': { types: './dist/types/generator/public.d.ts', default: './dist/index.mjs' }, './package.json': './package.json' },
    types: './dist/types/generator/public.d.ts',
    files: ['dist', 'templates', 'generator', 'README.md'],
    engines: rootManifest.engines,
    dependencies,
  };
  writeFileSync(join(generatorPackageDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const readme = (await import('handlebars')).default.compile(readFileSync(join(root, 'templates', 'generator-package', 'README.md.hbs'), 'utf8'), { noEscape: true });
  writeFileSync(join(generatorPackageDir, 'README.md'), readme({ version: rootManifest.version }));
  return { dir: generatorPackageDir, version: rootManifest.version, dependencies };
}

/** The tarball of the built package, written into `out`. */
export async function packGenerator(out: string): Promise<{ name: string; version: string; tarball: string }> {
  const built = await buildGeneratorPackage();
  mkdirSync(out, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: built.dir, maxBuffer: 64 * 1024 * 1024 });
  const [info] = JSON.parse(stdout) as { name: string; version: string; filename: string }[];
  return { name: info!.name, version: info!.version, tarball: join(out, info!.filename) };
}

const isMain = process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url;
if (isMain) {
  const out = resolve(process.argv[2] ?? dirname(generatorPackageDir));
  console.log((await packGenerator(out)).tarball);
}
