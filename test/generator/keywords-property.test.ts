/**
 * Property tests of generated validators against a reference: open enums accept every
 * string, `pattern` agrees with `new RegExp(pattern).test`, numeric keywords agree with
 * arithmetic, `uniqueItems` agrees with deep equality. One spec, generated once.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { importGenerated, specWithSchemas } from '../helpers/generate.js';

const numRuns = 200;

const patterns = ['^[a-c]+\\d?$', 'b{2}', '^(ab|c)*$', '^[^-]+-[0-9]{2,3}$', '\\.', '^$'];

const components: Record<string, unknown> = {
  OpenEnum: { anyOf: [{ enum: ['alpha', 'beta'] }, { type: 'string' }] },
  ...Object.fromEntries(patterns.map((pattern, i) => [`Pattern${i}`, { type: 'string', pattern }])),
  StepFrom: { type: 'integer', minimum: -50, multipleOf: 7 },
  Quarter: { type: 'number', multipleOf: 0.25 },
  Cents: { type: 'number', multipleOf: 0.01 },
  UnitInterval: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  Distinct: { type: 'array', uniqueItems: true },
};

let schemas: Record<string, z.ZodType>;

beforeAll(async () => {
  ({ schemas } = await importGenerated<{ schemas: Record<string, z.ZodType> }>(specWithSchemas(components), 'keyword-properties'));
}, 60_000);

const accepts = (name: string, value: unknown): boolean => {
  const validator = schemas[name];
  if (!validator) throw new Error(`no validator schemas.${name}`);
  return validator.safeParse(value).success;
};

describe('open enum', () => {
  it('accepts every string, unchanged, and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
        const result = schemas.OpenEnum!.safeParse(s);
        expect(result.success).toBe(true);
        expect(result.data).toBe(s);
      }),
      { numRuns },
    );
    fc.assert(
      fc.property(
        fc.anything().filter((v) => typeof v !== 'string'),
        (v) => !accepts('OpenEnum', v),
      ),
      { numRuns },
    );
  });
});

describe('pattern', () => {
  // Strings over an alphabet that makes every pattern match sometimes and fail sometimes.
  const text = fc.string({ unit: fc.constantFrom(...'abc0129-. x'), maxLength: 8 });
  it.each(patterns.map((pattern, i) => [pattern, i] as const))('%s agrees with new RegExp(pattern).test', (pattern, i) => {
    const regex = new RegExp(pattern);
    fc.assert(
      fc.property(text, (s) => accepts(`Pattern${i}`, s) === regex.test(s)),
      { numRuns },
    );
  });
});

describe('numeric keywords', () => {
  it('minimum + multipleOf on an integer agree with arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 200 }), (n) => accepts('StepFrom', n) === (n >= -50 && n % 7 === 0)),
      { numRuns },
    );
  });

  it('multipleOf 0.25 holds exactly for multiples of a quarter', () => {
    // k / 8 is exact in binary: a multiple of 0.25 when k is even.
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), (k) => accepts('Quarter', k / 8) === (k % 2 === 0)),
      { numRuns },
    );
  });

  it('multipleOf 0.01 accepts every amount in cents and rejects a tenth of a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (k) => accepts('Cents', k / 100) && accepts('Cents', k / 1000) === (k % 10 === 0)),
      { numRuns },
    );
  });

  it('exclusiveMinimum + maximum agree with comparison', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: -0.5, max: 1.5, noNaN: true })), (x) =>
        accepts('UnitInterval', x) === (x > 0 && x <= 1),
      ),
      { numRuns },
    );
  });
});

describe('uniqueItems', () => {
  it('agrees with pairwise deep equality (object key order does not matter)', () => {
    const item = fc.oneof(
      fc.integer({ min: 0, max: 2 }),
      fc.constantFrom('a', 'b', null),
      fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.integer({ min: 0, max: 1 }), { maxKeys: 3, noNullPrototype: true }),
      fc.array(fc.integer({ min: 0, max: 1 }), { maxLength: 2 }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), (items) => {
        const distinct = items.every((a, i) => items.slice(i + 1).every((b) => !isDeepStrictEqual(a, b)));
        return accepts('Distinct', items) === distinct;
      }),
      { numRuns },
    );
  });
});
