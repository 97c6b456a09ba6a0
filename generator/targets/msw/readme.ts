/** What the MSW target's README section shows: the handlers in a test, with an override, and with the mock. */
import { isSuccessStatus } from '../../model/derive.js';
import type { ApiModel } from '../../model/types.js';

export function mswReadmeData(model: ApiModel): Record<string, unknown> {
  const read = model.operations.find((op) => op.method === 'GET' && op.responses.some((r) => isSuccessStatus(r.status) && r.content));
  return {
    createMock: model.entryNames.createMock,
    exampleOverride: read ? { handler: read.targetNames['mswHandler'], operationId: read.operationId } : undefined,
  };
}
