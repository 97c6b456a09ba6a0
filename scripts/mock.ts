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
import { runMockCommand } from '../generator/commands/mock.js';
import { startSandbox } from '../mock/index.js';

process.exit(await runMockCommand(process.argv.slice(2), { invocation: 'npm run mock --', startSandbox }));
