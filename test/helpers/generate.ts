/**
 * Generates a package from an in-memory spec into .tmp/ (inside the repository, so the
 * generated code resolves `zod` and `@svc/runtime` from the root node_modules) and
 * imports its entry point.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** Runs `tsc --noEmit` on a generated package folder with its own tsconfig; rejects with tsc's output on errors. */
export async function typeCheckPackage(dir: string, types: string[] = []): Promise<void> {
  writeFileSync(join(dir, 'tsconfig.check.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { types }, include: ['src'] }));
  await promisify(execFile)(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', join(dir, 'tsconfig.check.json'), '--noEmit']);
}
