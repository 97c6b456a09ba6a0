/**
 * `svc-api-codegen`'s entry for the repositories that use it: `defineConfig` for the config file,
 * `definePlugin` for a plugin of one's own, the model a plugin reads, and the helpers the
 * built-in targets print with. README "Writing a plugin" walks through an example
 * (examples/routes-plugin/).
 */
import { definePlugin } from './plugin.js';
import { defineConfig } from './config-define.js';
import { generatedHeader } from './targets/target.js';
import { importsFor } from './print/symbols.js';
import { docsOf, jsDoc, literal, objectLiteral, propertyKey, stringLiteral, valueKey } from './util/text.js';
import { exportedConst, exportedRecord, printSourceFile } from './util/ts.js';
import { pathLabel } from './model/derive.js';

export { defineConfig, definePlugin };
export type { Config, SpecEntry } from './config.js';
export type { PluginDefinition } from './plugin.js';
export type { ModuleImports } from './print/symbols.js';
export type { GeneratedFile, TargetContext, TargetOption, TargetPlugin, Target, TemplateSource } from './targets/target.js';
export type * from './model/types.js';

/** Printing helpers: the ones the built-in targets use. */
export { generatedHeader, importsFor, docsOf, jsDoc, literal, objectLiteral, propertyKey, stringLiteral, valueKey, exportedConst, exportedRecord, printSourceFile, pathLabel };
