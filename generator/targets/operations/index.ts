/**
 * Target `operations`: validators of each operation's parameters and body, the
 * `operations` record keyed by operationId (method, path, validators, responses by
 * status, security), the `webhooks` record and the `api` description the runtime reads.
 */
import { OPERATION_SPEC, targetName } from '../../model/operation-kinds.js';
import { StructureKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import type { OperationModel, SchemaNode } from '../../model/types.js';
import { jsDoc, literal, objectLiteral, valueKey } from '../../util/text.js';
import { exportedConst, exportedRecord, printSourceFile } from '../../util/ts.js';
import { typeChecksFile, type CheckedPair } from '../../print/checks.js';
import { clientGroupOf, parametersNode, runtimeOperationsFirst, tagTree, pathLabel } from '../../model/derive.js';
import { generatedHeader, type Target } from '../target.js';
import { hasWidenedIndex, typePrintContext } from '../../print/types.js';
import { helperModuleOf, importingZodContext, printParametersZod, printRequestBodyZod, printZod, PURE, ZOD_NAMESPACE, zodFlavorOf, zodImportFor } from '../../print/zod.js';
import { importsFor } from '../../print/symbols.js';
import { sharedExpressionsOf } from '../../print/shared.js';
import { operationSpecFields } from '../../print/operation-spec.js';
import { counted } from '../../util/progress.js';

export const operationsTarget: Target = {
  appliesTo: (model) => model.kind === 'openapi',
  readmeData: ({ model }) => ({
    operations: model.operations.map((op) => ({
      operationId: op.operationId,
      method: op.method,
      path: op.path.replace(/\|/g, '\\|'),
      group: clientGroupOf(model, op),
      deprecated: op.deprecated,
    })),
    // OpenAPI 3.2's nested tags, listed as the tree they make; only when a tag has a parent, a kind or a summary.
    tags: model.tags.some((t) => t.parent !== undefined || t.kind !== undefined || t.summary !== undefined)
      ? tagTree(model).map((t) => ({ ...t, indent: '  '.repeat(t.depth) }))
      : [],
  }),
  run(context) {
    const { model, sourceLabel, runtimePackage } = context;
    const flavor = zodFlavorOf(context);
    const im = importsFor(context, './operations.js');
    const operationSpec = im.type('OperationSpec');
    const used = new Set<string>();
    const helpers = new Set<string>();
    // Requests leave out read-only properties, responses (and webhook payloads, sent by the server) write-only ones.
    const annotated = context.plans.validatorTypes.declared;
    const shared = sharedExpressionsOf(context);
    const forms = {
      input: importingZodContext({ model, used, helpers, flavor, opaque: annotated, direction: 'input', shared }),
      output: importingZodContext({ model, used, helpers, flavor, opaque: annotated, direction: 'output', shared }),
    };
    const statements: StatementStructures[] = [];
    const checked: CheckedPair[] = [];
    const typeCtx = typePrintContext(model);
    // A body that is a named validator with a declared type: the check would hold trivially.
    const declaredType = (node: SchemaNode): boolean => node.kind === 'ref' && annotated.has(node.target);

    const webhooks = new Set(model.webhooks);
    const requestForm = (op: OperationModel) => (webhooks.has(op) ? forms.output : forms.input);

    for (const op of [...model.operations, ...model.webhooks]) {
      if (op.parameters.length > 0) {
        // Parameters are checked as a plain object: unknown keys are dropped, not rejected.
        const text = printParametersZod(parametersNode(op), requestForm(op));
        statements.push(exportedConst(op.names.paramsSchema, text, `Validator of {@link ${op.names.params}}.`));
        checked.push({ validator: op.names.paramsSchema, type: op.names.params, validatorModule: './operations.js', typeModule: './types.js' });
      }
      const body = op.requestBody?.contents[0];
      if (body) {
        statements.push(exportedConst(op.names.bodySchema, printRequestBodyZod(body.schema, requestForm(op)), `Validator of the request body of \`${op.operationId}\`.`));
        if (!declaredType(body.schema) && !hasWidenedIndex(body.schema, typeCtx))
          checked.push({ validator: op.names.bodySchema, type: op.names.body, validatorModule: './operations.js', typeModule: './types.js' });
      }
    }

    const features = { model, runtime: (name: string) => im.value(name), operation: (other: OperationModel) => targetName(other, OPERATION_SPEC) };
    const operationFields = (op: OperationModel, withFeatures = true): string[] =>
      operationSpecFields(
        op,
        {
          ...(op.parameters.length > 0 ? { parameters: op.names.paramsSchema } : {}),
          ...(op.requestBody?.contents[0] ? { body: op.names.bodySchema } : {}),
          response: (schema) => printZod(schema, forms.output),
        },
        withFeatures ? features : undefined,
        shared,
      );
    const operationEntry = (op: OperationModel): string => {
      const doc = jsDoc(op.summary, op.deprecated ? '@deprecated' : undefined);
      // Webhooks are received, not called: no client features.
      return `${doc ? `/** ${doc.replace(/\n/g, ' ')} */\n` : ''}${valueKey(op.operationId)}: { ${operationFields(op, false).join(', ')} }`;
    };

    // One constant per operation, so that a program calling one operation's function bundles that operation alone.
    // The operations the runtime calls itself come first: the signed ones name them (`uses.serverTime`).
    for (const op of counted(runtimeOperationsFirst(model))) {
      statements.push(exportedConst(targetName(op, OPERATION_SPEC), `{ ${operationFields(op).join(', ')} } as const satisfies ${operationSpec}`, jsDoc(`\`${op.operationId}\`: ${op.method} ${pathLabel(op)}.`, op.summary, op.deprecated ? '@deprecated' : undefined)));
    }
    statements.push(
      // Each member is checked against OperationSpec where its constant is declared.
      exportedRecord({
        name: 'operations',
        entries: model.operations.map((op) => ({ key: op.operationId, value: targetName(op, OPERATION_SPEC) })),
        docs: 'Every operation, keyed by operationId: method, path template, parameters, validators, responses by status, security.',
      }),
    );
    statements.push(
      exportedConst(
        'webhooks',
        `{ ${model.webhooks.map(operationEntry).join(',\n')} } as const satisfies Record<string, ${operationSpec}>`,
        'Every webhook (notification) the API sends, keyed by operationId; `path` is the webhook name.',
      ),
    );

    const api = {
      title: model.title,
      version: model.version,
      servers: model.servers.map((s) => ({
        url: s.url,
        ...(s.name !== undefined ? { name: s.name } : {}),
        ...(Object.keys(s.variables).length > 0
          ? { variables: Object.fromEntries(Object.entries(s.variables).map(([k, v]) => [k, { default: v.default, ...(v.enum ? { enum: v.enum } : {}) }])) }
          : {}),
      })),
      securitySchemes: Object.fromEntries(
        model.securitySchemes.map((s) => [
          s.key,
          {
            type: s.type,
            ...(s.name !== undefined ? { name: s.name } : {}),
            ...(s.in !== undefined ? { in: s.in } : {}),
            ...(s.scheme !== undefined ? { scheme: s.scheme } : {}),
            ...(s.hmac ? { hmac: s.hmac } : {}),
            ...(s.tokenRefresh ? { tokenRefresh: s.tokenRefresh } : {}),
            ...(s.flows ? { flows: Object.fromEntries(s.flows.map(({ type, ...urls }) => [type, urls])) } : {}),
            ...(s.metadataUrl !== undefined ? { metadataUrl: s.metadataUrl } : {}),
          },
        ]),
      ),
      ...(model.versioning ? { versioning: { header: model.versioning.header, current: model.versioning.current } } : {}),
      ...(model.twoFactor ? { twoFactor: model.twoFactor } : {}),
    };
    // The operations the runtime calls itself (the server-time operation of HMAC signing) are not
    // here: the signed operations name it (`uses.serverTime`), and `api` holds it among the others.
    const infoLiteral = objectLiteral(Object.entries(api).map(([k, v]) => [k, literal(v)] as const));
    // In a module of its own: the client imports it, and importing operations.ts would make a program's
    // type-check (and a bundler without tree-shaking) take in every zod validator. operations.ts exports it too.
    const infoImports = importsFor(context, './api-info.js');
    const infoStatement = exportedConst(
      'apiInfo',
      `${infoLiteral} as const satisfies ${infoImports.type('ApiInfo')}`,
      jsDoc(`${model.title} ${model.version}: what the runtime client needs to know about the API, without its operations, so that a program bundles only the operations it calls.`),
    );
    const apiInfoFile = printSourceFile(generatedHeader(sourceLabel), { statements: [...infoImports.declarations(), infoStatement] });
    const apiInfo = im.value('apiInfo');
    statements.push({ kind: StructureKind.ExportDeclaration, namedExports: [apiInfo] });
    // The type withOperations returns, written out so that a declaration file names the two constants instead of expanding them.
    statements.push(
      exportedConst(
        'api',
        `${PURE}${im.value('withOperations')}(${apiInfo}, operations)`,
        jsDoc(`${model.title} ${model.version}: \`apiInfo\` with every operation.`),
        `typeof ${apiInfo} & { readonly operations: typeof operations }`,
      ),
    );

    // What the zod printer used: the package's validators and the runtime's helpers (zod itself is a namespace import).
    for (const name of used) im.value(name);
    for (const helper of helpers) if (helper !== ZOD_NAMESPACE) im.valueFrom(helper, helperModuleOf(helper, runtimePackage, flavor));
    const imports: StatementStructures[] = [...zodImportFor(helpers, flavor), ...im.declarations()];
    if (model.webhooks.length > 0 && model.webhookDelivery?.signatureHeader !== undefined) {
      // Receiving the signed webhooks above: verify the signature, then validate with `webhooks.<id>.validators.body`.
      // A document that declares no signing (`x-delivery.signatureHeader`) gets no signing helpers.
      imports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: runtimePackage, namedExports: ['receiveWebhook', 'verifyWebhookSignature'] });
    }
    const contents = printSourceFile(generatedHeader(sourceLabel), { statements: [...imports, ...shared.resolve(statements), ...statements] });
    const checks = typeChecksFile({ header: generatedHeader(sourceLabel), runtimePackage, aliasName: 'OperationTypesMatch', pairs: checked });
    return [
      { path: 'src/operations.ts', contents, barrel: true },
      { path: 'src/api-info.ts', contents: apiInfoFile },
      ...(checked.length > 0 ? [{ path: 'src/operation-checks.ts', contents: checks }] : []),
    ];
  },
};

