/** Target `package`: package.json, README.md and tsconfig.json of a generated package, from templates/. */
import { isSuccessStatus } from '../../model/derive.js';
import { pascalCase } from '../../model/names.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import { renderTemplate } from '../../util/templates.js';
import type { Target } from '../target.js';

export const RUNTIME_DEPENDENCIES = { zod: '^4.1.0' } as const;

function exampleArgs(op: OperationModel): string {
  const required = op.parameters.filter((p) => p.required);
  if (required.length === 0) return '';
  return `{ ${required.map((p) => `${/^[A-Za-z_$][\w$]*$/.test(p.key) ? p.key : `'${p.key}'`}: '…'`).join(', ')} }`;
}

function baseUrlOf(model: ApiModel): string {
  const server = model.servers[0];
  if (!server) return 'https://api.example.com';
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables[name]?.default ?? name);
}

export const packageTarget: Target = {
  name: 'package',
  appliesTo: () => true,
  run({ model, packageName, runtimePackage, packageVersion, sourceLabel }) {
    const group = (op: OperationModel): string => model.client.groups.find((g) => g.operations.includes(op.operationId))?.property ?? '';
    const simple = model.operations.find((op) => op.method === 'GET' && !op.pagination && op.responses.some((r) => isSuccessStatus(r.status)));
    const paged = model.operations.find((op) => op.pagination);
    const data = {
      packageName,
      version: packageVersion,
      title: model.title,
      apiVersion: model.version,
      description: `${model.title} ${model.version}: types, zod validators${model.kind === 'openapi' ? ' and a typed client' : ' and message parsing'}.`,
      source: sourceLabel,
      dependencies: { [runtimePackage]: packageVersion, ...RUNTIME_DEPENDENCIES },
      hasOperations: model.kind === 'openapi' && model.operations.length > 0,
      isFeed: model.kind === 'asyncapi',
      clientName: model.client.className,
      baseUrl: baseUrlOf(model),
      hasHmac: model.securitySchemes.some((s) => s.hmac),
      exampleOperation: simple ? { group: group(simple), method: simple.name, args: exampleArgs(simple) } : undefined,
      exampleIterator: paged ? { group: group(paged), method: `iterate${pascalCase(paged.operationId)}`, args: exampleArgs(paged) } : undefined,
      operations: model.operations.map((op) => ({ operationId: op.operationId, method: op.method, path: op.path.replace(/\|/g, '\\|'), group: group(op), deprecated: op.deprecated })),
    };
    return [
      { path: 'package.json', contents: renderTemplate('package.json.hbs', data) },
      { path: 'README.md', contents: renderTemplate('README.md.hbs', data) },
      { path: 'tsconfig.json', contents: renderTemplate('tsconfig.json.hbs', data) },
    ];
  },
};
