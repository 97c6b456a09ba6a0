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

/** Folders inside a package that belong to the user, not to the generator. */
const KEEP = new Set(['node_modules', 'dist', '.turbo']);

/** Marks every file the generator writes carries near its top. */
const GENERATED_MARKS = ['svc-api-codegen', '"x-generated-from"'];

/** Whether a file on disk was written by the generator (and so may be replaced or removed by it). */
export const isGeneratedText = (text: string): boolean => GENERATED_MARKS.some((mark) => text.slice(0, 400).includes(mark));

/** Files of a package folder that the generator wrote: the user's own files are never touched. */
async function listGeneratedFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const path of await listFiles(root)) {
    if (isGeneratedText(await readFile(join(root, path), 'utf8').catch(() => ''))) out.push(path);
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
      const current = await readFile(full, 'utf8').catch(() => undefined);
      if (current === undefined) differences.push({ file: label(full), kind: 'missing' });
      else if (current !== contents) differences.push({ file: label(full), kind: 'changed' });
      existing.delete(path);
    }
    for (const path of existing) differences.push({ file: label(join(dir, path)), kind: 'extra' });
  }
  for (const [path, contents] of extraFiles) {
    const full = join(outRoot, path);
    const current = await readFile(full, 'utf8').catch(() => undefined);
    if (current !== contents) differences.push({ file: label(full), kind: current === undefined ? 'missing' : 'changed' });
  }
  return differences;
}

export async function writePackages(outRoot: string, packages: PackageOutput[], extraFiles: Map<string, string> = new Map()): Promise<{ written: number; removed: number }> {
  let written = 0;
  let removed = 0;
  const put = async (full: string, contents: string): Promise<void> => {
    let current: string | undefined;
    try {
      current = await readFile(full, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === contents) return;
    await mkdir(dirname(full), { recursive: true });
    const temporary = `${full}.${process.pid}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, full);
    written += 1;
  };
  for (const pkg of packages) {
    const dir = join(outRoot, pkg.name);
    const stale = new Set(await listGeneratedFiles(dir));
    for (const [path, contents] of pkg.files) {
      await put(join(dir, path), contents);
      stale.delete(path);
    }
    for (const path of stale) {
      await rm(join(dir, path));
      removed += 1;
    }
  }
  for (const [path, contents] of extraFiles) await put(join(outRoot, path), contents);
  return { written, removed };
}
