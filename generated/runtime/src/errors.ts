// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Errors thrown by the runtime. Each keeps what a caller needs to react without
 * re-reading the response (whose body the runtime has already consumed).
 */
import type { z } from 'zod';
import type { ApiWarning } from './types.js';

/** One entry of an `errors` array. */
export interface ApiErrorEntry<TId extends string = string> {
  id: TId;
  message: string;
  url?: string;
}

/** The OAuth error body (`{ error, error_description }`). */
export interface OAuthErrorBody {
  error: string;
  errorDescription?: string;
}

/** What `parseErrorBody` found in a non-2xx body. */
export interface ParsedErrorBody {
  errors: ApiErrorEntry[];
  oauth?: OAuthErrorBody;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Reads the three error body shapes the service uses: `{ errors: [{ id, message, url }] }`,
 * the OAuth `{ error, error_description }` and `{ errorType, errorMessage }`; anything else yields no ids.
 */
export function parseErrorBody(body: unknown): ParsedErrorBody {
  if (!isRecord(body)) return { errors: [] };
  if (Array.isArray(body.errors)) {
    const errors = body.errors.filter(isRecord).flatMap((entry): ApiErrorEntry[] => {
      const id = optionalString(entry.id);
      if (id === undefined) return [];
      const url = optionalString(entry.url);
      return [{ id, message: optionalString(entry.message) ?? '', ...(url === undefined ? {} : { url }) }];
    });
    return { errors };
  }
  if (typeof body.error === 'string') {
    const errorDescription = optionalString(body.error_description);
    const oauth: OAuthErrorBody = {
      error: body.error,
      ...(errorDescription === undefined ? {} : { errorDescription }),
    };
    return { errors: [{ id: body.error, message: errorDescription ?? '' }], oauth };
  }
  if (typeof body.errorType === 'string') {
    return { errors: [{ id: body.errorType, message: optionalString(body.errorMessage) ?? '' }] };
  }
  return { errors: [] };
}

// A brand survives two copies of the runtime in one process, where instanceof does not.
const API_ERROR = Symbol.for('@svc/runtime.ApiError');

/** Constructor argument of `ApiError`. */
export interface ApiErrorInit {
  status: number;
  operationId: string;
  /** The response body: parsed JSON, text, or undefined. */
  body: unknown;
  response: Response;
  warnings?: ApiWarning[];
  /** Whether `body` is what the error schema declared for the status accepted (and parsed). @default false */
  bodyMatchesSchema?: boolean;
  /** Why an answer whose status is not an error is one (a 2xx that is not the stream asked for); the message leads with it. */
  reason?: string;
}

/**
 * A non-2xx response, or a 2xx one the call cannot use as its answer (an HTML page where a
 * stream was asked for: `reason` says why, in the message).
 *
 * @example
 * try { await client.createBuy(...) } catch (e) {
 *   if (ApiError.is(e) && e.ids.includes('two_factor_required')) { ... }
 * }
 */
export class ApiError<TId extends string = string, TBody = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly operationId: string;
  /** The ids of `errors`, in order (the OAuth `error` or `errorType` for the other shapes). */
  readonly ids: TId[];
  readonly errors: ApiErrorEntry<TId>[];
  /** Set when the body was an OAuth error (`{ error, error_description }`). */
  readonly oauth?: OAuthErrorBody;
  readonly warnings: ApiWarning[];
  /**
   * The body: parsed by the error schema the spec declares for this status (its range, or
   * `default`) when it matches, as received otherwise; `bodyMatchesSchema` says which. An
   * operation's error (`isOperationError`) types it as the declared schema once that is checked.
   */
  readonly body: TBody;
  /** Whether the body matched the error schema declared for the status (a server may answer a proxy's HTML page, or another shape). */
  readonly bodyMatchesSchema: boolean;
  readonly response: Response;

  constructor(init: ApiErrorInit) {
    const parsed = parseErrorBody(init.body);
    super(formatMessage(init, parsed.errors));
    this.status = init.status;
    this.operationId = init.operationId;
    // The ids come from the server; TId is the generator's promise of which ones it sends.
    this.errors = parsed.errors as ApiErrorEntry<TId>[];
    this.ids = this.errors.map((entry) => entry.id);
    if (parsed.oauth) this.oauth = parsed.oauth;
    this.warnings = init.warnings ?? [];
    // TBody is unknown unless the caller knows better; `OperationApiError` ties it to `bodyMatchesSchema`.
    this.body = init.body as TBody;
    this.bodyMatchesSchema = init.bodyMatchesSchema ?? false;
    this.response = init.response;
    Object.defineProperty(this, API_ERROR, { value: true });
  }

  /** True for an `ApiError` (from any copy of the runtime), optionally of one operation. */
  static is(value: unknown, operationId?: string): value is ApiError {
    if (typeof value !== 'object' || value === null || !(API_ERROR in value)) return false;
    return operationId === undefined || (value as { operationId?: unknown }).operationId === operationId;
  }
}

/**
 * The error of one operation: its ids, and its body typed as the declared error schema where
 * `bodyMatchesSchema` says the body matched it, `unknown` otherwise.
 *
 * @example
 * if (isOperationError(error, 'getTitle') && error.bodyMatchesSchema) console.error(error.body.title);
 */
export type OperationApiError<TId extends string, TBody> = ApiError<TId, unknown> &
  (
    | { readonly bodyMatchesSchema: true; readonly body: TBody }
    | { readonly bodyMatchesSchema: false; readonly body: unknown }
  );

function formatMessage(init: ApiErrorInit, errors: readonly ApiErrorEntry[]): string {
  if (init.reason !== undefined) return `${init.status} ${init.reason} (${init.operationId})`;
  if (errors.length === 0) {
    const own = ownText(init.body);
    if (own) return `${init.status} ${own} (${init.operationId})`;
    const text = init.response.statusText || 'HTTP error';
    return `${init.status} ${text} (${init.operationId})`;
  }
  const details = errors.map((e) => (e.message ? `${e.id}: ${e.message}` : e.id)).join('; ');
  return `${init.status} ${details}`;
}

/**
 * What an error body says about itself, in the common shapes: RFC 9457 problem details
 * (`title`, `detail`), `message`, `error_description`, `errors[].message` or `errors[].detail`.
 */
function ownText(body: unknown): string | undefined {
  // A short plain-text body is the error's text; an HTML error page is not.
  if (typeof body === 'string')
    return body.trim() !== '' && body.length <= 300 && !body.trimStart().startsWith('<') ? body.trim() : undefined;
  if (!isRecord(body)) return undefined;
  const parts = [
    optionalString(body.title),
    optionalString(body.detail),
    optionalString(body.message),
    optionalString(body.error_description),
  ].filter((part): part is string => part !== undefined && part !== '');
  if (Array.isArray(body.errors)) {
    for (const entry of body.errors.filter(isRecord)) {
      const text = optionalString(entry.message) ?? optionalString(entry.detail);
      if (text) parts.push(text);
    }
  }
  return parts.length > 0 ? [...new Set(parts)].join(': ') : undefined;
}

/** The first three issues as one line (`path: message; …`), for error messages. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Constructor argument of `ResponseValidationError`. */
export interface ResponseValidationErrorInit {
  operationId: string;
  status: number;
  issues: readonly z.core.$ZodIssue[];
  body: unknown;
  response: Response;
}

/** A 2xx body that does not match the operation's response schema. */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  readonly operationId: string;
  readonly status: number;
  readonly issues: readonly z.core.$ZodIssue[];
  /** The body as received (before validation). */
  readonly body: unknown;
  readonly response: Response;

  constructor(init: ResponseValidationErrorInit) {
    const more = init.issues.length > 3 ? ` (+${init.issues.length - 3} more)` : '';
    super(`Response ${init.status} of ${init.operationId} failed validation: ${describeIssues(init.issues)}${more}`);
    this.operationId = init.operationId;
    this.status = init.status;
    this.issues = init.issues;
    this.body = init.body;
    this.response = init.response;
  }
}

export interface RequestValidationErrorInit {
  operationId: string;
  issues: readonly { part: 'parameters' | 'body'; issue: z.core.$ZodIssue }[];
}

/** The request did not match the operation's validators and was not sent (`validateRequests`). */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  readonly operationId: string;
  readonly issues: RequestValidationErrorInit['issues'];

  constructor(init: RequestValidationErrorInit) {
    const shown = init.issues
      .slice(0, 3)
      .map(({ part, issue }) => `${[part, ...issue.path.map(String)].join('.')}: ${issue.message}`)
      .join('; ');
    const more = init.issues.length > 3 ? ` (+${init.issues.length - 3} more)` : '';
    super(`Request of ${init.operationId} failed validation: ${shown}${more}`);
    this.operationId = init.operationId;
    this.issues = init.issues;
  }
}

/** The request never got a response (DNS, connection refused, reset, ...); `cause` is fetch's error. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly operationId: string;

  constructor(init: { operationId: string; cause: unknown }) {
    const reason = init.cause instanceof Error ? init.cause.message : String(init.cause);
    super(`Network error calling ${init.operationId}: ${reason}`, { cause: init.cause });
    this.operationId = init.operationId;
  }
}

/** The call did not finish within its `timeoutMs`; `cause` is the abort error, when there was one. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly operationId: string;
  readonly timeoutMs: number;

  constructor(init: { operationId: string; timeoutMs: number; cause?: unknown }) {
    super(`${init.operationId} timed out after ${init.timeoutMs} ms`, { cause: init.cause });
    this.operationId = init.operationId;
    this.timeoutMs = init.timeoutMs;
  }
}
