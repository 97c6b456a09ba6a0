/**
 * The one table `npm run bench` prints first: every figure that has a target, ours beside
 * the anchor's from the same run, their ratio, the target and whether it was met. Sections
 * this run did not measure keep their rows from the previous results.md.
 */

export interface SummaryRow {
  /** The section that measured it (`generation`, `mock` …). */
  section: string;
  measure: string;
  ours: string;
  anchor: string;
  /** ours / anchor, in the unit the target speaks of (`0.38x time`). */
  ratio: string;
  target: string;
  met: boolean;
}

const HEADER = '| section | measure | ours | anchor | ratio | target | verdict |';

export function summaryTable(rows: readonly SummaryRow[]): string[] {
  return [
    HEADER,
    '| --- | --- | ---: | ---: | ---: | --- | --- |',
    ...rows.map((r) => `| ${r.section} | ${r.measure} | ${r.ours} | ${r.anchor} | ${r.ratio} | ${r.target} | ${r.met ? 'met' : '**missed**'} |`),
  ];
}

/** The rows of `section` in a results.md written before (none when it has no summary table). */
export function previousSummary(markdown: string, section: string): SummaryRow[] {
  const start = markdown.indexOf(HEADER);
  if (start < 0) return [];
  const rows: SummaryRow[] = [];
  for (const line of markdown.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(1, -1).split(' | ').map((cell) => cell.trim());
    if (cells.length !== 7 || cells[0] !== section) continue;
    const [, measure, ours, anchor, ratio, target, verdict] = cells as [string, string, string, string, string, string, string];
    rows.push({ section, measure, ours, anchor, ratio, target, met: verdict === 'met' });
  }
  return rows;
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const megabytes = (mb: number): string => `${Math.round(mb)} MB`;
export const perSecond = (n: number, unit = ''): string => `${Math.round(n).toLocaleString('en-US')}${unit ? ` ${unit}` : ''}/s`;
