/**
 * `npm run mcp -- --spec <file> [--base-url <url>] [--tools <tags or operationIds>] [--compact]`
 *
 * Serves one document's operations as MCP tools over stdio (generator/commands/mcp.ts), without
 * writing a package; credentials come from the environment (`--help` lists the variables).
 * Exit codes: 0 stopped cleanly, 2 the command line or the document is wrong, 3 a generator bug.
 */
import { runMcpCommand } from '../generator/commands/mcp.js';

process.exit(await runMcpCommand(process.argv.slice(2), { invocation: 'npm run mcp --' }));
