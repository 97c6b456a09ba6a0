/**
 * The compile-time checks of generated packages (`src/type-checks.ts`) can fail: the
 * Equals helper tells apart the mismatches a wrong printer would produce.
 */
import type { Assert, Equals } from '@svc/runtime';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

describe('Equals, as the generated type checks use it', () => {
  it('accepts exactly equal types and rejects near misses', () => {
    const loose = z.looseObject({ id: z.string(), note: z.string().nullable().optional() });
    interface Same {
      id: string;
      note?: string | null;
      [key: string]: unknown;
    }
    interface MissingIndex {
      id: string;
      note?: string | null;
    }
    interface RequiredNote {
      id: string;
      note: string | null;
      [key: string]: unknown;
    }
    expectTypeOf<Equals<z.infer<typeof loose>, Same>>().toEqualTypeOf<true>();
    expectTypeOf<Equals<z.infer<typeof loose>, MissingIndex>>().toEqualTypeOf<false>();
    expectTypeOf<Equals<z.infer<typeof loose>, RequiredNote>>().toEqualTypeOf<false>();
    expectTypeOf<Equals<'a' | 'b' | (string & {}), string>>().toEqualTypeOf<false>();
    // @ts-expect-error Assert accepts only `true`.
    type Fails = Assert<Equals<string, number>>;
    expectTypeOf<Assert<Equals<1, 1>>>().toEqualTypeOf<true>();
  });
});
