/**
 * The generated packages as another repository gets them: `npm run pack` tarballs pass publint
 * and arethetypeswrong; a fresh project outside the workspace installs them with npm,
 * type-checks a program under the strictest options (without skipLibCheck) and runs it with
 * plain Node (no TypeScript loader) against the mock servers; then again with the lowest
 * versions the packages' ranges allow. Last, as other repositories get them from a registry:
 * published with `npm publish` to a local Verdaccio and installed from it by name and version.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../mock/start.js';
import { packAll, type PackedPackage } from '../../scripts/pack.js';
import { startLocalRegistry } from '../helpers/registry.js';
import { repoRoot } from '../helpers/spec-files.js';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'svc-consumer-'));
const project = join(work, 'consumer');
const bin = (name: string): string => join(repoRoot, 'node_modules', '.bin', name);
let packs: PackedPackage[] = [];
let sandbox: Sandbox;

/** The program a user of the packages writes: the v2 client, the server stub, the feed client and order book, the x402 types. */
const PROGRAM = `
import { ApiError, V2Client, type Price } from '@svc/v2';
import { createV2Server } from '@svc/v2/server';
import { FeedConnection } from '@svc/feed/client';
import { PriceSchema } from '@svc/v2/schemas';
import { createClient, getSpotPrice } from '@svc/v2/client';
import { handlers } from '@svc/v2/msw';
import { getSpotPriceOptions, getSpotPriceQueryKey } from '@svc/v2/query';
import { createMcpServer } from '@svc/v2/mcp';
import type { VerifyX402PaymentResponse } from '@svc/x402';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { QueryClient } from '@tanstack/query-core';
import { setupServer } from 'msw/node';
import WebSocket from 'ws';

const [v2Url, feedUrl] = process.argv.slice(2) as [string, string];

const client = new V2Client({ baseUrl: v2Url });
const spot: Price = (await client.data.getSpotPrice({ currency_pair: 'BTC-USD' })).data;
console.log(\`spot \${spot.amount} \${spot.currency} \${PriceSchema.safeParse(spot).success}\`);
// The same call through the operation's function.
const viaFunction: Price = (await getSpotPrice(createClient({ baseUrl: v2Url }), { currency_pair: 'BTC-USD' })).data;
console.log(\`function \${viaFunction.amount === spot.amount}\`);
// The same call as a TanStack query, with query-core alone (what every framework adapter wraps).
const queryClient = new QueryClient();
const queried: Price = (await queryClient.fetchQuery(getSpotPriceOptions(createClient({ baseUrl: v2Url }), { currency_pair: 'BTC-USD' }))).data;
console.log(\`query \${queried.amount === spot.amount} \${queryClient.getQueryData(getSpotPriceQueryKey({ currency_pair: 'BTC-USD' }))?.data.currency}\`);
// The same call answered by the package's MSW handlers, in this process.
const msw = setupServer(...handlers({ baseUrl: 'https://msw.example' }));
msw.listen({ onUnhandledRequest: 'bypass' });
const mocked: Price = (await getSpotPrice(createClient({ baseUrl: 'https://msw.example' }), { currency_pair: 'BTC-USD' })).data;
msw.close();
console.log(\`msw \${/^\\d+(\\.\\d+)?$/.test(mocked.amount)}\`);
// The same call as an MCP tool, through the SDK's own client.
const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
await createMcpServer({ client: { baseUrl: v2Url } }).connect(serverSide);
const agent = new Client({ name: 'consumer', version: '1.0.0' });
await agent.connect(clientSide);
const tool = await agent.callTool({ name: 'getSpotPrice', arguments: { currency_pair: 'BTC-USD' } });
console.log(\`mcp \${(tool.structuredContent as { data: Price } | undefined)?.data.amount === spot.amount}\`);
await agent.close();

// A server stub answering one operation, called through the Fetch API.
const app = createV2Server({ getTime: () => ({ status: 200, body: { data: { iso: '2026-01-01T00:00:00Z', epoch: 1767225600 } } }) });
const time = await app.request('/v2/time');
console.log(\`stub \${time.status} \${((await time.json()) as { data: { epoch: number } }).data.epoch}\`);
try {
  await new V2Client({ baseUrl: v2Url }).accounts.listAccounts();
} catch (error) {
  console.log(\`unauthenticated \${error instanceof ApiError ? error.status : 'unexpected'}\`);
}

const feed = new FeedConnection({ url: feedUrl, WebSocket, reconnect: false });
await feed.connect();
await feed.subscribe('level2', { product_ids: ['BTC-USD'] });
const book = feed.orderBook('BTC-USD');
for await (const message of feed.messages('level2')) {
  if (book.synced && message.events.length > 0) break;
}
const [bid, ask] = [book.bestBid(), book.bestAsk()];
console.log(\`book \${bid !== undefined && ask !== undefined && Number(bid.price) < Number(ask.price) ? 'ok' : 'crossed'} \${book.depth(5).bids.length}\`);
feed.close();

const verdict: VerifyX402PaymentResponse['isValid'] = true;
console.log(\`x402 \${verdict}\`);
`;

const STRICT = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  skipLibCheck: false,
  outDir: 'out',
  types: ['node'],
};

async function npm(args: string[]): Promise<void> {
  await run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: project, maxBuffer: 64 * 1024 * 1024 });
}

async function typeCheckAndRun(): Promise<string[]> {
  try {
    await run(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: project });
  } catch (error) {
    throw new Error(`the consumer program does not type-check:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
  }
  // Plain Node: no loader, no flags; the packages' own JavaScript.
  const { stdout } = await run(process.execPath, [join(project, 'out', 'main.js'), sandbox.servers.v2, sandbox.servers.feed], { cwd: project, timeout: 30_000 });
  return stdout.trim().split('\n');
}

const installedVersion = (name: string): string => (JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  packs = await packAll(join(work, 'packs'));
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: STRICT, include: ['main.ts'] }));
  writeFileSync(join(project, 'main.ts'), PROGRAM);
  // The tarballs, and what a user adds beside them: the server stub's, the feed's, the query options' and the MCP server's peers, types; React Query for the README's example.
  await npm(['install', ...packs.map((p) => p.tarball), 'hono', 'ws', '@types/ws', '@types/node@20', '@tanstack/query-core@5', '@tanstack/react-query@5', '@types/react@19', 'msw@2', '@modelcontextprotocol/sdk@1']);
  sandbox = await startSandbox();
}, 300_000);

afterAll(async () => {
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the packed packages', () => {
  it('packs every generated package, its version from the spec', () => {
    expect(packs.map((p) => `${p.name}@${p.version}`)).toEqual([
      '@svc/runtime@0.1.0',
      '@svc/server-runtime@0.1.0',
      '@svc/mock-runtime@0.1.0',
      '@svc/feed@1.0.0',
      '@svc/onramp@1.0.0',
      '@svc/v1@1.0.0',
      '@svc/v2@2017.8.7',
      '@svc/x402@2.0.0',
    ]);
  });

  it('pass publint (strict) and arethetypeswrong (ESM-only profile)', async () => {
    for (const { tarball } of packs) {
      const lint = await run(bin('publint'), ['run', tarball, '--strict']);
      expect(lint.stdout, tarball).toContain('All good!');
      // Exits non-zero on any problem; CommonJS `require` is out of scope for ESM-only packages.
      await run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped']);
    }
  });
});

describe('a consumer project outside the workspace', () => {
  it("compiles every TypeScript example of the installed packages' READMEs under the same strict options", async () => {
    const examples: string[] = [];
    for (const { name } of packs) {
      const readme = readFileSync(join(project, 'node_modules', name, 'README.md'), 'utf8');
      [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].forEach((match, i) => {
        const file = `readme-${name.replace(/^@svc\//, '')}-${i + 1}.ts`;
        // Each example is a module of its own (top-level await, its own imports).
        writeFileSync(join(project, file), `${match[1]!}\nexport {};\n`);
        examples.push(file);
      });
    }
    expect(examples.length).toBeGreaterThanOrEqual(8);
    writeFileSync(join(project, 'tsconfig.readme.json'), JSON.stringify({ compilerOptions: { ...STRICT, noEmit: true, noUnusedLocals: false }, include: examples }));
    try {
      await run(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(project, 'tsconfig.readme.json')], { cwd: project });
    } catch (error) {
      throw new Error(`README examples do not compile:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
    }
  });

  it('type-checks under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess and noPropertyAccessFromIndexSignature, then runs with plain Node against the mocks', async () => {
    expect(await typeCheckAndRun()).toEqual(['spot 65000.00 USD true', 'function true', 'query true USD', 'msw true', 'mcp true', 'stub 200 1767225600', 'unauthenticated 401', expect.stringMatching(/^book ok [1-5]$/), 'x402 true']);
  });

  it('works with the lowest versions the ranges allow (zod 4.2.0, hono 4.13.19, ws 8.18.0, @tanstack/query-core 5.80.0, msw 2.0.0, eventsource-parser 3.1.0)', async () => {
    await npm(['install', 'zod@4.2.0', 'hono@4.13.19', 'ws@8.18.0', '@tanstack/query-core@5.80.0', 'msw@2.0.0', 'eventsource-parser@3.1.0']);
    expect([installedVersion('zod'), installedVersion('hono'), installedVersion('ws'), installedVersion('@tanstack/query-core'), installedVersion('msw'), installedVersion('eventsource-parser')]).toEqual(['4.2.0', '4.13.19', '8.18.0', '5.80.0', '2.0.0', '3.1.0']);
    expect(await typeCheckAndRun()).toEqual(['spot 65000.00 USD true', 'function true', 'query true USD', 'msw true', 'mcp true', 'stub 200 1767225600', 'unauthenticated 401', expect.stringMatching(/^book ok /), 'x402 true']);
  });
});

describe('published to a registry', () => {
  it('npm publish puts every package on a local Verdaccio, and a fresh project installs them from it by name and version and calls the mock', async () => {
    const home = join(work, 'registry');
    const local = await startLocalRegistry({ home, own: ['@svc/*'] });
    try {
      const registry = local.url;
      // The runtimes first: the API packages depend on them.
      for (const { tarball } of packs) await local.publish(tarball);
      const published = (await (await fetch(`${registry}@svc%2fv2`)).json()) as { 'dist-tags': Record<string, string> };
      expect(published['dist-tags']['latest']).toBe('2017.8.7');

      const fresh = join(home, 'fresh');
      mkdirSync(fresh);
      writeFileSync(join(fresh, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
      writeFileSync(join(fresh, '.npmrc'), `registry=${registry}\n`);
      // By name and version, with the peers the server stub needs; zod and hono come through the uplink.
      await run('npm', ['install', '@svc/v2@2017.8.7', '@svc/server-runtime@0.1.0', 'hono', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: fresh, maxBuffer: 64 * 1024 * 1024 });
      const lock = JSON.parse(readFileSync(join(fresh, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; integrity?: string }> };
      // The runtime came as the API package's dependency, from the registry (whose @svc scope has no uplink).
      const runtime = lock.packages['node_modules/@svc/runtime'];
      expect(runtime?.version, JSON.stringify(runtime)).toBe('0.1.0');
      const packed = packs.find((p) => p.name === '@svc/runtime')!;
      expect(runtime?.integrity).toBe(`sha512-${createHash('sha512').update(readFileSync(packed.tarball)).digest('base64')}`);
      writeFileSync(
        join(fresh, 'main.mjs'),
        [
          "import { createClient, getSpotPrice } from '@svc/v2/client';",
          "import { createV2Server } from '@svc/v2/server';",
          'const price = await getSpotPrice(createClient({ baseUrl: process.argv[2] }), { currency_pair: "BTC-USD" });',
          "const stub = createV2Server({ getTime: () => ({ status: 200, body: { data: { iso: '2026-01-01T00:00:00Z', epoch: 1767225600 } } }) });",
          "console.log(`${price.data.amount} ${price.data.currency} ${(await stub.request('/v2/time')).status}`);",
        ].join('\n'),
      );
      const { stdout } = await run(process.execPath, [join(fresh, 'main.mjs'), sandbox.servers.v2], { cwd: fresh, timeout: 30_000 });
      expect(stdout.trim()).toBe('65000.00 USD 200');
    } finally {
      await local.close();
    }
  }, 300_000);
});
