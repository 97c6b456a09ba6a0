/** What kind of call an operation is, as clients and query libraries see it. Imports nothing, so plugin declarations can use it. */
import type { OperationModel } from './types.js';

/** Whether an operation only reads (GET or HEAD, without a body): a cached query, not a mutation, for a query library. */
export const isReadOperation = (op: Pick<OperationModel, 'method' | 'requestBody'>): boolean => (op.method === 'GET' || op.method === 'HEAD') && op.requestBody === undefined;

/** Whether a read walks pages (`x-pagination`): an infinite query besides the plain one. */
export const isPagedRead = (op: Pick<OperationModel, 'method' | 'requestBody' | 'pagination'>): boolean => isReadOperation(op) && op.pagination !== undefined;
