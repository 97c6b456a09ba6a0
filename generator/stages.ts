/**
 * The heavy stages of one spec: load -> model -> plans -> targets -> format. pipeline.ts
 * imports this module only when a spec has to be generated.
 */
import type { FormatCache } from './cache/format-cache.js';
import { referenceScope } from './load/confine.js';
import { readSourceDocument, type SourceDocument } from './load/document.js';
import type { LoadedAsyncApi } from './load/asyncapi.js';
import { SpecError } from './load/errors.js';
import type { LoadedOpenApi } from './load/openapi.js';
import { planEntryNames } from './model/finish.js';
import { NamePlanner } from './model/names.js';
import type { ApiModel, NameRequests } from './model/types.js';
import type { SpecJob } from './pipeline.js';
import { assemblePackage, type AppliedTarget } from './package/assemble.js';
export { carriesRuntimeFile, runtimesOf } from './package/assemble.js';
import { createPlans } from './plans/index.js';
import { packageSymbols } from './print/symbols.js';
import { BUILTIN_PLUGINS, enabledPlugins, nameRequestsOf, PluginError, resolvePlugins } from './targets/registry.js';
import { INSIDE_PACKAGE } from './plugin.js';
import { contextFor, type GeneratedFile, type TargetContext, type TargetPlugin } from './targets/target.js';
import { GeneratorBug, inStage, inStageSync } from './failure.js';
import { compareText } from './util/compare.js';
import { reportingStage, type ProgressListener } from './util/progress.js';
import { formatFiles, type FormatterName } from './write/format.js';
import type { FormatterPool } from './write/format-pool.js';

// Each kind's loader and model builder are imported when a document of that kind comes:
// @asyncapi/parser alone takes a quarter of a second to import.
const openApi = async () => ({ ...(await import('./load/openapi.js')), ...(await import('./model/from-openapi.js')) });
const asyncApi = async () => ({ ...(await import('./load/asyncapi.js')), ...(await import('./model/from-asyncapi.js')) });

export interface LoadedDocument {
  source: SourceDocument;
  loaded: { kind: 'openapi'; value: LoadedOpenApi; toModel: (loaded: LoadedOpenApi, name: string, names: NameRequests) => ApiModel } | { kind: 'asyncapi'; value: LoadedAsyncApi; toModel: (loaded: LoadedAsyncApi, name: string, names: NameRequests) => ApiModel };
}

export async function loadDocument(job: SpecJob): Promise<LoadedDocument> {
  return inStage({ file: job.file, stage: 'load' }, async (): Promise<LoadedDocument> => {
    const source = await readSourceDocument(job.file, { overlays: job.overlays });
    const scope = referenceScope(job.file, job.allowRefRoots);
    if (source.kind === 'openapi') {
      const { loadOpenApi, openApiToModel } = await openApi();
      return { source, loaded: { kind: 'openapi', value: await loadOpenApi(source, scope, job.problems), toModel: openApiToModel } };
    }
    const { loadAsyncApi, asyncApiToModel } = await asyncApi();
    return { source, loaded: { kind: 'asyncapi', value: await loadAsyncApi(source, scope, job.problems), toModel: asyncApiToModel } };
  });
}

/** `names`: what the targets that will run ask of the name planner (`nameRequestsOf`); the built-in targets' when absent. */
export function buildModel({ source, loaded }: LoadedDocument, job: SpecJob, names: NameRequests = nameRequestsOf()): ApiModel {
  const model = inStageSync({ file: job.file, stage: 'model' }, () =>
    loaded.kind === 'openapi' ? loaded.toModel(loaded.value, job.name, names) : loaded.toModel(loaded.value, job.name, names),
  );
  const located = (error: (typeof model.diagnostics)[number]): SpecError =>
    new SpecError(job.file, error.message, {
      ...(error.pointer !== undefined ? { ...source.sourceMap.locate(error.pointer), pointer: error.pointer } : {}),
    });
  if (job.problems) job.problems.push(...model.diagnostics.filter((d) => d.level === 'error').map(located));
  else {
    const error = model.diagnostics.find((d) => d.level === 'error');
    if (error) throw located(error);
  }
  if (job.clientName !== undefined) renameClient({ model, clientName: job.clientName, file: job.file });
  // The overlays were applied before anything else read the document: their warnings come first.
  model.diagnostics.unshift(...source.overlayWarnings.map(({ file, pointer, line, column, message }) => ({ level: 'warning' as const, message, pointer, file: { path: file, line, column } })));
  return model;
}

/** `--client <Name>`: the requested class name, if no other emitted declaration takes it. */
function renameClient({ model, clientName, file }: { model: ApiModel; clientName: string; file: string }): void {
  const taken = [...model.client.groups.map((g) => g.className), ...model.schemas.flatMap((s) => [s.typeName, s.schemaName])];
  if (taken.includes(clientName)) throw new SpecError(file, `--client ${clientName}: the name is already used by a generated declaration`);
  model.client.className = clientName;
  // The other entry points are named after the client: planned again, each clear of every other generated name.
  const planner = new NamePlanner([...taken, ...model.operations.flatMap((op) => [op.name, ...Object.values(op.names), ...Object.values(op.targetNames)]), clientName]);
  model.entryNames = planEntryNames(clientName, model.name, (wanted) => planner.claim(wanted, 'the generated package'));
}

/** The code of every enabled target (a run loads only the targets its parts need). */
export async function loadTargets(plugins: readonly TargetPlugin[], parts: readonly string[], file: string): Promise<AppliedTarget[]> {
  return Promise.all(enabledPlugins(plugins, parts).map(async (plugin) => ({ plugin, target: await inStage({ file, stage: `target ${plugin.name}` }, async () => plugin.load()) })));
}

/** What the targets run with, but for what the run derives itself: the plans, and (unless given) the plugin list. */
export type TargetRunContext = Omit<TargetContext, 'plans' | 'plugins' | 'symbols' | 'options'> & { plugins?: readonly TargetPlugin[] | undefined };

/**
 * The plans stage and the package's symbol table, then every loaded target that applies, in the
 * order given (each after those it needs), then the package's own files assembled from their
 * declarations; milliseconds per target into `timings`, each target's start (and the operations it
 * counts) to `progress`. `given.plugins`: the resolved plugin list the model was named with (the
 * built-in ones when absent).
 */
export function runTargets(
  given: TargetRunContext,
  loaded: readonly AppliedTarget[],
  timings: Record<string, number>,
  progress?: { listener: ProgressListener; spec: string },
): { files: GeneratedFile[]; applied: AppliedTarget[] } {
  // Computed once each, and only those the running targets read (a client-only run plans no mock).
  const plans = createPlans({ model: given.model, mockOverrides: given.mockOverrides });
  const plugins = given.plugins ?? resolvePlugins();
  // One table for the package: every target prints through it (and the zod printer teaches it the runtime helpers it used).
  const context: TargetContext = { ...given, plans, plugins, symbols: packageSymbols({ ...given, plugins }) };
  const files: GeneratedFile[] = [];
  const applied: AppliedTarget[] = [];
  for (const { plugin, target } of loaded) {
    const started = performance.now();
    const stage = { file: context.model.source, stage: `target ${plugin.name}` as const };
    // A plugin from outside the generator that throws is its own failure (exit 2, naming it), not a generator bug.
    const ownStage = BUILTIN_PLUGINS.includes(plugin) ? inStageSync : pluginStage(plugin);
    if (!ownStage(stage, () => target.appliesTo(context.model, plans))) continue;
    // Outside the stage: a target's file out of bounds is the plugin's mistake, said as such (exit 2), not a crash.
    files.push(...checkedFiles(plugin, ownStage(stage, () => reportingStage({ listener: progress?.listener, report: { spec: progress?.spec ?? '', stage: plugin.name } }, () => target.run(contextFor(context, plugin))))));
    applied.push({ plugin, target });
    timings[plugin.name] = Math.round(performance.now() - started);
  }
  const started = performance.now();
  progress?.listener({ spec: progress.spec, stage: 'package' });
  files.push(...inStageSync({ file: context.model.source, stage: 'target package' }, () => assemblePackage(context, applied, files)));
  timings['package'] = Math.round(performance.now() - started);
  return { files, applied };
}

/** Runs a stage of a plugin from outside the generator: what it throws is a PluginError naming it and the document. */
const pluginStage =
  (plugin: TargetPlugin) =>
  <T>({ file }: { file: string }, run: () => T): T => {
    try {
      return run();
    } catch (error) {
      if (error instanceof SpecError || error instanceof PluginError) throw error;
      throw new PluginError(`plugin '${plugin.name}' failed on ${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
    }
  };

/** A target's files, each a path inside the package folder and, when it declares its files, one of them. */
function checkedFiles(plugin: TargetPlugin, files: GeneratedFile[]): GeneratedFile[] {
  for (const file of files) {
    if (!INSIDE_PACKAGE.test(file.path)) throw new PluginError(`target '${plugin.name}' emits ${file.path}, which is not a path inside the package folder`);
    if (plugin.files && !plugin.files.includes(file.path)) throw new PluginError(`target '${plugin.name}' emits ${file.path}, which is not among the files it declares (${plugin.files.join(', ')})`);
  }
  return files;
}

export async function formatPackageFiles(args: { file: string; produced: GeneratedFile[]; cache: FormatCache | undefined; pool: FormatterPool | undefined; formatter: FormatterName }): Promise<Map<string, string>> {
  const { file: specFile, produced, cache, pool, formatter } = args;
  const sorted = [...produced].sort((a, b) => compareText(a.path, b.path));
  const seen = new Set<string>();
  for (const file of sorted) {
    if (seen.has(file.path)) throw new GeneratorBug({ file: specFile, stage: 'format', cause: new Error(`two targets produce ${file.path}`) });
    seen.add(file.path);
  }
  const formatted = await inStage({ file: specFile, stage: 'format' }, () => formatFiles(sorted, cache, pool, formatter));
  return new Map(sorted.map((file, i) => [file.path, formatted[i]!]));
}
