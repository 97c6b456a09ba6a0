/**
 * What the server runtime reads: the client's `ApiSpec` plus the facts only a server needs
 * (how to turn parameter strings into values, the error envelope, limits, languages).
 * Generated `server.ts` files declare one `ServerApiSpec` literal per API.
 */
import type { ApiSpec, OperationSpec, ParameterLocation, ParameterStyle } from '@svc/runtime';

/** The JSON shape of a value, as far as parsing a string into it needs. */
export type ValueShape =
  | { type: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'unknown' }
  | { type: 'array'; items: ValueShape }
  | { type: 'object'; properties?: Readonly<Record<string, ValueShape>>; additional?: ValueShape }
  /** Several JSON types are possible (`type: [integer, string]`, unions): the first that parses wins. */
  | { type: 'any-of'; options: readonly ValueShape[] };

/** A declared parameter, with the shape its string form is parsed into. */
export interface ServerParameterSpec {
  name: string;
  /** Key of the flat parameter record handlers receive (the name, unless two locations share it). */
  key: string;
  in: ParameterLocation;
  required: boolean;
  style: ParameterStyle;
  explode: boolean;
  /** A `querystring` parameter's media type (form unless JSON). */
  contentType?: string;
  shape: ValueShape;
}

/** `x-rate-limit`: requests allowed per window and credential. */
export interface RateLimitSpec {
  limit: number;
  windowSeconds: number;
  status: number;
  errorId: string;
}

/** `x-scopes-by-field`: the scope a request needs depends on one body field. */
export interface ScopesByFieldSpec {
  field: string;
  scopes: Readonly<Record<string, readonly string[]>>;
}

export interface ServerOperationSpec {
  operation: OperationSpec;
  /** Shapes of the parameters that are not plain strings, keyed like the flat parameter record. */
  shapes?: Readonly<Record<string, ValueShape>>;
  /** Shape of the body, to parse form-encoded and multipart bodies (JSON needs none). */
  bodyShape?: ValueShape;
  scopesByField?: ScopesByFieldSpec;
  rateLimit?: RateLimitSpec;
  /** Whether the operation declares the two-factor response (`x-two-factor` status). */
  twoFactor: boolean;
  /**
   * The envelopes of the operation's own error answers, by declared status (`400`, `4XX`,
   * `default`), where they differ from the document's: the server's errors for that status use it.
   */
  errorEnvelopes?: Readonly<Record<string, ErrorEnvelopeSpec>>;
}

/**
 * Where the document's error body keeps an error's id and message, so that the server
 * answers in the spec's own envelope: `{errors: [{id, message}]}`, `{errorType, errorMessage}`...
 */
export interface ErrorEnvelopeSpec {
  /** Property holding a list of errors; absent: one error, at the top level. */
  list?: string;
  /** The list holds messages (strings), not objects. */
  listOfText?: boolean;
  /** Property of the id (in each list item, or at the top level). */
  id?: string;
  /** Property of the message. */
  message?: string;
  /** Property naming the failing field, when the envelope has one. */
  field?: string;
  /** Top-level properties every error body carries (`success: false`). */
  constants?: Readonly<Record<string, unknown>>;
  /** Top-level properties beside a list: the error's id and message (problem details' `type` and `detail` beside `errors`). */
  top?: { id?: string; message?: string };
  /** Top-level property holding the HTTP status, as a number (problem details' `status`). */
  status?: string;
  /** Top-level property holding the status's reason phrase (problem details' `title`). */
  title?: string;
  /** The failing field is written as a JSON pointer (`/address/city`), for a `pointer` property. */
  fieldAsPointer?: boolean;
  /** The media type of error bodies (`application/problem+json`); `application/json` when absent. */
  mediaType?: string;
}

/** A language header that negotiates among supported languages (`Accept-Language`). */
export interface LanguageSpec {
  header: string;
  supported: readonly string[];
  default: string;
}

export interface ServerApiSpec {
  api: ApiSpec;
  /** Keyed by operationId. */
  operations: Readonly<Record<string, ServerOperationSpec>>;
  errorEnvelope: ErrorEnvelopeSpec;
  /** Document-wide rate limit; an operation's own `rateLimit` replaces it. */
  rateLimit?: RateLimitSpec;
  languages?: LanguageSpec;
  /** `x-versioning.missingWarning`: the warning id answered when the version header is absent. */
  missingVersionWarning?: string;
  /** Property of success bodies that carries warnings (`warnings`), when the document has one. */
  warningsField?: string;
}
