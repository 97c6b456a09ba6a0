/**
 * Target `client`: a typed client on the runtime's HttpClient. One class per tag with
 * one method per operation, `iterate…` methods for paginated lists, and a root class
 * that holds the groups.
 */
import { pathLabel } from '../../model/derive.js';
import { Scope, StructureKind } from '../../util/structure-kinds.js';
import type { ClassDeclarationStructure, FunctionDeclarationStructure, MethodDeclarationStructure, OptionalKind, ParameterDeclarationStructure, StatementStructures } from 'ts-morph';
import type { ApiModel, OperationModel } from '../../model/types.js';
import { formsOf } from '../../model/directions.js';
import { callArgumentsOf, PAGE_ITERATOR, targetName, STREAM_FUNCTION, streamAlternativeOf, streamedResponseOf } from '../../model/operation-kinds.js';
import { docsOf, jsDoc, propertyKey, stringLiteral } from '../../util/text.js';
import { isIdentifierName } from '../../model/names.js';
import { CALL_NAME, CLIENT_RUNTIME_EXPORTS, CLIENT_RUNTIME_TYPE_EXPORTS, clientValidates } from './plugin.js';
import { callsFile, validatorsFile } from './calls.js';
import { printSourceFile } from '../../util/ts.js';
import { importsFor, type ModuleImports } from '../../print/symbols.js';
import { generatedHeader, type Target } from '../target.js';
import { clientReadmeData } from './readme.js';
import { operationDone, operationsToDo } from '../../util/progress.js';

function securityDocs(op: OperationModel): string | undefined {
  if (op.security.length === 0) return 'Public: sends no credentials.';
  const alternatives = op.security.map((req) => {
    const schemes = Object.keys(req).join(' + ');
    const scopes = [...new Set(Object.values(req).flat())];
    return scopes.length > 0 ? `${schemes} (${scopes.join(', ')})` : schemes;
  });
  return `Security: ${alternatives.join(' or ')}.`;
}

/**
 * An operation as callables: the function (`getSpotPrice(client, params, options)`, its own
 * operation's metadata only) and, for paginated lists, its iterator; and the group class's
 * methods, which call them with the class's `HttpClient`.
 */
function callablesOf(op: OperationModel, im: ModuleImports): { functions: FunctionDeclarationStructure[]; methods: OptionalKind<MethodDeclarationStructure>[] } {
  const { hasParams, paramsRequired, hasBody: body, bodyRequired } = callArgumentsOf(op);
  const parameters: OptionalKind<ParameterDeclarationStructure>[] = [];
  if (hasParams) parameters.push({ name: 'params', type: im.type(op.names.params), ...(paramsRequired ? {} : { initializer: '{}' }) });
  if (body) parameters.push({ name: 'body', type: im.type(op.names.body), ...(bodyRequired ? {} : { hasQuestionToken: true }) });
  parameters.push({ name: 'options', type: im.type('CallOptions'), hasQuestionToken: true });
  const withClient: OptionalKind<ParameterDeclarationStructure>[] = [{ name: 'client', type: im.type('HttpClient') }, ...parameters];
  const forwarded = ['this.http', ...parameters.map((p) => p.name)].join(', ');
  // The operation's own call (src/calls.ts): a program that calls this function bundles no other operation, and no zod.
  const opRef = im.value(op.targetNames[CALL_NAME]!);
  // callOperation(client, op, options, params?, body?): the values this operation takes, and no more.
  const values = ['client', opRef, 'options', ...(hasParams || body ? [hasParams ? 'params' : 'undefined'] : []), ...(body ? ['body'] : [])].join(', ');
  const deprecated = op.deprecated ? '@deprecated The spec marks this operation deprecated.' : undefined;
  // `line`: what an overload adds, before the tags.
  const docsWith = (line?: string, brief = false): string | undefined => jsDoc(
    op.summary,
    brief ? undefined : op.description,
    line,
    securityDocs(op),
    [
      deprecated,
      `@throws {OperationApiError<${op.names.errorId}, ${op.names.error}>} when the API answers with an error status (narrow it with \`isOperationError(error, '${op.operationId}')\`, then \`error.bodyMatchesSchema\` for the typed body).`,
      `@see \`${op.method} ${pathLabel(op)}\` (\`operations${isIdentifierName(op.operationId) ? `.${op.operationId}` : `[${stringLiteral(op.operationId)}]`}\` describes it)`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const docs = docsWith();
  // The group's method says what the operation does and sends; what it throws, and the operation's
  // metadata, are said once, on the function it calls (GitHub's description: 0.3 MB less of client.ts).
  const methodDocs = jsDoc(op.summary, op.description, securityDocs(op), [deprecated, `@see {@link ${op.name}}, which it calls: the errors it throws, and \`${op.method} ${pathLabel(op)}\``].filter(Boolean).join('\n'));
  // A streamed response resolves, once it has arrived, to its items (the response type is an item's).
  const streamed = streamedResponseOf(op) !== undefined;
  const returnType = streamed ? `Promise<AsyncIterableIterator<${im.type(op.names.response)}>>` : `Promise<${im.type(op.names.response)}>`;
  const alternative = streamAlternativeOf(op);
  const items = alternative ? `Promise<AsyncIterableIterator<${im.type(op.names.streamItem)}>>` : '';
  const flag = alternative && body ? op.streamFlag : undefined;
  const plain = `${im.value(streamed ? 'streamOperation' : 'callOperation')}<${op.names.response}>(${values})`;
  const functions: FunctionDeclarationStructure[] = [];
  const methods: OptionalKind<MethodDeclarationStructure>[] = [];
  if (flag !== undefined) {
    // One function whose answer follows the body's flag: `stream: true` reads the stream, anything else the body.
    const { overloads, implementation } = flagOverloads({ op, im, parameters, flag, items, docsWith });
    const access = `body${bodyRequired ? '' : '?'}.${flag}`;
    const chosen = `${access} === true ? ${im.value('streamOperation')}<${op.names.streamItem}>(${values}) : ${plain}`;
    functions.push({ kind: StructureKind.Function, name: op.name, isExported: true, parameters: withClient, returnType: implementation, overloads: overloads.map((o) => ({ ...o, parameters: [withClient[0]!, ...o.parameters] })), statements: [`return ${chosen};`] });
    methods.push({ name: op.name, parameters, returnType: implementation, overloads, statements: [`return ${op.name}(${forwarded});`] });
  } else {
    functions.push({ kind: StructureKind.Function, name: op.name, isExported: true, parameters: withClient, returnType, docs: docs ? [docs] : [], statements: [`return ${plain};`] });
    methods.push({ name: op.name, parameters, returnType, docs: methodDocs ? [methodDocs] : [], statements: [`return ${op.name}(${forwarded});`] });
  }
  const streamName = op.targetNames[STREAM_FUNCTION];
  if (alternative && streamName !== undefined) {
    // No flag in the body: the stream is a function of its own, asked for by `Accept`.
    const streamDocs = jsDoc(
      op.summary,
      `\`${op.operationId}\` answered as a stream (\`Accept: ${alternative.stream.contentType}\`): resolves once the answer has arrived, to its items as they are read; \`${op.name}\` asks for the body (\`${alternative.content?.contentType ?? 'application/json'}\`) instead.`,
      securityDocs(op),
      [deprecated, `@throws {ApiError} when the answer is an error, or not the stream (its Content-Type says another media type).`, `@throws {StreamError} while iterating, at an item the stream is bad at.`, `@see \`${op.method} ${op.path}\``].filter(Boolean).join('\n'),
    )!;
    functions.push({ kind: StructureKind.Function, name: streamName, isExported: true, parameters: withClient, returnType: items, docs: [streamDocs], statements: [`return ${im.value('streamOperation')}<${op.names.streamItem}>(${values});`] });
    methods.push({ name: streamName, parameters, returnType: items, docs: [streamDocs], statements: [`return ${streamName}(${forwarded});`] });
  }
  if (op.pagination) {
    const iteratorDocs = jsDoc(`Every item of \`${op.operationId}\`, page after page (${op.pagination.style} pagination), for \`for await\`.`, deprecated, `@throws {ApiError<${op.names.errorId}>} when a page request fails.`)!;
    functions.push({
      kind: StructureKind.Function,
      name: targetName(op, PAGE_ITERATOR),
      isExported: true,
      parameters: withClient,
      returnType: `AsyncIterableIterator<${im.type(op.names.item)}>`,
      docs: [iteratorDocs],
      statements: [`return ${im.value('iterateOperation')}<${op.names.item}>(${values});`],
    });
    methods.push({ name: targetName(op, PAGE_ITERATOR), parameters, returnType: `AsyncIterableIterator<${op.names.item}>`, docs: [iteratorDocs], statements: [`return ${targetName(op, PAGE_ITERATOR)}(${forwarded});`] });
  }
  return { functions, methods };
}

/**
 * The overloads of an operation whose success answer is a body or a stream, chosen by a boolean
 * property of its body (`stream`): `true` resolves to the stream's items, `false` or absent to the
 * body, and a flag only known at run time to either.
 */
function flagOverloads(init: {
  op: OperationModel;
  im: ModuleImports;
  parameters: OptionalKind<ParameterDeclarationStructure>[];
  flag: string;
  items: string;
  /** The operation's docs with a line about one overload; `brief`: without the description, which the first overload carries. */
  docsWith: (line: string, brief?: boolean) => string | undefined;
}): { overloads: { parameters: OptionalKind<ParameterDeclarationStructure>[]; returnType: string; docs: string[] }[]; implementation: string } {
  const { op, im, parameters, flag, items, docsWith } = init;
  const bodyType = im.type(op.names.body);
  const key = propertyKey(flag);
  const answer = `Promise<${im.type(op.names.response)}>`;
  const implementation = `Promise<${im.type(op.names.response)} | AsyncIterableIterator<${im.type(op.names.streamItem)}>>`;
  const withBody = (type: string, required: boolean): OptionalKind<ParameterDeclarationStructure>[] =>
    parameters.map((p) => {
      const bodyRequired = required || parameters.some((other) => other.name === 'body' && !other.hasQuestionToken);
      if (p.name === 'body') return { name: 'body', type, ...(bodyRequired ? {} : { hasQuestionToken: true }) };
      // An overload declares no default: the parameter may be left out there, or be undefined before a required body.
      const { initializer, ...declared } = p;
      if (initializer === undefined) return p;
      return bodyRequired ? { ...declared, type: `${String(p.type)} | undefined` } : { ...declared, hasQuestionToken: true };
    });
  const say = (line: string, brief = true): string[] => docsOf(docsWith(line, brief));
  return {
    overloads: [
      { parameters: withBody(`${bodyType} & { ${key}: true }`, true), returnType: items, docs: say(`With \`${flag}: true\`: resolves once the answer has arrived, to the stream's items as they are read (\`StreamError\` while iterating).`, false) },
      { parameters: withBody(`${bodyType} & { ${key}?: false | null }`, false), returnType: answer, docs: say(`Without \`${flag}: true\`: resolves to the answer's body.`) },
      { parameters: withBody(bodyType, false), returnType: implementation, docs: say(`With \`${flag}\` known only at run time: the stream's items when it is \`true\`, else the body.`) },
    ],
    implementation,
  };
}

export const clientTarget: Target = {
  appliesTo: (model) => model.kind === 'openapi' && model.operations.length > 0,
  readmeData: ({ model, options }) => ({ ...clientReadmeData(model), validates: clientValidates(options) }),
  run(context) {
    const { model, sourceLabel, runtimePackage } = context;
    const clientName = model.client.className;
    const byId = new Map(model.operations.map((op) => [op.operationId, op]));
    operationsToDo(model.operations.length);
    const classes: ClassDeclarationStructure[] = [];
    const functions: FunctionDeclarationStructure[] = [];
    const im = importsFor(context, './client.js');
    const groupProps = model.client.groups.map((g) => ({ prop: g.property, cls: g.className, ...(g.description ? { description: g.description } : {}) }));
    const groupsByClass = new Map(model.client.groups.map((g) => [g.className, g]));
    for (const group of model.client.groups) {
      const ops = group.operations.map((id) => byId.get(id)!);
      const callables = ops.map((op) => {
        const made = callablesOf(op, im);
        operationDone();
        return made;
      });
      functions.push(...callables.flatMap((c) => c.functions));
      const nested = group.children.length > 0 ? `; the groups of the tags under it are its properties` : '';
      classes.push({
        kind: StructureKind.Class,
        name: group.className,
        isExported: true,
        docs: [
          jsDoc(
            ops.length > 0
              ? `Operations tagged \`${group.tag}\`: each method calls the function of the same name with this client${nested}.`
              : `The groups of the tags under \`${group.tag}\`.`,
            group.description,
          )!,
        ],
        properties: group.children.map((child) => ({ name: child.property, type: child.className, isReadonly: true, docs: docsOf(groupsByClass.get(child.className)?.description) })),
        ctors: [
          {
            // A group of groups only hands the client on.
            parameters: [{ name: 'http', type: im.type('HttpClient'), ...(ops.length > 0 ? { scope: Scope.Private, isReadonly: true } : {}) }],
            statements: group.children.map((child) => `this.${child.property} = new ${child.className}(http);`),
          },
        ],
        methods: callables.flatMap((c) => c.methods),
      });
    }
    const root: ClassDeclarationStructure = {
      kind: StructureKind.Class,
      name: clientName,
      isExported: true,
      docs: [
        jsDoc(
          `Typed client of ${model.title} ${model.version}.`,
          model.versioning?.current ? `Sends \`${model.versioning.header ?? 'version'}: ${model.versioning.current}\` unless \`options.version\` says otherwise.` : undefined,
          `@example\nconst client = new ${clientName}({ baseUrl: 'https://api.example.com' });`,
        )!,
      ],
      properties: [
        { name: 'http', type: im.type('HttpClient'), isReadonly: true, docs: ['The runtime client: signing, retries, pagination.'] },
        ...groupProps.map((g) => ({ name: g.prop, type: g.cls, isReadonly: true, docs: docsOf(g.description) })),
      ],
      ctors: [
        {
          parameters: [{ name: 'options', type: im.type('ClientOptions'), initializer: '{}' }],
          statements: ['this.http = createClient(options);', ...groupProps.map((g) => `this.${g.prop} = new ${g.cls}(this.http);`)],
        },
      ],
    };
    const statements: StatementStructures[] = [
      // What a caller needs to handle failures and configure the client, without a second import.
      {
        kind: StructureKind.ExportDeclaration,
        moduleSpecifier: runtimePackage,
        namedExports: [...CLIENT_RUNTIME_EXPORTS],
      },
      {
        kind: StructureKind.ExportDeclaration,
        moduleSpecifier: runtimePackage,
        isTypeOnly: true,
        namedExports: [...CLIENT_RUNTIME_TYPE_EXPORTS],
      },
      // The lean validator of every named schema: Standard Schema v1 validators that need no zod,
      // for libraries that take any vendor's (Hono's standard validator, tRPC, TanStack Form).
      ...(clientValidates(context.options) ? leanValidatorExports(model) : []),
      {
        kind: StructureKind.Function,
        name: 'createClient',
        isExported: true,
        docs: [
          jsDoc(
            `The client the operation functions below take: signing, retries, pagination, for ${model.title} ${model.version}.`,
            `\`new ${clientName}(options).http\` is one as well.`,
            `@example\nconst client = createClient({ baseUrl: 'https://api.example.com' });`,
          )!,
        ],
        parameters: [{ name: 'options', type: im.type('ClientOptions'), initializer: '{}' }],
        returnType: im.type('HttpClient'),
        // The signed calls name the server-time operation themselves (`uses.serverTime`).
        statements: [`return new ${im.value('HttpClient')}(${im.value('apiInfo')}, options);`],
      },
      ...functions,
      ...classes,
      root,
      {
        kind: StructureKind.Interface,
        name: 'OperationErrors',
        isExported: true,
        docs: ['The typed `ApiError` of each operation: its error ids, and its error body where `bodyMatchesSchema` says it matched the declared schema.'],
        properties: model.operations.map((op) => ({ name: propertyKey(op.operationId), type: `${im.type('OperationApiError')}<${im.type(op.names.errorId)}, ${im.type(op.names.error)}>` })),
      },
      {
        kind: StructureKind.Function,
        name: 'isOperationError',
        isExported: true,
        docs: [
          jsDoc(
            'Whether a caught error is the `ApiError` of one operation, typed with its error ids and error body.',
            `@example\ntry { ... } catch (error) {\n  if (isOperationError(error, '${model.operations[0]?.operationId ?? 'operationId'}') && error.bodyMatchesSchema) console.error(error.status, error.body);\n}`,
          )!,
        ],
        typeParameters: [{ name: 'K', constraint: 'keyof OperationErrors' }],
        parameters: [
          { name: 'error', type: 'unknown' },
          { name: 'operationId', type: 'K' },
        ],
        returnType: 'error is OperationErrors[K]',
        statements: [`return ${im.value('ApiError')}.is(error, operationId);`],
      },
    ];
    // The imports follow from what the statements above printed.
    const contents = printSourceFile(generatedHeader(sourceLabel), { statements: [...im.declarations(), ...statements] });
    const validators = validatorsFile(context);
    return [{ path: 'src/client.ts', contents, barrel: true }, callsFile(context), ...(validators ? [validators] : [])];
  },
};

/** `export { AccountValidator, … } from './validators.js'`: the lean validators, by name (none for a document without schemas). */
function leanValidatorExports(model: ApiModel): StatementStructures[] {
  const names = model.schemas.flatMap((named) => formsOf(named).map(({ names: { validatorName } }) => validatorName)).sort();
  return names.length === 0 ? [] : [{ kind: StructureKind.ExportDeclaration, moduleSpecifier: './validators.js', namedExports: names }];
}
