/**
 * `src/calls.ts` of the client target: each operation as the client calls it (`getSpotPriceCall`:
 * the metadata of `operations.ts`' constant, with validators that need no zod), and the lean
 * validator of every named schema they use. A program that calls one operation's function
 * bundles that operation's call and validators, and none of zod.
 */
import { StructureKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import { jsDoc } from '../../util/text.js';
import { exportedConst, printSourceFile } from '../../util/ts.js';
import { parametersNode, runtimeOperationsFirst, pathLabel } from '../../model/derive.js';
import type { OperationModel, SchemaNode } from '../../model/types.js';
import { formsOf } from '../../model/directions.js';
import { LEAN_NAMESPACE, leanPrintContext, printLean, printParametersLean, printRequestBodyLean } from '../../print/lean.js';
import { operationSpecFields } from '../../print/operation-spec.js';
import { helperModuleOf } from '../../print/zod.js';
import { runtimeSubpath } from '../../print/symbols.js';
import { importsFor } from '../../print/symbols.js';
import { sharedExpressionsOf } from '../../print/shared.js';
import { generatedHeader, type GeneratedFile, type TargetContext } from '../target.js';
import { CALL_NAME, clientValidates } from './plugin.js';

export function callsFile(context: TargetContext): GeneratedFile {
  const { model, sourceLabel, runtimePackage } = context;
  const im = importsFor(context, './calls.js');
  const declared = new Set<string>();
  const helpers = new Set<string>();
  const shared = sharedExpressionsOf(context);
  const ctx = leanPrintContext(model, declared, helpers, undefined, shared);
  const forms = { input: leanPrintContext(model, declared, helpers, 'input', shared), output: leanPrintContext(model, declared, helpers, 'output', shared) };
  // Annotated with the type it validates (types.ts): a validator that refers to itself needs a declared
  // type, and Standard Schema's consumers infer what they are handed from it.
  const validatorType = (typeName: string): string => {
    helpers.add(LEAN_NAMESPACE);
    return `${LEAN_NAMESPACE}.LeanValidator<${im.type(typeName)}>`;
  };
  const statements: StatementStructures[] = [];
  const validating = clientValidates(context.options);
  for (const named of validating ? model.schemas : []) {
    const printed = formsOf(named).map(({ names, direction, says }) => ({ ...names, expression: printLean(named.schema, direction ? forms[direction] : ctx), says }));
    declared.add(named.key);
    for (const { typeName, validatorName, expression, says } of printed) {
      statements.push(exportedConst(validatorName, expression, jsDoc(`Lean validator of \`${typeName}\`${named.origin === 'component' ? ` (component \`${named.key}\`${says})` : ''}.`), validatorType(typeName)));
    }
  }
  const features = { model, runtime: (name: string) => im.value(name), operation: (other: OperationModel) => other.targetNames[CALL_NAME]! };
  // The operations the runtime calls itself come first: the signed ones name them (`uses.serverTime`).
  for (const op of runtimeOperationsFirst(model)) {
    const body = op.requestBody?.contents[0];
    // Without validators every status is declared without one: nothing is checked, and an error body is never said to match its schema.
    const validators = validating
      ? {
          ...(op.parameters.length > 0 ? { parameters: printParametersLean(parametersNode(op), forms.input) } : {}),
          ...(body ? { body: printRequestBodyLean(body.schema, forms.input) } : {}),
          response: (schema: SchemaNode) => printLean(schema, forms.output),
        }
      : { response: () => 'undefined' };
    const fields = operationSpecFields(op, validators, features, shared);
    statements.push(
      exportedConst(
        op.targetNames[CALL_NAME]!,
        `{ ${fields.join(', ')} } as const satisfies ${im.type('OperationSpec')}`,
        jsDoc(`\`${op.operationId}\` as the client calls it: ${op.method} ${pathLabel(op)}, ${validating ? 'with validators that need no zod' : 'without validators (`client.validation=none`)'}.`),
      ),
    );
  }
  for (const helper of helpers) if (helper !== LEAN_NAMESPACE) im.valueFrom(helper, helperModuleOf(helper, runtimePackage, 'classic'));
  // The namespace only where something uses it: a document without schemas, parameters or bodies has nothing to validate.
  const leanImport: StatementStructures[] = helpers.has(LEAN_NAMESPACE) ? [{ kind: StructureKind.ImportDeclaration, moduleSpecifier: runtimeSubpath(runtimePackage, 'lean'), namespaceImport: LEAN_NAMESPACE }] : [];
  const imports: StatementStructures[] = [...leanImport, ...im.declarations()];
  return { path: 'src/calls.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements: [...imports, ...shared.resolve(statements), ...statements] }) };
}
