/** `x-pagination`: the items of a page and the input of the next page. */
import { readPath } from './dot-path.js';
import { toRequestInput } from './params.js';
import type { OperationSpec, PageWalk, PaginationSpec, RequestInput } from './types.js';

/** The items of one page body (`itemsField`); an empty list when absent. */
export function pageItems(spec: PaginationSpec, body: unknown): unknown[] {
  const items = readPath(body, spec.itemsField);
  return Array.isArray(items) ? items : [];
}

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

/** The current value of a pagination parameter in `input` (query or header, per the operation). */
function currentParam(op: OperationSpec, input: RequestInput, name: string): unknown {
  const where = op.parameters.find((p) => p.name === name)?.in;
  return where === 'header' ? input.headers?.[name] : input.query?.[name];
}

/** `input` with one pagination parameter replaced; a header parameter goes to headers, anything else to the query. */
function withParam(op: OperationSpec, input: RequestInput, name: string, value: unknown): RequestInput {
  const where = op.parameters.find((p) => p.name === name)?.in;
  if (where === 'header') return { ...input, headers: { ...input.headers, [name]: value } };
  return { ...input, query: { ...input.query, [name]: value } };
}

/**
 * The input of the page after the one whose raw body is `body`, or undefined on the last page.
 * Each style also stops when a page repeats its own position, so a misbehaving server cannot loop us.
 */
export function nextPageInput(init: {
  op: OperationSpec;
  input: RequestInput;
  body: unknown;
}): RequestInput | undefined {
  const { op, input, body } = init;
  const spec = op.pagination;
  if (!spec) return undefined;
  switch (spec.style) {
    case 'cursor': {
      const items = pageItems(spec, body);
      if (items.length === 0 || isEmpty(readPath(body, spec.nextUriField))) return undefined;
      const cursor = readPath(items[items.length - 1], spec.cursorField);
      if (isEmpty(cursor) || cursor === currentParam(op, input, spec.cursorParam)) return undefined;
      return withParam(op, input, spec.cursorParam, cursor);
    }
    case 'page': {
      const total = Number(readPath(body, spec.totalPagesField));
      const reported = spec.currentPageField === undefined ? undefined : readPath(body, spec.currentPageField);
      const current = Number(reported ?? currentParam(op, input, spec.pageParam) ?? 1);
      if (!Number.isFinite(total) || !Number.isFinite(current) || current >= total) return undefined;
      if (pageItems(spec, body).length === 0) return undefined;
      return withParam(op, input, spec.pageParam, current + 1);
    }
    case 'token': {
      const token = readPath(body, spec.nextTokenField);
      if (isEmpty(token) || token === currentParam(op, input, spec.tokenParam)) return undefined;
      return withParam(op, input, spec.tokenParam, token);
    }
  }
}

/** The pagination parameter each style moves from page to page. */
const movingParam = (spec: PaginationSpec): string =>
  spec.style === 'cursor' ? spec.cursorParam : spec.style === 'page' ? spec.pageParam : spec.tokenParam;

/**
 * The parameters of the page after `page`, which `params` fetched (flat, keyed as the
 * operation's function takes them), or undefined on the last page: an infinite query's
 * `getNextPageParam`. The same rules as `nextPageInput`, so `for await` and a query agree.
 */
export function nextPageParams<P extends object>(op: OperationSpec, params: P, page: unknown): P | undefined {
  const next = nextPageInput({ op, input: toRequestInput(op, params), body: page });
  if (!next || !op.pagination) return undefined;
  const name = movingParam(op.pagination);
  const param = op.parameters.find((p) => p.name === name);
  const value = param?.in === 'header' ? next.headers?.[name] : next.query?.[name];
  return { ...params, [param?.key ?? name]: value };
}

/** Pagination as an operation's feature (`OperationSpec.uses.pagination`): only programs that page bundle it. */
export const pageWalk: PageWalk = { items: pageItems, next: nextPageInput };
