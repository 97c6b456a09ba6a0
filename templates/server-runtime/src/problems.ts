/** Errors a request can fail with, and their bodies in the document's own envelope. */
import type { ErrorEnvelopeSpec } from './types.js';

/** One failing field of a request. */
export interface FieldProblem {
  /** Dot path of the field (`amount`, `account.name`), or the parameter name. */
  field: string;
  message: string;
}

/** An answer other than success; thrown by the server's checks or by handlers. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly id: string;
  readonly fields: readonly FieldProblem[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(init: {
    status: number;
    id: string;
    message: string;
    fields?: readonly FieldProblem[];
    headers?: Record<string, string>;
  }) {
    super(init.message);
    this.name = 'HttpProblem';
    this.status = init.status;
    this.id = init.id;
    this.fields = init.fields ?? [];
    this.headers = init.headers ?? {};
  }
}

/** The default of `ServerOptions.maxBodyBytes`: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** The default of `ServerOptions.maxUrlLength`, in characters. */
export const DEFAULT_MAX_URL_LENGTH = 8192;

/**
 * A body over the server's limit: 413, and the connection is closed after the answer, so
 * that the client stops sending what would be read only to be thrown away.
 */
export const bodyTooLarge = (limit: number): HttpProblem =>
  new HttpProblem({
    status: 413,
    id: 'request_too_large',
    message: `the request body is larger than ${limit} bytes`,
    headers: { Connection: 'close' },
  });

/** Reason phrases of the statuses a server answers by itself (a problem's `title`). */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export const reasonPhrase = (status: number): string =>
  REASONS[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');

/** `address.city` -> `/address/city` (RFC 6901). */
const pointerOf = (field: string): string =>
  field === '(body)'
    ? ''
    : `/${field
        .split('.')
        .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/')}`;

/** The body of a problem in the envelope the document declares. */
export function problemBody(problem: HttpProblem, envelope: ErrorEnvelopeSpec): Record<string, unknown> {
  const entries =
    problem.fields.length > 0
      ? problem.fields.map((f) => ({ message: `${f.field}: ${f.message}`, field: f.field }))
      : [{ message: problem.message }];
  const entry = (e: { message: string; field?: string }): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (envelope.id) out[envelope.id] = problem.id;
    if (envelope.message) out[envelope.message] = e.message;
    // A pointer names the whole request ('') when the problem is not about one field.
    if (envelope.field && e.field !== undefined)
      out[envelope.field] = envelope.fieldAsPointer ? pointerOf(e.field) : e.field;
    else if (envelope.field && envelope.fieldAsPointer) out[envelope.field] = '';
    return out;
  };
  const body: Record<string, unknown> = { ...(envelope.constants ?? {}) };
  if (envelope.status) body[envelope.status] = problem.status;
  if (envelope.title) body[envelope.title] = reasonPhrase(problem.status);
  const joined = entries.map((e) => e.message).join('; ');
  if (envelope.list) {
    if (envelope.top?.id) body[envelope.top.id] = problem.id;
    if (envelope.top?.message) body[envelope.top.message] = joined;
    body[envelope.list] = envelope.listOfText ? entries.map((e) => e.message) : entries.map(entry);
    return body;
  }
  return { ...body, ...entry({ message: joined }) };
}
