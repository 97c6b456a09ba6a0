/**
 * The progress line (generator/cli/progress.ts) on a fake terminal and clock, and the counts the
 * stages report through generator/util/progress.ts.
 */
import { describe, expect, it } from 'vitest';
import { inCi, progressLine, progressText, type ProgressLineOptions } from '../../generator/cli/progress.js';
import { counted, operationDone, operationsToDo, reportingStage, type ProgressReport } from '../../generator/util/progress.js';

const CLEAR = '\r\x1b[K';

/** A terminal that records what is written, a clock the test moves, and timers run by `advance`. */
function fakeTerminal(overrides: Partial<ProgressLineOptions> = {}) {
  const writes: string[] = [];
  let time = 0;
  let timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  const line = progressLine({
    stream: { isTTY: true, columns: 60, write: (text) => writes.push(text) },
    resultsOnTerminal: true,
    quiet: false,
    env: {},
    now: () => time,
    schedule: (run, ms) => {
      const timer = { at: time + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    ...overrides,
  });
  const advance = (ms: number): void => {
    time += ms;
    const due = timers.filter((t) => !t.cancelled && t.at <= time);
    timers = timers.filter((t) => !due.includes(t));
    for (const timer of due) timer.run();
  };
  return { line, writes, advance };
}

const at = (stage: string, done?: number, total?: number): ProgressReport => ({ spec: 'graph.openapi.yaml', stage, ...(total === undefined ? {} : { done, total }) });

describe('progress line', () => {
  it.each([
    ['a stage', at('load'), 'graph.openapi.yaml · load'],
    ['operations done of all, grouped by thousands', at('client', 1200, 4512), 'graph.openapi.yaml · client · 1,200/4,512 operations'],
    ['never more done than all', at('client', 12, 10), 'graph.openapi.yaml · client · 10/10 operations'],
  ])('says %s', (_, report, want) => {
    expect(progressText(report)).toBe(want);
  });

  it('draws nothing in the first two seconds, then the latest report, rewritten in place', () => {
    const { line, writes, advance } = fakeTerminal();
    line.report(at('load'));
    advance(1500);
    line.report(at('model', 10, 100));
    expect(writes).toEqual([]);
    // The delay runs out while the stage is still going: its latest report is drawn.
    advance(500);
    expect(writes).toEqual([`${CLEAR}graph.openapi.yaml · model · 10/100 operations`]);
    advance(100);
    line.report(at('model', 20, 100));
    expect(writes.at(-1)).toBe(`${CLEAR}graph.openapi.yaml · model · 20/100 operations`);
  });

  it('redraws at most every 100 ms, and draws the last report once the interval has passed', () => {
    const { line, writes, advance } = fakeTerminal();
    advance(2000);
    line.report(at('types', 1, 1000));
    for (let done = 2; done <= 50; done++) {
      advance(1);
      line.report(at('types', done, 1000));
    }
    expect(writes).toEqual([`${CLEAR}graph.openapi.yaml · types · 1/1,000 operations`]);
    advance(60);
    expect(writes).toEqual([`${CLEAR}graph.openapi.yaml · types · 1/1,000 operations`, `${CLEAR}graph.openapi.yaml · types · 50/1,000 operations`]);
    // A report after the interval is drawn at once.
    advance(150);
    line.report(at('format'));
    expect(writes.at(-1)).toBe(`${CLEAR}graph.openapi.yaml · format`);
    expect(writes).toHaveLength(3);
  });

  it('does not rewrite a line that did not change', () => {
    const { line, writes, advance } = fakeTerminal();
    advance(2000);
    line.report(at('format'));
    advance(200);
    line.report(at('format'));
    expect(writes).toHaveLength(1);
  });

  it('cuts a line wider than the terminal short of its last column, so that it never wraps', () => {
    const { line, writes, advance } = fakeTerminal();
    advance(2000);
    line.report({ spec: 'a-very-long-file-name-of-an-api-description.openapi.yaml', stage: 'client', done: 1, total: 9 });
    const drawn = writes[0]!.slice(CLEAR.length);
    expect(drawn).toHaveLength(59);
    expect(drawn.endsWith('…')).toBe(true);
  });

  it('clears the line before other output, cancels a pending redraw, and draws again after', () => {
    const { line, writes, advance } = fakeTerminal();
    advance(2000);
    line.report(at('msw', 1, 10));
    advance(10);
    line.report(at('msw', 2, 10));
    line.clear();
    expect(writes).toEqual([`${CLEAR}graph.openapi.yaml · msw · 1/10 operations`, CLEAR]);
    // The redraw that was pending does not come back over what follows.
    advance(500);
    expect(writes).toHaveLength(2);
    line.report(at('write'));
    expect(writes.at(-1)).toBe(`${CLEAR}graph.openapi.yaml · write`);
  });

  it('clears nothing when nothing was drawn (a run shorter than the delay)', () => {
    const { line, writes, advance } = fakeTerminal();
    line.report(at('load'));
    line.clear();
    advance(3000);
    expect(writes).toEqual([]);
  });

  it.each([
    ['stderr is not a terminal', { isTTY: false }],
    ['the results are piped', { resultsOnTerminal: false }],
    ['--quiet', { quiet: true }],
    ['CI', { env: { CI: 'true' } }],
  ] as const)('draws nothing when %s', (_, overrides) => {
    const writes: string[] = [];
    let time = 0;
    const { isTTY, ...rest } = { isTTY: true, ...overrides };
    const line = progressLine({ stream: { isTTY, columns: 80, write: (text) => writes.push(text) }, resultsOnTerminal: true, quiet: false, env: {}, now: () => time, schedule: () => () => {}, ...rest });
    time = 5000;
    line.report(at('client', 1, 2));
    time = 6000;
    line.report(at('client', 2, 2));
    line.clear();
    expect(writes).toEqual([]);
  });

  it.each([
    [{ CI: 'true' }, true],
    [{ CI: '1' }, true],
    [{ CI: 'false' }, false],
    [{ CI: '0' }, false],
    [{ CI: '' }, false],
    [{}, false],
  ])('CI in %j: %s', (env, want) => {
    expect(inCi(env)).toBe(want);
  });
});

describe('stage counts', () => {
  it('tells the listener of the stage, then of each operation once the caller is done with it', () => {
    const reports: ProgressReport[] = [];
    const seen: string[] = [];
    const out = reportingStage({ listener: (r) => reports.push(r), report: { spec: 's.yaml', stage: 'client' } }, () =>
      Array.from(counted(['a', 'b']), (item) => {
        seen.push(`${item} at ${reports.at(-1)?.done ?? '-'}`);
        return item.toUpperCase();
      }),
    );
    expect(out).toEqual(['A', 'B']);
    expect(seen).toEqual(['a at 0', 'b at 1']);
    expect(reports).toEqual([
      { spec: 's.yaml', stage: 'client' },
      { spec: 's.yaml', stage: 'client', done: 0, total: 2 },
      { spec: 's.yaml', stage: 'client', done: 1, total: 2 },
      { spec: 's.yaml', stage: 'client', done: 2, total: 2 },
    ]);
  });

  it('counts nothing outside a reporting stage, nor after it', () => {
    const reports: ProgressReport[] = [];
    operationsToDo(3);
    operationDone();
    reportingStage({ listener: (r) => reports.push(r), report: { spec: 's.yaml', stage: 'model' } }, () => operationsToDo(1));
    operationDone();
    expect(reports).toEqual([
      { spec: 's.yaml', stage: 'model' },
      { spec: 's.yaml', stage: 'model', done: 0, total: 1 },
    ]);
  });

  it('without a listener, runs the stage and reports nothing', () => {
    expect(reportingStage({ listener: undefined, report: { spec: 's.yaml', stage: 'model' } }, () => [...counted([1, 2])])).toEqual([1, 2]);
  });
});
