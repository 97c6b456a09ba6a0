/**
 * The targets every package is made of, as declarations (each folder's plugin.ts): reading
 * them loads no target code. Adding a target is its folder and one entry here; plugins from
 * outside the generator come through `GenerateOptions.plugins`. What `--targets` accepts, the
 * order targets run in and what a chosen part brings along are all derived from these entries.
 */
import { clientPlugin } from './client/plugin.js';
import { feedClientPlugin } from './feed-client/plugin.js';
import { feedPlugin } from './feed/plugin.js';
import { fixturesPlugin } from './fixtures/plugin.js';
import { hostedFlowsPlugin } from './hosted-flows/plugin.js';
import { mcpPlugin } from './mcp/plugin.js';
import { mockPlugin } from './mock/plugin.js';
import { mswPlugin } from './msw/plugin.js';
import { operationsPlugin } from './operations/plugin.js';
import { queryPlugin } from './query/plugin.js';
import { serverPlugin } from './server/plugin.js';
import type { TargetPlugin } from './target.js';
import type { NameRequests } from '../model/types.js';
import { typesPlugin } from './types/plugin.js';
import { webhooksPlugin } from './webhooks/plugin.js';
import { zodPlugin } from './zod/plugin.js';

export const BUILTIN_PLUGINS: readonly TargetPlugin[] = [typesPlugin, zodPlugin, operationsPlugin, clientPlugin, queryPlugin, hostedFlowsPlugin, feedPlugin, feedClientPlugin, serverPlugin, fixturesPlugin, mockPlugin, mswPlugin, webhooksPlugin, mcpPlugin];

/** A plugin list that cannot work: a name taken twice, a need nobody provides, needs in a circle. */
export class PluginError extends Error {
  override name = 'PluginError';
}

/** What a target's name and its entry point look like: `feed-client`, `schemas`. */
const PLAIN_NAME = /^[a-z][a-z0-9-]*$/;

/** How a module of the package is named where it is imported: `./routes.js` for `src/routes.ts`. */
const PACKAGE_MODULE = /^\.\/[A-Za-z0-9_-][A-Za-z0-9_./-]*\.js$/;

/** Names a target may not take: files and entry points the package assembles itself. */
const ASSEMBLED = new Set(['package', 'index']);

/**
 * The built-in targets and `extra`, checked, in the order they run: each after those it
 * needs, otherwise in registration order.
 */
export function resolvePlugins(extra: readonly TargetPlugin[] = []): TargetPlugin[] {
  const all = [...BUILTIN_PLUGINS, ...extra];
  const byName = new Map<string, TargetPlugin>();
  for (const plugin of all) {
    if (!PLAIN_NAME.test(plugin.name)) throw new PluginError(`target '${plugin.name}': a target's name is lower-case letters, digits and dashes`);
    if (byName.has(plugin.name) || ASSEMBLED.has(plugin.name)) throw new PluginError(`target '${plugin.name}' is registered twice (or names what the package assembles itself)`);
    byName.set(plugin.name, plugin);
  }
  const ruleOwners = new Map<string, string>();
  for (const plugin of all) {
    for (const module of [...Object.keys(plugin.defines ?? {}), ...(plugin.operationNames ?? []).map((rule) => rule.module)]) {
      if (!PACKAGE_MODULE.test(module)) throw new PluginError(`target '${plugin.name}': '${module}' is not a module of the package (write './<file>.js' for src/<file>.ts)`);
    }
    for (const rule of plugin.operationNames ?? []) {
      const owner = ruleOwners.get(rule.key);
      if (owner !== undefined) throw new PluginError(`target '${plugin.name}': the per-operation name '${rule.key}' is declared by '${owner}' too`);
      ruleOwners.set(rule.key, plugin.name);
    }
  }
  for (const plugin of all) {
    for (const needed of plugin.needs ?? []) if (!byName.has(needed)) throw new PluginError(`target '${plugin.name}' needs '${needed}', which no registered target is`);
    if (plugin.entryPoint === undefined) continue;
    if (!PLAIN_NAME.test(plugin.entryPoint) || ASSEMBLED.has(plugin.entryPoint)) throw new PluginError(`target '${plugin.name}': entry point '${plugin.entryPoint}' is not a plain lower-case name, or is one the package assembles`);
    // Two targets may declare one entry point if no document makes both apply (client and feed-client): package/ checks the ones that ran.
  }
  const ordered: TargetPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: TargetPlugin, path: string[]): void => {
    const seen = state.get(plugin.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new PluginError(`targets need one another in a circle: ${[...path, plugin.name].join(' -> ')}`);
    state.set(plugin.name, 'visiting');
    for (const needed of plugin.needs ?? []) visit(byName.get(needed)!, [...path, plugin.name]);
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };
  for (const plugin of all) visit(plugin, []);
  return ordered;
}

/** The names a plugin imports from packages, as its modules print them. */
const importedNamesOf = (plugin: TargetPlugin): string[] => (plugin.imports ?? []).flatMap(({ names }) => names.map((name) => (typeof name === 'string' ? name : name.name)));

/** The fixed names a plugin defines, whatever their modules. */
const definedNamesOf = (plugin: TargetPlugin): string[] => Object.values(plugin.defines ?? {}).flat();

/** Every fixed name the targets define, import or declare: what the model's name planner hands out before naming anything of the document. */
export function reservedNamesOf(plugins: readonly TargetPlugin[] = BUILTIN_PLUGINS): string[] {
  return [...new Set(plugins.flatMap((p) => [...definedNamesOf(p), ...importedNamesOf(p), ...(p.declares ?? [])]))].sort();
}

/** What the targets ask of the model's name planner, in the order given (the order they run): their fixed names, and their names per operation. */
export function nameRequestsOf(plugins: readonly TargetPlugin[] = BUILTIN_PLUGINS): NameRequests {
  return {
    fixed: plugins.map((p) => ({ plugin: p.name, defines: definedNamesOf(p), reserves: [...importedNamesOf(p), ...(p.declares ?? [])] })),
    perOperation: plugins.flatMap((p) => (p.operationNames ?? []).map((rule) => ({ plugin: p.name, rule }))),
  };
}

/** The `--targets` choices: every part a registered target declares, in registration order. */
export function partNames(plugins: readonly TargetPlugin[] = BUILTIN_PLUGINS): string[] {
  return [...new Set(plugins.flatMap((p) => (p.part === undefined ? [] : [p.part])))];
}

/**
 * The chosen parts with those they need (a part needs the parts of the targets its targets
 * need: the mock needs the server and the fixtures), in a stable order; every part when none
 * were chosen.
 */
export function partsWithNeeds(chosen: readonly string[] | undefined, plugins: readonly TargetPlugin[] = BUILTIN_PLUGINS): string[] {
  const all = partNames(plugins);
  if (chosen === undefined) return all;
  const byName = new Map(plugins.map((p) => [p.name, p]));
  const parts = new Set<string>();
  const visited = new Set<string>();
  const addTarget = (plugin: TargetPlugin | undefined): void => {
    if (!plugin || visited.has(plugin.name)) return;
    visited.add(plugin.name);
    if (plugin.part !== undefined) addPart(plugin.part);
    for (const needed of plugin.needs ?? []) addTarget(byName.get(needed));
  };
  const addPart = (part: string): void => {
    if (parts.has(part)) return;
    parts.add(part);
    for (const plugin of plugins) if (plugin.part === part) addTarget(plugin);
  };
  for (const part of chosen) addPart(part);
  return all.filter((part) => parts.has(part));
}

/** The targets these parts emit: those of no part, and those of a chosen part. */
export function enabledPlugins(plugins: readonly TargetPlugin[], parts: readonly string[]): TargetPlugin[] {
  return plugins.filter((p) => p.part === undefined || parts.includes(p.part));
}

/** Options by target name, then option name: `{ query: { scope: 'wallet' } }`. */
export type TargetOptions = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * The options each target runs with: the given ones, checked against the declarations (an
 * unknown target or option, or a value the option does not take, is a PluginError naming the
 * choices), and the declared defaults for the rest.
 */
export function resolveTargetOptions(given: TargetOptions = {}, plugins: readonly TargetPlugin[] = BUILTIN_PLUGINS): Record<string, Record<string, string>> {
  const byName = new Map(plugins.map((p) => [p.name, p]));
  for (const [target, options] of Object.entries(given)) {
    const plugin = byName.get(target);
    if (!plugin) throw new PluginError(`--option ${target}.…: no target is named ${target}; targets with options: ${plugins.filter((p) => p.options).map((p) => p.name).join(', ') || 'none'}`);
    for (const [name, value] of Object.entries(options)) {
      const declared = plugin.options?.[name];
      if (!declared) throw new PluginError(`--option ${target}.${name}: target ${target} has ${plugin.options ? `the options ${Object.keys(plugin.options).join(', ')}` : 'no options'}`);
      if (declared.values ? !declared.values.includes(value) : value === '') throw new PluginError(`--option ${target}.${name}=${value}: ${declared.values ? `choose among ${declared.values.join(', ')}` : 'give a value'}`);
    }
  }
  const resolved: Record<string, Record<string, string>> = {};
  for (const plugin of plugins) {
    const options: Record<string, string> = {};
    for (const [name, declared] of Object.entries(plugin.options ?? {})) {
      const value = given[plugin.name]?.[name] ?? declared.default;
      if (value !== undefined) options[name] = value;
    }
    resolved[plugin.name] = options;
  }
  return resolved;
}

