/**
 * `npm run diff`: what changes for callers between two versions of the specs. Exit code 0
 * without breaking changes (or with --allow-breaking), 1 with one, 2 on an error.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GeneratorBug } from '../failure.js';
import { asInvoked, UsageError } from '../cli/options.js';
import { SpecError } from '../load/errors.js';
import { diffSpecPairs, pairSpecs, type FailOn } from './index.js';
import { IgnoreFileError, readIgnoreFile } from './ignore.js';
import { renderReport, renderRules, type ReportFormat } from './report.js';
import { defaultBase, DiffInputError, loaderPath, resolveSide, type ResolvedSide } from './sources.js';

export const DIFF_HELP = `usage: npm run diff -- [options]

Compares two versions of the API specs and prints what changes for callers: every change
classified breaking, possibly breaking (warning) or compatible (info), the generated
packages' exports added, removed or changed, and the semver bump each package needs.

  --base <ref|file|dir>   the old side: a git revision (its specs folder), a spec file or a
                          folder of specs (default: origin/main, or HEAD without that remote)
  --head <ref|file|dir>   the new side (default: the working tree's specs folder)
  --specs <dir>           the specs folder inside the repository (default: specs)
  --format <f>            text (default), markdown (for a pull-request comment) or json
  --fail-on <level>       breaking (default): exit 1 on a breaking change; possibly-breaking:
                          also on a possibly breaking one (which then needs a major version too)
  --ignore <file>         changes accepted: per line a rule id (ours or oasdiff's) and optionally
                          the operation (GET /v2/accounts); they stay in the report, marked
                          accepted, and fail nothing
  --allow-breaking        exit 0 even when a change is breaking
  --no-surface            compare the specs only, not the generated packages' exports
  --allow-ref-root <dir>  a folder besides the project root whose files $refs may name (repeatable)
  --overlay <file>        an OpenAPI Overlay 1.0 document applied to every document of both sides
                          before they are compared (repeatable, in the order given); an action whose
                          target selects nothing is a warning on standard error
  --base-overlay <file>   the same for the base side only (after the --overlay ones; repeatable)
  --head-overlay <file>   the same for the head side only (after the --overlay ones; repeatable)
  --rules                 list every rule with its level, and exit
  -h, --help              this text

Exit codes: 0 no failing change, 1 a breaking change (or, with --fail-on possibly-breaking, a possibly
breaking one), 2 an error (unreadable spec, bad option).
`;

interface DiffCliOptions {
  base: string | undefined;
  head: string | undefined;
  specs: string;
  format: ReportFormat;
  allowBreaking: boolean;
  failOn: FailOn;
  ignore: string | undefined;
  surface: boolean;
  allowRefRoots: string[];
  /** Overlay files as given, per side: `--overlay` then `--base-overlay` or `--head-overlay`. */
  overlays: { base: string[]; head: string[] };
}

function parseDiffOptions(argv: string[]): DiffCliOptions | 'help' | 'rules' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        head: { type: 'string' },
        specs: { type: 'string' },
        format: { type: 'string' },
        'allow-breaking': { type: 'boolean' },
        'fail-on': { type: 'string' },
        ignore: { type: 'string' },
        'no-surface': { type: 'boolean' },
        'allow-ref-root': { type: 'string', multiple: true },
        overlay: { type: 'string', multiple: true },
        'base-overlay': { type: 'string', multiple: true },
        'head-overlay': { type: 'string', multiple: true },
        rules: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return 'help';
  if (values.rules) return 'rules';
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'markdown' && format !== 'json') throw new UsageError(`--format ${format}: one of text, markdown, json`);
  const failOn = values['fail-on'] ?? 'breaking';
  if (failOn !== 'breaking' && failOn !== 'possibly-breaking') throw new UsageError(`--fail-on ${failOn}: one of breaking, possibly-breaking`);
  return { base: values.base, head: values.head, specs: values.specs ?? 'specs', format, allowBreaking: values['allow-breaking'] === true, failOn, ignore: values.ignore, surface: values['no-surface'] !== true, allowRefRoots: values['allow-ref-root'] ?? [], overlays: { base: [...(values.overlay ?? []), ...(values['base-overlay'] ?? [])], head: [...(values.overlay ?? []), ...(values['head-overlay'] ?? [])] } };
}

export async function runDiffCli(argv: string[], io: { out: (text: string) => void; err: (text: string) => void; cwd: string }): Promise<number> {
  let options;
  try {
    options = parseDiffOptions(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${asInvoked(DIFF_HELP)}`);
    return 2;
  }
  if (options === 'help') {
    io.out(asInvoked(DIFF_HELP));
    return 0;
  }
  if (options === 'rules') {
    io.out(renderRules());
    return 0;
  }
  const sides: ResolvedSide[] = [];
  try {
    const head = await resolveSide({ value: options.head, specsDir: options.specs, cwd: io.cwd });
    sides.push(head);
    const headFile = head.files[0];
    const base = await resolveSide(
      { value: options.base ?? (await defaultBase(io.cwd)), specsDir: options.specs, cwd: io.cwd },
      head.single && headFile !== undefined ? { path: headFile, single: true } : undefined,
    );
    sides.push(base);
    const ignore = options.ignore === undefined ? [] : await readIgnoreFile(resolve(io.cwd, options.ignore), options.ignore);
    const report = await diffSpecPairs(
      pairSpecs(base.files, head.files),
      { base: base.label, head: options.head ?? `${options.specs} (working tree)` },
      {
        surface: options.surface,
        failOn: options.failOn,
        ignore,
        allowRefRoots: options.allowRefRoots.map((root) => resolve(io.cwd, root)),
        overlays: { base: options.overlays.base.map((file) => loaderPath(resolve(io.cwd, file))), head: options.overlays.head.map((file) => loaderPath(resolve(io.cwd, file))) },
        // Standard output is the report (JSON for tools): what the overlays say goes to standard error.
        onWarning: (warning) => io.err(`api diff: warning: ${warning.side} ${warning.api}: ${sides.reduce((text, side) => side.describe(text), warning.message)}\n`),
      },
    );
    io.out(renderReport(report, options.format));
    return report.failed && !options.allowBreaking ? 1 : 0;
  } catch (error) {
    if (error instanceof IgnoreFileError) {
      io.err(`api diff: --ignore ${error.message}\n`);
      return 2;
    }
    if (error instanceof SpecError || error instanceof DiffInputError || error instanceof GeneratorBug) {
      io.err(`api diff: ${sides.reduce((text, side) => side.describe(text), error.message)}\n`);
      return 2;
    }
    io.err(`api diff: unexpected failure: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  } finally {
    await Promise.all(sides.map((s) => s.dispose()));
  }
}
