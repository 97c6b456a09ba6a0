/**
 * How the diff pairs the variants of a union before comparing them: by discriminator tag, then
 * by equal shape, then by kind. With one variant of each kind on each side, shapes are worked
 * out only for two objects that share no property; these cases hold either way.
 */
import { describe, expect, it } from 'vitest';
import { diffDocuments, openapi, operation, type Json } from './helpers.js';

const str = { type: 'string' };
const object = (properties: Json): Json => ({ type: 'object', properties });
const response = (schema: Json, components: Json = {}): Json =>
  openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema } } } } }), { components: { schemas: components } });
const ids = async (base: Json, head: Json): Promise<string[]> => (await diffDocuments(base, head)).map((c) => `${c.id} ${c.location}`);

describe('union variants, paired', () => {
  it('two objects without properties, one of each kind, in another order: paired by their equal shapes, no change', async () => {
    expect(await ids(response({ anyOf: [str, { type: 'object' }] }), response({ anyOf: [{ type: 'object' }, str] }))).toEqual([]);
  });

  it('two objects that share no property and differ: one removed, one added', async () => {
    expect(await ids(response({ anyOf: [str, object({ a: str })] }), response({ anyOf: [str, object({ b: str })] }))).toEqual([
      'response-variant-removed GET /items › response 200 › body',
      'response-variant-added GET /items › response 200 › body',
    ]);
  });

  it("an expandable field (a string or a $ref) whose schema changed inside: the variants stay paired and the change is found in the schema", async () => {
    const account = (maxLength: number): Json => ({ Account: object({ id: { type: 'string', maxLength } }) });
    const expandable = { anyOf: [{ type: 'string', maxLength: 5000 }, { $ref: '#/components/schemas/Account' }] };
    expect(await ids(response(expandable, account(5000)), response(expandable, account(4000)))).toEqual(['response-bound-narrowed GET /items › response 200 › body (variant Account).id']);
  });

  it('several objects, in another order: paired by shape, no change', async () => {
    expect(await ids(response({ oneOf: [object({ a: str }), object({ b: str }), str] }), response({ oneOf: [str, object({ b: str }), object({ a: str })] }))).toEqual([]);
  });
});
