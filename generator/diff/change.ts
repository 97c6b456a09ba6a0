/** One classified difference between two versions of an API, and the collector the comparers report to. */
import { oasdiffIdOf } from './oasdiff.js';
import { levelOf, type Level } from './rules.js';

export interface Change {
  /** Stable rule id (see rules.ts). */
  id: string;
  level: Level;
  /** Package name of the API (`v2`). */
  api: string;
  /** The operation (`GET /accounts/{}`), webhook, channel, message or `document` the change is in, and where inside it. */
  location: string;
  /** operationId of the operation, or the channel or message key, when there is one. */
  operation?: string;
  /** JSON pointer of the changed element in the base document, where it exists there. */
  basePointer?: string;
  /** JSON pointer of the changed element in the head document, where it exists there. */
  headPointer?: string;
  /** One line for a reviewer. */
  message: string;
  /** Inside a shared schema: the other operations, webhooks or messages that reach it (reported once, here). */
  alsoIn?: string[];
  /** The oasdiff check this change corresponds to, where oasdiff has one (`request-property-max-length-decreased`). */
  oasdiffId?: string;
  /** Accepted by `--ignore`: where the entry is (`.api-diff-ignore:3`). It no longer fails the check. */
  accepted?: string;
}

export interface Site {
  basePointer?: string | undefined;
  headPointer?: string | undefined;
}

/** Where the comparers are: the API, the operation or channel, and a readable path inside it. */
export interface Scope {
  api: string;
  subject: string;
  operation?: string | undefined;
  /** `query limit`, `body.data[].status`, `response 200 body` … ('' at the subject itself). */
  path: string;
}

/** A step inside: `.name` and `[]` join the path as written, `(variant X)` after a space, anything else after ` › `. */
export const within = (scope: Scope, step: string): Scope => {
  const joiner = /^[.[]/.test(step) ? '' : step.startsWith('(') ? ' ' : ' › ';
  return { ...scope, path: scope.path === '' ? step : `${scope.path}${joiner}${step}` };
};

/** A JSON value in a message, cut to a readable length. */
export const brief = (value: unknown): string => {
  const text = JSON.stringify(value ?? null);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** A value in a message, in backticks: a string as it is, anything else as JSON. */
export const show = (value: unknown): string => (typeof value === 'string' ? `\`${value}\`` : `\`${JSON.stringify(value)}\``);

export const describePath = (scope: Scope): string => (scope.path === '' ? 'the value' : `\`${scope.path}\``);

export class ChangeCollector {
  readonly changes: Change[] = [];

  /**
   * `keyword`: oasdiff's name for what changed, where the rule leaves it open (see oasdiff.ts);
   * `namedAs`: the id of ours oasdiff's check is found by, where it is not `id` (a change inside
   * `not` is judged in the opposite direction, but oasdiff names it by the keyword's own).
   */
  report(id: string, scope: Scope, site: Site, message: string, keyword?: string, namedAs: string = id): Change {
    const change: Change = { id, level: levelOf(id), api: scope.api, location: scope.path === '' ? scope.subject : `${scope.subject} › ${scope.path}`, message };
    if (scope.operation !== undefined) change.operation = scope.operation;
    if (site.basePointer !== undefined) change.basePointer = site.basePointer;
    if (site.headPointer !== undefined) change.headPointer = site.headPointer;
    const oasdiffId = oasdiffIdOf(namedAs, scope.path, keyword);
    if (oasdiffId !== undefined) change.oasdiffId = oasdiffId;
    this.changes.push(change);
    return change;
  }
}

const LEVEL_ORDER: Record<Level, number> = { breaking: 0, warning: 1, info: 2 };

/** Breaking first, then by API, location and rule: the order of every report. */
export function sortChanges(changes: Change[]): Change[] {
  const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...changes].sort(
    (a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || text(a.api, b.api) || text(a.location, b.location) || text(a.id, b.id) || text(a.message, b.message),
  );
}
