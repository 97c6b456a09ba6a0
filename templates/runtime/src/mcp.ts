/**
 * An API's operations as Model Context Protocol tools, on the official SDK's `McpServer`
 * (`@modelcontextprotocol/sdk`, an optional peer: only this module imports it). A generated
 * package's `./mcp` describes its operations (`ApiToolSet`) and calls this; the server answers
 * `tools/list` and `tools/call` itself, with the JSON Schemas the generator wrote from the
 * document, so that what an agent is shown is what the API's validators check.
 *
 * A call goes through the operation's generated function on an `HttpClient` (signing, retries,
 * credentials, pagination, streams), with the request checked first: arguments that do not
 * match are a tool error naming each argument, and nothing is sent.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { HttpClient } from './client.js';
import { ApiError, RequestValidationError, ResponseValidationError } from './errors.js';
import { nextPageParams } from './pagination.js';
import { toBase64 } from './signing.js';
import type { CallOptions, OperationSpec } from './types.js';

/** A JSON Schema as the generator writes it (a plain JSON value). */
export type JsonSchemaObject = { readonly [key: string]: unknown };

/** One operation as a tool: what `tools/list` shows of it, and how it is called. */
export interface ApiTool {
  readonly operationId: string;
  /** The tool's name (the operationId, or its identifier-safe form where the operationId is no tool name). */
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly method: string;
  readonly path: string;
  readonly tags: readonly string[];
  /** The parameters by their keys, and the body under `bodyArgument`, as one object (`$defs` apart). */
  readonly inputSchema: JsonSchemaObject;
  /** The structured answer of a success, where it is JSON (`$defs` apart). */
  readonly outputSchema?: JsonSchemaObject;
  /**
   * The named schemas (`$defs`) each schema references, with those they reference. Generated
   * tools leave it out: the server follows the references itself (`referencedDefinitions`).
   */
  readonly definitions?: { readonly input: readonly string[]; readonly output: readonly string[] };
  readonly annotations: ToolAnnotations;
  /** The argument that carries the request body; absent for an operation without one. */
  readonly bodyArgument?: string;
  /** Where the body carries bytes, given as base64 and decoded before the call: `''` the whole body, else its fields (a form's files). */
  readonly binaryFields?: readonly string[];
  /** How a JSON answer becomes structured content: `object` as it is, `wrapped` under `result` (MCP's structured content is an object). */
  readonly output: 'object' | 'wrapped' | 'none';
  /** The operation as the client calls it (its pagination, streams and checks). */
  readonly spec: OperationSpec;
  /** The operation's generated function: its answer, or an `AsyncIterable` of its items for a stream. */
  readonly call: (client: HttpClient, params: object, body: unknown, options: CallOptions) => Promise<unknown>;
}

/** A document's tools, as the generated `./mcp` module describes them. */
export interface ApiToolSet {
  /** The package's npm name, and its version: the MCP server's own. */
  readonly name: string;
  readonly version: string;
  readonly title: string;
  readonly tools: readonly ApiTool[];
  /** The named schemas the tools' schemas reference, by `$defs` name. */
  readonly definitions: Readonly<Record<string, JsonSchemaObject | boolean>>;
}

/** Above this many tools, a server offers the compact three (`compact: 'auto'`, the default). */
export const COMPACT_ABOVE = 40;

export interface McpServerOptions {
  /**
   * Only these operations: each entry an operationId or a tag (every operation it tags). An
   * entry that names neither is an error. @default every operation
   */
  tools?: readonly string[];
  /**
   * One tool per operation (`false`), or three that list, describe and call them (`true`), for
   * large APIs whose tools would fill an agent's context. @default 'auto': compact above {@link COMPACT_ABOVE} tools
   */
  compact?: boolean | 'auto';
  /** The most items a streamed operation's tool collects (each also sent as a progress notification); the rest are not read. @default 1000 */
  maxStreamItems?: number;
  /** Given with every call (its headers, timeout, version). */
  callOptions?: CallOptions;
}

/** The three tools of the compact mode, by name. */
export const COMPACT_TOOLS = {
  list: 'list_operations',
  describe: 'describe_operation',
  call: 'call_operation',
} as const;

/**
 * An `McpServer` whose tools are the set's operations, called on `client`. Connect it to any
 * transport (`await server.connect(new StdioServerTransport())`).
 *
 * The tools are served by handlers of the underlying protocol server (`server.server`), with the
 * JSON Schemas the generator wrote; the SDK's `registerTool`, which takes zod schemas, cannot add
 * tools beside them.
 *
 * @throws Error when `options.tools` names something that is neither an operationId nor a tag of the set.
 */
export function createApiMcpServer(set: ApiToolSet, client: HttpClient, options: McpServerOptions = {}): McpServer {
  const tools = chosenTools(set, options.tools);
  const compact =
    options.compact === undefined || options.compact === 'auto' ? tools.length > COMPACT_ABOVE : options.compact;
  const server = new McpServer(
    { name: set.name, title: set.title, version: set.version },
    {
      instructions: compact
        ? `The ${tools.length} operations of ${set.title}: find one with ${COMPACT_TOOLS.list}, read its input schema with ${COMPACT_TOOLS.describe}, call it with ${COMPACT_TOOLS.call}.`
        : `The ${tools.length} operations of ${set.title}, one tool each.`,
    },
  );
  const protocol = server.server;
  protocol.registerCapabilities({ tools: {} });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const byOperationId = new Map(tools.map((tool) => [tool.operationId, tool]));
  const run = (tool: ApiTool, args: unknown, extra: Extra): Promise<CallToolResult> =>
    callTool(tool, args, client, extra, options, compact);

  if (!compact) {
    const listed = tools.map((tool) => toolDefinition(set, tool));
    protocol.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
    protocol.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      const tool = byName.get(request.params.name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool is named ${request.params.name}`);
      return run(tool, request.params.arguments ?? {}, extra);
    });
    return server;
  }

  const compactTools = compactDefinitions(tools);
  protocol.setRequestHandler(ListToolsRequestSchema, () => ({ tools: compactTools }));
  protocol.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    switch (request.params.name) {
      case COMPACT_TOOLS.list:
        return listOperations(tools, args);
      case COMPACT_TOOLS.describe: {
        const tool = typeof args['operationId'] === 'string' ? byOperationId.get(args['operationId']) : undefined;
        if (!tool)
          return failure(
            `describe_operation: no operation ${JSON.stringify(args['operationId'])}; ${COMPACT_TOOLS.list} lists them`,
          );
        const { name: _name, ...described } = toolDefinition(set, tool);
        const structured = {
          operationId: tool.operationId,
          method: tool.method,
          path: tool.path,
          tags: [...tool.tags],
          ...described,
        };
        return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
      }
      case COMPACT_TOOLS.call: {
        const tool = typeof args['operationId'] === 'string' ? byOperationId.get(args['operationId']) : undefined;
        if (!tool)
          return failure(
            `call_operation: no operation ${JSON.stringify(args['operationId'])}; ${COMPACT_TOOLS.list} lists them`,
          );
        return run(tool, args['arguments'] ?? {}, extra);
      }
      default:
        throw new McpError(ErrorCode.InvalidParams, `no tool is named ${request.params.name}`);
    }
  });
  return server;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The set's tools that `chosen` names, in the set's order. */
function chosenTools(set: ApiToolSet, chosen: readonly string[] | undefined): readonly ApiTool[] {
  if (chosen === undefined) return set.tools;
  const unknown = chosen.filter(
    (entry) => !set.tools.some((tool) => tool.operationId === entry || tool.tags.includes(entry)),
  );
  if (unknown.length > 0) {
    const tags = [...new Set(set.tools.flatMap((tool) => tool.tags))].sort();
    throw new Error(
      `tools: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} neither an operationId nor a tag of ${set.title} (tags: ${tags.join(', ') || 'none'})`,
    );
  }
  return set.tools.filter((tool) => chosen.includes(tool.operationId) || tool.tags.some((tag) => chosen.includes(tag)));
}

/** The `$defs` names each definition of a set references itself, read once per set. */
const directReferences = new WeakMap<ApiToolSet, Map<string, readonly string[]>>();

/** The `$defs` names `value` refers to (`#/$defs/<JSON pointer segment>`, decoded), without following them. */
function referencesIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(DEFS))
        into.add(decodedPointerSegment(item.slice(DEFS.length)));
      else referencesIn(item, into);
    }
  }
  return into;
}

const DEFS = '#/$defs/';

/** A JSON pointer segment of a URI fragment, decoded (`expand%5B%5D` is `expand[]`); one that is not valid percent-encoding, as written. */
function decodedPointerSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A hand-written `$ref` with a stray `%`: its name is what it says.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The `$defs` names `schema` references, with those they reference in turn, sorted: the
 * definitions a tool's schema carries. Each definition is read once per set; a tool's closure is
 * then a walk over names (a set of hundreds of tools that each reach most of hundreds of
 * definitions would otherwise read them all again for each).
 */
export function referencedDefinitions(set: ApiToolSet, schema: JsonSchemaObject): string[] {
  let direct = directReferences.get(set);
  if (!direct) directReferences.set(set, (direct = new Map()));
  const needed = new Set<string>();
  const pending = [...referencesIn(schema, new Set())];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (needed.has(name)) continue;
    needed.add(name);
    let refs = direct.get(name);
    if (refs === undefined) direct.set(name, (refs = [...referencesIn(set.definitions[name], new Set())]));
    pending.push(...refs);
  }
  return [...needed].sort();
}

/** A schema with the definitions it references (`names`, or those the server finds). */
function withDefinitions(
  set: ApiToolSet,
  schema: JsonSchemaObject,
  given: readonly string[] | undefined,
): Tool['inputSchema'] {
  const names = given ?? referencedDefinitions(set, schema);
  const written =
    names.length === 0
      ? schema
      : { ...schema, $defs: Object.fromEntries(names.map((name) => [name, set.definitions[name] ?? {}])) };
  return written as Tool['inputSchema'];
}

function toolDefinition(set: ApiToolSet, tool: ApiTool): Tool {
  return {
    name: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: withDefinitions(set, tool.inputSchema, tool.definitions?.input),
    ...(tool.outputSchema
      ? { outputSchema: withDefinitions(set, tool.outputSchema, tool.definitions?.output) as Tool['outputSchema'] }
      : {}),
    annotations: tool.annotations,
  };
}

function compactDefinitions(tools: readonly ApiTool[]): Tool[] {
  const tags = [...new Set(tools.flatMap((tool) => tool.tags))].sort();
  const operationId = {
    type: 'string',
    description: 'The operationId, as list_operations gives it.',
    enum: tools.map((tool) => tool.operationId),
  };
  return [
    {
      name: COMPACT_TOOLS.list,
      title: 'List operations',
      description: `Lists the API's ${tools.length} operations (operationId, method, path, title), ${COMPACT_LIST_PAGE} at a time; filter by tag or by words of their name and description.`,
      inputSchema: {
        type: 'object',
        properties: {
          ...(tags.length > 0
            ? { tag: { type: 'string', enum: tags, description: 'Only operations with this tag.' } }
            : {}),
          search: {
            type: 'string',
            description: 'Only operations whose operationId, path, title or description contain every word of this.',
          },
          offset: {
            type: 'integer',
            minimum: 0,
            description: 'Where to start in the list (nextOffset of the previous answer).',
          },
        },
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: {
          operations: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                operationId: { type: 'string' },
                method: { type: 'string' },
                path: { type: 'string' },
                title: { type: 'string' },
                tags: { type: 'array', items: { type: 'string' } },
              },
              required: ['operationId', 'method', 'path', 'tags'],
            },
          },
          total: { type: 'integer' },
          nextOffset: { type: 'integer' },
        },
        required: ['operations', 'total'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: COMPACT_TOOLS.describe,
      title: 'Describe an operation',
      description:
        'What one operation does, its input schema (the arguments call_operation takes for it) and the schema of its answer.',
      inputSchema: {
        type: 'object',
        properties: { operationId },
        required: ['operationId'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: COMPACT_TOOLS.call,
      title: 'Call an operation',
      description:
        'Calls one operation with arguments matching the input schema describe_operation gives for it; answers as the API does.',
      inputSchema: {
        type: 'object',
        properties: {
          operationId,
          arguments: {
            type: 'object',
            description:
              "The operation's arguments: its parameters by name, and its body under the property its input schema names.",
          },
        },
        required: ['operationId'],
        additionalProperties: false,
      },
      annotations: { destructiveHint: true, openWorldHint: true },
    },
  ];
}

/** How many operations one `list_operations` answer holds. */
const COMPACT_LIST_PAGE = 100;

function listOperations(tools: readonly ApiTool[], args: Record<string, unknown>): CallToolResult {
  const tag = typeof args['tag'] === 'string' ? args['tag'] : undefined;
  const words = typeof args['search'] === 'string' ? args['search'].toLowerCase().split(/\s+/).filter(Boolean) : [];
  const offset =
    typeof args['offset'] === 'number' && Number.isInteger(args['offset']) && args['offset'] > 0 ? args['offset'] : 0;
  const matching = tools.filter((tool) => {
    if (tag !== undefined && !tool.tags.includes(tag)) return false;
    const text = `${tool.operationId} ${tool.path} ${tool.title ?? ''} ${tool.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const page = matching.slice(offset, offset + COMPACT_LIST_PAGE);
  const operations = page.map((tool) => ({
    operationId: tool.operationId,
    method: tool.method,
    path: tool.path,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    tags: [...tool.tags],
  }));
  const next = offset + page.length < matching.length ? { nextOffset: offset + page.length } : {};
  const structured = { operations, total: matching.length, ...next };
  const lines = operations.map((op) => `${op.operationId}: ${op.method} ${op.path}${op.title ? ` (${op.title})` : ''}`);
  if (next.nextOffset !== undefined)
    lines.push(
      `(${matching.length - next.nextOffset} more: call ${COMPACT_TOOLS.list} with offset ${next.nextOffset})`,
    );
  return {
    content: [{ type: 'text', text: lines.join('\n') || 'No operation matches.' }],
    structuredContent: structured,
  };
}

const failure = (text: string, ...more: string[]): CallToolResult => ({
  isError: true,
  content: [text, ...more].map((t) => ({ type: 'text', text: t })),
});

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The body with its base64 fields as bytes; the path and problem of the first field that is no base64. */
function decodeBinaryFields(body: unknown, fields: readonly string[]): { body: unknown } | string {
  const decode = (value: unknown): Blob | undefined => {
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(value.replace(/\s+/g, ''))) return undefined;
    const binary = atob(value.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/'));
    return new Blob([Uint8Array.from(binary, (c) => c.charCodeAt(0))]);
  };
  if (fields.includes('')) {
    if (body === undefined) return { body };
    const blob = decode(body);
    return blob ? { body: blob } : ': expected the bytes in base64';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { body };
  const copy: Record<string, unknown> = { ...body };
  for (const field of fields) {
    if (copy[field] === undefined) continue;
    const blob = decode(copy[field]);
    if (!blob) return `.${field}: expected the file's bytes in base64`;
    copy[field] = blob;
  }
  return { body: copy };
}

/** Calls one tool: its arguments checked, then the operation; every failure of the call is a tool error the agent reads. */
async function callTool(
  tool: ApiTool,
  args: unknown,
  client: HttpClient,
  extra: Extra,
  options: McpServerOptions,
  compact: boolean,
): Promise<CallToolResult> {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return failure(`${tool.name}: the arguments must be an object`);
  const given = args as Record<string, unknown>;
  const known = Object.keys((tool.inputSchema['properties'] ?? {}) as object);
  const unknown = Object.keys(given).filter((key) => !known.includes(key));
  if (unknown.length > 0)
    return failure(
      `${tool.name}: unknown argument${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; it takes ${known.join(', ') || 'none'}`,
    );
  const missing = ((tool.inputSchema['required'] ?? []) as string[]).filter((key) => given[key] === undefined);
  if (missing.length > 0)
    return failure(
      `${tool.name}: invalid arguments, nothing was sent:\n${missing.map((key) => `${key}: required`).join('\n')}`,
    );
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) if (key !== tool.bodyArgument) params[key] = value;
  let body = tool.bodyArgument === undefined ? undefined : given[tool.bodyArgument];
  if (tool.binaryFields) {
    const decoded = decodeBinaryFields(body, tool.binaryFields);
    if (typeof decoded === 'string')
      return failure(`${tool.name}: invalid arguments, nothing was sent:\n${tool.bodyArgument}${decoded}`);
    body = decoded.body;
  }
  let answer: unknown;
  try {
    answer = await tool.call(client, params, body, {
      ...options.callOptions,
      signal: extra.signal,
      validateRequest: true,
    });
    if (isAsyncIterable(answer)) return await collectStream(tool, answer, extra, options.maxStreamItems ?? 1000);
  } catch (error) {
    return callFailure(tool, error);
  }
  return answerOf(tool, answer, params, given, compact);
}

/** A stream's items, each sent as a progress notification when the caller asked for progress. */
async function collectStream(
  tool: ApiTool,
  stream: AsyncIterable<unknown>,
  extra: Extra,
  max: number,
): Promise<CallToolResult> {
  const token = extra._meta?.progressToken;
  const items: unknown[] = [];
  let truncated = false;
  for await (const item of stream) {
    if (items.length === max) {
      truncated = true;
      break;
    }
    items.push(item);
    if (token !== undefined)
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: items.length, message: JSON.stringify(item) },
      });
  }
  const summary = `${tool.name} streamed ${items.length} item${items.length === 1 ? '' : 's'}${truncated ? ` (stopped at ${max}; maxStreamItems allows more)` : ''}.`;
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(items) },
    ],
    structuredContent: { items },
  };
}

/** A success as MCP content: JSON as structured content and text, bytes as a resource, text as text. */
async function answerOf(
  tool: ApiTool,
  answer: unknown,
  params: Record<string, unknown>,
  given: Record<string, unknown>,
  compact: boolean,
): Promise<CallToolResult> {
  if (answer === undefined) return { content: [{ type: 'text', text: `${tool.name} succeeded (no content).` }] };
  if (answer instanceof Blob || answer instanceof ArrayBuffer || answer instanceof Uint8Array) {
    const blob = answer instanceof Blob ? answer : new Blob([answer as BlobPart]);
    const mimeType = blob.type || 'application/octet-stream';
    const uri = `api:${tool.operationId}${Object.keys(params).length > 0 ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}` : ''}`;
    return {
      content: [
        { type: 'resource', resource: { uri, mimeType, blob: toBase64(new Uint8Array(await blob.arrayBuffer())) } },
      ],
    };
  }
  if (typeof answer === 'string' && tool.output === 'none') return { content: [{ type: 'text', text: answer }] };
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(answer) }];
  const result: CallToolResult = { content };
  if (tool.output !== 'none')
    result.structuredContent = tool.output === 'object' ? (answer as Record<string, unknown>) : { result: answer };
  // A page of a list says how to get the next one.
  if (tool.spec.pagination) {
    const next = nextPageParams(tool.spec, params, answer);
    if (next) {
      const nextArguments = { ...given, ...next };
      const moved = Object.fromEntries(Object.entries(next).filter(([key, value]) => params[key] !== value));
      content.push({
        type: 'text',
        // In the compact mode the operation is called through call_operation.
        text: compact
          ? `More results: call ${COMPACT_TOOLS.call} again for ${tool.operationId} with ${JSON.stringify(moved)} in its arguments (the others unchanged).`
          : `More results: call ${tool.name} again with ${JSON.stringify(moved)} (the other arguments unchanged).`,
      });
      result._meta = { nextArguments };
    }
  }
  return result;
}

/** Why a call failed, for the agent: the arguments at fault (nothing was sent), or the API's answer with its body. */
function callFailure(tool: ApiTool, error: unknown): CallToolResult {
  if (error instanceof RequestValidationError) {
    const lines = error.issues.map(({ part, issue }) => {
      const path = part === 'body' ? [tool.bodyArgument ?? 'body', ...issue.path.map(String)] : issue.path.map(String);
      return `${path.join('.') || '(arguments)'}: ${issue.message}`;
    });
    return failure(`${tool.name}: invalid arguments, nothing was sent:\n${lines.join('\n')}`);
  }
  if (ApiError.is(error)) {
    const body =
      error.body === undefined ? '' : typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return failure(`${tool.name} failed: the API answered ${error.status}. ${error.message}`, ...(body ? [body] : []));
  }
  if (error instanceof ResponseValidationError)
    return failure(
      `${tool.name}: the API answered ${error.status} with a body its description does not allow: ${error.message}`,
      JSON.stringify(error.body),
    );
  return failure(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
}
