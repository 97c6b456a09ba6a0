/**
 * `npm run pack -- [--out <dir>]`: builds every generated package (tsc: ESM JavaScript,
 * declarations and source maps into its `dist/`) and writes an installable tarball of each into
 * `<dir>` (default `packs/`), printing their paths. Other repositories install the tarballs
 * (all of them, or the API packages they use with the runtimes those depend on).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const generated = join(root, 'generated');

/** The runtimes first: the API packages' declarations import theirs. */
export const PACK_ORDER = ['runtime', 'server-runtime', 'mock-runtime', 'feed', 'onramp', 'v1', 'v2', 'x402'] as const;

export interface PackedPackage {
  name: string;
  version: string;
  /** Full path of the tarball. */
  tarball: string;
}

/** Builds one package's `dist/` from its sources. */
export async function buildPackage(folder: string): Promise<void> {
  rmSync(join(folder, 'dist'), { recursive: true, force: true });
  try {
    await run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(folder, 'tsconfig.build.json')], { cwd: folder, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc failed for ${relative(root, folder)}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

export async function packAll(out: string): Promise<PackedPackage[]> {
  mkdirSync(out, { recursive: true });
  const packed: PackedPackage[] = [];
  for (const name of PACK_ORDER) {
    const folder = join(generated, name);
    if (!existsSync(join(folder, 'package.json'))) continue;
    await buildPackage(folder);
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: folder, maxBuffer: 64 * 1024 * 1024 });
    const [info] = JSON.parse(stdout) as { name: string; version: string; filename: string }[];
    packed.push({ name: info!.name, version: info!.version, tarball: join(out, info!.filename) });
  }
  return packed;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('usage: npm run pack -- [--out <dir>]   build every generated package and write its tarball into <dir> (default packs/)');
  } else {
    // Relative to where the command was run (npm passes it as INIT_CWD).
    const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? join(root, 'packs'));
    try {
      for (const { tarball } of await packAll(out)) console.log(tarball);
    } catch (error) {
      console.error((error as Error).message);
      process.exitCode = 2;
    }
  }
}
