/**
 * A React 19 page built on the generated packages as a web app uses them: TanStack Query
 * options from `@svc/v2/query` (an infinite list paged on demand, a mutation that invalidates
 * it, a typed error) and a live order book through `useSyncExternalStore` on the feed
 * connection's book. With `?msw=1` the v2 API is the package's MSW handlers over its mock, in
 * the browser's service worker, and no server is involved (the feed is then left out).
 */
import { QueryClient, QueryClientProvider, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { FeedConnection } from '@svc/feed';
import type { OrderBook } from '@svc/runtime';
import { createClient, createTransaction, isOperationError, type HttpClient } from '@svc/v2/client';
import { createTransactionMutation, getAccountOptions, listTransactionsInfiniteOptions, listTransactionsQueryKey } from '@svc/v2/query';

const params = new URLSearchParams(location.search);
const accountId = params.get('account')!;

function Transactions({ client }: { client: HttpClient }) {
  const list = useInfiniteQuery(listTransactionsInfiniteOptions(client, { account_id: accountId, limit: 5 }));
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section>
      <h2>
        Transactions (<span id="pages">{list.data?.pages.length ?? 0}</span> pages)
      </h2>
      <ul id="transactions">
        {items.map((t) => (
          <li key={t.id} data-id={t.id}>
            {t.amount.amount} {t.amount.currency} {t.status}
          </li>
        ))}
      </ul>
      <button id="more" disabled={!list.hasNextPage || list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        more
      </button>
    </section>
  );
}

function Send({ client }: { client: HttpClient }) {
  const queryClient = useQueryClient();
  const send = useMutation({ ...createTransactionMutation(client), onSuccess: () => queryClient.invalidateQueries({ queryKey: listTransactionsQueryKey() }) });
  return (
    <section>
      <button id="send" onClick={() => send.mutate({ params: { account_id: accountId }, body: { type: 'send', to: 'page@example.com', amount: '0.005', currency: 'BTC', idem: 'page-send' } })}>
        send
      </button>
      <span id="sent">{send.data?.data.id ?? ''}</span>
    </section>
  );
}

/** A read with no credentials: the operation's typed error, rendered. */
function Refused({ client }: { client: HttpClient }) {
  const account = useQuery({ ...getAccountOptions(client, { account_id: accountId }), retry: false });
  const error = account.error;
  return <p id="error">{error === null ? '' : isOperationError(error, 'getAccount') ? `${error.status} ${error.ids.join(',')}` : error.name}</p>;
}

function Book({ book }: { book: OrderBook }) {
  const snapshot = useSyncExternalStore(book.onChange, book.getSnapshot);
  return (
    <section>
      <h2>
        BTC-USD book <span id="book-status">{snapshot.synced ? 'synced' : 'waiting'}</span>, spread <span id="spread">{snapshot.spread ?? ''}</span>
      </h2>
      <div className="row">
        <ol id="bids">{snapshot.bids.slice(0, 5).map((l) => <li key={l.price}>{`${l.price} × ${l.size}`}</li>)}</ol>
        <ol id="asks">{snapshot.asks.slice(0, 5).map((l) => <li key={l.price}>{`${l.price} × ${l.size}`}</li>)}</ol>
      </div>
    </section>
  );
}

/** The v2 API the page talks to: the mock server, or the package's MSW handlers over its mock in this page. */
async function v2Api(): Promise<{ baseUrl: string; apiKey: { key: string; secret: string }; twoFactor?: string }> {
  if (!params.get('msw')) return { baseUrl: params.get('v2')!, apiKey: { key: params.get('key')!, secret: params.get('secret')! }, twoFactor: params.get('2fa')! };
  const [{ setupWorker }, { handlers }, { createV2Mock, mockScopes }, { CredentialRegistry, defaultCredentials }] = await Promise.all([
    import('msw/browser'),
    import('@svc/v2/msw'),
    import('@svc/v2/mock'),
    import('@svc/mock-runtime'),
  ]);
  const registry = new CredentialRegistry(Date.now);
  const { apiKey } = await defaultCredentials(registry, mockScopes);
  const baseUrl = 'https://api.wallet.invalid';
  await setupWorker(...handlers({ baseUrl, mock: createV2Mock({ server: { auth: registry.hooks() } }) })).start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  return { baseUrl, apiKey };
}

async function main(): Promise<void> {
  const api = await v2Api();
  const twoFactor = api.twoFactor;
  const client = createClient({ baseUrl: api.baseUrl, apiKey: api.apiKey, retry: false, ...(twoFactor ? { twoFactorToken: () => twoFactor } : {}) });
  const anonymous = createClient({ baseUrl: api.baseUrl, retry: false });
  // Twelve transactions to page through, five at a time.
  for (let i = 0; i < 12; i++) await createTransaction(client, { account_id: accountId }, { type: 'send', to: `seed${i}@example.com`, amount: '0.001', currency: 'BTC', idem: `seed-${i}` });
  let book: OrderBook | undefined;
  if (params.get('feed')) {
    const feed = new FeedConnection({ url: params.get('feed')! });
    await feed.connect();
    await feed.subscribe('level2', { product_ids: ['BTC-USD'] });
    book = feed.orderBook('BTC-USD');
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  createRoot(document.querySelector('#root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <h1 id="mode">{params.get('msw') ? 'msw' : 'server'}</h1>
        <Transactions client={client} />
        <Send client={client} />
        <Refused client={anonymous} />
        {book ? <Book book={book} /> : <p id="book-status">no feed</p>}
      </QueryClientProvider>
    </StrictMode>,
  );
}

main().catch((error: unknown) => {
  document.querySelector('#root')!.textContent = `error: ${String(error)}`;
});

