/**
 * Runs one of the project's TypeScript entry points (`npm run mock`, `diff`, `pack`) as a
 * bundle that esbuild makes of it and of everything it imports from this repository (its own
 * modules and the `@svc/*` workspace packages, read from their sources); other packages stay
 * imports. The bundle is kept under node_modules/.cache and made again when any of its inputs
 * changes (each input's content is hashed on every start, a few milliseconds).
 *
 * Why not tsx: tsx compiles with esbuild's `keepNames`, which wraps every function that is
 * created at run time in a call that sets its name. A server makes many closures per request;
 * under tsx the v2 mock spent about a fifth of each create on them.
 *
 *   node --conditions=svc-source scripts/launch.mjs <entry.ts> [arguments of the entry…]
 *
 * SVC_LAUNCH_TSX=1 runs the entry through tsx instead (the same code, unbundled); so does a
 * bundle that cannot be made.
 *
 * Plain JavaScript on purpose: this file is what runs before any TypeScript can.
 */
import { createHash } from 'node:crypto';
import module from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const INPUTS = 'inputs.json';

/**
 * Each source keeps its own `import.meta.url`, so paths it resolves from its location (templates,
 * workers, the project's root) are those of the sources, not the bundle's.
 */
const ownLocation = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/** Packages are imported at run time, except this workspace's own, which are bundled from their sources. */
const workspaceOnly = {
  name: 'bundle-workspace-only',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@svc/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * A hash of the inputs' contents (paths relative to the project), of the esbuild that bundles
 * them and of where the project is: a bundle holds its sources' absolute paths (their
 * `import.meta.url`), so a checkout that shares node_modules with another (a git worktree, a
 * copy) must not run the other's bundle, nor its templates.
 */
function hashOf(inputs, esbuildVersion) {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\0root ${root}\0`);
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) return undefined;
    hash.update(input).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/** What a bundle was made from: `{root, inputs}`; undefined for a folder that is no bundle (or one of an older launcher). */
function readManifest(folder) {
  try {
    const manifest = JSON.parse(readFileSync(join(folder, INPUTS), 'utf8'));
    return typeof manifest?.root === 'string' && Array.isArray(manifest.inputs) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of a bundle whose inputs are unchanged, if one is kept. */
function currentBundle(cacheDir, esbuildVersion) {
  if (!existsSync(cacheDir)) return undefined;
  for (const name of readdirSync(cacheDir)) {
    const manifest = readManifest(join(cacheDir, name));
    if (name.endsWith('.tmp') || manifest?.root !== root) continue;
    if (hashOf(manifest.inputs, esbuildVersion) === name) return join(cacheDir, name);
  }
  return undefined;
}

/**
 * The bundle of `entry` (an absolute path), made when missing or stale; undefined when it cannot
 * be made. `cacheDir` holds one bundle per checkout: older ones are removed.
 */
export async function bundleOf(entry, cacheDir) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return undefined;
  }
  const output = `${basename(entry).replace(/\.[cm]?ts$/, '')}.mjs`;
  const kept = currentBundle(cacheDir, esbuild.version);
  if (kept) return join(kept, output);
  const building = join(cacheDir, `${process.pid}.${Date.now()}.tmp`);
  let folder;
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [entry],
      outdir: building,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Code-split at dynamic imports, so what a run does not need is still not loaded.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      conditions: ['svc-source'],
      sourcemap: true,
      metafile: true,
      logLevel: 'silent',
      plugins: [workspaceOnly, ownLocation],
    });
    const inputs = Object.keys(result.metafile.inputs)
      .map((input) => relative(root, resolve(root, input)).split('\\').join('/'))
      .filter((input) => !input.startsWith('..') && !isAbsolute(input))
      .sort();
    const hash = hashOf(inputs, esbuild.version);
    if (!hash) throw new Error('an input went away while bundling');
    writeFileSync(join(building, INPUTS), `${JSON.stringify({ root, inputs }, null, 1)}\n`);
    folder = join(cacheDir, hash);
    if (existsSync(folder)) rmSync(building, { recursive: true, force: true });
    else renameSync(building, folder);
  } catch {
    rmSync(building, { recursive: true, force: true });
    return undefined;
  }
  // Older bundles of this checkout go; those of other checkouts sharing node_modules stay theirs.
  for (const name of readdirSync(cacheDir)) {
    const other = join(cacheDir, name);
    if (other !== folder && !name.endsWith('.tmp') && (readManifest(other)?.root ?? root) === root) rmSync(other, { recursive: true, force: true });
  }
  return join(folder, output);
}

/** Runs `entry` from its bundle (cached in `cacheDir`), or through tsx when `viaTsx` or when no bundle can be made. */
export async function launch(entry, cacheDir, viaTsx = false) {
  mkdirSync(cacheDir, { recursive: true });
  const bundle = viaTsx ? undefined : await bundleOf(entry, cacheDir);
  if (bundle) {
    // Stack traces then name the sources, not the bundle. Only where one is printed (SVC_CODEGEN_DEBUG, failure.ts' DEBUG_VARIABLE,
    // or Node's own flag): Node reads the map of every module as it loads it, 2-3% of a large run.
    if (process.env.SVC_CODEGEN_DEBUG || process.execArgv.includes('--enable-source-maps')) process.setSourceMapsEnabled(true);
    await import(pathToFileURL(bundle).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
}

// Real paths: the project may be reached through a link (another repository's `.api-codegen/`).
const isMain = process.argv[1] !== undefined && realpathSync(resolve(process.argv[1])) === fileURLToPath(import.meta.url);
if (isMain) {
  const [script, ...rest] = process.argv.slice(2);
  if (!script) {
    console.error('usage: node --conditions=svc-source scripts/launch.mjs <entry.ts> [arguments…]');
    process.exit(2);
  }
  const entry = realpathSync(resolve(script));
  // The entry reads its own arguments from process.argv as if it had been started directly.
  process.argv = [process.argv[0], entry, ...rest];
  const name = relative(root, entry).replace(/\.[cm]?ts$/, '').replace(/[^A-Za-z0-9.-]+/g, '-');
  // Node 22.1 and later keep V8's compiled code of what a run loads on disk, as `npm run generate` does
  // (generator/launch.mjs): the diff's TypeScript (9 MB) is compiled once, not on every run.
  module.enableCompileCache?.(join(root, 'node_modules', '.cache', 'svc-scripts-compiled'));
  await launch(entry, join(root, 'node_modules', '.cache', 'svc-script-bundles', name), process.env.SVC_LAUNCH_TSX === '1');
}
