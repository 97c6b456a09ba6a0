/**
 * Target `feed` (AsyncAPI documents): the message unions of each side
 * (`ClientMessage`, `ServerMessage`), their validators, a `messages` record and
 * `parseFeedMessage`, which turns a raw frame into a typed server message.
 */
import { StructureKind, VariableDeclarationKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import { resolve } from '../../model/derive.js';
import type { ApiModel, MessageModel, SchemaNode } from '../../model/types.js';
import { jsDoc, literal, valueKey, stringLiteral } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { typeChecksFile } from '../../print/checks.js';
import { generatedHeader, type Target } from '../target.js';
import { printType, typePrintContext } from '../../print/types.js';
import { helperModuleOf, importingZodContext, printZod, ZOD_NAMESPACE, zodFlavorOf, zodImportFor, type ZodFlavor } from '../../print/zod.js';
import { importsFor } from '../../print/symbols.js';
import { compareText } from '../../util/compare.js';

/** The property whose closed literal tells most of the variants apart (e.g. `channel`). */
function tagProperty(model: ApiModel, payloads: SchemaNode[]): { property: string; tagged: number[] } | undefined {
  const counts = new Map<string, number[]>();
  payloads.forEach((payload, index) => {
    const target = resolve(model, payload);
    if (target?.kind !== 'object') return;
    for (const p of target.properties) {
      const closed = p.required && (p.schema.kind === 'literal' || (p.schema.kind === 'string' && p.schema.enum && !p.schema.openEnum));
      if (closed) counts.set(p.name, [...(counts.get(p.name) ?? []), index]);
    }
  });
  const best = [...counts.entries()].sort(([a, x], [b, y]) => y.length - x.length || compareText(a, b))[0];
  return best && best[1].length >= 2 ? { property: best[0], tagged: best[1] } : undefined;
}

/** What the type and zod printers used, recorded as they print: they become imports through the symbol table. */
interface Imports {
  schemas: Set<string>;
  types: Set<string>;
  /** Runtime helpers the printed validators call (`openObject`, `refinements`, ...). */
  helpers: Set<string>;
}

function unionStatements(args: { model: ApiModel; side: MessageModel['direction']; typeName: string; schemaName: string; imports: Imports; flavor: ZodFlavor; opaque: ReadonlySet<string> }): StatementStructures[] {
  const { model, side, typeName, schemaName, imports, flavor, opaque } = args;
  const messages = model.messages.filter((m) => m.direction === side);
  const typeCtx = typePrintContext(model, imports.types);
  const zodCtx = importingZodContext({ model, used: imports.schemas, helpers: imports.helpers, flavor, opaque });
  const payloads = messages.map((m) => m.payload);
  const types = [...new Set(payloads.map((p) => printType(p, typeCtx)))];
  const validators = payloads.map((p) => printZod(p, zodCtx));
  let validator: string;
  const tag = tagProperty(model, payloads);
  const tagIsUsable = tag?.tagged.every((i) => {
    const p = payloads[i];
    return p?.kind === 'ref' && zodCtx.isTaggedObject(p.target, tag.property);
  });
  // Any case but a single message calls zod here.
  if (validators.length !== 1) imports.helpers.add(ZOD_NAMESPACE);
  if (validators.length === 0) validator = 'z.never()';
  else if (validators.length === 1) validator = validators[0]!;
  else if (tag && tagIsUsable) {
    const tagged = tag.tagged.map((i) => validators[i]!);
    const rest = validators.filter((_, i) => !tag.tagged.includes(i));
    const discriminated = `z.discriminatedUnion(${stringLiteral(tag.property)}, [${tagged.join(', ')}])`;
    validator = rest.length === 0 ? discriminated : `z.union([${discriminated}, ${rest.join(', ')}])`;
  } else validator = `z.union([${validators.join(', ')}])`;
  const who = side === 'client' ? 'the client sends' : 'the server sends';
  return [
    {
      kind: StructureKind.TypeAlias,
      name: typeName,
      isExported: true,
      docs: [`Every message ${who}${tag ? `, told apart by \`${tag.property}\`` : ''}.`],
      type: types.length > 0 ? types.join(' | ') : 'never',
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      docs: [`Validator of {@link ${typeName}}.`],
      declarations: [{ name: schemaName, initializer: validator }],
    },
  ];
}

/** An AsyncAPI server as a WebSocket URL (`wss://host/path`). */
function feedUrlOf(model: ApiModel): string {
  const server = model.servers[0];
  if (!server) return 'wss://feed.example.com';
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables[name]?.default ?? name);
  return /^[a-z]+:\/\//i.test(url) ? url : `${server.protocol === 'ws' ? 'ws' : 'wss'}://${url}`;
}

export const feedTarget: Target = {
  appliesTo: (model) => model.kind === 'asyncapi',
  readmeData: ({ model }) => ({ feedUrl: feedUrlOf(model) }),
  run(context) {
    const { model, sourceLabel, runtimePackage } = context;
    const flavor = zodFlavorOf(context);
    const im = importsFor(context, './messages.js');
    const imports: Imports = { schemas: new Set(), types: new Set(), helpers: new Set() };
    const opaque = context.plans.validatorTypes.declared;
    const zodCtx = importingZodContext({ model, used: imports.schemas, helpers: imports.helpers, flavor, opaque });
    const entries = model.messages.map((m) => {
      const fields = {
        name: m.name,
        direction: m.direction,
        ...(m.title ? { title: m.title } : {}),
        ...(m.summary ? { summary: m.summary } : {}),
        ...(Object.keys(m.extensions).length > 0 ? { extensions: m.extensions } : {}),
      };
      return `${valueKey(m.key)}: { ...${literal(fields)}, schema: ${printZod(m.payload, zodCtx)} }`;
    });
    const unions = [
      ...unionStatements({ model, side: 'client', typeName: 'AnyClientMessage', schemaName: 'clientMessageSchema', imports, flavor, opaque }),
      ...unionStatements({ model, side: 'server', typeName: 'AnyServerMessage', schemaName: 'serverMessageSchema', imports, flavor, opaque }),
    ];
    // Printed first, so that the imports are known when they are declared above them.
    const declarations: StatementStructures[] = [
      ...unions,
      {
        kind: StructureKind.TypeAlias,
        name: 'FeedParseResult',
        isExported: true,
        docs: ['Outcome of {@link parseFeedMessage}: a typed server message, or why the frame is not one.'],
        type: `${im.type('MessageParseResult')}<AnyServerMessage>`,
      },
      {
        kind: StructureKind.Function,
        name: 'parseFeedMessage',
        isExported: true,
        docs: [
          jsDoc(
            'Parses a frame received from the server (text or bytes) into a typed message. Never throws.',
            'Narrow the result by its discriminating property (e.g. `message.channel`).',
          )!,
        ],
        parameters: [{ name: 'raw', type: im.type('RawFrame') }],
        returnType: 'FeedParseResult',
        statements: [`return ${im.value('parseMessage')}(serverMessageSchema, raw);`],
      },
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        docs: ['Every message of the document, keyed by its name in `components.messages`: who sends it, its validator, its extensions.'],
        declarations: [{ name: 'messages', initializer: `{ ${entries.join(',\n')} } as const` }],
      },
    ];
    for (const name of imports.schemas) im.value(name);
    for (const name of imports.types) im.type(name);
    for (const helper of imports.helpers) if (helper !== ZOD_NAMESPACE) im.valueFrom(helper, helperModuleOf(helper, runtimePackage, flavor));
    // With every payload a named schema and more than one message each way, no validator here is built with `z` itself.
    const statements: StatementStructures[] = [...zodImportFor(imports.helpers, flavor), ...im.declarations(), ...declarations];
    const checks = typeChecksFile({
      header: generatedHeader(sourceLabel),
      runtimePackage,
      aliasName: 'MessageTypesMatch',
      pairs: [
        { validator: 'clientMessageSchema', type: 'AnyClientMessage', validatorModule: './messages.js', typeModule: './messages.js' },
        { validator: 'serverMessageSchema', type: 'AnyServerMessage', validatorModule: './messages.js', typeModule: './messages.js' },
      ],
    });
    return [
      { path: 'src/messages.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements }), barrel: true },
      { path: 'src/message-checks.ts', contents: checks },
    ];
  },
};
