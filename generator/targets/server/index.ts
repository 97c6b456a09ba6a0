/**
 * Target `server`: `src/server.ts`, the server stub of an OpenAPI document. A typed
 * handler interface (one method per operation: typed params, body and caller in, a union of
 * the spec's responses with their statuses out), the `serverSpec` table the server runtime
 * routes and checks requests with, and a factory that builds the Hono app.
 */
import { HANDLER_REPLY, targetName } from '../../model/operation-kinds.js';
import { StructureKind, VariableDeclarationKind } from '../../util/structure-kinds.js';
import type { InterfaceDeclarationStructure, OptionalKind, MethodSignatureStructure, StatementStructures, TypeAliasDeclarationStructure } from 'ts-morph';
import { resolve, pathLabel } from '../../model/derive.js';
import type { ApiModel, OperationModel, ResponseModel } from '../../model/types.js';
import { jsDoc, literal, objectLiteral, propertyKey } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { printType, typePrintContext } from '../../print/types.js';
import type { ErrorEnvelopePlan } from '../../plans/index.js';
import { shapeOf } from './shapes.js';
import { importsFor, type ModuleImports } from '../../print/symbols.js';
import { counted } from '../../util/progress.js';



/** `warnings` when success bodies of the document carry a list of that name. */
function warningsFieldOf(model: ApiModel): string | undefined {
  return model.schemas.some((s) => {
    const schema = resolve(model, s.schema);
    return schema?.kind === 'object' && schema.properties.some((p) => p.name === 'warnings' && resolve(model, p.schema)?.kind === 'array');
  })
    ? 'warnings'
    : undefined;
}

const statusType = (status: string): string => (/^\d{3}$/.test(status) ? status : 'number');

function replyType(model: ApiModel, response: ResponseModel, used: Set<string>, im: ModuleImports): string {
  const printed = response.content ? printType(response.content.schema, typePrintContext(model, used, 'output')) : 'undefined';
  // A streamed response is its items, as they come (or a list of them): the runtime frames and flushes each.
  const body = response.content?.sequence ? `AsyncIterable<${printed}> | readonly ${/^[\w.]+$/.test(printed) ? printed : `(${printed})`}[]` : printed;
  return `${im.type('HandlerReply')}<${statusType(response.status)}, ${body}>`;
}

function operationEntry(model: ApiModel, op: OperationModel, envelopes: ErrorEnvelopePlan, im: ModuleImports): string {
  // Strings need no parsing: only the other shapes are listed.
  const shapes = op.parameters.flatMap((p): [string, string][] => {
    const shape = shapeOf(model, p.schema);
    return shape.type === 'string' ? [] : [[p.key, literal(shape)]];
  });
  const entries: [string, string][] = [
    ['operation', `${im.value('operations')}[${literal(op.operationId)}]`],
    ...(shapes.length > 0 ? [['shapes', objectLiteral(shapes)] as [string, string]] : []),
    ['twoFactor', literal(model.twoFactor !== undefined && op.responses.some((r) => r.status === String(model.twoFactor!.status)))],
  ];
  const form = op.requestBody?.contents.find((c) => /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.contentType));
  if (form) entries.push(['bodyShape', literal(shapeOf(model, form.schema))]);
  if (op.scopesByField) entries.push(['scopesByField', literal(op.scopesByField)]);
  if (op.rateLimit) entries.push(['rateLimit', literal(op.rateLimit)]);
  const own = envelopes.operations.get(op.operationId);
  if (own) entries.push(['errorEnvelopes', literal(own)]);
  return objectLiteral(entries);
}


export const serverTarget: Target = {
  // A document of webhooks alone gets them too: a mock with no routes, which sends its webhooks.
  appliesTo: (model) => model.kind === 'openapi' && (model.operations.length > 0 || model.webhooks.length > 0),
  readmeData: ({ model }) => ({ createServer: model.entryNames.createServer, createMock: model.entryNames.createMock }),
  run(context) {
    const { model, sourceLabel, serverRuntimePackage } = context;
    const { handlers: handlersName, createServer } = model.entryNames;
    const im = importsFor(context, './server.js');
    // The schema types the type printer names, imported once printed.
    const used = new Set<string>();
    const aliases: OptionalKind<TypeAliasDeclarationStructure>[] = [];
    const methods: OptionalKind<MethodSignatureStructure>[] = [];
    for (const op of counted(model.operations)) {
      const replyName = targetName(op, HANDLER_REPLY);
      const replies = op.responses.map((r) => replyType(model, r, used, im));
      aliases.push({ name: replyName, isExported: true, type: replies.length > 0 ? replies.join(' | ') : im.type('HandlerReply'), docs: [jsDoc(`What a handler of \`${op.operationId}\` answers: a status the spec declares, with its body.`)!] });
      const params = op.parameters.length > 0 ? im.type(op.names.params) : 'Record<string, never>';
      const body = op.requestBody?.contents[0] ? (op.requestBody.required ? im.type(op.names.body) : `${im.type(op.names.body)} | undefined`) : 'undefined';
      methods.push({
        name: propertyKey(op.operationId),
        parameters: [{ name: 'context', type: `${im.type('HandlerContext')}<${params}, ${body}>` }],
        returnType: `${replyName} | Promise<${replyName}>`,
        docs: [jsDoc(`\`${op.method} ${pathLabel(op)}\`${op.summary ? `: ${op.summary}` : ''}`, op.description, op.deprecated ? '@deprecated The spec marks this operation deprecated.' : undefined)!],
      });
    }
    for (const name of used) im.type(name);

    const envelopes = context.plans.errorEnvelopes;
    const missingWarning = model.versioning?.missingWarning;
    const rootLimit = model.rateLimit;
    const languages = model.languages;
    const warningsField = warningsFieldOf(model);
    const specEntries: [string, string][] = [
      ['api', im.value('api')],
      ['operations', objectLiteral(model.operations.map((op) => [op.operationId, operationEntry(model, op, envelopes, im)]))],
      ['errorEnvelope', literal(envelopes.document)],
    ];
    if (rootLimit) specEntries.push(['rateLimit', literal(rootLimit)]);
    if (languages) specEntries.push(['languages', literal(languages)]);
    if (typeof missingWarning === 'string') specEntries.push(['missingVersionWarning', literal(missingWarning)]);
    if (warningsField) specEntries.push(['warningsField', literal(warningsField)]);

    const handlers: InterfaceDeclarationStructure = {
      kind: StructureKind.Interface,
      name: handlersName,
      isExported: true,
      docs: [
        jsDoc(
          `The operations of ${model.title} ${model.version}, one method each: implement them to serve the API.`,
          'Parameters and bodies arrive parsed and validated; a method answers one of the statuses its operation declares. Throw `HttpProblem` to answer an error in the API\'s own envelope.',
        )!,
      ],
      methods,
    };
    // Printed first, so that the imports are known when they are declared above them.
    const declarations: StatementStructures[] = [
      { kind: StructureKind.ExportDeclaration, moduleSpecifier: serverRuntimePackage, namedExports: ['HttpProblem', 'serveNode'] },
      { kind: StructureKind.ExportDeclaration, moduleSpecifier: serverRuntimePackage, isTypeOnly: true, namedExports: ['HandlerContext', 'HandlerReply', 'Principal', 'ServerOptions'] },
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        docs: ['What the server runtime routes and checks requests with: each operation with its parameter shapes, the error envelope, limits and languages.'],
        declarations: [{ name: 'serverSpec', type: im.type('ServerApiSpec'), initializer: objectLiteral(specEntries) }],
      },
      ...aliases.map((a): StatementStructures => ({ kind: StructureKind.TypeAlias, ...a })),
      handlers,
      {
        kind: StructureKind.Function,
        name: createServer,
        isExported: true,
        docs: [
          jsDoc(
            `A Hono app serving ${model.title}: routing, authentication, validation and errors as the spec says, answered by \`handlers\`. Operations without a handler answer 501.`,
            `@example\nconst app = ${createServer}({ /* handlers */ }, { auth: { apiKey: lookUpKey } });\nconst server = await serveNode(app, { port: 8080 });`,
          )!,
        ],
        parameters: [
          { name: 'handlers', type: `Partial<${handlersName}>` },
          { name: 'options', type: im.type('ServerOptions'), initializer: '{}' },
        ],
        returnType: im.type('Hono'),
        statements: [`return ${im.value('createRouter')}(serverSpec, handlers, options);`],
      },
    ];
    const statements: StatementStructures[] = [...im.declarations(), ...declarations];
    return [{ path: 'src/server.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements }), barrel: false }];
  },
};
