/**
 * The one table `npm run bench` prints first: every figure that has a target, ours beside
 * the anchor's from the same run, their ratio, the target and whether it was met; then, for
 * each target missed, why: what the run measured that accounts for it. Sections this run did
 * not measure keep their rows and reasons from the previous results.md.
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
  /**
   * Why a missed target is missed, from figures the same run measured (a figure measured by hand
   * says so, with its date). Every row that can miss gives one: `missedReasons` marks one without.
   */
  why?: string;
}

const HEADER = '| section | measure | ours | anchor | ratio | target | verdict |';

export function summaryTable(rows: readonly SummaryRow[]): string[] {
  return [
    HEADER,
    '| --- | --- | ---: | ---: | ---: | --- | --- |',
    ...rows.map((r) => `| ${r.section} | ${r.measure} | ${r.ours} | ${r.anchor} | ${r.ratio} | ${r.target} | ${r.met ? 'met' : '**missed**'} |`),
  ];
}

const REASONS_HEADING = 'Why each missed target is missed:';
/** Between a missed row's section and measure and its reason (no measure holds it). */
const REASON_MARK = ' — ';
/** What a missed row without a reason says: a defect of the bench, in plain sight. */
export const NO_REASON = '**no measured reason given (a defect of the bench)**';

/** The list under the table: each missed target, and why. */
export function missedReasons(rows: readonly SummaryRow[]): string[] {
  const missed = rows.filter((row) => !row.met);
  if (missed.length === 0) return [];
  return [REASONS_HEADING, '', ...missed.map((row) => `- ${row.section} · ${row.measure}${REASON_MARK}${row.why ?? NO_REASON}`)];
}

/** The rows of `section` in a results.md written before, with the reasons of those missed (none when it has no summary table). */
export function previousSummary(markdown: string, section: string): SummaryRow[] {
  const start = markdown.indexOf(HEADER);
  if (start < 0) return [];
  const reasons = new Map<string, string>();
  const listed = markdown.indexOf(REASONS_HEADING, start);
  if (listed >= 0) {
    for (const line of markdown.slice(listed).split('\n').slice(2)) {
      if (!line.startsWith('- ')) break;
      const at = line.indexOf(REASON_MARK);
      if (at >= 0) reasons.set(line.slice(2, at), line.slice(at + REASON_MARK.length));
    }
  }
  const rows: SummaryRow[] = [];
  for (const line of markdown.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(1, -1).split(' | ').map((cell) => cell.trim());
    if (cells.length !== 7 || cells[0] !== section) continue;
    const [, measure, ours, anchor, ratio, target, verdict] = cells as [string, string, string, string, string, string, string];
    const why = reasons.get(`${section} · ${measure}`);
    rows.push({ section, measure, ours, anchor, ratio, target, met: verdict === 'met', ...(why !== undefined && why !== NO_REASON ? { why } : {}) });
  }
  return rows;
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const megabytes = (mb: number): string => `${Math.round(mb)} MB`;
export const perSecond = (n: number, unit = ''): string => `${Math.round(n).toLocaleString('en-US')}${unit ? ` ${unit}` : ''}/s`;
