/**
 * `npm run generate [-- options]`: every spec in specs/ into generated/<name>/.
 *
 *   --check              compare instead of writing; exit 1 listing the files that differ
 *   --spec <file>        generate one document (any OpenAPI 3.0/3.1 or AsyncAPI 3 file)
 *   --out <dir>          output folder for --spec (the package itself), or the root for all specs
 *   --only <name>        only the spec whose package is <name> (e.g. v2)
 *   --watch              regenerate when a file in specs/ or templates/ changes
 *   --quiet              no summary table
 *
 * Exit codes: 0 ok, 1 --check found differences, 2 a spec or the command line is wrong,
 * 3 a generator bug (one line naming the file and stage; SVC_CODEGEN_DEBUG=1 adds the stack).
 */
import { watch } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEBUG_VARIABLE, GENERATOR_BUG_EXIT_CODE, GeneratorBug, describeGeneratorBug, inStage } from './failure.js';
import { SpecError } from './load/errors.js';
import { generatePackage, packageNameOf, runtimePackage, type PackageOutput, type SpecJob } from './pipeline.js';
import { comparePackages, writePackages } from './write/files.js';
import { formatFile } from './write/format.js';

const USAGE = 'usage: npm run generate -- [--check] [--only <name>] [--watch] [--quiet] | --spec <file> --out <dir> [--check]';

interface Options {
  check: boolean;
  spec?: string;
  out?: string;
  only?: string;
  watch: boolean;
  quiet: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      check: { type: 'boolean', default: false },
      spec: { type: 'string' },
      out: { type: 'string' },
      only: { type: 'string' },
      watch: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.spec && !values.out) throw new UsageError('--spec needs --out <dir>');
  return {
    check: values.check ?? false,
    watch: values.watch ?? false,
    quiet: values.quiet ?? false,
    ...(values.spec ? { spec: values.spec } : {}),
    ...(values.out ? { out: values.out } : {}),
    ...(values.only ? { only: values.only } : {}),
  };
}

class UsageError extends Error {}

const toPosix = (path: string): string => path.split('\\').join('/');

async function specJobs(options: Options): Promise<SpecJob[]> {
  if (options.spec) return [{ file: toPosix(relative(process.cwd(), resolve(options.spec))), name: basename(resolve(options.out!)) }];
  const files = (await readdir('specs')).filter((f) => /\.(openapi|asyncapi)\.(ya?ml|json)$/.test(f)).sort();
  const jobs = files.map((f) => ({ file: `specs/${f}`, name: packageNameOf(f) }));
  if (options.only) {
    const chosen = jobs.filter((j) => j.name === options.only);
    if (chosen.length === 0) throw new UsageError(`--only ${options.only}: no spec in specs/ makes a package of that name (${jobs.map((j) => j.name).join(', ')})`);
    return chosen;
  }
  return jobs;
}

/** The workspace tsconfig that type-checks every generated package at once. */
async function workspaceFiles(): Promise<Map<string, string>> {
  const tsconfig = {
    extends: './runtime/tsconfig.json',
    compilerOptions: { noEmit: true },
    include: ['*/src'],
  };
  return new Map([['tsconfig.json', await formatFile('tsconfig.json', JSON.stringify(tsconfig))]]);
}

function printSummary(packages: PackageOutput[], totalMs: number): void {
  const rows = packages.map((p) => [p.name, String(p.files.size), String(p.stats.operations), String(p.stats.schemas), String(p.stats.messages), String(p.stats.ms)]);
  const header = ['package', 'files', 'operations', 'schemas', 'messages', 'ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`total ${totalMs} ms`);
  for (const p of packages) {
    for (const d of p.diagnostics) console.warn(`${p.name}: ${d.level}: ${d.message}${d.pointer ? ` (at #${d.pointer})` : ''}`);
  }
}

async function runOnce(options: Options): Promise<number> {
  const started = performance.now();
  const jobs = await specJobs(options);
  const packages: PackageOutput[] = [];
  for (const job of jobs) packages.push(await generatePackage(job));
  const single = options.spec !== undefined;
  if (!single) packages.push(await runtimePackage());
  const outRoot = single ? dirname(resolve(options.out!)) : resolve(options.out ?? 'generated');
  const extra = single ? new Map<string, string>() : await workspaceFiles();
  if (options.check) {
    const differences = await comparePackages(outRoot, packages, extra);
    if (differences.length > 0) {
      console.error(`generated/ is not what the specs generate (${differences.length} files). Run \`npm run generate\`.`);
      for (const d of differences) console.error(`  ${d.kind.padEnd(7)} ${d.file}`);
      return 1;
    }
    if (!options.quiet) console.log(`generated/ is up to date (${packages.length} packages).`);
    return 0;
  }
  const { written, removed } = await inStage({ file: outRoot, stage: 'write' }, () => writePackages(outRoot, packages, extra));
  if (!options.quiet) {
    printSummary(packages, Math.round(performance.now() - started));
    console.log(`${written} files written, ${removed} removed`);
  }
  return 0;
}

function report(error: unknown): number {
  if (error instanceof SpecError) {
    console.error(`error: ${error.message}`);
    console.error('generated/ was left untouched.');
    return 2;
  }
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`error: ${error.message}\n${USAGE}`);
    return 2;
  }
  const bug = error instanceof GeneratorBug ? error : new GeneratorBug({ file: process.argv.slice(2).join(' ') || 'npm run generate', stage: 'command', cause: error });
  for (const line of describeGeneratorBug(bug, { withStack: Boolean(process.env[DEBUG_VARIABLE]) })) console.error(line);
  return GENERATOR_BUG_EXIT_CODE;
}

async function main(): Promise<void> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.exit(report(error));
  }
  if (!options.watch) {
    let code: number;
    try {
      code = await runOnce(options);
    } catch (error) {
      code = report(error);
    }
    process.exit(code);
  }
  let timer: NodeJS.Timeout | undefined;
  const rerun = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const started = performance.now();
      runOnce({ ...options, quiet: true })
        .then(() => console.log(`${new Date().toISOString()} regenerated in ${Math.round(performance.now() - started)} ms`))
        .catch(report);
    }, 100);
  };
  rerun();
  for (const dir of ['specs', 'templates']) watch(dir, { recursive: true }, rerun);
  console.log('watching specs/ and templates/ (Ctrl-C to stop)');
}

void main();
