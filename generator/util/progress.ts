/**
 * Where a run is, for whoever listens (the command line's progress line, cli/progress.ts): the
 * pipeline names each stage of each spec; a stage that goes operation by operation (the model,
 * the targets) counts them here. Stages report and never know where it goes; with no listener
 * a count costs one check.
 */

/** One spec's stage, and how many of its operations it has done when it goes one by one. */
export interface ProgressReport {
  /** The spec's file name (`api.github.com.json`), or what the stage covers (`write`: the packages). */
  spec: string;
  /** `load`, `model`, a target's name, `format`, `write`. */
  stage: string;
  done?: number | undefined;
  total?: number | undefined;
}

export type ProgressListener = (report: ProgressReport) => void;

/** The synchronous stage running now, with its listener: set and restored around it, so a count belongs to it alone. */
let running: { listener: ProgressListener; report: ProgressReport } | undefined;

/**
 * Runs a synchronous stage (the model, one target), telling `listener` it started; what it
 * counts with `counted` goes to the same listener. Synchronous so that nothing else the process
 * does (another spec awaiting its file) can count into it.
 */
export function reportingStage<T>(args: { listener: ProgressListener | undefined; report: ProgressReport }, work: () => T): T {
  const { listener, report } = args;
  if (!listener) return work();
  const outer = running;
  running = { listener, report };
  listener(report);
  try {
    return work();
  } finally {
    running = outer;
  }
}

/** The running stage goes through `total` operations; none done yet. */
export function operationsToDo(total: number): void {
  if (!running) return;
  running.report = { ...running.report, done: 0, total };
  running.listener(running.report);
}

/** One more operation of the running stage done. */
export function operationDone(): void {
  if (running?.report.total === undefined) return;
  running.report = { ...running.report, done: (running.report.done ?? 0) + 1 };
  running.listener(running.report);
}

/**
 * `items` one by one, each counted as done once the caller has finished with it (when the next
 * is asked for): `for (const op of counted(model.operations))`, or
 * `Array.from(counted(model.operations), (op) => …)` for a map.
 */
export function* counted<T>(items: readonly T[]): Generator<T, void, undefined> {
  operationsToDo(items.length);
  for (const item of items) {
    yield item;
    operationDone();
  }
}
