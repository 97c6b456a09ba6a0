/**
 * `--ignore <file>`: changes a team has accepted. One per line: a rule id, ours
 * (`request-bound-narrowed`) or oasdiff's (`request-property-max-length-decreased`), and
 * optionally the operation it is accepted for (`GET /v2/accounts`), in either order; `#` starts
 * a comment. An accepted change stays in the report, marked accepted, and no longer fails the
 * check; the semver bump still counts it.
 */
import { readFile } from 'node:fs/promises';
import type { Change } from './change.js';
import { OASDIFF_LEVELS } from './oasdiff.js';
import { RULES } from './rules.js';

export interface IgnoreEntry {
  /** Our rule id or oasdiff's check id. */
  id: string;
  /** `GET /v2/accounts`: the operation (method and path) it is accepted for; every one when absent. */
  operation?: string;
  /** Where it is written, `file:line`, shown beside the accepted change. */
  source: string;
}

const METHOD = /^(get|put|post|delete|patch|head|options|trace|query)$/i;

/** Reads an ignore file; a missing file, or a line that names no known rule, is an IgnoreFileError (located). */
export async function readIgnoreFile(file: string, label = file): Promise<IgnoreEntry[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new IgnoreFileError(`${label}: no such file`) : error;
  });
  const entries: IgnoreEntry[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const source = `${label}:${index + 1}`;
    const words = line.split(/\s+/);
    const methodAt = words.findIndex((word) => METHOD.test(word));
    const operation = methodAt >= 0 && words[methodAt + 1]?.startsWith('/') ? `${words[methodAt]!.toUpperCase()} ${words[methodAt + 1]}` : undefined;
    const rest = operation === undefined ? words : words.filter((_, i) => i !== methodAt && i !== methodAt + 1);
    const [id, ...extra] = rest;
    if (id === undefined || extra.length > 0 || (!Object.hasOwn(RULES, id) && !Object.hasOwn(OASDIFF_LEVELS, id))) {
      throw new IgnoreFileError(`${source}: expected a rule id (ours, see --rules, or oasdiff's) and optionally a method and path, got \`${line}\``);
    }
    entries.push({ id, ...(operation !== undefined ? { operation } : {}), source });
  });
  return entries;
}

export class IgnoreFileError extends Error {}

/** The entry that accepts a change, if any: the same rule (ours or oasdiff's) at the same operation, or at any. */
export function acceptingEntry(change: Change, entries: readonly IgnoreEntry[]): IgnoreEntry | undefined {
  // The location starts with the operation (`GET /v2/accounts › query limit`), ids compare exactly.
  const at = change.location.split(' › ')[0];
  return entries.find((entry) => (entry.id === change.id || entry.id === change.oasdiffId) && (entry.operation === undefined || entry.operation === at));
}
