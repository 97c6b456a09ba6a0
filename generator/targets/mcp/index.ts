/**
 * Target `mcp`: the document's operations as Model Context Protocol tools. `mcpTools` describes
 * each (name, description, JSON Schemas of its arguments and of its answer, annotations from its
 * method) and calls it through the client's per-operation function; `createMcpServer` serves them
 * on the official SDK's `McpServer` (`@svc/runtime/mcp` does the serving), one tool per operation
 * or, for a large API, three that list, describe and call them.
 */
import { StructureKind, VariableDeclarationKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import { effectiveObject, isSuccessStatus, pathLabel, resolve } from '../../model/derive.js';
import { callArgumentsOf, isReadOperation, streamAlternativeOf, streamedResponseOf } from '../../model/operation-kinds.js';
import type { ApiModel, OperationModel, SchemaNode } from '../../model/types.js';
import { describesObject, JsonSchemaWriter, type JsonSchema, type JsonValue } from '../../print/json-schema.js';
import { ModuleImports, runtimeSubpath } from '../../print/symbols.js';
import { jsDoc, literal, objectLiteral, stringLiteral } from '../../util/text.js';
import { exportedConst, printSourceFile } from '../../util/ts.js';
import { CALL_NAME } from '../client/plugin.js';
import { generatedHeader, type Target, type TargetContext } from '../target.js';
import { MCP_COMPACT_ABOVE } from './plugin.js';
import { counted } from '../../util/progress.js';

/** What MCP clients accept as a tool's name (the specification's SEP-986 characters, and the length most clients keep). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Each operation's tool name: its operationId where that is one, else its identifier (unique among the operations), numbered where two meet. */
export function toolNamesOf(operations: readonly OperationModel[]): Map<OperationModel, string> {
  const names = new Map<OperationModel, string>();
  const taken = new Set<string>();
  for (const op of operations) {
    let name = TOOL_NAME.test(op.operationId) ? op.operationId : op.name.slice(0, 64);
    for (let n = 2; taken.has(name); n++) name = `${name.slice(0, 60)}_${n}`;
    taken.add(name);
    names.set(op, name);
  }
  return names;
}

/** The argument that carries an operation's body: `body`, unless a parameter is called so. */
export function bodyArgumentOf(op: OperationModel): string | undefined {
  if (!callArgumentsOf(op).hasBody) return undefined;
  const keys = new Set(op.parameters.map((p) => p.key));
  return ['body', 'requestBody', 'body_'].find((name) => !keys.has(name)) ?? `body_${keys.size}`;
}

/** The success response whose body a tool answers with: the first success that has one. */
const successOf = (op: OperationModel) => op.responses.find((r) => isSuccessStatus(r.status) && r.content) ?? op.responses.find((r) => isSuccessStatus(r.status));

/** A tool's title, for people: the summary where it is one short line (some documents write a paragraph there; the description keeps it). */
export function titleOf(op: OperationModel): string | undefined {
  const summary = op.summary?.trim();
  return summary && !summary.includes('\n') && summary.length <= 100 ? summary : undefined;
}

/** What MCP's annotations say of an operation, from its method. */
function annotationsOf(op: OperationModel): Record<string, boolean> {
  if (isReadOperation(op) || op.method === 'QUERY' || op.method === 'OPTIONS') return { readOnlyHint: true, openWorldHint: true };
  return { readOnlyHint: false, destructiveHint: op.method === 'DELETE', idempotentHint: op.method === 'PUT' || op.method === 'DELETE', openWorldHint: true };
}

/** A tool's description: the summary and description, the method and path, and what to know of its answer. */
function descriptionOf(op: OperationModel, bodyArgument: string | undefined): string {
  const stream = streamedResponseOf(op)
    ? 'The answer is a stream: each item is sent as a progress notification as it comes, and the result lists them all.'
    : op.streamFlag !== undefined && streamAlternativeOf(op)
      ? `With \`${bodyArgument}.${op.streamFlag}: true\` the answer is a stream: each item is sent as a progress notification, and the result lists them all.`
      : undefined;
  const paged = op.pagination ? 'The answer is one page; the result says which arguments fetch the next.' : undefined;
  return [op.deprecated ? 'Deprecated.' : undefined, op.summary, op.description, `\`${op.method} ${pathLabel(op)}\`.`, stream, paged]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .map((part) => part.replace(/\r\n?/g, '\n').trim())
    .join('\n\n');
}

/** How a tool's schema marks bytes: a string of base64, which the server decodes before the call. */
const BASE64 = { type: 'string', contentEncoding: 'base64', description: "The file's bytes, in base64." } as const;

/** Where a non-JSON body carries bytes: `''` for the whole body, else its top-level fields (a form's files). */
function binaryFieldsOf(model: ApiModel, schema: SchemaNode): string[] {
  const resolved = resolve(model, schema);
  if (resolved?.kind === 'binary') return [''];
  return (effectiveObject(model, schema)?.properties ?? []).filter((p) => resolve(model, p.schema)?.kind === 'binary').map((p) => p.name);
}

interface ToolPlan {
  op: OperationModel;
  binaryFields: string[];
  name: string;
  bodyArgument: string | undefined;
  inputSchema: { [key: string]: JsonValue };
  outputSchema: { [key: string]: JsonValue } | undefined;
  output: 'object' | 'wrapped' | 'none';
}

/** The JSON Schema an object-typed output must be as MCP writes it: `type: 'object'` at its top. */
function asObjectSchema(schema: JsonSchema): { [key: string]: JsonValue } {
  if (typeof schema === 'object' && schema['type'] === 'object') return schema;
  return { type: 'object', allOf: [schema] };
}

function planTool(model: ApiModel, op: OperationModel, name: string, input: JsonSchemaWriter, output: JsonSchemaWriter): ToolPlan {
  const bodyArgument = bodyArgumentOf(op);
  const properties: { [key: string]: JsonValue } = {};
  const required: string[] = [];
  for (const param of op.parameters) {
    const schema = input.schema(param.schema);
    const notes = [param.description, param.deprecated ? 'Deprecated.' : undefined].filter((n): n is string => n !== undefined && n.trim() !== '').join(' ');
    properties[param.key] = notes && typeof schema === 'object' && schema['description'] === undefined ? { ...schema, description: notes } : schema;
    if (param.required) required.push(param.key);
  }
  const media = op.requestBody?.contents[0];
  const binaryFields = media && !media.json ? binaryFieldsOf(model, media.schema) : [];
  if (media && bodyArgument) {
    let schema = input.schema(media.schema);
    // Bytes travel in JSON as base64: the whole body, or the file fields of a form.
    if (binaryFields.includes('') && typeof schema === 'object') schema = { ...schema, ...BASE64 };
    else if (typeof schema === 'object' && schema['properties'] && typeof schema['properties'] === 'object' && !Array.isArray(schema['properties'])) {
      const fields = schema['properties'];
      schema = { ...schema, properties: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, binaryFields.includes(key) && value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, ...BASE64 } : value])) };
    }
    const note = [op.requestBody?.description, media.json ? undefined : `Sent as ${media.contentType}.`].filter(Boolean).join(' ');
    properties[bodyArgument] = note && typeof schema === 'object' && schema['description'] === undefined ? { ...schema, description: note } : schema;
    if (op.requestBody?.required) required.push(bodyArgument);
  }
  const inputSchema: { [key: string]: JsonValue } = { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };

  const success = successOf(op);
  const streamed = streamedResponseOf(op);
  const itemsOf = (item: SchemaNode): { [key: string]: JsonValue } => ({ type: 'object', properties: { items: { type: 'array', items: output.schema(item) } }, required: ['items'] });
  let outputSchema: { [key: string]: JsonValue } | undefined;
  let mode: ToolPlan['output'] = 'none';
  if (streamed?.content) {
    outputSchema = itemsOf(streamed.content.schema);
    mode = 'object';
  } else if (success?.content?.json) {
    const schema = success.content.schema;
    mode = describesObject(model, schema) ? 'object' : 'wrapped';
    outputSchema = mode === 'object' ? asObjectSchema(output.schema(schema)) : { type: 'object', properties: { result: output.schema(schema) }, required: ['result'] };
    // A body flag may ask for the stream offered beside the JSON: either answer is a result.
    const alternative = op.streamFlag !== undefined ? streamAlternativeOf(op) : undefined;
    if (alternative) outputSchema = { type: 'object', anyOf: [outputSchema, itemsOf(alternative.stream.schema)] };
  }
  return {
    op,
    binaryFields,
    name,
    bodyArgument,
    inputSchema,
    outputSchema,
    output: mode,
  };
}

/** A name as a segment of a JSON pointer in a URI fragment (`expand[]` is `expand%5B%5D`). */
const pointerSegment = (name: string): string =>
  name
    .replace(/~/g, '~0')
    .replace(/\//g, '~1')
    .replace(/[^A-Za-z0-9_.:~!$&'()*+,;=@-]/g, (c) => encodeURIComponent(c));

/**
 * A parameter several tools take alike (a version header, a language, a page size) is written
 * once, as a definition named `parameter:<name>` (no type's name has a colon), which each of
 * those tools references; a second, different schema under one name is `parameter:<name>:2`.
 */
function shareParameters(plans: readonly ToolPlan[], definitions: Map<string, JsonSchema>): void {
  const uses = new Map<string, { count: number; name: string; schema: JsonSchema }>();
  const byName = new Map<string, number>();
  for (const plan of plans) {
    for (const param of plan.op.parameters) {
      const schema = plan.inputSchema['properties'] as { [key: string]: JsonValue };
      const text = `${param.name}\0${JSON.stringify(schema[param.key])}`;
      const known = uses.get(text);
      if (known) known.count++;
      else {
        const taken = (byName.get(param.name) ?? 0) + 1;
        byName.set(param.name, taken);
        uses.set(text, { count: 1, name: taken === 1 ? `parameter:${param.name}` : `parameter:${param.name}:${taken}`, schema: schema[param.key] as JsonSchema });
      }
    }
  }
  for (const plan of plans) {
    const properties = plan.inputSchema['properties'] as { [key: string]: JsonValue };
    for (const param of plan.op.parameters) {
      const use = uses.get(`${param.name}\0${JSON.stringify(properties[param.key])}`);
      if (!use || use.count < 2) continue;
      definitions.set(use.name, use.schema);
      properties[param.key] = { $ref: `#/$defs/${pointerSegment(use.name)}` };
    }
  }
}

export const mcpTarget: Target = {
  appliesTo: (model) => model.kind === 'openapi' && model.operations.length > 0,
  readmeData: ({ model }) => {
    const names = toolNamesOf(model.operations);
    const example = model.operations.find((op) => isReadOperation(op)) ?? model.operations[0]!;
    return { operationCount: model.operations.length, exampleTool: names.get(example), compactAbove: MCP_COMPACT_ABOVE, compactByDefault: model.operations.length > MCP_COMPACT_ABOVE };
  },
  run(context) {
    return [{ path: 'src/mcp.ts', contents: mcpModule(context) }];
  },
};

function mcpModule(context: TargetContext): string {
  const { model, sourceLabel, runtimePackage } = context;
  const table = context.symbols;
  const mcpRuntime = runtimeSubpath(runtimePackage, 'mcp');
  for (const name of ['createApiMcpServer', 'ApiTool', 'ApiToolSet']) table.define(name, mcpRuntime, name);
  table.define('ToolSetOptions', mcpRuntime, 'McpServerOptions');
  const im = new ModuleImports(table, './mcp.js');
  const input = new JsonSchemaWriter(model, 'input');
  const output = new JsonSchemaWriter(model, 'output');
  const names = toolNamesOf(model.operations);
  const plans = Array.from(counted(model.operations), (op) => planTool(model, op, names.get(op)!, input, output));

  // One table of named schemas for both directions: a schema whose request and response forms differ has a name for each.
  const definitions = new Map<string, JsonSchema>();
  for (const [name, schema] of [...Object.entries(input.definitions()), ...Object.entries(output.definitions())]) {
    const known = definitions.get(name);
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(schema)) throw new Error(`mcp: the request and response forms of ${name} differ under one name`);
    definitions.set(name, schema);
  }
  shareParameters(plans, definitions);
  const sortedDefinitions = [...definitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  const tools = plans.map((plan) => {
    const { op } = plan;
    const { hasParams, hasBody, paramsRequired, bodyRequired } = callArgumentsOf(op);
    // The arguments are checked before anything is sent (the server asks for `validateRequest`): the casts name what the check ensures.
    const args = [
      'client',
      ...(hasParams ? [`params as ${im.type(op.names.params)}${paramsRequired ? '' : ' | undefined'}`] : []),
      ...(hasBody ? [`body as ${im.type(op.names.body)}${bodyRequired ? '' : ' | undefined'}`] : []),
      'options',
    ];
    const unused = [hasParams ? 'params' : '_params', hasBody ? 'body' : '_body'];
    const fields: [string, string][] = [
      ['operationId', stringLiteral(op.operationId)],
      ['name', stringLiteral(plan.name)],
      ...(titleOf(op) !== undefined ? ([['title', stringLiteral(titleOf(op)!)]] as [string, string][]) : []),
      ['description', stringLiteral(descriptionOf(op, plan.bodyArgument))],
      ['method', stringLiteral(op.method)],
      ['path', stringLiteral(pathLabel(op))],
      ['tags', literal(op.tags)],
      ['inputSchema', literal(plan.inputSchema)],
      ...(plan.outputSchema ? ([['outputSchema', literal(plan.outputSchema)]] as [string, string][]) : []),
      ['annotations', literal(annotationsOf(op))],
      ...(plan.bodyArgument ? ([['bodyArgument', stringLiteral(plan.bodyArgument)]] as [string, string][]) : []),
      ...(plan.binaryFields.length > 0 ? ([['binaryFields', literal(plan.binaryFields)]] as [string, string][]) : []),
      ['output', stringLiteral(plan.output)],
      ['spec', im.value(op.targetNames[CALL_NAME]!)],
      ['call', `(client, ${unused.join(', ')}, options) => ${im.value(op.name)}(${args.join(', ')})`],
    ];
    return { name: op.targetNames['mcpTool']!, initializer: objectLiteral(fields) };
  });

  const set = objectLiteral([
    ['name', stringLiteral(context.packageName)],
    ['version', stringLiteral(model.version || '0.0.0')],
    ['title', stringLiteral(model.title)],
    ['definitions', 'mcpDefinitions'],
    ['tools', `[\n${tools.map((tool) => tool.name).join(',\n')}\n]`],
  ]);
  const constant = (name: string, type: string, initializer: string, docs?: string): StatementStructures => ({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs ? [docs] : [],
    declarations: [{ name, type, initializer }],
  });
  const statements: StatementStructures[] = [
    constant(
      'mcpDefinitions',
      `${im.type('ApiToolSet')}['definitions']`,
      `{ ${sortedDefinitions.map(([name, schema]) => `${stringLiteral(name)}: ${literal(schema)}`).join(',\n')} }`,
      "The named schemas the tools' JSON Schemas reference (`$defs`), each under its type's name (a request's or a response's form where they differ).",
    ),
    ...tools.map((tool) => constant(tool.name, im.type('ApiTool'), tool.initializer)),
    exportedConst(
      'mcpTools',
      set,
      jsDoc(
        `${model.title}'s ${plans.length} operations as MCP tools: each one's name, description, JSON Schemas of its arguments (parameters by name, the body under \`body\`) and of its answer, annotations from its method, and the client function that calls it.`,
      ),
      im.type('ApiToolSet'),
    ),
    {
      kind: StructureKind.Interface,
      name: 'McpServerOptions',
      isExported: true,
      docs: ['Which tools the server offers and how, and the client they call the API with.'],
      extends: [im.type('ToolSetOptions')],
      properties: [
        {
          name: 'client',
          hasQuestionToken: true,
          type: `${im.type('HttpClient')} | ${im.type('ClientOptions')}`,
          docs: ['The client the tools call the API with, or the options of one (`createClient`): base URL, credentials, signing, retries. @default createClient()'],
        },
      ],
    },
    {
      kind: StructureKind.Function,
      name: 'createMcpServer',
      isExported: true,
      docs: [
        jsDoc(
          `An MCP server whose tools are ${model.title}'s operations, called through the client: arguments are checked before anything is sent, an API error is a tool error carrying the error body, a page says how to get the next, a stream's items come as progress notifications. One tool per operation, or three (list, describe, call) above ${MCP_COMPACT_ABOVE} tools or with \`compact: true\`.`,
          `@example\nimport { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';\n\nconst server = createMcpServer({ client: { baseUrl: 'https://api.example.com' } });\nawait server.connect(new StdioServerTransport());`,
          '@throws Error when `options.tools` names neither an operationId nor a tag.',
        )!,
      ],
      parameters: [{ name: 'options', type: 'McpServerOptions', initializer: '{}' }],
      returnType: im.type('McpServer'),
      statements: [
        'const { client, ...rest } = options;',
        `return ${im.value('createApiMcpServer')}(mcpTools, client instanceof ${im.value('HttpClient')} ? client : ${im.value('createClient')}(client), rest);`,
      ],
    },
  ];
  return printSourceFile(generatedHeader(sourceLabel), { statements: [...im.declarations(), ...statements] });
}
