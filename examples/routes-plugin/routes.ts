/**
 * An example plugin: `src/routes.ts`, every operation's method, path and operationId as one
 * constant each (`listTitlesRoute`), with its `OperationSpec` constant and client function, and
 * the list of them all (`routes`). Listed in a config's `plugins`, it runs with the built-in
 * targets: its names are planned with theirs, and it prints them through the same symbol table.
 *
 *   import routes from './plugins/routes.js';
 *   export default defineConfig({ specs: [...], plugins: [routes] });
 *
 * Option `routes.pathStyle`: `openapi` (`/titles/{titleId}`, the default) or `express` (`/titles/:titleId`).
 */
import { definePlugin, exportedConst, exportedType, generatedHeader, importsFor, literal, OPERATION_SPEC, printSourceFile, targetName, type OperationModel } from 'svc-api-codegen';

/** The key of its per-operation name in `op.targetNames`. */
export const ROUTE = 'route';

/** `/titles/{titleId}` as the style asks. */
const pathIn = (op: OperationModel, style: string): string => (style === 'express' ? op.path.replace(/\{([^}]+)\}/g, ':$1') : op.path);

export default definePlugin({
  name: 'routes',
  // `--targets routes` (or a config's `targets`) chooses it; without `targets`, every part runs.
  part: 'routes',
  // It prints the operations' constants and the client's functions: those targets run first.
  needs: ['operations', 'client'],
  // The package gets a `./routes` entry point.
  entryPoint: 'routes',
  files: ['src/routes.ts'],
  // Its names, each with the module that defines it.
  defines: { './routes.js': ['routes', 'Route'] },
  operationNames: [{ key: ROUTE, module: './routes.js', want: ({ camel }) => `${camel}Route` }],
  options: { pathStyle: { description: 'how paths are written: openapi (/titles/{titleId}) or express (/titles/:titleId)', values: ['openapi', 'express'], default: 'openapi' } },
  appliesTo: (model) => model.kind === 'openapi' && model.operations.length > 0,
  run(context) {
    const { model, sourceLabel } = context;
    const style = context.options?.['pathStyle'] ?? 'openapi';
    // The module being printed: names of other modules it prints become its imports.
    const im = importsFor(context, './routes.js');
    const statements = model.operations.map((op) =>
      exportedConst(
        im.value(targetName(op, ROUTE)),
        `{ method: ${literal(op.method)}, path: ${literal(pathIn(op, style))}, operationId: ${literal(op.operationId)}, operation: ${im.value(targetName(op, OPERATION_SPEC))}, call: ${im.value(op.name)} } as const`,
        `\`${op.operationId}\`: ${op.method} ${op.path}.`,
      ),
    );
    // A fixed name may have moved aside for a schema or another plugin's: the planned one is here.
    const defined = model.definedNames['routes'] ?? {};
    const routes = defined['routes'] ?? 'routes';
    const route = defined['Route'] ?? 'Route';
    statements.push(exportedConst(routes, `[${model.operations.map((op) => targetName(op, ROUTE)).join(', ')}] as const`, 'Every operation of the API, in the order the document lists them.'));
    return [
      {
        path: 'src/routes.ts',
        contents: printSourceFile(generatedHeader(sourceLabel), {
          statements: [...im.declarations(), ...statements, exportedType(route, `(typeof ${routes})[number]`, 'One of `routes`.')],
        }),
      },
    ];
  },
});
