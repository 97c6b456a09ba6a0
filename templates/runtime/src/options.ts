/**
 * Unknown option names are mistakes: TypeScript catches them in object literals, and this
 * catches the rest (options built elsewhere, plain JavaScript) before a request is sent.
 */
import type { CallOptions, ClientOptions } from './types.js';
import type { Assert, Equals } from './validators.js';

const CLIENT_OPTIONS = [
  'accessToken',
  'apiKey',
  'apiKeys',
  'baseUrl',
  'basic',
  'clock',
  'fetch',
  'headers',
  'onValidationIssues',
  'onWarnings',
  'random',
  'refreshAccessToken',
  'retry',
  'server',
  'serverVariables',
  'stream',
  'syncTime',
  'timeoutMs',
  'twoFactorToken',
  'validateRequests',
  'validateResponses',
  'version',
] as const;
const CALL_OPTIONS = [
  'contentType',
  'headers',
  'idempotencyKey',
  'signal',
  'stream',
  'timeoutMs',
  'twoFactorToken',
  'validateRequest',
  'validateResponse',
  'version',
] as const;

// Compile-time: the lists above name every option, and nothing else.
export type ClientOptionNamesComplete = Assert<Equals<(typeof CLIENT_OPTIONS)[number], keyof ClientOptions>>;
export type CallOptionNamesComplete = Assert<Equals<(typeof CALL_OPTIONS)[number], keyof CallOptions>>;

/** Edit distance, to suggest the option a misspelling meant. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(
        above + 1,
        row[j - 1]! + 1,
        diagonal + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return row[b.length]!;
}

function checkNames(kind: string, given: object, known: readonly string[]): void {
  for (const name of Object.keys(given)) {
    if (known.includes(name)) continue;
    const closest = [...known].sort((x, y) => distance(name, x) - distance(name, y))[0];
    const hint =
      closest !== undefined && distance(name, closest) <= Math.max(2, Math.floor(name.length / 3))
        ? ` Did you mean \`${closest}\`?`
        : '';
    throw new TypeError(`Unknown ${kind} option \`${name}\`.${hint} Known options: ${known.join(', ')}.`);
  }
}

/** @throws TypeError naming an unknown `ClientOptions` key and the closest known one. */
export const checkClientOptions = (options: ClientOptions): void => checkNames('client', options, CLIENT_OPTIONS);

/** @throws TypeError naming an unknown `CallOptions` key and the closest known one. */
export const checkCallOptions = (options: CallOptions): void => checkNames('call', options, CALL_OPTIONS);
