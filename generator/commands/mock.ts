/**
 * The `mock` command (`npm run mock`, `svc-api-codegen mock`): the stateful mock of any one
 * document (`--spec`, mock/serve-document.ts) on 127.0.0.1 with ready credentials; with --json the
 * first line of standard output is one JSON object `{servers, credentials}`. In this repository,
 * without --spec, the mocks of its own specs and the feed (scripts/mock.ts gives `startSandbox`).
 * Stops cleanly on Ctrl-C or SIGTERM.
 * Exit codes: 0 stopped cleanly, 2 the command line or the document is wrong, 3 a generator bug.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { startSandbox as StartSandbox } from '../../mock/index.js';
import { callerDirectory, mockOverridesOf } from '../cli/options.js';
import { onStopRequest } from '../util/lifetime.js';

/** How the command is run, and this repository's own mocks (`npm run mock` without --spec); the installed command has none. */
export interface MockCommandContext {
  /** `npm run mock --`, `svc-api-codegen mock`. */
  invocation: string;
  startSandbox?: typeof StartSandbox | undefined;
}

/** Runs the command; resolves with an exit code when it could not start, and serves until a stop request otherwise. */
export async function runMockCommand(argv: readonly string[], context: MockCommandContext): Promise<number> {
  const { invocation } = context;
  const pad = ' '.repeat(invocation.length);
  const usage = [
    ...(context.startSandbox
      ? [`usage: ${invocation} [--json] [--port <first port>] [--webhook-url <url>] [--no-rate-limit]`]
      : []),
    `${context.startSandbox ? '      ' : 'usage:'} ${invocation} --spec <file> [--overlay <file>]... [--json] [--port <n>] [--no-rate-limit] [--allow-ref-root <dir>]`,
    `       ${pad} [--mock-role <operationId>=<role>] [--mock-id-field <collection>=<field>] [--webhook-url <url>]`,
    `       ${pad} [--mock-state-field <collection>=<field>] [--mock-state <operationId>=<state>]`,
  ].join('\n');
  let values: {
    json?: boolean;
    port?: string;
    spec?: string;
    overlay?: string[];
    'allow-ref-root'?: string[];
    'mock-role'?: string[];
    'mock-id-field'?: string[];
    'mock-state-field'?: string[];
    'mock-state'?: string[];
    'webhook-url'?: string;
    'no-rate-limit'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        json: { type: 'boolean' },
        port: { type: 'string' },
        spec: { type: 'string' },
        overlay: { type: 'string', multiple: true },
        'allow-ref-root': { type: 'string', multiple: true },
        'mock-role': { type: 'string', multiple: true },
        'mock-id-field': { type: 'string', multiple: true },
        'mock-state-field': { type: 'string', multiple: true },
        'mock-state': { type: 'string', multiple: true },
        'webhook-url': { type: 'string' },
        'no-rate-limit': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65530)) {
    console.error(`--port must be a port number, got ${values.port}\n${usage}`);
    return 2;
  }
  for (const flag of ['overlay', 'allow-ref-root', 'mock-role', 'mock-id-field', 'mock-state-field', 'mock-state'] as const) {
    if (values.spec === undefined && values[flag]) {
      console.error(`--${flag} applies to --spec\n${usage}`);
      return 2;
    }
  }
  let overrides: ReturnType<typeof mockOverridesOf>;
  try {
    overrides = mockOverridesOf({
      roles: values['mock-role'],
      idFields: values['mock-id-field'],
      stateFields: values['mock-state-field'],
      states: values['mock-state'],
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values['webhook-url'] !== undefined && !/^https?:\/\/[^/]/i.test(values['webhook-url'])) {
    console.error(`--webhook-url must be an http(s) URL, got ${values['webhook-url']}\n${usage}`);
    return 2;
  }

  if (values.spec !== undefined) {
    const callerDir = callerDirectory();
    const { serveDocumentMock } = await import('../../mock/serve-document.js');
    const code = await serveDocumentMock({
      spec: resolve(callerDir, values.spec),
      callerDir,
      json: values.json ?? false,
      rateLimit: !values['no-rate-limit'],
      allowRefRoots: (values['allow-ref-root'] ?? []).map((root) => resolve(callerDir, root)),
      overlays: (values.overlay ?? []).map((overlay) => resolve(callerDir, overlay)),
      ...overrides,
      ...(values['webhook-url'] ? { webhookUrl: values['webhook-url'] } : {}),
      ...(port !== undefined ? { port } : {}),
    });
    if (code !== 0) return code;
    return new Promise<number>(() => {});
  }
  if (!context.startSandbox) {
    console.error(`--spec <file>: the document to mock\n${usage}`);
    return 2;
  }
  {
    const sandbox = await context.startSandbox({
      ...(port !== undefined ? { port } : {}),
      ...(values['webhook-url'] ? { webhookUrl: values['webhook-url'] } : {}),
      rateLimit: !values['no-rate-limit'],
    });
    const { servers, credentials } = sandbox;
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ servers, credentials })}\n`);
    } else {
      const lines = [
        'Mock servers (stateful per credential; Ctrl-C stops them):',
        ...Object.entries(servers).map(([name, url]) => `  ${name.padEnd(7)} ${url}`),
        '',
        'Credentials:',
        `  apiKey       key ${credentials.apiKey.key}, secret ${credentials.apiKey.secret} (v2 signs requests with it)`,
        `  accessToken  ${credentials.accessToken} (OAuth bearer, every scope)`,
        `  bearer       ${credentials.bearer} (JWT for onramp and x402)`,
        `  2FA token    ${credentials.twoFactorToken}`,
        ...(sandbox.webhookPublicKey ? ['', 'Webhooks are signed with this key:', sandbox.webhookPublicKey] : []),
      ];
      console.log(lines.join('\n'));
    }

    onStopRequest(() => {
      sandbox.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
  return new Promise<number>(() => {});
}
