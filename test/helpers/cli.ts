/**
 * Runs the generator's command line as `npm run generate` does (`node generator/launch.mjs`,
 * which runs generator/cli.ts), in a chosen folder, and collects what it prints.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './spec-files.js';

const run = promisify(execFile);
export const cliPath = join(repoRoot, 'generator', 'launch.mjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Environment of a child without npm's variables (INIT_CWD and friends), unless given. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key === 'INIT_CWD' || key.startsWith('npm_')) delete env[key];
  return { ...env, ...extra };
}

export async function runCli(args: { cwd: string; argv: string[]; env?: Record<string, string> }): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=svc-source', cliPath, ...args.argv], { cwd: args.cwd, env: childEnv(args.env) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * The arguments to `node` of an npm script of the project (`npm run mock` is
 * `node --conditions=svc-source scripts/launch.mjs scripts/mock.ts`), so that a test starts
 * exactly what the script starts, without npm in between to pass signals on.
 */
export function npmScriptNodeArgs(name: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = (scripts[name] ?? '').split(' ');
  if (command !== 'node') throw new Error(`npm run ${name} does not start node directly: ${scripts[name]}`);
  return args;
}

/** Every file under a folder with its contents, for before/after comparisons. */
export function snapshotFolder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string): void => {
    if (!existsSync(d)) return;
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(d, entry.name), `${prefix}${entry.name}/`);
      else out[`${prefix}${entry.name}`] = readFileSync(join(d, entry.name), 'utf8');
    }
  };
  walk(dir, '');
  return out;
}

/** A tiny OpenAPI document whose only schema is `Thing` plus the given YAML lines under `components.schemas`. */
export const tinySpec = (extraSchemas = ''): string => `openapi: 3.1.0
info: { title: Tiny, version: 1.0.0 }
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
components:
  schemas:
    Thing:
      type: object
      required: [id]
      properties:
        id: { type: string }
${extraSchemas}`;
