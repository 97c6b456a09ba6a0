/**
 * `npm run generate` starts here. It runs generator/cli.ts compiled by esbuild into a
 * bundle kept under a hash of the generator's own files, so that a run loads plain
 * JavaScript instead of going through a TypeScript loader: about a quarter of a second
 * less on every run, which is most of what a small spec edit costs. The bundle is made
 * again whenever a file under generator/ changes (about 50 ms). With --no-cache, or when
 * the bundle cannot be made, the sources run through tsx instead.
 *
 * Plain JavaScript on purpose: this file is what runs before any TypeScript can.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const generatorDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(generatorDir);
// Under the generator's own node_modules, wherever SVC_CODEGEN_CACHE_DIR puts the run cache:
// the bundle imports its dependencies by name, which Node resolves from the bundle's folder.
const bundlesDir = join(root, 'node_modules', '.cache', 'svc-api-codegen-bundle');

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/** What the bundle is made from: every file under generator/ (this one too) and the esbuild that makes it. */
function sourceHash(esbuildVersion) {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\0`);
  for (const file of filesUnder(generatorDir)) hash.update(relative(generatorDir, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

/**
 * Each source keeps its own `import.meta.url`, so paths it resolves from its location (the
 * templates, the format worker, the generator's root) are those of the sources, not the bundle's.
 */
const ownLocation = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/** The bundle's entry file, made when missing; undefined when it cannot be made. */
async function bundledCli() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return undefined;
  }
  const folder = join(bundlesDir, sourceHash(esbuild.version));
  const entry = join(folder, 'cli.mjs');
  if (existsSync(entry)) return entry;
  const building = `${folder}.${process.pid}.tmp`;
  try {
    await esbuild.build({
      entryPoints: [join(generatorDir, 'cli.ts')],
      outdir: building,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Code-split at the generator's own dynamic imports, so what a run does not need (the
      // AsyncAPI loader, ts-morph for a spec that is unchanged) is still not loaded.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'silent',
      plugins: [ownLocation],
    });
    mkdirSync(bundlesDir, { recursive: true });
    renameSync(building, folder);
  } catch {
    rmSync(building, { recursive: true, force: true });
    // Another run may have made the same bundle meanwhile.
    if (!existsSync(entry)) return undefined;
  }
  // Bundles of earlier sources are never used again.
  for (const name of readdirSync(bundlesDir)) if (join(bundlesDir, name) !== folder && !name.endsWith('.tmp')) rmSync(join(bundlesDir, name), { recursive: true, force: true });
  return entry;
}

const entry = process.argv.includes('--no-cache') ? undefined : await bundledCli();
if (entry) {
  // Stack traces (SVC_CODEGEN_DEBUG=1) then name the sources, not the bundle.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(generatorDir, 'cli.ts')).href);
}
