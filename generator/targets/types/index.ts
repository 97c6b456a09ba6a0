/**
 * Target `types`: a named, documented TypeScript type for every schema of the model and
 * for each operation's parameters, body, responses, error ids and list items.
 */
import { StructureKind } from '../../util/structure-kinds.js';
import type { InterfaceDeclarationStructure, OptionalKind, TypeAliasDeclarationStructure } from 'ts-morph';
import { isSuccessStatus, pathLabel } from '../../model/derive.js';
import { streamAlternativeOf } from '../../model/operation-kinds.js';
import type { Direction } from '../../model/directions.js';
import type { NamedSchema, OperationModel, SchemaNode } from '../../model/types.js';
import { jsDoc, literal, propertyKey } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { indexSignatureType, isEmptyClosedObject, objectProperties, printRequestBodyType, printType, propertyDocs, schemaTags, typePrintContext, type TypePrintContext } from '../../print/types.js';
import { compareText } from '../../util/compare.js';
import { counted } from '../../util/progress.js';

type Declaration = InterfaceDeclarationStructure | TypeAliasDeclarationStructure;

export const typesTarget: Target = {
  appliesTo: () => true,
  run({ model, sourceLabel }) {
    const ctx = typePrintContext(model);
    const forms = { input: typePrintContext(model, undefined, 'input'), output: typePrintContext(model, undefined, 'output') };
    const variants = model.schemas.flatMap((s) =>
      (['input', 'output'] as const).flatMap((direction) => {
        const names = s.variants?.[direction];
        return names ? [{ named: { ...s, typeName: names.typeName }, ctx: forms[direction], direction }] : [];
      }),
    );
    const declarations: Declaration[] = [
      ...[...model.schemas.map((s) => ({ named: s, ctx, direction: undefined })), ...variants]
        .sort((a, b) => compareText(a.named.typeName, b.named.typeName))
        .map((d) => schemaDeclaration(d.named, d.ctx, d.direction)),
      ...Array.from(counted(model.operations), (op) => operationDeclarations(op, forms.input, forms.output)).flat(),
      // A webhook's payload is sent by the server, as a response is.
      ...model.webhooks.flatMap((op) => operationDeclarations(op, forms.output, forms.output)),
    ];
    const contents = printSourceFile(generatedHeader(sourceLabel), { statements: declarations });
    return [{ path: 'src/types.ts', contents, barrel: true }];
  },
};

/** JSDoc of a named declaration, with the first example when it is short. */
export function declarationDocs(schema: SchemaNode, extra?: string): string | undefined {
  const example = schema.examples?.[0];
  const exampleText = example !== undefined ? JSON.stringify(example, null, 2) : undefined;
  return jsDoc(
    propertyDocs(schema, extra),
    exampleText !== undefined && exampleText.length <= 600 ? `@example\n${exampleText}` : undefined,
  );
}

function schemaDeclaration(named: NamedSchema, ctx: TypePrintContext, direction?: Direction): Declaration {
  const node = named.schema;
  const form = direction === 'input' ? ' as a request sends it (without read-only properties)' : direction === 'output' ? ' as a response returns it (without write-only properties)' : '';
  const docs = declarationDocs(node, named.origin === 'component' ? `Component \`${named.key}\`${form}.` : form ? `Form${form}.` : undefined);
  const docsStructure = docs ? [{ kind: StructureKind.JSDoc as typeof StructureKind.JSDoc, description: docs }] : [];
  if (node.kind === 'object' && !node.nullable && !node.not && !node.conditional && !isEmptyClosedObject(node, ctx.direction)) {
    const index = indexSignatureType(node, ctx);
    {
      return {
        kind: StructureKind.Interface,
        name: named.typeName,
        isExported: true,
        docs: docsStructure,
        properties: objectProperties(node, ctx).map((p) => ({
          name: p.name,
          type: p.type,
          hasQuestionToken: p.optional,
          docs: p.docs ? [p.docs] : [],
        })),
        indexSignatures: index !== undefined ? [{ keyName: 'key', keyType: 'string', returnType: index }] : [],
      };
    }
  }
  return { kind: StructureKind.TypeAlias, name: named.typeName, isExported: true, docs: docsStructure, type: printType(node, ctx) };
}

function alias(name: string, type: string, docs?: string): TypeAliasDeclarationStructure {
  const escaped = docs === undefined ? undefined : jsDoc(docs);
  return { kind: StructureKind.TypeAlias, name, isExported: true, type, docs: escaped ? [escaped] : [] };
}

function operationDeclarations(op: OperationModel, ctx: TypePrintContext, responseCtx: TypePrintContext): Declaration[] {
  const out: Declaration[] = [];
  const label = `\`${op.operationId}\` (${op.method} ${pathLabel(op)})`;
  if (op.parameters.length > 0) {
    const props: OptionalKind<import('ts-morph').PropertySignatureStructure>[] = op.parameters.map((p) => ({
      name: propertyKey(p.key),
      type: printType(p.schema, ctx),
      hasQuestionToken: !p.required,
      docs: [jsDoc(p.description ?? p.schema.description, `Sent in the ${p.in}.`, schemaTags({ ...p.schema, deprecated: p.deprecated === true || p.schema.deprecated === true }))!],
    }));
    out.push({ kind: StructureKind.Interface, name: op.names.params, isExported: true, docs: [jsDoc(`Parameters of ${label}.`)!], properties: props });
  }
  const body = op.requestBody?.contents[0];
  if (body) out.push(alias(op.names.body, printRequestBodyType(body.schema, ctx), jsDoc(op.requestBody?.description, `Request body of ${label}.`)));
  const success = op.responses.filter((r) => isSuccessStatus(r.status));
  const bodies = [...new Set(success.map((r) => (r.content ? printType(r.content.schema, responseCtx) : 'undefined')))];
  out.push(alias(op.names.response, bodies.length > 0 ? bodies.join(' | ') : 'unknown', `Success response body of ${label}.`));
  const alternative = streamAlternativeOf(op);
  if (alternative)
    out.push(alias(op.names.streamItem, printType(alternative.stream.schema, responseCtx), `One item of the stream (\`${alternative.stream.contentType}\`) ${label} answers instead of its body when asked${op.streamFlag !== undefined ? ` (\`${op.streamFlag}: true\`)` : ''}.`));
  const ids = op.errorIds.known.map((id) => literal(id));
  if (op.errorIds.open) ids.push(ids.length > 0 ? '(string & {})' : 'string');
  out.push(alias(op.names.errorId, ids.join(' | '), `Error ids that ${label} can fail with.`));
  const errorBodies = [...new Set(op.responses.filter((r) => !isSuccessStatus(r.status)).map((r) => (r.content ? printType(r.content.schema, responseCtx) : 'undefined')))];
  out.push(
    alias(
      op.names.error,
      errorBodies.length > 0 ? errorBodies.join(' | ') : 'unknown',
      `Body of an error response of ${label}, as \`ApiError.body\` holds it once it matches the declared schema.`,
    ),
  );
  if (op.pagination) out.push(alias(op.names.item, op.itemSchema ? printType(op.itemSchema, responseCtx) : 'unknown', `One item of the list ${label} pages through.`));
  return out;
}
