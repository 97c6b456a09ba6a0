/** What kind of call an operation is, as clients and query libraries see it. Imports nothing, so plugin declarations can use it. */
import type { MediaModel, OperationModel, ResponseModel } from './types.js';
import { isSuccessStatus } from './derive.js';

/** Whether an operation only reads (GET or HEAD, without a body): a cached query, not a mutation, for a query library. */
export const isReadOperation = (op: Pick<OperationModel, 'method' | 'requestBody'>): boolean => (op.method === 'GET' || op.method === 'HEAD') && op.requestBody === undefined;

/**
 * Whether TanStack Query caches the operation as a query: a read, or OpenAPI 3.2's `QUERY`
 * (safe and idempotent, so its body is part of the key as the parameters are).
 */
export const isQueryOperation = (op: Pick<OperationModel, 'method' | 'requestBody'>): boolean => isReadOperation(op) || op.method === 'QUERY';

/** Whether a read walks pages (`x-pagination`): an infinite query besides the plain one. */
export const isPagedRead = (op: Pick<OperationModel, 'method' | 'requestBody' | 'pagination'>): boolean => isReadOperation(op) && op.pagination !== undefined;

/** What an operation's function takes besides the client and the call options: whether it has parameters and a body, and whether each is required. */
/** The success response whose body is a stream of items (OpenAPI 3.2 `itemSchema` …), if the operation has one. */
export const streamedResponseOf = (op: Pick<OperationModel, 'responses'>): ResponseModel | undefined =>
  op.responses.find((r) => isSuccessStatus(r.status) && r.content?.sequence !== undefined);

/**
 * The success response that offers a stream beside its body (`ResponseModel.stream`: JSON and
 * text/event-stream), if the operation has one; the caller chooses by `streamFlag` or `Accept`.
 */
export const streamAlternativeOf = (op: Pick<OperationModel, 'responses'>): (ResponseModel & { stream: MediaModel }) | undefined =>
  op.responses.find((r): r is ResponseModel & { stream: MediaModel } => isSuccessStatus(r.status) && r.stream !== undefined);

/** The key of the client's per-operation name rule for that second function (`createChatCompletionStream`), a method of its group too. */
export const STREAM_FUNCTION = 'stream';

/** The key of the operations plugin's per-operation name: the operation's own `OperationSpec` constant (`getSpotPriceOperation`), which its client function references alone. */
export const OPERATION_SPEC = 'spec';

/** The key of the client's per-operation name for the method that walks every page (`iterateListAccounts`), paginated operations only. */
export const PAGE_ITERATOR = 'iterator';

/** The key of the server's per-operation name: what a handler answers, the union of the declared statuses with their bodies (`GetSpotPriceReply`). */
export const HANDLER_REPLY = 'reply';

/**
 * The name a plugin's per-operation rule planned for `op` (`op.targetNames[key]`); a rule that
 * does not cover the operation planned none, which is a bug of the caller, said at once.
 */
export function targetName(op: Pick<OperationModel, 'operationId' | 'targetNames'>, key: string): string {
  const name = op.targetNames[key];
  if (name === undefined) throw new Error(`operation ${op.operationId} has no name under '${key}': no registered plugin's rule covers it`);
  return name;
}

/** Whether the client has a second function for an operation's stream alternative: no body flag chooses it, `Accept` does. */
export const hasStreamFunction = (op: Pick<OperationModel, 'responses' | 'streamFlag'>): boolean => op.streamFlag === undefined && streamAlternativeOf(op) !== undefined;

export function callArgumentsOf(op: Pick<OperationModel, 'parameters' | 'requestBody'>): { hasParams: boolean; paramsRequired: boolean; hasBody: boolean; bodyRequired: boolean } {
  return {
    hasParams: op.parameters.length > 0,
    paramsRequired: op.parameters.some((p) => p.required),
    hasBody: op.requestBody?.contents[0] !== undefined,
    bodyRequired: op.requestBody?.required === true,
  };
}

/**
 * How a caller gets each answer of an operation whose success response offers a stream beside its
 * body, in words (`--explain`, the package README); undefined for any other operation.
 */
export function streamChoiceOf(op: Pick<OperationModel, 'name' | 'responses' | 'streamFlag' | 'targetNames'>): string | undefined {
  const alternative = streamAlternativeOf(op);
  if (!alternative) return undefined;
  const body = `${alternative.status} ${alternative.content?.contentType ?? 'no body'}`;
  if (op.streamFlag !== undefined) return `${body}, or ${alternative.stream.contentType} when the body says \`${op.streamFlag}: true\` (one function, its answer type follows the flag)`;
  return `${body}, or ${alternative.stream.contentType} by Accept: ${op.targetNames[STREAM_FUNCTION] ?? `${op.name}Stream`}`;
}
