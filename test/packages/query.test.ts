/**
 * The generated TanStack Query options (`@svc/v2/query`) as a Vue app uses them, in Node with no
 * browser, against the mock over loopback: a query, a typed error, an infinite list paged to
 * its end, a mutation that invalidates that list, and cancellation. Vue Query takes the same
 * plain objects as the React adapter: the options are framework-agnostic (and both adapters
 * infer the data, page and error types from them, checked by npm run typecheck).
 */
import { QueryClient, useInfiniteQuery, useMutation, useQuery } from '@tanstack/vue-query';
import * as ReactQuery from '@tanstack/react-query';
import { ApiError } from '@svc/runtime';
import { createClient, isOperationError } from '@svc/v2/client';
import {
  createTransactionMutation,
  getAccountOptions,
  getSpotPriceOptions,
  getSpotPriceQueryKey,
  listTransactionsInfiniteOptions,
  listTransactionsQueryKey,
  queryScope,
  type OperationQueryError,
} from '@svc/v2/query';
import type { GetSpotPriceResponse, ListTransactionsResponse } from '@svc/v2';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { effectScope, type EffectScope } from 'vue';
import { startSandbox, type Sandbox } from '../../mock/index.js';

let sandbox: Sandbox;
const scopes: EffectScope[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  for (const scope of scopes) scope.stop();
  await sandbox.close();
});

const signedClient = () =>
  createClient({ baseUrl: sandbox.servers.v2, apiKey: sandbox.credentials.apiKey, twoFactorToken: () => sandbox.credentials.twoFactorToken, retry: false });

/** Runs composables as a component's setup would, in a scope stopped after the tests. */
function inScope<T>(setup: () => T): T {
  const scope = effectScope();
  scopes.push(scope);
  return scope.run(setup)!;
}

/** Resolves once `done` holds (Vue Query updates its refs as the query settles). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

describe('@svc/v2/query with Vue Query', () => {
  it('runs a read as a query under a key made of its parameters', async () => {
    const queryClient = new QueryClient();
    const options = getSpotPriceOptions(signedClient(), { currency_pair: 'BTC-USD' });
    expect(options.queryKey).toEqual([queryScope, 'getSpotPrice', { currency_pair: 'BTC-USD' }]);
    const query = inScope(() => useQuery(options, queryClient));
    await until(() => query.isSuccess.value);
    expect(query.data.value?.data).toMatchObject({ currency: 'USD' });
    expect(Number(query.data.value?.data.amount)).toBeGreaterThan(0);
    expectTypeOf(query.data.value).toEqualTypeOf<GetSpotPriceResponse | undefined>();
    // The tagged key types what the cache holds.
    const cached = queryClient.getQueryData(getSpotPriceQueryKey({ currency_pair: 'BTC-USD' }));
    expect(cached?.data.amount).toBe(query.data.value?.data.amount);
  });

  it("fails with the operation's typed ApiError", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const anonymous = createClient({ baseUrl: sandbox.servers.v2, retry: false });
    const query = inScope(() => useQuery(getAccountOptions(anonymous, { account_id: '7a3f4a44-7a0b-4b0a-9d1e-2f6a1d9b8c01' }), queryClient));
    await until(() => query.isError.value);
    const error = query.error.value;
    // Vue Query infers the error type from the options (checked by npm run typecheck).
    expectTypeOf(error).toEqualTypeOf<OperationQueryError<'getAccount'> | null>();
    expect(error).toBeInstanceOf(ApiError);
    expect(isOperationError(error, 'getAccount') && error.status).toBe(401);
  });

  it('pages an infinite list to its end, then shows an item a mutation adds once it invalidates the list', async () => {
    const client = signedClient();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const account_id = '1f0e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
    for (let i = 0; i < 7; i++) {
      await queryClient.getMutationCache().build(queryClient, createTransactionMutation(client)).execute({
        params: { account_id },
        body: { type: 'send', to: `reader${i}@example.com`, amount: '0.001', currency: 'BTC', idem: `query-${i}` },
      });
    }
    const list = inScope(() => useInfiniteQuery(listTransactionsInfiniteOptions(client, { account_id, limit: 3 }), queryClient));
    await until(() => list.isSuccess.value);
    while (list.hasNextPage.value) {
      await list.fetchNextPage();
    }
    const pages = list.data.value!.pages;
    expectTypeOf(pages).toEqualTypeOf<ListTransactionsResponse[]>();
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, 1]);
    // Each page after the first asked for the items after the last one it had.
    expect(list.data.value!.pageParams[1]).toEqual({ account_id, limit: 3, starting_after: pages[0]!.data[2]!.id });
    const before = pages.flatMap((page) => page.data.map((t) => t.id));
    expect(new Set(before).size).toBe(7);

    const mutation = inScope(() =>
      useMutation({ ...createTransactionMutation(client), onSuccess: () => queryClient.invalidateQueries({ queryKey: listTransactionsQueryKey() }) }, queryClient),
    );
    const created = await mutation.mutateAsync({ params: { account_id }, body: { type: 'send', to: 'late@example.com', amount: '0.002', currency: 'BTC', idem: 'query-late' } });
    await until(() => list.data.value!.pages.some((page) => page.data.some((t) => t.id === created.data.id)));
    expect(list.data.value!.pages.flatMap((page) => page.data.map((t) => t.id))).toHaveLength(8);
  });

  it('aborts the request when the query is cancelled', async () => {
    let aborted = false;
    const slow = createClient({
      baseUrl: sandbox.servers.v2,
      retry: false,
      fetch: (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            reject(request.signal.reason);
          });
        }),
    });
    const queryClient = new QueryClient();
    const options = getSpotPriceOptions(slow, { currency_pair: 'ETH-USD' });
    const fetching = queryClient.fetchQuery(options).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queryClient.cancelQueries({ queryKey: getSpotPriceQueryKey() });
    await fetching;
    expect(aborted).toBe(true);
  });
});

describe('@svc/v2/query with React Query (types)', () => {
  // Hooks run only inside components: this function is type-checked (npm run typecheck), never called.
  function page(): void {
    const client = createClient();
    const price = ReactQuery.useQuery(getSpotPriceOptions(client, { currency_pair: 'BTC-USD' }));
    expectTypeOf(price.data).toEqualTypeOf<GetSpotPriceResponse | undefined>();
    expectTypeOf(price.error).toEqualTypeOf<OperationQueryError<'getSpotPrice'> | null>();
    const list = ReactQuery.useInfiniteQuery(listTransactionsInfiniteOptions(client, { account_id: 'a' }));
    expectTypeOf(list.data?.pages).toEqualTypeOf<ListTransactionsResponse[] | undefined>();
    expectTypeOf(list.error).toEqualTypeOf<OperationQueryError<'listTransactions'> | null>();
    const send = ReactQuery.useMutation(createTransactionMutation(client));
    expectTypeOf(send.error).toEqualTypeOf<OperationQueryError<'createTransaction'> | null>();
  }

  it('infers the data, page and error types from the options, as Vue Query does', () => {
    expectTypeOf(page).toBeFunction();
  });
});

