/**
 * The client target's validators and calls: `src/validators.ts`, the lean validator of every
 * named schema (`AccountValidator`), and `src/calls.ts`, each operation as the client calls it
 * (`getSpotPriceCall`: the metadata of `operations.ts`' constant, with validators that need no
 * zod). A program that calls one operation's function bundles that operation's call and the
 * validators it names, and none of zod.
 *
 * Two modules, not one: TypeScript's control-flow analysis walks back from each name a
 * module's top level uses over the declarations before it, so its cost grows with the square
 * of a module's declarations. On Stripe's package, a consumer's strict tsc of one call through
 * the sources took 3.56 s with one module and 2.91 s with these two.
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
import { importsFor, runtimeSubpath, type ModuleImports } from '../../print/symbols.js';
import { sharedExpressionsOf } from '../../print/shared.js';
import { generatedHeader, type GeneratedFile, type TargetContext } from '../target.js';
import { CALL_NAME, clientValidates } from './plugin.js';

/** `src/validators.ts`: the lean validator of every named schema, or nothing where the client writes none. */
export function validatorsFile(context: TargetContext): GeneratedFile | undefined {
  const { model, sourceLabel, runtimePackage } = context;
  if (!clientValidates(context.options) || model.schemas.length === 0) return undefined;
  const im = importsFor(context, './validators.js');
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
  for (const named of model.schemas) {
    const printed = formsOf(named).map(({ names, direction, says }) => ({ ...names, expression: printLean(named.schema, direction ? forms[direction] : ctx), says }));
    declared.add(named.key);
    for (const { typeName, validatorName, expression, says } of printed) {
      statements.push(exportedConst(validatorName, expression, jsDoc(`Lean validator of \`${typeName}\`${named.origin === 'component' ? ` (component \`${named.key}\`${says})` : ''}.`), validatorType(typeName)));
    }
  }
  return { path: 'src/validators.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements: [...leanImports(im, helpers, runtimePackage), ...shared.resolve(statements), ...statements] }) };
}

/** `src/calls.ts`: each operation as the client calls it, its validators in place or named from validators.ts. */
export function callsFile(context: TargetContext): GeneratedFile {
  const { model, sourceLabel, runtimePackage } = context;
  const im = importsFor(context, './calls.js');
  // Every named validator is declared already, in validators.ts: named where used, and imported from there.
  const declared = new Set(model.schemas.map((s) => s.key));
  const helpers = new Set<string>();
  const shared = sharedExpressionsOf(context);
  const refer = (name: string): string => im.value(name);
  const forms = { input: leanPrintContext(model, declared, helpers, 'input', shared, refer), output: leanPrintContext(model, declared, helpers, 'output', shared, refer) };
  const statements: StatementStructures[] = [];
  const validating = clientValidates(context.options);
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
  return { path: 'src/calls.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements: [...leanImports(im, helpers, runtimePackage), ...shared.resolve(statements), ...statements] }) };
}

/** A module's imports: the lean namespace where something uses it (a document without schemas, parameters or bodies has nothing to validate), then the rest. */
function leanImports(im: ModuleImports, helpers: ReadonlySet<string>, runtimePackage: string): StatementStructures[] {
  for (const helper of helpers) if (helper !== LEAN_NAMESPACE) im.valueFrom(helper, helperModuleOf(helper, runtimePackage, 'classic'));
  const leanImport: StatementStructures[] = helpers.has(LEAN_NAMESPACE) ? [{ kind: StructureKind.ImportDeclaration, moduleSpecifier: runtimeSubpath(runtimePackage, 'lean'), namespaceImport: LEAN_NAMESPACE }] : [];
  return [...leanImport, ...im.declarations()];
}
