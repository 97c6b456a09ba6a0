/**
 * Contract tests of the mock on documents that are not ours: a Library Loans API written for
 * this (problem+json errors, a discriminated oneOf of allOf variants, nested collections,
 * multipart upload, binary and CSV answers, bearer and API-key security), Petstore 3.0,
 * Petstore as Swagger 2.0, and the Train Travel API 3.1 (the last three as they ship in
 * @readme/oas-examples). Each is served the way `npm run mock -- --spec` serves it
 * (mock/document.ts), over loopback HTTP, and called through the runtime client that generated
 * clients wrap; every answer is judged by ajv over the document itself.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { ApiError, HttpClient, toRequestInput, type ApiSpec, type OperationSpec } from '@svc/runtime';
import { CredentialRegistry, defaultCredentials, schemeCredentials, type MockPlan } from '@svc/mock-runtime';
import { serveNode, type RunningServer } from '@svc/server-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentMock, type DocumentMock } from '../../mock/document.js';
import { documentAjv, type DocumentAjv } from '../helpers/document-ajv.js';
import { generateToDisk } from '../helpers/generate.js';
import { clientCredentials, DOCUMENTS, type DocumentCase } from '../helpers/documents.js';

interface Running {
  mock: DocumentMock;
  server: RunningServer;
  ajv: DocumentAjv;
  api: ApiSpec;
  operations: Readonly<Record<string, OperationSpec>>;
  plan: MockPlan;
  requestFixture: (operationId: string, seed?: number) => { params: Record<string, unknown>; body: unknown };
  client: HttpClient;
  /** The content type of each answer, by the order of requests. */
  contentTypes: (string | null)[];
  /** The last streamed answer (server-sent events, JSON Lines, JSON text sequences), read whole. */
  streamed?: { status: number; text: string };
  invalid: string[];
}

interface CallResult {
  status: number;
  body: unknown;
  contentType: string | null;
  /** A streamed answer's items, parsed (a string where an item is not JSON); an event stream's as events. */
  items?: unknown[];
}

interface StreamEvent {
  event?: string;
  id?: string;
  data: string;
}

const STREAM_TYPES = /^(text\/event-stream|application\/(jsonl|x-ndjson|x-jsonlines|json-seq))$/i;

const parseItem = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
};

/** The items of a whole streamed answer: each event (the `[DONE]` one ends it), each line, each record. */
function streamItems(contentType: string, text: string): unknown[] {
  if (/event-stream/i.test(contentType))
    return text
      .split('\n\n')
      .map((block): StreamEvent => {
        const event: StreamEvent = { data: '' };
        const data: string[] = [];
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon <= 0) continue;
          const [field, value] = [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
          if (field === 'data') data.push(value);
          else if (field === 'event' || field === 'id') event[field] = value;
        }
        event.data = data.join('\n');
        return event;
      })
      .filter((event) => event.data !== '' && event.data !== '[DONE]');
  const separator = /json-seq/i.test(contentType) ? '\u001e' : '\n';
  return text.split(separator).map((record) => record.trim()).filter((record) => record !== '').map(parseItem);
}

async function call(running: Running, op: OperationSpec, params: Record<string, unknown>, body: unknown): Promise<CallResult> {
  running.streamed = undefined;
  const answered = (): string | null => running.contentTypes.at(-1) ?? null;
  const asStream = (): CallResult | undefined => {
    const contentType = (answered() ?? '').split(';')[0]!.trim();
    return running.streamed && STREAM_TYPES.test(contentType) ? { status: running.streamed.status, body: undefined, contentType, items: streamItems(contentType, running.streamed.text) } : undefined;
  };
  try {
    const result = await running.client.request<unknown>(op, toRequestInput(op, params, body), { validateResponse: false });
    return asStream() ?? { status: result.status, body: result.data, contentType: answered() };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body, contentType: answered() };
    // A stream where a body was read (the request asked for the stream its operation offers beside JSON).
    const streamed = asStream();
    if (streamed) return streamed;
    throw error;
  }
}

async function start(document: DocumentCase): Promise<Running> {
  const { dir } = await generateToDisk(document.file, document.name);
  const index = (await import(join(dir, 'src', 'index.ts'))) as { api: ApiSpec; operations: Record<string, OperationSpec> };
  const fixtures = (await import(join(dir, 'src', 'fixtures.ts'))) as Pick<Running, 'requestFixture'>;
  const registry = new CredentialRegistry();
  const invalid: string[] = [];
  const mock = await loadDocumentMock(document.file, {
    server: { auth: registry.hooks(), onInvalidResponse: (report) => invalid.push(`${report.operationId} ${report.status}: ${JSON.stringify(report.issues).slice(0, 300)}`) },
  });
  const schemes = schemeCredentials(registry, await defaultCredentials(registry, mock.scopes), mock.securitySchemes, mock.scopes);
  const server = await serveNode(mock.app, { port: 0 });
  const contentTypes: (string | null)[] = [];
  let running: Running | undefined;
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const contentType = response.headers.get('content-type');
    contentTypes.push(contentType);
    // A stream is read whole here too, to judge every item (the mock's streams end).
    if (running && STREAM_TYPES.test((contentType ?? '').split(';')[0]!.trim())) running.streamed = { status: response.status, text: await response.clone().text() };
    return response;
  };
  const client = new HttpClient(index.api, { baseUrl: server.url, retry: false, fetch: recording, ...clientCredentials(index.api, schemes) });
  running = { mock, server, ajv: await documentAjv(document.file), api: index.api, operations: index.operations, plan: mock.plan, requestFixture: fixtures.requestFixture, client, contentTypes, invalid };
  return running;
}

// Creates first, so that reads, updates and actions find what they name; deletes last.
const ORDER = ['create', 'singleton-read', 'singleton-update', 'list', 'read', 'update', 'action', 'other', 'delete'];

/** What is wrong with one answer ([] when nothing): an undeclared status or media type, a body ajv rejects. */
function misfits(running: Running, operationId: string, result: CallResult): string[] {
  const label = `${operationId} -> ${result.status}`;
  const media = running.ajv.mediaTypes(operationId, result.status);
  if (media === undefined) return [`${label}: the status is not declared ${String(JSON.stringify(result.body)).slice(0, 300)}`];
  if (media.length > 0 && result.status !== 204) {
    const sent = (result.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!media.map((m) => m.toLowerCase()).includes(sent === '' ? '(none)' : sent)) return [`${label}: answered as ${sent}, not as ${media.join(' or ')}`];
  }
  if (result.items) {
    const mediaType = media.find((m) => m.toLowerCase() === (result.contentType ?? '').toLowerCase())!;
    if (result.items.length === 0) return [`${label}: the ${mediaType} stream has no items`];
    // Before 3.2 an event stream's schema is each event's data; 3.2's itemSchema is the whole event.
    const whole = running.ajv.describesItems(operationId, result.status, mediaType);
    return result.items.flatMap((item, index) => {
      const value = /event-stream/i.test(mediaType) && !whole ? parseItem((item as StreamEvent).data) : item;
      const rejected = running.ajv.media(operationId, result.status, mediaType, value);
      return rejected.length === 0 ? [] : [`${label}: ajv rejects item ${index} of the ${mediaType} stream ${String(JSON.stringify(item)).slice(0, 300)}: ${rejected.slice(0, 3).join('; ')}`];
    });
  }
  const rejected = running.ajv.response(operationId, result.status, result.body) ?? [];
  return rejected.length === 0 ? [] : [`${label}: ajv rejects ${String(JSON.stringify(result.body)).slice(0, 400)}: ${rejected.slice(0, 3).join('; ')}`];
}

/** Judges one answer: a declared status, a declared media type, a body ajv accepts. */
function judge(running: Running, operationId: string, result: CallResult): void {
  expect(misfits(running, operationId, result)).toEqual([]);
}

describe.each(DOCUMENTS)('$name through the mock of any document', (document) => {
  let running: Running;
  beforeAll(async () => {
    running = await start(document);
  }, 120_000);
  afterAll(async () => {
    await running?.server.close();
  });

  /** The id of a fresh resource of `collection`, made by its first create. */
  const created = async (collection: string, shared: Map<string, unknown>, seed = 11): Promise<{ id: unknown; resource: Record<string, unknown> } | undefined> => {
    const createId = Object.keys(running.operations)
      .sort()
      .find((id) => running.plan.operations[id]?.role === 'create' && running.plan.operations[id]?.collection === collection);
    const plan = createId ? running.plan.operations[createId] : undefined;
    if (!createId || plan?.resourceAt === undefined) return undefined;
    const op = running.operations[createId]!;
    const fixture = running.requestFixture(createId, seed);
    for (const param of op.parameters) if (param.in === 'path' && shared.has(param.key ?? param.name)) fixture.params[param.key ?? param.name] = shared.get(param.key ?? param.name);
    // The resource as JSON, where the create offers a stream beside it.
    const flag = op.streamAlternative?.flag;
    const body = flag && typeof fixture.body === 'object' && fixture.body !== null ? { ...fixture.body, [flag]: false } : fixture.body;
    const made = await call(running, op, fixture.params, body);
    if (made.status < 300 || running.ajv.declaresStandIn(createId, made.status)) judge(running, createId, made);
    const resource = plan.resourceAt === '' ? made.body : (made.body as Record<string, unknown> | undefined)?.[plan.resourceAt];
    if (made.status >= 300 || typeof resource !== 'object' || resource === null) return undefined;
    return { id: (resource as Record<string, unknown>)[running.plan.collections[collection]?.idField ?? 'id'], resource: resource as Record<string, unknown> };
  };

  it('answers every operation with a declared status, media type and a body ajv accepts', async () => {
    const shared = new Map<string, unknown>();
    const failed: string[] = [];
    const ids = Object.keys(running.operations).sort((a, b) => ORDER.indexOf(running.plan.operations[a]?.role ?? 'other') - ORDER.indexOf(running.plan.operations[b]?.role ?? 'other') || (a < b ? -1 : 1));
    for (const operationId of ids) {
      const op = running.operations[operationId]!;
      const plan = running.plan.operations[operationId];
      const { params, body } = running.requestFixture(operationId, 7);
      for (const param of op.parameters) {
        if (param.in !== 'path') continue;
        const key = param.key ?? param.name;
        if (shared.has(key)) params[key] = shared.get(key);
        else shared.set(key, params[key]);
      }
      // A parent named by the path exists: the collection's scope parameters name resources made before.
      if (plan?.idParam && plan.collection && running.plan.collections[plan.collection]?.created) {
        const made = await created(plan.collection, shared);
        if (made?.id !== undefined) params[plan.idParam] = made.id;
      }
      const result = await call(running, op, params, body);
      if (result.status < 300 || running.ajv.declaresStandIn(operationId, result.status)) failed.push(...misfits(running, operationId, result));
      // An operation whose document declares no success (Petstore's addPet has a 405 alone) answers what it declares.
      const declaresSuccess = running.ajv.mediaTypes(operationId, 200) !== undefined || running.ajv.mediaTypes(operationId, 201) !== undefined || running.ajv.mediaTypes(operationId, 204) !== undefined;
      if (result.status >= 300 && declaresSuccess && !document.notSuccessful?.[operationId]) failed.push(`${operationId} ${op.method} ${op.path} -> ${result.status} ${String(JSON.stringify(result.body)).slice(0, 200)}`);
      // Later operations on the same path parameter act on what this one made.
      if (plan?.role === 'create' && result.status < 300 && plan.resourceAt !== undefined && plan.collection) {
        const resource = plan.resourceAt === '' ? result.body : (result.body as Record<string, unknown>)[plan.resourceAt];
        const id = (resource as Record<string, unknown> | undefined)?.[running.plan.collections[plan.collection]?.idField ?? 'id'];
        const item = Object.values(running.plan.operations).find((p) => p.collection === plan.collection && p.idParam);
        if (item?.idParam && id !== undefined) shared.set(item.idParam, id);
      }
    }
    expect({ failed, invalid: running.invalid }, 'operations that did not succeed, and answers the mock found invalid').toEqual({ failed: [], invalid: [] });
  });

  it('creates, reads, lists, updates and deletes, and a failed create leaves the list as it was', async () => {
    const collections = Object.keys(running.plan.collections).filter((c) => running.plan.collections[c]!.created);
    expect(collections.length).toBeGreaterThan(0);
    for (const collection of collections) {
      const roleOf = (role: string): [string, OperationSpec] | undefined => {
        const id = Object.keys(running.operations).sort().find((op) => running.plan.operations[op]?.role === role && running.plan.operations[op]?.collection === collection && !running.plan.operations[op]?.filter);
        return id ? [id, running.operations[id]!] : undefined;
      };
      const shared = new Map<string, unknown>();
      // Scope parameters (`titleId` of `/titles/{titleId}/copies`) name a parent made first.
      const scope = running.plan.operations[roleOf('create')?.[0] ?? '']?.scope ?? [];
      for (const key of scope) {
        const parent = Object.entries(running.plan.collections).find(([, c]) => c.itemPath !== undefined && c.itemPath.endsWith(`{${key}}`) && collection.startsWith(c.itemPath))?.[0];
        const made = parent ? await created(parent, shared, 3) : undefined;
        // A parent no operation makes (a project of another API) is one value throughout.
        shared.set(key, made ? made.id : running.requestFixture(roleOf('create')![0], 11).params[key]);
      }
      const withScope = (params: Record<string, unknown>): Record<string, unknown> => ({ ...params, ...Object.fromEntries([...shared].filter(([key]) => scope.includes(key))) });
      const list = roleOf('list');
      const listed = async (): Promise<unknown[] | undefined> => {
        if (!list) return undefined;
        const fixture = running.requestFixture(list[0], 5);
        const params = withScope(Object.fromEntries(Object.entries(fixture.params).filter(([key]) => list[1].parameters.find((p) => (p.key ?? p.name) === key)?.in === 'path')));
        const result = await call(running, list[1], params, undefined);
        judge(running, list[0], result);
        expect(result.status, `${list[0]}: ${JSON.stringify(result.body)?.slice(0, 300)}`).toBeLessThan(300);
        const pagination = running.plan.operations[list[0]]!.pagination;
        const items = pagination ? (pagination.itemsField === '' ? result.body : (result.body as Record<string, unknown>)[pagination.itemsField]) : undefined;
        return Array.isArray(items) ? items : undefined;
      };
      const create = roleOf('create');
      if (!create) continue;
      let before = await listed();
      // A create the server refuses (an empty body where one is required, or a wrong type) stores
      // nothing; one whose body is optional may make a resource without one.
      // (A client that cannot encode the wrong body, a number as a form, sends nothing.)
      const refused = await call(running, create[1], withScope(running.requestFixture(create[0], 1).params), create[1].requestBody?.required ? 42 : undefined).catch((error: unknown) => {
        if (error instanceof TypeError) return { status: 400, body: undefined, contentType: null, unsent: true };
        throw error;
      });
      if ('unsent' in refused) expect(await listed()).toEqual(before);
      else if (refused.status >= 400) {
        if (running.ajv.declaresStandIn(create[0], refused.status)) judge(running, create[0], refused);
        expect(await listed(), `${collection}: the list changed after a refused create`).toEqual(before);
      } else before = await listed();
      const made = await created(collection, shared);
      expect(made, `${collection}: ${create[0]} made nothing`).toBeDefined();
      const idField = running.plan.collections[collection]!.idField;
      const after = await listed();
      if (after && before) expect(after.length, `${collection}: the list did not grow`).toBe(before.length + 1);
      const read = roleOf('read');
      const readParams = (): Record<string, unknown> => withScope({ [running.plan.operations[read![0]]!.idParam!]: made!.id });
      if (read) {
        const got = await call(running, read[1], readParams(), undefined);
        judge(running, read[0], got);
        expect(got.status).toBe(running.plan.operations[read[0]]!.successStatus);
        const resource = running.plan.operations[read[0]]!.resourceAt ? (got.body as Record<string, unknown>)[running.plan.operations[read[0]]!.resourceAt!] : got.body;
        expect((resource as Record<string, unknown>)[idField]).toEqual(made!.id);
        // What the create stored is what the read returns.
        for (const [key, value] of Object.entries(made!.resource)) expect((resource as Record<string, unknown>)[key], `${collection}.${key}`).toEqual(value);
      }
      const update = roleOf('update');
      if (update && read) {
        const fixture = running.requestFixture(update[0], 13);
        const changed = await call(running, update[1], { ...fixture.params, ...readParams() }, fixture.body);
        judge(running, update[0], changed);
        expect(changed.status, JSON.stringify(changed.body)?.slice(0, 300)).toBeLessThan(300);
      }
      const remove = roleOf('delete');
      if (remove && read) {
        const removed = await call(running, remove[1], { ...running.requestFixture(remove[0], 1).params, ...readParams() }, undefined);
        judge(running, remove[0], removed);
        expect(removed.status).toBeLessThan(300);
        const gone = await call(running, read[1], readParams(), undefined);
        if (running.ajv.declaresStandIn(read[0], gone.status)) judge(running, read[0], gone);
        expect(gone.status).toBe(running.ajv.declaresStandIn(read[0], 404) && !running.ajv.mediaTypes(read[0], 404) ? 400 : 404);
      }
    }
    expect(running.invalid, 'answers the mock found invalid').toEqual([]);
  });

  it('answers 1,000 valid and broken requests without a 5xx, and keeps serving', async () => {
    const ids = Object.keys(running.operations).sort();
    const breakValue = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.string({ maxLength: 12 }), fc.constant({}), fc.constant([]), fc.constant('\u0000'), fc.constant('x'.repeat(300)));
    const request = fc.record({ operation: fc.constantFrom(...ids), seed: fc.nat(10_000), broken: fc.boolean(), field: fc.nat(20), value: breakValue });
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ operation, seed, broken, field, value }) => {
        const op = running.operations[operation]!;
        const { params, body } = running.requestFixture(operation, seed);
        let sentBody = body;
        if (broken) {
          const keys = Object.keys(params);
          const bodyKeys = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
          const all = [...keys.map((k) => ['param', k] as const), ...bodyKeys.map((k) => ['body', k] as const)];
          const target = all[field % Math.max(1, all.length)];
          if (!target) sentBody = value;
          else if (target[0] === 'param') params[target[1]] = value === undefined ? undefined : typeof value === 'object' ? JSON.stringify(value) : String(value);
          else sentBody = { ...(body as Record<string, unknown>), [target[1]]: value };
        }
        let result: CallResult;
        try {
          result = await call(running, op, params, sentBody);
        } catch {
          // The client refused to build the request (a path parameter it cannot encode): nothing was sent.
          return;
        }
        seen.add(result.status);
        expect(result.status, `${operation} ${broken ? 'broken' : 'valid'}: ${JSON.stringify(result.body)?.slice(0, 300)}`).toBeLessThan(500);
        // An error status is judged where the document declares a response it can be answered with.
        if (result.status < 300 || running.ajv.declaresStandIn(operation, result.status)) judge(running, operation, result);
      }),
      { numRuns: 1000, seed: 24 },
    );
    expect([...seen].some((status) => status < 300)).toBe(true);
    const health = await call(running, running.operations[ids[0]!]!, running.requestFixture(ids[0]!, 1).params, running.requestFixture(ids[0]!, 1).body);
    expect(health.status).toBeLessThan(500);
    expect(running.invalid, 'answers the mock found invalid').toEqual([]);
  }, 120_000);
});

describe('library: bytes uploaded are what the download returns', () => {
  let running: Running;
  beforeAll(async () => {
    running = await start(DOCUMENTS[0]!);
  }, 120_000);
  afterAll(async () => {
    await running?.server.close();
  });

  it('returns the uploaded cover with its media type, and seeded bytes of the declared type before', async () => {
    const created = await call(running, running.operations.createTitle!, {}, { kind: 'ebook', name: 'Dune', authors: ['Frank Herbert'], fileFormat: 'epub', sizeBytes: 1000 });
    expect(created.status).toBe(201);
    const titleId = (created.body as { id: string }).id;
    const before = await call(running, running.operations.getTitleCover!, { titleId }, undefined);
    judge(running, 'getTitleCover', before);
    expect(before.contentType).toBe('image/png');
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], { type: 'image/jpeg' });
    const uploaded = await call(running, running.operations.uploadTitleCover!, { titleId }, { image: jpeg, caption: 'First edition' });
    judge(running, 'uploadTitleCover', uploaded);
    expect(uploaded.status).toBe(200);
    const after = await call(running, running.operations.getTitleCover!, { titleId }, undefined);
    judge(running, 'getTitleCover', after);
    expect(after.contentType).toBe('image/jpeg');
    expect([...new Uint8Array(await (after.body as Blob).arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    expect(running.invalid).toEqual([]);
  });
});
