/** Real pagination over stored resources, in each `x-pagination` style and the styles the plan guesses. */
import { HttpProblem } from '@svc/server-runtime';
import type { MockPageEnd, MockPagination } from './plan.js';
import type { Resource } from './store.js';

export interface Page {
  items: Resource[];
  /** Fields of the list body to set (dot paths): next cursor, page counts, next token; `undefined` removes the field. */
  fields: Record<string, unknown>;
  /** Fields to set only where the list body has them (`pagination.limit`, `total_count`). */
  optional: Record<string, unknown>;
}

const numberParam = (params: Record<string, unknown>, key: string | undefined, fallback: number): number => {
  const value = key === undefined ? undefined : params[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};

const encodeToken = (offset: number): string => btoa(`offset:${offset}`);
/** The offset a token stands for: a number or its digits where the token field is an integer, else an `offset:` token in base64. */
function decodeToken(token: unknown, form: 'integer' | 'uri' | undefined): number {
  if (form === 'integer') {
    const offset =
      typeof token === 'number' ? token : typeof token === 'string' && /^\d+$/.test(token) ? Number(token) : 0;
    return Number.isSafeInteger(offset) ? offset : 0;
  }
  if (typeof token !== 'string' || token === '') return 0;
  try {
    const match = /^offset:(\d+)$/.exec(atob(token));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The next-token field's value: a number, the list's own URL asking for the next page, or a token. */
function nextToken(offset: number, pagination: Extract<MockPagination, { style: 'token' }>, url: URL): unknown {
  if (pagination.tokenForm === 'integer') return offset;
  const token = encodeToken(offset);
  if (pagination.tokenForm !== 'uri') return token;
  const next = new URL(url.href);
  next.searchParams.set(pagination.tokenParam, token);
  return next.href;
}

/** The field's value on the last page: `undefined` removes it. */
const endValue = (end: MockPageEnd): unknown => (end === 'absent' ? undefined : end);

/**
 * The cursor or token a request sends: an empty one is no cursor where the document accepts ''
 * (the first page), and a 400 where it does not (the server's validation refuses it first).
 */
function cursorIn(params: Record<string, unknown>, key: string, empty: 'absent' | 'refused' | undefined): unknown {
  const value = params[key];
  if (value !== '' || empty === undefined) return value;
  if (empty === 'absent') return undefined;
  throw new HttpProblem({
    status: 400,
    id: 'invalid_request',
    message: `${key} must not be empty`,
    fields: [{ field: key, message: 'must not be empty' }],
  });
}

export function paginate(
  all: readonly Resource[],
  pagination: MockPagination,
  params: Record<string, unknown>,
  url: URL,
  idField: string,
): Page {
  if (pagination.style === 'cursor') {
    const limit = numberParam(params, pagination.limitParam, pagination.defaultLimit);
    const order = pagination.orderParam && params[pagination.orderParam] === 'asc' ? 'asc' : 'desc';
    // Newest first unless asked otherwise, as cursor APIs list.
    let ordered = order === 'asc' ? [...all] : [...all].reverse();
    const after = cursorIn(params, pagination.cursorParam, pagination.emptyCursor);
    const before = pagination.endingBeforeParam ? params[pagination.endingBeforeParam] : undefined;
    if (typeof after === 'string') {
      const at = ordered.findIndex((r) => r[pagination.cursorField] === after);
      ordered = at >= 0 ? ordered.slice(at + 1) : [];
    } else if (typeof before === 'string') {
      const at = ordered.findIndex((r) => r[pagination.cursorField] === before);
      ordered = at >= 0 ? ordered.slice(Math.max(0, at - limit), at) : [];
    }
    const items = limit > 0 ? ordered.slice(0, limit) : [];
    const more = ordered.length > items.length && items.length > 0;
    const last = items[items.length - 1];
    let next: unknown = endValue(pagination.lastCursor === undefined ? null : pagination.lastCursor);
    if (more && last) {
      const query = new URLSearchParams();
      if (pagination.limitParam) query.set(pagination.limitParam, String(limit));
      if (pagination.orderParam && params[pagination.orderParam] !== undefined) query.set(pagination.orderParam, order);
      query.set(pagination.cursorParam, String(last[pagination.cursorField] ?? last[idField]));
      next = `${url.pathname}?${query.toString()}`;
    }
    const prefix = pagination.nextUriField.includes('.')
      ? pagination.nextUriField.slice(0, pagination.nextUriField.lastIndexOf('.') + 1)
      : '';
    return {
      items,
      fields: { [pagination.nextUriField]: next },
      optional: {
        [`${prefix}limit`]: limit,
        [`${prefix}order`]: order,
        [`${prefix}starting_after`]: typeof after === 'string' ? after : null,
        [`${prefix}ending_before`]: typeof before === 'string' ? before : null,
        [`${prefix}previous_uri`]: null,
      },
    };
  }
  if (pagination.style === 'page') {
    const limit = Math.max(1, numberParam(params, pagination.limitParam, pagination.defaultLimit));
    const page = Math.max(1, Math.floor(numberParam(params, pagination.pageParam, 1)));
    const totalPages = Math.max(1, Math.ceil(all.length / limit));
    const items = all.slice((page - 1) * limit, page * limit);
    return {
      items,
      fields: {
        [pagination.totalPagesField]: totalPages,
        ...(pagination.currentPageField ? { [pagination.currentPageField]: page } : {}),
      },
      optional: { total_count: all.length, limit },
    };
  }
  if (pagination.style === 'token') {
    const size = Math.max(1, numberParam(params, pagination.limitParam, pagination.defaultLimit));
    const offset = decodeToken(cursorIn(params, pagination.tokenParam, pagination.emptyCursor), pagination.tokenForm);
    const items = all.slice(offset, offset + size);
    const more = offset + size < all.length;
    return {
      items,
      fields: {
        [pagination.nextTokenField]: more
          ? nextToken(offset + size, pagination, url)
          : endValue(pagination.lastToken === undefined ? '' : pagination.lastToken),
      },
      optional: {},
    };
  }
  if (pagination.style === 'all')
    return {
      items: [...all],
      fields: pagination.totalField ? { [pagination.totalField]: all.length } : {},
      optional: {},
    };
  // Guessed paging: by offset, or by page number; the answer echoes what its schema has room for.
  const size = Math.max(1, Math.floor(numberParam(params, pagination.limitParam, pagination.defaultLimit)));
  const offset =
    pagination.style === 'offset'
      ? Math.max(0, Math.floor(numberParam(params, pagination.offsetParam, 0)))
      : Math.max(
          0,
          Math.floor(numberParam(params, pagination.pageParam, pagination.firstPage)) - pagination.firstPage,
        ) * size;
  const fields: Record<string, unknown> = {};
  if (pagination.totalField) fields[pagination.totalField] = all.length;
  if (pagination.sizeField) fields[pagination.sizeField] = size;
  if (pagination.pageField)
    fields[pagination.pageField] =
      Math.floor(offset / size) + (pagination.style === 'page-number' ? pagination.firstPage : 1);
  if (pagination.totalPagesField) fields[pagination.totalPagesField] = Math.max(1, Math.ceil(all.length / size));
  return { items: all.slice(offset, offset + size), fields, optional: {} };
}
