/** paginate() and pages() over three pages for each x-pagination style. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpClient, type OperationSpec } from '../../templates/runtime/src/index.js';
import { api, fakeFetch, json, op } from './fakes.js';

const collect = async <T>(iterator: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of iterator) out.push(item);
  return out;
};

const cursorOp = op({
  operationId: 'listBuys',
  pagination: { style: 'cursor', itemsField: 'data', cursorParam: 'starting_after', cursorField: 'id', nextUriField: 'pagination.next_uri' },
  parameters: [{ name: 'limit', in: 'query', required: false, style: 'form', explode: true }],
});

/** Serves ids 1..6 two at a time after `starting_after`. */
const cursorServer = () =>
  fakeFetch((seen) => {
    const after = Number(seen.url.searchParams.get('starting_after') ?? 0);
    const data = [after + 1, after + 2].map((n) => ({ id: String(n) }));
    const last = after + 2 >= 6;
    return json({ pagination: { next_uri: last ? null : `/v2/buys?starting_after=${after + 2}` }, data });
  });

describe('cursor style', () => {
  it('walks three pages passing the last id as starting_after', async () => {
    const { fetch, seen } = cursorServer();
    const items = await collect(new HttpClient(api(), { fetch }).paginate<{ id: string }>(cursorOp, { query: { limit: 2 } }));
    expect(items.map((i) => i.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(seen.map((s) => s.url.search)).toEqual(['?limit=2', '?limit=2&starting_after=2', '?limit=2&starting_after=4']);
  });

  it('stops on an empty next_uri or an empty page', async () => {
    const a = fakeFetch(() => json({ pagination: { next_uri: '' }, data: [{ id: '1' }] }));
    expect(await collect(new HttpClient(api(), { fetch: a.fetch }).paginate(cursorOp))).toHaveLength(1);
    const b = fakeFetch(() => json({ pagination: { next_uri: '/more' }, data: [] }));
    expect(await collect(new HttpClient(api(), { fetch: b.fetch }).paginate(cursorOp))).toHaveLength(0);
    expect([a.seen.length, b.seen.length]).toEqual([1, 1]);
  });

  it('stops when the last item has no cursor or the cursor repeats', async () => {
    const a = fakeFetch(() => json({ pagination: { next_uri: '/more' }, data: [{ name: 'no id' }] }));
    expect(await collect(new HttpClient(api(), { fetch: a.fetch }).paginate(cursorOp))).toHaveLength(1);
    const b = fakeFetch(() => json({ pagination: { next_uri: '/more' }, data: [{ id: 'same' }] }));
    expect(await collect(new HttpClient(api(), { fetch: b.fetch }).paginate(cursorOp))).toHaveLength(2);
    expect([a.seen.length, b.seen.length]).toEqual([1, 2]);
  });

  it('reads the controls from the raw body even when the schema strips them', async () => {
    const { fetch } = cursorServer();
    const stripping: OperationSpec = { ...cursorOp, responses: { '200': z.object({ data: z.array(z.object({ id: z.string() })) }) } };
    expect(await collect(new HttpClient(api(), { fetch }).paginate(stripping))).toHaveLength(6);
  });
});

describe('page style', () => {
  const pageOp = op({ pagination: { style: 'page', itemsField: 'accounts', pageParam: 'page', totalPagesField: 'num_pages', currentPageField: 'current_page' } });

  it('counts pages from 1 to num_pages', async () => {
    const { fetch, seen } = fakeFetch((s) => {
      const page = Number(s.url.searchParams.get('page') ?? 1);
      return json({ accounts: [`a${page}`], num_pages: 3, current_page: page });
    });
    const items = await collect(new HttpClient(api(), { fetch }).paginate<string>(pageOp));
    expect(items).toEqual(['a1', 'a2', 'a3']);
    expect(seen.map((s) => s.url.searchParams.get('page'))).toEqual([null, '2', '3']);
  });

  it('starts from the given page when the body does not say', async () => {
    const noCurrent = op({ pagination: { style: 'page', itemsField: 'items', pageParam: 'p', totalPagesField: 'meta.total' } });
    const { fetch, seen } = fakeFetch((s) => json({ items: [s.url.searchParams.get('p')], meta: { total: 4 } }));
    const items = await collect(new HttpClient(api(), { fetch }).paginate(noCurrent, { query: { p: 2 } }));
    expect(items).toEqual(['2', '3', '4']);
    expect(seen).toHaveLength(3);
  });
});

describe('token style', () => {
  const tokenOp = op({ pagination: { style: 'token', itemsField: 'transactions', tokenParam: 'page_key', nextTokenField: 'next_page_key' } });

  it('passes next_page_key until it is absent', async () => {
    const pages: Record<string, unknown> = {
      '': { transactions: [1, 2], next_page_key: 'k2' },
      k2: { transactions: [3], next_page_key: 'k3' },
      k3: { transactions: [4] },
    };
    const { fetch, seen } = fakeFetch((s) => json(pages[s.url.searchParams.get('page_key') ?? '']));
    const items = await collect(new HttpClient(api(), { fetch }).paginate<number>(tokenOp));
    expect(items).toEqual([1, 2, 3, 4]);
    expect(seen.map((s) => s.url.searchParams.get('page_key'))).toEqual([null, 'k2', 'k3']);
  });

  it('stops when the server repeats the token it was given', async () => {
    const { fetch, seen } = fakeFetch(() => json({ transactions: [1], next_page_key: 'same' }));
    await collect(new HttpClient(api(), { fetch }).paginate(tokenOp));
    expect(seen).toHaveLength(2);
  });
});

describe('pages()', () => {
  it('yields whole ApiResults lazily', async () => {
    const { fetch, seen } = cursorServer();
    const pages = new HttpClient(api(), { fetch }).pages<{ data: { id: string }[] }>(cursorOp);
    const first = await pages.next();
    if (first.done) throw new Error('no first page');
    expect(seen).toHaveLength(1);
    const rest = await collect(pages);
    expect([first.value, ...rest].map((page) => [page.status, page.data.data.map((i) => i.id)])).toEqual([
      [200, ['1', '2']],
      [200, ['3', '4']],
      [200, ['5', '6']],
    ]);
  });

  it('throws a TypeError at once for an operation without x-pagination', () => {
    const client = new HttpClient(api(), { fetch: fakeFetch(() => json({})).fetch });
    expect(() => client.paginate(op())).toThrow(TypeError);
    expect(() => client.pages(op())).toThrow(TypeError);
  });
});
