/** `@svc/runtime`: the hand-written runtime that generated API clients import. */
export type * from './types.js';
export { HttpClient } from './client.js';
export {
  ApiError,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  parseErrorBody,
  type ApiErrorEntry,
  type ApiErrorInit,
  type OAuthErrorBody,
  type OperationApiError,
  type ParsedErrorBody,
  type RequestValidationErrorInit,
  type ResponseValidationErrorInit,
} from './errors.js';
export { systemClock, parseHttpDate } from './clock.js';
export { readPath } from './dot-path.js';
export { ownProperty, setOwnProperty } from './own.js';
export {
  bracketPairs,
  buildPath,
  encodeBody,
  encodeFormBody,
  expandServerUrl,
  headerValue,
  isJsonMediaType,
  joinUrl,
  readAtMost,
  mediaType,
  serializeCookies,
  serializeHeaders,
  serializeQuery,
  styledPairs,
  type BodyBytes,
  type EncodedBody,
} from './encoding.js';
export { formatTimestamp, sign, signatureHeaders, type SignatureInput } from './signing.js';
export {
  backoffDelay,
  isSafeMethod,
  parseRetryAfter,
  resolveRetryPolicy,
  retryDelay,
  RETRYABLE_STATUSES,
  type RetryPolicy,
} from './retry.js';
export { nextPageInput, nextPageParams, pageItems, pageWalk } from './pagination.js';
export { resolveSecurity, DEFAULT_TOKEN_REFRESH, type Credentials, type ResolvedSecurity } from './auth.js';
export { applyIdempotency, IDEMPOTENCY_KEY_HEADER, type IdempotentParts } from './idempotency.js';
export {
  carriesJson,
  collectWarnings,
  declaredMediaType,
  refuseStreamAnswer,
  selectValidator,
  statusKey,
  streamSpecOf,
} from './response.js';
export {
  byteFormat,
  dateFormat,
  dateTimeFormat,
  durationFormat,
  emailFormat,
  formatCheck,
  idnEmailFormat,
  ipv4Format,
  ipv6Format,
  iriFormat,
  iriReferenceFormat,
  jsonPointerFormat,
  regexFormat,
  relativeJsonPointerFormat,
  stringFormat,
  stringFormats,
  timeFormat,
  uriFormat,
  uriReferenceFormat,
  uriTemplateFormat,
  urlFormat,
  uuidFormat,
} from './formats.js';
export { unevaluated, type Evaluation } from './unevaluated.js';
export { checkCallOptions, checkClientOptions } from './options.js';
export { isTolerableIssue, responseValidationMode, type ResponseValidationMode } from './tolerance.js';
export {
  BINARY_BODY_MESSAGE,
  isBinaryBody,
  ownKeys,
  refinements,
  taggedUnionMessage,
  type BinaryBody,
  type Assert,
  type Equals,
} from './validators.js';
export { useEnglishMessages } from './english.js';
export { toRequestInput } from './params.js';
export { callOperation, iterateOperation, withOperations, withSignal } from './call.js';
export { fastAccepts, fastParsesToItself } from './precheck.js';
export { streamOperation, StreamError, type ServerSentEvent, type StreamErrorKind } from './stream.js';
export {
  frameToText,
  parseMessage,
  type MessageParseError,
  type MessageParseResult,
  type RawFrame,
} from './messages.js';
export { validateRequest } from './request-validation.js';
export { receiveWebhook, verifyWebhookSignature, type WebhookResult, type WebhookSignatureInput } from './webhooks.js';
export {
  FeedClient,
  type FeedChannelSpec,
  type FeedClientOptions,
  type FeedEvents,
  type FeedSnapshot,
  type FeedSpec,
  type FeedStatus,
  type SocketConstructor,
  type SocketLike,
} from './feed/client.js';
export {
  OrderBook,
  type BookLevel,
  type BookSide,
  type LevelUpdate,
  type OrderBookSnapshot,
} from './feed/order-book.js';
export { addDecimals, compareDecimals, isZeroDecimal, normalizeDecimal, subtractDecimals } from './feed/decimal.js';
