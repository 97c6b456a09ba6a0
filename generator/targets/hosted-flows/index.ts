/**
 * Target `hosted-flows`: a typed URL builder per browser flow the API hosts
 * (`x-hosted-flows`), e.g. the onramp's `/buy/select-asset?sessionToken=…`.
 */
import { StructureKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import type { ApiModel, HostedFlowModel } from '../../model/types.js';
import { docsOf, jsDoc, literal, propertyKey, stringLiteral } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';

function defaultBase(model: ApiModel, flow: HostedFlowModel): string {
  if (flow.default) return flow.default;
  if (/^https?:/.test(flow.server)) return flow.server;
  for (const server of model.servers) {
    const variable = server.variables[flow.server];
    if (variable) return variable.default;
  }
  return 'https://example.com';
}

export const hostedFlowsTarget: Target = {
  appliesTo: (model) => model.hostedFlows.length > 0,
  run({ model, sourceLabel }) {
    const statements: StatementStructures[] = [];
    for (const flow of model.hostedFlows) {
      const params = flow.names.params;
      statements.push({
        kind: StructureKind.Interface,
        name: params,
        isExported: true,
        docs: [jsDoc(`Query parameters of the hosted \`${flow.name}\` flow.`)!],
        properties: flow.query.map((q) => ({
          name: propertyKey(q.name),
          type: 'string',
          hasQuestionToken: !q.required,
          docs: docsOf(q.description),
        })),
      });
      statements.push({
        kind: StructureKind.Function,
        name: flow.names.url,
        isExported: true,
        docs: [
          jsDoc(
            flow.description,
            `Builds the browser URL of the hosted \`${flow.name}\` flow: \`{${flow.server}}${flow.path}\`.`,
            `@param baseUrl the value of \`${flow.server}\`; defaults to ${defaultBase(model, flow)}.`,
          )!,
        ],
        parameters: [
          { name: 'params', type: params },
          { name: 'baseUrl', type: 'string', initializer: stringLiteral(defaultBase(model, flow)) },
        ],
        returnType: 'string',
        statements: [
          `const url = new URL(${stringLiteral(flow.path.replace(/^\//, ''))}, baseUrl.endsWith('/') ? baseUrl : \`\${baseUrl}/\`);`,
          `for (const name of ${literal(flow.query.map((q) => q.name))} as const) {`,
          '  const value = params[name];',
          '  if (value !== undefined) url.searchParams.set(name, value);',
          '}',
          'return url.toString();',
        ],
      });
    }
    return [{ path: 'src/hosted-flows.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements }), barrel: true }];
  },
};
