/** The command line: flags, their checks, and paths resolved as the user means them. */
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILTIN_PLUGINS, partNames, partsWithNeeds, PluginError, resolveTargetOptions, type TargetOptions } from '../targets/registry.js';
import type { TargetPlugin } from '../targets/target.js';
import { MOCK_ROLES, type MockOverrides } from '../plans/mock.js';
import { FORMATTERS, type FormatterName } from '../write/format.js';
import type { MockRole } from '../../templates/mock-runtime/src/mock/plan.js';

/**
 * `--help`: the forms and flags, with the parts `--targets` takes, what each brings, `--zod` and
 * every target option built from the plugins' declarations, so that the text cannot drift from
 * them and a plugin from outside the generator appears too.
 */
export function helpText(plugins: readonly TargetPlugin[] = BUILTIN_PLUGINS): string {
  return `usage: npm run generate [-- options]                  every entry of svc-api-codegen.config.ts (.mjs, .json) in
                                                      this folder; without one, every spec in specs/ into generated/<name>/
       npm run generate -- --config <file> [options]  every entry of that config file
       npm run generate -- --only <name> [options]    one entry (its package folder's name, e.g. v2)
       npm run generate -- --out <dir> [options]      every entry into <dir>/<folder name>/ (with the shared runtimes)
       npm run generate -- --spec <file> --out <dir>  one document (OpenAPI 3.0-3.2, Swagger 2.0 or AsyncAPI 3) into <dir>
             [--name <npm-name>] [--client <ClassName>] [--targets <parts>] [--overlay <file>]... [--shared-runtime]
             [--plugin <module>]... [--force] [options]

options:
  --check              compare instead of writing; exit 1 listing the files that differ
  --watch              regenerate when an input changes (the --spec file and the files it references,
                       or specs/ and templates/); Ctrl-C or SIGTERM stops
  --timings            print the time of each stage (load, model, each target, format, write) per spec
  --quiet              no summary table, and no progress line (a run of more than 2 s on a terminal shows
                       one on stderr)
  --no-cache           neither read nor write node_modules/.cache/svc-api-codegen/, and run the sources
                       through tsx instead of their bundle (output is the same)
  --name <npm-name>    npm name of the package (--spec only; default @svc/<folder name>)
  --client <Name>      class name of the typed client (--spec only; default <FolderName>Client)
${targetsHelp(plugins)}
  --overlay <file>     an OpenAPI Overlay 1.0 document (update and remove actions with JSONPath targets)
                       applied to the --spec document as written, before it is validated (--spec only);
                       repeatable, applied in the order given; an action whose target selects nothing is a
                       warning; the overlays are inputs like the spec (cache, --watch)
  --shared-runtime     depend on the @svc/runtime packages (--spec only) instead of bundling the runtimes
                       into the package's src/ (the default: the package installs and builds on its own)
  --force              write into an existing folder whose package.json the generator did not write
  --format <name>      oxfmt (default: fast, native), prettier (the output of earlier versions, byte for byte),
                       or none (as the targets produce it); part of the cache key
  --explain            print what the mock plan guessed for each document (operation roles, collections,
                       id fields, paging, states, the declared statuses errors are answered with) and how to
                       overrule each guess; how its webhook receiver matches
                       and verifies deliveries; each stream an operation offers beside its JSON answer with
                       what asks for it (a body flag, or Accept); and every warning of a kind otherwise
                       summed up in one line (numbered names, discriminator tags, nullable in 3.1)
  --mock-role <operationId>=<role>   the mock's role of an operation (create, list, read, update, delete,
                       action, singleton-read, singleton-update, other), as x-mock-role would; repeatable
  --mock-id-field <collection>=<field>  the property holding a collection's item ids (/titles=isbn), as
                       x-mock-id-field would; repeatable
  --mock-state-field <collection>=<field>  the property holding a collection's state (/loans=status; empty
                       for none) where no x-state-machine says; repeatable
  --mock-state <operationId>=<state>  the state a create starts in or an action moves to (returnLoan=returned;
                       empty: the operation sets no state and no time) where no x-state-machine says; repeatable
${zodHelp(plugins)}${optionHelp(plugins)}
  --config <file>      the config file to follow instead of the one in this folder (paths in it are relative
                       to it)
  --plugin <module>    a plugin (a module whose default export is made with definePlugin; a path or a package
                       name) run with the built-in targets (--spec only; a config lists its own); repeatable
  --allow-ref-root <dir>  a folder besides the project root (the git repository holding the spec, or its
                       folder) whose files $refs may name; repeatable. Nothing else is read, nothing remote
  --help               this text

Relative paths are relative to the directory the command was run from.
Exit codes: 0 ok, 1 --check found differences, 2 a spec or the command line is wrong.`;
}

/** Where the help's descriptions start: after the flag column. */
const HELP_COLUMN = 23;
/** The help's lines are wrapped before this column. */
const HELP_WIDTH = 112;

/** `text` after `lead` (padded to the flag column, or two spaces after a longer lead), wrapped at word boundaries, the following lines indented by `indent`. */
function helpEntry({ lead, text, indent = HELP_COLUMN }: { lead: string; text: string; indent?: number }): string {
  const lines: string[] = [];
  let line = lead.length < HELP_COLUMN ? lead.padEnd(HELP_COLUMN) : `${lead}  `;
  let empty = true;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (!empty && line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line);
      line = ' '.repeat(indent);
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.join('\n');
}

const listed = (names: readonly string[]): string => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`);

/** `--targets`: the parts, what each part brings (the parts of the targets its targets need), what every package has. */
function targetsHelp(plugins: readonly TargetPlugin[]): string {
  const parts = partNames(plugins);
  const always = plugins.filter((p) => p.part === undefined).map((p) => p.name);
  const brings = parts.flatMap((part) => {
    const more = partsWithNeeds([part], plugins).filter((other) => other !== part);
    return more.length > 0 ? [`${part} brings ${listed(more)}`] : [];
  });
  return helpEntry({
    lead: '  --targets <parts>',
    text: `what to emit besides the targets of no part, which every package has where they apply (${always.join(', ')}), --spec only, comma-separated among ${parts.join(', ')}${brings.length > 0 ? ` (${brings.join('; ')})` : ''}; default: all (a part emits only what applies to the document)`,
  });
}

/** `--zod`, when a target named zod declares `flavor`. */
function zodHelp(plugins: readonly TargetPlugin[]): string {
  const flavor = plugins.find((p) => p.name === 'zod')?.options?.['flavor'];
  if (!flavor) return '';
  const values = flavor.values ? `: ${listed(flavor.values).replace(/ and (?=\S+$)/, ' or ')}` : '';
  return `${helpEntry({ lead: '  --zod <build>', text: `the zod build the validators are written for${values}${flavor.default !== undefined ? ` (default: ${flavor.default})` : ''}; same as --option zod.flavor=<build>` })}\n`;
}

/** `--option`, and every option of every target: its description, the values it takes, its default. */
function optionHelp(plugins: readonly TargetPlugin[]): string {
  const entries = plugins.flatMap((plugin) =>
    Object.entries(plugin.options ?? {}).map(([name, option]) => {
      const facts = [...(option.values ? [`one of ${option.values.join(', ')}`] : []), ...(option.default !== undefined ? [`default: ${option.default}`] : [])];
      return helpEntry({ lead: ' '.repeat(HELP_COLUMN), text: `${plugin.name}.${name}: ${option.description}${facts.length > 0 ? ` (${facts.join('; ')})` : ''}`, indent: HELP_COLUMN + 2 });
    }),
  );
  const head = helpEntry({ lead: '  --option <target>.<name>=<value>', text: entries.length > 0 ? 'an option of one target; repeatable. The options:' : 'an option of one target; repeatable (no target declares any)' });
  return [head, ...entries].join('\n');
}

/** `--help` of the built-in targets. */
export const HELP = helpText();

export class UsageError extends Error {}

/** How the commands are run, for what they print: `npm run` in this repository, the installed `svc-api-codegen` elsewhere. */
let installed = false;

/** Says the commands run as the installed `svc-api-codegen` (bin.ts). */
export function setInvocation(command: 'svc-api-codegen'): void {
  installed = command === 'svc-api-codegen';
}

/** `npm run generate` (`withArguments`: `npm run generate --`) or `svc-api-codegen generate`. */
export const commandLine = (name: 'generate' | 'mock' | 'diff', withArguments = false): string => (installed ? `svc-api-codegen ${name}` : `npm run ${name}${withArguments ? ' --' : ''}`);

/** A help or usage text as the command is run here (its forms are written as `npm run generate`). */
export const asInvoked = (text: string): string =>
  installed
    ? text
        .replaceAll(/npm run (generate|mock|diff) \[-- options\]/g, 'svc-api-codegen $1 [options]')
        .replaceAll(/npm run (generate|mock|diff)(?: --)?/g, 'svc-api-codegen $1')
    : text;

export interface Options {
  check: boolean;
  watch: boolean;
  timings: boolean;
  quiet: boolean;
  cache: boolean;
  force: boolean;
  help: boolean;
  /** Absolute path of the --spec document. */
  spec?: string;
  /** Absolute path of --out. */
  out?: string;
  only?: string;
  name?: string;
  client?: string;
  /** --spec: the optional parts to emit (`--targets`); all when absent. */
  targets?: string[];
  /** --spec: depend on the @svc runtime packages instead of bundling them into the package. */
  sharedRuntime: boolean;
  /** Where relative paths in messages start: the directory the command was run from. */
  callerDir: string;
  /** `--allow-ref-root`, absolute: folders besides the project root whose files `$ref`s may name. */
  allowRefRoots: string[];
  /** `--overlay`, absolute, in the order given: Overlay documents applied to the --spec document. */
  overlays: string[];
  /** `--explain`: print the mock plan's guesses. */
  explain: boolean;
  /** `--format`; the config's, or oxfmt, when absent. */
  format?: FormatterName | undefined;
  /** `--config`, absolute: the config file to follow (else one found in the working directory). */
  config?: string;
  /** `--plugin`, as given (module paths relative to `callerDir`, or package names): plugins of a `--spec` run. */
  plugins?: string[];
  /** `--mock-role`, `--mock-id-field`, `--mock-state-field`, `--mock-state`. */
  mockOverrides?: MockOverrides;
  /** `--option <target>.<name>=<value>`, checked against the targets' declarations. */
  targetOptions?: TargetOptions;
}

/**
 * The directory the user ran the command from. npm runs scripts in the package root and
 * passes the caller's directory as INIT_CWD; it applies only when this process is that
 * npm script (npm_package_json is the package.json of the directory we run in).
 */
export function callerDirectory(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const manifest = env.npm_package_json;
  if (env.INIT_CWD && manifest && resolve(dirname(manifest)) === resolve(cwd)) return resolve(env.INIT_CWD);
  return cwd;
}

/** An npm package name (`@acme/library`) and a class name: what `--name` and `--client` (and a config's `name` and `client`) take. */
export const NPM_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
export const CLASS_NAME = /^[A-Za-z_$][\w$]*$/;

/** A target option's key, `<target>.<name>` (`query.scope`), as `--option` and a config's `options` write it. */
export const OPTION_KEY = /^([a-z][a-z0-9-]*)\.([A-Za-z][\w-]*)$/;

/** `[['query.scope', 'wallet']]` as options by target (`{ query: { scope: 'wallet' } }`); later entries win. Keys must match OPTION_KEY. */
export function optionsByTarget(entries: Iterable<readonly [string, string]>): Record<string, Record<string, string>> {
  const options: Record<string, Record<string, string>> = {};
  for (const [key, value] of entries) {
    const [, target, name] = OPTION_KEY.exec(key) as unknown as [string, string, string];
    (options[target] ??= {})[name] = value;
  }
  return options;
}

export function parseOptions(argv: string[], callerDir: string = callerDirectory()): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      check: { type: 'boolean', default: false },
      spec: { type: 'string' },
      out: { type: 'string' },
      only: { type: 'string' },
      name: { type: 'string' },
      client: { type: 'string' },
      targets: { type: 'string' },
      force: { type: 'boolean', default: false },
      'shared-runtime': { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
      timings: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      'allow-ref-root': { type: 'string', multiple: true },
      overlay: { type: 'string', multiple: true },
      explain: { type: 'boolean', default: false },
      format: { type: 'string' },
      config: { type: 'string' },
      plugin: { type: 'string', multiple: true },
      'mock-role': { type: 'string', multiple: true },
      'mock-id-field': { type: 'string', multiple: true },
      'mock-state-field': { type: 'string', multiple: true },
      'mock-state': { type: 'string', multiple: true },
      option: { type: 'string', multiple: true },
      zod: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const options: Options = {
    check: values.check ?? false,
    watch: values.watch ?? false,
    timings: values.timings ?? false,
    quiet: values.quiet ?? false,
    cache: !(values['no-cache'] ?? false),
    force: values.force ?? false,
    help: values.help ?? false,
    sharedRuntime: values['shared-runtime'] ?? false,
    callerDir,
    allowRefRoots: (values['allow-ref-root'] ?? []).map((root) => resolve(callerDir, root)),
    overlays: (values.overlay ?? []).map((overlay) => resolve(callerDir, overlay)),
    explain: values.explain ?? false,
    ...(values.format !== undefined ? { format: parseFormatter(values.format) } : {}),
    ...(values.config !== undefined ? { config: resolve(callerDir, values.config) } : {}),
    ...(values.plugin !== undefined ? { plugins: values.plugin.map((p) => (p.startsWith('.') ? resolve(callerDir, p) : p)) } : {}),
    ...mockOverridesOf({ roles: values['mock-role'], idFields: values['mock-id-field'], stateFields: values['mock-state-field'], states: values['mock-state'] }),
    ...targetOptionsOf([...(values.option ?? []), ...(values.zod === undefined ? [] : [`zod.flavor=${values.zod}`])]),
    ...(values.spec !== undefined ? { spec: resolve(callerDir, values.spec) } : {}),
    ...(values.out !== undefined ? { out: resolve(callerDir, values.out) } : {}),
    ...(values.only !== undefined ? { only: values.only } : {}),
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.client !== undefined ? { client: values.client } : {}),
    // With --plugin, a plugin's part is checked once the plugins are loaded (run.ts).
    ...(values.targets !== undefined ? { targets: values.plugin === undefined ? parseTargets(values.targets) : [...new Set(values.targets.split(',').map((name) => name.trim()))] } : {}),
  };
  if (options.help) return options;
  if (options.spec !== undefined && options.out === undefined) throw new UsageError('--spec needs --out <dir> (the package folder to write)');
  if (options.spec !== undefined && options.only !== undefined) throw new UsageError('--only chooses among specs/; it does not combine with --spec');
  if (options.config !== undefined && options.spec !== undefined) throw new UsageError('--config lists the documents to generate; it does not combine with --spec (use --plugin for plugins of one document)');
  if (options.plugins !== undefined && options.spec === undefined) throw new UsageError('--plugin applies to one document: use it with --spec <file> --out <dir> (a config file lists its plugins)');
  if (options.overlays.length > 0 && options.spec === undefined) throw new UsageError('--overlay applies to one document: use it with --spec <file> --out <dir>');
  if (options.sharedRuntime && options.spec === undefined) throw new UsageError('--shared-runtime applies to one document: use it with --spec <file> --out <dir>');
  for (const flag of ['name', 'client', 'targets'] as const) {
    if (options[flag] !== undefined && options.spec === undefined) throw new UsageError(`--${flag} applies to one document: use it with --spec <file> --out <dir>`);
  }
  if (options.name !== undefined && (!NPM_NAME.test(options.name) || options.name.length > 214)) throw new UsageError(`--name ${options.name}: not a valid npm package name`);
  if (options.client !== undefined && !CLASS_NAME.test(options.client)) throw new UsageError(`--client ${options.client}: not a valid class name`);
  if (options.watch && options.check) throw new UsageError('--watch writes; it does not combine with --check');
  return options;
}

/** `--option query.scope=wallet …` as options by target; none when the flag was not given. The built-in targets' are checked here. */
export function targetOptionsOf(flags: readonly string[]): { targetOptions?: TargetOptions } {
  if (flags.length === 0) return {};
  const options = optionsByTarget(
    flags.map((flag) => {
      const at = flag.indexOf('=');
      if (at < 0 || !OPTION_KEY.test(flag.slice(0, at))) throw new UsageError(`--option ${flag}: write it as <target>.<name>=<value> (query.scope=wallet)`);
      return [flag.slice(0, at), flag.slice(at + 1)] as const;
    }),
  );
  try {
    // The built-in targets' options are checked now; a plugin's (from a config or --plugin) when the run knows its plugins.
    const builtIn = new Set(BUILTIN_PLUGINS.map((plugin) => plugin.name));
    resolveTargetOptions(Object.fromEntries(Object.entries(options).filter(([target]) => builtIn.has(target))));
  } catch (error) {
    if (error instanceof PluginError) throw new UsageError(error.message);
    throw error;
  }
  return { targetOptions: options };
}

/**
 * `--mock-role a=create --mock-id-field /titles=isbn --mock-state-field /loans=status --mock-state
 * returnLoan=returned` as the plan's overrides (each flag's values as given); none when no flag was given.
 */
export function mockOverridesOf(flags: { roles?: readonly string[] | undefined; idFields?: readonly string[] | undefined; stateFields?: readonly string[] | undefined; states?: readonly string[] | undefined }): { mockOverrides?: MockOverrides } {
  // `emptyAllowed`: `<name>=` says "none" (no state field, no state).
  const pairs = (flag: string, values: readonly string[] = [], emptyAllowed = false): [string, string][] =>
    values.map((value) => {
      const at = value.lastIndexOf('=');
      if (at <= 0 || (at === value.length - 1 && !emptyAllowed)) throw new UsageError(`--${flag} ${value}: expected <name>=<value>`);
      return [value.slice(0, at), value.slice(at + 1)];
    });
  const roles = pairs('mock-role', flags.roles);
  for (const [operationId, role] of roles) if (!(MOCK_ROLES as readonly string[]).includes(role)) throw new UsageError(`--mock-role ${operationId}=${role}: not a role; choose among ${MOCK_ROLES.join(', ')}`);
  const idFields = pairs('mock-id-field', flags.idFields);
  for (const [collection] of idFields) if (!collection.startsWith('/')) throw new UsageError(`--mock-id-field ${collection}: name the collection by its path (/titles=isbn)`);
  const stateFields = pairs('mock-state-field', flags.stateFields, true);
  for (const [collection] of stateFields) if (!collection.startsWith('/')) throw new UsageError(`--mock-state-field ${collection}: name the collection by its path (/loans=status)`);
  const states = pairs('mock-state', flags.states, true);
  const mockOverrides: MockOverrides = {
    ...(roles.length > 0 ? { roles: Object.fromEntries(roles) as Record<string, MockRole> } : {}),
    ...(idFields.length > 0 ? { idFields: Object.fromEntries(idFields) } : {}),
    ...(stateFields.length > 0 ? { stateFields: Object.fromEntries(stateFields) } : {}),
    ...(states.length > 0 ? { states: Object.fromEntries(states) } : {}),
  };
  return Object.keys(mockOverrides).length === 0 ? {} : { mockOverrides };
}

/** `--format oxfmt|prettier|none`. */
function parseFormatter(text: string): FormatterName {
  if (!(FORMATTERS as readonly string[]).includes(text)) throw new UsageError(`--format ${text}: choose among ${FORMATTERS.join(', ')}`);
  return text as FormatterName;
}

/** `--targets client,server`: known part names, each once. */
function parseTargets(text: string): string[] {
  const names = [...new Set(text.split(',').map((name) => name.trim()))];
  checkParts({ names, plugins: BUILTIN_PLUGINS, said: `--targets ${text}` });
  return names;
}

/**
 * Refuses a part no plugin declares (`said`: where it was asked for): `--targets` checks the
 * built-in parts as it is read, and the run checks again with its plugins (a config's, --plugin).
 */
export function checkParts({ names, plugins, said }: { names: readonly string[]; plugins: readonly TargetPlugin[]; said: string }): void {
  const parts = partNames(plugins);
  const unknown = names.filter((name) => !parts.includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(`${said}: ${unknown.map((n) => (n === '' ? 'an empty name' : `'${n}'`)).join(', ')} is not a part; choose among ${parts.join(', ')} (types, validators and operations are always emitted)`);
  }
}

/** A path as the user would type it from where they ran the command. */
export function displayPath(options: Pick<Options, 'callerDir'>, path: string, isFolder = false): string {
  const shown = (relative(options.callerDir, path) || '.').split('\\').join('/');
  return isFolder && !shown.endsWith('/') ? `${shown}/` : shown;
}
