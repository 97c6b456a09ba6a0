/**
 * Target `query`: TanStack Query (v5) options for every operation, as plain objects that any
 * of its adapters takes (React, Vue, Solid, Svelte, Angular): `…Options` for reads,
 * `…InfiniteOptions` for paginated reads (pages from `x-pagination`), `…Mutation` for writes,
 * and `…QueryKey` helpers to invalidate them. It imports TanStack's types only, so a program
 * bundles nothing of TanStack through it.
 */
import { pathLabel } from '../../model/derive.js';
import { StructureKind, VariableDeclarationKind } from '../../util/structure-kinds.js';
import type { FunctionDeclarationStructure, StatementStructures, TypeAliasDeclarationStructure } from 'ts-morph';
import { ModuleImports, type SymbolTable } from '../../print/symbols.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import { callArgumentsOf, OPERATION_SPEC, PAGE_ITERATOR, targetName, isPagedRead, isQueryOperation, streamAlternativeOf, streamedResponseOf } from '../../model/operation-kinds.js';
import { jsDoc, propertyKey, stringLiteral } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { STREAMED_QUERY, TANSTACK_NAMESPACE as Q } from './plugin.js';
import { queryReadmeData } from './readme.js';
import { counted } from '../../util/progress.js';

const errorOf = (op: OperationModel): string => `OperationQueryError<${stringLiteral(op.operationId)}>`;

/** Said where a key function's signature tags a plain array: TanStack's `DataTag` exists in types only. */
const TAG_IS_A_TYPE = '// The signature above tags the key with its data and error types; the key itself is a plain array.';

/** A query key's tuple type: the package's scope, the operationId, then `rest`. */
const keyType = (op: OperationModel, ...rest: string[]): string => `readonly [typeof queryScope, ${[stringLiteral(op.operationId), ...rest].join(', ')}]`;

/**
 * What a query's key holds after the operationId: the parameters, and a `QUERY`'s body, each with
 * its type in the key's tuple (an optional body is there as `undefined`, so the tuple keeps its places).
 */
function keyPartsOf(op: OperationModel, im: ModuleImports): { name: 'params' | 'body'; type: string; required: boolean; inKey: string }[] {
  const { hasParams, paramsRequired, hasBody, bodyRequired } = callArgumentsOf(op);
  const parts: { name: 'params' | 'body'; type: string; required: boolean; inKey: string }[] = [];
  if (hasParams) parts.push({ name: 'params', type: im.type(op.names.params), required: paramsRequired, inKey: im.type(op.names.params) });
  if (hasBody) {
    const body = bodyTypeOf(op, im);
    parts.push({ name: 'body', type: body, required: bodyRequired, inKey: bodyRequired ? body : `${body} | undefined` });
  }
  return parts;
}

/**
 * The body a query or mutation sends: where the body's flag (`stream: true`) would ask for the
 * stream an operation offers beside its JSON, the flag is left out (the stream is no query data).
 */
const bodyTypeOf = (op: OperationModel, im: ModuleImports): string =>
  op.streamFlag !== undefined && streamAlternativeOf(op) ? `${im.type(op.names.body)} & { ${propertyKey(op.streamFlag)}?: false | null }` : im.type(op.names.body);

/** The data a query caches: the response, or a streamed operation's items so far. */
const queryDataOf = (op: OperationModel, im: ModuleImports): string => (streamedResponseOf(op) ? `${im.type(op.names.response)}[]` : im.type(op.names.response));

/** `…QueryKey`: one query's key with its parameters (and body); without them, the prefix every query of the operation starts with. */
function queryKeyFunction(op: OperationModel, im: ModuleImports): FunctionDeclarationStructure {
  const name = op.targetNames['queryKey']!;
  const id = stringLiteral(op.operationId);
  const parts = keyPartsOf(op, im);
  const data = queryDataOf(op, im);
  if (parts.length === 0) {
    return {
      kind: StructureKind.Function,
      name,
      isExported: true,
      overloads: [
        {
          docs: [`The key of the \`${op.operationId}\` query, tagged with its data and error types (\`queryClient.getQueryData\` infers them).`],
          returnType: `${Q}.DataTag<${keyType(op)}, ${data}, ${errorOf(op)}>`,
        },
      ],
      returnType: 'readonly unknown[]',
      statements: [TAG_IS_A_TYPE, `return [queryScope, ${id}];`],
    };
  }
  const given = parts.map((p) => (p.name === 'params' ? 'parameters' : 'body')).join(' and ');
  const values = parts.map((p) => p.name).join(', ');
  const none = parts.map((p) => `${p.name} === undefined`).join(' && ');
  // An overload's documentation is what editors show: each says what its form is for.
  return {
    kind: StructureKind.Function,
    name,
    isExported: true,
    overloads: [
      {
        docs: [`The key of the \`${op.operationId}\` query with these ${given}, tagged with its data and error types (\`queryClient.getQueryData\` infers them).`],
        parameters: parts.map((p) => ({ name: p.name, type: p.type, ...(p.name === 'body' && !p.required ? { hasQuestionToken: true } : {}) })),
        returnType: `${Q}.DataTag<${keyType(op, ...parts.map((p) => p.inKey))}, ${data}, ${errorOf(op)}>`,
      },
      {
        docs: [jsDoc(`The prefix of every \`${op.operationId}\` query${isPagedRead(op) ? ', plain and infinite' : ''}: what \`invalidateQueries\` takes to refetch them all.`, `@example\nawait queryClient.invalidateQueries({ queryKey: ${name}() });`)!],
        parameters: [],
        returnType: keyType(op),
      },
    ],
    parameters: parts.map((p) => ({ name: p.name, type: p.type, hasQuestionToken: true })),
    returnType: 'readonly unknown[]',
    statements: [TAG_IS_A_TYPE, `return ${none} ? [queryScope, ${id}] : [queryScope, ${id}, ${values}];`],
  };
}

/**
 * `…Options`: the query of a read (or a `QUERY`), its key from the parameters (and body), its
 * function cancelled by TanStack's signal. A streamed operation's is a streamed query: its data
 * is the items read so far, growing as they come, and the query is fetching until the stream ends.
 */
function queryOptionsFunction(op: OperationModel, im: ModuleImports): FunctionDeclarationStructure {
  const parts = keyPartsOf(op, im);
  const streamed = streamedResponseOf(op) !== undefined;
  const key = keyType(op, ...parts.map((p) => p.inKey));
  const signalled = `${im.value('withSignal')}(options, signal)`;
  const args = ['client', ...parts.map((p) => p.name), signalled].join(', ');
  const call = `({ signal }) => ${im.value(op.name)}(${args})`;
  const keyArgs = parts.map((p) => p.name).join(', ');
  const hook = streamed ? '`useQuery` (its data grows as the items come)' : '`useQuery`, `queryClient.fetchQuery` or any adapter\'s equivalent';
  return {
    kind: StructureKind.Function,
    name: op.targetNames['queryOptions']!,
    isExported: true,
    docs: [
      jsDoc(
        `\`${op.operationId}\` as a ${streamed ? 'streamed ' : ''}query (\`${op.method} ${pathLabel(op)}\`): pass it to ${hook}; cancelling the query aborts the request.`,
        streamed ? 'A refetch starts the list again (TanStack\'s `streamedQuery`, `refetchMode: \'reset\'`).' : undefined,
        op.deprecated ? '@deprecated The spec marks this operation deprecated.' : undefined,
      )!,
    ],
    parameters: [
      { name: 'client', type: im.type('HttpClient') },
      ...parts.map((p) => ({ name: p.name, type: p.type, ...(p.required ? {} : p.name === 'params' ? { initializer: '{}' } : { hasQuestionToken: true }) })),
      { name: 'options', type: im.type('CallOptions'), hasQuestionToken: true },
    ],
    returnType: streamed
      ? `OperationStreamedQueryOptions<${im.type(op.names.response)}, ${errorOf(op)}, ${key}>`
      : `OperationQueryOptions<${im.type(op.names.response)}, ${errorOf(op)}, ${key}>`,
    statements: [
      streamed
        ? `return { queryKey: ${op.targetNames['queryKey']}(${keyArgs}), queryFn: ${im.value(STREAMED_QUERY)}({ streamFn: ${call} }) };`
        : `return { queryKey: ${op.targetNames['queryKey']}(${keyArgs}), queryFn: ${call} };`,
    ],
  };
}

/** `…InfiniteQueryKey` and `…InfiniteOptions`: a paginated read page by page, each page's parameters from the one before. */
function infiniteFunctions(op: OperationModel, im: ModuleImports): FunctionDeclarationStructure[] {
  const { paramsRequired } = callArgumentsOf(op);
  const key = keyType(op, im.type(op.names.params), "'infinite'");
  const data = `${Q}.InfiniteData<${im.type(op.names.response)}, ${im.type(op.names.params)}>`;
  const keyName = op.targetNames['infiniteQueryKey']!;
  return [
    {
      kind: StructureKind.Function,
      name: keyName,
      isExported: true,
      overloads: [
        {
          docs: [`The key of the infinite \`${op.operationId}\` query that starts at \`params\`, tagged with its pages' type (\`${op.targetNames['queryKey']}()\` is a prefix of it).`],
          parameters: [{ name: 'params', type: im.type(op.names.params) }],
          returnType: `${Q}.DataTag<${key}, ${data}, ${errorOf(op)}>`,
        },
      ],
      parameters: [{ name: 'params', type: im.type(op.names.params) }],
      returnType: 'readonly unknown[]',
      statements: [TAG_IS_A_TYPE, `return [queryScope, ${stringLiteral(op.operationId)}, params, 'infinite'];`],
    },
    {
      kind: StructureKind.Function,
      name: op.targetNames['infiniteOptions']!,
      isExported: true,
      docs: [
        jsDoc(
          `\`${op.operationId}\` as an infinite query: pass it to \`useInfiniteQuery\`; each page is one response, and the next page's parameters come from the last (${op.pagination!.style} pagination, as \`${targetName(op, PAGE_ITERATOR)}\` walks them); there is no next page after the last.`,
          op.deprecated ? '@deprecated The spec marks this operation deprecated.' : undefined,
        )!,
      ],
      parameters: [
        { name: 'client', type: im.type('HttpClient') },
        { name: 'params', type: im.type(op.names.params), ...(paramsRequired ? {} : { initializer: '{}' }) },
        { name: 'options', type: im.type('CallOptions'), hasQuestionToken: true },
      ],
      returnType: `OperationInfiniteQueryOptions<${im.type(op.names.response)}, ${errorOf(op)}, ${key}, ${im.type(op.names.params)}>`,
      statements: [
        'return {',
        `  queryKey: ${keyName}(params),`,
        `  queryFn: ({ pageParam, signal }) => ${im.value(op.name)}(client, pageParam, ${im.value('withSignal')}(options, signal)),`,
        '  initialPageParam: params,',
        `  getNextPageParam: (lastPage, _pages, lastPageParams) => ${im.value('nextPageParams')}(${im.value(targetName(op, OPERATION_SPEC))}, lastPageParams, lastPage),`,
        '};',
      ],
    },
  ];
}

/** `…Mutation`: a write as mutation options; its variables are the function's parameters and body by name. */
function mutationFunction(op: OperationModel, im: ModuleImports): FunctionDeclarationStructure {
  const { hasParams, paramsRequired, hasBody, bodyRequired } = callArgumentsOf(op);
  const fields = [...(hasParams ? [`params${paramsRequired ? '' : '?'}: ${im.type(op.names.params)}`] : []), ...(hasBody ? [`body${bodyRequired ? '' : '?'}: ${bodyTypeOf(op, im)}`] : [])];
  const variables = fields.length === 0 ? 'void' : `{ ${fields.join('; ')} }`;
  const names = [...(hasParams ? ['params'] : []), ...(hasBody ? ['body'] : [])];
  const fn = names.length === 0 ? `() => ${im.value(op.name)}(client, options)` : `({ ${names.join(', ')} }) => ${im.value(op.name)}(client, ${names.join(', ')}, options)`;
  const example = names.length === 0 ? 'mutate()' : `mutate({ ${names.join(', ')} })`;
  return {
    kind: StructureKind.Function,
    name: op.targetNames['mutation']!,
    isExported: true,
    docs: [
      jsDoc(
        `\`${op.operationId}\` as a mutation (\`${op.method} ${pathLabel(op)}\`): pass it to \`useMutation\`, then \`${example}\`.`,
        op.deprecated ? '@deprecated The spec marks this operation deprecated.' : undefined,
      )!,
    ],
    parameters: [
      { name: 'client', type: im.type('HttpClient') },
      { name: 'options', type: im.type('CallOptions'), hasQuestionToken: true },
    ],
    returnType: `OperationMutationOptions<${im.type(op.names.response)}, ${errorOf(op)}, ${variables}>`,
    statements: [`return { mutationKey: [queryScope, ${stringLiteral(op.operationId)}], mutationFn: ${fn} };`],
  };
}

/** `OperationStreamedQueryOptions`, declared where a streamed query is. */
function streamedQueryOptionsType(retry: string): TypeAliasDeclarationStructure {
  return {
    kind: StructureKind.TypeAlias,
    name: 'OperationStreamedQueryOptions',
    isExported: true,
    docs: [
      "A streamed read's query options: the data is the list of items read so far. Its function is TanStack's own (`experimental_streamedQuery`), which writes each item into the cache as it comes, and so takes TanStack's query context.",
    ],
    typeParameters: [{ name: 'TItem' }, { name: 'TError' }, { name: 'TKey', constraint: `${Q}.QueryKey` }],
    type: `{ queryKey: ${Q}.DataTag<TKey, TItem[], TError>; queryFn: ${Q}.QueryFunction<TItem[], TKey>; ${retry} }`,
  };
}

/**
 * The option types every function above returns: the part of TanStack's options this module
 * fills in, written structurally. TanStack's own option types hold classes (`QueryClient`,
 * `Query`), which do not match across two copies of query-core (each adapter pins its own);
 * these match every copy and adapter. `retry` (and `select` for pages) are there so that an
 * adapter infers the error (and page) types from them, as it does from its own `queryOptions`.
 */
function optionTypes(im: ModuleImports, streams: boolean): TypeAliasDeclarationStructure[] {
  const retry = 'retry?: boolean | number | ((failureCount: number, error: TError) => boolean)';
  return [
    {
      kind: StructureKind.TypeAlias,
      name: 'OperationQueryError',
      isExported: true,
      docs: ["What an operation's query or mutation fails with: its typed `ApiError`, or a failure of the call itself."],
      typeParameters: [{ name: 'K', constraint: `keyof ${im.type('OperationErrors')}` }],
      type: `${im.type('OperationErrors')}[K] | ${['NetworkError', 'TimeoutError', 'RequestValidationError', 'ResponseValidationError'].map((name) => im.type(name)).join(' | ')}`,
    },
    {
      kind: StructureKind.TypeAlias,
      name: 'OperationQueryOptions',
      isExported: true,
      docs: ["A read's query options, for any TanStack Query adapter: its key is tagged with the data and error types."],
      typeParameters: [{ name: 'TData' }, { name: 'TError' }, { name: 'TKey', constraint: `${Q}.QueryKey` }],
      type: `{ queryKey: ${Q}.DataTag<TKey, TData, TError>; queryFn: (context: { signal: AbortSignal }) => Promise<TData>; ${retry} }`,
    },
    ...(streams ? [streamedQueryOptionsType(retry)] : []),
    {
      kind: StructureKind.TypeAlias,
      name: 'OperationInfiniteQueryOptions',
      isExported: true,
      docs: ["A paginated read's infinite query options: each page's parameters are the operation's parameters."],
      typeParameters: [{ name: 'TPage' }, { name: 'TError' }, { name: 'TKey', constraint: `${Q}.QueryKey` }, { name: 'TParams' }],
      type: [
        '{',
        `  queryKey: ${Q}.DataTag<TKey, ${Q}.InfiniteData<TPage, TParams>, TError>;`,
        '  queryFn: (context: { pageParam: TParams; signal: AbortSignal }) => Promise<TPage>;',
        '  initialPageParam: TParams;',
        '  getNextPageParam: (lastPage: TPage, allPages: TPage[], lastPageParams: TParams) => TParams | undefined;',
        `  ${retry};`,
        `  select?: (data: ${Q}.InfiniteData<TPage, TParams>) => ${Q}.InfiniteData<TPage, TParams>;`,
        '}',
      ].join('\n'),
    },
    {
      kind: StructureKind.TypeAlias,
      name: 'OperationMutationOptions',
      isExported: true,
      docs: ["A write's mutation options, for any TanStack Query adapter."],
      typeParameters: [{ name: 'TData' }, { name: 'TError' }, { name: 'TVariables' }],
      type: `{ mutationKey: readonly unknown[]; mutationFn: (variables: TVariables) => Promise<TData>; ${retry} }`,
    },
  ];
}

export function queryModule(model: ApiModel, scope: string, symbols: SymbolTable): StatementStructures[] {
  const im = new ModuleImports(symbols, './query.js');
  const streams = model.operations.some((op) => isQueryOperation(op) && streamedResponseOf(op) !== undefined);
  // Printed first, so that the imports are known when they are declared above them.
  const declarations: StatementStructures[] = [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ["The first element of every query and mutation key of this package (`--option query.scope`; the package's name by default): `invalidateQueries({ queryKey: [queryScope] })` refetches all of the API's queries."],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'queryScope', initializer: stringLiteral(scope) }],
    },
    ...optionTypes(im, streams),
    // What each operation gets is what the plugin's name rules planned for it (a streamed write: nothing, its function only).
    ...Array.from(counted(model.operations), (op): FunctionDeclarationStructure[] => [
      ...(op.targetNames['queryOptions'] ? [queryKeyFunction(op, im), queryOptionsFunction(op, im)] : []),
      ...(op.targetNames['infiniteOptions'] ? infiniteFunctions(op, im) : []),
      ...(op.targetNames['mutation'] ? [mutationFunction(op, im)] : []),
    ]).flat(),
  ];
  return [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '@tanstack/query-core', isTypeOnly: true, namespaceImport: Q },
    ...im.declarations(),
    ...declarations,
  ];
}

export const queryTarget: Target = {
  appliesTo: (model) => model.kind === 'openapi' && model.operations.length > 0,
  readmeData: ({ model, packageName, options }) => queryReadmeData(model, options?.['scope'] ?? packageName),
  run(context) {
    const { model, sourceLabel, packageName, options } = context;
    const { symbols } = context;
    const contents = printSourceFile(generatedHeader(sourceLabel), { statements: queryModule(model, options?.['scope'] ?? packageName, symbols) });
    return [{ path: 'src/query.ts', contents }];
  },
};
