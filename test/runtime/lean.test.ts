/**
 * The client's lean validators (src/validators.ts and src/calls.ts, on the runtime's lean.ts) against the
 * package's zod validators, which the server and the mock use: on every seeded fixture of every
 * schema of our four REST specs, changed at random, both give the same verdict, and a value the
 * lean one accepts comes back as it is. The same for each operation's parameters, body and
 * responses, through the client's calls and the package's `operations`. The keyword tables
 * (test/generator/keywords.test.ts) do the same for every JSON Schema keyword.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { changedAt, replacements as replacementsOf } from '../helpers/json-changes.js';
import { describe, expect, it } from 'vitest';
import type { Validator } from '../../templates/runtime/src/index.js';
import * as lean from '../../templates/runtime/src/lean.js';
import * as onrampFixtures from '@svc/onramp/fixtures';
import * as v1Fixtures from '@svc/v1/fixtures';
import * as v2Fixtures from '@svc/v2/fixtures';
import * as x402Fixtures from '@svc/x402/fixtures';
import * as onramp from '@svc/onramp';
import * as v1 from '@svc/v1';
import * as v2 from '@svc/v2';
import * as x402 from '@svc/x402';
import * as onrampCalls from '../../generated/onramp/src/calls.js';
import * as onrampValidators from '../../generated/onramp/src/validators.js';
import * as v1Calls from '../../generated/v1/src/calls.js';
import * as v1Validators from '../../generated/v1/src/validators.js';
import * as v2Calls from '../../generated/v2/src/calls.js';
import * as v2Validators from '../../generated/v2/src/validators.js';
import * as x402Calls from '../../generated/x402/src/calls.js';
import * as x402Validators from '../../generated/x402/src/validators.js';

type Fixture = (name: string, seed?: number) => unknown;
type RequestFixture = (operationId: string, seed?: number) => { params: Record<string, unknown>; body: unknown };
type ResponseFixture = (operationId: string, status: string, seed?: number) => unknown;
interface Spec {
  operationId: string;
  validators: { parameters?: Validator; body?: Validator };
  responses: Readonly<Record<string, Validator | undefined>>;
}
interface Api {
  name: string;
  schemas: Record<string, Validator>;
  calls: Record<string, unknown>;
  fixture: Fixture;
  requestFixture: RequestFixture;
  responseFixture: ResponseFixture;
  operations: Record<string, Spec>;
}

const api = (name: string, pkg: { schemas: object; operations: object }, calls: object, fixtures: object): Api => ({
  name,
  schemas: pkg.schemas as Record<string, Validator>,
  calls: calls as Record<string, unknown>,
  fixture: (fixtures as { fixture: Fixture }).fixture,
  requestFixture: (fixtures as { requestFixture: RequestFixture }).requestFixture,
  responseFixture: (fixtures as { responseFixture: ResponseFixture }).responseFixture,
  operations: pkg.operations as Record<string, Spec>,
});
const APIS = [api('v2', v2, { ...v2Calls, ...v2Validators }, v2Fixtures), api('v1', v1, { ...v1Calls, ...v1Validators }, v1Fixtures), api('onramp', onramp, { ...onrampCalls, ...onrampValidators }, onrampFixtures), api('x402', x402, { ...x402Calls, ...x402Validators }, x402Fixtures)];

const replacements = replacementsOf('BTC-USD', 'buy', 'sell', 'wallet');

/** The lean validator agrees with zod's on `value`, and returns a value it accepts as it is. */
function agree(leanValidator: Validator, zodValidator: Validator, value: unknown, what: string): boolean {
  const leanResult = leanValidator.safeParse(value);
  const zodResult = zodValidator.safeParse(value);
  expect(leanResult.success, `${what}: ${JSON.stringify(value)}; zod: ${zodResult.success ? 'accepts' : JSON.stringify(zodResult.error.issues)}; lean: ${leanResult.success ? 'accepts' : JSON.stringify(leanResult.error.issues)}`).toBe(zodResult.success);
  if (leanResult.success) expect(leanResult.data).toBe(value);
  return zodResult.success;
}

/** Checks `validators` against changed copies of `valid()`; counts the refused ones, so that the property is not vacuous. */
function changedAgree(pairs: [Validator, Validator, string][], valid: (seed: number) => unknown, seed: number): number {
  let refused = 0;
  fc.assert(
    fc.property(fc.nat(99), fc.nat(), replacements, (fixtureSeed, pick, replacement) => {
      const value = valid(fixtureSeed);
      const changed = changedAt(value, pick, replacement);
      for (const [leanValidator, zodValidator, what] of pairs) if (!agree(leanValidator, zodValidator, changed, what)) refused++;
    }),
    { numRuns: 40, seed },
  );
  return refused;
}

describe('lean validators agree with the zod ones', () => {
  for (const { name, schemas, calls, fixture, requestFixture, responseFixture, operations } of APIS) {
    it(`${name}: every schema on its seeded fixtures and on changed copies of them`, () => {
      let refused = 0;
      for (const [key, zodValidator] of Object.entries(schemas)) {
        const leanValidator = calls[`${key.replace(/^./, (c) => c.toUpperCase())}Validator`] as Validator | undefined;
        if (!leanValidator) throw new Error(`no lean validator of ${key}`);
        for (let seed = 0; seed < 10; seed++) expect(agree(leanValidator, zodValidator, fixture(key, seed), `${key} #${seed}`)).toBe(true);
        refused += changedAgree([[leanValidator, zodValidator, key]], (seed) => fixture(key, seed), 4244);
      }
      expect(refused).toBeGreaterThan(Object.keys(schemas).length);
    });

    it(`${name}: every operation's parameters, body and responses, through the client's call and the package's operation`, () => {
      for (const [operationId, operation] of Object.entries(operations)) {
        const call = calls[`${operationId}Call`] as Spec | undefined;
        if (!call) throw new Error(`no call for ${operationId}`);
        expect(call.operationId).toBe(operationId);
        for (const part of ['parameters', 'body'] as const) {
          const zodValidator = operation.validators[part];
          const leanValidator = call.validators[part];
          expect(leanValidator === undefined).toBe(zodValidator === undefined);
          if (!zodValidator || !leanValidator) continue;
          const valid = (seed: number): unknown => (part === 'body' ? requestFixture(operationId, seed).body : requestFixture(operationId, seed).params);
          for (let seed = 0; seed < 5; seed++) agree(leanValidator, zodValidator, valid(seed), `${operationId} ${part} #${seed}`);
          changedAgree([[leanValidator, zodValidator, `${operationId} ${part}`]], valid, 4245);
        }
        expect(Object.keys(call.responses)).toEqual(Object.keys(operation.responses));
        for (const [status, zodValidator] of Object.entries(operation.responses)) {
          const leanValidator = call.responses[status];
          expect(leanValidator === undefined).toBe(zodValidator === undefined);
          if (!zodValidator || !leanValidator) continue;
          const valid = (seed: number): unknown => responseFixture(operationId, status, seed);
          for (let seed = 0; seed < 5; seed++) agree(leanValidator, zodValidator, valid(seed), `${operationId} ${status} #${seed}`);
          changedAgree([[leanValidator, zodValidator, `${operationId} ${status}`]], valid, 4246);
        }
      }
    });
  }
});

describe('lean builders', () => {
  it('report issues shaped and worded as zod reports them', () => {
    const account = lean.object([
      ['id', lean.string(lean.bound('min', 2)), true],
      ['tags', lean.array(lean.literal(['a', 'b']), lean.bound('max', 1))],
      ['rate', lean.number(false, lean.bound('max', 1, false), lean.multipleOf(0.01))],
    ], false);
    const result = account.safeParse({ id: 1, tags: ['a', 'c'], rate: 1.005, extra: true });
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.issues).toEqual([
      { code: 'invalid_type', expected: 'string', message: 'Invalid input: expected string, received number', path: ['id'] },
      { code: 'invalid_value', values: ['a', 'b'], message: 'Invalid option: expected one of "a"|"b"', path: ['tags', 1] },
      { code: 'too_big', origin: 'number', maximum: 1, inclusive: false, message: 'Too big: expected number to be <1', path: ['rate'] },
      { code: 'not_multiple_of', divisor: 0.01, message: 'Invalid number: must be a multiple of 0.01', path: ['rate'] },
      { code: 'unrecognized_keys', keys: ['extra'], message: 'Unrecognized key: "extra"', path: [] },
    ]);
  });

  it('read own properties only, and keep a __proto__ key as data', () => {
    const validator = lean.object([['constructor', lean.string(), true]]);
    expect(validator.safeParse({}).success).toBe(false);
    const value = JSON.parse('{"constructor": "x", "__proto__": {"polluted": true}}') as object;
    const result = validator.safeParse(value);
    expect(result.success && result.data).toBe(value);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('tell a tagged union apart by its tag, naming the tag in the message', () => {
    const pet = lean.tagged('kind', [['cat'], ['dog']], [lean.object([['meow', lean.boolean, true]]), lean.object([['bark', lean.number(true), true]])]);
    expect(pet.safeParse({ kind: 'cat', meow: true }).success).toBe(true);
    const wrong = pet.safeParse({ kind: 'dog', meow: true });
    expect(wrong.success ? '' : wrong.error.issues[0]!.message).toBe("kind 'dog': bark: Invalid input: expected number, received undefined");
    const unknownTag = pet.safeParse({ kind: 'cow' });
    expect(unknownTag.success ? '' : unknownTag.error.issues[0]!.message).toBe(`kind must be one of 'cat', 'dog' (got "cow")`);
  });

  it('tell the variants of a oneOf or anyOf apart by a property each pins, accepting and refusing as zod does', () => {
    // Variants told apart by `event` (a const each): a value is checked by the one its event selects first.
    const delta = lean.object([['event', lean.literal(['delta']), true], ['data', lean.object([['text', lean.string(), true]]), true]]);
    const done = lean.object([['event', lean.literal(['done', 'end']), true], ['data', lean.string(), true]]);
    const zodDelta = z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) });
    const zodDone = z.object({ event: z.literal(['done', 'end']), data: z.string() });
    const pairs: [Validator, Validator, string][] = [
      [lean.oneOf([delta, done]), z.xor([zodDelta, zodDone]), 'oneOf'],
      [lean.union([delta, done]), z.union([zodDelta, zodDone]), 'anyOf'],
      // The same values pinned twice: no variant is selected, and both are tried as before.
      [lean.oneOf([delta, delta]), z.xor([zodDelta, zodDelta]), 'oneOf of one variant twice'],
    ];
    const values = fc.record(
      { event: fc.constantFrom('delta', 'done', 'end', 'other', 5, undefined), data: fc.oneof(fc.string(), fc.record({ text: fc.oneof(fc.string(), fc.integer()) }), fc.integer()) },
      { requiredKeys: [] },
    );
    let accepted = 0;
    fc.assert(
      fc.property(values, (value) => {
        for (const [leanValidator, zodValidator, what] of pairs) if (agree(leanValidator, zodValidator, value, what)) accepted++;
      }),
      { numRuns: 300, seed: 4247 },
    );
    expect(accepted).toBeGreaterThan(30);
    // A refusal is the union's, with every variant's issues, as when each variant is tried.
    const refused = lean.oneOf([delta, done]).safeParse({ event: 'delta', data: 5 });
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.code, issue.code === 'invalid_union' ? issue.errors.length : 0])).toEqual([['invalid_union', 2]]);
  });

  it('count a string in code points and check multiples of decimal steps exactly', () => {
    expect(lean.string(lean.bound('max', 2)).safeParse('😀😀').success).toBe(true);
    expect(lean.string(lean.bound('min', 2)).safeParse('😀').success).toBe(false);
    const cents = lean.number(false, lean.multipleOf(0.01));
    expect([0.1, 19.99, 1e-2, 123456.78].map((n) => cents.safeParse(n).success)).toEqual([true, true, true, true]);
    expect([0.001, 19.995].map((n) => cents.safeParse(n).success)).toEqual([false, false]);
    // Beyond what scaling to integers holds exactly (JSON Schema Test Suite, multipleOf.json).
    expect(lean.number(true, lean.multipleOf(1e-8)).safeParse(12391239123).success).toBe(true);
  });
});
