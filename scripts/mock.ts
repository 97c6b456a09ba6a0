/**
 * `npm run mock [-- --json] [--port <n>] [--webhook-url <url>] [--no-rate-limit]`
 *
 * Starts the stateful mocks of v2, v1, onramp and x402 and the mock feed (WebSocket) on
 * 127.0.0.1 and prints their URLs and ready credentials; with --json the first line of standard output is one JSON
 * object `{servers, credentials}`. Stops cleanly on Ctrl-C or SIGTERM.
 *
 * `npm run mock -- --spec <file>` serves the mock of any one document instead (mock/serve-document.ts).
 * Exit codes: 0 stopped cleanly, 2 the command line or the document is wrong, 3 a generator bug.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { callerDirectory, mockOverridesOf } from '../generator/cli/options.js';
import { onStopRequest } from '../generator/util/lifetime.js';
import { startSandbox } from '../mock/index.js';

const usage = `usage: npm run mock -- [--json] [--port <first port>] [--webhook-url <url>] [--no-rate-limit]
       npm run mock -- --spec <file> [--overlay <file>]... [--json] [--port <n>] [--no-rate-limit] [--allow-ref-root <dir>]
                       [--mock-role <operationId>=<role>] [--mock-id-field <collection>=<field>] [--webhook-url <url>]
                       [--mock-state-field <collection>=<field>] [--mock-state <operationId>=<state>]`;
let values: { json?: boolean; port?: string; spec?: string; overlay?: string[]; 'allow-ref-root'?: string[]; 'mock-role'?: string[]; 'mock-id-field'?: string[]; 'mock-state-field'?: string[]; 'mock-state'?: string[]; 'webhook-url'?: string; 'no-rate-limit'?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
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
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65530)) {
  console.error(`--port must be a port number, got ${values.port}\n${usage}`);
  process.exit(2);
}
for (const flag of ['overlay', 'allow-ref-root', 'mock-role', 'mock-id-field', 'mock-state-field', 'mock-state'] as const) {
  if (values.spec === undefined && values[flag]) {
    console.error(`--${flag} applies to --spec\n${usage}`);
    process.exit(2);
  }
}
let overrides: ReturnType<typeof mockOverridesOf>;
try {
  overrides = mockOverridesOf({ roles: values['mock-role'], idFields: values['mock-id-field'], stateFields: values['mock-state-field'], states: values['mock-state'] });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (values['webhook-url'] !== undefined && !/^https?:\/\/[^/]/i.test(values['webhook-url'])) {
  console.error(`--webhook-url must be an http(s) URL, got ${values['webhook-url']}\n${usage}`);
  process.exit(2);
}

if (values.spec !== undefined) {
  const callerDir = callerDirectory();
  const { serveDocumentMock } = await import('../mock/serve-document.js');
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
  if (code !== 0) process.exit(code);
} else {
  const sandbox = await startSandbox({
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
