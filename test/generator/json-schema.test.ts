/**
 * The model's schemas as JSON Schema (print/json-schema.ts), as the MCP tools hand them to
 * agents: each kind of node, a request's and a response's form, named schemas as `$defs` with
 * only those a schema reaches, judged by ajv (draft 2020-12). On whole documents the MCP tests
 * (test/packages/mcp.test.ts) judge every answer of the mock by the written output schemas.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { JsonSchemaWriter, describesObject } from '../../generator/print/json-schema.js';
import type { ApiModel, NamedSchema, SchemaNode } from '../../generator/model/types.js';

const named = (key: string, schema: SchemaNode, variants?: NamedSchema['variants']): NamedSchema => ({
  key,
  typeName: key,
  schemaName: `${key}Schema`,
  validatorName: `${key}Validator`,
  schema,
  origin: 'component',
  recursive: false,
  ...(variants ? { variants } : {}),
});

const USER = named(
  'User',
  {
    kind: 'object',
    properties: [
      { name: 'id', schema: { kind: 'string', readOnly: true }, required: true },
      { name: 'password', schema: { kind: 'string', writeOnly: true, minLength: 8 }, required: true },
      { name: 'name', schema: { kind: 'string', maxLength: 40 }, required: false },
      { name: 'manager', schema: { kind: 'ref', target: 'User', nullable: true }, required: false },
    ],
    additionalProperties: false,
  },
  { input: { typeName: 'UserInput', schemaName: 'UserInputSchema', validatorName: 'UserInputValidator' }, output: { typeName: 'UserOutput', schemaName: 'UserOutputSchema', validatorName: 'UserOutputValidator' } },
);
const TAG = named('Tag', { kind: 'string', enum: ['a', 'b'] });
const UNUSED = named('Unused', { kind: 'boolean' });
const model = { schemas: [USER, TAG, UNUSED] } as unknown as ApiModel;

describe('JSON Schema of each kind of node', () => {
  const write = (node: SchemaNode) => new JsonSchemaWriter(model, 'output').schema(node);
  it.each<[string, SchemaNode, unknown]>([
    ['a nullable string with its bounds and format', { kind: 'string', nullable: true, minLength: 1, maxLength: 3, pattern: '^a', format: 'email' }, { type: ['string', 'null'], format: 'email', pattern: '^a', minLength: 1, maxLength: 3 }],
    ["a format of the document's own is left out (validators warn of it)", { kind: 'string', format: 'decimal' }, { type: 'string' }],
    ['a format OpenAPI names that validators know', { kind: 'number', integer: true, format: 'int64' }, { type: 'integer', format: 'int64' }],
    ['a closed enum, with null when nullable', { kind: 'string', enum: ['x'], nullable: true }, { type: ['string', 'null'], enum: ['x', null] }],
    ['an open enum as any string', { kind: 'string', enum: ['x'], openEnum: true }, { type: 'string' }],
    ['an integer with exclusive bounds', { kind: 'number', integer: true, exclusiveMinimum: 0, maximum: 10, multipleOf: 2 }, { type: 'integer', exclusiveMinimum: 0, maximum: 10, multipleOf: 2 }],
    ['a const', { kind: 'literal', values: ['on'] }, { const: 'on' }],
    ['a mixed enum', { kind: 'literal', values: [1, 'one'] }, { enum: [1, 'one'] }],
    ['an array of anything, with its counts', { kind: 'array', items: { kind: 'unknown' }, minItems: 1, uniqueItems: true }, { type: 'array', minItems: 1, uniqueItems: true }],
    ['a tuple', { kind: 'array', items: { kind: 'never' }, prefixItems: [{ kind: 'boolean' }] }, { type: 'array', prefixItems: [{ type: 'boolean' }], items: false }],
    ['an open object lists its properties only', { kind: 'object', properties: [{ name: 'a', schema: { kind: 'boolean' }, required: true }], additionalProperties: true, openByDefault: true }, { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] }],
    ['a map', { kind: 'object', properties: [], additionalProperties: { kind: 'number', integer: false } }, { type: 'object', additionalProperties: { type: 'number' } }],
    ['a oneOf stays exclusive', { kind: 'union', mode: 'oneOf', variants: [{ kind: 'string' }, { kind: 'boolean' }] }, { oneOf: [{ type: 'string' }, { type: 'boolean' }] }],
    ['a nullable anyOf', { kind: 'union', mode: 'anyOf', nullable: true, variants: [{ kind: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['an allOf', { kind: 'intersection', parts: [{ kind: 'ref', target: 'Tag' }, { kind: 'string', minLength: 1 }] }, { allOf: [{ $ref: '#/$defs/Tag' }, { type: 'string', minLength: 1 }] }],
    ['bytes as a string', { kind: 'binary' }, { type: 'string' }],
    ['a typeless schema keeps each type its keywords', { kind: 'unknown', byType: { string: { kind: 'string', minLength: 2 }, number: { kind: 'number', integer: false, minimum: 0 } } }, { minLength: 2, minimum: 0 }],
    ['a not, with documentation', { kind: 'string', not: { kind: 'literal', values: [''] }, description: 'd', default: 'x' }, { type: 'string', description: 'd', default: 'x', not: { const: '' } }],
    ['a nullable reference', { kind: 'ref', target: 'Tag', nullable: true }, { anyOf: [{ $ref: '#/$defs/Tag' }, { type: 'null' }] }],
    ['a reference with a description of its own', { kind: 'ref', target: 'Tag', description: 'the tag' }, { allOf: [{ $ref: '#/$defs/Tag' }], description: 'the tag' }],
    ['nothing', { kind: 'never' }, false],
  ])('%s', (_, node, expected) => {
    expect(write(node)).toEqual(expected);
  });
});

describe("a request's and a response's forms", () => {
  it('leaves readOnly properties out of a request, writeOnly ones out of a response, each under its own definition', () => {
    const input = new JsonSchemaWriter(model, 'input');
    const output = new JsonSchemaWriter(model, 'output');
    const schema = { kind: 'ref', target: 'User' } as const;
    expect(input.schema(schema)).toEqual({ $ref: '#/$defs/UserInput' });
    expect(output.schema(schema)).toEqual({ $ref: '#/$defs/UserOutput' });
    const request = input.definitions()['UserInput'] as { properties: object; required: string[] };
    const response = output.definitions()['UserOutput'] as { properties: object; required: string[] };
    expect(Object.keys(request.properties)).toEqual(['password', 'name', 'manager']);
    expect(request.required).toEqual(['password']);
    expect(Object.keys(response.properties)).toEqual(['id', 'name', 'manager']);
    expect(response.required).toEqual(['id']);
  });

  it('writes a recursive schema once', () => {
    const output = new JsonSchemaWriter(model, 'output');
    const schema = output.schema({ kind: 'array', items: { kind: 'ref', target: 'User' } });
    output.schema({ kind: 'ref', target: 'Tag' });
    expect(Object.keys(output.definitions())).toEqual(['Tag', 'UserOutput']);
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile({ ...(schema as object), $defs: output.definitions() });
    expect(validate([{ id: 'u1', manager: { id: 'u2', manager: null } }])).toBe(true);
    expect(validate([{ id: 'u1', manager: { manager: null } }])).toBe(false);
    expect(validate([{ id: 'u1', extra: 1 }])).toBe(false);
  });

  it('knows what only ever describes an object (what MCP wants of an output schema)', () => {
    expect(describesObject(model, { kind: 'ref', target: 'User' })).toBe(true);
    expect(describesObject(model, { kind: 'ref', target: 'User', nullable: true })).toBe(false);
    expect(describesObject(model, { kind: 'union', mode: 'oneOf', variants: [{ kind: 'ref', target: 'User' }, { kind: 'object', properties: [], additionalProperties: true }] })).toBe(true);
    expect(describesObject(model, { kind: 'array', items: { kind: 'ref', target: 'User' } })).toBe(false);
  });
});
