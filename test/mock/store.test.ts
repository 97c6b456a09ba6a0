/**
 * The mock's store and what the engine shares between resources: entries deferred until a
 * collection is read keep their place in the creation order, and seeded values that several
 * resources share cannot be changed in place.
 */
import { Collection, createMockEngine, shallowCopy, withAt, type MockEngineOptions } from '@svc/mock-runtime';
import { operations } from '@svc/v2';
import { fixture, responseFixture } from '@svc/v2/fixtures';
import { mockPlan } from '@svc/v2/mock';
import { describe, expect, it } from 'vitest';

describe('Collection', () => {
  it('keeps the creation order of stored, lazily made and deferred entries, and makes deferred ones only when read', () => {
    const collection = new Collection();
    let made = 0;
    collection.put('a', { id: 'a' });
    collection.putDeferred({
      settle: () => {
        made++;
        return { id: 'b', make: () => ({ id: 'b' }) };
      },
    });
    expect(made).toBe(0);
    // Any other change of the collection places the deferred entries first, to keep the order.
    collection.put('c', { id: 'c' });
    expect(made).toBe(1);
    collection.putDeferred({
      settle: () => {
        made++;
        return { id: 'd', make: () => ({ id: 'd' }) };
      },
    });
    expect(made).toBe(1);
    expect(collection.has('d')).toBe(true);
    expect(made).toBe(2);
    expect(collection.size).toBe(4);
    expect(collection.all().map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(collection.get('b')).toBe(collection.get('b'));
    collection.put('e', { id: 'e' });
    expect(collection.all().map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('Collection.writable', () => {
  it('replaces a frozen resource by a copy in its place, so whoever holds the frozen one keeps it as it was', () => {
    const collection = new Collection();
    collection.put('a', { id: 'a', status: 'created' });
    const recorded = Object.freeze(collection.get('a')!);
    collection.put('b', { id: 'b', status: 'created' });
    const changing = collection.writable('a')!;
    changing.status = 'completed';
    expect(recorded.status).toBe('created');
    expect(collection.get('a')!.status).toBe('completed');
    expect(collection.all().map((r) => r.id)).toEqual(['a', 'b']);
    // Not frozen: the resource itself.
    expect(collection.writable('b')).toBe(collection.get('b'));
    expect(collection.writable('missing')).toBeUndefined();
  });
});

describe('shallowCopy and withAt', () => {
  it('copy frozen and plain objects alike, never frozen, each copy its own', () => {
    const nested = Object.freeze({ amount: '1', currency: 'BTC' });
    const frozen = Object.freeze({ id: 'a', amount: nested });
    const first = shallowCopy(frozen);
    first.id = 'changed';
    const second = shallowCopy(frozen);
    expect(second).toEqual({ id: 'a', amount: nested });
    expect(Object.isFrozen(second)).toBe(false);
    expect(second.amount).toBe(nested);
    expect(shallowCopy({ id: 'b' })).toEqual({ id: 'b' });
    const envelope = Object.freeze({ data: frozen, warnings: [] });
    const replaced = withAt(envelope, 'data.amount', { amount: '2', currency: 'ETH' }) as { data: Record<string, unknown>; warnings: unknown[] };
    expect(replaced).toEqual({ data: { id: 'a', amount: { amount: '2', currency: 'ETH' } }, warnings: [] });
    expect(replaced.warnings).toBe(envelope.warnings);
    expect(envelope.data.amount).toBe(nested);
  });
});

describe('resources made from the same seed', () => {
  const account_id = '2bbf394c-193b-5b2a-9155-3b4732659ede';
  const principal = { subject: 'store-test', scopes: [], schemes: [], method: 'bearer' as const };
  const request = new Request(`http://127.0.0.1/v2/accounts/${account_id}/buys`, { method: 'POST' });
  // A handler answers at once or with a promise, and may throw either way: `async` makes every outcome a promise.
  const buy = async (engine: ReturnType<typeof createMockEngine>) =>
    engine.handlers.createBuy!({ operationId: 'createBuy', params: { account_id }, body: { amount: '1', currency: 'BTC', payment_method: 'pm' }, principal, language: 'en', version: undefined, twoFactorToken: undefined, request } as never);
  const engineWith = (onCreate?: MockEngineOptions['onCreate']) =>
    createMockEngine(operations, mockPlan, { fixtures: { response: responseFixture, schema: (key, seed) => fixture(key as never, seed) }, ...(onCreate ? { onCreate } : {}) });

  it('share nested values that cannot be changed in place, so no resource changes another', async () => {
    let nested: string | undefined;
    const engine = engineWith((resource) => {
      if (nested) return;
      // A hook that writes into a nested value (the first object-valued field) instead of replacing the field.
      nested = Object.keys(resource).find((key) => typeof resource[key] === 'object' && resource[key] !== null && !Array.isArray(resource[key]))!;
      (resource[nested] as Record<string, unknown>).changed = true;
    });
    await expect(buy(engine)).rejects.toThrow(/read only|not extensible|frozen/);
    // The engine draws a create's seeded body from 64 seeds: the 65th create has the first one's seed.
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 64; i++) last = ((await buy(engine)).body as { data: Record<string, unknown> }).data;
    expect(last[nested!]).toBeTypeOf('object');
    expect(last[nested!]).not.toHaveProperty('changed');
    // Replacing a field is how a resource changes: it stays on that resource alone.
    const replacing = engineWith((resource) => {
      resource.fee = { amount: '0.00', currency: 'USD' };
    });
    const first = (await buy(replacing)).body as { data: { id: string; fee: unknown } };
    expect(first.data.fee).toEqual({ amount: '0.00', currency: 'USD' });
  });
});

describe('request fields copied onto a resource', () => {
  const account_id = '2bbf394c-193b-5b2a-9155-3b4732659ede';
  const principal = { subject: 'store-test', scopes: [], schemes: [], method: 'bearer' as const };
  const request = new Request(`http://127.0.0.1/v2/accounts/${account_id}/buys`, { method: 'POST' });

  it('are own fields: a request with __proto__ or constructor keys changes no prototype of the resource or its answer', async () => {
    const engine = createMockEngine(operations, mockPlan, { fixtures: { response: responseFixture, schema: (key, seed) => fixture(key as never, seed) } });
    // A handler gets the body as it came where zod's copy would be the same value: JSON.parse keeps `__proto__` as an own key.
    const body = JSON.parse('{"amount": "1", "currency": "BTC", "payment_method": "pm", "__proto__": {"polluted": "yes"}, "constructor": {"polluted": "yes"}}') as unknown;
    const reply = await engine.handlers.createBuy!({ operationId: 'createBuy', params: { account_id }, body, principal, language: 'en', version: undefined, twoFactorToken: undefined, request } as never);
    const buy = (reply.body as { data: Record<string, unknown> }).data;
    expect(Object.getPrototypeOf(buy)).toBe(Object.prototype);
    expect(buy.polluted).toBeUndefined();
    expect(JSON.stringify(reply.body)).not.toContain('polluted');
    const listed = await engine.handlers.listBuys!({ operationId: 'listBuys', params: { account_id }, body: undefined, principal, language: 'en', version: undefined, twoFactorToken: undefined, request } as never);
    for (const item of (listed.body as { data: Record<string, unknown>[] }).data) expect(item.polluted).toBeUndefined();
  });
});
