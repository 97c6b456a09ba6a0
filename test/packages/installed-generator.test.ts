/**
 * The generator as a team installs it into its own repository: `svc-api-codegen` published to a
 * local registry, installed by name and version into a fresh folder outside this repository, and
 * used through `npx` on the machine's Node.js and on Node 24 (the npm registry's binary): `init`,
 * a config with one document, an overlay and the example plugin, `generate` (then again, from
 * the cache), `mock --spec --json` answering a GET, `mcp --spec` serving its tools over stdio, and
 * `diff` failing on a breaking change.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ensureNode } from '../../scripts/ensure-node.js';
import { packGenerator } from '../../scripts/build-generator.js';
import { childEnv } from '../helpers/cli.js';
import { startLocalRegistry, type LocalRegistry } from '../helpers/registry.js';
import { repoRoot } from '../helpers/spec-files.js';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'svc-installed-'));
const fresh = join(work, 'fresh');
const LIBRARY = join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml');
let registry: LocalRegistry;
let version: string;

/** Removes `deleteTitle` and says the API is public: what a team's overlay of a description it receives does. */
const OVERLAY = `overlay: 1.0.0
info: { title: Public library API, version: 1.0.0 }
actions:
  - target: $.paths['/titles/{titleId}'].delete
    remove: true
  - target: $.paths['/titles'].get
    update:
      description: Every title of the public catalogue.
`;

const CONFIG = `import { defineConfig } from 'svc-api-codegen';
import routes from './plugins/routes.js';

export default defineConfig({
  specs: [
    {
      input: 'api/library.yaml',
      output: 'packages/library',
      name: '@acme/library',
      overlays: ['api/public.overlay.yaml'],
      targets: ['client', 'server', 'routes'],
      options: { 'routes.pathStyle': 'express' },
    },
  ],
  plugins: [routes],
});
`;

beforeAll(async () => {
  const packed = await packGenerator(join(work, 'packs'));
  version = packed.version;
  registry = await startLocalRegistry({ home: join(work, 'registry'), own: ['svc-api-codegen'] });
  await registry.publish(packed.tarball);
  mkdirSync(fresh);
  writeFileSync(join(fresh, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
  writeFileSync(join(fresh, '.npmrc'), `registry=${registry.url}\n`);
  await run('npm', ['install', '--save-dev', `svc-api-codegen@${version}`, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: fresh, env: childEnv(), maxBuffer: 64 * 1024 * 1024 });
}, 600_000);

afterAll(async () => {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npx svc-api-codegen …` in `cwd` with `node` first on the PATH (so npx, and the command, run on it). */
async function npx(args: { node: string; cwd: string; argv: string[]; env?: Record<string, string> }): Promise<Outcome> {
  const env = childEnv({ PATH: `${dirname(args.node)}:${process.env['PATH'] ?? ''}`, ...args.env });
  delete env['CI'];
  try {
    const { stdout, stderr } = await run('npx', ['--no-install', 'svc-api-codegen', ...args.argv], { cwd: args.cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The first line the mock prints, and a stop for it. */
async function startMock(args: { node: string; cwd: string }): Promise<{ first: { servers: Record<string, string>; credentials: { schemes: Record<string, string> } }; stop: () => Promise<void> }> {
  const child = spawn('npx', ['--no-install', 'svc-api-codegen', 'mock', '--spec', 'api/library.yaml', '--json'], { cwd: args.cwd, env: childEnv({ PATH: `${dirname(args.node)}:${process.env['PATH'] ?? ''}` }), detached: true });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mock printed no line in 120 s: ${stderr}`)), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const end = stdout.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(stdout.slice(0, end));
      }
    });
    child.on('exit', (code) => reject(new Error(`the mock exited with ${code}: ${stderr}`)));
  });
  const stop = async (): Promise<void> => {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // npx and the command under it: the whole group.
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  return { first: JSON.parse(line), stop };
}

const NODES: [string, () => Promise<string>][] = [
  [`the machine's Node.js (${process.version})`, async () => process.execPath],
  ['Node 22', async () => (await ensureNode(22)).binary],
  ['Node 24', async () => (await ensureNode(24)).binary],
];

describe.each(NODES)('svc-api-codegen installed from a registry, on %s', (label, nodeBinary) => {
  let node: string;
  let project: string;
  beforeAll(async () => {
    node = await nodeBinary();
    project = join(fresh, label.replace(/\W+/g, '-'));
    mkdirSync(join(project, 'api'), { recursive: true });
    mkdirSync(join(project, 'plugins'));
  }, 300_000);

  it('runs on that Node.js', async () => {
    const { stdout } = await run(node, ['--version']);
    const { stdout: viaPath } = await run('node', ['--version'], { env: { ...process.env, PATH: `${dirname(node)}:${process.env['PATH'] ?? ''}` } });
    expect(viaPath.trim()).toBe(stdout.trim());
    const major = /^Node (\d+)$/.exec(label)?.[1];
    if (major !== undefined) expect(stdout.trim()).toMatch(new RegExp(`^v${major}\\.`));
    const versionOut = await npx({ node, cwd: project, argv: ['--version'] });
    expect(versionOut.stdout.trim()).toBe(version);
  });

  it('init writes a starter config naming the description it finds', async () => {
    cpSync(LIBRARY, join(project, 'api', 'library.yaml'));
    const result = await npx({ node, cwd: project, argv: ['init'] });
    expect(result.code, result.stderr).toBe(0);
    const starter = readFileSync(join(project, 'svc-api-codegen.config.ts'), 'utf8');
    expect(starter).toContain("import { defineConfig } from 'svc-api-codegen';");
    expect(starter).toContain('input: "api/library.yaml"');
    // A second init keeps the config.
    expect((await npx({ node, cwd: project, argv: ['init'] })).code).toBe(2);
  });

  it('generate writes the package the config describes: overlaid, with the plugin’s file type-checking under strict; a second run comes from the cache', async () => {
    writeFileSync(join(project, 'api', 'public.overlay.yaml'), OVERLAY);
    cpSync(join(repoRoot, 'examples', 'routes-plugin', 'routes.ts'), join(project, 'plugins', 'routes.ts'));
    writeFileSync(join(project, 'svc-api-codegen.config.ts'), CONFIG);
    const cache = { SVC_CODEGEN_CACHE_DIR: join(project, '.cache') };
    const first = await npx({ node, cwd: project, argv: ['generate', '--timings'], env: cache });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).not.toContain('(cached)');
    const pkg = join(project, 'packages', 'library');
    const operations = readFileSync(join(pkg, 'src', 'operations.ts'), 'utf8');
    expect(operations).toContain('getTitle');
    expect(operations).not.toContain('deleteTitle');
    expect(readFileSync(join(pkg, 'src', 'client.ts'), 'utf8')).toContain('Every title of the public catalogue.');
    const routes = readFileSync(join(pkg, 'src', 'routes.ts'), 'utf8');
    expect(routes).toContain("path: '/titles/:titleId'");
    expect(routes).toMatch(/export const getTitleRoute = \{/);
    expect(JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).exports['./routes']).toBeDefined();
    // Strict, with the TypeScript of this repository (the fresh folder has none of its own).
    await run(node, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(pkg, 'tsconfig.json'), '--noEmit'], { cwd: pkg, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stdout: string }) => {
      throw new Error(`the package does not type-check:\n${error.stdout}`);
    });

    const second = await npx({ node, cwd: project, argv: ['generate', '--timings'], env: cache });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('library (cached)');

    // The help speaks of the installed command, and lists the config's plugin with its option.
    const help = await npx({ node, cwd: project, argv: ['generate', '--help'] });
    expect(help.stdout).toContain('usage: svc-api-codegen generate [options]');
    expect(help.stdout).not.toContain('npm run');
    expect(help.stdout).toContain('routes.pathStyle');
  }, 300_000);

  it('mock --spec --json prints its servers and credentials first, and answers a GET', async () => {
    const mock = await startMock({ node, cwd: project });
    try {
      const url = mock.first.servers['library']!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${url}/titles`, { headers: { authorization: `Bearer ${mock.first.credentials.schemes['bearerAuth']}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toBeTypeOf('object');
    } finally {
      await mock.stop();
    }
  }, 180_000);

  it('mcp --spec serves the operations as MCP tools over stdio, calling the mock with the credentials of the environment', async () => {
    const mock = await startMock({ node, cwd: project });
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['--no-install', 'svc-api-codegen', 'mcp', '--spec', 'api/library.yaml', '--base-url', mock.first.servers['library']!],
      cwd: project,
      env: childEnv({ PATH: `${dirname(node)}:${process.env['PATH'] ?? ''}`, SVC_API_ACCESS_TOKEN: mock.first.credentials.schemes['bearerAuth']! }) as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'installed-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('listTitles');
      const listed = (await client.callTool({ name: 'listTitles', arguments: {} })) as CallToolResult;
      expect(listed.isError ?? false, JSON.stringify(listed.content)).toBe(false);
    } finally {
      await client.close();
      await mock.stop();
    }
  }, 180_000);

  it('diff --format json exits 1 on a breaking change', async () => {
    const document = parse(readFileSync(LIBRARY, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    delete document.paths['/titles/{titleId}']!['delete'];
    writeFileSync(join(project, 'api', 'library.next.json'), JSON.stringify(document));
    const result = await npx({ node, cwd: project, argv: ['diff', '--base', 'api/library.yaml', '--head', 'api/library.next.json', '--format', 'json'] });
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { breaking: boolean; changes: { id: string; operation?: string }[] };
    expect(report.breaking).toBe(true);
    expect(report.changes).toContainEqual(expect.objectContaining({ id: 'operation-removed', operation: 'deleteTitle' }));
  }, 180_000);
});

describe('the published package', () => {
  it('holds the command, its entry and declarations, the templates, and nothing of this repository’s specs, tests or bench', async () => {
    const installed = join(fresh, 'node_modules', 'svc-api-codegen');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { bin: Record<string, string>; exports: Record<string, unknown>; dependencies: Record<string, string> };
    expect(manifest.bin['svc-api-codegen']).toBe('./dist/bin.mjs');
    for (const path of ['dist/bin.mjs', 'dist/index.mjs', 'dist/types/generator/public.d.ts', 'templates/runtime/src/index.ts', 'generator/write/format-worker.mjs', 'README.md']) expect(existsSync(join(installed, path)), path).toBe(true);
    for (const path of ['specs', 'test', 'bench', 'generated', 'scripts']) expect(existsSync(join(installed, path)), path).toBe(false);
    // What the command imports at run time, and nothing of the tests' tooling.
    for (const name of ['ts-morph', 'zod', 'hono', 'esbuild', 'yaml']) expect(manifest.dependencies[name], name).toBeDefined();
    for (const name of ['vitest', 'verdaccio', 'playwright-core', 'msw']) expect(manifest.dependencies[name], name).toBeUndefined();
  });
});
