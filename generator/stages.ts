/**
 * The heavy stages of one spec: load -> model -> targets -> format. pipeline.ts imports
 * this module only when a spec has to be generated.
 */
import type { FormatCache } from './cache/format-cache.js';
import { readSourceDocument, type SourceDocument } from './load/document.js';
import { loadAsyncApi, type LoadedAsyncApi } from './load/asyncapi.js';
import { SpecError } from './load/errors.js';
import { loadOpenApi, type LoadedOpenApi } from './load/openapi.js';
import { asyncApiToModel } from './model/from-asyncapi.js';
import { openApiToModel } from './model/from-openapi.js';
import type { ApiModel } from './model/types.js';
import type { SpecJob } from './pipeline.js';
import { targets } from './targets/registry.js';
import type { GeneratedFile, TargetContext } from './targets/target.js';
import { compareText } from './util/compare.js';
import { formatFiles } from './write/format.js';

export interface LoadedDocument {
  source: SourceDocument;
  loaded: { kind: 'openapi'; value: LoadedOpenApi } | { kind: 'asyncapi'; value: LoadedAsyncApi };
}

export async function loadDocument(job: SpecJob): Promise<LoadedDocument> {
  const source = await readSourceDocument(job.file);
  return source.kind === 'openapi'
    ? { source, loaded: { kind: 'openapi', value: await loadOpenApi(source) } }
    : { source, loaded: { kind: 'asyncapi', value: await loadAsyncApi(source) } };
}

export function buildModel({ source, loaded }: LoadedDocument, job: SpecJob): ApiModel {
  const model = loaded.kind === 'openapi' ? openApiToModel(loaded.value, job.name) : asyncApiToModel(loaded.value, job.name);
  const error = model.diagnostics.find((d) => d.level === 'error');
  if (error) {
    throw new SpecError(job.file, error.message, {
      ...(error.pointer !== undefined ? { ...source.sourceMap.locate(error.pointer), pointer: error.pointer } : {}),
    });
  }
  if (job.clientName !== undefined) renameClient({ model, clientName: job.clientName, file: job.file });
  return model;
}

/** `--client <Name>`: the requested class name, if no other emitted declaration takes it. */
function renameClient({ model, clientName, file }: { model: ApiModel; clientName: string; file: string }): void {
  const taken = [...model.client.groups.map((g) => g.className), ...model.schemas.flatMap((s) => [s.typeName, s.schemaName])];
  if (taken.includes(clientName)) throw new SpecError(file, `--client ${clientName}: the name is already used by a generated declaration`);
  model.client.className = clientName;
}

/** Every target that applies, in registry order; milliseconds per target into `timings`. */
export function runTargets(context: TargetContext, timings: Record<string, number>): GeneratedFile[] {
  const produced: GeneratedFile[] = [];
  for (const target of Object.values(targets)) {
    if (!target.appliesTo(context.model)) continue;
    const started = performance.now();
    produced.push(...target.run(context));
    timings[target.name] = Math.round(performance.now() - started);
  }
  return produced;
}

export async function formatPackageFiles(produced: GeneratedFile[], cache: FormatCache | undefined): Promise<Map<string, string>> {
  const sorted = [...produced].sort((a, b) => compareText(a.path, b.path));
  const seen = new Set<string>();
  for (const file of sorted) {
    if (seen.has(file.path)) throw new Error(`two targets produce ${file.path}`);
    seen.add(file.path);
  }
  const formatted = await formatFiles(sorted, cache);
  return new Map(sorted.map((file, i) => [file.path, formatted[i]!]));
}
