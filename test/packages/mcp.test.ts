/**
 * The MCP target against the mock, judged by the official SDK's own client: our v2 (the package
 * in generated/), the Library Loans document the mock tests use and an OpenAPI 3.2 document of
 * server-sent event and JSON Lines streams (both generated here). Each document's mock is served
 * as `npm run mock -- --spec` serves it, on loopback; the MCP server is connected to the SDK's
 * client in memory. Schemas are judged by ajv (draft 2020-12), independently of the SDK.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { CredentialRegistry, defaultCredentials, schemeCredentials } from '@svc/mock-runtime';
import type { ApiSpec, ClientOptions } from '@svc/runtime';
import type { ApiToolSet } from '@svc/runtime/mcp';
import { serveNode, type RunningServer } from '@svc/server-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_COMPACT_ABOVE } from '../../generator/targets/mcp/plugin.js';
import { loadDocumentMock } from '../../mock/document.js';
import { clientCredentials } from '../helpers/documents.js';
import { generateToDisk } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

interface McpPackage {
  createMcpServer: (options: { client?: ClientOptions; tools?: readonly string[]; compact?: boolean | 'auto' }) => McpServer;
  mcpTools: ApiToolSet;
}

interface Subject {
  name: string;
  file: string;
  /** The package's `./mcp`, `./fixtures` and `api` (generated here, or the one in generated/). */
  load: () => Promise<{ mcp: McpPackage; requestFixture: (operationId: string, seed?: number) => { params: Record<string, unknown>; body: unknown }; api: ApiSpec }>;
  /** Operations no call with seeded arguments and ids of earlier answers succeeds on against a fresh mock: they must fail as the API's own 4xx. */
  stillFailing?: Readonly<Record<string, string>>;
}

const document = (name: string): string => join(repoRoot, 'test', 'fixtures', 'documents', `${name}.openapi.yaml`);

async function generated(file: string, name: string): ReturnType<Subject['load']> {
  const { dir } = await generateToDisk(file, name, { parts: ['mcp', 'fixtures'] });
  const url = (path: string): string => pathToFileURL(join(dir, 'src', path)).href;
  const [mcp, fixtures, index] = await Promise.all([import(url('mcp.ts')), import(url('fixtures.ts')), import(url('index.ts'))]);
  return { mcp: mcp as McpPackage, requestFixture: (fixtures as { requestFixture: Awaited<ReturnType<Subject['load']>>['requestFixture'] }).requestFixture, api: (index as { api: ApiSpec }).api };
}

const SUBJECTS: readonly Subject[] = [
  {
    name: 'v2',
    file: join(repoRoot, 'specs', 'v2.openapi.yaml'),
    load: async () => {
      const [mcp, fixtures, index] = await Promise.all([import('@svc/v2/mcp'), import('@svc/v2/fixtures'), import('@svc/v2')]);
      return { mcp: mcp as unknown as McpPackage, requestFixture: fixtures.requestFixture, api: index.api as unknown as ApiSpec };
    },
    stillFailing: {
      commitWithdrawal: 'the seeded withdrawal is created committed (400: needs committed false)',
      completeTransaction: 'the seeded transactions end failed, and only a pending one completes (400)',
      resendTransaction: 'likewise: only a pending transaction is resent (400)',
      cancelTransaction: 'likewise: only a pending transaction is cancelled (400)',
    },
  },
  { name: 'library', file: document('library'), load: () => generated(document('library'), 'library') },
  { name: 'inference', file: document('inference'), load: () => generated(document('inference'), 'inference') },
];

// ajv-formats is CommonJS: its default export is the function.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

interface Running {
  server: RunningServer;
  mcp: McpPackage;
  requestFixture: Awaited<ReturnType<Subject['load']>>['requestFixture'];
  clientOptions: ClientOptions;
  /** Requests that reached the mock, counted by the client's fetch. */
  sent: { count: number };
  connect: (options?: { compact?: boolean; tools?: readonly string[] }) => Promise<Client>;
  clients: Client[];
}

async function start(subject: Subject): Promise<Running> {
  const { mcp, requestFixture, api } = await subject.load();
  const registry = new CredentialRegistry();
  const mock = await loadDocumentMock(subject.file, { server: { auth: registry.hooks() } });
  const schemes = schemeCredentials(registry, await defaultCredentials(registry, mock.scopes), mock.securitySchemes, mock.scopes);
  const server = await serveNode(mock.app, { port: 0 });
  const sent = { count: 0 };
  const clientOptions: ClientOptions = {
    ...clientCredentials(api, schemes),
    baseUrl: server.url,
    retry: false,
    fetch: (request) => {
      sent.count++;
      return fetch(request);
    },
  };
  const clients: Client[] = [];
  const connect = async (options: { compact?: boolean; tools?: readonly string[] } = {}): Promise<Client> => {
    const server = mcp.createMcpServer({ client: clientOptions, compact: options.compact ?? false, ...(options.tools ? { tools: options.tools } : {}) });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(clientSide);
    clients.push(client);
    return client;
  };
  return { server, mcp, requestFixture, clientOptions, sent, connect, clients };
}

/** Bytes as an agent gives them in JSON: as text (a file's contents). */
const asJson = (value: unknown): unknown =>
  value instanceof Blob || value instanceof Uint8Array
    ? btoa('file contents')
    : Array.isArray(value)
      ? value.map(asJson)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asJson(v)]))
        : value;

/** The arguments of a tool from an operation's seeded request: the parameters by key, the body under its argument. */
function argumentsOf(set: ApiToolSet, operationId: string, fixture: { params: Record<string, unknown>; body: unknown }): Record<string, unknown> {
  const tool = set.tools.find((t) => t.operationId === operationId)!;
  return { ...fixture.params, ...(tool.bodyArgument !== undefined && fixture.body !== undefined ? { [tool.bodyArgument]: asJson(fixture.body) } : {}) };
}

const texts = (result: CallToolResult): string[] => result.content.flatMap((c) => (c.type === 'text' ? [c.text] : []));

for (const subject of SUBJECTS) {
  describe(`MCP server of ${subject.name}, through the SDK's client`, () => {
    let running: Running;
    let client: Client;
    let tools: Tool[];
    beforeAll(async () => {
      running = await start(subject);
      client = await running.connect();
      ({ tools } = await client.listTools());
    }, 120_000);
    afterAll(async () => {
      for (const c of running?.clients ?? []) await c.close();
      await running?.server.close();
    });

    it('lists one tool per operation, whose input and output schemas compile in ajv (draft 2020-12)', () => {
      const set = running.mcp.mcpTools;
      expect(tools.map((t) => t.name).sort()).toEqual(set.tools.map((t) => t.name).sort());
      expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
      for (const tool of tools) {
        expect(tool.inputSchema.type, tool.name).toBe('object');
        expect(() => ajv.compile(tool.inputSchema), `${tool.name} inputSchema`).not.toThrow();
        if (tool.outputSchema) expect(() => ajv.compile(tool.outputSchema!), `${tool.name} outputSchema`).not.toThrow();
        expect(tool.description, tool.name).toBeTruthy();
        // A title is for people: one short line, or none.
        if (tool.title !== undefined) expect(tool.title, tool.name).toMatch(/^[^\n]{1,100}$/);
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(set.tools.find((t) => t.name === tool.name)!.method === 'GET' || set.tools.find((t) => t.name === tool.name)!.method === 'HEAD');
      }
    });

    it('calls every operation with an input built from its schema, and the answer matches the output schema', async () => {
      const set = running.mcp.mcpTools;
      /** Ids the answers so far carried: what a path parameter of a later call may name. */
      const ids = new Set<string>();
      const collect = (value: unknown, key = ''): void => {
        if (typeof value === 'string' && /^id$|Id$|_id$/.test(key)) ids.add(value);
        else if (Array.isArray(value)) for (const item of value) collect(item, key);
        else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
      };
      const judge = async (tool: ApiToolSet['tools'][number], args: Record<string, unknown>): Promise<CallToolResult> => {
        const listed = tools.find((t) => t.name === tool.name)!;
        expect(ajv.validate(listed.inputSchema, args), `${tool.name}: the arguments match its input schema: ${JSON.stringify(ajv.errors)}`).toBe(true);
        const result = (await client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
        if (result.isError) return result;
        if (listed.outputSchema) {
          expect(result.structuredContent, tool.name).toBeDefined();
          expect(ajv.validate(listed.outputSchema, result.structuredContent), `${tool.name}: ${JSON.stringify(ajv.errors)?.slice(0, 500)}`).toBe(true);
          collect(result.structuredContent);
        } else expect(result.content.length, tool.name).toBeGreaterThan(0);
        return result;
      };
      // Creates first, so that reads, updates and deletes can name what they made; deletes last.
      const order = (tool: ApiToolSet['tools'][number]): number => (tool.method === 'POST' ? 0 : tool.method === 'DELETE' ? 2 : 1);
      /** The call, and again with each id an answer carried in one path parameter while the API answers 404 (a seeded id nothing created). */
      const attempt = async (tool: ApiToolSet['tools'][number]): Promise<CallToolResult> => {
        const args = argumentsOf(set, tool.operationId, running.requestFixture(tool.operationId, 1));
        let result = await judge(tool, args);
        const inputSchema = tools.find((t) => t.name === tool.name)!.inputSchema;
        for (const param of tool.spec.parameters.filter((p) => p.in === 'path').map((p) => p.key ?? p.name)) {
          for (const id of ids) {
            if (!result.isError || !/the API answered 404/.test(texts(result).join(' '))) return result;
            const retried = { ...args, [param]: id };
            if (ajv.validate(inputSchema, retried)) result = await judge(tool, retried);
          }
        }
        return result;
      };
      let failed: { tool: ApiToolSet['tools'][number]; text: string }[] = [];
      for (const tool of [...set.tools].sort((a, b) => order(a) - order(b))) {
        const result = await attempt(tool);
        if (result.isError) failed.push({ tool, text: texts(result).join(' ') });
      }
      // Once more for what failed, with the ids of every answer (an action on what a later create made).
      const again: typeof failed = [];
      for (const { tool } of failed) {
        const result = await attempt(tool);
        if (result.isError) again.push({ tool, text: texts(result).join(' ') });
      }
      failed = again;
      // What still fails is the API's own 4xx (a state the seeded arguments do not reach), never the server's doing.
      for (const { tool, text } of failed) expect(`${tool.name}: ${text}`).toMatch(/the API answered 4\d\d/);
      expect(failed.map((f) => f.tool.name).sort()).toEqual(Object.keys(subject.stillFailing ?? {}).sort());
    }, 120_000);

    it('refuses a wrong argument with a tool error naming it, without calling the API', async () => {
      const set = running.mcp.mcpTools;
      // An operation with a required parameter or body: the seeded input with that argument of the wrong type.
      const tool = set.tools.find((t) => ((t.inputSchema['required'] ?? []) as string[]).length > 0)!;
      const args = argumentsOf(set, tool.operationId, running.requestFixture(tool.operationId, 1));
      const wrong = ((tool.inputSchema['required'] ?? []) as string[])[0]!;
      const before = running.sent.count;
      const result = (await client.callTool({ name: tool.name, arguments: { ...args, [wrong]: 12345 } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(texts(result).join('\n')).toContain(`${wrong}`);
      expect(texts(result).join('\n')).toMatch(/nothing was sent/);
      const unknown = (await client.callTool({ name: tool.name, arguments: { ...args, notAnArgument: 1 } })) as CallToolResult;
      expect(unknown.isError).toBe(true);
      expect(texts(unknown).join('\n')).toContain('notAnArgument');
      const missing = (await client.callTool({ name: tool.name, arguments: {} })) as CallToolResult;
      expect(missing.isError).toBe(true);
      expect(texts(missing).join('\n')).toContain(`${wrong}: required`);
      expect(running.sent.count).toBe(before);
    });

    it('offers the compact mode: list by tag and words, describe, call', async () => {
      const compact = await running.connect({ compact: true });
      const { tools: three } = await compact.listTools();
      expect(three.map((t) => t.name)).toEqual(['list_operations', 'describe_operation', 'call_operation']);
      const set = running.mcp.mcpTools;
      const first = set.tools[0]!;
      const listed = (await compact.callTool({ name: 'list_operations', arguments: first.tags[0] ? { tag: first.tags[0] } : {} })) as CallToolResult;
      const operations = (listed.structuredContent as { operations: { operationId: string }[] }).operations;
      expect(operations.map((o) => o.operationId)).toContain(first.operationId);
      const searched = (await compact.callTool({ name: 'list_operations', arguments: { search: first.operationId } })) as CallToolResult;
      expect((searched.structuredContent as { operations: { operationId: string }[] }).operations.map((o) => o.operationId)).toContain(first.operationId);
      const described = (await compact.callTool({ name: 'describe_operation', arguments: { operationId: first.operationId } })) as CallToolResult;
      const inputSchema = (described.structuredContent as { inputSchema: object }).inputSchema;
      expect(() => ajv.compile(inputSchema)).not.toThrow();
      const read = set.tools.find((t) => t.annotations.readOnlyHint) ?? first;
      const called = (await compact.callTool({ name: 'call_operation', arguments: { operationId: read.operationId, arguments: argumentsOf(set, read.operationId, running.requestFixture(read.operationId, 1)) } })) as CallToolResult;
      expect(called.isError ?? false, texts(called).join('\n')).toBe(false);
      const limited = await running.connect({ tools: [first.operationId] });
      expect((await limited.listTools()).tools.map((t) => t.name)).toEqual([first.name]);
    });
  });
}

describe('the generated module', () => {
  it("says the runtime's compact threshold in the generated docs", async () => {
    const { COMPACT_ABOVE } = await import('@svc/runtime/mcp');
    expect(MCP_COMPACT_ABOVE).toBe(COMPACT_ABOVE);
    expect(readFileSync(join(repoRoot, 'generated', 'v2', 'src', 'mcp.ts'), 'utf8')).toContain(`above ${COMPACT_ABOVE} tools`);
  });

  it('writes a parameter several tools take alike once, as a definition they reference', () => {
    const v2Tools = SUBJECTS[0]!;
    expect(v2Tools.name).toBe('v2');
    const source = readFileSync(join(repoRoot, 'generated', 'v2', 'src', 'mcp.ts'), 'utf8');
    expect(source).toContain("'SVC-VERSION': { $ref: '#/$defs/parameter:SVC-VERSION' }");
    // A name with characters a URI fragment escapes.
    expect(source).toContain("'expand[]': { $ref: '#/$defs/parameter:expand%5B%5D' }");
    expect(source.match(/^ {2}'parameter:SVC-VERSION': \{$/gm)).toHaveLength(1);
  });

  it("declares each tool as a constant of its own, so that tsc types a large API's (one array literal of GitHub's 1,223 tools was TS2590)", () => {
    const source = readFileSync(join(repoRoot, 'generated', 'v2', 'src', 'mcp.ts'), 'utf8');
    const list = /\n  tools: \[([^\]]*)\]/.exec(source)?.[1];
    expect(list?.split(',').map((entry) => entry.trim()).filter(Boolean)).toEqual(expect.arrayContaining(['getAccountTool', 'listAccountsTool']));
    for (const entry of list!.split(',').map((e) => e.trim()).filter(Boolean)) expect(entry).toMatch(/^[A-Za-z_$][\w$]*Tool$/);
    expect(source).toMatch(/^const getAccountTool: ApiTool = \{$/m);
  });
});

describe('MCP tools: what a call answers', () => {
  let library: Running;
  let inference: Running;
  let v2: Running;
  beforeAll(async () => {
    [v2, library, inference] = (await Promise.all(SUBJECTS.map((s) => start(s)))) as [Running, Running, Running];
  }, 120_000);
  afterAll(async () => {
    for (const running of [library, inference, v2]) {
      for (const c of running?.clients ?? []) await c.close();
      await running?.server.close();
    }
  });

  it("gives a 4xx as a tool error carrying the document's error body", async () => {
    const client = await library.connect();
    // A seeded id that nothing created.
    const result = (await client.callTool({ name: 'getTitle', arguments: library.requestFixture('getTitle', 7).params })) as CallToolResult;
    expect(result.isError).toBe(true);
    const [message, body] = texts(result);
    expect(message).toMatch(/the API answered 404/);
    // Library Loans answers problem+json: its fields, as the mock sent them.
    expect(JSON.parse(body!)).toMatchObject({ status: 404 });
  });

  it('sends each item of a stream as a progress notification and returns them all', async () => {
    const client = await inference.connect();
    for (const name of ['heartbeat', 'watchModel']) {
      const tool = inference.mcp.mcpTools.tools.find((t) => t.name === name)!;
      const progress: string[] = [];
      const result = (await client.callTool({ name, arguments: argumentsOf(inference.mcp.mcpTools, tool.operationId, inference.requestFixture(tool.operationId, 1)) }, undefined, { onprogress: (p) => progress.push(p.message ?? '') })) as CallToolResult;
      expect(result.isError ?? false, texts(result).join('\n')).toBe(false);
      const items = (result.structuredContent as { items: unknown[] }).items;
      expect(items.length).toBeGreaterThan(0);
      expect(progress.map((p) => JSON.parse(p) as unknown)).toEqual(items);
    }
    // A body flag asks for the stream offered beside the JSON.
    const chat = inference.mcp.mcpTools.tools.find((t) => t.name === 'createChatCompletion')!;
    const args = argumentsOf(inference.mcp.mcpTools, chat.operationId, inference.requestFixture(chat.operationId, 1));
    const progress: unknown[] = [];
    const streamed = (await client.callTool({ name: 'createChatCompletion', arguments: { ...args, body: { ...(args['body'] as object), stream: true } } }, undefined, { onprogress: (p) => progress.push(JSON.parse(p.message ?? 'null')) })) as CallToolResult;
    expect(streamed.isError ?? false, texts(streamed).join('\n')).toBe(false);
    expect(progress).toEqual((streamed.structuredContent as { items: unknown[] }).items);
  });

  it('says how to get the next page of a list', async () => {
    const client = await v2.connect();
    const result = (await client.callTool({ name: 'listAccounts', arguments: { limit: 1 } })) as CallToolResult;
    expect(result.isError ?? false, texts(result).join('\n')).toBe(false);
    const next = (result._meta as { nextArguments?: Record<string, unknown> } | undefined)?.nextArguments;
    expect(next).toMatchObject({ limit: 1, starting_after: expect.any(String) });
    expect(texts(result).at(-1)).toMatch(/More results: call listAccounts again with \{"starting_after":/);
    const second = (await client.callTool({ name: 'listAccounts', arguments: next! })) as CallToolResult;
    expect((second.structuredContent as { data: { id: string }[] }).data[0]!.id).not.toBe((result.structuredContent as { data: { id: string }[] }).data[0]!.id);
    // In the compact mode the next page is asked of call_operation.
    const compact = await v2.connect({ compact: true });
    const paged = (await compact.callTool({ name: 'call_operation', arguments: { operationId: 'listAccounts', arguments: { limit: 1 } } })) as CallToolResult;
    expect(texts(paged).at(-1)).toMatch(/More results: call call_operation again for listAccounts with \{"starting_after":/);
    const following = (await compact.callTool({ name: 'call_operation', arguments: { operationId: 'listAccounts', arguments: (paged._meta as { nextArguments: object }).nextArguments } })) as CallToolResult;
    expect(following.isError ?? false).toBe(false);
  });

  it('gives a binary answer as an embedded resource', async () => {
    const client = await library.connect();
    const tool = library.mcp.mcpTools.tools.find((t) => t.name === 'getTitleCover')!;
    const result = (await client.callTool({ name: 'getTitleCover', arguments: argumentsOf(library.mcp.mcpTools, tool.operationId, library.requestFixture(tool.operationId, 1)) })) as CallToolResult;
    const resource = result.content.find((c) => c.type === 'resource');
    if (result.isError) expect(texts(result).join('\n')).toMatch(/the API answered 404/);
    else expect(resource).toMatchObject({ resource: { mimeType: expect.stringMatching(/^image\//), blob: expect.any(String) } });
  });

  it('refuses a tools filter that names neither an operationId nor a tag', () => {
    expect(() => library.mcp.createMcpServer({ tools: ['noSuchThing'] })).toThrow(/noSuchThing is neither an operationId nor a tag/);
  });
});
