/** `nextPageParams`: an infinite query's next page, by the rules `for await` walks pages with. */
import { nextPageParams, type OperationSpec } from '@svc/runtime';
import { describe, expect, it } from 'vitest';

const op = (pagination: OperationSpec['pagination'], parameters: OperationSpec['parameters']): OperationSpec =>
  ({ operationId: 'listThings', method: 'GET', path: '/things', tags: [], deprecated: false, parameters, security: [], validators: {}, responses: {}, ...(pagination ? { pagination } : {}) });

const query = (name: string, key?: string): OperationSpec['parameters'][number] => ({ name, in: 'query', required: false, style: 'form', explode: true, ...(key ? { key } : {}) });

const cursor = op({ style: 'cursor', itemsField: 'data', cursorParam: 'starting_after', cursorField: 'id', nextUriField: 'pagination.next_uri' }, [query('limit'), query('starting_after')]);
const page = op({ style: 'page', itemsField: 'items', pageParam: 'page', totalPagesField: 'total_pages' }, [query('page')]);
const token = op({ style: 'token', itemsField: 'items', tokenParam: 'page-token', nextTokenField: 'next' }, [query('page-token', 'pageToken')]);

describe('nextPageParams', () => {
  it.each([
    ['cursor: after the last item', cursor, { limit: 2 }, { data: [{ id: 'a' }, { id: 'b' }], pagination: { next_uri: '/things?starting_after=b' } }, { limit: 2, starting_after: 'b' }],
    ['cursor: none without a next link', cursor, { limit: 2 }, { data: [{ id: 'a' }], pagination: { next_uri: null } }, undefined],
    ['cursor: none when the page repeats its own cursor', cursor, { starting_after: 'b' }, { data: [{ id: 'b' }], pagination: { next_uri: '/x' } }, undefined],
    ['page: the next number', page, {}, { items: [1], total_pages: 3 }, { page: 2 }],
    ['page: none on the last', page, { page: 3 }, { items: [1], total_pages: 3 }, undefined],
    ['token: under the key the function takes', token, { pageToken: 't1' }, { items: [1], next: 't2' }, { pageToken: 't2' }],
    ['token: none when empty', token, {}, { items: [], next: '' }, undefined],
  ])('%s', (_label, spec, params, body, want) => {
    expect(nextPageParams(spec, params, body)).toEqual(want);
  });
});
