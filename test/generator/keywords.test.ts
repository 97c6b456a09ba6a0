/**
 * Every JSON Schema keyword the generated zod validators claim to enforce, table-driven:
 * per keyword a tiny component schema, instances `schemas.<Name>.safeParse` must accept and
 * instances it must reject. One OpenAPI 3.1 document holds most cases; an OpenAPI 3.0.3
 * document holds the 3.0-only forms (`nullable`, boolean exclusive bounds).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { importGenerated, specWithSchemas } from '../helpers/generate.js';
import type { PackageOutput } from '../../generator/pipeline.js';
import type { LeanValidator } from '../../templates/runtime/src/lean.js';

interface KeywordCase {
  /** What the case proves (the describe title). */
  keyword: string;
  /** Component key; the validator is `schemas[name]`. */
  name: string;
  schema: unknown;
  valid: unknown[];
  invalid: unknown[];
}

interface Generated {
  schemas: Record<string, z.ZodType>;
  operations: Record<string, { responses: Record<string, z.ZodType | undefined> }>;
  __dir: string;
  __output: PackageOutput;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A value as JSON.parse gives it: `__proto__` is then an own property, as in a payload. */
const json = (text: string): unknown => JSON.parse(text);

/** Components other cases reference; they are validated too, as plain cases. */
const helperCases: KeywordCase[] = [
  {
    keyword: '$ref target',
    name: 'Base',
    schema: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
    valid: [{ a: 'x' }],
    invalid: [{}, { a: 1 }],
  },
  {
    keyword: 'discriminator variant',
    name: 'Cat',
    schema: { type: 'object', required: ['kind', 'meow'], properties: { kind: { const: 'cat' }, meow: { type: 'boolean' } } },
    valid: [{ kind: 'cat', meow: true }],
    invalid: [{ kind: 'dog', meow: true }, { kind: 'cat' }],
  },
  {
    keyword: 'discriminator variant',
    name: 'Dog',
    schema: { type: 'object', required: ['kind', 'bark'], properties: { kind: { const: 'dog' }, bark: { type: 'integer' } } },
    valid: [{ kind: 'dog', bark: 3 }],
    invalid: [{ kind: 'cat', bark: 3 }, { kind: 'dog', bark: 'loud' }],
  },
];

const cases31: KeywordCase[] = [
  ...helperCases,
  // type
  { keyword: 'type: string', name: 'TypeString', schema: { type: 'string' }, valid: ['', 'abc'], invalid: [1, null, true, [], {}] },
  { keyword: 'type: number', name: 'TypeNumber', schema: { type: 'number' }, valid: [0, 1.5, -3, 1e21], invalid: ['1', null, true, [], {}] },
  { keyword: 'type: integer', name: 'TypeInteger', schema: { type: 'integer' }, valid: [0, -7, 1000, 2.0], invalid: [1.5, '1', null] },
  { keyword: 'type: boolean', name: 'TypeBoolean', schema: { type: 'boolean' }, valid: [true, false], invalid: [0, 'true', null] },
  { keyword: 'type: null', name: 'TypeNull', schema: { type: 'null' }, valid: [null], invalid: [0, '', false, {}, []] },
  { keyword: 'type: array', name: 'TypeArray', schema: { type: 'array' }, valid: [[], [1, 'a', null]], invalid: [{}, 'a', null] },
  { keyword: 'type: object', name: 'TypeObject', schema: { type: 'object' }, valid: [{}, { a: 1 }], invalid: [[], 'a', null, 1] },
  { keyword: "type: [string, 'null']", name: 'TypeStringOrNull', schema: { type: ['string', 'null'] }, valid: ['a', '', null], invalid: [1, false, {}] },
  { keyword: 'type: [string, integer]', name: 'TypeStringOrInteger', schema: { type: ['string', 'integer'] }, valid: ['a', 3], invalid: [1.5, true, null] },
  {
    keyword: "type: ['null'] property",
    name: 'NullProperty',
    schema: { type: 'object', required: ['gone'], properties: { gone: { type: 'null' } } },
    valid: [{ gone: null }],
    invalid: [{ gone: 'x' }, {}],
  },
  // format
  {
    keyword: 'format: date-time',
    name: 'FormatDateTime',
    schema: { type: 'string', format: 'date-time' },
    // RFC 3339: `t` and `z` in any case (regression: zod's datetime rejected them), leap seconds at 23:59:60 UTC only.
    valid: ['2024-01-02T03:04:05Z', '2024-01-02T03:04:05.123+02:00', '2024-01-02t03:04:05z', '1998-12-31T23:59:60Z', '1998-12-31T15:59:60-08:00'],
    invalid: ['2024-01-02', '2024-01-02T03:04:05', 'yesterday', '2024-13-02T03:04:05Z', '1998-12-31T22:59:60Z', '2024-02-30T00:00:00Z', '2024-01-02T03:04:05+24:00'],
  },
  { keyword: 'format: date', name: 'FormatDate', schema: { type: 'string', format: 'date' }, valid: ['2024-02-29', '1999-12-31'], invalid: ['2023-02-29', '2024-13-01', '2024-01-02T00:00:00Z', '24-01-02'] },
  {
    keyword: 'format: time',
    name: 'FormatTime',
    schema: { type: 'string', format: 'time' },
    // RFC 3339 full-time: seconds and an offset are required.
    valid: ['12:34:56Z', '23:59:59+01:00', '08:00:00.250-05:30'],
    invalid: ['25:00:00Z', '12:34:56', '12:34', 'noon'],
  },
  { keyword: 'format: email', name: 'FormatEmail', schema: { type: 'string', format: 'email' }, valid: ['a@example.com', 'first.last@sub.example.org'], invalid: ['a', 'a@', '@b.com', 'a b@c.com'] },
  {
    keyword: 'format: uuid',
    name: 'FormatUuid',
    schema: { type: 'string', format: 'uuid' },
    valid: ['123e4567-e89b-12d3-a456-426614174000', '00000000-0000-0000-0000-000000000000'],
    invalid: ['123e4567', 'zzze4567-e89b-12d3-a456-426614174000', '123e4567e89b12d3a456426614174000'],
  },
  { keyword: 'format: uri', name: 'FormatUri', schema: { type: 'string', format: 'uri' }, valid: ['https://example.com/x?y=1#z', 'urn:isbn:0451450523'], invalid: ['not a uri', '/relative/path', 'example'] },
  { keyword: 'format: ipv4', name: 'FormatIpv4', schema: { type: 'string', format: 'ipv4' }, valid: ['192.168.0.1', '0.0.0.0'], invalid: ['256.1.1.1', '1.2.3', '::1', '087.10.0.1'] },
  { keyword: 'format: ipv6', name: 'FormatIpv6', schema: { type: 'string', format: 'ipv6' }, valid: ['::1', '2001:db8::1', 'fe80:0:0:0:0:0:0:1', '::ffff:192.168.0.1', '1:2:3:4:5:6:1.2.3.4', '::'], invalid: ['12345::', '1.2.3.4', 'g::1', '1::2::3', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0', '::ffff:256.1.1.1'] },
  {
    keyword: 'format: hostname',
    name: 'FormatHostname',
    schema: { type: 'string', format: 'hostname' },
    valid: ['example.com', 'localhost', 'a-b.c-d.io', 'xn--bcher-kva.example'],
    // A trailing dot, an A-label that is not Punycode, one of only ASCII, `--` in the 3rd and 4th places, a U-label, 64 octets.
    invalid: ['-bad-.com', 'has space.com', 'a..b', 'example.com.', 'xn--X.example', 'xn--abc-.example', 'ab--cd.example', 'bücher.example', `${'a'.repeat(64)}.example`],
  },
  {
    keyword: 'format: idn-hostname',
    name: 'FormatIdnHostname',
    schema: { type: 'string', format: 'idn-hostname' },
    valid: ['bücher.example', '例え.テスト', 'xn--bcher-kva.example', 'l·l.example'],
    // A trailing ideographic full stop, a leading combining mark, a MIDDLE DOT not between two l, a disallowed code point (U+302E).
    invalid: ['例え。', '\u0903hello', 'a·b.example', '\u302eexample', ''],
  },
  { keyword: 'format: byte', name: 'FormatByte', schema: { type: 'string', format: 'byte' }, valid: ['aGVsbG8=', 'aGk=', ''], invalid: ['abc', 'a$b=', 'aGVsbG8'] },
  {
    keyword: 'format: uri-reference, iri, uri-template, url, regex, json-pointer, relative-json-pointer',
    name: 'FormatUriReference',
    schema: { type: 'string', format: 'uri-reference' },
    valid: ['/relative/path?x=1', '#fragment', 'https://example.com', ''],
    invalid: ['\\\\WINDOWS\\share', '/bad%zz', 'a b'],
  },
  { keyword: 'format: iri', name: 'FormatIri', schema: { type: 'string', format: 'iri' }, valid: ['https://例え.jp/パス', 'urn:x'], invalid: ['/relative', 'https://exa mple.com'] },
  { keyword: 'format: uri-template', name: 'FormatUriTemplate', schema: { type: 'string', format: 'uri-template' }, valid: ['/users/{id}', 'https://x.io/{+path}{?q,page}', '/plain'], invalid: ['/users/{id', '/users/{}'] },
  { keyword: 'format: url', name: 'FormatUrl', schema: { type: 'string', format: 'url' }, valid: ['https://example.com/a', 'ftp://files.example.com'], invalid: ['mailto:a@b.c', 'example.com', 'http://'] },
  { keyword: 'format: regex', name: 'FormatRegex', schema: { type: 'string', format: 'regex' }, valid: ['^a+$', '\\p{L}'], invalid: ['(unclosed', '[z-a]'] },
  { keyword: 'format: json-pointer', name: 'FormatJsonPointer', schema: { type: 'string', format: 'json-pointer' }, valid: ['', '/a/0', '/a~1b/~0'], invalid: ['a', '/a~2'] },
  { keyword: 'format: relative-json-pointer', name: 'FormatRelativeJsonPointer', schema: { type: 'string', format: 'relative-json-pointer' }, valid: ['0', '1/a', '2#'], invalid: ['/a', '01', '-1'] },
  { keyword: 'format: int32', name: 'FormatInt32', schema: { type: 'number', format: 'int32' }, valid: [0, -2147483648, 2147483647], invalid: [2147483648, 1.5] },
  { keyword: 'format: unknown formats are annotations', name: 'FormatUnknown', schema: { type: 'string', format: 'x-made-up' }, valid: ['anything'], invalid: [1] },
  { keyword: 'format: duration', name: 'FormatDuration', schema: { type: 'string', format: 'duration' }, valid: ['P1D', 'PT1H30M', 'P1Y2M3DT4H5M6S', 'P2W'], invalid: ['1D', 'P', 'PT', 'P1H'] },
  // string keywords
  { keyword: 'pattern (anchored)', name: 'PatternAnchored', schema: { type: 'string', pattern: '^[a-z]+-\\d{2}$' }, valid: ['ab-12'], invalid: ['AB-12', 'ab-1', 'xab-123'] },
  { keyword: 'pattern (unanchored: matches anywhere)', name: 'PatternUnanchored', schema: { type: 'string', pattern: 'b{2}' }, valid: ['abbc', 'bb'], invalid: ['abc', ''] },
  { keyword: 'minLength', name: 'MinLength', schema: { type: 'string', minLength: 2 }, valid: ['ab', 'abc', '😀😀'], invalid: ['a', '', '😀'] },
  { keyword: 'maxLength', name: 'MaxLength', schema: { type: 'string', maxLength: 2 }, valid: ['', 'ab', '😀😀'], invalid: ['abc', '😀😀😀'] },
  // numeric keywords
  { keyword: 'minimum', name: 'Minimum', schema: { type: 'number', minimum: 0 }, valid: [0, 0.1, 10], invalid: [-0.1, -5] },
  { keyword: 'maximum', name: 'Maximum', schema: { type: 'number', maximum: 10 }, valid: [10, -3, 9.99], invalid: [10.01, 11] },
  { keyword: 'exclusiveMinimum (3.1 number)', name: 'ExclusiveMinimum', schema: { type: 'number', exclusiveMinimum: 0 }, valid: [0.001, 3], invalid: [0, -1] },
  { keyword: 'exclusiveMaximum (3.1 number)', name: 'ExclusiveMaximum', schema: { type: 'number', exclusiveMaximum: 10 }, valid: [9.999, -1], invalid: [10, 11] },
  {
    keyword: 'minimum + exclusiveMaximum on an integer',
    name: 'IntegerRange',
    schema: { type: 'integer', minimum: 1, exclusiveMaximum: 5 },
    valid: [1, 4],
    invalid: [0, 5, 2.5],
  },
  { keyword: 'multipleOf (integer)', name: 'MultipleOfInteger', schema: { type: 'integer', multipleOf: 5 }, valid: [0, 15, -10], invalid: [7, 2.5] },
  { keyword: 'multipleOf (decimal)', name: 'MultipleOfDecimal', schema: { type: 'number', multipleOf: 0.01 }, valid: [0.07, 1.1, 19.99, 100], invalid: [0.001, 1.005] },
  // enum / const
  { keyword: 'enum (strings)', name: 'EnumStrings', schema: { type: 'string', enum: ['a', 'b'] }, valid: ['a', 'b'], invalid: ['c', '', 1, null] },
  { keyword: 'enum (strings, no type)', name: 'EnumStringsUntyped', schema: { enum: ['on', 'off'] }, valid: ['on', 'off'], invalid: ['ON', true] },
  { keyword: 'enum (numbers)', name: 'EnumNumbers', schema: { type: 'number', enum: [1, 2.5] }, valid: [1, 2.5], invalid: [3, '1', 2] },
  { keyword: 'enum (integers)', name: 'EnumIntegers', schema: { type: 'integer', enum: [1, 2, 3] }, valid: [1, 3], invalid: [4, '2'] },
  { keyword: 'enum (mixed types, with null)', name: 'EnumMixed', schema: { enum: ['a', 1, true, null] }, valid: ['a', 1, true, null], invalid: ['b', 2, false, {}, []] },
  { keyword: "enum + type [string, 'null']", name: 'EnumNullable', schema: { type: ['string', 'null'], enum: ['a', 'b', null] }, valid: ['a', null], invalid: ['c', 0] },
  { keyword: 'const (string)', name: 'ConstString', schema: { const: 'x' }, valid: ['x'], invalid: ['y', 'X', null] },
  { keyword: 'const (number)', name: 'ConstNumber', schema: { const: 3 }, valid: [3], invalid: [4, '3'] },
  { keyword: 'const (boolean)', name: 'ConstBoolean', schema: { const: false }, valid: [false], invalid: [true, 0, null] },
  { keyword: 'const (null)', name: 'ConstNull', schema: { const: null }, valid: [null], invalid: [0, '', false] },
  {
    keyword: 'const (object)',
    name: 'ConstObject',
    schema: { const: { a: 1, b: ['x', null] } },
    valid: [{ a: 1, b: ['x', null] }, { b: ['x', null], a: 1 }],
    invalid: [{ a: 1 }, { a: 1, b: ['x', null], c: 1 }, { a: 2, b: ['x', null] }, { a: 1, b: ['x'] }, { a: 1, b: ['x', null, 1] }],
  },
  {
    keyword: 'open enum anyOf [{enum}, {type: string}]',
    name: 'OpenEnum',
    schema: { anyOf: [{ enum: ['known', 'other'] }, { type: 'string' }] },
    valid: ['known', 'other', 'added-later', ''],
    invalid: [1, null, true, ['known']],
  },
  {
    keyword: 'open enum with type: string',
    name: 'OpenEnumTyped',
    schema: { type: 'string', anyOf: [{ type: 'string' }, { type: 'string', enum: ['x', 'y'] }] },
    valid: ['x', 'z'],
    invalid: [1, null],
  },
  // arrays
  { keyword: 'items', name: 'Items', schema: { type: 'array', items: { type: 'integer' } }, valid: [[], [1, 2]], invalid: [[1, 'a'], [1.5], 'a'] },
  {
    keyword: 'prefixItems (open: items after the prefix are free)',
    name: 'PrefixItemsOpen',
    schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
    // The prefix constrains only the items present: shorter arrays are valid.
    valid: [[], ['a'], ['a', 1], ['a', 1, 'extra', {}]],
    invalid: [[1], ['a', 'b'], [1, 'a']],
  },
  {
    keyword: 'prefixItems + items',
    name: 'PrefixItemsRest',
    schema: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' } },
    valid: [['a'], ['a', true, false]],
    invalid: [['a', 1], [true]],
  },
  {
    keyword: 'prefixItems + maxItems (closed tuple)',
    name: 'PrefixItemsClosed',
    schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, maxItems: 2 },
    valid: [['a', 1]],
    invalid: [['a'], ['a', 1, 2], [1, 'a']],
  },
  {
    keyword: 'prefixItems + maxItems (optional tail)',
    name: 'PrefixItemsShort',
    schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 1, maxItems: 2 },
    valid: [['a'], ['a', 1]],
    invalid: [[], ['a', 'b'], ['a', 1, 2]],
  },
  {
    keyword: 'prefixItems + maxItems below the prefix length',
    name: 'PrefixItemsTruncated',
    schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }, { type: 'string' }], maxItems: 2 },
    valid: [[], ['a', 'b']],
    invalid: [['a', 'b', 'c'], ['a', 1]],
  },
  {
    keyword: 'prefixItems + minItems/maxItems beyond the prefix',
    name: 'PrefixItemsCounted',
    schema: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' }, minItems: 2, maxItems: 3 },
    valid: [['a', 1], ['a', 1, 2]],
    invalid: [['a'], ['a', 1, 2, 3], ['a', 'b']],
  },
  { keyword: 'minItems', name: 'MinItems', schema: { type: 'array', items: { type: 'string' }, minItems: 2 }, valid: [['a', 'b'], ['a', 'b', 'c']], invalid: [[], ['a']] },
  { keyword: 'maxItems', name: 'MaxItems', schema: { type: 'array', items: { type: 'string' }, maxItems: 1 }, valid: [[], ['a']], invalid: [['a', 'b']] },
  {
    keyword: 'uniqueItems',
    name: 'UniqueItems',
    schema: { type: 'array', uniqueItems: true },
    valid: [[], [1, 2], [1, '1'], [{ a: 1, b: 2 }, { a: 1, b: 3 }], [[1, 2], [2, 1]]],
    invalid: [[1, 1], ['a', 'b', 'a'], [{ a: 1, b: 2 }, { b: 2, a: 1 }], [[1, 2], [1, 2]], [null, null]],
  },
  // objects
  {
    keyword: 'properties + required',
    name: 'Required',
    schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, n: { type: 'integer' } } },
    valid: [{ id: 'x' }, { id: 'x', n: 1 }, { id: 'x', extra: true }],
    invalid: [{}, { n: 1 }, { id: 1 }, { id: 'x', n: '1' }, { id: 'x', n: null }, []],
  },
  {
    keyword: 'required property with no schema',
    name: 'RequiredAnything',
    schema: { type: 'object', required: ['x', 'y'], properties: { x: {} } },
    valid: [{ x: 1, y: 'a' }, { x: null, y: null }, { x: {}, y: [] }],
    invalid: [{}, { x: 1 }, { y: 1 }],
  },
  {
    keyword: 'additionalProperties: false',
    name: 'ClosedObject',
    schema: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
    valid: [{}, { a: 'x' }],
    invalid: [{ a: 'x', b: 1 }, { b: 1 }],
  },
  {
    keyword: 'additionalProperties: false without properties',
    name: 'EmptyClosedObject',
    schema: { type: 'object', properties: {}, additionalProperties: false },
    valid: [{}],
    invalid: [{ a: 1 }, []],
  },
  {
    keyword: 'additionalProperties: schema on an inline object with optional properties',
    name: 'InlineCatchall',
    schema: {
      type: 'object',
      properties: { permissions: { type: 'object', properties: { issues: { type: 'string' } }, additionalProperties: { type: 'string' } } },
    },
    valid: [{ permissions: { issues: 'read', contents: 'write' } }, { permissions: {} }],
    invalid: [{ permissions: { contents: 1 } }, { permissions: { issues: 2 } }],
  },
  {
    keyword: 'additionalProperties: true',
    name: 'OpenObject',
    schema: { type: 'object', additionalProperties: true, properties: { a: { type: 'string' } } },
    valid: [{}, { a: 'x', b: 1, c: { d: [] } }],
    invalid: [{ a: 1 }],
  },
  {
    keyword: 'additionalProperties: schema',
    name: 'TypedAdditional',
    schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } },
    valid: [{ a: 'x' }, { a: 'x', b: 1, c: 2 }, { b: 3 }],
    invalid: [{ a: 'x', b: 'y' }, { b: 1.5 }, { a: 1 }],
  },
  {
    keyword: 'patternProperties',
    name: 'PatternProps',
    schema: { type: 'object', properties: { id: { type: 'string' } }, patternProperties: { '^x-': { type: 'string' } } },
    valid: [{}, { id: 'a', 'x-a': 's', other: 1 }],
    invalid: [{ 'x-a': 1 }, { id: 'a', 'x-b': null }],
  },
  {
    keyword: 'patternProperties + additionalProperties: false',
    name: 'PatternPropsClosed',
    schema: { type: 'object', properties: { id: { type: 'string' } }, patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
    valid: [{ id: 'a' }, { id: 'a', 'x-a': 's' }],
    invalid: [{ id: 'a', other: 1 }, { 'x-a': 2 }, { id: 1 }],
  },
  {
    keyword: 'patternProperties + additionalProperties: schema',
    name: 'PatternPropsTyped',
    schema: { type: 'object', patternProperties: { '^n_': { type: 'number' } }, additionalProperties: { type: 'boolean' } },
    valid: [{ n_a: 1, flag: true }],
    invalid: [{ n_a: 'x' }, { flag: 'yes' }],
  },
  { keyword: 'minProperties', name: 'MinProperties', schema: { type: 'object', minProperties: 1 }, valid: [{ a: 1 }, { a: 1, b: 2 }], invalid: [{}] },
  { keyword: 'maxProperties', name: 'MaxProperties', schema: { type: 'object', maxProperties: 2 }, valid: [{}, { a: 1, b: 2 }], invalid: [{ a: 1, b: 2, c: 3 }] },
  {
    keyword: 'dependentSchemas',
    name: 'DependentSchemas',
    schema: {
      type: 'object',
      properties: { card: { type: 'string' }, billing: { type: 'string' } },
      dependentSchemas: { card: { required: ['billing'], properties: { billing: { minLength: 3 } } } },
    },
    valid: [{}, { billing: 'x' }, { card: '4111', billing: 'Main St' }],
    invalid: [{ card: '4111' }, { card: '4111', billing: 'x' }],
  },
  {
    keyword: 'propertyNames',
    name: 'PropertyNames',
    schema: { type: 'object', propertyNames: { pattern: '^[a-z_]+$', maxLength: 10 } },
    valid: [{}, { abc: 1, snake_case: 2 }],
    invalid: [{ Upper: 1 }, { 'with-dash': 1 }, { much_too_long: 1 }],
  },
  {
    keyword: 'contains',
    name: 'Contains',
    schema: { type: 'array', contains: { type: 'string', const: 'admin' } },
    valid: [['admin'], ['user', 'admin', 'admin']],
    invalid: [[], ['user']],
  },
  {
    keyword: 'contains + minContains + maxContains',
    name: 'ContainsBounded',
    schema: { type: 'array', items: { type: 'integer' }, contains: { minimum: 10 }, minContains: 2, maxContains: 3 },
    valid: [[10, 11], [1, 10, 20, 30]],
    invalid: [[10], [10, 11, 12, 13], [1, 2]],
  },
  {
    keyword: 'dependentRequired',
    name: 'DependentRequired',
    schema: {
      type: 'object',
      properties: { amount: { type: 'string' }, currency: { type: 'string' }, note: { type: 'string' } },
      dependentRequired: { amount: ['currency'], currency: ['amount'], note: [] },
    },
    valid: [{}, { note: 'n' }, { amount: '1', currency: 'USD' }, { amount: '1', currency: 'USD', note: 'n' }],
    invalid: [{ amount: '1' }, { currency: 'USD' }, { amount: '1', note: 'n' }, { amount: 1, currency: 'USD' }],
  },
  {
    keyword: 'dependentRequired on a closed object',
    name: 'DependentRequiredClosed',
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      dependentRequired: { a: ['b'] },
    },
    valid: [{}, { b: 1 }, { a: 1, b: 2 }],
    invalid: [{ a: 1 }, { a: 1, b: 2, c: 3 }],
  },
  // composition
  {
    keyword: 'allOf',
    name: 'AllOf',
    schema: { allOf: [ref('Base'), { type: 'object', required: ['b'], properties: { b: { type: 'number' } } }] },
    valid: [{ a: 'x', b: 1 }, { a: 'x', b: 1, c: true }],
    invalid: [{ a: 'x' }, { b: 1 }, { a: 'x', b: 'y' }],
  },
  { keyword: 'anyOf', name: 'AnyOf', schema: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'number' }] }, valid: ['abc', 1], invalid: ['abcd', true, null] },
  {
    keyword: 'oneOf (exactly one branch)',
    name: 'OneOf',
    schema: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] },
    valid: [-1, 1.5],
    // 5 matches both branches; -1.5 neither.
    invalid: [5, 0, -1.5, 'x'],
  },
  {
    keyword: 'oneOf of objects (exactly one branch)',
    name: 'OneOfObjects',
    schema: { oneOf: [{ type: 'object', required: ['a'] }, { type: 'object', required: ['b'] }] },
    valid: [{ a: 1 }, { b: 1 }],
    invalid: [{ a: 1, b: 1 }, {}],
  },
  {
    keyword: 'discriminator (oneOf + propertyName + mapping)',
    name: 'Pet',
    schema: {
      oneOf: [ref('Cat'), ref('Dog')],
      discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } },
    },
    valid: [{ kind: 'cat', meow: true }, { kind: 'dog', bark: 2 }],
    invalid: [{ kind: 'cat', bark: 2 }, { kind: 'bird' }, { meow: true }, { kind: 'dog', bark: 'x' }, null],
  },
  {
    keyword: 'discriminator declared before its variants',
    name: 'AnimalFirst',
    schema: {
      oneOf: [ref('Zebra'), ref('Yak')],
      discriminator: { propertyName: 'kind', mapping: { zebra: '#/components/schemas/Zebra', yak: '#/components/schemas/Yak' } },
    },
    valid: [{ kind: 'zebra', stripes: 3 }, { kind: 'yak' }],
    invalid: [{ kind: 'zebra' }, { kind: 'camel' }],
  },
  { keyword: 'discriminator variant', name: 'Zebra', schema: { type: 'object', required: ['kind', 'stripes'], properties: { kind: { const: 'zebra' }, stripes: { type: 'integer' } } }, valid: [{ kind: 'zebra', stripes: 1 }], invalid: [{ kind: 'yak' }] },
  { keyword: 'discriminator variant', name: 'Yak', schema: { type: 'object', required: ['kind'], properties: { kind: { const: 'yak' } } }, valid: [{ kind: 'yak' }], invalid: [{ kind: 'zebra' }] },
  { keyword: 'not', name: 'Not', schema: { type: 'string', not: { enum: ['forbidden', 'banned'] } }, valid: ['ok', ''], invalid: ['forbidden', 'banned', 1] },
  { keyword: 'not (alone)', name: 'NotString', schema: { not: { type: 'string' } }, valid: [1, null, {}, []], invalid: ['a', ''] },
  {
    keyword: 'if / then / else',
    name: 'Conditional',
    schema: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string' } },
      if: { properties: { kind: { const: 'num' } } },
      then: { required: ['n'], properties: { n: { type: 'number' } } },
      else: { properties: { n: { type: 'string' } } },
    },
    // then: kind 'num' needs a number n; else: n, when present, is a string.
    valid: [{ kind: 'num', n: 1 }, { kind: 'str', n: 'a' }, { kind: 'str' }],
    invalid: [{ kind: 'num', n: 'a' }, { kind: 'num' }, { kind: 'str', n: 1 }, {}],
  },
  {
    keyword: 'if / then without else',
    name: 'ConditionalThenOnly',
    schema: { type: 'number', if: { minimum: 10 }, then: { multipleOf: 10 } },
    valid: [3, 7, 10, 20],
    invalid: [15, 11],
  },
  // references
  {
    keyword: '$ref to another component',
    name: 'RefHolder',
    schema: { type: 'object', required: ['base'], properties: { base: ref('Base'), list: { type: 'array', items: ref('Base') } } },
    valid: [{ base: { a: 'x' } }, { base: { a: 'x' }, list: [{ a: 'y' }] }],
    invalid: [{ base: { a: 1 } }, { base: {} }, {}, { base: { a: 'x' }, list: [{}] }],
  },
  {
    keyword: 'recursion (tree of itself)',
    name: 'TreeNode',
    schema: { type: 'object', required: ['value'], properties: { value: { type: 'integer' }, children: { type: 'array', items: ref('TreeNode') } } },
    valid: [{ value: 1 }, { value: 1, children: [{ value: 2, children: [{ value: 3 }, { value: 4, children: [] }] }, { value: 5 }] }],
    invalid: [{ value: 1, children: [{ value: 2, children: [{ value: 'x' }] }] }, { value: 1, children: [{ value: 2, children: [{}] }] }, { value: 1, children: {} }],
  },
  {
    keyword: 'mutual recursion',
    name: 'Expr',
    schema: { oneOf: [{ type: 'number' }, ref('Sum')] },
    valid: [1, { plus: [1, { plus: [2, 3] }] }],
    invalid: ['1', { plus: [1, { plus: ['2'] }] }],
  },
  { keyword: 'mutual recursion', name: 'Sum', schema: { type: 'object', required: ['plus'], properties: { plus: { type: 'array', items: ref('Expr') } } }, valid: [{ plus: [] }], invalid: [{ plus: [true] }] },
  { keyword: 'pattern with unicode property escapes (u flag, as ajv)', name: 'UnicodePattern', schema: { type: 'string', pattern: '^\\p{Letter}+$' }, valid: ['Hello', 'π'], invalid: ['123'] },
  // keywords without `type` apply to their own JSON type only (regression: they forced a type, or were dropped)
  { keyword: 'type-less pattern', name: 'TypelessPattern', schema: { pattern: '^a' }, valid: ['abc', 12, null, true, {}, []], invalid: ['b'] },
  { keyword: 'type-less required', name: 'TypelessRequired', schema: { required: ['x'] }, valid: ['str', 1, [], { x: 1 }], invalid: [{}, { y: 1 }] },
  { keyword: 'type-less format', name: 'TypelessFormat', schema: { format: 'ipv4' }, valid: ['1.2.3.4', 5, null], invalid: ['256.1.1.1'] },
  { keyword: 'type-less dependentRequired', name: 'TypelessDependentRequired', schema: { dependentRequired: { a: ['b'] } }, valid: [{ a: 1, b: 2 }, {}, 'a', 3], invalid: [{ a: 1 }] },
  { keyword: 'type-less uniqueItems', name: 'TypelessUniqueItems', schema: { uniqueItems: true }, valid: [[1, 2], 'aa', { a: 1 }], invalid: [[1, 1], [{ a: 1 }, { a: 1 }]] },
  { keyword: 'type-less minLength', name: 'TypelessMinLength', schema: { minLength: 2 }, valid: ['ab', 1, [1]], invalid: ['a'] },
  { keyword: 'type-less properties', name: 'TypelessProperties', schema: { properties: { a: { type: 'integer' } } }, valid: [{ a: 1 }, {}, 'x', 2, [1], null], invalid: [{ a: 'x' }] },
  { keyword: 'type-less propertyNames', name: 'TypelessPropertyNames', schema: { propertyNames: { maxLength: 2 } }, valid: [{ ab: 1 }, 'abc', [1, 2, 3]], invalid: [{ abc: 1 }] },
  { keyword: 'type-less minimum', name: 'TypelessMinimum', schema: { minimum: 3 }, valid: [3, 4.5, 'x', null], invalid: [2] },
  { keyword: 'type-less exclusiveMaximum', name: 'TypelessExclusiveMaximum', schema: { exclusiveMaximum: 3 }, valid: [2.9, '10'], invalid: [3, 4] },
  { keyword: 'type-less minItems', name: 'TypelessMinItems', schema: { minItems: 1 }, valid: [[1], '', {}], invalid: [[]] },
  { keyword: 'type-less maxProperties', name: 'TypelessMaxProperties', schema: { maxProperties: 1 }, valid: [{ a: 1 }, [1, 2], 'ab'], invalid: [{ a: 1, b: 2 }] },
  { keyword: 'type-less items', name: 'TypelessItems', schema: { items: { type: 'string' } }, valid: [['a'], 1, { 0: 1 }], invalid: [[1]] },
  {
    // The common allOf extension: the type-less part means its object constraints only (and types stay Base & {...}).
    keyword: 'type-less part of allOf narrowed by a typed sibling',
    name: 'TypelessAllOf',
    schema: { allOf: [ref('Base'), { required: ['b'], properties: { b: { type: 'string' } } }] },
    valid: [{ a: 'x', b: 'y' }],
    invalid: [{ a: 'x' }, { a: 'x', b: 1 }, 'str', 1],
  },
  {
    keyword: 'type-less oneOf variants inside a typed object',
    name: 'TypelessOneOfVariants',
    schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    valid: [{ a: 'x' }, { b: 'y' }],
    invalid: [{}, { a: 'x', b: 'y' }, 'a'],
  },
  // unevaluatedProperties / unevaluatedItems (regression: only a warning)
  {
    keyword: 'unevaluatedProperties through allOf',
    name: 'UnevaluatedAllOf',
    schema: { type: 'object', allOf: [{ properties: { a: { type: 'integer' } } }], properties: { b: { type: 'string' } }, unevaluatedProperties: false },
    valid: [{ a: 1 }, { a: 1, b: 'x' }, {}],
    invalid: [{ a: 1, c: true }],
  },
  {
    keyword: 'unevaluatedProperties counts only matching anyOf branches',
    name: 'UnevaluatedAnyOf',
    schema: { type: 'object', anyOf: [{ required: ['a'], properties: { a: { type: 'string' } } }, { required: ['b'], properties: { b: { type: 'integer' } } }], unevaluatedProperties: false },
    valid: [{ a: 'x' }, { b: 1 }, { a: 'x', b: 1 }],
    invalid: [{ a: 'x', c: 1 }, { b: 1, a: 2 }],
  },
  {
    keyword: 'unevaluatedProperties with if/then/else',
    name: 'UnevaluatedConditional',
    schema: { type: 'object', if: { properties: { kind: { const: 'card' } }, required: ['kind'] }, then: { properties: { last4: { type: 'string' } } }, else: { properties: { iban: { type: 'string' } } }, unevaluatedProperties: false },
    valid: [{ kind: 'card', last4: '1234' }, { iban: 'DE00' }],
    invalid: [{ kind: 'card', iban: 'DE00' }, { last4: '1234' }],
  },
  {
    keyword: 'unevaluatedProperties as a schema, beside a $ref',
    name: 'UnevaluatedBesideRef',
    schema: { $ref: '#/components/schemas/Base', unevaluatedProperties: { type: 'boolean' } },
    valid: [{ a: 'x' }, { a: 'x', flag: true }],
    invalid: [{ a: 'x', flag: 1 }],
  },
  {
    keyword: 'unevaluatedItems through allOf prefixItems',
    name: 'UnevaluatedItemsAllOf',
    schema: { type: 'array', allOf: [{ prefixItems: [{ type: 'string' }] }], unevaluatedItems: false },
    valid: [[], ['a']],
    invalid: [['a', 1]],
  },
  {
    keyword: 'unevaluatedItems as a schema, and contains',
    name: 'UnevaluatedItemsSchema',
    schema: { type: 'array', prefixItems: [{ type: 'string' }], contains: { const: 'x' }, unevaluatedItems: { type: 'integer' } },
    valid: [['a', 'x', 1, 2]],
    invalid: [['a', 'x', 'y']],
  },
  // open objects as responses are
  {
    keyword: 'response object (open)',
    name: 'Thing',
    schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, owner: ref('Base') } },
    valid: [{ id: 't' }, { id: 't', later: 1 }],
    invalid: [{ id: 1 }, { id: 't', owner: {} }],
  },
  // Names every object inherits: only own properties count (the JSON Schema Test Suite's cases).
  // Instances come from JSON.parse, where `__proto__` is an own property as on the wire.
  {
    keyword: 'required names that objects inherit',
    name: 'RequiredInherited',
    schema: { type: 'object', required: ['__proto__', 'toString', 'constructor'] },
    valid: [json('{"__proto__": 12, "toString": {"length": "foo"}, "constructor": 37}')],
    invalid: [{}, json('{"__proto__": "foo"}'), { toString: { length: 37 } }, { constructor: { length: 37 } }],
  },
  {
    keyword: 'properties named as what objects inherit',
    name: 'PropertiesInherited',
    schema: {
      type: 'object',
      properties: { ['__proto__']: { type: 'number' }, toString: { type: 'object', properties: { length: { type: 'string' } } }, constructor: { type: 'number' } },
    },
    valid: [{}, json('{"__proto__": 12, "toString": {"length": "foo"}, "constructor": 37}')],
    invalid: [json('{"__proto__": "foo"}'), { toString: { length: 37 } }, { constructor: { length: 37 } }],
  },
  {
    keyword: 'dependentRequired and a closed object with inherited names',
    name: 'DependentInherited',
    schema: { type: 'object', additionalProperties: false, properties: { ['__proto__']: { type: 'number' }, constructor: { type: 'number' } }, dependentRequired: { ['__proto__']: ['constructor'] } },
    valid: [{}, { constructor: 1 }, json('{"__proto__": 1, "constructor": 2}')],
    invalid: [json('{"__proto__": 1}'), json('{"__proto__": "x", "constructor": 2}'), { hasOwnProperty: 1 }],
  },
  {
    keyword: 'a closed object rejects an undeclared __proto__',
    name: 'ClosedNoProto',
    schema: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
    valid: [{ a: 'x' }],
    invalid: [json('{"a": "x", "__proto__": {}}')],
  },
  {
    keyword: 'a map of strings checks a __proto__ key as any other',
    name: 'StringMap',
    schema: { type: 'object', additionalProperties: { type: 'string' } },
    valid: [json('{"__proto__": "data", "constructor": "too"}')],
    invalid: [json('{"__proto__": {"polluted": true}}')],
  },
  { keyword: 'an empty enum', name: 'EmptyEnum', schema: { enum: [] }, valid: [], invalid: [null, 0, '', {}] },
  // 3.0's keyword in a 3.1 document, as OpenAI's writes it 111 times: read as 3.0 reads it (regression: every null refused).
  {
    keyword: 'nullable: true in 3.1',
    name: 'Nullable31',
    schema: { type: 'object', required: ['logprobs'], properties: { logprobs: { type: 'object', nullable: true, properties: { p: { type: 'number' } } }, user: { $ref: '#/components/schemas/EmptyEnum', nullable: true } } },
    valid: [{ logprobs: null }, { logprobs: { p: 0.5 } }, { logprobs: null, user: null }],
    invalid: [{ logprobs: 1 }, {}],
  },
];

const ownCases30: KeywordCase[] = [
  { keyword: 'type-less keywords (3.0)', name: 'TypelessMaxLength30', schema: { maxLength: 1, minimum: 2 }, valid: ['a', 2, true], invalid: ['ab', 1] },
  { keyword: 'nullable: true (3.0)', name: 'NullableString', schema: { type: 'string', nullable: true }, valid: ['a', null], invalid: [1, {}] },
  { keyword: 'no nullable (3.0)', name: 'PlainString', schema: { type: 'string' }, valid: ['a'], invalid: [null] },
  {
    keyword: 'nullable: true object (3.0)',
    name: 'NullableObject',
    schema: { type: 'object', nullable: true, required: ['a'], properties: { a: { type: 'integer', nullable: true } } },
    valid: [null, { a: 1 }, { a: null }],
    invalid: [{}, { a: 'x' }],
  },
  { keyword: 'nullable enum (3.0)', name: 'NullableEnum', schema: { type: 'string', enum: ['a', 'b'], nullable: true }, valid: ['a', null], invalid: ['c'] },
  { keyword: 'exclusiveMinimum: true (3.0)', name: 'ExclusiveMinimum30', schema: { type: 'number', minimum: 0, exclusiveMinimum: true }, valid: [0.001, 5], invalid: [0, -1] },
  { keyword: 'exclusiveMaximum: true (3.0)', name: 'ExclusiveMaximum30', schema: { type: 'number', maximum: 10, exclusiveMaximum: true }, valid: [9.99, -1], invalid: [10, 11] },
  {
    keyword: 'exclusiveMinimum/Maximum: false (3.0, inclusive)',
    name: 'InclusiveRange30',
    schema: { type: 'integer', minimum: 0, exclusiveMinimum: false, maximum: 10, exclusiveMaximum: false },
    valid: [0, 10],
    invalid: [-1, 11],
  },
];

/** Keywords OpenAPI 3.0 does not have, so 3.1 cases that use them stay in the 3.1 table only. */
const ONLY_IN_31 = ['const', 'prefixItems', 'dependentRequired', 'dependentSchemas', 'propertyNames', 'contains', 'unevaluated', 'exclusiveMaximum', 'exclusiveMinimum', '$ref', 'examples', '"null"'];
/** The format and type-less cases of the 3.1 table whose schemas are valid OpenAPI 3.0 too, checked there as well. */
const sharedCases30: KeywordCase[] = cases31
  .filter((c) => /^(format|type-less)/.test(c.keyword) && !ONLY_IN_31.some((k) => JSON.stringify(c.schema).includes(k)))
  .map((c) => ({ ...c, keyword: `${c.keyword} (3.0)`, name: `${c.name}V30` }));
const cases30: KeywordCase[] = [...ownCases30, ...sharedCases30];

/** Operations whose responses exercise open objects the way the client parses them. */
const paths = {
  '/thing': {
    get: {
      operationId: 'getThing',
      responses: {
        '200': {
          description: 'A thing, wrapped.',
          content: {
            'application/json': {
              schema: { type: 'object', required: ['data'], properties: { data: ref('Thing') } },
            },
          },
        },
      },
    },
  },
};

// One operation, so that the 3.0 document has a client too, and with it the lean validators (src/validators.ts).
const paths30 = { '/ping': { get: { operationId: 'ping', responses: { '204': { description: 'Nothing to say.' } } } } };

const toSchemas = (list: KeywordCase[]): Record<string, unknown> => Object.fromEntries(list.map((c) => [c.name, c.schema]));

let v31: Generated;
let v30: Generated;
// The same documents with validators written for zod's classic build (`--zod classic`; the default is mini).
let v31Classic: Generated;
let v30Classic: Generated;

beforeAll(async () => {
  const classic = { targetOptions: { zod: { flavor: 'classic' } } };
  [v31, v30, v31Classic, v30Classic] = await Promise.all([
    importGenerated<Generated>(specWithSchemas(toSchemas(cases31), { paths }), 'keywords31'),
    importGenerated<Generated>(specWithSchemas(toSchemas(cases30), { openapi: '3.0.3', paths: paths30 }), 'keywords30'),
    importGenerated<Generated>(specWithSchemas(toSchemas(cases31), { paths }), 'keywords31-classic', classic),
    importGenerated<Generated>(specWithSchemas(toSchemas(cases30), { openapi: '3.0.3' }), 'keywords30-classic', classic),
  ]);
  const callsOf = async (m: Generated): Promise<Record<string, LeanValidator>> => (await import(pathToFileURL(join(m.__dir, 'src', 'validators.ts')).href)) as Record<string, LeanValidator>;
  [lean31, lean30] = [await callsOf(v31), await callsOf(v30)];
}, 90_000);

const show = (value: unknown): string => JSON.stringify(value);

/** The lean validators (the client's, src/validators.ts) of the documents above. */
let lean31: Record<string, LeanValidator>;
let lean30: Record<string, LeanValidator>;

/** The lean validators of a table's cases: the same verdicts as the zod ones, and a value they accept is returned as it is. */
function leanTable(title: string, list: KeywordCase[], module: () => Generated, calls: () => Record<string, LeanValidator>): void {
  describe(title, () => {
    it.each(list.map((c) => [`${c.keyword}: ${c.name}`, c] as const))('%s', (_title, c) => {
      const validator = calls()[`${c.name}Validator`];
      const zodValidator = module().schemas[c.name]!;
      if (!validator) throw new Error(`no lean validator ${c.name}Validator`);
      for (const value of c.valid) {
        const result = validator.safeParse(value);
        expect(result.success, `accepts ${show(value)}: ${result.success ? '' : show(result.error.issues)}`).toBe(true);
        if (result.success) expect(result.data).toBe(value);
      }
      for (const value of c.invalid) {
        const result = validator.safeParse(value);
        expect(result.success, `rejects ${show(value)}`).toBe(false);
        // The issues name a place and say what is wrong, as zod's do.
        if (!result.success) expect(result.error.issues.every((issue) => Array.isArray(issue.path) && issue.message !== '')).toBe(true);
      }
      for (const value of [...c.valid, ...c.invalid]) expect(validator.safeParse(value).success, `as zod: ${show(value)}`).toBe(zodValidator.safeParse(value).success);
    });
  });
}

function table(title: string, list: KeywordCase[], module: () => Generated): void {
  describe(title, () => {
    describe.each(list)('$keyword: $name', (c) => {
      const parse = (value: unknown) => {
        const validator = module().schemas[c.name];
        if (!validator) throw new Error(`no validator schemas.${c.name}`);
        return validator.safeParse(value);
      };
      it.each(c.valid.map((v) => [show(v), v]))('accepts %s', (_text, value) => {
        const result = parse(value);
        expect(result.success, result.error ? show(result.error.issues) : '').toBe(true);
      });
      it.each(c.invalid.map((v) => [show(v), v]))('rejects %s', (_text, value) => {
        expect(parse(value).success).toBe(false);
      });
    });
  });
}

table('OpenAPI 3.1 keywords (zod mini)', cases31, () => v31);
table('OpenAPI 3.0 keywords (zod mini)', cases30, () => v30);
table('OpenAPI 3.1 keywords (zod classic)', cases31, () => v31Classic);
table('OpenAPI 3.0 keywords (zod classic)', cases30, () => v30Classic);
leanTable('OpenAPI 3.1 keywords (lean validators)', cases31, () => v31, () => lean31);
leanTable('OpenAPI 3.0 keywords (lean validators)', cases30, () => v30, () => lean30);

describe('generation', () => {
  it('warns about no keyword of these specs (every one is enforced), only about object keywords without a type', () => {
    const typeless = (d: { message: string }): boolean => /has object keywords but no `type`/.test(d.message);
    // 3.0's `nullable` in the 3.1 document (the case `nullable: true in 3.1`) is read, and said so where it stands.
    const nullable31 = (d: { group?: string }): boolean => d.group === 'nullable-in-3.1';
    expect(v31.__output.diagnostics.filter(nullable31).map((d) => d.pointer)).toEqual(['/components/schemas/Nullable31/properties/logprobs', '/components/schemas/Nullable31/properties/user']);
    expect(v31.__output.diagnostics.filter((d) => !typeless(d) && !nullable31(d))).toEqual([]);
    expect(v30.__output.diagnostics.filter((d) => !typeless(d))).toEqual([]);
    expect(v31.__output.diagnostics.filter(typeless).map((d) => d.message.split(' ')[1]).sort()).toEqual([
      'TypelessDependentRequired',
      'TypelessMaxProperties',
      'TypelessProperties',
      'TypelessPropertyNames',
      'TypelessRequired',
    ]);
  });

  it('type-checks, and every validator infers exactly its emitted type (src/type-checks.ts)', () => {
    // One program over both packages, with the options of the generated tsconfig.json.
    const config = ts.getParsedCommandLineOfConfigFile(join(v31.__dir, 'tsconfig.json'), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    if (!config) throw new Error('no tsconfig.json in the generated package');
    const files = [v31, v30, v31Classic, v30Classic].flatMap((m) => [...m.__output.files.keys()].filter((f) => f.endsWith('.ts')).map((f) => join(m.__dir, f)));
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(errors).toEqual([]);
  }, 60_000);

  it('emits a dependentRequired refinement and types stay plain', () => {
    const schemasFile = v31.__output.files.get('src/schemas.ts') ?? '';
    const typesFile = v31.__output.files.get('src/types.ts') ?? '';
    expect(schemasFile).toMatch(/DependentRequiredSchema = [^;]*\.check\(\s*\/\* @__PURE__ \*\/ z\.superRefine\(\s*\/\* @__PURE__ \*\/ refinements\.dependentRequired\(/);
    expect(v31Classic.__output.files.get('src/schemas.ts')).toMatch(/DependentRequiredSchema = [^;]*\.superRefine\(\s*\/\* @__PURE__ \*\/ refinements\.dependentRequired\(/);
    expect(typesFile).not.toContain('dependentRequired');
  });

  it('imports zod/mini and the runtime\'s mini builders by default, zod and the classic ones with --zod classic', () => {
    const mini = v31.__output.files.get('src/schemas.ts') ?? '';
    const classic = v31Classic.__output.files.get('src/schemas.ts') ?? '';
    expect(mini).toContain("import * as z from 'zod/mini';");
    expect(mini).toMatch(/import \{[^}]*openObject[^}]*\} from '@svc\/runtime\/mini';/);
    // No classic method chained on a validator: `z.string().min(1)`, `X.optional()` …
    expect(mini).not.toMatch(/(\)|Schema)\s*\.(optional|nullable|nonoptional|min|max|regex|int|gte|lte|refine|superRefine|catchall)\(/);
    expect(classic).toMatch(/\)\s*\.(optional|min|regex)\(/);
    expect(classic).toContain("import * as z from 'zod';");
    expect(classic).not.toContain('mini');
  });
});

describe('names that objects inherit, parsed from the wire', () => {
  const payload = '{"id": "t", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "toString": "kept"}';

  it('keeps __proto__, constructor and toString as own data properties and touches no prototype', () => {
    for (const validator of [v31.schemas.Thing!, v31.schemas.OpenObject!, v31.schemas.PatternProps!]) {
      const output = validator.parse(JSON.parse(payload)) as Record<string, unknown>;
      expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
      expect(Object.hasOwn(output, '__proto__')).toBe(true);
      expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({ polluted: true });
      expect(Object.hasOwn(output, 'constructor') && Object.hasOwn(output, 'toString')).toBe(true);
      expect(output['polluted']).toBeUndefined();
      expect(JSON.parse(JSON.stringify(output))).toEqual(JSON.parse(payload));
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('keeps a nested __proto__ through a response validator', () => {
    const body = JSON.parse(`{"data": ${payload}}`) as unknown;
    const output = v31.operations.getThing!.responses['200']!.parse(body) as { data: Record<string, unknown> };
    expect(Object.getOwnPropertyDescriptor(output.data, '__proto__')?.value).toEqual({ polluted: true });
    expect(output.data['polluted']).toBeUndefined();
  });

  it('changes no prototype, whatever every validator of the document is given', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const payloads = [
      payload,
      '{"__proto__": 12, "toString": {"length": "foo"}, "constructor": 37}',
      '{"__proto__": {"__proto__": {"polluted": true}}, "constructor": {"prototype": {"polluted": true}}}',
      '[{"__proto__": {"polluted": true}}]',
      '{"data": {"__proto__": {"polluted": true}}, "owner": {"__proto__": {"polluted": true}}}',
    ].map((text) => JSON.parse(text) as unknown);
    for (const validator of [v31, v30, v31Classic, v30Classic].flatMap((m) => Object.values(m.schemas))) for (const value of payloads) validator.safeParse(value);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('validates a declared __proto__ and keeps it as data', () => {
    const output = v31.schemas.PropertiesInherited!.parse(JSON.parse('{"__proto__": 12, "constructor": 37}')) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toBe(12);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    const failure = v31.schemas.PropertiesInherited!.safeParse(JSON.parse('{"__proto__": "x"}'));
    expect(failure.error?.issues.map((issue) => issue.path)).toEqual([['__proto__']]);
  });

  it('prints __proto__ as a computed key, which makes an own property of the validator shape', () => {
    const schemasFile = v31.__output.files.get('src/schemas.ts') ?? '';
    // The validator may be one the module declares once for several properties (print/shared.ts).
    expect(schemasFile).toMatch(/\['__proto__'\]: (\/\* @__PURE__ \*\/ z\.optional\(\/\* @__PURE__ \*\/ z\.number\(\)\)|optionalNumber),/);
    expect(v31Classic.__output.files.get('src/schemas.ts')).toMatch(/\['__proto__'\]: (\/\* @__PURE__ \*\/ z\.number\(\)\.optional\(\)|optionalNumber),/);
    expect(schemasFile).not.toMatch(/[{,]\s*__proto__:/);
  });
});

describe('open and closed objects', () => {
  const extra = { id: 't', owner: { a: 'o', since: 2020 }, later: { nested: [1, 'two'] } };

  it('keeps unknown properties of an open object in the parsed output, nested too', () => {
    const result = v31.schemas.Thing!.safeParse(extra);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(extra);
  });

  it('keeps unknown properties through a response validator', () => {
    const response = v31.operations.getThing!.responses['200']!;
    const body = { data: extra, meta: { page: 1 } };
    expect(response.parse(body)).toEqual(body);
  });

  it('keeps unknown properties through allOf, additionalProperties: true and patternProperties', () => {
    expect(v31.schemas.AllOf!.parse({ a: 'x', b: 1, c: [true] })).toEqual({ a: 'x', b: 1, c: [true] });
    expect(v31.schemas.OpenObject!.parse({ a: 'x', z: null })).toEqual({ a: 'x', z: null });
    expect(v31.schemas.PatternProps!.parse({ 'x-a': 's', other: 1 })).toEqual({ 'x-a': 's', other: 1 });
    expect(v31.schemas.TypedAdditional!.parse({ a: 'x', b: 2 })).toEqual({ a: 'x', b: 2 });
  });

  it('rejects unknown properties of a closed object', () => {
    const result = v31.schemas.ClosedObject!.safeParse({ a: 'x', b: 1 });
    expect(result.success).toBe(false);
    expect(v31.schemas.PatternPropsClosed!.safeParse({ id: 'a', b: 1 }).success).toBe(false);
  });
});
