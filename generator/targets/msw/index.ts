/**
 * Target `msw`: a Mock Service Worker request handler per operation (`<op>Handler`) and
 * `handlers()` with all of them, answering from the seeded fixtures, from the package's mock
 * running in memory (`options.mock`), or from a test's own answer.
 */
import { StructureKind } from '../../util/structure-kinds.js';
import type { FunctionDeclarationStructure, StatementStructures } from 'ts-morph';
import { ModuleImports, type SymbolTable } from '../../print/symbols.js';
import { answeredResponseOf, serverUrlOf, pathLabel } from '../../model/derive.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import { jsDoc, literal, stringLiteral } from '../../util/text.js';
import { streamAlternativeOf, streamedResponseOf } from '../../model/operation-kinds.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { mswReadmeData } from './readme.js';
import { counted } from '../../util/progress.js';

/** MSW's request matchers by method; others are matched by `http.all`. */
const MSW_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** A path template in MSW's form: `/things/{thing-id}` -> `/things/:thing_id` (a parameter name is letters, digits and `_` there). */
export const mswPath = (path: string): string => path.replace(/\{([^}]+)\}/g, (_, name: string) => `:${name.replace(/[^A-Za-z0-9_]/g, '_')}`);

/** The path of the spec's first server (`/api` of `https://example.com/api`): handlers match it under any origin by default. */
export function serverPath(model: ApiModel): string {
  const url = serverUrlOf(model);
  try {
    return new URL(url).pathname.replace(/\/+$/, '');
  } catch {
    return url.startsWith('/') ? url.replace(/\/+$/, '') : '';
  }
}

/** The answer a handler gives unless told otherwise: what the package's mock answers (`answeredResponseOf`), with that response's body fixture. */
function seededAnswer(op: OperationModel, im: ModuleImports): string {
  const { status, response } = answeredResponseOf(op);
  // A stream offered beside the body: how it streams, what asks for it, and its seeded items.
  const offered = streamAlternativeOf(op);
  const alternative = offered
    ? `, alternative: { spec: ${literal({ status: offered.status, contentType: offered.stream.contentType, ...offered.stream.sequence, ...(op.streamFlag !== undefined ? { flag: op.streamFlag } : {}) })}, fixture: (seed) => ${im.value('streamItemFixture')}(${stringLiteral(op.operationId)}, seed) }`
    : '';
  if (!response?.content) return `{ status: ${status}${alternative} }`;
  const fixture = `(seed) => ${im.value('responseFixture')}(${stringLiteral(op.operationId)}, ${stringLiteral(response.status)}, seed)`;
  // A streamed response answers with several seeded items, framed as its media type frames them.
  const stream = response.content.sequence ? `, stream: ${literal(response.content.sequence)}` : '';
  return `{ status: ${status}, body: { contentType: ${stringLiteral(response.content.contentType)}, json: ${response.content.json}, fixture: ${fixture}${stream} }${alternative} }`;
}

/**
 * Orders operations as a router must try them: MSW answers with the first handler that matches,
 * so segment by segment a literal (`/user/login`) goes before a parameter (`/user/{username}`),
 * which would match it too. Literals compare by text and a shorter path goes first, which
 * makes this a total order (a stable sort keeps operations on one path by operationId).
 */
export function bySpecificity(a: OperationModel, b: OperationModel): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i]!, right[i]!];
    const [xParam, yParam] = [x.includes('{'), y.includes('{')];
    if (xParam !== yParam) return xParam ? 1 : -1;
    if (!xParam && x !== y) return x < y ? -1 : 1;
  }
  if (left.length !== right.length) return left.length - right.length;
  // On one path, an operation whose path key fixes a query (`?beta=true`) is tried before the plain one.
  return Object.keys(b.fixedQuery ?? {}).length - Object.keys(a.fixedQuery ?? {}).length;
}

function handlerFunction(op: OperationModel, defaultBase: string, im: ModuleImports): FunctionDeclarationStructure {
  const matcher = MSW_METHODS.has(op.method) ? op.method.toLowerCase() : 'all';
  const answered = `${im.value('handlerAnswer')}({ info, seeded: ${seededAnswer(op, im)}, options, defaultBase: ${stringLiteral(defaultBase)}, override: answer })`;
  // MSW has no matcher of its own for QUERY and the methods of additionalOperations: `all`, and
  // any other method falls through to the next handler (a resolver that returns nothing).
  // MSW matches on the path alone: the query a path key fixes (`?beta=true`) is a condition of the resolver too.
  const conditions = [
    ...(matcher === 'all' ? [`info.request.method === ${stringLiteral(op.method)}`] : []),
    ...(op.fixedQuery ? [`${im.value('carriesQuery')}(info.request, ${literal(op.fixedQuery)})`] : []),
  ];
  const resolved = conditions.length > 0 ? `(${conditions.join(' && ')} ? ${answered} : undefined)` : answered;
  const url = `${im.value('handlerUrl')}(options, ${stringLiteral(defaultBase)}, ${stringLiteral(mswPath(op.path))})`;
  return {
    kind: StructureKind.Function,
    name: op.targetNames['mswHandler']!,
    isExported: true,
    docs: [
      jsDoc(
        `MSW handler of \`${op.operationId}\` (\`${op.method} ${pathLabel(op)}\`): answers with \`answer\`'s body or response, else \`options.mock\`'s answer, else the operation's seeded fixture.`,
        `@example\nserver.use(${op.targetNames['mswHandler']}(() => new Response(null, { status: 503 })));`,
      )!,
    ],
    parameters: [
      // A streamed operation's test answers with its items: a list, or an async iterable sent as it yields.
      // One whose success response offers a stream beside its body answers with the body, or with the stream's items as an async iterable.
      { name: 'answer', type: `${im.type('HandlerOverride')}<${streamedResponseOf(op) ? `readonly ${im.type(op.names.response)}[] | AsyncIterable<${im.type(op.names.response)}>` : streamAlternativeOf(op) && op.names.streamItem !== '' ? `${im.type(op.names.response)} | AsyncIterable<${im.type(op.names.streamItem)}>` : im.type(op.names.response)}>`, hasQuestionToken: true },
      { name: 'options', type: im.type('HandlerOptions'), initializer: '{}' },
    ],
    returnType: im.type('HttpHandler'),
    statements: [`return ${im.value('http')}.${matcher}(${url}, (info) => ${resolved});`],
  };
}

/** `defaultBase`: where handlers match without `options.baseUrl` (`--option msw.baseUrl`; any origin under the server path by default). */
export function mswModule(model: ApiModel, symbols: SymbolTable, defaultBase = `*${serverPath(model)}`): StatementStructures[] {
  const im = new ModuleImports(symbols, './msw.js');
  // Printed first, so that the imports are known when they are declared above them.
  const declarations: StatementStructures[] = [
    // From the module that declares them (the mock runtime's `testing` subpath: no server code).
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: symbols.homeOf('HandlerOptions')!, isTypeOnly: true, namedExports: ['HandlerOptions', 'HandlerOverride'] },
    ...Array.from(counted(model.operations), (op) => handlerFunction(op, defaultBase, im)),
    {
      kind: StructureKind.Function,
      name: 'handlers',
      isExported: true,
      docs: [
        jsDoc(
          `A handler for every operation of ${model.title}, answering with seeded fixtures, or with \`options.mock\` (\`${model.entryNames.createMock}()\` from \`./mock\`: stateful, in memory).`,
          `@example\nconst server = setupServer(...handlers());`,
        )!,
      ],
      parameters: [{ name: 'options', type: im.type('HandlerOptions'), initializer: '{}' }],
      returnType: `${im.type('HttpHandler')}[]`,
      // Stable sort: operations as specific as each other keep their order (by operationId).
      statements: [`return [${[...model.operations].sort(bySpecificity).map((op) => `${op.targetNames['mswHandler']}(undefined, options)`).join(', ')}];`],
    },
  ];
  return [...im.declarations(), ...declarations];
}

export const mswTarget: Target = {
  appliesTo: (model) => model.kind === 'openapi' && model.operations.length > 0,
  readmeData: ({ model }) => mswReadmeData(model),
  run(context) {
    const { model, sourceLabel, options } = context;
    const { symbols } = context;
    const contents = printSourceFile(generatedHeader(sourceLabel), { statements: mswModule(model, symbols, options?.['baseUrl']) });
    return [{ path: 'src/msw.ts', contents }];
  },
};
