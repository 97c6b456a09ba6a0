/**
 * The `mcp` command (`svc-api-codegen mcp`, `npm run mcp --`): the MCP server of any one document
 * over stdio, without writing a package. The generator makes the document's package in memory
 * (its client and `./mcp`, with the runtimes inside it), esbuild bundles the server as the mock
 * command bundles its mock (mock/document.ts, once per distinct output), and it is served on
 * standard input and output; messages go to standard error. Credentials come from the
 * environment (`credentialsFromEnvironment`). Stops cleanly on SIGTERM, Ctrl-C, or when standard
 * input closes (the MCP client went away).
 * Exit codes: 0 stopped cleanly, 2 the command line or the document is wrong, 3 a generator bug.
 */
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiSpec, ClientOptions } from '@svc/runtime';
import { callerDirectory, displayPath } from '../cli/options.js';
import { reportDocumentFailure } from '../failure.js';
import { SpecError } from '../load/errors.js';
import { onStopRequest } from '../util/lifetime.js';

/** The environment variables the command reads credentials from, with what each is for (`--help` and the README list them). */
export const CREDENTIAL_VARIABLES = {
  SVC_API_ACCESS_TOKEN: 'bearer token of http bearer, oauth2 and openIdConnect schemes',
  SVC_API_KEY: 'the value of every apiKey scheme; with SVC_API_SECRET, the key of an x-hmac-signature scheme',
  SVC_API_SECRET: 'the secret an x-hmac-signature scheme signs with',
  'SVC_API_KEY_<SCHEME>': 'the value of one apiKey scheme, its name upper-cased with other characters as _ (SVC_API_KEY_API_KEY for api_key)',
  SVC_API_USERNAME: 'user name of http basic schemes',
  SVC_API_PASSWORD: 'password of http basic schemes',
} as const;

/** The environment variable of one apiKey scheme: `SVC_API_KEY_API_KEY` for `api_key` or `apiKey`. */
export const schemeVariable = (scheme: string): string =>
  `SVC_API_KEY_${scheme
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase()}`;

/** The client's credentials from the environment, for the document's security schemes. */
export function credentialsFromEnvironment(api: Pick<ApiSpec, 'securitySchemes'>, env: NodeJS.ProcessEnv = process.env): ClientOptions {
  const options: ClientOptions = {};
  const value = (name: string): string | undefined => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const token = value('SVC_API_ACCESS_TOKEN');
  if (token) options.accessToken = token;
  const key = value('SVC_API_KEY');
  const secret = value('SVC_API_SECRET');
  if (key && secret) options.apiKey = { key, secret };
  const apiKeys: Record<string, string> = {};
  for (const [name, scheme] of Object.entries(api.securitySchemes)) {
    if (scheme.type !== 'apiKey') continue;
    const own = value(schemeVariable(name)) ?? (secret ? undefined : key);
    if (own) apiKeys[name] = own;
  }
  if (Object.keys(apiKeys).length > 0) options.apiKeys = apiKeys;
  const username = value('SVC_API_USERNAME');
  if (username) options.basic = { username, password: value('SVC_API_PASSWORD') ?? '' };
  return options;
}

/** What the bundle exports: the document's server, and its description (its security schemes, its first server). */
const MCP_ENTRY = "export { createMcpServer, mcpTools } from './src/mcp.js';\nexport { api } from './src/operations.js';\n";

interface McpModule {
  createMcpServer: (options: { client?: ClientOptions; tools?: readonly string[]; compact?: boolean | 'auto' }) => McpServer;
  api: ApiSpec;
}

export interface McpCommandContext {
  /** `npm run mcp --`, `svc-api-codegen mcp`. */
  invocation: string;
}

/** Runs the command; resolves with an exit code when it could not start, and serves until a stop request otherwise. */
export async function runMcpCommand(argv: readonly string[], context: McpCommandContext): Promise<number> {
  const { invocation } = context;
  const pad = ' '.repeat(invocation.length);
  const usage = [
    `usage: ${invocation} --spec <file> [--base-url <url>] [--tools <tags or operationIds>] [--compact | --no-compact]`,
    `       ${pad} [--overlay <file>]... [--allow-ref-root <dir>]`,
    '',
    'Serves the document\'s operations as MCP tools over stdio. Credentials, from the environment:',
    ...Object.entries(CREDENTIAL_VARIABLES).map(([name, what]) => `  ${name.padEnd(22)} ${what}`),
  ].join('\n');
  let values: { spec?: string; 'base-url'?: string; tools?: string[]; compact?: boolean; 'no-compact'?: boolean; overlay?: string[]; 'allow-ref-root'?: string[]; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        spec: { type: 'string' },
        'base-url': { type: 'string' },
        tools: { type: 'string', multiple: true },
        compact: { type: 'boolean' },
        'no-compact': { type: 'boolean' },
        overlay: { type: 'string', multiple: true },
        'allow-ref-root': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.error(usage);
    return 0;
  }
  if (values.spec === undefined) {
    console.error(`--spec <file>: the document whose operations to serve\n${usage}`);
    return 2;
  }
  if (values.compact && values['no-compact']) {
    console.error(`--compact and --no-compact: choose one\n${usage}`);
    return 2;
  }
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && !/^https?:\/\/[^/]/i.test(baseUrl)) {
    console.error(`--base-url must be an http(s) URL, got ${baseUrl}\n${usage}`);
    return 2;
  }
  const tools = values.tools?.flatMap((entry) => entry.split(',')).map((entry) => entry.trim()).filter(Boolean);
  const callerDir = callerDirectory();
  const spec = resolve(callerDir, values.spec);
  const shown = { callerDir };

  let module: McpModule;
  try {
    module = await buildDocumentServer(spec, {
      allowRefRoots: (values['allow-ref-root'] ?? []).map((root) => resolve(callerDir, root)),
      overlays: (values.overlay ?? []).map((overlay) => resolve(callerDir, overlay)),
    });
  } catch (error) {
    return reportDocumentFailure(error, spec, (path) => displayPath(shown, path));
  }

  let server: McpServer;
  try {
    server = module.createMcpServer({
      client: { ...credentialsFromEnvironment(module.api), ...(baseUrl !== undefined ? { baseUrl } : {}) },
      ...(tools ? { tools } : {}),
      ...(values.compact ? { compact: true } : values['no-compact'] ? { compact: false } : {}),
    });
  } catch (error) {
    // A --tools entry that names neither an operationId nor a tag.
    console.error(`error: --${(error as Error).message}`);
    return 2;
  }
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  await server.connect(new StdioServerTransport());
  console.error(`MCP server of ${displayPath(shown, spec)} on stdio${baseUrl ? `, calling ${baseUrl}` : ''}.`);
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  onStopRequest(stop);
  // The client closing its end of the pipe is the end of the session.
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  return new Promise<number>(() => {});
}

/**
 * The MCP server module of the document at `specFile` (absolute), generated in memory and bundled.
 *
 * @throws SpecError for a document the generator refuses (located, as `npm run generate` reports it).
 */
export async function buildDocumentServer(specFile: string, options: { allowRefRoots?: readonly string[]; overlays?: readonly string[] } = {}): Promise<McpModule> {
  const { generateSources, loadModel, packageNameOf } = await import('../pipeline.js');
  const { bundleOf } = await import('../../mock/document.js');
  const name = packageNameOf(specFile);
  const loaderPath = (path: string): string => relative(process.cwd(), path).split('\\').join('/');
  const job = { file: loaderPath(specFile), name, bundleRuntime: true, parts: ['mcp'], allowRefRoots: options.allowRefRoots, overlays: options.overlays?.map(loaderPath) };
  const model = await loadModel(job);
  if (model.kind !== 'openapi' || model.operations.length === 0) throw new SpecError(specFile, 'the document has no operations to serve as tools (an AsyncAPI document, or paths without operations)');
  const files = await generateSources(job, model);
  return (await import(pathToFileURL(await bundleOf(`${name}-mcp`, files, MCP_ENTRY)).href)) as McpModule;
}
