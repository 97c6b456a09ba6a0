/**
 * Every rule of the API diff, each shown by a pair of small documents compared through the
 * real loader and model. Schema rules run in both directions (request body, response body),
 * with the schema inline, behind a `$ref` renamed between the sides, and inside an `allOf`,
 * and in OpenAPI 3.0 as well as 3.1. The last test checks that no rule went untested.
 */
import { describe, expect, it } from 'vitest';
import { diffSpecPairs } from '../../generator/diff/index.js';
import { RULES } from '../../generator/diff/rules.js';
import { asyncapi, diffDocuments, openapi, operation, schemaDocument, toOpenApi30, writeSpec, type Json, type Placement } from './helpers.js';

const seen = new Set<string>();
const idsOf = async (base: Json, head: Json): Promise<string[]> => {
  const ids = (await diffDocuments(base, head)).map((c) => c.id);
  for (const id of ids) seen.add(id);
  return ids;
};

const str = { type: 'string' };
const openEnum = (values: string[]): Json => ({ type: 'string', anyOf: [{ enum: values }, { type: 'string' }] });
const object = (properties: Json, extra: Json = {}): Json => ({ type: 'object', properties, ...extra });

/** [rule (without direction), before, after, components both sides need]. */
const SCHEMA_CASES: [string, Json, Json, Json?][] = [
  ['type-changed', str, { type: 'boolean' }],
  ['type-widened', { type: 'integer' }, { type: 'number' }],
  ['type-narrowed', { type: 'number' }, { type: 'integer' }],
  ['format-changed', { type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }],
  ['format-added', str, { type: 'string', format: 'uuid' }],
  ['format-removed', { type: 'string', format: 'uuid' }, str],
  ['pattern-changed', { type: 'string', pattern: '^a' }, { type: 'string', pattern: '^b' }],
  ['pattern-added', str, { type: 'string', pattern: '^a' }],
  ['pattern-removed', { type: 'string', pattern: '^a' }, str],
  ['bound-set', { type: 'string' }, { type: 'string', maxLength: 5 }],
  ['bound-narrowed', { type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }],
  ['bound-widened', { type: 'integer', minimum: 1 }, { type: 'integer', minimum: 0 }],
  ['multiple-of-changed', { type: 'number', multipleOf: 2 }, { type: 'number', multipleOf: 3 }],
  ['unique-items-added', { type: 'array', items: str }, { type: 'array', items: str, uniqueItems: true }],
  ['unique-items-removed', { type: 'array', items: str, uniqueItems: true }, { type: 'array', items: str }],
  ['enum-value-removed', { type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a'] }],
  ['enum-value-added', { type: 'string', enum: ['a'] }, { type: 'string', enum: ['a', 'b'] }],
  ['open-enum-value-added', openEnum(['a']), openEnum(['a', 'b'])],
  ['enum-added', str, { type: 'string', enum: ['a'] }],
  ['enum-removed', { type: 'string', enum: ['a'] }, str],
  ['enum-opened', { type: 'string', enum: ['a'] }, openEnum(['a'])],
  ['enum-closed', openEnum(['a']), { type: 'string', enum: ['a'] }],
  ['nullable-added', str, { type: ['string', 'null'] }],
  ['nullable-removed', { type: ['string', 'null'] }, str],
  ['default-changed', { type: 'string', default: 'a' }, { type: 'string', default: 'b' }],
  ['property-removed', object({ a: str, b: str }), object({ a: str })],
  ['required-property-removed', object({ a: str, b: str }, { required: ['a', 'b'] }), object({ a: str }, { required: ['a'] })],
  ['property-added', object({ a: str }), object({ a: str, b: str })],
  ['required-property-added', object({ a: str }), object({ a: str, b: str }, { required: ['b'] })],
  ['property-added-to-closed-object', object({ a: str }, { additionalProperties: false }), object({ a: str, b: str }, { additionalProperties: false })],
  ['property-became-required', object({ a: str }), object({ a: str }, { required: ['a'] })],
  ['property-became-optional', object({ a: str }, { required: ['a'] }), object({ a: str })],
  ['property-deprecated', object({ a: str }), object({ a: { type: 'string', deprecated: true } })],
  ['property-sunset-invalid', object({ a: str }), object({ a: { type: 'string', deprecated: true, 'x-sunset': 'next spring' } })],
  ['extensible-enum-value-removed', { type: 'string', 'x-extensible-enum': ['a', 'b'] }, { type: 'string', 'x-extensible-enum': ['a'] }],
  ['extensible-enum-value-added', { type: 'string', 'x-extensible-enum': ['a'] }, { type: 'string', 'x-extensible-enum': ['a', 'b'] }],
  ['additional-properties-closed', object({ a: str }), object({ a: str }, { additionalProperties: false })],
  ['additional-properties-opened', object({ a: str }, { additionalProperties: false }), object({ a: str })],
  ['variant-removed', { oneOf: [str, { type: 'integer' }] }, str],
  ['variant-added', { anyOf: [str, { type: 'integer' }] }, { anyOf: [str, { type: 'integer' }, { type: 'boolean' }] }],
  ['one-of-variant-added', { oneOf: [str, { type: 'integer' }] }, { oneOf: [str, { type: 'integer' }, { type: 'boolean' }] }],
  ['not-added', str, { type: 'string', not: { enum: ['x'] } }],
  ['not-removed', { type: 'string', not: { enum: ['x'] } }, str],
  ['const-changed', { type: 'string', enum: ['a'] }, { type: 'string', enum: ['b'] }],
  ['pattern-generalized', { type: 'string', pattern: '^a' }, { type: 'string', pattern: '.*' }],
  ['all-of-added', { allOf: [{ type: 'string', minLength: 1 }] }, { allOf: [{ type: 'string', minLength: 1 }, { type: 'string', pattern: '^a' }] }],
  ['all-of-removed', { allOf: [{ type: 'string', minLength: 1 }, { type: 'string', pattern: '^a' }] }, { allOf: [{ type: 'string', minLength: 1 }] }],
  [
    'discriminator-changed',
    { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], discriminator: { propertyName: 'kind' } },
    { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], discriminator: { propertyName: 'type' } },
    {
      Cat: object({ kind: str, type: str }, { required: ['kind', 'type'] }),
      Dog: object({ kind: str, type: str, bark: str }, { required: ['kind', 'type'] }),
    },
  ],
];

const PLACEMENTS: Placement[] = ['inline', 'ref', 'allOf'];

const list = (extra: Json = {}): Json => ({ type: 'array', items: str, ...extra });
const conditional = (extra: Json): Json => object({ a: str, b: str }, { if: { required: ['a'] }, ...extra });
/** JSON Schema 2020-12 keywords, which OpenAPI 3.0 does not have: [rule, before, after, other rules the pair shows too]. */
const SCHEMA_CASES_31: [string, Json, Json, string[]?][] = [
  ['contains-added', list(), list({ contains: { const: 'x' } })],
  ['contains-removed', list({ contains: { const: 'x' } }), list()],
  ['bound-narrowed', list({ contains: { const: 'x' }, minContains: 1 }), list({ contains: { const: 'x' }, minContains: 2 })],
  ['bound-widened', list({ contains: { const: 'x' }, maxContains: 2 }), list({ contains: { const: 'x' }, maxContains: 3 })],
  ['if-added', object({ a: str, b: str }), conditional({ then: { required: ['b'] } }), ['then-added']],
  ['if-removed', conditional({ then: { required: ['b'] } }), object({ a: str, b: str }), ['then-removed']],
  ['then-added', conditional({ else: { required: ['b'] } }), conditional({ then: { required: ['b'] }, else: { required: ['b'] } })],
  ['then-removed', conditional({ then: { required: ['b'] }, else: { required: ['b'] } }), conditional({ else: { required: ['b'] } })],
  ['else-added', conditional({ then: { required: ['b'] } }), conditional({ then: { required: ['b'] }, else: { required: ['b'] } })],
  ['else-removed', conditional({ then: { required: ['b'] }, else: { required: ['b'] } }), conditional({ then: { required: ['b'] } })],
  ['composition-changed', conditional({ then: { required: ['b'] } }), object({ a: str, b: str }, { if: { required: ['b'] }, then: { required: ['b'] } })],
  ['dependent-required-added', object({ a: str, b: str }), object({ a: str, b: str }, { dependentRequired: { a: ['b'] } })],
  ['dependent-required-removed', object({ a: str, b: str }, { dependentRequired: { a: ['b'] } }), object({ a: str, b: str })],
  ['dependent-required-changed', object({ a: str, b: str, c: str }, { dependentRequired: { a: ['b'] } }), object({ a: str, b: str, c: str }, { dependentRequired: { a: ['c'] } })],
  ['dependent-schema-added', object({ a: str }), object({ a: str }, { dependentSchemas: { a: { required: ['b'] } } })],
  ['dependent-schema-removed', object({ a: str }, { dependentSchemas: { a: { required: ['b'] } } }), object({ a: str })],
  ['pattern-property-added', object({ a: str }), object({ a: str }, { patternProperties: { '^x-': str } })],
  ['pattern-property-removed', object({ a: str }, { patternProperties: { '^x-': str } }), object({ a: str })],
  ['property-names-added', object({ a: str }), object({ a: str }, { propertyNames: { maxLength: 8 } })],
  ['property-names-removed', object({ a: str }, { propertyNames: { maxLength: 8 } }), object({ a: str })],
  ['unevaluated-properties-added', object({ a: str }), object({ a: str }, { unevaluatedProperties: false })],
  ['unevaluated-properties-removed', object({ a: str }, { unevaluatedProperties: false }), object({ a: str })],
  ['unevaluated-items-added', { type: 'array', prefixItems: [str] }, { type: 'array', prefixItems: [str], unevaluatedItems: false }],
  ['unevaluated-items-removed', { type: 'array', prefixItems: [str], unevaluatedItems: false }, { type: 'array', prefixItems: [str] }],
  ['type-list-widened', str, { type: ['string', 'integer'] }],
  ['type-list-narrowed', { type: ['string', 'integer', 'boolean'] }, { type: ['string', 'integer'] }],
  ['prefix-items-added', list(), list({ prefixItems: [{ type: 'string', format: 'uuid' }] })],
  ['prefix-items-removed', list({ prefixItems: [{ type: 'string', format: 'uuid' }] }), list()],
  ['content-media-type-changed', { type: 'string', contentMediaType: 'text/plain' }, { type: 'string', contentMediaType: 'application/json' }],
  ['content-schema-added', { type: 'string', contentMediaType: 'application/json' }, { type: 'string', contentMediaType: 'application/json', contentSchema: object({ a: str }) }],
  ['content-schema-removed', { type: 'string', contentMediaType: 'application/json', contentSchema: object({ a: str }) }, { type: 'string', contentMediaType: 'application/json' }],
  ['content-encoding-changed', { type: 'string', contentEncoding: 'base64' }, { type: 'string', contentEncoding: 'base32' }],
];

describe('JSON Schema 2020-12 keywords (OpenAPI 3.1), by direction', () => {
  for (const [rule, before, after, also = []] of SCHEMA_CASES_31) {
    for (const direction of ['request', 'response'] as const) {
      const id = `${direction}-${rule}`;
      it(`${id} (${RULES[id]!.level}): inline, behind a renamed $ref, inside allOf`, async () => {
        for (const placement of PLACEMENTS) {
          const ids = await idsOf(schemaDocument(before, direction, placement, 'base'), schemaDocument(after, direction, placement, 'head'));
          expect(ids, placement).toEqual([id, ...also.map((other) => `${direction}-${other}`)]);
        }
      });
    }
  }

  it('a tightening of what callers send is breaking and a loosening compatible; the reverse for what they receive', () => {
    // prefixItems aside: a position checked by its own schema instead of `items` is neither.
    for (const [rule] of SCHEMA_CASES_31.filter(([rule]) => /-(added|removed)$/.test(rule) && !rule.startsWith('prefix-items'))) {
      const tightens = rule.endsWith('-added');
      expect([RULES[`request-${rule}`]!.level, RULES[`response-${rule}`]!.level], rule).toEqual(tightens ? ['breaking', 'info'] : ['info', 'breaking']);
    }
  });
});

const pets = (discriminator: Json): Json => ({ oneOf: ['Cat', 'Dog', 'OtherPet'].map((name) => ({ $ref: `#/components/schemas/${name}` })), discriminator: { propertyName: 'petType', ...discriminator } });
const PETS = {
  Cat: object({ petType: str, purrs: { type: 'boolean' } }, { required: ['petType'] }),
  Dog: object({ petType: str, barks: { type: 'boolean' } }, { required: ['petType'] }),
  OtherPet: object({ petType: str, name: str }, { required: ['name'] }),
};
/** OpenAPI 3.2's `discriminator.defaultMapping`: [rule, before, after]. */
const SCHEMA_CASES_32: [string, Json, Json][] = [
  ['discriminator-default-added', pets({ mapping: { cat: 'Cat', dog: 'Dog', other: 'OtherPet' } }), pets({ mapping: { cat: 'Cat', dog: 'Dog', other: 'OtherPet' }, defaultMapping: 'OtherPet' })],
  ['discriminator-default-removed', pets({ mapping: { cat: 'Cat', dog: 'Dog', other: 'OtherPet' }, defaultMapping: 'OtherPet' }), pets({ mapping: { cat: 'Cat', dog: 'Dog', other: 'OtherPet' } })],
  ['discriminator-default-changed', pets({ mapping: { cat: 'Cat', dog: 'Dog', other: 'OtherPet' }, defaultMapping: 'OtherPet' }), pets({ mapping: { cat: 'Cat', dog: 'Dog', other: 'OtherPet' }, defaultMapping: 'Dog' })],
];

describe('OpenAPI 3.2 discriminator.defaultMapping, by direction', () => {
  for (const [rule, before, after] of SCHEMA_CASES_32) {
    for (const direction of ['request', 'response'] as const) {
      const id = `${direction}-${rule}`;
      it(`${id} (${RULES[id]!.level}): inline and behind a renamed $ref`, async () => {
        for (const placement of ['inline', 'ref'] as const) {
          const ids = await idsOf(schemaDocument(before, direction, placement, 'base', '3.2.0', PETS), schemaDocument(after, direction, placement, 'head', '3.2.0', PETS));
          expect(ids, placement).toEqual([id]);
        }
      });
    }
  }
});

describe('schema rules, by direction', () => {
  for (const [rule, before, after, components] of SCHEMA_CASES) {
    for (const direction of ['request', 'response'] as const) {
      const id = `${direction}-${rule}`;
      it(`${id} (${RULES[id]!.level}): inline, behind a renamed $ref, inside allOf, in 3.1 and 3.0`, async () => {
        for (const placement of PLACEMENTS) {
          const ids = await idsOf(schemaDocument(before, direction, placement, 'base', '3.1.0', components), schemaDocument(after, direction, placement, 'head', '3.1.0', components));
          expect(ids, placement).toEqual([id]);
        }
        const legacy = await idsOf(
          schemaDocument(toOpenApi30(before) as Json, direction, 'inline', 'base', '3.0.3', toOpenApi30(components ?? {}) as Json),
          schemaDocument(toOpenApi30(after) as Json, direction, 'inline', 'head', '3.0.3', toOpenApi30(components ?? {}) as Json),
        );
        expect(legacy, "3.0").toEqual([id]);
      });
    }
  }

  it('the direction decides the verdict: narrowing a request breaks callers, narrowing a response does not', () => {
    const verdict = (id: string): string => RULES[id]!.level;
    expect([verdict('request-enum-value-removed'), verdict('response-enum-value-removed')]).toEqual(['breaking', 'info']);
    expect([verdict('request-enum-value-added'), verdict('response-enum-value-added')]).toEqual(['info', 'warning']);
    expect([verdict('request-required-property-added'), verdict('response-required-property-added')]).toEqual(['breaking', 'info']);
    expect([verdict('request-required-property-removed'), verdict('response-required-property-removed')]).toEqual(['warning', 'breaking']);
    expect([verdict('request-nullable-added'), verdict('response-nullable-added')]).toEqual(['info', 'breaking']);
    expect([verdict('request-bound-narrowed'), verdict('response-bound-narrowed')]).toEqual(['breaking', 'info']);
  });
});

describe('what is not a change', () => {
  it('a schema moved under a new name, or split into allOf parts, with the same shape', async () => {
    const account = object({ id: str, status: { type: 'string', enum: ['open', 'closed'] } }, { required: ['id'] });
    const base = openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } } } } }), {
      components: { schemas: { Account: account } },
    });
    const renamed = openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Wallet' } } } } } }), {
      components: { schemas: { Wallet: account } },
    });
    const composed = openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Wallet' } } } } } }), {
      components: {
        schemas: {
          Identified: object({ id: str }, { required: ['id'] }),
          Wallet: { allOf: [{ $ref: '#/components/schemas/Identified' }, object({ status: { type: 'string', enum: ['closed', 'open'] } })] },
        },
      },
    });
    expect(await diffDocuments(base, renamed)).toEqual([]);
    expect(await diffDocuments(base, composed)).toEqual([]);
  });

  it('descriptions, examples and the same document in OpenAPI 3.0 and 3.1 form', async () => {
    const body = (schema: Json): Json => ({ requestBody: { content: { 'application/json': { schema } } } });
    const v31 = openapi(operation(body(object({ note: { type: ['string', 'null'], description: 'one' } })), 'post'));
    const v30 = openapi(operation(body(object({ note: { type: 'string', nullable: true, description: 'two', example: 'x' } })), 'post'), { version: '3.0.3' });
    expect(await diffDocuments(v31, v30)).toEqual([]);
  });

  it('recursive schemas compare without looping', async () => {
    const tree = (extra: Json): Json =>
      openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } }), {
        components: { schemas: { Node: object({ children: { type: 'array', items: { $ref: '#/components/schemas/Node' } }, ...extra }) } },
      });
    expect(await diffDocuments(tree({}), tree({}))).toEqual([]);
    const changes = await diffDocuments(tree({ name: str }), tree({}));
    expect(changes.map((c) => [c.id, c.location])).toEqual([['response-property-removed', 'GET /items › response 200 › body.name']]);
  });
});

describe('a stream offered beside a JSON body', () => {
  it('its items are compared as a body is, under `stream` (they were not read before)', async () => {
    const chunk = (properties: Json): Json => object(properties);
    const document = (item: Json): Json => openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: object({ a: str }) }, 'text/event-stream': { schema: item } } } } }, 'post'));
    const changes = await diffDocuments(document(chunk({ id: str, text: str })), document(chunk({ id: str })));
    expect(changes.map((c) => [c.id, c.location])).toEqual([['response-property-removed', 'POST /items › response 200 › stream.text']]);
    expect(await diffDocuments(document(chunk({ id: str })), document(chunk({ id: str })))).toEqual([]);
  });
});

describe('shared schemas', () => {
  it('a change inside a schema reached by a million paths is found once, and names the other operations (regression: the diff ran out of memory on Stripe)', async () => {
    // Level0 -> Level1 (twice) -> … -> Level20: 2^20 paths from the response to the leaf.
    const document = (leaf: Json): Json => {
      const schemas: Json = { Level20: object({ code: leaf }) };
      for (let i = 0; i < 20; i++) schemas[`Level${i}`] = object({ left: { $ref: `#/components/schemas/Level${i + 1}` }, right: { $ref: `#/components/schemas/Level${i + 1}` } });
      const reply = { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Level0' } } } } } };
      return openapi({ ...operation(reply), '/others': { get: { ...reply, operationId: 'getOthers' } } }, { components: { schemas } });
    };
    const changes = await diffDocuments(document({ type: 'string', maxLength: 10 }), document({ type: 'string', maxLength: 5 }));
    expect(changes.map((c) => [c.id, c.location, c.alsoIn])).toEqual([['response-bound-narrowed', `GET /items › response 200 › body${'.left'.repeat(20)}.code`, ['GET /others']]]);
  });
});

const params = (...list: Json[]): Json => ({ parameters: list });
const query = (name: string, extra: Json = {}): Json => ({ name, in: 'query', schema: str, ...extra });
const jsonBody = (required: boolean, types = ['application/json']): Json => ({ requestBody: { required, content: Object.fromEntries(types.map((t) => [t, { schema: object({ a: str }) }])) } });
const responses = (list: Json): Json => ({ responses: list });
const json = (schema: Json = object({ a: str })): Json => ({ 'application/json': { schema } });
const header = (required: boolean): Json => ({ 'X-Trace': { required, schema: str } });
const schemes = (extra: Json = {}): Json => ({
  securitySchemes: {
    key: { type: 'apiKey', in: 'header', name: 'X-Key' },
    oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read', write: 'Write' } } } },
    ...extra,
  },
});
const secured = (security: Json[], extraSchemes: Json = {}): Json => openapi(operation({ security }), { components: schemes(extraSchemes) });
const hmac = (encoding: string): Json => ({
  type: 'apiKey',
  in: 'header',
  name: 'X-Key',
  'x-hmac-signature': { algorithm: 'HMAC-SHA256', encoding, keyHeader: 'X-Key', signatureHeader: 'X-Sign', timestampHeader: 'X-Time', timestampUnit: 'seconds', message: ['timestamp', 'method', 'requestPath', 'body'] },
});
const cursor = (cursorField: string): Json => ({
  'x-pagination': { style: 'cursor', itemsField: 'data', cursorParam: 'after', cursorField, nextUriField: 'next' },
  parameters: [query('after')],
  responses: { '200': { description: 'OK', content: json(object({ data: { type: 'array', items: object({ id: str }) }, next: str })) } },
});
const webhooks = (names: string[], schema: Json = object({ a: str })): Json =>
  openapi({}, { root: { webhooks: Object.fromEntries(names.map((n) => [n, { post: { operationId: n, requestBody: { content: json(schema) }, responses: { '200': { description: 'OK' } } } }])) } });

/** [rule, base, head, other rules the pair shows too]: every rule that is not about a value's schema. */
/** An OpenAPI 3.2 document with one OAuth scheme of these flows. */
const oauthFlows = (flows: Json): Json => openapi(operation(), { version: '3.2.0', components: { securitySchemes: { oauth: { type: 'oauth2', flows } } } });
const device = (tokenUrl: string): Json => ({ deviceAuthorizationUrl: 'https://a/device', tokenUrl, scopes: {} });

const DOCUMENT_CASES: [string, Json, Json, string[]?][] = [
  ['request-property-became-read-only', schemaDocument(object({ a: str, b: str }), 'request', 'inline', 'base'), schemaDocument(object({ a: str, b: { type: 'string', readOnly: true } }), 'request', 'inline', 'head')],
  ['response-property-became-write-only', schemaDocument(object({ a: str, b: str }), 'response', 'inline', 'base'), schemaDocument(object({ a: str, b: { type: 'string', writeOnly: true } }), 'response', 'inline', 'head')],
  ['request-property-became-not-read-only', schemaDocument(object({ a: str, b: { type: 'string', readOnly: true } }), 'request', 'inline', 'base'), schemaDocument(object({ a: str, b: str }), 'request', 'inline', 'head')],
  ['response-property-became-not-write-only', schemaDocument(object({ a: str, b: { type: 'string', writeOnly: true } }), 'response', 'inline', 'base'), schemaDocument(object({ a: str, b: str }), 'response', 'inline', 'head')],
  [
    'response-required-property-became-not-write-only',
    schemaDocument(object({ a: str, b: { type: 'string', writeOnly: true } }, { required: ['b'] }), 'response', 'inline', 'base'),
    schemaDocument(object({ a: str, b: str }, { required: ['b'] }), 'response', 'inline', 'head'),
  ],
  ['request-parameter-default-changed', openapi(operation(params(query('q', { schema: { type: 'string', default: 'a' } })))), openapi(operation(params(query('q', { schema: { type: 'string', default: 'b' } }))))],
  ['request-type-changed-as-text', openapi(operation(params(query('q', { schema: { type: 'integer' } })))), openapi(operation(params(query('q'))))],
  [
    'response-type-changed-as-text',
    openapi(operation(responses({ '200': { description: 'OK', headers: { 'X-Count': { schema: str } } } }))),
    openapi(operation(responses({ '200': { description: 'OK', headers: { 'X-Count': { schema: { type: 'integer' } } } } }))),
  ],
  [
    'response-parameter-default-changed',
    openapi({}, { root: { webhooks: { created: { post: { parameters: [{ name: 'X-Mode', in: 'header', schema: { type: 'string', default: 'a' } }], responses: { '200': { description: 'OK' } } } } } } }),
    openapi({}, { root: { webhooks: { created: { post: { parameters: [{ name: 'X-Mode', in: 'header', schema: { type: 'string', default: 'b' } }], responses: { '200': { description: 'OK' } } } } } } }),
  ],
  ['request-type-changed-loosely-typed', openapi(operation({ requestBody: { required: true, content: { 'application/xml': { schema: object({ a: str }) } } } }, 'post')), openapi(operation({ requestBody: { required: true, content: { 'application/xml': { schema: str } } } }, 'post'))],
  [
    'response-type-changed-loosely-typed',
    openapi(operation(responses({ '200': { description: 'OK', content: { 'application/xml': { schema: str } } } }))),
    openapi(operation(responses({ '200': { description: 'OK', content: { 'application/xml': { schema: object({ a: str }) } } } }))),
  ],
  ['info-version-changed', openapi({}), { ...openapi({}), info: { title: 'Test API', version: '2.0.0' } }],
  ['server-removed', openapi({}, { root: { servers: [{ url: 'https://a.example.com' }] } }), openapi({}, { root: { servers: [{ url: 'https://b.example.com' }] } }), ['server-added']],
  ['server-added', openapi({}, { root: { servers: [{ url: 'https://a.example.com' }] } }), openapi({}, { root: { servers: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com' }] } })],
  ['version-header-changed', openapi({}, { root: { 'x-versioning': { header: 'V', current: '1' } } }), openapi({}, { root: { 'x-versioning': { header: 'W', current: '1' } } })],
  ['current-version-changed', openapi({}, { root: { 'x-versioning': { header: 'V', current: '1' } } }), openapi({}, { root: { 'x-versioning': { header: 'V', current: '2' } } })],
  ['two-factor-changed', openapi({}, { root: { 'x-two-factor': { status: 402, errorId: 'x', header: 'A' } } }), openapi({}, { root: { 'x-two-factor': { status: 402, errorId: 'x', header: 'B' } } })],
  ['operation-removed', openapi(operation()), openapi({})],
  ['operation-added', openapi({}), openapi(operation())],
  ['operation-id-changed', openapi(operation()), openapi(operation({ operationId: 'fetchItems' }))],
  ['operation-deprecated', openapi(operation()), openapi(operation({ deprecated: true }))],
  ['operation-undeprecated', openapi(operation({ deprecated: true })), openapi(operation())],
  ['operation-limits-changed', openapi(operation({ 'x-rate-limit': { limit: 10, windowSeconds: 1 } })), openapi(operation({ 'x-rate-limit': { limit: 5, windowSeconds: 1 } }))],
  ['operation-authorization-changed', openapi(operation({ 'x-requires-scope': 'a' })), openapi(operation({ 'x-requires-scope': 'b' }))],
  ['operation-authorization-changed', openapi(operation({ 'x-scopes-by-field': { field: 'type', scopes: { send: ['wallet:send'] } } })), openapi(operation({ 'x-scopes-by-field': { field: 'type', scopes: { send: ['wallet:transactions:send'] } } }))],
  ['operation-extension-changed', openapi(operation({ 'x-note': 'a' })), openapi(operation({ 'x-note': 'b' }))],
  ['pagination-changed', openapi(operation(cursor('id'))), openapi(operation(cursor('next')))],
  ['pagination-added', openapi(operation({ ...cursor('id'), 'x-pagination': undefined })), openapi(operation(cursor('id')))],
  ['pagination-removed', openapi(operation(cursor('id'))), openapi(operation({ ...cursor('id'), 'x-pagination': undefined }))],
  ['idempotency-changed', openapi(operation({ ...jsonBody(true), 'x-idempotency': { field: 'a' } }, 'post')), openapi(operation({ ...jsonBody(true), 'x-idempotency': { field: 'Idem', in: 'header' } }, 'post'))],
  ['webhook-removed', webhooks(['created', 'deleted']), webhooks(['created'])],
  ['webhook-added', webhooks(['created']), webhooks(['created', 'deleted'])],
  ['request-parameter-removed', openapi(operation(params(query('q')))), openapi(operation())],
  ['request-parameter-added', openapi(operation()), openapi(operation(params(query('q'))))],
  ['request-required-parameter-added', openapi(operation()), openapi(operation(params(query('q', { required: true }))))],
  ['request-parameter-became-required', openapi(operation(params(query('q')))), openapi(operation(params(query('q', { required: true }))))],
  ['request-parameter-became-optional', openapi(operation(params(query('q', { required: true })))), openapi(operation(params(query('q'))))],
  ['request-parameter-location-changed', openapi(operation(params(query('q')))), openapi(operation(params({ name: 'q', in: 'header', schema: str })))],
  ['request-parameter-style-changed', openapi(operation(params(query('q', { schema: { type: 'array', items: str } })))), openapi(operation(params(query('q', { schema: { type: 'array', items: str }, explode: false }))))],
  ['request-parameter-deprecated', openapi(operation(params(query('q')))), openapi(operation(params(query('q', { deprecated: true }))))],
  ['request-body-added', openapi(operation({}, 'post')), openapi(operation(jsonBody(false), 'post'))],
  ['request-required-body-added', openapi(operation({}, 'post')), openapi(operation(jsonBody(true), 'post'))],
  ['request-body-removed', openapi(operation(jsonBody(false), 'post')), openapi(operation({}, 'post'))],
  ['request-body-became-required', openapi(operation(jsonBody(false), 'post')), openapi(operation(jsonBody(true), 'post'))],
  ['request-body-became-optional', openapi(operation(jsonBody(true), 'post')), openapi(operation(jsonBody(false), 'post'))],
  ['request-media-type-removed', openapi(operation(jsonBody(true, ['application/json', 'application/x-www-form-urlencoded']), 'post')), openapi(operation(jsonBody(true), 'post'))],
  [
    'request-wrapped-in-one-of',
    openapi(operation({ requestBody: { required: true, content: json(object({ a: str })) } }, 'post')),
    openapi(operation({ requestBody: { required: true, content: json({ oneOf: [object({ a: str }), object({ b: str })] }) } }, 'post')),
    ['request-one-of-variant-added'],
  ],
  [
    'response-wrapped-in-one-of',
    openapi(operation(responses({ '200': { description: 'OK', content: json(object({ a: str })) } }))),
    openapi(operation(responses({ '200': { description: 'OK', content: json({ oneOf: [object({ a: str }), object({ b: str })] }) } }))),
    ['response-one-of-variant-added'],
  ],
  ['request-parameter-became-list', openapi(operation(params(query('q')))), openapi(operation(params(query('q', { schema: { type: 'array', items: str } }))))],
  ['deprecated-operation-removed', openapi(operation({ deprecated: true })), openapi({})],
  ['operation-removed-before-sunset', openapi(operation({ deprecated: true, 'x-sunset': '9999-12-31' })), openapi({})],
  ['operation-sunset-invalid', openapi(operation({ deprecated: true, 'x-sunset': 'next spring' })), openapi({})],
  ['operation-sunset-removed', openapi(operation({ deprecated: true, 'x-sunset': '9999-12-31' })), openapi(operation({ deprecated: true }))],
  ['operation-sunset-moved-earlier', openapi(operation({ deprecated: true, 'x-sunset': '9999-12-31' })), openapi(operation({ deprecated: true, 'x-sunset': '9000-01-01' }))],
  ['operation-stability-decreased', openapi(operation({ 'x-stability-level': 'stable' })), openapi(operation({ 'x-stability-level': 'beta' }))],
  ['operation-stability-increased', openapi(operation({ 'x-stability-level': 'beta' })), openapi(operation({ 'x-stability-level': 'stable' }))],
  ['operation-stability-invalid', openapi(operation({ 'x-stability-level': 'beta' })), openapi(operation({ 'x-stability-level': 'ga' }))],
  ['request-deprecated-parameter-removed', openapi(operation(params(query('q', { deprecated: true })))), openapi(operation())],
  ['request-parameter-removed-before-sunset', openapi(operation(params(query('q', { deprecated: true, 'x-sunset': '9999-12-31' })))), openapi(operation())],
  ['request-parameter-sunset-invalid', openapi(operation(params(query('q', { deprecated: true, 'x-sunset': 'next spring' })))), openapi(operation())],
  ['request-parameter-sunset-removed', openapi(operation(params(query('q', { deprecated: true, 'x-sunset': '9999-12-31' })))), openapi(operation(params(query('q', { deprecated: true }))))],
  [
    'request-parameter-sunset-moved-earlier',
    openapi(operation(params(query('q', { deprecated: true, 'x-sunset': '9999-12-31' })))),
    openapi(operation(params(query('q', { deprecated: true, 'x-sunset': '9000-01-01' })))),
  ],
  ['request-media-type-added', openapi(operation(jsonBody(true), 'post')), openapi(operation(jsonBody(true, ['application/json', 'application/x-www-form-urlencoded']), 'post'))],
  ['response-media-type-removed', openapi(operation(responses({ '200': { description: 'OK', content: json() } }))), openapi(operation(responses({ '200': { description: 'OK', content: { 'text/plain': { schema: str } } } }))), ['response-type-changed']],
  [
    'response-media-type-added',
    openapi(operation(responses({ '200': { description: 'OK', content: json() } }))),
    openapi(operation(responses({ '200': { description: 'OK', content: { ...json(), 'application/xml': { schema: str } } } }))),
  ],
  ['response-success-status-removed', openapi(operation(responses({ '200': { description: 'OK' }, '201': { description: 'Created' } }))), openapi(operation())],
  ['response-error-status-removed', openapi(operation(responses({ '200': { description: 'OK' }, '404': { description: 'Missing' } }))), openapi(operation())],
  ['response-success-status-added', openapi(operation()), openapi(operation(responses({ '200': { description: 'OK' }, '202': { description: 'Accepted' } })))],
  ['response-error-status-added', openapi(operation()), openapi(operation(responses({ '200': { description: 'OK' }, '429': { description: 'Slow down' } })))],
  ['response-body-removed', openapi(operation(responses({ '200': { description: 'OK', content: json() } }))), openapi(operation())],
  ['response-body-added', openapi(operation()), openapi(operation(responses({ '200': { description: 'OK', content: json() } })))],
  ['response-header-removed', openapi(operation(responses({ '200': { description: 'OK', headers: header(false) } }))), openapi(operation())],
  ['response-required-header-removed', openapi(operation(responses({ '200': { description: 'OK', headers: header(true) } }))), openapi(operation())],
  ['response-header-added', openapi(operation()), openapi(operation(responses({ '200': { description: 'OK', headers: header(false) } })))],
  ['response-header-became-optional', openapi(operation(responses({ '200': { description: 'OK', headers: header(true) } }))), openapi(operation(responses({ '200': { description: 'OK', headers: header(false) } })))],
  ['security-added', secured([]), secured([{ key: [] }])],
  ['security-removed', secured([{ key: [] }]), secured([])],
  ['security-alternative-removed', secured([{ key: [] }, { oauth: ['read'] }]), secured([{ oauth: ['read'] }])],
  ['security-alternative-added', secured([{ oauth: ['read'] }]), secured([{ key: [] }, { oauth: ['read'] }])],
  ['security-scope-added', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read', 'write'] }])],
  ['security-scope-removed', secured([{ oauth: ['read', 'write'] }]), secured([{ oauth: ['read'] }])],
  ['security-scheme-removed', secured([], { extra: { type: 'http', scheme: 'bearer' } }), secured([])],
  ['security-scheme-added', secured([]), secured([], { extra: { type: 'http', scheme: 'bearer' } })],
  ['security-scheme-changed', secured([], { extra: { type: 'http', scheme: 'bearer' } }), secured([], { extra: { type: 'http', scheme: 'basic' } })],
  ['security-scheme-signature-changed', secured([], { signed: hmac('hex') }), secured([], { signed: hmac('base64') })],
  [
    'security-scheme-scope-removed',
    secured([]),
    openapi(operation(), { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read' } } } } } } }),
  ],
  [
    'security-scheme-scope-added',
    secured([]),
    openapi(operation(), { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read', write: 'Write', admin: 'All' } } } } } } }),
  ],
  ['security-scheme-flow-added', oauthFlows({ clientCredentials: { tokenUrl: 'https://a/t', scopes: {} } }), oauthFlows({ clientCredentials: { tokenUrl: 'https://a/t', scopes: {} }, deviceAuthorization: device('https://a/t') })],
  ['security-scheme-flow-removed', oauthFlows({ clientCredentials: { tokenUrl: 'https://a/t', scopes: {} }, deviceAuthorization: device('https://a/t') }), oauthFlows({ clientCredentials: { tokenUrl: 'https://a/t', scopes: {} } })],
  ['security-scheme-flow-url-changed', oauthFlows({ deviceAuthorization: device('https://a/t') }), oauthFlows({ deviceAuthorization: device('https://a/token') })],
];

describe('operation, document and security rules', () => {
  for (const [rule, base, head, also = []] of DOCUMENT_CASES) {
    it(`${rule} (${RULES[rule]!.level})`, async () => {
      expect((await idsOf(base, head)).sort()).toEqual([rule, ...also].sort());
    });
  }

  it('modelled extensions are compared as the model reads them: key order and spelled-out defaults are no change (regression: compared as raw data)', async () => {
    const before = openapi(operation({ 'x-rate-limit': { limit: 10, windowSeconds: 1 } }));
    const after = openapi(operation({ 'x-rate-limit': { windowSeconds: 1, status: 429, limit: 10 } }));
    expect(await idsOf(before, after)).toEqual([]);
  });

  it('a renamed path parameter is the same parameter; a webhook body is judged as something the caller receives', async () => {
    const path = (name: string): Json => ({ [`/items/{${name}}`]: { get: { operationId: 'getItem', parameters: [{ name, in: 'path', required: true, schema: str }], responses: { '200': { description: 'OK' } } } } });
    expect(await diffDocuments(openapi(path('id')), openapi(path('item_id')))).toEqual([]);
    const ids = await idsOf(webhooks(['created'], object({ a: str })), webhooks(['created'], object({ a: str, b: str }, { required: ['b'] })));
    expect(ids).toEqual(['response-required-property-added']);
  });

  it('each change names its rule, level, API, location, both JSON pointers, a message and the oasdiff check', async () => {
    const base = openapi(operation(params(query('q'))));
    const head = openapi(operation(params(query('q', { required: true }))));
    expect(await diffDocuments(base, head)).toEqual([
      {
        id: 'request-parameter-became-required',
        level: 'breaking',
        api: 'api',
        location: 'GET /items › query q',
        operation: 'getItems',
        basePointer: '/paths/~1items/get',
        headPointer: '/paths/~1items/get',
        message: 'query parameter `q` became required',
        oasdiffId: 'request-parameter-became-required',
      },
    ]);
  });
});

describe('AsyncAPI channels and messages', () => {
  const trade = object({ price: str, size: str }, { required: ['price', 'size'] });
  const subscribe = object({ type: { const: 'subscribe' }, channel: str }, { required: ['type'] });
  const feed = (channels: Json, messages: Json): Json => asyncapi(channels, messages);
  const channel = (...keys: string[]): Json => ({ messages: Object.fromEntries(keys.map((k) => [k, { $ref: `#/components/messages/${k}` }])) });
  const server = (payload: Json): Json => ({ payload });
  const client = (payload: Json): Json => ({ payload, 'x-sender': 'client' });

  const CASES: [string, Json, Json][] = [
    ['channel-removed', feed({ trades: channel('Trade'), other: channel('Other') }, { Trade: server(trade), Other: server(trade) }), feed({ trades: channel('Trade') }, { Trade: server(trade) })],
    ['channel-added', feed({ trades: channel('Trade') }, { Trade: server(trade) }), feed({ trades: channel('Trade'), other: channel('Other') }, { Trade: server(trade), Other: server(trade) })],
    ['channel-address-changed', feed({ trades: { ...channel('Trade'), address: 'trades' } }, { Trade: server(trade) }), feed({ trades: { ...channel('Trade'), address: 'market/trades' } }, { Trade: server(trade) })],
    [
      'channel-message-removed',
      feed({ trades: channel('Trade', 'Subscribe') }, { Trade: server(trade), Subscribe: client(subscribe) }),
      feed({ trades: channel('Trade') }, { Trade: server(trade) }),
    ],
    [
      'channel-server-message-added',
      feed({ trades: channel('Trade') }, { Trade: server(trade) }),
      feed({ trades: channel('Trade', 'Summary') }, { Trade: server(trade), Summary: server(object({ count: { type: 'integer' } })) }),
    ],
    [
      'channel-client-message-added',
      feed({ trades: channel('Trade') }, { Trade: server(trade) }),
      feed({ trades: channel('Trade', 'Subscribe') }, { Trade: server(trade), Subscribe: client(subscribe) }),
    ],
    ['message-direction-changed', feed({ trades: channel('Trade') }, { Trade: server(trade) }), feed({ trades: channel('Trade') }, { Trade: client(trade) })],
    ['response-required-property-removed', feed({ trades: channel('Trade') }, { Trade: server(trade) }), feed({ trades: channel('Trade') }, { Trade: server(object({ price: str }, { required: ['price'] })) })],
    [
      'request-required-property-added',
      feed({ trades: channel('Subscribe') }, { Subscribe: client(subscribe) }),
      feed({ trades: channel('Subscribe') }, { Subscribe: client(object({ type: { const: 'subscribe' }, channel: str, jwt: str }, { required: ['type', 'jwt'] })) }),
    ],
  ];
  for (const [rule, base, head] of CASES) {
    it(`${rule} (${RULES[rule]!.level})`, async () => {
      expect(await idsOf(base, head)).toEqual([rule]);
    });
  }

  it('a message renamed in components.messages with the same payload and sender is no change', async () => {
    const base = feed({ trades: channel('Trade') }, { Trade: server(trade) });
    const head = feed({ trades: channel('Match') }, { Match: server(trade) });
    expect(await diffDocuments(base, head)).toEqual([]);
  });

  it('api-kind-changed: an OpenAPI document replaced by an AsyncAPI one', async () => {
    expect(await idsOf(openapi({}), feed({ trades: channel('Trade') }, { Trade: server(trade) }))).toEqual(['api-kind-changed']);
  });
});

describe('whole APIs', () => {
  it('api-removed and api-added', async () => {
    const file = writeSpec(openapi(operation()));
    const report = await diffSpecPairs([{ api: 'gone', base: file }, { api: 'new', head: file }], { base: 'a', head: 'b' }, { surface: false });
    for (const change of report.changes) seen.add(change.id);
    expect(report.changes.map((c) => [c.api, c.id, c.level])).toEqual([
      ['gone', 'api-removed', 'breaking'],
      ['new', 'api-added', 'info'],
    ]);
    expect(report.breaking).toBe(true);
  });
});

// Tests of a file run in order: this one comes after every case above.
it('every rule is produced by one of the cases above', () => {
  expect(Object.keys(RULES).filter((id) => !seen.has(id))).toEqual([]);
});
