/**
 * `svc-api-codegen`: the installed command. Subcommands `generate`, `mock`, `mcp`, `diff` and `init`;
 * `--version`, `--help`. The same commands as this repository's `npm run generate`, `npm run
 * mock -- --spec` and `npm run diff`, from the package a team installs into its own repository.
 */
import { readFileSync } from 'node:fs';
import { generatorRoot } from './cache/fingerprint.js';
import { compiledCodeDir, keepCompiledCodeIn } from './cache/compiled-code.js';
import { setInvocation } from './cli/options.js';

export const BIN_HELP = `usage: svc-api-codegen <command> [options]

commands:
  generate   generate the packages the config file lists (svc-api-codegen.config.ts, .mjs or .json in
             this folder, or --config <file>), or one document: --spec <file> --out <dir>
  mock       serve the stateful mock of one document on 127.0.0.1: --spec <file> [--json]
  mcp        serve one document's operations as MCP tools over stdio: --spec <file> --base-url <url>
  diff       what changes for callers between two versions of a document: --base <a> --head <b>
  init       write a starter svc-api-codegen.config.ts (or --format json|mjs) into this folder

  svc-api-codegen <command> --help   the options of one command
  svc-api-codegen --version          the version`;

/** The package's version, from the manifest beside the code (the published package's, or this repository's). */
export const version = (): string => (JSON.parse(readFileSync(`${generatorRoot}/package.json`, 'utf8')) as { version: string }).version;

export async function runBin(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  setInvocation('svc-api-codegen');
  switch (command) {
    case 'generate':
      return (await import('./commands/generate.js')).runGenerateCommand(rest);
    case 'mock':
      return (await import('./commands/mock.js')).runMockCommand(rest, { invocation: 'svc-api-codegen mock' });
    case 'mcp':
      return (await import('./commands/mcp.js')).runMcpCommand(rest, { invocation: 'svc-api-codegen mcp' });
    case 'diff': {
      // As generate does: ajv's validators of the OpenAPI schemas are compiled once and kept.
      keepCompiledCodeIn(compiledCodeDir);
      const { runDiffCli } = await import('./diff/cli.js');
      return runDiffCli([...rest], { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text), cwd: process.cwd() });
    }
    case 'init':
      return (await import('./commands/init.js')).runInitCommand(rest, { cwd: process.cwd() });
    case '--version':
    case '-v':
      console.log(version());
      return 0;
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      console.log(BIN_HELP);
      return 0;
    default:
      console.error(`error: ${command} is not a command of svc-api-codegen\n${BIN_HELP}`);
      return 2;
  }
}
