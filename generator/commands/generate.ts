/**
 * The `generate` command (`npm run generate`, `svc-api-codegen generate`): the entries of the
 * config file, every spec of specs/ into generated/<name>/, or one document with --spec.
 * `--help` (generator/cli/options.ts) lists every form and flag.
 *
 * Exit codes: 0 ok, 1 --check found differences, 2 a spec, the config or the command line is
 * wrong, 3 a generator bug (one line naming the file and stage; SVC_CODEGEN_DEBUG=1 adds the stack).
 */
import { resolve } from 'node:path';
import { DEBUG_VARIABLE, GENERATOR_BUG_EXIT_CODE, GeneratorBug, describeGeneratorBug } from '../failure.js';
import { SpecError } from '../load/errors.js';
import { asInvoked, callerDirectory, commandLine, displayPath, HELP, helpText, parseOptions, UsageError, type Options } from '../cli/options.js';
import { changeLines, diagnosticLines, differenceLines, summaryLines, timingLines, unlinkedPackageLines } from '../cli/print.js';
import { outFolderOf, runOnce, specJobs, type RunResult } from '../cli/run.js';
import { explainDocument } from '../pipeline.js';
import { guessLines, streamChoiceLines, webhookGuessLines } from '../cli/print.js';
import { startWatch } from '../cli/watch.js';
import { progressLine } from '../cli/progress.js';
import { onStopRequest } from '../util/lifetime.js';
import { PluginError, resolvePlugins } from '../targets/registry.js';
import { findConfig, loadConfig } from '../config.js';

function report(error: unknown, options: Pick<Options, 'callerDir'> & Partial<Options>): number {
  const untouched = options.check ? '' : `\n${displayPath(options, outFolderOf(options as Options), true)} was left untouched.`;
  if (error instanceof PluginError) {
    console.error(`error: ${error.message}${untouched}`);
    // A plugin's own exception: its stack when asked, as a generator bug's.
    if (process.env[DEBUG_VARIABLE] && error.cause instanceof Error && error.cause.stack) console.error(error.cause.stack);
    return 2;
  }
  if (error instanceof SpecError) {
    const file = displayPath(options, resolve(error.file));
    console.error(`error: ${SpecError.format(file, error.problem, error.location)}${untouched}`);
    return 2;
  }
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`error: ${error.message}\n${asInvoked(HELP.split('\n\n')[0]!)}\n(${commandLine('generate', true)} --help lists every flag)`);
    return 2;
  }
  const bug = error instanceof GeneratorBug ? error : new GeneratorBug({ file: commandLine('generate'), stage: 'command', cause: error });
  for (const line of describeGeneratorBug(bug, { withStack: Boolean(process.env[DEBUG_VARIABLE]) })) console.error(line);
  return GENERATOR_BUG_EXIT_CODE;
}

function printResult(options: Options, result: RunResult, mode: 'once' | 'watch'): void {
  const out = displayPath(options, result.outFolder, true);
  if (options.timings) for (const line of timingLines(result)) console.log(line);
  if (options.check) {
    if (result.code !== 0) {
      console.error(`${out} is not what the specs generate (${result.differences.length} files). Run \`${commandLine('generate')}\`.`);
      for (const line of differenceLines(options, result)) console.error(line);
    } else if (!options.quiet) console.log(`${out} is up to date (${result.packages.length} packages).`);
    return;
  }
  if (!options.timings && !options.quiet && mode === 'once') for (const line of summaryLines(result)) console.log(line);
  for (const line of diagnosticLines(result.packages, options.explain, (path) => displayPath(options, resolve(path)))) console.warn(line);
  if (mode === 'watch') {
    const changes = changeLines(options, result);
    console.log(changes.length > 0 ? changes.join('\n') : `  no file changed in ${out}`);
    console.log(`  done in ${result.totalMs} ms`);
  } else if (!options.quiet) {
    console.log(`${result.written.length} files written, ${result.removed.length} removed in ${out}`);
  }
  // Only the project's own workspace is linked by npm; a --spec or --out folder is not part of it.
  if (options.spec === undefined && options.out === undefined) for (const line of unlinkedPackageLines(result, process.cwd())) console.warn(line);
}

/** `--explain`: the mock plan's guesses of each document generated, the streams its operations offer beside a body, and what its webhook receiver was told. */
async function explainLines(options: Options): Promise<string[]> {
  const lines: string[] = [];
  for (const job of await specJobs(options)) {
    const { guesses, streams, webhooks } = await explainDocument(job);
    lines.push(...guessLines(job.file, guesses), ...streamChoiceLines(job.file, streams), ...webhookGuessLines(job.file, webhooks));
  }
  return lines;
}

/** The help, with the parts and options of the config's plugins when there is a config (a broken one is left to the run to report). */
async function helpWithPlugins(options: Options): Promise<string> {
  const file = options.config ?? findConfig(process.cwd());
  if (file === undefined) return HELP;
  try {
    const { plugins } = await loadConfig(file);
    return plugins.length > 0 ? helpText(resolvePlugins(plugins)) : HELP;
  } catch {
    return HELP;
  }
}

/** Runs the command; resolves with its exit code, or never while it watches (a stop request exits). */
export async function runGenerateCommand(argv: readonly string[]): Promise<number> {
  const callerDir = callerDirectory();
  let options: Options;
  try {
    options = parseOptions([...argv], callerDir);
  } catch (error) {
    return report(error, { callerDir, check: true });
  }
  if (options.help) {
    console.log(asInvoked(await helpWithPlugins(options)));
    return 0;
  }
  if (!options.watch) {
    let code: number;
    const progress = progressLine({ quiet: options.quiet });
    try {
      const result = await runOnce(options, { progress: progress.report });
      progress.clear();
      printResult(options, result, 'once');
      if (options.explain) for (const line of await explainLines(options)) console.log(line);
      code = result.code;
    } catch (error) {
      progress.clear();
      code = report(error, options);
    }
    return code;
  }
  const session = await startWatch({
    options,
    log: (line) => console.log(line),
    run: async () => {
      const progress = progressLine({ quiet: options.quiet });
      try {
        const result = await runOnce(options, { progress: progress.report });
        progress.clear();
        printResult(options, result, 'watch');
        return result;
      } catch (error) {
        progress.clear();
        report(error, options);
        return undefined;
      }
    },
  });
  onStopRequest((reason) => {
    console.log(`${reason}: stopping the watch`);
    void session.close().then(() => process.exit(0));
  });
  return new Promise<number>(() => {});
}
