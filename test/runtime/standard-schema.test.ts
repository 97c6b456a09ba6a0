/**
 * Standard Schema v1 (`~standard`) on the validators of a generated package: the client's lean
 * validators (exported by `<pkg>/client` and the package's root) and the package's zod schemas, handed to a real consumer, Hono's
 * standard validator, over HTTP on loopback; and the types a consumer infers from them.
 */
import { sValidator } from '@hono/standard-validator';
import type { StandardSchemaV1 as SpecStandardSchemaV1 } from '@standard-schema/spec';
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { StandardSchemaV1 } from '../../templates/runtime/src/index.js';
import * as lean from '../../templates/runtime/src/lean.js';
import { CreateWithdrawalRequestSchema } from '@svc/v2';
import type { CreateWithdrawalRequest } from '@svc/v2';
import { CreateWithdrawalRequestValidator } from '@svc/v2/client';
import type * as v2Client from '@svc/v2/client';
import type * as v2Schemas from '@svc/v2/schemas';

/** Every lean validator `<pkg>/client` exports, by the name of what it validates (`Account` for `AccountValidator`). */
type LeanNames = keyof typeof v2Client extends infer K ? (K extends `${infer N}Validator` ? N : never) : never;
/** What Standard Schema infers from each lean validator, and from the zod schema of the same name (whose type the package's type-checks equate with the declared type). */
type LeanOutputs = { [N in LeanNames]: StandardSchemaV1.InferOutput<(typeof v2Client)[`${N}Validator`]> };
type ZodOutputs = { [N in LeanNames]: `${N}Schema` extends keyof typeof v2Schemas ? StandardSchemaV1.InferOutput<(typeof v2Schemas)[`${N}Schema`]> : never };

const valid: CreateWithdrawalRequest = { amount: '1.50', currency: 'USD', payment_method: '4f9d7c2e-8b1a-4c3d-9e5f-6a7b8c9d0e1f' };

describe('lean validators speak Standard Schema v1', () => {
  it('~standard.validate gives the value as it came, or issues with their messages and paths', async () => {
    const standard = CreateWithdrawalRequestValidator['~standard'];
    expect(standard.version).toBe(1);
    expect(standard.vendor).toBe('svc-api-codegen');
    const passed = await standard.validate(valid);
    expect(passed).toEqual({ value: valid });
    expect((passed as { value: unknown }).value).toBe(valid);
    const failed = await standard.validate({ amount: 5, currency: 'USD', payment_method: '4f9d7c2e-8b1a-4c3d-9e5f-6a7b8c9d0e1f' });
    expect(failed.issues?.map((issue) => issue.path)).toEqual([['amount']]);
    expect(failed.issues?.[0]?.message).toMatch(/expected string/);
  });

  it('a builder nested at depth reports the whole path', async () => {
    const nested = lean.object([['items', lean.array(lean.object([['id', lean.string(), true]])), true]]);
    const result = await nested['~standard'].validate({ items: [{ id: 'a' }, { id: 7 }] });
    expect(result.issues?.map((issue) => issue.path)).toEqual([['items', 1, 'id']]);
  });

  it('the types a consumer infers are the types the package declares', () => {
    expectTypeOf<StandardSchemaV1.InferOutput<typeof CreateWithdrawalRequestValidator>>().toEqualTypeOf<CreateWithdrawalRequest>();
    // The specification's own declaration reads ours alike.
    expectTypeOf<SpecStandardSchemaV1.InferOutput<typeof CreateWithdrawalRequestValidator>>().toEqualTypeOf<CreateWithdrawalRequest>();
    expectTypeOf(CreateWithdrawalRequestValidator).toMatchTypeOf<SpecStandardSchemaV1<unknown, CreateWithdrawalRequest>>();
  });

  it('every lean validator of v2 infers what the zod schema of its name infers (tsc checks this file: npm run typecheck)', () => {
    expectTypeOf<LeanOutputs>().toEqualTypeOf<ZodOutputs>();
    // Not vacuous: the names are the package's.
    expectTypeOf<'Account' | 'CreateWithdrawalRequest'>().toMatchTypeOf<LeanNames>();
  });
});

describe("Hono's standard validator takes the package's validators, lean and zod", () => {
  for (const [label, validator] of [
    ['lean', CreateWithdrawalRequestValidator],
    ['zod', CreateWithdrawalRequestSchema],
  ] as const) {
    it(`${label}: a valid body reaches the handler typed; an invalid one is refused with its issues`, async () => {
      const app = new Hono().post('/withdrawals', sValidator('json', validator), (c) => {
        const body = c.req.valid('json');
        expectTypeOf(body.amount).toEqualTypeOf<string>();
        return c.json({ accepted: body.amount });
      });
      const ok = await app.request('/withdrawals', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ accepted: '1.50' });
      const bad = await app.request('/withdrawals', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...valid, amount: 5 }) });
      expect(bad.status).toBe(400);
      const answer = (await bad.json()) as { success: boolean; error: { path?: unknown[] }[] };
      expect(answer.success).toBe(false);
      expect(answer.error.map((issue) => issue.path?.map((p) => (typeof p === 'object' && p !== null && 'key' in p ? p.key : p)))).toEqual([['amount']]);
    });
  }
});
