/**
 * What the bench's sections share: where things are, the versions of the tools compared
 * against, and timing a fresh `node` process (wall time from spawn to exit, peak memory).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const benchDir = join(root, 'bench');
export const work = join(benchDir, '.work');
// What `npm run generate` runs: the generator's bundle, made by the launcher when its sources change.
const cli = join(root, 'generator', 'launch.mjs');

/** The `node` options of `npm run generate` (package.json), so that the bench runs the generator as users do. */
const generateNodeOptions = ((): string[] => {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['generate']!;
  const words = script.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'generator/launch.mjs') throw new Error(`the bench cannot read the generate script: ${script}`);
  return words.slice(1, -1);
})();
export const peakHook = join(benchDir, 'peak-memory.mjs');

export const versionOf = (pkg: string): string => (JSON.parse(readFileSync(join(benchDir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

export interface Measurement {
  ms: number;
  peakMb: number;
}

/** Runs `node <args>` once in a fresh process (this Node.js, or the binary `node` names); wall time from spawn to exit, and its peak memory. */
export function measureOnce(args: { argv: string[]; cwd: string; env?: Record<string, string>; node?: string; okCodes?: readonly number[] }): Promise<Measurement> {
  const peakFile = join(work, `peak-${process.pid}.txt`);
  rmSync(peakFile, { force: true });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(args.node ?? process.execPath, ['--import', peakHook, ...args.argv], {
      cwd: args.cwd,
      env: { ...process.env, ...args.env, BENCH_PEAK_FILE: peakFile, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0 && !(code !== null && args.okCodes?.includes(code))) return reject(new Error(`node ${args.argv.join(' ')} exited with ${code}:\n${stderr}`));
      resolve({ ms, peakMb: Number(readFileSync(peakFile, 'utf8')) / 1024 });
    });
  });
}

export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Row {
  case: string;
  tool: string;
  runs: number;
  ms: number;
  peakMb: number;
  /** Bytes of TypeScript the run wrote, where measured. */
  sourceBytes?: number;
}

/** Bytes of the `.ts` files under `dir`, at any depth (0 when it does not exist). */
export function typeScriptBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

export async function measure(args: { label: string; tool: string; times: number; before?: () => void; run: () => Promise<Measurement> }): Promise<Row> {
  const results: Measurement[] = [];
  const times = args.times;
  for (let i = 0; i < times; i++) {
    args.before?.();
    results.push(await args.run());
    process.stdout.write('.');
  }
  return { case: args.label, tool: args.tool, runs: times, ms: median(results.map((r) => r.ms)), peakMb: median(results.map((r) => r.peakMb)) };
}

export const ours = (argv: string[]): string[] => [...generateNodeOptions, cli, '--quiet', ...argv];

/** `node` arguments that run a TypeScript entry as the project's scripts run: through scripts/launch.mjs, as a bundle. */
export const launched = (entry: string, argv: string[] = []): string[] => ['--conditions=svc-source', join(root, 'scripts', 'launch.mjs'), entry, ...argv];

/** Generates `spec` into `out` (emptied first) with our generator, for a section to import or bundle what it made. */
export function generateInto(spec: string, out: string, argv: string[] = []): void {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, ours(['--spec', spec, '--out', out, '--force', ...argv]), { cwd: root, stdio: 'ignore' });
}

/**
 * `--spec` packages carry copies of the runtimes by default (so that they install on their own);
 * the bench measures generating the API's code, as the other tools do, so it shares them.
 */
export const SHARED = '--shared-runtime';

/** A cache folder of its own, emptied: a cold run. */
export function coldCache(name: string): Record<string, string> {
  const dir = join(work, 'cache', name);
  rmSync(dir, { recursive: true, force: true });
  return { SVC_CODEGEN_CACHE_DIR: dir };
}
