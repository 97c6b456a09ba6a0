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
import { exportedConst, exportedRecord, exportedType, printSourceFile } from './util/ts.js';
import { pathLabel } from './model/derive.js';
import { HANDLER_REPLY, OPERATION_SPEC, PAGE_ITERATOR, STREAM_FUNCTION, targetName } from './model/operation-kinds.js';
import { CALL_NAME } from './targets/client/plugin.js';

export { defineConfig, definePlugin };
export type { Config, SpecEntry } from './config.js';
export type { PluginDefinition } from './plugin.js';
export type { ModuleImports } from './print/symbols.js';
export type { GeneratedFile, ImportedNames, TargetContext, TargetOption, TargetPlugin, Target, TemplateSource } from './targets/target.js';
export type { Plans } from './plans/index.js';
export type * from './model/types.js';

/**
 * The built-in targets' names of an operation, read with `targetName(op, KEY)`: its `OperationSpec`
 * constant (`OPERATION_SPEC`, in ./operations.js), its page iterator (`PAGE_ITERATOR`, ./client.js),
 * its server handler's reply type (`HANDLER_REPLY`, ./server.js), its stream function
 * (`STREAM_FUNCTION`, ./client.js) and its lean call (`CALL_NAME`, ./calls.js).
 */
export { targetName, OPERATION_SPEC, PAGE_ITERATOR, HANDLER_REPLY, STREAM_FUNCTION, CALL_NAME };

/** Printing helpers: the ones the built-in targets use. */
export { generatedHeader, importsFor, docsOf, jsDoc, literal, objectLiteral, propertyKey, stringLiteral, valueKey, exportedConst, exportedRecord, exportedType, printSourceFile, pathLabel };
