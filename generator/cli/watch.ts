/**
 * `--watch`: regenerate when an input of the run changes. Watches the folders that hold
 * the inputs (a folder watch survives editors' atomic saves and renames, which replace
 * the file a file watch would follow) and keeps only events for the inputs themselves.
 * One run at a time; events during a run schedule exactly one more.
 */
import { watch, type FSWatcher } from 'chokidar';
import { stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { displayPath, type Options } from './options.js';
import { runInputs, type RunResult } from './run.js';

export interface WatchSession {
  /** Stops watching and waits for the run in progress, if any. */
  close(): Promise<void>;
}

export interface WatchArgs {
  options: Options;
  /** Runs the generator once and prints its outcome; never rejects. */
  run: () => Promise<RunResult | undefined>;
  log: (line: string) => void;
}

const DEBOUNCE_MS = 100;

export async function startWatch({ options, run, log }: WatchArgs): Promise<WatchSession> {
  let inputs = new Set<string>();
  let watcher: FSWatcher | undefined;
  let running: Promise<void> | undefined;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const isInput = (path: string): boolean => {
    const full = resolve(path);
    for (const input of inputs) if (full === input || full.startsWith(input + sep)) return true;
    return false;
  };

  // The inputs of a --spec run change with its $refs: watch what the last run read. The watcher is
  // made again only when what it watches changes; a save while it is being made (between closing
  // the old one and the new one's ready) is found by the inputs' modification times.
  let watched = '';
  const rewatch = async (): Promise<void> => {
    const next = new Set((await runInputs(options)).map((p) => resolve(p)));
    const folders = [...new Set([...next].map((p) => (options.spec !== undefined ? dirname(p) : p)))].sort();
    inputs = next;
    if (watcher && folders.join('\0') === watched) return;
    const before = await modifiedTimes(next);
    await watcher?.close();
    if (closed) return;
    watcher = watch(folders, { ignoreInitial: true, depth: options.spec !== undefined ? 0 : 99, atomic: true });
    watcher.on('all', (event, path) => {
      if (isInput(path)) schedule(`${event === 'unlink' ? 'removed' : event === 'add' ? 'added' : 'changed'} ${displayPath(options, resolve(path))}`);
    });
    watcher.on('error', (error) => log(`watch error: ${(error as Error).message}`));
    await new Promise<void>((ready) => watcher!.once('ready', () => ready()));
    watched = folders.join('\0');
    const after = await modifiedTimes(next);
    for (const [path, time] of after) if (before.has(path) && before.get(path) !== time) schedule(`changed ${displayPath(options, path)}`);
  };

  const cycle = async (reasons: string[]): Promise<void> => {
    if (reasons.length > 0) log(`${new Date().toISOString()} ${reasons.join(', ')}`);
    await run();
    await rewatch().catch((error: unknown) => log(`watch error: ${(error as Error).message}`));
  };

  const schedule = (reason: string): void => {
    pending.add(reason);
    clearTimeout(timer);
    timer = setTimeout(drain, DEBOUNCE_MS);
  };

  function drain(): void {
    if (running || closed) return;
    const reasons = [...pending];
    pending = new Set();
    running = cycle(reasons).finally(() => {
      running = undefined;
      if (pending.size > 0 && !closed) drain();
    });
  }

  running = cycle([]).finally(() => {
    running = undefined;
  });
  await running;
  log(`watching ${[...inputs].map((p) => displayPath(options, p)).join(', ')} (pid ${process.pid}; Ctrl-C to stop)`);
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher?.close();
      await running;
    },
  };
}

/** The modification time of each input that is a file (folders and missing files are left out). */
async function modifiedTimes(paths: ReadonlySet<string>): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  await Promise.all(
    [...paths].map(async (path) => {
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) times.set(path, info.mtimeMs);
    }),
  );
  return times;
}
