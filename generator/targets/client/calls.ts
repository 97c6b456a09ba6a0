/**
 * `src/calls.ts` of the client target: each operation as the client calls it (`getSpotPriceCall`:
 * the metadata of `operations.ts`' constant, with validators that need no zod), and the lean
 * validator of every named schema they use. A program that calls one operation's function
 * bundles that operation's call and validators, and none of zod.
 */
import { StructureKind, VariableDeclarationKind } from '../../util/ts-morph.js';
import type { StatementStructures } from 'ts-morph';
import { jsDoc } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { parametersNode, runtimeOperationsFirst } from '../../model/derive.js';
import type { OperationModel } from '../../model/types.js';
import { LEAN_NAMESPACE, leanPrintContext, printLean, printParametersLean, printRequestBodyLean } from '../../print/lean.js';
import { operationSpecFields } from '../../print/operation-spec.js';
import { helperModuleOf } from '../../print/zod.js';
import { importsFor } from '../../print/symbols.js';
import { generatedHeader, type GeneratedFile, type TargetContext } from '../target.js';
import { CALL_NAME } from './plugin.js';

/** The module the lean builders are imported from: the runtime's `lean` subpath, or its file in a standalone package. */
export const leanModuleOf = (runtimePackage: string): string =>
  runtimePackage.endsWith('/index.js') ? runtimePackage.replace(/index\.js$/, 'lean.js') : `${runtimePackage}/lean`;

const constStatement = (name: string, initializer: string, docs: string, type?: string): StatementStructures => ({
  kind: StructureKind.VariableStatement,
  declarationKind: VariableDeclarationKind.Const,
  isExported: true,
  docs: [docs],
  declarations: [{ name, initializer, ...(type ? { type } : {}) }],
});

export function callsFile(context: TargetContext): GeneratedFile {
  const { model, sourceLabel, runtimePackage } = context;
  const im = importsFor(context, './calls.js');
  const declared = new Set<string>();
  const helpers = new Set<string>();
  const ctx = leanPrintContext(model, declared, helpers);
  const forms = { input: leanPrintContext(model, declared, helpers, 'input'), output: leanPrintContext(model, declared, helpers, 'output') };
  // Annotated, untyped: a validator that refers to itself needs a declared type, and the calls' types come from types.ts.
  const validatorType = (): string => {
    helpers.add(LEAN_NAMESPACE);
    return `${LEAN_NAMESPACE}.LeanValidator`;
  };
  const statements: StatementStructures[] = [];
  for (const named of model.schemas) {
    const printed = [
      { ...named, expression: printLean(named.schema, ctx), form: '' },
      ...(['input', 'output'] as const).flatMap((direction) => {
        const names = named.variants?.[direction];
        return names ? [{ ...names, expression: printLean(named.schema, forms[direction]), form: direction === 'input' ? ', as a request sends it' : ', as a response returns it' }] : [];
      }),
    ];
    declared.add(named.key);
    for (const { typeName, validatorName, expression, form } of printed) {
      statements.push(constStatement(validatorName, expression, jsDoc(`Lean validator of \`${typeName}\`${named.origin === 'component' ? ` (component \`${named.key}\`${form})` : ''}.`)!, validatorType()));
    }
  }
  const features = { model, names: { security: () => im.value('resolveSecurity'), pagination: () => im.value('pageWalk'), operation: (other: OperationModel) => other.targetNames[CALL_NAME]! } };
  // The operations the runtime calls itself come first: the signed ones name them (`uses.serverTime`).
  for (const op of runtimeOperationsFirst(model)) {
    const body = op.requestBody?.contents[0];
    const fields = operationSpecFields(
      op,
      {
        ...(op.parameters.length > 0 ? { parameters: printParametersLean(parametersNode(op), forms.input) } : {}),
        ...(body ? { body: printRequestBodyLean(body.schema, forms.input) } : {}),
        response: (schema) => printLean(schema, forms.output),
      },
      features,
    );
    statements.push(
      constStatement(
        op.targetNames[CALL_NAME]!,
        `{ ${fields.join(', ')} } as const satisfies ${im.type('OperationSpec')}`,
        jsDoc(`\`${op.operationId}\` as the client calls it: ${op.method} ${op.path}, with validators that need no zod.`)!,
      ),
    );
  }
  for (const helper of helpers) if (helper !== LEAN_NAMESPACE) im.valueFrom(helper, helperModuleOf(helper, runtimePackage, 'classic'));
  // The namespace only where something uses it: a document without schemas, parameters or bodies has nothing to validate.
  const leanImport: StatementStructures[] = helpers.has(LEAN_NAMESPACE) ? [{ kind: StructureKind.ImportDeclaration, moduleSpecifier: leanModuleOf(runtimePackage), namespaceImport: LEAN_NAMESPACE }] : [];
  const imports: StatementStructures[] = [...leanImport, ...im.declarations()];
  return { path: 'src/calls.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements: [...imports, ...statements] }) };
}
