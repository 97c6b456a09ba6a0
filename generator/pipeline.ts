/**
 * The stages in order: load -> model -> targets -> format. Nothing here touches the
 * output folder; write/ does that once everything has succeeded.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { GeneratorBug, inStage } from './failure.js';
import { readSourceDocument } from './load/document.js';
import { loadAsyncApi } from './load/asyncapi.js';
import { SpecError } from './load/errors.js';
import { loadOpenApi } from './load/openapi.js';
import { asyncApiToModel } from './model/from-asyncapi.js';
import { openApiToModel } from './model/from-openapi.js';
import type { ApiModel, Diagnostic } from './model/types.js';
import { targets } from './targets/registry.js';
import { generatedHeader, type GeneratedFile, type TargetContext } from './targets/target.js';
import { formatFile } from './write/format.js';
import { templatesDir } from './util/templates.js';
import { compareText } from './util/compare.js';

export const PACKAGE_SCOPE = '@svc';
export const PACKAGE_VERSION = '0.1.0';
export const RUNTIME_PACKAGE = `${PACKAGE_SCOPE}/runtime`;
const RUNTIME_HEADER = '// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.';

export interface SpecJob {
  /** Spec file path, relative to the working directory. */
  file: string;
  /** Package folder name. */
  name: string;
}

export interface PackageOutput {
  name: string;
  /** Files keyed by path inside the package folder. */
  files: Map<string, string>;
  stats: { operations: number; schemas: number; messages: number; ms: number };
  diagnostics: Diagnostic[];
}

/** `specs/v2.openapi.yaml` -> `v2`. */
export const packageNameOf = (file: string): string => basename(file).replace(/\.(openapi|asyncapi)?\.?(ya?ml|json)$/, '').replace(/\.$/, '');

export async function loadModel(job: SpecJob): Promise<ApiModel> {
  const load = { file: job.file, stage: 'load' } as const;
  const source = await inStage(load, () => readSourceDocument(job.file));
  const toModel = <T>(loaded: T, convert: (loaded: T) => ApiModel): Promise<ApiModel> => inStage({ file: job.file, stage: 'model' }, () => convert(loaded));
  const model =
    source.kind === 'openapi'
      ? await toModel(await inStage(load, () => loadOpenApi(source)), (loaded) => openApiToModel(loaded, job.name))
      : await toModel(await inStage(load, () => loadAsyncApi(source)), (loaded) => asyncApiToModel(loaded, job.name));
  const error = model.diagnostics.find((d) => d.level === 'error');
  if (error) {
    throw new SpecError(job.file, error.message, {
      ...(error.pointer !== undefined ? { ...source.sourceMap.locate(error.pointer), pointer: error.pointer } : {}),
    });
  }
  return model;
}

export async function generatePackage(job: SpecJob): Promise<PackageOutput> {
  const started = performance.now();
  const model = await loadModel(job);
  const context: TargetContext = {
    model,
    packageName: `${PACKAGE_SCOPE}/${job.name}`,
    runtimePackage: RUNTIME_PACKAGE,
    packageVersion: PACKAGE_VERSION,
    sourceLabel: job.file.split('\\').join('/'),
  };
  const produced: GeneratedFile[] = [];
  for (const target of Object.values(targets)) {
    produced.push(...(await inStage({ file: job.file, stage: `target ${target.name}` }, () => (target.appliesTo(model) ? target.run(context) : []))));
  }
  produced.push(barrelFile(produced, context.sourceLabel));
  const files = new Map<string, string>();
  for (const file of produced.sort((a, b) => compareText(a.path, b.path))) {
    if (files.has(file.path)) throw new GeneratorBug({ file: job.file, stage: 'write', cause: new Error(`two targets produce ${file.path}`) });
    files.set(file.path, await inStage({ file: job.file, stage: 'format' }, () => formatFile(file.path, file.contents)));
  }
  return {
    name: job.name,
    files,
    stats: {
      operations: model.operations.length,
      schemas: model.schemas.length,
      messages: model.messages.length,
      ms: Math.round(performance.now() - started),
    },
    diagnostics: model.diagnostics,
  };
}

function barrelFile(files: GeneratedFile[], source: string): GeneratedFile {
  const modules = files
    .filter((f) => f.barrel)
    .map((f) => `./${f.path.replace(/^src\//, '').replace(/\.ts$/, '.js')}`)
    .sort();
  return {
    path: 'src/index.ts',
    contents: `${generatedHeader(source)}\n${modules.map((m) => `export * from '${m}';`).join('\n')}\n`,
  };
}

/** The hand-written runtime, copied as the `@svc/runtime` package. */
export async function runtimePackage(): Promise<PackageOutput> {
  const started = performance.now();
  const root = join(templatesDir, 'runtime');
  const files = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => compareText(a.name, b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const path = relative(root, full).split('\\').join('/');
        const text = await readFile(full, 'utf8');
        files.set(path, await formatFile(entry.name, path.endsWith('.ts') ? `${RUNTIME_HEADER}\n${text}` : text));
      }
    }
  };
  await walk(root);
  return { name: 'runtime', files, stats: { operations: 0, schemas: 0, messages: 0, ms: Math.round(performance.now() - started) }, diagnostics: [] };
}
