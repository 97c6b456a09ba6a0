/**
 * Target `zod`: a zod 4 validator per named schema (`<Name>Schema`), the `schemas`
 * record keyed by the spec's names, and compile-time checks that each validator's
 * inferred type equals the emitted type.
 */
import { StructureKind, VariableDeclarationKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import { jsDoc } from '../../util/text.js';
import { exportedRecord, printSourceFile } from '../../util/ts.js';
import { typeChecksFile } from '../../print/checks.js';
import { generatedHeader, type Target } from '../target.js';
import { helperModuleOf, printZod, ZOD_NAMESPACE, zodFlavorOf, zodImportFor, zodPrintContext, zodTypeOf, type ZodPrintContext } from '../../print/zod.js';
import { importsFor } from '../../print/symbols.js';
import { sharedExpressionsOf } from '../../print/shared.js';
import { formsOf, type Direction } from '../../model/directions.js';
import { compareText } from '../../util/compare.js';

export const zodTarget: Target = {
  appliesTo: () => true,
  readmeData: (context) => ({ zodMini: zodFlavorOf(context) === 'mini' }),
  run(context) {
    const { model, sourceLabel, runtimePackage } = context;
    const flavor = zodFlavorOf(context);
    const im = importsFor(context, './schemas.js');
    const declared = new Set<string>();
    const helpers = new Set<string>();
    const { declared: annotated, unchecked } = context.plans.validatorTypes;
    const shared = sharedExpressionsOf(context);
    const zodContext = (direction?: Direction): ZodPrintContext => zodPrintContext({ model, declared, helpers, flavor, opaque: annotated, shared, ...(direction ? { direction } : {}) });
    const ctx = zodContext();
    const forms = { input: zodContext('input'), output: zodContext('output') };
    const statements: StatementStructures[] = [];
    for (const named of model.schemas) {
      // The request and response forms (readOnly/writeOnly) follow the schema as written.
      const printed = formsOf(named).map(({ names, direction, says }) => ({ ...names, expression: printZod(named.schema, direction ? forms[direction] : ctx), form: says }));
      declared.add(named.key);
      for (const { typeName, schemaName, expression, form } of printed) {
        const annotation = annotated.has(named.key) || unchecked.has(named.key) ? zodTypeOf(im.type(typeName), flavor) : '';
        // Typed as `z.ZodType<…>` (mini: `z.ZodMiniType<…>`).
        if (annotated.has(named.key) || unchecked.has(named.key)) helpers.add(ZOD_NAMESPACE);
        statements.push({
          kind: StructureKind.VariableStatement,
          declarationKind: VariableDeclarationKind.Const,
          isExported: true,
          docs: [jsDoc(`Validator of {@link ${typeName}}${named.origin === 'component' ? ` (component \`${named.key}\`${form})` : ''}.`)!],
          declarations: [
            unchecked.has(named.key)
              ? { name: schemaName, initializer: `(${expression}) as unknown as ${annotation}` }
              : { name: schemaName, initializer: expression, ...(annotated.has(named.key) ? { type: annotation } : {}) },
          ],
        });
      }
    }
    statements.push(
      exportedRecord({
        name: 'schemas',
        entries: [...model.schemas].sort((a, b) => compareText(a.key, b.key)).map((s) => ({ key: s.key, value: s.schemaName })),
        docs: 'Every validator, keyed by the schema name used in the spec.',
      }),
    );
    // The runtime helpers the zod printer used (zod itself is a namespace import).
    for (const helper of helpers) if (helper !== ZOD_NAMESPACE) im.valueFrom(helper, helperModuleOf(helper, runtimePackage, flavor));
    const imports: StatementStructures[] = [...zodImportFor(helpers, flavor), ...im.declarations()];
    const schemasFile = printSourceFile(generatedHeader(sourceLabel), { statements: [...imports, ...shared.resolve(statements), ...statements] });

    const checksFile = typeChecksFile({
      header: generatedHeader(sourceLabel),
      runtimePackage,
      aliasName: 'ValidatorTypesMatch',
      pairs: model.schemas
        .filter((s) => !annotated.has(s.key))
        .flatMap((s) => [s, ...Object.values(s.variants ?? {})])
        .map((s) => ({ validator: s.schemaName, type: s.typeName, validatorModule: './schemas.js', typeModule: './types.js' })),
    });
    return [
      { path: 'src/schemas.ts', contents: schemasFile, barrel: true },
      ...(model.schemas.some((s) => !annotated.has(s.key)) ? [{ path: 'src/type-checks.ts', contents: checksFile }] : []),
    ];
  },
};
