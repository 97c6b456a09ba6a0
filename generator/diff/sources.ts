/**
 * What `--base` and `--head` name: a spec file, a folder of specs, or a git revision (whose
 * specs folder is read with `git show` into a temporary folder, removed afterwards).
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { compareText } from '../util/compare.js';
import { readHead } from '../util/read-text.js';

const run = promisify(execFile);

export class DiffInputError extends Error {
  override name = 'DiffInputError';
}

/** One side, resolved: the spec files to compare and how to clean up. */
export interface ResolvedSide {
  label: string;
  /** Spec files (paths the loader reads). */
  files: string[];
  /** A single file was named (pairs with the other side's file whatever its name). */
  single: boolean;
  /** Text (an error message) with the temporary folder of a git revision written as `<revision>:`. */
  describe(text: string): string;
  dispose(): Promise<void>;
}

export interface SideRequest {
  /** As given on the command line, or undefined for the default. */
  value: string | undefined;
  /** The specs folder inside the repository (for git revisions and the default head). */
  specsDir: string;
  cwd: string;
}

const SPEC_NAME = /\.(openapi|asyncapi)\.(ya?ml|json)$/;
const ROOT_KEY = /^\s*["']?(openapi|asyncapi)["']?\s*:/m;

/** The default base: `origin/main` when the repository has it, else `HEAD`. */
export async function defaultBase(cwd: string): Promise<string> {
  return (await isRevision('origin/main', cwd)) ? 'origin/main' : 'HEAD';
}

export async function resolveSide(request: SideRequest, other?: { path: string; single: boolean }): Promise<ResolvedSide> {
  const value = request.value ?? request.specsDir;
  const full = resolve(request.cwd, value);
  if (existsSync(full)) {
    if (statSync(full).isDirectory()) return { label: value, files: (await specFilesIn(full)).map(loaderPath), single: false, describe: (t) => t, dispose: async () => {} };
    return { label: value, files: [loaderPath(full)], single: true, describe: (t) => t, dispose: async () => {} };
  }
  if (!(await isRevision(value, request.cwd))) throw new DiffInputError(`${value}: not a file, a folder or a git revision`);
  const root = (await git(['rev-parse', '--show-toplevel'], request.cwd)).trim();
  // With a single file on the other side, the same file at that revision; else its specs folder.
  const wanted = other?.single ? relative(root, resolve(other.path)) : relative(root, resolve(request.cwd, request.specsDir));
  const folder = await mkdtemp(join(tmpdir(), 'svc-api-diff-'));
  const dispose = (): Promise<void> => rm(folder, { recursive: true, force: true });
  try {
    const listed = (await git(['ls-tree', '-r', '-z', '--name-only', value, '--', gitFolderOf(wanted, other?.single === true)], root)).split('\0').filter(Boolean);
    for (const path of listed) {
      const target = join(folder, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, await gitBytes(['show', `${value}:${path}`], root));
    }
    const specFolder = join(folder, other?.single ? '' : wanted);
    let files: string[];
    if (other?.single) files = listed.includes(wanted.split('\\').join('/')) ? [join(folder, wanted)] : [];
    else files = existsSync(specFolder) ? await specFilesIn(specFolder) : [];
    const describe = (text: string): string => text.split(`${folder}/`).join(`${value}:`).split(`${loaderPath(folder)}/`).join(`${value}:`);
    return { label: value, files: files.map(loaderPath), single: other?.single === true, describe, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** The folder to read at a revision: the specs folder, or the one holding the single file (its `$ref`s may reach siblings). */
function gitFolderOf(wanted: string, single: boolean): string {
  const folder = single ? dirname(wanted) : wanted;
  return folder === '' ? '.' : folder.split('\\').join('/');
}

/** The loader reads paths relative to the process's directory (and writes them into messages). */
export const loaderPath = (path: string): string => relative(process.cwd(), path).split('\\').join('/');

/** Spec files of a folder (full paths): `*.openapi.yaml` and the like, or any YAML/JSON file whose root is `openapi:` or `asyncapi:`. */
async function specFilesIn(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of (await readdir(folder)).sort(compareText)) {
    if (!/\.(ya?ml|json)$/.test(name)) continue;
    const path = join(folder, name);
    if (!statSync(path).isFile()) continue;
    if (SPEC_NAME.test(name) || ROOT_KEY.test(await readHead(path, 4096))) out.push(path);
  }
  return out;
}


async function isRevision(value: string, cwd: string): Promise<boolean> {
  try {
    await git(['rev-parse', '--verify', '--quiet', `${value}^{commit}`], cwd);
    return true;
  } catch {
    return false;
  }
}

async function git(args: string[], cwd: string): Promise<string> {
  try {
    return (await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new DiffInputError(`git ${args.join(' ')}: ${stderr || (error as Error).message}`);
  }
}

async function gitBytes(args: string[], cwd: string): Promise<Buffer> {
  try {
    return (await run('git', args, { cwd, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (error) {
    throw new DiffInputError(`git ${args.join(' ')}: ${(error as Error).message}`);
  }
}
