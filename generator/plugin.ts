/**
 * `definePlugin`: a target of one's own, in one object. It declares what the registry reads
 * without running it (name, the plugins it needs, options, the files it emits, the names it
 * defines) and the code that turns the model into those files. The built-in targets are the
 * same contract split in two (targets/<name>/plugin.ts and index.ts), so that a run whose specs
 * are all cached loads none of their code.
 */
import { PluginError } from './targets/registry.js';
import { loadPublicEntry } from './public-hub.js';
import type { GeneratedFile, Target, TargetContext, TargetPlugin } from './targets/target.js';

export interface PluginDefinition extends Omit<TargetPlugin, 'load' | 'files'> {
  /**
   * The files it emits, as paths inside the package folder (`src/routes.ts`); emitting any
   * other is an error. Each is a module of the package: its names are found as `./routes.js`.
   */
  files: readonly string[];
  /** Whether it has anything to say for a model (the plans are there too); always when absent. */
  appliesTo?: Target['appliesTo'] | undefined;
  /** Its files, from the model and the package's facts. */
  run(context: TargetContext): GeneratedFile[];
  /** What its README templates read besides the package's common facts. */
  readmeData?(context: TargetContext): Record<string, unknown>;
}

/** Where a package's files may go: relative, forward slashes, inside the folder, not the manifest the package assembles. */
export const INSIDE_PACKAGE = /^(?!\/)(?![A-Za-z]:)(?!.*(?:^|\/)\.\.?(?:\/|$))[^\\\0]+$/;

/** A plugin from its definition; a definition that cannot work is a PluginError at once. */
export function definePlugin(definition: PluginDefinition): TargetPlugin {
  const { appliesTo, run, readmeData, files, ...declaration } = definition;
  if (typeof definition.name !== 'string') throw new PluginError('definePlugin: give the plugin a name');
  if (typeof run !== 'function') throw new PluginError(`plugin '${definition.name}': run(context) returns its files`);
  if (!Array.isArray(files) || files.length === 0) throw new PluginError(`plugin '${definition.name}': list the files it emits (files: ['src/${definition.name}.ts'])`);
  for (const file of files) if (!INSIDE_PACKAGE.test(file)) throw new PluginError(`plugin '${definition.name}': ${file} is not a path inside the package folder`);
  const target: Target = {
    appliesTo: (model, plans) => appliesTo?.(model, plans) ?? true,
    run,
    ...(readmeData ? { readmeData } : {}),
  };
  // The printing helpers a plugin imports from `svc-api-codegen` are there before it runs.
  return { ...declaration, files, load: async () => (await loadPublicEntry(), target) };
}
