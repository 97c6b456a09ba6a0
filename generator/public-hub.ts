/**
 * What `import … from 'svc-api-codegen'` gives a config file and its plugins while the command
 * runs: the running generator's own functions, never another copy's (a plugin must print through
 * the same symbol table as the built-in targets). `defineConfig` and `definePlugin` are at hand
 * at once; the printing helpers load with the targets, before
 * any plugin runs, so a run whose packages are all cached never loads them.
 */
import { defineConfig } from './config-define.js';
import { HANDLER_REPLY, OPERATION_SPEC, PAGE_ITERATOR, STREAM_FUNCTION, targetName } from './model/operation-kinds.js';
import { definePlugin } from './plugin.js';
import { CALL_NAME } from './targets/client/plugin.js';

/** The values at hand at once (light modules): the config's and plugins' own, and the keys of the built-in per-operation names. */
const EAGER = { defineConfig, definePlugin, targetName, OPERATION_SPEC, PAGE_ITERATOR, HANDLER_REPLY, STREAM_FUNCTION, CALL_NAME } as const;

/** Every value `generator/public.ts` exports (a unit test holds the two together). */
export const PUBLIC_VALUE_NAMES = [
  'CALL_NAME',
  'HANDLER_REPLY',
  'OPERATION_SPEC',
  'PAGE_ITERATOR',
  'STREAM_FUNCTION',
  'defineConfig',
  'definePlugin',
  'docsOf',
  'exportedConst',
  'exportedRecord',
  'exportedType',
  'generatedHeader',
  'importsFor',
  'jsDoc',
  'literal',
  'objectLiteral',
  'pathLabel',
  'printSourceFile',
  'propertyKey',
  'stringLiteral',
  'targetName',
  'valueKey',
] as const;

const HUB = Symbol.for('svc-api-codegen.public-api');

interface Hub {
  eager: typeof EAGER;
  /** The whole entry, once loaded. */
  full(): Record<string, unknown>;
}

let full: Record<string, unknown> | undefined;

/** Loads the whole entry (the printing helpers): a plugin's `load` does, before it runs. */
export async function loadPublicEntry(): Promise<void> {
  full ??= (await import('./public.js')) as Record<string, unknown>;
}

/** Makes this generator what configs and plugins loaded from now on import as `svc-api-codegen`. */
export function providePublicApi(): void {
  const hub: Hub = {
    eager: EAGER,
    full: () => {
      if (!full) throw new Error('svc-api-codegen: the printing helpers are there while plugins run (in run(context)), not when a config is read');
      return full;
    },
  };
  (globalThis as Record<symbol, unknown>)[HUB] = hub;
}

/** The module a config's or plugin's `import … from 'svc-api-codegen'` is bundled with (config.ts). */
export function publicApiShim(): string {
  const lines = [`const hub = globalThis[Symbol.for(${JSON.stringify(HUB.description)})];`];
  for (const name of PUBLIC_VALUE_NAMES) {
    lines.push(name in EAGER ? `export const ${name} = hub.eager.${name};` : `export const ${name} = (...args) => hub.full().${name}(...args);`);
  }
  return `${lines.join('\n')}\n`;
}
