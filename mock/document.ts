/**
 * The mock of any one document (`npm run mock -- --spec <file>`): the generator makes the
 * document's package in memory (types, validators, server stub, fixtures and mock, with the
 * runtimes inside it), esbuild bundles its mock into one module under node_modules/.cache, and
 * that module is imported. A package already made from the same output is reused, so a second
 * start of an unchanged document skips the bundling.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MockEngineOptions, MockPlan, MockStore, WebhookDelivery, WebhookDispatcher, WebhookDispatcherOptions } from '@svc/mock-runtime';
import type { SecuritySchemeSpec } from '@svc/runtime';
import type { ServerOptions } from '@svc/server-runtime';
import type { Hono } from 'hono';
import { generatorRoot } from '../generator/cache/fingerprint.js';
import type { SpecJob } from '../generator/pipeline.js';
import type { MockGuess, MockOverrides } from '../generator/plans/mock.js';
import type { Diagnostic } from '../generator/model/types.js';

/** What the command needs of a document's generated mock. */
export interface DocumentMock {
  /** The package name the generator gives the document (`library` for library.openapi.yaml). */
  name: string;
  app: Hono;
  store: MockStore;
  plan: MockPlan;
  /** Every scope the document names. */
  scopes: readonly string[];
  securitySchemes: Readonly<Record<string, SecuritySchemeSpec>>;
  /** What the mock plan guessed (`npm run generate -- --explain` prints the same). */
  guesses: readonly MockGuess[];
  /** What the overlays warn of (an action whose target selects nothing), located in the overlay files; none without overlays. */
  overlayWarnings: readonly Diagnostic[];
  /** The operationIds of the document's webhooks (none without a `webhooks` section). */
  webhooks: readonly string[];
  /** The deliveries, when `options.webhooks` was given to a document with webhooks. */
  dispatcher: WebhookDispatcher | undefined;
  /** Sends a seeded payload of a webhook (by operationId) through the dispatcher; undefined for a document without webhooks. */
  sendWebhook: ((operationId: string, seed?: number) => Promise<WebhookDelivery>) | undefined;
}

/** The generated module's surface that `create…Mock` and the server spec give. */
interface MockModule {
  mockPlan: MockPlan;
  mockScopes: readonly string[];
  serverSpec: { api: { securitySchemes: Readonly<Record<string, SecuritySchemeSpec>> } };
  /** The document's webhooks by operationId (from `./operations`). */
  webhooks?: Readonly<Record<string, unknown>>;
  [name: string]: unknown;
}

type CreateMock = (options: Omit<MockEngineOptions, 'fixtures' | 'webhooks'> & { server?: ServerOptions; webhooks?: DocumentMockOptions['webhooks'] }) => {
  app: Hono;
  store: MockStore;
  webhooks?: WebhookDispatcher | undefined;
  sendWebhook?: (operationId: string, seed?: number) => Promise<WebhookDelivery>;
};

export const documentCacheDir = join(generatorRoot, 'node_modules', '.cache', 'svc-mock-documents');

export interface DocumentMockOptions {
  /** `--allow-ref-root`: folders besides the project root whose files `$ref`s may name. */
  allowRefRoots?: readonly string[];
  /** `--overlay`: Overlay documents (absolute paths) applied, in order, to the document before it is generated. */
  overlays?: readonly string[];
  server?: ServerOptions;
  engine?: Omit<MockEngineOptions, 'fixtures' | 'webhooks'>;
  /** Choices that replace the mock plan's guesses (`--mock-role`, `--mock-id-field`, `--mock-state-field`, `--mock-state`). */
  mockOverrides?: MockOverrides;
  /** Where the document's webhooks go, signed with this key (`--webhook-url`); ignored for a document without webhooks. */
  webhooks?: Omit<WebhookDispatcherOptions, 'signatureHeader'>;
}

/**
 * The mock of the document at `specFile` (absolute), not yet listening.
 *
 * @throws SpecError for a document the generator refuses (located, as `npm run generate` reports it).
 */
export async function loadDocumentMock(specFile: string, options: DocumentMockOptions = {}): Promise<DocumentMock> {
  const { explainMock, generateSources, loadModel, packageNameOf } = await import('../generator/pipeline.js');
  const name = packageNameOf(specFile);
  const loaderPath = (path: string): string => relative(process.cwd(), path).split('\\').join('/');
  const file = loaderPath(specFile);
  const overlays = options.overlays?.map(loaderPath);
  const job: SpecJob = { file, name, bundleRuntime: true, parts: ['mock'], allowRefRoots: options.allowRefRoots, overlays, mockOverrides: options.mockOverrides };
  // The document is read and modelled once, for the package and for the plan's guesses.
  const model = await loadModel(job);
  const files = await generateSources(job, model);
  const guesses = await explainMock(job, model);
  const overlayWarnings = model.diagnostics.filter((d) => d.file !== undefined);
  const module = (await import(pathToFileURL(await bundleOf(name, files, BUNDLE_ENTRY)).href)) as MockModule;
  const create = Object.entries(module).find(([key, value]) => /^create\w*Mock$/.test(key) && typeof value === 'function')?.[1] as CreateMock | undefined;
  if (!create) throw new Error(`the generated mock of ${file} has no create…Mock function`);
  // A document without webhooks has no `webhooks` option to give.
  const webhooks = module.webhooks ?? {};
  const { app, store, ...sender } = create({ ...options.engine, ...(options.server ? { server: options.server } : {}), ...(options.webhooks && Object.keys(webhooks).length > 0 ? { webhooks: options.webhooks } : {}) });
  return {
    name,
    app,
    store,
    plan: module.mockPlan,
    scopes: module.mockScopes,
    securitySchemes: module.serverSpec.api.securitySchemes,
    guesses,
    overlayWarnings,
    webhooks: Object.keys(webhooks),
    dispatcher: sender.webhooks,
    sendWebhook: sender.sendWebhook,
  };
}

/** What the bundle exports: the mock, the server spec and the webhooks (part of the bundle's key, with the files). */
const BUNDLE_ENTRY = "export * from './src/mock.js';\nexport { serverSpec } from './src/server.js';\nexport { webhooks } from './src/operations.js';\n";

/**
 * One module bundling what `entry` (a module at the package's root) exports of a package made in
 * memory, made once per distinct output under node_modules/.cache (the `mcp` command's server
 * too); its path.
 */
export async function bundleOf(name: string, files: ReadonlyMap<string, string>, entry: string): Promise<string> {
  const hash = createHash('sha256').update(entry).update('\0');
  for (const [path, contents] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(path).update('\0').update(contents).update('\0');
  const folderName = `${name}-${hash.digest('hex').slice(0, 16)}`;
  const folder = join(documentCacheDir, folderName);
  const bundle = join(folder, 'mock.mjs');
  if (existsSync(bundle)) return bundle;
  const building = `${folder}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  try {
    for (const [path, contents] of files) {
      mkdirSync(dirname(join(building, path)), { recursive: true });
      writeFileSync(join(building, path), contents);
    }
    writeFileSync(join(building, 'entry.ts'), entry);
    const esbuild = await import('esbuild');
    // zod, hono, jose and randexp stay imports, found in the project's node_modules above the cache.
    await esbuild.build({ absWorkingDir: building, entryPoints: [join(building, 'entry.ts')], outfile: join(building, 'mock.mjs'), bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent' });
    rmSync(folder, { recursive: true, force: true });
    renameSync(building, folder);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  // One package per document name is kept: the older ones of this name go.
  for (const other of readdirSync(documentCacheDir)) if (other !== folderName && other.startsWith(`${name}-`) && !other.endsWith('.tmp') && /^[0-9a-f]{16}$/.test(other.slice(name.length + 1))) rmSync(join(documentCacheDir, other), { recursive: true, force: true });
  return bundle;
}
