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

/** Where one run of ours spent its time, read from what `--timings` prints. */
export interface StageTimes {
  /** The process, from spawn to exit. */
  wallMs: number;
  /** The run's own total (`total … ms`): the rest of the wall time is Node's start and loading the generator. */
  runMs: number;
  /** One package's stages, by the names `--timings` prints: setup, load, model, each target, format, write. */
  stages: Map<string, number>;
  /** The targets among them, in the order printed. */
  targets: string[];
}

/**
 * The stages of package `pkg` in what `--timings` printed: a table whose columns after the first
 * are right-aligned under their names (a cell is empty where a stage did not run), then `total N ms`.
 */
export function readTimings(stdout: string, pkg: string): Omit<StageTimes, 'wallMs'> | undefined {
  const lines = stdout.split('\n');
  const headerLine = lines.find((line) => line.startsWith('package '));
  const total = /^total (\d+) ms/m.exec(stdout);
  if (headerLine === undefined || !total) return undefined;
  const columns = [...headerLine.matchAll(/\S+/g)].map((match) => ({ name: match[0], end: match.index + match[0].length }));
  const row = lines.find((line) => line.startsWith(`${pkg} `) && !line.startsWith(`${pkg} (cached)`));
  if (row === undefined) return undefined;
  const stages = new Map<string, number>();
  for (const { name, end } of columns.slice(1)) {
    const cell = /(\S*)$/.exec(row.slice(0, end))![1]!;
    if (cell !== '' && cell !== '-') stages.set(name, Number(cell));
  }
  const fixed = new Set(['setup', 'load', 'model', 'format', 'write', 'total']);
  return { runMs: Number(total[1]), stages, targets: columns.slice(1).map((c) => c.name).filter((name) => !fixed.has(name) && stages.has(name)) };
}

/** One more run of ours with `--timings`, timed from spawn to exit; undefined when its output cannot be read. */
export function timedStages(args: { argv: string[]; cwd: string; env?: Record<string, string>; node?: string; pkg: string }): StageTimes | undefined {
  const started = performance.now();
  const stdout = execFileSync(args.node ?? process.execPath, [...args.argv, '--timings'], { cwd: args.cwd, env: { ...process.env, ...args.env, NO_COLOR: '1' }, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  const read = readTimings(stdout, args.pkg);
  return read && { wallMs, ...read };
}

/** Where a run's time went, in words: a reason for a missed time target. */
export function stagesSentence(times: StageTimes): string {
  const ms = (value: number): string => `${(value / 1000).toFixed(2)} s`;
  const stage = (name: string): number => times.stages.get(name) ?? 0;
  const targets = times.targets.map((name) => [name, stage(name)] as const).sort((a, b) => b[1] - a[1]);
  const targetsMs = targets.reduce((sum, [, value]) => sum + value, 0);
  return [
    `one more run timed by stage (\`--timings\`): ${ms(times.wallMs)} in all`,
    `${ms(Math.max(0, times.wallMs - times.runMs))} before the first stage (Node's start and loading the generator)`,
    `setup ${ms(stage('setup'))}`,
    `loading the document ${ms(stage('load'))}`,
    `the model ${ms(stage('model'))}`,
    `the targets ${ms(targetsMs)} (${targets.slice(0, 3).map(([name, value]) => `${name} ${ms(value)}`).join(', ')})`,
    `formatting ${ms(stage('format'))} (oxfmt; the peers do not format)`,
    `writing ${ms(stage('write'))}`,
  ].join(', ');
}
