/** Declaration of target `mcp` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

/** The SDK module whose server `createMcpServer` returns. */
export const MCP_SERVER_MODULE = '@modelcontextprotocol/sdk/server/mcp.js';

/** Above this many tools a server offers the compact three by default: the runtime's `COMPACT_ABOVE`, which a test holds equal. */
export const MCP_COMPACT_ABOVE = 40;

export const mcpPlugin: TargetPlugin = {
  name: 'mcp',
  part: 'mcp',
  // Its tools call the client's per-operation functions, with their call descriptors.
  needs: ['types', 'client'],
  entryPoint: 'mcp',
  defines: { './mcp.js': ['createMcpServer', 'mcpTools', 'McpServerOptions'] },
  imports: [{ from: { package: MCP_SERVER_MODULE }, names: ['McpServer'] }],
  // What it imports from the runtime's `mcp` subpath and the client module.
  declares: ['createApiMcpServer', 'ApiTool', 'ApiToolSet', 'ToolSetOptions', 'HttpClient', 'ClientOptions', 'createClient', 'mcpDefinitions'],
  // Each operation's tool, a constant of its own: one array literal of a large API's tools is more than tsc will type (TS2590 on GitHub's).
  operationNames: [{ key: 'mcpTool', module: './mcp.js', want: ({ camel }) => `${camel}Tool` }],
  // The tools' server, and the SDK it is built on (the only importer of `@modelcontextprotocol/sdk`).
  runtimeModules: ['runtime/mcp.ts'],
  peerDependencies: { '@modelcontextprotocol/sdk': '^1.32.2' },
  readme: { exports: 'readme/mcp.exports.md.hbs', usage: 'readme/mcp.usage.md.hbs' },
  load: async () => (await import('./index.js')).mcpTarget,
};
