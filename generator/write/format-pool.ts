/**
 * Where prettier runs: in this thread for small jobs, or in worker threads (one per
 * core, two at most) when there is enough text that starting them pays off. Either way
 * each thread formats one text at a time, which keeps memory flat on large outputs.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface PrettierOptions {
  parser: string;
  filepath: string;
}

export interface Formatter {
  format(text: string, options: PrettierOptions): Promise<string>;
  close(): Promise<void>;
}

/** A worker's heap: a low ceiling makes it collect garbage early, so threads add little to the peak. */
const WORKER_HEAP_MB = 192;

/** Below this many characters to format, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 400_000;

export function workerCount(): number {
  const configured = process.env.SVC_CODEGEN_WORKERS;
  if (configured !== undefined && /^\d+$/.test(configured)) return Number(configured);
  return Math.min(2, availableParallelism());
}

/** One text at a time in this thread. */
export function inProcessFormatter(base: object): Formatter {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    format(text, options) {
      const next = queue.then(async () => (await import('prettier')).format(text, { ...base, ...options }));
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => undefined,
  };
}

interface Job {
  id: number;
  text: string;
  options: PrettierOptions;
  resolve: (formatted: string) => void;
  reject: (error: Error) => void;
}

export function workerFormatter(base: object, count: number): Formatter {
  const url = new URL('./format-worker.mjs', import.meta.url);
  const waiting: Job[] = [];
  const busy = new Map<Worker, Job>();
  const idle: Worker[] = [];
  const alive = new Set<Worker>();
  let nextId = 0;
  const dispatch = (): void => {
    while (idle.length > 0 && waiting.length > 0) {
      const worker = idle.pop()!;
      const job = waiting.shift()!;
      busy.set(worker, job);
      worker.postMessage({ id: job.id, text: job.text, options: job.options });
    }
  };
  const workers = Array.from({ length: count }, () => {
    // No inherited --import: the worker is plain JavaScript and needs no TypeScript loader.
    const worker = new Worker(url, { workerData: { options: base }, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.on('message', (message: { id: number; formatted?: string; error?: string }) => {
      const job = busy.get(worker);
      busy.delete(worker);
      idle.push(worker);
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.formatted!);
      }
      dispatch();
    });
    // A worker that dies (out of its heap on a huge unsplittable file) fails its job, which
    // the caller retries in its own thread; with no worker left, every waiting job fails too.
    worker.on('error', (error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      alive.delete(worker);
      job?.reject(error);
      if (alive.size === 0) for (const waitingJob of waiting.splice(0)) waitingJob.reject(error);
    });
    idle.push(worker);
    alive.add(worker);
    return worker;
  });
  return {
    format(text, options) {
      return new Promise((resolve, reject) => {
        waiting.push({ id: nextId++, text, options, resolve, reject });
        dispatch();
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/**
 * Worker threads started as soon as a run knows it will format something, so that
 * importing and warming up prettier happens on another core while this thread loads the
 * document and runs the targets. Started at most once per run; closed by the run.
 */
export class FormatterPool {
  private workers: Formatter | undefined;

  constructor(private readonly base: object) {}

  start(): void {
    const threads = workerCount();
    if (this.workers === undefined && threads > 0) this.workers = workerFormatter(this.base, threads);
  }

  /** The started workers, if any. */
  get started(): Formatter | undefined {
    return this.workers;
  }

  async close(): Promise<void> {
    await this.workers?.close();
    this.workers = undefined;
  }
}
