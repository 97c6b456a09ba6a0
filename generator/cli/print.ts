/** What a run prints: the summary table, the per-stage timings, diagnostics. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PackageOutput } from '../pipeline.js';
import { displayPath, type Options } from './options.js';
import type { RunResult } from './run.js';
import type { MockGuess } from '../plans/mock.js';
import { EXAMPLE_MISFIT_GROUP, IMPLICIT_TAG_GROUP, NULLABLE_IN_31_GROUP, NUMBERED_NAME_GROUP } from '../model/diagnostic-groups.js';
import type { Diagnostic } from '../model/types.js';
import { SpecError } from '../load/errors.js';

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

/** One list keeping the relative order of every given list (each is registry order minus some). */
function mergeOrders(lists: string[][]): string[] {
  const merged: string[] = [];
  for (const list of lists) {
    let at = 0;
    for (const name of list) {
      const found = merged.indexOf(name);
      if (found >= 0) at = found + 1;
      else merged.splice(at++, 0, name);
    }
  }
  return merged;
}

export function summaryLines(result: RunResult): string[] {
  const rows = result.packages.map((p) => [p.name, String(p.files.size), String(p.stats.operations), String(p.stats.schemas), String(p.stats.messages), p.timings.cached ? `${p.stats.ms} (unchanged)` : String(p.stats.ms)]);
  return [...table(['package', 'files', 'operations', 'schemas', 'messages', 'ms'], rows), `total ${result.totalMs} ms`];
}

/** `--timings`: milliseconds per stage and package; a package whose inputs did not change shows `cached`. */
export function timingLines(result: RunResult): string[] {
  // Targets in the order they ran (registry order), without importing the targets themselves.
  const targetNames = mergeOrders(result.packages.map((p) => Object.keys(p.timings.targets)));
  const header = ['package', 'setup', 'load', 'model', ...targetNames, 'format', 'write', 'total'];
  const rows = result.packages.map((p) => {
    const write = result.writeMs.get(p.name);
    const cell = (ms: number | undefined): string => (p.timings.cached ? '-' : ms === undefined ? '' : String(ms));
    return [
      p.timings.cached ? `${p.name} (cached)` : p.name,
      cell(p.timings.setup),
      cell(p.timings.load),
      cell(p.timings.model),
      ...targetNames.map((name) => cell(p.timings.targets[name])),
      cell(p.timings.format),
      write === undefined ? '' : String(write),
      String(p.stats.ms + (write ?? 0)),
    ];
  });
  return [...table(header, rows), `total ${result.totalMs} ms (ms per stage; setup: importing loaders, targets and the formatter; "cached": inputs unchanged, package reused from node_modules/.cache/svc-api-codegen/)`];
}

/** What one line says for a group of diagnostics of one kind, given how many there are and the first. */
const GROUP_SUMMARIES: Record<string, (count: number, first: Diagnostic) => string> = {
  [NUMBERED_NAME_GROUP]: (count, first) => `${count} names are wanted twice; the later claims are numbered (first: ${first.message})`,
  [NULLABLE_IN_31_GROUP]: (count) =>
    `${count} schemas say \`nullable: true\`, OpenAPI 3.0's keyword, in this 3.1 document; each is read as 3.0 reads it (null is allowed), as its authors mean (3.1 writes \`type: [..., "null"]\`)`,
  [EXAMPLE_MISFIT_GROUP]: (count, first) => `${count} examples do not fit their own schemas and are left out of fixtures and docs (first: ${first.message})`,
  [IMPLICIT_TAG_GROUP]: (count) =>
    `${count} discriminators without a mapping take each variant's tag from the value the variant pins (\`const\` or \`enum\`), not from its schema name, which would match no valid value`,
};

/** A diagnostic's message with where it is: after it in the spec (`… (at #/paths/…)`), before it in another file (an overlay, `file:line:column (at #/actions/3): …`). */
export function diagnosticText(d: Diagnostic): string {
  if (d.file) return SpecError.format(d.file.path, d.message, { line: d.file.line, column: d.file.column, pointer: d.pointer });
  return `${d.message}${d.pointer ? ` (at #${d.pointer})` : ''}`;
}

/** A group prints one line from this many diagnostics on; `--explain` prints each of them. */
const GROUP_SUMMARY_FROM = 4;

/**
 * One line per diagnostic, except that a group of many diagnostics of one kind (numbered names,
 * tags read from variants) is one summary line with their count unless `explain` asks for each.
 * `showPath`: how a file other than the spec (an overlay) is written, from the path the job gave.
 */
export function diagnosticLines(packages: PackageOutput[], explain = false, showPath: (path: string) => string = (path) => path): string[] {
  const line = (name: string, d: Diagnostic): string => `${name}: ${d.level}: ${diagnosticText(d.file ? { ...d, file: { ...d.file, path: showPath(d.file.path) } } : d)}`;
  return packages.flatMap((p) => {
    const counts = new Map<string, number>();
    for (const d of p.diagnostics) if (d.group) counts.set(d.group, (counts.get(d.group) ?? 0) + 1);
    const summarised = new Set<string>();
    const lines: string[] = [];
    for (const d of p.diagnostics) {
      const count = d.group ? counts.get(d.group)! : 0;
      const summary = d.group ? GROUP_SUMMARIES[d.group] : undefined;
      if (explain || !summary || count < GROUP_SUMMARY_FROM) lines.push(line(p.name, d));
      else if (!summarised.has(d.group!)) {
        summarised.add(d.group!);
        lines.push(`${p.name}: ${d.level}: ${summary(count, d)}; --explain lists each`);
      }
    }
    return lines;
  });
}

export function changeLines(options: Options, result: RunResult): string[] {
  return [...result.written.map((f) => `  wrote   ${displayPath(options, f)}`), ...result.removed.map((f) => `  removed ${displayPath(options, f)}`)];
}

export function differenceLines(options: Options, result: RunResult): string[] {
  return result.differences.map((d) => `  ${d.kind.padEnd(7)} ${displayPath(options, resolve(d.file))}`);
}

/** Whether the project is an npm workspace of `generated/*` that npm has installed (another folder's run has nothing to link). */
function isInstalledWorkspace(projectRoot: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { workspaces?: unknown };
    const workspaces = Array.isArray(manifest.workspaces) ? manifest.workspaces : [];
    return workspaces.some((pattern) => typeof pattern === 'string' && pattern.startsWith('generated')) && existsSync(join(projectRoot, 'node_modules'));
  } catch {
    return false;
  }
}

/**
 * Packages of the workspace (`generated/`) that npm has not linked yet: a spec just added to
 * specs/ makes one, and nothing can import it by name until `npm install` links it.
 */
export function unlinkedPackageLines(result: RunResult, projectRoot: string): string[] {
  if (!isInstalledWorkspace(projectRoot)) return [];
  const names = result.packages
    .map((p) => (JSON.parse(p.files.get('package.json') ?? '{}') as { name?: string }).name)
    .filter((name): name is string => name !== undefined && !existsSync(join(projectRoot, 'node_modules', name)));
  return names.length === 0 ? [] : [`note: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} new to the workspace: run \`npm install\` so that other packages, the tests and \`npm run pack\` can use ${names.length === 1 ? 'it' : 'them'} by name`];
}

/** `--explain`: each operation whose success response offers a stream beside its body, and what asks for which (none: no line). */
export function streamChoiceLines(file: string, streams: readonly { operationId: string; choice: string }[]): string[] {
  if (streams.length === 0) return [];
  const width = Math.min(40, Math.max(...streams.map((s) => s.operationId.length)));
  return [`info: ${file}: streams offered beside a body (${streams.length}):`, ...streams.map((s) => `  ${s.operationId.padEnd(width)}  ${s.choice}`)];
}

/** The mock plan's guesses of one document, one line each with what overrules it; a line saying so when there are none. */
/** `--explain`: how the document's webhook receiver matches and verifies deliveries; nothing without webhooks. */
export function webhookGuessLines(file: string, guesses: readonly MockGuess[]): string[] {
  if (guesses.length === 0) return [];
  const width = Math.max(...guesses.map((g) => g.subject.length));
  return [`info: ${file}: the webhook receiver (<package>/webhooks):`, ...guesses.map((g) => `  ${g.subject.padEnd(width)}  ${g.guess}; overrule with ${g.override}`)];
}

export function guessLines(file: string, guesses: readonly MockGuess[]): string[] {
  if (guesses.length === 0) return [`info: ${file}: the mock plan guessed nothing`];
  const width = Math.min(40, Math.max(...guesses.map((g) => g.subject.length)));
  return [`info: ${file}: the mock plan guessed (${guesses.length}):`, ...guesses.map((g) => `  ${g.subject.padEnd(width)}  ${g.guess}; overrule with ${g.override}`)];
}
