/**
 * The progress line of a long run on a terminal: one line on stderr, rewritten in place, saying
 * the spec, the stage and the operations done of all (`api.github.com.json · client · 1,200/1,071
 * operations`). It appears once the run has taken `delayMs`, is redrawn at most every
 * `intervalMs`, and is cleared before anything else is printed (the summary replaces it).
 */
import type { ProgressListener, ProgressReport } from '../util/progress.js';

/** The stream the line is drawn on: process.stderr, or a fake in tests. */
export interface ProgressStream {
  isTTY?: boolean | undefined;
  columns?: number | undefined;
  write(text: string): unknown;
}

export interface ProgressLineOptions {
  /** Where the line is drawn (its `columns`: 80 when unknown). @default process.stderr */
  stream?: ProgressStream | undefined;
  /** Whether the results go to a terminal too (piped results: no line). @default process.stdout.isTTY */
  resultsOnTerminal?: boolean | undefined;
  /** `--quiet`. */
  quiet: boolean;
  /** The environment (`CI`). @default process.env */
  env?: NodeJS.ProcessEnv | undefined;
  /** Milliseconds, monotonic. @default performance.now */
  now?: (() => number) | undefined;
  /** Runs `run` after `ms` (to draw a report that came too soon once the interval has passed); returns its cancel. @default an unref'd setTimeout */
  schedule?: ((run: () => void, ms: number) => () => void) | undefined;
  /** Nothing is drawn before the run has taken this long. @default 2000 */
  delayMs?: number | undefined;
  /** At most one redraw per this many milliseconds. @default 100 */
  intervalMs?: number | undefined;
}

export interface ProgressLine {
  /** What the pipeline reports (`GenerateOptions.progress`). */
  report: ProgressListener;
  /** Clears the line, if drawn, so what follows starts at the line's beginning; later reports draw it again. */
  clear(): void;
}

/** Carriage return, then erase to the end of the line (ECMA-48 EL). */
const CLEAR = '\r\x1b[K';

/** The progress line's text for one report. */
export function progressText(report: ProgressReport): string {
  const count = report.total === undefined ? '' : ` · ${Math.min(report.done ?? 0, report.total).toLocaleString('en-US')}/${report.total.toLocaleString('en-US')} operations`;
  return `${report.spec} · ${report.stage}${count}`;
}

/** `CI` set to anything but `false` or `0`, as CI services set it. */
export const inCi = (env: NodeJS.ProcessEnv): boolean => env['CI'] !== undefined && env['CI'] !== '' && env['CI'] !== 'false' && env['CI'] !== '0';

const defaultSchedule = (run: () => void, ms: number): (() => void) => {
  const timer = setTimeout(run, ms);
  // A pending redraw never keeps the process alive.
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * The progress line, or a listener that draws nothing when the output is not a terminal (either
 * stream), under `--quiet`, or in CI.
 */
export function progressLine(options: ProgressLineOptions): ProgressLine {
  const stream = options.stream ?? process.stderr;
  const resultsOnTerminal = options.resultsOnTerminal ?? process.stdout.isTTY === true;
  if (stream.isTTY !== true || !resultsOnTerminal || options.quiet || inCi(options.env ?? process.env)) return { report: () => {}, clear: () => {} };
  const now = options.now ?? (() => performance.now());
  const schedule = options.schedule ?? defaultSchedule;
  const delayMs = options.delayMs ?? 2000;
  const intervalMs = options.intervalMs ?? 100;
  const started = now();
  let drawnAt: number | undefined;
  let shown = '';
  let pending: ProgressReport | undefined;
  let cancel: (() => void) | undefined;

  const draw = (report: ProgressReport, at: number): void => {
    pending = undefined;
    cancel?.();
    cancel = undefined;
    // One character short of the width: a line that fills it would wrap, and `\r` would then rewrite only its last row.
    const width = Math.max((stream.columns ? stream.columns : 80) - 1, 10);
    const text = progressText(report);
    const line = text.length > width ? `${text.slice(0, width - 1)}…` : text;
    drawnAt = at;
    if (line === shown) return;
    shown = line;
    stream.write(`${CLEAR}${line}`);
  };

  return {
    report(report) {
      const at = now();
      if (at - started < delayMs) {
        // Not yet: the latest report is drawn once the delay has passed, if the run is still going.
        pending = report;
        cancel ??= schedule(() => {
          cancel = undefined;
          if (pending) draw(pending, now());
        }, delayMs - (at - started));
        return;
      }
      if (drawnAt === undefined || at - drawnAt >= intervalMs) {
        draw(report, at);
        return;
      }
      // Too soon after the last redraw: kept, and drawn when the interval has passed unless a later report comes first.
      pending = report;
      cancel ??= schedule(() => {
        cancel = undefined;
        if (pending) draw(pending, now());
      }, intervalMs - (at - drawnAt));
    },
    clear() {
      pending = undefined;
      cancel?.();
      cancel = undefined;
      if (shown === '') return;
      stream.write(CLEAR);
      shown = '';
      drawnAt = undefined;
    },
  };
}
