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

  constructor(init: { status: number; id: string; message: string; fields?: readonly FieldProblem[]; headers?: Record<string, string> }) {
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
  new HttpProblem({ status: 413, id: 'request_too_large', message: `the request body is larger than ${limit} bytes`, headers: { Connection: 'close' } });

/** The body of a problem in the envelope the document declares. */
export function problemBody(problem: HttpProblem, envelope: ErrorEnvelopeSpec): Record<string, unknown> {
  const entries = problem.fields.length > 0 ? problem.fields.map((f) => ({ message: `${f.field}: ${f.message}`, field: f.field })) : [{ message: problem.message }];
  const entry = (e: { message: string; field?: string }): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (envelope.id) out[envelope.id] = problem.id;
    if (envelope.message) out[envelope.message] = e.message;
    if (envelope.field && e.field !== undefined) out[envelope.field] = e.field;
    return out;
  };
  const body: Record<string, unknown> = { ...(envelope.constants ?? {}) };
  if (envelope.list) {
    body[envelope.list] = envelope.listOfText ? entries.map((e) => e.message) : entries.map(entry);
    return body;
  }
  return { ...body, ...entry({ message: entries.map((e) => e.message).join('; ') }) };
}
