/** Target `package`: package.json, README.md and tsconfig.json of a generated package, from templates/. */
import { isSuccessStatus } from '../../model/derive.js';
import type { ApiModel, OperationModel, SecuritySchemeModel } from '../../model/types.js';
import { renderTemplate } from '../../util/templates.js';
import { planFeed } from '../feed-client/channels.js';
import type { Target } from '../target.js';
import type { OptionalPart } from '../parts.js';

/** zod 4.2 is the first with `z.xor`, which the validators of `oneOf` use. */
export const RUNTIME_DEPENDENCIES = { zod: '^4.2.0' } as const;
/** What building a package (`npm run build`: tsc) needs. */
export const BUILD_DEPENDENCIES = { typescript: '^5.9.3' } as const;
/** What the server stub (`./server`) and the mock (`./mock`, `./fixtures`) of an OpenAPI package import besides. */
export const SERVER_DEPENDENCIES = { hono: '^4.13.19' } as const;
/** What building bundled server runtimes needs besides: `serveNode` is written against `node:http`. */
export const NODE_BUILD_DEPENDENCIES = { '@types/node': '^20.19.43' } as const;

/**
 * The package's version, from the document's `info.version`: a semantic version as it is,
 * `2017-08-07` as `2017.8.7`, `v2` as `2.0.0`; anything without a number as `0.0.0`.
 */
export function packageVersionOf(apiVersion: string): string {
  const semver = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.exec(apiVersion.trim());
  if (semver) return `${Number(semver[1])}.${Number(semver[2])}.${Number(semver[3])}${semver[4] ?? ''}`;
  const numbers = (apiVersion.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  while (numbers.length < 3) numbers.push(0);
  return numbers.join('.');
}

/**
 * Entry points besides `.`, each pulling in only what it needs: `./schemas` (types and
 * validators), `./client` (the typed client, or the feed connection), and `./server`, `./mock`,
 * `./fixtures`, the only ones that load Hono and the fixture builder.
 */
function subpathsOf(model: ApiModel, parts: readonly OptionalPart[]): string[] {
  const hasOperations = model.kind === 'openapi' && model.operations.length > 0;
  const hasClient = model.kind === 'openapi' ? hasOperations : planFeed(model).channels.length > 0;
  const present: Record<OptionalPart, boolean> = { client: hasClient, server: hasOperations, mock: hasOperations, fixtures: model.schemas.length > 0 || hasOperations };
  return [...parts.filter((part) => present[part]), 'schemas'].sort();
}

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

/** An AsyncAPI server as a WebSocket URL (`wss://host/path`). */
function feedUrlOf(model: ApiModel): string {
  const server = model.servers[0];
  if (!server) return 'wss://feed.example.com';
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables[name]?.default ?? name);
  return /^[a-z]+:\/\//i.test(url) ? url : `${server.protocol === 'ws' ? 'ws' : 'wss'}://${url}`;
}

/** How a caller supplies each security scheme: the client option, and what the client then sends. */
function securityOption(scheme: SecuritySchemeModel, model: ApiModel): string {
  const signers = model.securitySchemes.flatMap((s) => (s.hmac ? [s.hmac] : []));
  if (scheme.hmac) {
    return `\`apiKey: { key, secret }\`: every request is signed (HMAC-SHA256 in \`${scheme.hmac.signatureHeader}\`, with \`${scheme.hmac.keyHeader}\` and \`${scheme.hmac.timestampHeader}\`)`;
  }
  if (scheme.type === 'apiKey') {
    const header = scheme.name?.toLowerCase();
    if ((scheme.in ?? 'header') === 'header' && signers.some((h) => [h.keyHeader, h.signatureHeader, h.timestampHeader].some((n) => n.toLowerCase() === header)))
      return '`apiKey: { key, secret }`: sent by the request signer';
    return `\`apiKeys: { '${scheme.key}': '…' }\`: sent in the ${scheme.in ?? 'header'} \`${scheme.name ?? scheme.key}\``;
  }
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme === 'bearer')) {
    const refresh = scheme.tokenRefresh ? ` on ${scheme.tokenRefresh.status} ${scheme.tokenRefresh.errorIds.map((id) => `\`${id}\``).join(', ')}` : ' on 401 `expired_token`';
    return `\`accessToken\` (a string, or a function returning one), sent as \`Authorization: Bearer …\`; \`refreshAccessToken\` renews it${refresh}`;
  }
  if (scheme.type === 'mutualTLS') return 'a client certificate, configured in the `fetch` implementation (`fetch` option)';
  return `not sent by the client: pass the \`Authorization\` header (${scheme.scheme ?? scheme.type}) in \`headers\``;
}

export const packageTarget: Target = {
  name: 'package',
  appliesTo: () => true,
  run({ model, packageName, runtimePackage, serverRuntimePackage, mockRuntimePackage, packageVersion, sourceLabel, bundledRuntime, parts }) {
    // The runtimes are the generator's own packages, all of one version; this package follows its API.
    const runtimeRange = `^${packageVersion}`;
    const subpaths = subpathsOf(model, parts);
    // What only `./server`, `./mock` and `./fixtures` import: optional peers, so that a program using the client installs none of it.
    // Bundled runtimes bring their own imports (hono, jose …) instead of the runtime packages.
    const peerDependencies = Object.fromEntries(
      Object.entries({
        ...(bundledRuntime
          ? subpaths.includes('fixtures') || subpaths.includes('server')
            ? bundledRuntime.peerDependencies
            : {}
          : {
              ...(subpaths.includes('fixtures') ? { [mockRuntimePackage]: runtimeRange } : {}),
              ...(subpaths.includes('server') ? { [serverRuntimePackage]: runtimeRange, ...SERVER_DEPENDENCIES } : {}),
            }),
        ...(model.kind === 'asyncapi' ? { ws: '^8.18.0' } : {}),
      }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const group = (op: OperationModel): string => model.client.groups.find((g) => g.operations.includes(op.operationId))?.property ?? '';
    const simple = model.operations.find((op) => op.method === 'GET' && !op.pagination && op.responses.some((r) => isSuccessStatus(r.status)));
    const paged = model.operations.find((op) => op.pagination);
    const data = {
      packageName,
      version: packageVersionOf(model.version),
      title: model.title,
      apiVersion: model.version,
      description: `${model.title} ${model.version}: types, zod validators${model.kind === 'openapi' ? (subpaths.includes('client') ? ' and a typed client' : ' and operations') : ' and message parsing'}.`,
      source: sourceLabel,
      dependencies: Object.fromEntries(Object.entries({ ...(bundledRuntime ? bundledRuntime.dependencies : { [runtimePackage]: runtimeRange }), ...RUNTIME_DEPENDENCIES }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      bundledRuntime: bundledRuntime !== undefined,
      bundlesServerRuntimes: subpaths.includes('fixtures') || subpaths.includes('server'),
      tarballName: `${packageName.replace(/^@/, '').replace('/', '-')}-${packageVersionOf(model.version)}.tgz`,
      peerDependencies: Object.keys(peerDependencies).length > 0 ? peerDependencies : undefined,
      // `npm run build` inside the package needs the compiler and the types of what its optional entry points import.
      devDependencies: Object.fromEntries(
        Object.entries({
          ...BUILD_DEPENDENCIES,
          ...(bundledRuntime && (subpaths.includes('fixtures') || subpaths.includes('server')) ? NODE_BUILD_DEPENDENCIES : {}),
          ...Object.fromEntries(Object.entries(peerDependencies).filter(([name]) => name !== 'ws' && !name.startsWith('@svc/'))),
        }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
      subpaths,
      hasOperations: model.kind === 'openapi' && model.operations.length > 0,
      hasClient: subpaths.includes('client'),
      hasServer: subpaths.includes('server'),
      hasFixtures: subpaths.includes('fixtures'),
      hasMock: subpaths.includes('mock'),
      isFeed: model.kind === 'asyncapi',
      clientName: model.client.className,
      createServer: model.entryNames.createServer,
      createMock: model.entryNames.createMock,
      baseUrl: baseUrlOf(model),
      feedUrl: model.kind === 'asyncapi' ? feedUrlOf(model) : undefined,
      hasHmac: model.securitySchemes.some((s) => s.hmac),
      exampleOperation: simple ? { group: group(simple), method: simple.name, args: exampleArgs(simple) } : undefined,
      exampleIterator: paged ? { group: group(paged), method: paged.names.iterator, args: exampleArgs(paged) } : undefined,
      security: model.securitySchemes.map((scheme) => ({
        key: scheme.key,
        type: scheme.type === 'http' && scheme.scheme ? `http ${scheme.scheme}` : scheme.type,
        option: securityOption(scheme, model).replace(/\|/g, '\\|'),
      })),
      operations: model.operations.map((op) => ({ operationId: op.operationId, method: op.method, path: op.path.replace(/\|/g, '\\|'), group: group(op), deprecated: op.deprecated })),
    };
    return [
      { path: 'package.json', contents: renderTemplate('package.json.hbs', data) },
      { path: 'README.md', contents: renderTemplate('README.md.hbs', data) },
      { path: 'tsconfig.json', contents: renderTemplate('tsconfig.json.hbs', data) },
      { path: 'tsconfig.build.json', contents: renderTemplate('tsconfig.build.json.hbs', data) },
    ];
  },
};
