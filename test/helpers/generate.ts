/**
 * Generates a package from an in-memory spec into .tmp/ (inside the repository, so the
 * generated code resolves `zod` and `@svc/runtime` from the root node_modules) and
 * imports its entry point.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { generatePackage, type GenerateOptions, type PackageOutput, type SpecJob } from '../../generator/pipeline.js';
import { repoRoot } from './spec-files.js';

export const scratchDir = join(repoRoot, '.tmp', 'test-output');

/** Writes a spec object as YAML under .tmp/ and returns its path relative to the repository. */
export function writeSpec(spec: object, name: string, format: 'yaml' | 'json' = 'yaml'): string {
  const text = format === 'yaml' ? stringify(spec) : JSON.stringify(spec, null, 2);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  const file = join(scratchDir, `${name}-${hash}.${format === 'yaml' ? 'openapi.yaml' : 'openapi.json'}`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Generates the package of a spec file; returns the files and where they were written. */
export async function generateToDisk(specFile: string, name: string, job: Partial<SpecJob> = {}): Promise<{ output: PackageOutput; dir: string }> {
  return generateToDiskWith({ file: specFile, name, ...job });
}

/** `generateToDisk` for any job and options (plugins, parts). */
export async function generateToDiskWith(job: SpecJob, options: GenerateOptions = {}): Promise<{ output: PackageOutput; dir: string }> {
  const { name } = job;
  const output = await generatePackage(job, options);
  const hash = createHash('sha256').update([...output.files.values()].join('\0')).digest('hex').slice(0, 10);
  const dir = join(scratchDir, `${name}-pkg-${hash}`);
  for (const [path, contents] of output.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  return { output, dir };
}

/** Generates a package from a spec object (with the job's other fields: target options …) and imports its `src/index.ts`. */
export async function importGenerated<T = Record<string, unknown>>(spec: object, name: string, job: Partial<SpecJob> = {}): Promise<T & { __dir: string; __output: PackageOutput }> {
  const file = writeSpec(spec, name);
  const { output, dir } = await generateToDisk(file, name, job);
  const module = (await import(pathToFileURL(join(dir, 'src', 'index.ts')).href)) as T;
  return Object.assign(Object.create(null) as object, module, { __dir: dir, __output: output }) as T & { __dir: string; __output: PackageOutput };
}

/** A minimal OpenAPI 3.1 document around some component schemas. */
export function specWithSchemas(schemas: Record<string, unknown>, extra: Record<string, unknown> = {}): object {
  return {
    openapi: '3.1.0',
    info: { title: 'Test API', version: '1.0.0' },
    paths: {},
    components: { schemas },
    ...extra,
  };
}

/**
 * Type-checks of generated packages batched into one tsc program: a test file adds each package
 * it generated (`add`), and its last test runs tsc once over all of them (`errors`), instead of one
 * tsc start per package. The packages are ES modules with the same generated tsconfig, so one
 * program holds them without conflict; each error is told by the package it is in.
 */
export class TypeCheckBatch {
  private readonly packages = new Map<string, { dir: string; types: string[] }>();

  constructor(private readonly name: string) {}

  /** Adds a generated package folder, by a label for the report. */
  add(label: string, dir: string, types: string[] = []): void {
    this.packages.set(label, { dir, types });
  }

  /** tsc's errors by package label (none: `{}`), from one program over every package added. */
  async errors(): Promise<Record<string, string[]>> {
    const packages = [...this.packages];
    if (packages.length === 0) throw new Error(`type-check batch ${this.name}: no package was added`);
    const config = join(scratchDir, `typecheck-${this.name}-${createHash('sha256').update(packages.map(([, p]) => p.dir).join('\0')).digest('hex').slice(0, 10)}.json`);
    const options = JSON.parse(readFileSync(join(packages[0]![1].dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    const types = [...new Set(packages.flatMap(([, p]) => p.types))];
    writeFileSync(config, JSON.stringify({ compilerOptions: { ...options.compilerOptions, types }, include: packages.map(([, p]) => join(p.dir, 'src')) }));
    return groupBy(await tscErrors(config), (line) => packages.find(([, p]) => line.startsWith(relative(repoRoot, p.dir)) || line.startsWith(p.dir))?.[0] ?? '(elsewhere)');
  }
}

/** tsc's error lines for a project (none: `[]`); any other failure of tsc rejects. */
async function tscErrors(config: string): Promise<string[]> {
  try {
    await promisify(execFile)(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', config, '--noEmit', '--pretty', 'false'], { maxBuffer: 64 * 1024 * 1024 });
    return [];
  } catch (error) {
    const lines = String((error as { stdout?: string }).stdout ?? error).split('\n').filter((line) => /error TS\d+/.test(line));
    if (lines.length === 0) throw error;
    return lines;
  }
}

function groupBy(lines: string[], keyOf: (line: string) => string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of lines) (out[keyOf(line)] ??= []).push(line);
  return out;
}

/** Writes usage files into a generated package, `src/<name>.ts` each (for a {@link TypeCheckBatch} or {@link typeCheckUsages}). */
export function writeUsages(dir: string, usages: Record<string, string>): void {
  for (const [name, text] of Object.entries(usages)) writeFileSync(join(dir, 'src', `${name}.ts`), text);
}

/**
 * Writes usage files into a generated package (`src/<name>.ts`) and type-checks the package with
 * all of them in one tsc program. tsc's errors by usage file name; an error in the package's own
 * files is under `(package)`. A test that wants one usage to compile and another to be refused
 * checks both with one tsc start.
 */
export async function typeCheckUsages(dir: string, usages: Record<string, string>, types: string[] = []): Promise<Record<string, string[]>> {
  writeUsages(dir, usages);
  writeFileSync(join(dir, 'tsconfig.check.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { types }, include: ['src'] }));
  return groupBy(await tscErrors(join(dir, 'tsconfig.check.json')), (line) => Object.keys(usages).find((usage) => line.includes(`/src/${usage}.ts(`)) ?? '(package)');
}

/** Runs `tsc --noEmit` on a generated package folder with its own tsconfig; rejects with tsc's output on errors. */
export async function typeCheckPackage(dir: string, types: string[] = []): Promise<void> {
  writeFileSync(join(dir, 'tsconfig.check.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { types }, include: ['src'] }));
  await promisify(execFile)(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', join(dir, 'tsconfig.check.json'), '--noEmit']);
}
