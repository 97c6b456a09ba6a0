/** What the query target's README sections show: a query, an infinite query and a mutation of the package. */
import { isPagedRead, isReadOperation, streamAlternativeOf, streamedResponseOf } from '../../model/operation-kinds.js';
import { serverUrlOf } from '../../model/derive.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import { exampleParams } from '../../print/examples.js';

/** The arguments after the client: the example parameters, `{}` where none is required, none for an operation without parameters. */
const argsOf = (op: OperationModel): string => (op.parameters.length === 0 ? '' : `, ${exampleParams(op) || '{}'}`);

export function queryReadmeData(model: ApiModel, scope: string): Record<string, unknown> {
  const queried = model.operations.filter((op) => streamedResponseOf(op) === undefined);
  const read = queried.find((op) => isReadOperation(op) && !op.pagination);
  const lists = queried.filter(isPagedRead);
  // Not one whose body may ask for a stream: its mutation's body type is narrower than the body's (no `stream: true`).
  const writes = queried.filter((op) => !isReadOperation(op) && op.requestBody?.contents[0] !== undefined && (op.streamFlag === undefined || !streamAlternativeOf(op)));
  // A write into a list's own collection (POST on the list's path), whose success that list shows; else any of each.
  const pair = lists.flatMap((list) => writes.filter((w) => w.path === list.path).map((write) => ({ list, write })))[0];
  const paged = pair?.list ?? lists[0];
  const write = pair?.write ?? writes[0];
  const imports = [
    ...(read ? [read.targetNames['queryOptions']!] : []),
    ...(paged ? [paged.targetNames['infiniteOptions']!, paged.targetNames['queryKey']!] : []),
    ...(write ? [write.targetNames['mutation']!] : []),
  ].sort();
  const hooks = [...(read ? ['useQuery'] : []), ...(paged ? ['useInfiniteQuery'] : []), ...(write ? ['useMutation'] : []), ...(write && paged ? ['useQueryClient'] : [])].sort();
  return {
    scope,
    baseUrl: serverUrlOf(model),
    hooks: hooks.join(', '),
    imports: imports.join(', '),
    exampleQuery: read ? { options: read.targetNames['queryOptions'], args: argsOf(read) } : undefined,
    exampleInfinite: paged ? { options: paged.targetNames['infiniteOptions'], args: argsOf(paged), itemsField: paged.pagination!.itemsField } : undefined,
    exampleMutation: write
      ? {
          mutation: write.targetNames['mutation'],
          // Parameters none of which is required may be left out.
          variables: [...(exampleParams(write) ? [`params: ${exampleParams(write)}`] : []), 'body'].join(', '),
          bodyType: write.names.body,
          invalidates: paged?.targetNames['queryKey'],
          list: paged?.operationId,
        }
      : undefined,
  };
}
