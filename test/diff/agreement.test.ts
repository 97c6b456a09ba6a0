/**
 * Agreement with the field's reference: pairs of small documents, each written to trigger one
 * oasdiff check, whose expected verdict is that check's level in oasdiff's rule registry
 * (generator/diff/reference/oasdiff-levels.json). Our verdict on a pair is the highest level
 * among the changes we report. Where we judge differently on purpose, DELIBERATE says why (the
 * README's rules table says so too); every other pair must agree, at least 95% of them.
 * Each change must also name that oasdiff check (`oasdiffId`).
 */
import { describe, expect, it } from 'vitest';
import { OASDIFF_LEVELS } from '../../generator/diff/oasdiff.js';
import type { Level } from '../../generator/diff/rules.js';
import { diffDocuments, openapi, operation, type Json } from './helpers.js';

type Verdict = Level | 'none';
interface Pair {
  oasdiffId: string;
  base: Json;
  head: Json;
}

/** Where a schema sits: a request body or a response body, at its root or as property `value` of it. */
type Place = 'request-body' | 'request-property' | 'response-body' | 'response-property';
const PLACES: Place[] = ['request-body', 'request-property', 'response-body', 'response-property'];

function placed(schema: Json, place: Place): Json {
  const body = place.endsWith('property') ? { type: 'object', properties: { value: schema } } : schema;
  const content = { 'application/json': { schema: body } };
  const parts = place.startsWith('request') ? { requestBody: { required: true, content } } : { responses: { '200': { description: 'OK', content } } };
  return openapi(operation(parts, place.startsWith('request') ? 'post' : 'get'));
}

const str = { type: 'string' };
const int = { type: 'integer' };
const list = (extra: Json = {}): Json => ({ type: 'array', items: str, ...extra });
const object = (extra: Json = {}): Json => ({ type: 'object', properties: { a: str, b: str }, ...extra });
const contains = (extra: Json = {}): Json => list({ contains: { const: 'x' }, ...extra });
const conditional = (extra: Json): Json => object({ if: { required: ['a'] }, ...extra });

/** [oasdiff keyword part, before, after]: one change to a schema, to be placed in each place. */
const SCHEMA_CHANGES: [string, Json, Json][] = [
  ['max-length-decreased', { type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }],
  ['max-length-increased', { type: 'string', maxLength: 5 }, { type: 'string', maxLength: 10 }],
  ['max-length-set', str, { type: 'string', maxLength: 5 }],
  ['max-length-unset', { type: 'string', maxLength: 5 }, str],
  ['min-length-increased', { type: 'string', minLength: 1 }, { type: 'string', minLength: 3 }],
  ['min-length-decreased', { type: 'string', minLength: 3 }, { type: 'string', minLength: 1 }],
  ['max-decreased', { type: 'integer', maximum: 10 }, { type: 'integer', maximum: 5 }],
  ['max-increased', { type: 'integer', maximum: 5 }, { type: 'integer', maximum: 10 }],
  ['max-set', int, { type: 'integer', maximum: 5 }],
  ['min-increased', { type: 'integer', minimum: 1 }, { type: 'integer', minimum: 3 }],
  ['min-decreased', { type: 'integer', minimum: 3 }, { type: 'integer', minimum: 1 }],
  ['min-set', int, { type: 'integer', minimum: 1 }],
  ['exclusive-max-decreased', { type: 'integer', exclusiveMaximum: 10 }, { type: 'integer', exclusiveMaximum: 5 }],
  ['exclusive-min-increased', { type: 'integer', exclusiveMinimum: 1 }, { type: 'integer', exclusiveMinimum: 3 }],
  ['min-items-increased', list({ minItems: 1 }), list({ minItems: 2 })],
  ['min-items-decreased', list({ minItems: 2 }), list({ minItems: 1 })],
  ['min-items-set', list(), list({ minItems: 1 })],
  ['max-items-decreased', list({ maxItems: 5 }), list({ maxItems: 3 })],
  ['max-items-increased', list({ maxItems: 3 }), list({ maxItems: 5 })],
  ['pattern-added', str, { type: 'string', pattern: '^a' }],
  ['pattern-removed', { type: 'string', pattern: '^a' }, str],
  ['pattern-changed', { type: 'string', pattern: '^a' }, { type: 'string', pattern: '^b' }],
  ['type-changed', str, int],
  ['type-generalized', int, { type: 'number' }],
  ['became-nullable', str, { type: ['string', 'null'] }],
  ['became-not-nullable', { type: ['string', 'null'] }, str],
  ['enum-value-removed', { type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a'] }],
  ['enum-value-added', { type: 'string', enum: ['a'] }, { type: 'string', enum: ['a', 'b'] }],
  ['became-enum', str, { type: 'string', enum: ['a'] }],
  ['one-of-removed', { oneOf: [str, int, { type: 'boolean' }] }, { oneOf: [str, int] }],
  ['one-of-added', { oneOf: [str, int] }, { oneOf: [str, int, { type: 'boolean' }] }],
  ['any-of-removed', { anyOf: [str, int, { type: 'boolean' }] }, { anyOf: [str, int] }],
  ['any-of-added', { anyOf: [str, int] }, { anyOf: [str, int, { type: 'boolean' }] }],
  ['default-value-added', str, { type: 'string', default: 'a' }],
  ['default-value-changed', { type: 'string', default: 'a' }, { type: 'string', default: 'b' }],
  ['contains-added', list(), contains()],
  ['contains-removed', contains(), list()],
  ['min-contains-increased', contains({ minContains: 1 }), contains({ minContains: 2 })],
  ['min-contains-decreased', contains({ minContains: 2 }), contains({ minContains: 1 })],
  ['max-contains-decreased', contains({ maxContains: 3 }), contains({ maxContains: 2 })],
  ['max-contains-increased', contains({ maxContains: 2 }), contains({ maxContains: 3 })],
  ['if-added', object(), conditional({ then: { required: ['b'] } })],
  ['if-removed', conditional({ then: { required: ['b'] } }), object()],
  ['then-added', conditional({ else: { required: ['b'] } }), conditional({ then: { required: ['b'] }, else: { required: ['b'] } })],
  ['else-removed', conditional({ then: { required: ['b'] }, else: { required: ['b'] } }), conditional({ then: { required: ['b'] } })],
  ['dependent-required-added', object(), object({ dependentRequired: { a: ['b'] } })],
  ['dependent-required-removed', object({ dependentRequired: { a: ['b'] } }), object()],
  ['dependent-schema-added', object(), object({ dependentSchemas: { a: { required: ['b'] } } })],
  ['dependent-schema-removed', object({ dependentSchemas: { a: { required: ['b'] } } }), object()],
  ['pattern-property-added', object(), object({ patternProperties: { '^x-': str } })],
  ['pattern-property-removed', object({ patternProperties: { '^x-': str } }), object()],
  ['property-names-added', object(), object({ propertyNames: { maxLength: 8 } })],
  ['property-names-removed', object({ propertyNames: { maxLength: 8 } }), object()],
  ['unevaluated-properties-added', object(), object({ unevaluatedProperties: false })],
  ['unevaluated-properties-removed', object({ unevaluatedProperties: false }), object()],
  ['unevaluated-items-added', { type: 'array', prefixItems: [str] }, { type: 'array', prefixItems: [str], unevaluatedItems: false }],
  ['unevaluated-items-removed', { type: 'array', prefixItems: [str], unevaluatedItems: false }, { type: 'array', prefixItems: [str] }],
];

const SCHEMES: Json = {
  key: { type: 'apiKey', in: 'header', name: 'X-Key' },
  oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read', write: 'Write' } } } },
};
/** An operation with these security requirements, and the schemes `key` and `oauth` (and `extra`). */
const secured = (security: Json[], extra: Json = {}): Json => openapi(operation({ security }), { components: { securitySchemes: { ...SCHEMES, ...extra } } });
const withProperty = (name: string, schema: Json, required: boolean): Json => ({ type: 'object', properties: { id: str, [name]: schema }, ...(required ? { required: [name] } : {}) });
const bodyOf = (direction: 'request' | 'response', schema: Json): Json => placed(schema, `${direction}-body`);
const parameter = (extra: Json = {}, schema: Json = str): Json => openapi(operation({ parameters: [{ name: 'q', in: 'query', schema, ...extra }] }));
const noParameter = openapi(operation());
const withResponses = (responses: Json): Json => openapi(operation({ responses }));
const json = (schema: Json = str): Json => ({ 'application/json': { schema } });

/** Pairs that are not about one schema keyword: properties, parameters, bodies, statuses, operations. */
const OTHER_PAIRS: Pair[] = [
  { oasdiffId: 'new-required-request-property', base: bodyOf('request', { type: 'object', properties: { id: str } }), head: bodyOf('request', withProperty('b', str, true)) },
  { oasdiffId: 'new-optional-request-property', base: bodyOf('request', { type: 'object', properties: { id: str } }), head: bodyOf('request', withProperty('b', str, false)) },
  { oasdiffId: 'request-property-removed', base: bodyOf('request', withProperty('b', str, false)), head: bodyOf('request', { type: 'object', properties: { id: str } }) },
  { oasdiffId: 'request-property-became-required', base: bodyOf('request', withProperty('b', str, false)), head: bodyOf('request', withProperty('b', str, true)) },
  { oasdiffId: 'request-property-became-optional', base: bodyOf('request', withProperty('b', str, true)), head: bodyOf('request', withProperty('b', str, false)) },
  { oasdiffId: 'response-required-property-removed', base: bodyOf('response', withProperty('b', str, true)), head: bodyOf('response', { type: 'object', properties: { id: str } }) },
  { oasdiffId: 'response-optional-property-removed', base: bodyOf('response', withProperty('b', str, false)), head: bodyOf('response', { type: 'object', properties: { id: str } }) },
  { oasdiffId: 'response-optional-property-added', base: bodyOf('response', { type: 'object', properties: { id: str } }), head: bodyOf('response', withProperty('b', str, false)) },
  { oasdiffId: 'response-required-property-added', base: bodyOf('response', { type: 'object', properties: { id: str } }), head: bodyOf('response', withProperty('b', str, true)) },
  { oasdiffId: 'response-property-became-optional', base: bodyOf('response', withProperty('b', str, true)), head: bodyOf('response', withProperty('b', str, false)) },
  { oasdiffId: 'response-property-became-required', base: bodyOf('response', withProperty('b', str, false)), head: bodyOf('response', withProperty('b', str, true)) },
  { oasdiffId: 'new-required-request-parameter', base: noParameter, head: parameter({ required: true }) },
  { oasdiffId: 'new-optional-request-parameter', base: noParameter, head: parameter() },
  { oasdiffId: 'request-parameter-removed', base: parameter(), head: noParameter },
  { oasdiffId: 'request-parameter-became-required', base: parameter(), head: parameter({ required: true }) },
  { oasdiffId: 'request-parameter-became-optional', base: parameter({ required: true }), head: parameter() },
  { oasdiffId: 'request-parameter-deprecated', base: parameter(), head: parameter({ deprecated: true }) },
  { oasdiffId: 'request-parameter-enum-value-removed', base: parameter({}, { type: 'string', enum: ['a', 'b'] }), head: parameter({}, { type: 'string', enum: ['a'] }) },
  { oasdiffId: 'request-parameter-enum-value-added', base: parameter({}, { type: 'string', enum: ['a'] }), head: parameter({}, { type: 'string', enum: ['a', 'b'] }) },
  { oasdiffId: 'request-parameter-became-enum', base: parameter(), head: parameter({}, { type: 'string', enum: ['a'] }) },
  { oasdiffId: 'request-parameter-max-length-decreased', base: parameter({}, { type: 'string', maxLength: 10 }), head: parameter({}, { type: 'string', maxLength: 5 }) },
  { oasdiffId: 'request-parameter-max-length-set', base: parameter(), head: parameter({}, { type: 'string', maxLength: 5 }) },
  { oasdiffId: 'request-parameter-max-length-increased', base: parameter({}, { type: 'string', maxLength: 5 }), head: parameter({}, { type: 'string', maxLength: 10 }) },
  { oasdiffId: 'request-parameter-min-increased', base: parameter({}, { type: 'integer', minimum: 1 }), head: parameter({}, { type: 'integer', minimum: 2 }) },
  { oasdiffId: 'request-parameter-max-set', base: parameter({}, int), head: parameter({}, { type: 'integer', maximum: 9 }) },
  { oasdiffId: 'request-parameter-min-items-increased', base: parameter({}, list({ minItems: 1 })), head: parameter({}, list({ minItems: 2 })) },
  { oasdiffId: 'request-parameter-max-items-decreased', base: parameter({}, list({ maxItems: 5 })), head: parameter({}, list({ maxItems: 2 })) },
  { oasdiffId: 'request-parameter-pattern-added', base: parameter(), head: parameter({}, { type: 'string', pattern: '^a' }) },
  { oasdiffId: 'request-parameter-pattern-removed', base: parameter({}, { type: 'string', pattern: '^a' }), head: parameter() },
  { oasdiffId: 'request-parameter-type-changed', base: parameter({}, { type: 'boolean' }), head: parameter({}, int) },
  // A parameter is text: a number's digits are still a valid string (oasdiff: a warning only).
  { oasdiffId: 'request-parameter-property-type-changed', base: parameter({}, { type: 'number' }), head: parameter() },
  { oasdiffId: 'request-parameter-type-generalized', base: parameter({}, int), head: parameter({}, { type: 'number' }) },
  { oasdiffId: 'request-parameter-became-nullable', base: parameter(), head: parameter({}, { type: ['string', 'null'] }) },
  { oasdiffId: 'request-parameter-default-value-changed', base: parameter({}, { type: 'string', default: 'a' }), head: parameter({}, { type: 'string', default: 'b' }) },
  { oasdiffId: 'request-parameter-default-value-added', base: parameter(), head: parameter({}, { type: 'string', default: 'a' }) },
  {
    oasdiffId: 'request-body-wrapped-in-one-of',
    base: bodyOf('request', { type: 'object', properties: { id: str } }),
    head: bodyOf('request', { oneOf: [{ type: 'object', properties: { id: str } }, { type: 'object', properties: { code: int } }] }),
  },
  { oasdiffId: 'request-body-added-required', base: openapi(operation({}, 'post')), head: openapi(operation({ requestBody: { required: true, content: json() } }, 'post')) },
  { oasdiffId: 'request-body-added-optional', base: openapi(operation({}, 'post')), head: openapi(operation({ requestBody: { content: json() } }, 'post')) },
  { oasdiffId: 'request-body-removed', base: openapi(operation({ requestBody: { content: json() } }, 'post')), head: openapi(operation({}, 'post')) },
  { oasdiffId: 'request-body-became-required', base: openapi(operation({ requestBody: { content: json() } }, 'post')), head: openapi(operation({ requestBody: { required: true, content: json() } }, 'post')) },
  { oasdiffId: 'request-body-became-optional', base: openapi(operation({ requestBody: { required: true, content: json() } }, 'post')), head: openapi(operation({ requestBody: { content: json() } }, 'post')) },
  {
    oasdiffId: 'request-body-media-type-removed',
    base: openapi(operation({ requestBody: { content: { ...json(), 'application/xml': { schema: str } } } }, 'post')),
    head: openapi(operation({ requestBody: { content: json() } }, 'post')),
  },
  {
    oasdiffId: 'request-body-media-type-added',
    base: openapi(operation({ requestBody: { content: json() } }, 'post')),
    head: openapi(operation({ requestBody: { content: { ...json(), 'application/xml': { schema: str } } } }, 'post')),
  },
  { oasdiffId: 'response-success-status-removed', base: withResponses({ '200': { description: 'OK' }, '201': { description: 'Created' } }), head: withResponses({ '200': { description: 'OK' } }) },
  { oasdiffId: 'response-success-status-added', base: withResponses({ '200': { description: 'OK' } }), head: withResponses({ '200': { description: 'OK' }, '201': { description: 'Created' } }) },
  { oasdiffId: 'response-non-success-status-removed', base: withResponses({ '200': { description: 'OK' }, '404': { description: 'Not found' } }), head: withResponses({ '200': { description: 'OK' } }) },
  { oasdiffId: 'response-non-success-status-added', base: withResponses({ '200': { description: 'OK' } }), head: withResponses({ '200': { description: 'OK' }, '404': { description: 'Not found' } }) },
  {
    oasdiffId: 'response-media-type-removed',
    base: withResponses({ '200': { description: 'OK', content: { ...json(), 'application/xml': { schema: str } } } }),
    head: withResponses({ '200': { description: 'OK', content: json() } }),
  },
  {
    oasdiffId: 'required-response-header-removed',
    base: withResponses({ '200': { description: 'OK', headers: { 'X-Rate': { required: true, schema: str } } } }),
    head: withResponses({ '200': { description: 'OK' } }),
  },
  {
    oasdiffId: 'optional-response-header-removed',
    base: withResponses({ '200': { description: 'OK', headers: { 'X-Rate': { schema: str } } } }),
    head: withResponses({ '200': { description: 'OK' } }),
  },
  {
    oasdiffId: 'response-header-added',
    base: withResponses({ '200': { description: 'OK' } }),
    head: withResponses({ '200': { description: 'OK', headers: { 'X-Rate': { schema: str } } } }),
  },
  {
    oasdiffId: 'response-header-became-optional',
    base: withResponses({ '200': { description: 'OK', headers: { 'X-Rate': { required: true, schema: str } } } }),
    head: withResponses({ '200': { description: 'OK', headers: { 'X-Rate': { schema: str } } } }),
  },
  { oasdiffId: 'endpoint-added', base: openapi(operation()), head: openapi({ ...operation(), ...operation({}, 'post', '/other') }) },
  { oasdiffId: 'api-path-removed-without-deprecation', base: openapi({ ...operation(), ...operation({}, 'post', '/other') }), head: openapi(operation()) },
  { oasdiffId: 'endpoint-deprecated', base: openapi(operation()), head: openapi(operation({ deprecated: true })) },
  { oasdiffId: 'endpoint-reactivated', base: openapi(operation({ deprecated: true })), head: openapi(operation()) },
  { oasdiffId: 'api-security-added', base: secured([]), head: secured([{ key: [] }]) },
  { oasdiffId: 'api-security-removed', base: secured([{ key: [] }]), head: secured([]) },
  { oasdiffId: 'api-security-scope-added', base: secured([{ oauth: ['read'] }]), head: secured([{ oauth: ['read', 'write'] }]) },
  { oasdiffId: 'api-security-scope-removed', base: secured([{ oauth: ['read', 'write'] }]), head: secured([{ oauth: ['read'] }]) },
  { oasdiffId: 'api-security-component-added', base: secured([]), head: secured([], { extra: { type: 'http', scheme: 'bearer' } }) },
  { oasdiffId: 'api-security-component-removed', base: secured([], { extra: { type: 'http', scheme: 'bearer' } }), head: secured([]) },
];

/**
 * Where we judge otherwise on purpose, by oasdiff check, with why. Listed in the README's
 * rules table too.
 */
const DELIBERATE: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['response-body-any-of-added', 'response-property-any-of-added'].map((id) => [
      id,
      'an anyOf variant added to what a caller receives is possibly breaking: code that handles the known variants (and the generated validators) meet one they do not know (oasdiff: compatible)',
    ]),
  ),
  'response-success-status-added': 'code written for the success statuses it knows meets one it does not: possibly breaking (oasdiff: compatible)',
  'api-security-added': 'a caller without credentials is refused where it was served: breaking (oasdiff: compatible)',
  'api-security-scope-added': 'a caller whose token lacks the new scope is refused: breaking (oasdiff: compatible)',
};

function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const [part, before, after] of SCHEMA_CHANGES) {
    for (const place of PLACES) {
      const oasdiffId = `${place}-${part}`;
      if (Object.hasOwn(OASDIFF_LEVELS, oasdiffId)) out.push({ oasdiffId, base: placed(before, place), head: placed(after, place) });
    }
  }
  return [...out, ...OTHER_PAIRS];
}

const ORDER: Record<Verdict, number> = { breaking: 3, warning: 2, info: 1, none: 0 };

describe('agreement with oasdiff on pairs written for each of its checks', () => {
  const all = pairs();
  const results = new Map<string, { ours: Verdict; expected: Level; named: boolean }>();

  it.each(all.map((pair) => [pair.oasdiffId, pair]))('%s', async (_id, pair) => {
    const changes = await diffDocuments(pair.base, pair.head);
    const ours = changes.reduce<Verdict>((verdict, change) => (ORDER[change.level] > ORDER[verdict] ? change.level : verdict), 'none');
    const expected = OASDIFF_LEVELS[pair.oasdiffId]!;
    results.set(pair.oasdiffId, { ours, expected, named: changes.some((change) => change.oasdiffId === pair.oasdiffId) });
    // Every pair is compared by at least one rule, whatever its level.
    expect(changes.length, pair.oasdiffId).toBeGreaterThan(0);
  });

  it('at least 100 pairs, every one of oasdiff ids from its registry', () => {
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(all.filter((pair) => !Object.hasOwn(OASDIFF_LEVELS, pair.oasdiffId)).map((pair) => pair.oasdiffId)).toEqual([]);
  });

  it('our verdict agrees with oasdiff on at least 95% of the pairs, deliberate differences aside, and names its check', () => {
    const judged = [...results].filter(([id]) => !Object.hasOwn(DELIBERATE, id));
    const disagreements = judged.filter(([, r]) => r.ours !== r.expected).map(([id, r]) => `${id}: ours ${r.ours}, oasdiff ${r.expected}`);
    const unnamed = [...results].filter(([, r]) => !r.named).map(([id]) => id);
    console.log(`agreement: ${judged.length - disagreements.length} of ${judged.length} pairs (${[...results].length - judged.length} deliberate differences)\n${disagreements.join('\n')}\nnot named: ${unnamed.join(', ')}`);
    expect(results.size).toBe(all.length);
    expect((judged.length - disagreements.length) / judged.length).toBeGreaterThanOrEqual(0.95);
    expect(unnamed).toEqual([]);
  });
});
