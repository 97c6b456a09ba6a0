/**
 * propertyValidator: the validator of one field inside a response validator, which the mock
 * uses to decide whether a request value may be copied onto a resource. It must answer only
 * where that field's validity depends on nothing else, and undefined otherwise.
 */
import { mayVary, propertyValidator } from '@svc/mock-runtime';
import { allOfObjects, openObject } from '@svc/runtime/classic';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';

describe('propertyValidator', () => {
  const money = openObject({ amount: z.string().regex(/^-?\d+(\.\d+)?$/), currency: z.string() });
  const buy = openObject({ id: z.string(), amount: money, note: z.string().max(3).nullable().optional() });
  const answer = openObject({ data: buy, warnings: z.array(z.string()).optional() });

  it('walks objects, optional, nullable and lazy to the field', () => {
    expect(propertyValidator(answer, ['data', 'amount'])).toBe(money);
    expect(propertyValidator(answer, ['data', 'amount', 'currency'])?.safeParse('BTC').success).toBe(true);
    const note = propertyValidator(z.lazy(() => answer).optional(), ['data', 'note'])!;
    expect(note.safeParse(null).success).toBe(true);
    expect(note.safeParse('long').success).toBe(false);
  });

  it('takes an intersection side that alone declares the field, and gives up when both do', () => {
    const merged = allOfObjects(openObject({ a: z.string() }), openObject({ b: z.number() }));
    expect(propertyValidator(merged, ['b'])?.safeParse(1).success).toBe(true);
    const both = z.intersection(openObject({ a: z.string() }), openObject({ a: z.string().max(2), c: z.number() }));
    expect(propertyValidator(both, ['c'])?.safeParse(1).success).toBe(true);
    expect(propertyValidator(both, ['a'])).toBeUndefined();
  });

  it('gives up on unions, refined objects and unknown fields', () => {
    expect(propertyValidator(z.union([buy, money]), ['amount'])).toBeUndefined();
    const refined = buy.refine((value) => value.id !== '');
    expect(propertyValidator(refined, ['id'])).toBeUndefined();
    expect(propertyValidator(answer, ['data', 'missing'])).toBeUndefined();
    expect(propertyValidator(answer, ['warnings', 'x'])).toBeUndefined();
  });
});

describe('mayVary', () => {
  const printed = openObject({ kind: z.literal('printed'), isbn: z.string() });
  const ebook = openObject({ kind: z.literal('ebook'), fileFormat: z.string() });
  it('says a union may come in variants, through wrappers and down a path, and an object may not', () => {
    expect(mayVary(z.union([printed, ebook]), [])).toBe(true);
    expect(mayVary(openObject({ data: z.union([printed, ebook]).optional() }), ['data'])).toBe(true);
    expect(mayVary(z.lazy(() => printed), [])).toBe(false);
    expect(mayVary(openObject({ data: printed.nullable() }), ['data'])).toBe(false);
    // A path the walk cannot follow counts as a variant: the mock then looks.
    expect(mayVary(z.union([printed, ebook]), ['data'])).toBe(true);
  });
});
