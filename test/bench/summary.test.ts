/**
 * The bench's summary: every missed target is listed with its reason, and a section the next run
 * does not measure keeps its rows and reasons (bench/summary.ts); and the reader of `--timings`
 * that the reasons of missed generation targets are made from (bench/measure.ts).
 */
import { describe, expect, it } from 'vitest';
import { missedReasons, NO_REASON, previousSummary, summaryTable, type SummaryRow } from '../../bench/summary.js';
import { readTimings, stagesSentence } from '../../bench/measure.js';

const rows: SummaryRow[] = [
  { section: 'diff', measure: 'v2: time vs generating (Node 20)', ours: '0.84 s', anchor: '0.74 s', ratio: '1.13x', target: 'under 1x', met: false, why: 'the specs alone take 0.45 s — both sides are generated' },
  { section: 'diff', measure: 'Stripe: time vs generating (Node 24)', ours: '3.48 s', anchor: '2.34 s', ratio: '1.49x', target: 'under 1.5x', met: true },
  { section: 'size', measure: 'one call: gzipped bundle', ours: '9.3 KiB', anchor: '2.6 KiB', ratio: '3.5x', target: 'at most 4 KiB', met: false },
];

const markdown = ['## Summary', '', ...summaryTable(rows), '', ...missedReasons(rows), '', '## Generation'].join('\n');

describe('the summary of missed targets', () => {
  it('lists each missed target with its reason, and marks one without as a defect', () => {
    const list = missedReasons(rows);
    expect(list[0]).toBe('Why each missed target is missed:');
    expect(list).toContain('- diff · v2: time vs generating (Node 20) — the specs alone take 0.45 s — both sides are generated');
    expect(list).toContain(`- size · one call: gzipped bundle — ${NO_REASON}`);
    expect(list.some((line) => line.includes('Stripe'))).toBe(false);
    expect(missedReasons(rows.filter((row) => row.met))).toEqual([]);
  });

  it('keeps the rows and reasons of a section the next run does not measure', () => {
    expect(previousSummary(markdown, 'diff')).toEqual(rows.filter((row) => row.section === 'diff'));
    // A missing reason stays missing (and is marked again), not read back as a reason.
    expect(previousSummary(markdown, 'size')).toEqual([rows[2]]);
  });
});

describe("reading what `--timings` prints", () => {
  const printed = [
    'package          setup  load  model  types  zod  operations  client  query  format  write  total',
    'feed (cached)        -     -      -      -    -           -       -      -       -     10     97',
    'v2                  34   110     30     25   11          20      30             51     19    439',
    'runtime              0     0      0                                             11     25     36',
    'total 682 ms (ms per stage; setup: importing loaders, targets and the formatter)',
  ].join('\n');

  it("reads one package's stages by column, an empty cell as a stage that did not run", () => {
    const read = readTimings(printed, 'v2')!;
    expect(read.runMs).toBe(682);
    expect(Object.fromEntries(read.stages)).toEqual({ setup: 34, load: 110, model: 30, types: 25, zod: 11, operations: 20, client: 30, format: 51, write: 19, total: 439 });
    expect(read.targets).toEqual(['types', 'zod', 'operations', 'client']);
    expect(readTimings(printed, 'feed')).toBeUndefined();
    expect(readTimings('no table here', 'v2')).toBeUndefined();
  });

  it('says where the time went, the start outside the run included', () => {
    const sentence = stagesSentence({ wallMs: 1000, ...readTimings(printed, 'v2')! });
    expect(sentence).toContain('1.00 s in all');
    expect(sentence).toContain("0.32 s before the first stage (Node's start and loading the generator)");
    expect(sentence).toContain('the targets 0.09 s (client 0.03 s, types 0.03 s, operations 0.02 s)');
    expect(sentence).toContain('formatting 0.05 s');
  });
});
