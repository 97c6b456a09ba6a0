/** The diff report as text (terminal), Markdown (a pull-request comment) or JSON (tools). */
import type { Change } from './change.js';
import type { DiffReport, PackageReport } from './index.js';
import { oasdiffIdsOfRule } from './oasdiff.js';
import { LEVELS, RULES, type Level } from './rules.js';

export type ReportFormat = 'text' | 'markdown' | 'json';

export function renderReport(report: DiffReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return format === 'markdown' ? markdown(report) : text(report);
}

const count = (changes: Change[], level: Level): number => changes.filter((c) => c.level === level).length;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const apisOf = (report: DiffReport): string[] => [...new Set([...report.changes.map((c) => c.api), ...report.packages.map((p) => p.api)])].sort();
const packageOf = (report: DiffReport, api: string): PackageReport | undefined => report.packages.find((p) => p.api === api);
const versionText = (p: PackageReport): string => (p.version && p.version.base !== p.version.next ? ` (${p.version.base} -> ${p.version.next})` : '');

function summaryLine(report: DiffReport): string {
  const { changes } = report;
  if (changes.length === 0) return 'No API changes.';
  const accepted = changes.filter((c) => c.accepted !== undefined).length;
  return `${plural(changes.length, 'change')}: ${count(changes, 'breaking')} breaking, ${count(changes, 'warning')} possibly breaking, ${count(changes, 'info')} compatible${accepted > 0 ? `; ${accepted} accepted (--ignore)` : ''}.`;
}

/** What is wrong in the documents compared, as one line each: they were compared all the same. */
const problemLines = (report: DiffReport): string[] => report.problems.map((p) => `${p.api} (${p.side}): ${p.message}`);

function text(report: DiffReport): string {
  const lines = [`API diff: ${report.base} -> ${report.head}`, summaryLine(report)];
  if (report.problems.length > 0) lines.push('', `Document problems (compared all the same; fix them before generating):`, ...problemLines(report).map((line) => `  ${line}`));
  const unchanged: string[] = [];
  for (const api of apisOf(report)) {
    const changes = report.changes.filter((c) => c.api === api);
    const pkg = packageOf(report, api);
    if (changes.length === 0 && (!pkg || pkg.bump === 'none')) {
      unchanged.push(api);
      continue;
    }
    lines.push('', `${api}: ${plural(changes.length, 'change')}${pkg ? ` · ${pkg.name}: ${pkg.bump}${versionText(pkg)} (${pkg.reason})` : ''}`);
    for (const change of changes) lines.push(`  ${change.level.toUpperCase().padEnd(8)} ${change.location}`, `           ${messageOf(change)} [${change.id}]`);
    if (pkg) {
      for (const [kind, keys] of [['removed', pkg.exports.removed], ['changed', pkg.exports.changed], ['added', pkg.exports.added]] as const) {
        if (keys.length > 0) lines.push(`  exports ${kind}: ${keys.join(', ')}`);
      }
    }
  }
  if (unchanged.length > 0) lines.push('', `unchanged: ${unchanged.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** The message, whether it is accepted, and where else a change inside a shared schema reaches. */
function messageOf(change: Change): string {
  const also = change.alsoIn ?? [];
  const accepted = change.accepted !== undefined ? ` (accepted: ${change.accepted})` : '';
  if (also.length === 0) return `${change.message}${accepted}`;
  const shown = also.slice(0, 3).join(', ');
  return `${change.message}${accepted} (also in ${also.length} other${also.length === 1 ? '' : 's'}: ${shown}${also.length > 3 ? ', …' : ''})`;
}

const escapeCell = (value: string): string => value.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdown(report: DiffReport): string {
  const { changes } = report;
  const breaking = changes.filter((c) => c.level === 'breaking' && c.accepted === undefined).length;
  const lines = [
    '## API diff',
    '',
    `\`${report.base}\` → \`${report.head}\`: ${breaking > 0 ? `**${plural(breaking, 'breaking change')}**` : count(changes, 'breaking') > 0 ? 'no breaking change that is not accepted' : 'no breaking change'}. ${summaryLine(report)}`,
    '',
    '| API | breaking | possibly breaking | compatible | package | bump |',
    '| --- | ---: | ---: | ---: | --- | --- |',
  ];
  for (const api of apisOf(report)) {
    const mine = changes.filter((c) => c.api === api);
    const pkg = packageOf(report, api);
    lines.push(`| ${api} | ${count(mine, 'breaking')} | ${count(mine, 'warning')} | ${count(mine, 'info')} | ${pkg ? `\`${pkg.name}\`` : ''} | ${pkg ? `${pkg.bump}${versionText(pkg)}` : ''} |`);
  }
  if (report.problems.length > 0) {
    lines.push('', `### Document problems (${report.problems.length})`, '', 'Compared all the same; the generator refuses these documents until they are fixed.', '', ...problemLines(report).map((line) => `- ${line}`));
  }
  const titles: Record<Level, string> = { breaking: 'Breaking changes', warning: 'Possibly breaking changes', info: 'Compatible changes' };
  for (const level of LEVELS) {
    const mine = changes.filter((c) => c.level === level);
    if (mine.length === 0) continue;
    const table = ['| API | where | change | rule |', '| --- | --- | --- | --- |', ...mine.map((c) => `| ${c.api} | ${escapeCell(c.location)} | ${escapeCell(messageOf(c))} | \`${c.id}\` |`)];
    // Compatible changes fold away: reviewers read what can break first.
    if (level === 'info') lines.push('', `<details><summary>${titles[level]} (${mine.length})</summary>`, '', ...table, '', '</details>');
    else lines.push('', `### ${titles[level]} (${mine.length})`, '', ...table);
  }
  const surfaces = report.packages.filter((p) => p.exports.added.length + p.exports.removed.length + p.exports.changed.length > 0);
  if (surfaces.length > 0) {
    lines.push('', '### Generated packages', '');
    for (const pkg of surfaces) {
      lines.push(`<details><summary><code>${pkg.name}</code>: ${pkg.bump}${versionText(pkg)}, ${pkg.reason}</summary>`, '');
      for (const [kind, keys] of [['Removed', pkg.exports.removed], ['Changed', pkg.exports.changed], ['Added', pkg.exports.added]] as const) {
        if (keys.length > 0) lines.push(`- ${kind}: ${keys.map((k) => `\`${k}\``).join(', ')}`);
      }
      lines.push('', '</details>');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `--rules`: every rule id with its level and what it reports. */
export function renderRules(): string {
  const width = Math.max(...Object.keys(RULES).map((id) => id.length));
  return `${Object.entries(RULES)
    .map(([id, rule]) => {
      const oasdiff = oasdiffIdsOfRule(id);
      return `${id.padEnd(width)}  ${rule.level.padEnd(8)}  ${rule.summary}${oasdiff.length > 0 ? ` (oasdiff: ${oasdiff.join(', ')})` : ''}`;
    })
    .join('\n')}\n`;
}
