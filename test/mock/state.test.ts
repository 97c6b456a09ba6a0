/**
 * State that follows the request, on the mock of a document that is not ours (the Library Loans
 * API): a `null` clears a field, an upload is described as it was sent, a new loan starts in its
 * state enum's first value with its return time unset, `POST /loans/{id}/return` returns it and
 * stamps the time, and a list paged by cursor ends the way its schema says. Every answer is checked by ajv over the document.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CredentialRegistry, defaultCredentials, schemeCredentials } from '@svc/mock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentMock, type DocumentMock } from '../../mock/document.js';
import { documentAjv, type DocumentAjv } from '../helpers/document-ajv.js';
import { writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

const libraryFile = join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml');
const library = (): Record<string, any> => parse(readFileSync(libraryFile, 'utf8')) as Record<string, any>;

interface Running {
  mock: DocumentMock;
  ajv: DocumentAjv;
  invalid: string[];
  /** The API key the calls send. */
  key: string;
  /** Calls the mock as a client would, with the document's API key; the answer is checked by ajv. */
  call(operationId: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

async function start(file: string): Promise<Running> {
  const registry = new CredentialRegistry();
  const invalid: string[] = [];
  const mock = await loadDocumentMock(file, { server: { auth: registry.hooks(), onInvalidResponse: (report) => invalid.push(`${report.operationId} ${report.status}: ${JSON.stringify(report.issues).slice(0, 300)}`) } });
  const schemes = schemeCredentials(registry, await defaultCredentials(registry, mock.scopes), mock.securitySchemes, mock.scopes);
  const ajv = await documentAjv(file);
  return {
    mock,
    ajv,
    invalid,
    key: schemes.apiKeyAuth!,
    async call(operationId, method, path, body) {
      const headers: Record<string, string> = { 'x-library-key': schemes.apiKeyAuth! };
      if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      const response = await mock.app.fetch(new Request(`http://mock.test${path}`, { method, headers, body: body === undefined || body instanceof FormData ? body : JSON.stringify(body) }));
      const text = await response.text();
      const parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
      expect(ajv.response(operationId, response.status, parsed) ?? [], `${operationId} -> ${response.status}: ${text.slice(0, 300)}`).toEqual([]);
      return { status: response.status, body: parsed };
    },
  };
}

const dune = { kind: 'ebook', name: 'Dune', authors: ['Frank Herbert'], fileFormat: 'epub', sizeBytes: 1000, publishedYear: 1965 };

describe('the library mock keeps state as the requests say', () => {
  let running: Running;
  beforeAll(async () => {
    running = await start(libraryFile);
  }, 120_000);
  afterAll(() => expect(running.invalid, 'answers the mock found invalid').toEqual([]));

  it('clears a field a merge patch sets to null, where the answer may lack it (regression: the old value stayed)', async () => {
    const made = await running.call('createTitle', 'POST', '/titles', dune);
    expect(made.status).toBe(201);
    expect(made.body.publishedYear).toBe(1965);
    const patched = await running.call('updateTitle', 'PATCH', `/titles/${made.body.id}`, { publishedYear: null });
    expect(patched.status).toBe(200);
    // Title.publishedYear is not nullable but optional: JSON Merge Patch removes it.
    expect(patched.body).not.toHaveProperty('publishedYear');
    expect((await running.call('getTitle', 'GET', `/titles/${made.body.id}`)).body).not.toHaveProperty('publishedYear');
  });

  it('describes an uploaded cover with the media type, size and caption sent (regression: image/jpeg and a random caption)', async () => {
    const titleId = (await running.call('createTitle', 'POST', '/titles', dune)).body.id as string;
    for (const [type, caption] of [['image/png', 'First edition'], ['image/jpeg', 'Second edition']] as const) {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], { type }), 'cover');
      form.set('caption', caption);
      const uploaded = await running.call('uploadTitleCover', 'PUT', `/titles/${titleId}/cover`, form);
      expect(uploaded.status).toBe(200);
      expect(uploaded.body).toEqual({ titleId, mediaType: type, bytes: 6, caption });
    }
  });
});

describe('an upload that nothing stores', () => {
  it('is described as it was sent (regression: the seeded description)', async () => {
    const description = { type: 'object', required: ['filename', 'contentType', 'size'], properties: { filename: { type: 'string' }, contentType: { type: 'string' }, size: { type: 'integer', minimum: 0 }, note: { type: 'string', maxLength: 5 } } };
    const file = writeSpec({
      openapi: '3.1.0',
      info: { title: 'Uploads', version: '1.0.0' },
      paths: {
        '/uploads': {
          post: {
            operationId: 'upload',
            requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' }, note: { type: 'string' } } } } } },
            responses: { '200': { description: 'What was stored', content: { 'application/json': { schema: description } } } },
          },
        },
      },
    }, 'uploads');
    const mock = await loadDocumentMock(file);
    const ajv = await documentAjv(file);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(10)], 'scan.pdf', { type: 'application/pdf' }));
    // Longer than the answer's note may be: that field keeps its seeded value.
    form.set('note', 'far too long');
    const answer = await mock.app.fetch(new Request('http://mock.test/uploads', { method: 'POST', body: form }));
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status).toBe(200);
    expect(ajv.response('upload', 200, body) ?? []).toEqual([]);
    expect(body).toMatchObject({ filename: 'scan.pdf', contentType: 'application/pdf', size: 10 });
    expect(body.note).not.toBe('far too long');
  }, 60_000);
});

describe('the state of a library loan', () => {
  let running: Running;
  beforeAll(async () => {
    running = await start(libraryFile);
  }, 120_000);
  afterAll(() => expect(running.invalid, 'answers the mock found invalid').toEqual([]));

  it('starts active with no return time (regression: a random state such as overdue, and a returnedAt)', async () => {
    // Many seeds: the seeded loans come in every state.
    for (let i = 0; i < 12; i++) {
      const made = await running.call('borrow', 'POST', '/loans', { memberId: 'm_reader', copyId: `copy-${i}` });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ status: 'active', returnedAt: null, memberId: 'm_reader', copyId: `copy-${i}` });
      expect((await running.call('getLoan', 'GET', `/loans/${made.body.id}`)).body).toMatchObject({ status: 'active', returnedAt: null });
    }
  });

  it('is returned by POST /loans/{id}/return, with the time of the return (regression: nothing changed)', async () => {
    const made = await running.call('borrow', 'POST', '/loans', { memberId: 'm_reader', copyId: 'copy-r' });
    const before = Date.now();
    const returned = await running.call('returnLoan', 'POST', `/loans/${made.body.id}/return`);
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ id: made.body.id, status: 'returned' });
    // A date-time, as the schema says, of this second.
    expect(returned.body.returnedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(returned.body.returnedAt as string)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect((await running.call('getLoan', 'GET', `/loans/${made.body.id}`)).body).toEqual(returned.body);
    // A renewal is named after no state: the loan stays as it is.
    const renewed = await running.call('renewLoan', 'POST', `/loans/${made.body.id}/renew`);
    expect(renewed.body).toMatchObject({ status: 'returned', returnedAt: returned.body.returnedAt });
    // The member's loans show it too.
    const listed = await running.call('listMemberLoans', 'GET', '/members/m_reader/loans');
    expect(listed.body.loans.find((loan: { id: string }) => loan.id === made.body.id)).toMatchObject({ status: 'returned' });
  });
});

describe('a nullable field of the library set to null', () => {
  let running: Running;
  beforeAll(async () => {
    // The same document with a publication year that may be null.
    const document = library();
    document.components.schemas.TitleBase.properties.publishedYear.type = ['integer', 'null'];
    running = await start(writeSpec(document, 'library-nullable-year'));
  }, 120_000);
  afterAll(() => expect(running.invalid, 'answers the mock found invalid').toEqual([]));

  it('is stored as null (regression: the old value stayed)', async () => {
    const made = await running.call('createTitle', 'POST', '/titles', dune);
    const patched = await running.call('updateTitle', 'PATCH', `/titles/${made.body.id}`, { publishedYear: null, name: 'Dune Messiah' });
    expect(patched.body).toMatchObject({ publishedYear: null, name: 'Dune Messiah' });
    expect((await running.call('getTitle', 'GET', `/titles/${made.body.id}`)).body).toMatchObject({ publishedYear: null, name: 'Dune Messiah' });
  });
});

describe('paging of the library members ends the way the schema says', () => {
  /** Pages through `GET /members` as a careful client does: until the next cursor is null or absent; the cursors seen. */
  async function pageThrough(running: Running, follow: (next: string) => string): Promise<{ ids: string[]; cursors: unknown[] }> {
    const ids: string[] = [];
    const cursors: unknown[] = [];
    let path = '/members?limit=2';
    for (let page = 0; page < 20; page++) {
      const answer = await running.call('listMembers', 'GET', path);
      expect(answer.status).toBe(200);
      ids.push(...(answer.body.items as { id: string }[]).map((m) => m.id));
      const next: unknown = answer.body.nextCursor;
      cursors.push(Object.hasOwn(answer.body, 'nextCursor') ? next : 'absent');
      if (next === null || next === undefined) return { ids, cursors };
      expect(next, 'a cursor that is neither null nor absent goes on').not.toBe('');
      path = follow(String(next));
    }
    throw new Error('the list never ended');
  }

  async function register(running: Running, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await running.call('registerMember', 'POST', '/members', { name: `Reader ${i}`, email: `reader${i}@library.example` })).body.id as string);
    return ids;
  }

  it('guessed: nextCursor is null on the last page (its schema is [string, null]), and cursor= is the first page', async () => {
    const running = await start(libraryFile);
    const made = await register(running, 5);
    const { ids, cursors } = await pageThrough(running, (next) => `/members?limit=2&cursor=${encodeURIComponent(next)}`);
    expect(ids).toEqual(made);
    expect(cursors.at(-1)).toBeNull();
    // `cursor` is a plain string: an empty one is no cursor.
    expect((await running.call('listMembers', 'GET', '/members?limit=2&cursor=')).body.items.map((m: { id: string }) => m.id)).toEqual(made.slice(0, 2));
    expect(running.invalid).toEqual([]);
  }, 60_000);

  it('x-pagination cursor style: no nextCursor on the last page where it is optional and not nullable, and cursor= is the first page (regression: null, and an empty page)', async () => {
    const document = library();
    const members = document.paths['/members'].get;
    members['x-pagination'] = { style: 'cursor', itemsField: 'items', cursorParam: 'cursor', cursorField: 'id', nextUriField: 'nextCursor' };
    members.responses['200'].content['application/json'].schema.properties.nextCursor = { type: 'string' };
    const running = await start(writeSpec(document, 'library-cursor-paging'));
    const made = await register(running, 5);
    // The next field holds the next call (x-pagination's cursor style).
    const { ids, cursors } = await pageThrough(running, (next) => next);
    // Cursor paging lists the newest first.
    expect(ids).toEqual([...made].reverse());
    expect(cursors.at(-1)).toBe('absent');
    expect((await running.call('listMembers', 'GET', '/members?limit=2&cursor=')).body.items.map((m: { id: string }) => m.id)).toEqual([...made].reverse().slice(0, 2));
    expect(running.invalid).toEqual([]);
  }, 60_000);

  it('an empty cursor where the parameter refuses it is a 400', async () => {
    const document = library();
    document.paths['/members'].get.parameters[0].schema = { type: 'string', minLength: 1 };
    const running = await start(writeSpec(document, 'library-cursor-min-length'));
    expect(running.mock.plan.operations.listMembers!.pagination).toMatchObject({ style: 'token', emptyCursor: 'refused' });
    const refused = await running.mock.app.fetch(new Request('http://mock.test/members?limit=2&cursor=', { headers: { 'x-library-key': running.key } }));
    expect(refused.status).toBe(400);
  }, 60_000);
});
