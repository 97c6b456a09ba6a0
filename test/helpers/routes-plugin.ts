/**
 * A plugin as a team would write one against the plugin contract: `src/routes.ts`, with one
 * constant per operation (its method, path, `OperationSpec` constant and client function) and
 * the list of them, every name planned by the model and printed through the symbol table.
 */
import { OPERATION_SPEC, targetName } from '../../generator/model/operation-kinds.js';
import { importsFor } from '../../generator/print/symbols.js';
import { generatedHeader, type TargetContext, type TargetPlugin } from '../../generator/targets/target.js';
import { literal } from '../../generator/util/text.js';
import { exportedConst, printSourceFile } from '../../generator/util/ts.js';

/** The key of its per-operation name in `op.targetNames`. */
export const ROUTE = 'route';

export const routesPlugin: TargetPlugin = {
  name: 'routes',
  part: 'routes',
  needs: ['operations', 'client'],
  entryPoint: 'routes',
  defines: { './routes.js': ['routes'] },
  operationNames: [{ key: ROUTE, module: './routes.js', want: ({ camel }) => `${camel}Route` }],
  load: () => ({
    appliesTo: (model) => model.kind === 'openapi' && model.operations.length > 0,
    run: (context: TargetContext) => {
      const { model, sourceLabel } = context;
      const im = importsFor(context, './routes.js');
      const statements = model.operations.map((op) =>
        exportedConst(
          im.value(targetName(op, ROUTE)),
          `{ method: ${literal(op.method)}, path: ${literal(op.path)}, operation: ${im.value(targetName(op, OPERATION_SPEC))}, call: ${im.value(op.name)} } as const`,
          `\`${op.operationId}\`.`,
        ),
      );
      const routes = model.definedNames['routes']!['routes']!;
      statements.push(exportedConst(routes, `[${model.operations.map((op) => im.value(targetName(op, ROUTE))).join(', ')}] as const`, 'Every route.'));
      return [{ path: 'src/routes.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements: [...im.declarations(), ...statements] }) }];
    },
  }),
};
