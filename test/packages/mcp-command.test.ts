/**
 * `npm run mcp -- --spec` (the `svc-api-codegen mcp` command): a document's MCP server over stdio,
 * started exactly as the npm script starts it and driven by the SDK's stdio client, against the
 * document's mock on loopback; credentials from the environment; stops when the client closes
 * standard input, and on SIGTERM; refuses a wrong command line or document with exit code 2.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CredentialRegistry, defaultCredentials, schemeCredentials } from '@svc/mock-runtime';
import { serveNode, type RunningServer } from '@svc/server-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsFromEnvironment, schemeVariable } from '../../generator/commands/mcp.js';
import { loadDocumentMock } from '../../mock/document.js';
import { childEnv, npmScriptNodeArgs } from '../helpers/cli.js';
import { repoRoot } from '../helpers/spec-files.js';

const LIBRARY = join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml');
const MCP = npmScriptNodeArgs('mcp');

describe('credentials from the environment', () => {
  const schemes = {
    bearerAuth: { type: 'http', scheme: 'bearer' },
    apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Library-Key' },
    api_key: { type: 'apiKey', in: 'query', name: 'key' },
  } as const;
  it.each([
    ['nothing set', {}, {}],
    ['a token', { SVC_API_ACCESS_TOKEN: 't' }, { accessToken: 't' }],
    ['one key for every apiKey scheme', { SVC_API_KEY: 'k' }, { apiKeys: { apiKeyAuth: 'k', api_key: 'k' } }],
    ['a key of one scheme over the shared one', { SVC_API_KEY: 'k', SVC_API_KEY_API_KEY_AUTH: 'own' }, { apiKeys: { apiKeyAuth: 'own', api_key: 'k' } }],
    ['a key with a secret signs (x-hmac-signature)', { SVC_API_KEY: 'k', SVC_API_SECRET: 's' }, { apiKey: { key: 'k', secret: 's' } }],
    ['basic', { SVC_API_USERNAME: 'u', SVC_API_PASSWORD: 'p' }, { basic: { username: 'u', password: 'p' } }],
    ['an empty value is none', { SVC_API_ACCESS_TOKEN: '' }, {}],
  ])('%s', (_, env, expected) => {
    expect(credentialsFromEnvironment({ securitySchemes: schemes }, env)).toEqual(expected);
  });
  it.each([
    ['api_key', 'SVC_API_KEY_API_KEY'],
    ['apiKeyAuth', 'SVC_API_KEY_API_KEY_AUTH'],
    ['X-Library-Key', 'SVC_API_KEY_X_LIBRARY_KEY'],
  ])('names the variable of scheme %s %s', (scheme, variable) => {
    expect(schemeVariable(scheme)).toBe(variable);
  });
});

describe('npm run mcp -- --spec, over stdio', () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    const registry = new CredentialRegistry();
    const mock = await loadDocumentMock(LIBRARY, { server: { auth: registry.hooks() } });
    const schemes = schemeCredentials(registry, await defaultCredentials(registry, mock.scopes), mock.securitySchemes, mock.scopes);
    server = await serveNode(mock.app, { port: 0 });
    env = { SVC_API_ACCESS_TOKEN: schemes['bearerAuth']!, [schemeVariable('apiKeyAuth')]: schemes['apiKeyAuth']! };
  }, 120_000);
  afterAll(() => server?.close());

  const connect = async (args: string[]): Promise<{ client: Client; transport: StdioClientTransport; stderr: string[] }> => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [...MCP, ...args], cwd: repoRoot, env: childEnv(env) as Record<string, string>, stderr: 'pipe' });
    const stderr: string[] = [];
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const client = new Client({ name: 'mcp-command-test', version: '1.0.0' });
    await client.connect(transport);
    return { client, transport, stderr };
  };

  it('serves every operation, calls the API with the credentials of the environment, and stops when the client closes', async () => {
    const { client, transport, stderr } = await connect(['--spec', LIBRARY, '--base-url', server.url]);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(23);
    const listed = (await client.callTool({ name: 'listTitles', arguments: {} })) as CallToolResult;
    expect(listed.isError ?? false, JSON.stringify(listed.content)).toBe(false);
    expect(listed.structuredContent).toBeDefined();
    const pid = transport.pid!;
    await client.close();
    // The child is gone once the client has closed its standard input.
    await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
    expect(stderr.join('')).toMatch(/MCP server of .*library\.openapi\.yaml on stdio, calling http:\/\/127\.0\.0\.1:/);
  }, 120_000);

  it('limits the tools with --tools, and offers the compact three with --compact', async () => {
    const limited = await connect(['--spec', LIBRARY, '--base-url', server.url, '--tools', 'members,getTitle']);
    const names = (await limited.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('getTitle');
    expect(names).toContain('registerMember');
    expect(names).not.toContain('listTitles');
    await limited.client.close();
    const compact = await connect(['--spec', LIBRARY, '--base-url', server.url, '--compact']);
    expect((await compact.client.listTools()).tools.map((t) => t.name)).toEqual(['list_operations', 'describe_operation', 'call_operation']);
    await compact.client.close();
  }, 120_000);

  it('stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [...MCP, '--spec', LIBRARY, '--base-url', server.url], { cwd: repoRoot, env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect.poll(() => stderr, { timeout: 60_000 }).toMatch(/on stdio/);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  }, 120_000);

  it.each([
    ['no --spec', [], /--spec <file>/],
    ['a --tools entry that names nothing', ['--spec', LIBRARY, '--tools', 'nothing'], /--tools: nothing is neither an operationId nor a tag/],
    ['a base URL that is no URL', ['--spec', LIBRARY, '--base-url', 'library'], /--base-url must be an http\(s\) URL/],
    ['a document that is not there', ['--spec', 'missing.yaml'], /missing\.yaml/],
  ])('refuses %s with exit code 2', async (_, args, message) => {
    const child = spawn(process.execPath, [...MCP, ...args], { cwd: repoRoot, env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(stderr).toMatch(message);
    expect(code).toBe(2);
  }, 120_000);
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
