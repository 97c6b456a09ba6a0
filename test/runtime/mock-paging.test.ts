/**
 * The mock's guessed cursor paging writes the next-page field in the form its schema has and
 * ends the way the schema says (regression, found on the corpus: Box's integer `next_marker`
 * got a base64 token, Jira's `next` (format uri) a bare token, and every such list answered 500).
 */
import { describe, expect, it } from 'vitest';
import { paginate } from '../../templates/mock-runtime/src/mock/paginate.js';
import type { MockPagination } from '../../templates/mock-runtime/src/mock/plan.js';

const items = Array.from({ length: 5 }, (_, i) => ({ id: `r${i}` }));
const url = new URL('https://api.example.test/2.0/entries?limit=2');
const token = (extra: Partial<Extract<MockPagination, { style: 'token' }>>): MockPagination => ({
  style: 'token',
  itemsField: 'entries',
  tokenParam: 'marker',
  nextTokenField: 'next_marker',
  limitParam: 'limit',
  defaultLimit: 2,
  ...extra,
});

describe('token paging of the mock', () => {
  it.each([
    { name: 'an integer field: the next offset', pagination: token({ tokenForm: 'integer', lastToken: 'absent' }), first: 2 },
    { name: 'a string field: an opaque token', pagination: token({}), first: btoa('offset:2') },
    { name: 'a URI field: the list\'s own URL asking for the next page', pagination: token({ tokenForm: 'uri', lastToken: null }), first: `https://api.example.test/2.0/entries?limit=2&marker=${encodeURIComponent(btoa('offset:2'))}` },
  ])('$name', ({ pagination, first }) => {
    const page = paginate(items, pagination, { limit: 2 }, url, 'id');
    expect(page.items.map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(page.fields).toEqual({ next_marker: first });
    // What a client sends back (the URL's cursor parameter, or the value itself) reads the next page.
    const sent = typeof first === 'string' && first.startsWith('https:') ? new URL(first).searchParams.get('marker') : typeof first === 'number' ? String(first) : first;
    expect(paginate(items, pagination, { limit: 2, marker: sent }, url, 'id').items.map((r) => r.id)).toEqual(['r2', 'r3']);
  });

  it.each([
    { name: 'null where the field is nullable', lastToken: null, want: { next_marker: null } },
    { name: 'no field where it is optional (undefined removes it)', lastToken: 'absent' as const, want: { next_marker: undefined } },
    { name: "'' where it is a required string", lastToken: undefined, want: { next_marker: '' } },
  ])('ends with $name', ({ lastToken, want }) => {
    const pagination = token({ tokenForm: 'integer', ...(lastToken === undefined ? {} : { lastToken }) });
    expect(paginate(items, pagination, { limit: 2, marker: '4' }, url, 'id').fields).toEqual(want);
  });
});

const cursor = (extra: Partial<Extract<MockPagination, { style: 'cursor' }>>): MockPagination => ({
  style: 'cursor',
  itemsField: 'items',
  cursorParam: 'after',
  cursorField: 'id',
  nextUriField: 'page.next',
  limitParam: 'limit',
  defaultLimit: 2,
  ...extra,
});

describe('cursor paging of the mock', () => {
  // Regression: the last page's next field was always null, where the schema may not allow it.
  it.each([
    { name: 'null when unsaid (x-pagination\'s convention)', lastCursor: undefined, want: null },
    { name: 'null where the field is nullable', lastCursor: null, want: null },
    { name: 'no field where it is optional (undefined removes it)', lastCursor: 'absent' as const, want: undefined },
    { name: "'' where it is a required string", lastCursor: '' as const, want: '' },
  ])('ends with $name', ({ lastCursor, want }) => {
    const pagination = cursor(lastCursor === undefined ? {} : { lastCursor });
    // Newest first: r4 r3 | r2 r1 | r0.
    const first = paginate(items, pagination, { limit: 2 }, url, 'id');
    expect(first.items.map((r) => r.id)).toEqual(['r4', 'r3']);
    expect(first.fields['page.next']).toBe('/2.0/entries?limit=2&after=r3');
    const last = paginate(items, pagination, { limit: 2, after: 'r1' }, url, 'id');
    expect(last.items.map((r) => r.id)).toEqual(['r0']);
    expect(last.fields).toEqual({ 'page.next': want });
  });
});

describe('an empty cursor or token parameter', () => {
  // Regression: `after=` answered an empty page (cursor), so a client never saw the first one.
  it.each([
    { name: 'cursor', pagination: cursor({ emptyCursor: 'absent' }), params: { limit: 2, after: '' }, first: ['r4', 'r3'] },
    { name: 'token', pagination: token({ emptyCursor: 'absent' }), params: { limit: 2, marker: '' }, first: ['r0', 'r1'] },
  ])('is the first page where the document accepts it ($name)', ({ pagination, params, first }) => {
    expect(paginate(items, pagination, params, url, 'id').items.map((r) => r.id)).toEqual(first);
  });

  it.each([
    { name: 'cursor', pagination: cursor({ emptyCursor: 'refused' }), params: { limit: 2, after: '' } },
    { name: 'token', pagination: token({ emptyCursor: 'refused' }), params: { limit: 2, marker: '' } },
  ])('is a 400 where the document refuses it ($name)', ({ pagination, params }) => {
    expect(() => paginate(items, pagination, params, url, 'id')).toThrow(expect.objectContaining({ status: 400 }));
  });
});
