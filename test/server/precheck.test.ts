/**
 * The fast predicate the router asks before zod when it checks a handler's answer (development
 * mode): it must never accept what zod refuses (sound), and it should accept the valid values
 * of our specs without falling back to zod (else it saves nothing).
 */
import fc from 'fast-check';
import { changedAt, replacements as replacementsOf } from '../helpers/json-changes.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastAccepts, fastParsesToItself } from '@svc/server-runtime';
import type { Validator } from '@svc/runtime';
import * as lean from '@svc/runtime/lean';
import * as onrampFixtures from '@svc/onramp/fixtures';
import * as v1Fixtures from '@svc/v1/fixtures';
import * as v2Fixtures from '@svc/v2/fixtures';
import * as x402Fixtures from '@svc/x402/fixtures';
import * as onramp from '@svc/onramp';
import * as v1 from '@svc/v1';
import * as v2 from '@svc/v2';
import * as x402 from '@svc/x402';

type Fixture = (name: never, seed?: number) => unknown;
type RequestFixture = (operationId: string, seed?: number) => { params: Record<string, unknown>; body: unknown };
interface Validators {
  validators: { parameters?: Validator; body?: Validator };
}
const APIS = [
  { name: 'v2', schemas: v2.schemas as Record<string, Validator>, fixture: v2Fixtures.fixture as unknown as Fixture, requestFixture: v2Fixtures.requestFixture as RequestFixture, operations: v2.operations as unknown as Record<string, Validators> },
  { name: 'v1', schemas: v1.schemas as Record<string, Validator>, fixture: v1Fixtures.fixture as unknown as Fixture, requestFixture: v1Fixtures.requestFixture as RequestFixture, operations: v1.operations as unknown as Record<string, Validators> },
  { name: 'onramp', schemas: onramp.schemas as Record<string, Validator>, fixture: onrampFixtures.fixture as unknown as Fixture, requestFixture: onrampFixtures.requestFixture as RequestFixture, operations: onramp.operations as unknown as Record<string, Validators> },
  { name: 'x402', schemas: x402.schemas as Record<string, Validator>, fixture: x402Fixtures.fixture as unknown as Fixture, requestFixture: x402Fixtures.requestFixture as RequestFixture, operations: x402.operations as unknown as Record<string, Validators> },
];

/** Whether zod's parsed copy of `value` is equal to it, keys included (`toEqual` ignores undefined-valued keys). */
function parsesToEqual(schema: Validator, value: unknown): boolean {
  const result = schema.safeParse(value);
  return result.success && JSON.stringify(sortedKeys(result.data)) === JSON.stringify(sortedKeys(value)) && sameKeys(result.data, value);
}
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]));
}
function sameKeys(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return true;
  const keysA = Object.keys(a).sort();
  const keysB = Object.keys(b).sort();
  return keysA.join('\0') === keysB.join('\0') && keysA.every((key) => sameKeys((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

const replacements = replacementsOf(Number.POSITIVE_INFINITY);

describe('fastAccepts', () => {
  for (const api of APIS) {
    it(`${api.name}: accepts every seeded fixture of every schema, as zod does`, () => {
      for (const [name, schema] of Object.entries(api.schemas)) {
        const accepts = fastAccepts(schema);
        for (let seed = 0; seed < 20; seed++) {
          const value = api.fixture(name as never, seed);
          expect(schema.safeParse(value).success, `${name} #${seed}`).toBe(true);
          expect(accepts(value), `${name} #${seed}`).toBe(true);
        }
      }
    });

    it(`${api.name}: never accepts a changed fixture that zod refuses`, () => {
      let refused = 0;
      for (const [name, schema] of Object.entries(api.schemas)) {
        const accepts = fastAccepts(schema);
        fc.assert(
          fc.property(fc.nat(99), fc.nat(), replacements, (seed, pick, replacement) => {
            const valid = api.fixture(name as never, seed);
            const changed = changedAt(valid, pick, replacement);
            const zodSays = schema.safeParse(changed).success;
            if (!zodSays) refused++;
            if (accepts(changed)) expect(zodSays, `${name}: ${JSON.stringify(changed)}`).toBe(true);
          }),
          { numRuns: 40, seed: 4242 },
        );
      }
      // The changes do reach values zod refuses: the property is not vacuous.
      expect(refused).toBeGreaterThan(Object.keys(api.schemas).length);
    });

    it(`${api.name}: takes a request as parsed only where zod's copy would equal it, and does for the seeded requests`, () => {
      let taken = 0;
      for (const [operationId, operation] of Object.entries(api.operations)) {
        for (const [part, schema] of Object.entries(operation.validators)) {
          if (!schema) continue;
          const itself = fastParsesToItself(schema);
          fc.assert(
            fc.property(fc.nat(99), fc.nat(), replacements, fc.boolean(), (seed, pick, replacement, change) => {
              const request = api.requestFixture(operationId, seed);
              const valid = part === 'body' ? request.body : request.params;
              const value = change ? changedAt(valid, pick, replacement) : valid;
              if (itself(value)) {
                taken++;
                expect(parsesToEqual(schema, value), `${operationId} ${part}: ${JSON.stringify(value)}`).toBe(true);
              }
            }),
            { numRuns: 30, seed: 4243 },
          );
        }
      }
      // Most seeded requests of our specs need no copy: the fast path is the usual one.
      expect(taken).toBeGreaterThan(0);
    });
  }

  it('follows zod where the schema decides on more than the value: strict objects, rewrites, refinements, unions, recursion', () => {
    interface Tree {
      name: string;
      children: Tree[];
    }
    const tree: z.ZodType<Tree> = z.object({ name: z.string().min(1), children: z.array(z.lazy(() => tree)) });
    const cases: [z.ZodType, unknown][] = [
      [z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
      [z.strictObject({ a: z.string() }), { a: 'x' }],
      [z.looseObject({ a: z.string() }), { a: 'x', b: 1 }],
      [z.object({ a: z.string() }).catchall(z.number()), { a: 'x', b: 'y' }],
      [z.object({ a: z.string() }).catchall(z.number()), { a: 'x', b: 2 }],
      [z.string().trim().min(2), ' a '],
      [z.string().trim().min(2), ' ab '],
      [z.object({ a: z.number(), b: z.number() }).refine((v) => v.a < v.b), { a: 2, b: 1 }],
      [z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), x: z.string() }), z.object({ kind: z.literal('b'), y: z.number() })]), { kind: 'a', y: 1 }],
      [z.union([z.string().email(), z.number().int()]), 1.5],
      [z.union([z.string().email(), z.number().int()]), 3],
      [z.record(z.enum(['a', 'b']), z.number()), { a: 1 }],
      [z.record(z.string().regex(/^x/), z.number()), { x1: 1, y: 2 }],
      [z.number(), Number.NaN],
      [z.number().int(), 2 ** 60],
      [z.array(z.string()).min(2), ['one']],
      [z.string().default('d'), undefined],
      [tree, { name: 'root', children: [{ name: 'leaf', children: [] }] }],
      [tree, { name: 'root', children: [{ name: '', children: [] }] }],
    ];
    for (const [schema, value] of cases) expect(fastAccepts(schema)(value), JSON.stringify(value)).toBe(schema.safeParse(value).success);
  });

  it('answers each value on its own when one predicate is used in turn on refused and accepted values', () => {
    // The predicates share their scratch issues and path (and a checks payload) across calls: a refusal must leave nothing behind.
    const item = lean.object([
      ['name', lean.string(), true],
      ['tags', lean.array(lean.object([['label', lean.string(), true]])), true],
    ]);
    const checked = z.string().min(2).max(3);
    const leanItself = fastParsesToItself(item as unknown as Validator);
    const zodAccepts = fastAccepts(checked);
    const sequence: [unknown, boolean][] = [
      [{ name: 'a', tags: [{ label: 1 }] }, false],
      [{ name: 'a', tags: [{ label: 'x' }] }, true],
      [{ name: 2, tags: [] }, false],
      [{ name: 'b', tags: [] }, true],
      [{ name: 'b', tags: [{ label: 'x' }, {}] }, false],
      [{ name: 'b', tags: [{ label: 'x' }, { label: 'y' }] }, true],
    ];
    for (const [value, expected] of sequence) expect(leanItself(value), JSON.stringify(value)).toBe(expected);
    for (const [value, expected] of [['a', false], ['ab', true], ['abcd', false], ['abc', true]] as const)
      expect(zodAccepts(value), value).toBe(expected);
  });

  it('takes a value as parsed only where nothing would be defaulted, dropped, transformed or frozen', () => {
    const cases: [z.ZodType, unknown, boolean][] = [
      [z.looseObject({ a: z.string() }), { a: 'x', b: 1 }, true],
      [z.object({ a: z.string() }), { a: 'x' }, true],
      // A stripping object would drop `b`.
      [z.object({ a: z.string() }), { a: 'x', b: 1 }, false],
      [z.object({ a: z.string().default('d') }), {}, false],
      [z.object({ a: z.string().optional() }), {}, true],
      [z.string().transform((v) => v.length), 'abc', false],
      [z.string().trim(), ' a ', false],
      [z.object({ a: z.string() }).readonly(), { a: 'x' }, false],
      [z.coerce.number(), '1', false],
      // The first option that accepts decides zod's copy: here one that transforms.
      [z.union([z.string().transform((v) => v.toUpperCase()), z.string()]), 'a', false],
      [z.union([z.number(), z.string()]), 'a', true],
      [z.looseObject({ a: z.string() }), JSON.parse('{"a":"x","__proto__":{"polluted":true}}'), false],
      // zod's copy of a record drops an own `__proto__` key too.
      [z.record(z.string(), z.unknown()), JSON.parse('{"a":"x","__proto__":{"polluted":true}}'), false],
      [z.record(z.string(), z.unknown()), { a: 'x' }, true],
      [z.intersection(z.looseObject({ a: z.string() }), z.looseObject({ b: z.number() })), { a: 'x', b: 1, c: true }, true],
    ];
    for (const [schema, value, expected] of cases) {
      expect(fastParsesToItself(schema)(value), JSON.stringify(value)).toBe(expected);
      if (expected) expect(parsesToEqual(schema, value)).toBe(true);
    }
  });
});
