/**
 * Writes generated packages into place, or compares them (`--check`). Everything is
 * computed before this runs, so a bad spec never reaches the disk. Each changed file
 * is written to a temporary name and renamed; unchanged files are left alone; files the
 * generator wrote earlier that a package no longer has are removed, and files without
 * the generator's mark (the user's own) are never touched.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { PackageOutput } from '../pipeline.js';
import { readHead, readUtf8 } from '../util/read-text.js';

/** Folders inside a package that belong to the user, not to the generator. */
const KEEP = new Set(['node_modules', 'dist', '.turbo']);

/** Marks every file the generator writes carries near its top: within its first characters (MARK_WITHIN). */
const GENERATED_MARKS = ['svc-api-codegen', '"x-generated-from"'];
const MARK_WITHIN = 400;

/** Whether a file on disk was written by the generator (and so may be replaced or removed by it). */
export const isGeneratedText = (text: string): boolean => GENERATED_MARKS.some((mark) => text.slice(0, MARK_WITHIN).includes(mark));

/** Whether a package.json is one the generator wrote: it names its source in `x-generated-from`. */
function hasGeneratorMark(manifest: string): boolean {
  try {
    const parsed = JSON.parse(manifest) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'x-generated-from' in parsed;
  } catch {
    return false;
  }
}

/** Files of a package folder that the generator wrote: the user's own files are never touched. */
async function listGeneratedFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const path of await listFiles(root)) {
    // Only the start is read (four bytes a character at most): on a large package the whole files were 13 MB read to look at 400 characters.
    if (isGeneratedText(await readHead(join(root, path), MARK_WITHIN * 4).catch(() => ''))) out.push(path);
  }
  return out;
}

async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && KEEP.has(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(relative(root, full).split('\\').join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

export interface Difference {
  file: string;
  kind: 'changed' | 'missing' | 'extra';
}

export async function comparePackages(outRoot: string, packages: PackageOutput[], extraFiles: Map<string, string> = new Map()): Promise<Difference[]> {
  const differences: Difference[] = [];
  const label = (full: string): string => relative(process.cwd(), full).split('\\').join('/');
  for (const pkg of packages) {
    const dir = join(outRoot, pkg.name);
    const existing = new Set(await listGeneratedFiles(dir));
    for (const [path, contents] of pkg.files) {
      const full = join(dir, path);
      const current = await readUtf8(full).catch(() => undefined);
      if (current === undefined) differences.push({ file: label(full), kind: 'missing' });
      else if (current !== contents) differences.push({ file: label(full), kind: 'changed' });
      existing.delete(path);
    }
    for (const path of existing) differences.push({ file: label(join(dir, path)), kind: 'extra' });
  }
  for (const [path, contents] of extraFiles) {
    const full = join(outRoot, path);
    const current = await readUtf8(full).catch(() => undefined);
    if (current !== contents) differences.push({ file: label(full), kind: current === undefined ? 'missing' : 'changed' });
  }
  return differences;
}

export interface WriteResult {
  /** Full paths of the files written (new or changed), in order. */
  written: string[];
  /** Full paths of generated files removed because no package has them any more. */
  removed: string[];
  /** Milliseconds spent writing each package, by package name. */
  ms: Map<string, number>;
}

export async function writePackages(outRoot: string, packages: PackageOutput[], extraFiles: Map<string, string> = new Map()): Promise<WriteResult> {
  const result: WriteResult = { written: [], removed: [], ms: new Map() };
  const put = async (full: string, contents: string): Promise<void> => {
    let current: string | undefined;
    try {
      current = await readUtf8(full);
    } catch {
      current = undefined;
    }
    if (current === contents) return;
    await mkdir(dirname(full), { recursive: true });
    const temporary = `${full}.${process.pid}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, full);
    result.written.push(full);
  };
  for (const pkg of packages) {
    const started = performance.now();
    const dir = join(outRoot, pkg.name);
    const stale = new Set(await listGeneratedFiles(dir));
    for (const [path, contents] of pkg.files) {
      await put(join(dir, path), contents);
      stale.delete(path);
    }
    for (const path of stale) {
      await rm(join(dir, path));
      result.removed.push(join(dir, path));
    }
    result.ms.set(pkg.name, Math.round(performance.now() - started));
  }
  for (const [path, contents] of extraFiles) await put(join(outRoot, path), contents);
  return result;
}

/**
 * Output folders that exist and hold something the generator did not write (no mark on
 * their package.json): writing there would overwrite the user's files.
 */
export async function foreignFolders(dirs: string[]): Promise<string[]> {
  const foreign: string[] = [];
  for (const dir of dirs) {
    const entries = await readdir(dir).catch(() => [] as string[]);
    if (entries.length === 0) continue;
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').catch(() => '');
    if (!hasGeneratorMark(manifest)) foreign.push(dir);
  }
  return foreign;
}
