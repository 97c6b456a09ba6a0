/**
 * Target `types`: a named, documented TypeScript type for every schema of the model and
 * for each operation's parameters, body, responses, error ids and list items.
 */
import { StructureKind, type InterfaceDeclarationStructure, type OptionalKind, type TypeAliasDeclarationStructure } from 'ts-morph';
import { isSuccessStatus } from '../../model/derive.js';
import type { NamedSchema, OperationModel, SchemaNode } from '../../model/types.js';
import { jsDoc, literal, propertyKey } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { indexSignatureType, isEmptyClosedObject, objectProperties, printRequestBodyType, printType, propertyDocs, schemaTags, typePrintContext, type TypePrintContext } from './print.js';
import { compareText } from '../../util/compare.js';

type Declaration = InterfaceDeclarationStructure | TypeAliasDeclarationStructure;

export const typesTarget: Target = {
  name: 'types',
  appliesTo: () => true,
  run({ model, sourceLabel }) {
    const ctx = typePrintContext(model);
    const declarations: Declaration[] = [
      ...[...model.schemas].sort((a, b) => compareText(a.typeName, b.typeName)).map((s) => schemaDeclaration(s, ctx)),
      ...model.operations.flatMap((op) => operationDeclarations(op, ctx)),
      ...model.webhooks.flatMap((op) => operationDeclarations(op, ctx)),
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

function schemaDeclaration(named: NamedSchema, ctx: TypePrintContext): Declaration {
  const node = named.schema;
  const docs = declarationDocs(node, named.origin === 'component' ? `Component \`${named.key}\`.` : undefined);
  const docsStructure = docs ? [{ kind: StructureKind.JSDoc as const, description: docs }] : [];
  if (node.kind === 'object' && !node.nullable && !node.not && !node.conditional && !isEmptyClosedObject(node)) {
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

function operationDeclarations(op: OperationModel, ctx: TypePrintContext): Declaration[] {
  const out: Declaration[] = [];
  const label = `\`${op.operationId}\` (${op.method} ${op.path})`;
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
  const bodies = [...new Set(success.map((r) => (r.content ? printType(r.content.schema, ctx) : 'undefined')))];
  out.push(alias(op.names.response, bodies.length > 0 ? bodies.join(' | ') : 'unknown', `Success response body of ${label}.`));
  const ids = op.errorIds.known.map((id) => literal(id));
  if (op.errorIds.open) ids.push(ids.length > 0 ? '(string & {})' : 'string');
  out.push(alias(op.names.errorId, ids.join(' | '), `Error ids that ${label} can fail with.`));
  if (op.pagination) out.push(alias(op.names.item, op.itemSchema ? printType(op.itemSchema, ctx) : 'unknown', `One item of the list ${label} pages through.`));
  return out;
}
