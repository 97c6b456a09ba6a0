/**
 * The generated MSW handlers on documents that are not ours (the mock contract's, test/helpers/
 * documents.ts: a Library Loans API with problem+json errors, binary and CSV answers; Petstore
 * 3.0 and 2.0; the Train Travel API 3.1; OpenAI's under its `/v1`, round trips alone): every operation, called through the runtime client with seeded
 * arguments, is answered by `setupServer(...handlers())` with its success status (or, where
 * the document declares none, the response it declares), a declared media type and a body
 * ajv accepts over the document itself. Through the stateful handlers (`handlers({ mock })`,
 * the package's mock in memory) every operation is answered under the document's server path
 * (`/api` of the Library's `https://library.example.com/api`, `/v2` of Petstore's), creates are
 * read back and listed, and every answer is judged by ajv.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CredentialRegistry, defaultCredentials, schemeCredentials, type MockPlan } from '@svc/mock-runtime';
import { ApiError, HttpClient, toRequestInput, type ApiSpec, type OperationSpec } from '@svc/runtime';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAjv } from '../helpers/document-ajv.js';
import { generateToDisk } from '../helpers/generate.js';
import { clientCredentials, DOCUMENTS } from '../helpers/documents.js';

const BASE = 'https://api.documents.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe.each(DOCUMENTS.filter((d) => (d.msw ?? 'all') === 'all'))('$name through its generated MSW handlers', (document) => {
  it('answers every operation as the document declares', async () => {
    const { dir } = await generateToDisk(document.file, `msw-${document.name}`);
    const load = async <T>(module: string): Promise<T> => (await import(pathToFileURL(join(dir, 'src', module)).href)) as T;
    const { api, operations } = await load<{ api: ApiSpec; operations: Record<string, OperationSpec> }>('index.ts');
    const { requestFixture } = await load<{ requestFixture: (id: string) => { params: Record<string, unknown>; body: unknown } }>('fixtures.ts');
    const { handlers } = await load<{ handlers: (options: { baseUrl: string }) => HttpHandler[] }>('msw.ts');
    server.resetHandlers(...handlers({ baseUrl: BASE }));
    const ajv = await documentAjv(document.file);
    const contentTypes: (string | null)[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      contentTypes.push(response.headers.get('content-type'));
      return response;
    };
    // The handlers check no credentials; the client sends some of every kind.
    const client = new HttpClient(api, { baseUrl: BASE, retry: false, fetch: recording, accessToken: 't', basic: { username: 'u', password: 'p' }, apiKeys: Object.fromEntries(Object.keys(api.securitySchemes).map((name) => [name, 'k'])) });
    for (const [operationId, op] of Object.entries(operations)) {
      const { params, body } = requestFixture(operationId);
      const result = await client.request<unknown>(op, toRequestInput(op, params, body), { validateResponse: false }).catch((error: unknown) => {
        if (error instanceof ApiError) return { status: error.status, data: error.body };
        throw error;
      });
      const label = `${document.name} ${operationId} -> ${result.status}`;
      if (Object.keys(op.responses).some((status) => status.startsWith('2'))) expect(result.status >= 200 && result.status < 300, label).toBe(true);
      const media = ajv.mediaTypes(operationId, result.status);
      expect(media, `${label}: the status is not declared`).toBeDefined();
      if (media!.length > 0 && result.status !== 204) expect(media!.map((m) => m.toLowerCase()), label).toContain((contentTypes.at(-1) ?? '').split(';')[0]!.trim().toLowerCase());
      expect(ajv.response(operationId, result.status, result.data) ?? [], `${label}: ajv rejects ${String(JSON.stringify(result.data)).slice(0, 300)}`).toEqual([]);
    }
  }, 120_000);
});

/**
 * A multipart body whose files carry the media type the operation's `encoding` names for them
 * (`image/png` of `image/png, image/jpeg`), as an application sends a cover image; the seeded
 * request fixture's files are untyped bytes.
 */
function typedParts(op: OperationSpec, body: unknown): unknown {
  const encoding = op.requestBody?.encoding;
  if (!encoding || typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      const type = encoding[name]?.contentType?.split(',')[0]?.trim();
      return [name, value instanceof Blob && type ? new Blob([value], { type }) : value];
    }),
  );
}

/** What a generated `./mock` module gives: its plan, its scopes and `create…Mock`. */
interface MockModule {
  mockPlan: MockPlan;
  mockScopes: readonly string[];
  [name: string]: unknown;
}

type CreateMock = (options: { server: { auth: ReturnType<CredentialRegistry['hooks']> } }) => { app: { fetch(request: Request): Response | Promise<Response> } };

// Creates first, so that reads, updates and actions find what they name; deletes last.
const ORDER = ['create', 'singleton-read', 'singleton-update', 'list', 'read', 'update', 'action', 'other', 'delete'];

describe.each(DOCUMENTS.filter((d) => d.msw !== 'none'))('$name through its stateful MSW handlers (the mock in memory)', (document) => {
  it.each([
    ['under the document\'s server path, any origin', undefined],
    ['under a base URL with a path of its own', 'https://staging.documents.test/v9'],
  ] as const)('answers every operation %s, reads back and lists what it created', async (_label, baseUrl) => {
    const { dir } = await generateToDisk(document.file, `msw-${document.name}`);
    const load = async <T>(module: string): Promise<T> => (await import(pathToFileURL(join(dir, 'src', module)).href)) as T;
    const { api, operations } = await load<{ api: ApiSpec; operations: Record<string, OperationSpec> }>('index.ts');
    const { requestFixture } = await load<{ requestFixture: (id: string, seed?: number) => { params: Record<string, unknown>; body: unknown } }>('fixtures.ts');
    const { handlers } = await load<{ handlers: (options: { baseUrl?: string; mock: unknown }) => HttpHandler[] }>('msw.ts');
    const mockModule = await load<MockModule>('mock.ts');
    const create = Object.entries(mockModule).find(([key]) => /^create\w*Mock$/.test(key))?.[1] as CreateMock;
    const plan = mockModule.mockPlan;
    const registry = new CredentialRegistry();
    const schemes = schemeCredentials(registry, await defaultCredentials(registry, mockModule.mockScopes), api.securitySchemes, mockModule.mockScopes);
    server.resetHandlers(...handlers({ ...(baseUrl ? { baseUrl } : {}), mock: create({ server: { auth: registry.hooks() } }) }));
    // The client's base URL is the document's own server (its path included) or the handlers' base URL.
    const serverUrl = api.servers[0]?.url ?? '';
    const base = baseUrl ?? `https://api.documents.test${/^https?:/.test(serverUrl) ? new URL(serverUrl).pathname.replace(/\/+$/, '') : ''}`;
    const ajv = await documentAjv(document.file);
    const contentTypes: (string | null)[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      contentTypes.push(response.headers.get('content-type'));
      return response;
    };
    const client = new HttpClient(api, { baseUrl: base, retry: false, fetch: recording, ...clientCredentials(api, schemes) });
    const send = async (operationId: string, params: Record<string, unknown>, body: unknown): Promise<{ status: number; data: unknown }> => {
      const op = operations[operationId]!;
      const result = await client.request<unknown>(op, toRequestInput(op, params, body), { validateResponse: false }).catch((error: unknown) => {
        if (error instanceof ApiError) return { status: error.status, data: error.body };
        throw error;
      });
      const label = `${document.name} ${operationId} -> ${result.status} ${String(JSON.stringify(result.data)).slice(0, 200)}`;
      // A 404 naming no operation is the router not finding the path: the server path was not taken off.
      expect(JSON.stringify(result.data ?? null), label).not.toMatch(/no operation at/);
      expect(result.status, label).toBeLessThan(500);
      const media = ajv.mediaTypes(operationId, result.status);
      expect(media, `${label}: the status is not declared`).toBeDefined();
      if (media!.length > 0 && result.status !== 204) expect(media!.map((m) => m.toLowerCase()), label).toContain((contentTypes.at(-1) ?? '').split(';')[0]!.trim().toLowerCase());
      expect(ajv.response(operationId, result.status, result.data) ?? [], `${label}: ajv rejects it`).toEqual([]);
      return result;
    };

    // Path parameters later operations use: the ids of what the creates made.
    const shared = new Map<string, unknown>();
    // Every top-level collection: create, then read it back and find it in the list.
    let roundTrips = 0;
    for (const [createId, createPlan] of Object.entries(plan.operations).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (createPlan.role !== 'create' || createPlan.collection === undefined || (createPlan.scope ?? []).length > 0 || createPlan.resourceAt === undefined) continue;
      const collection = plan.collections[createPlan.collection];
      if (!collection?.created) continue;
      const { params, body: seeded } = requestFixture(createId, 11);
      // The resource as JSON, where the create offers a stream beside it.
      const flag = operations[createId]!.streamAlternative?.flag;
      const body = flag && typeof seeded === 'object' && seeded !== null ? { ...seeded, [flag]: false } : seeded;
      const made = await send(createId, params, body);
      if (made.status >= 300) continue;
      const resource = createPlan.resourceAt === '' ? made.data : (made.data as Record<string, unknown>)[createPlan.resourceAt];
      const id = (resource as Record<string, unknown>)[collection.idField];
      const item = Object.values(plan.operations).find((p) => p.collection === createPlan.collection && p.idParam);
      if (item?.idParam && id !== undefined) shared.set(item.idParam, id);
      const readId = Object.keys(plan.operations).find((key) => plan.operations[key]!.role === 'read' && plan.operations[key]!.collection === createPlan.collection);
      if (readId) {
        const read = await send(readId, { ...requestFixture(readId, 11).params, [plan.operations[readId]!.idParam!]: id }, undefined);
        expect(read.status, `${readId} of the ${createId} just made`).toBeLessThan(300);
        const readResource = plan.operations[readId]!.resourceAt ? (read.data as Record<string, unknown>)[plan.operations[readId]!.resourceAt!] : read.data;
        expect((readResource as Record<string, unknown>)[collection.idField]).toEqual(id);
      }
      // The collection's own list: not a nested one filtered by a parent (`/members/{memberId}/loans`).
      const listId = Object.keys(plan.operations).find((key) => plan.operations[key]!.role === 'list' && plan.operations[key]!.collection === createPlan.collection && !operations[key]!.parameters.some((p) => p.in === 'path'));
      if (listId) {
        const listed = await send(listId, {}, undefined);
        expect(listed.status, listId).toBeLessThan(300);
        expect(JSON.stringify(listed.data), `${listId} lists the ${createId} just made`).toContain(JSON.stringify(id));
      }
      if (readId || listId) roundTrips++;
    }
    expect(roundTrips, 'creates read back or listed').toBeGreaterThan(0);

    if (document.msw === 'round-trips') return;
    // Then every operation, creates first and deletes last: each answered as the document declares.
    const ids = Object.keys(operations).sort((a, b) => ORDER.indexOf(plan.operations[a]?.role ?? 'other') - ORDER.indexOf(plan.operations[b]?.role ?? 'other') || (a < b ? -1 : 1));
    for (const operationId of ids) {
      const { params, body } = requestFixture(operationId, 7);
      for (const param of operations[operationId]!.parameters) {
        const key = param.key ?? param.name;
        if (param.in !== 'path') continue;
        if (shared.has(key)) params[key] = shared.get(key);
        else shared.set(key, params[key]);
      }
      await send(operationId, params, typedParts(operations[operationId]!, body));
    }
    // OpenAI's package alone takes a minute to make and load.
  }, 400_000);
});
