/**
 * A browser dashboard built on the generated packages: the spot price from the v2 client
 * (a public endpoint, over CORS) and a live order book from the feed client (the browser's
 * own WebSocket). The browser test bundles it with esbuild and reads what it shows.
 */
import { V2Client } from '@svc/v2';
import { FeedConnection } from '@svc/feed';

const params = new URLSearchParams(location.search);
const status = document.querySelector('#status')!;
const show = (selector: string, text: string): void => {
  document.querySelector(selector)!.textContent = text;
};

async function main(): Promise<void> {
  const client = new V2Client({ baseUrl: params.get('v2')! });
  const spot = await client.data.getSpotPrice({ currency_pair: 'BTC-USD' });
  show('#spot', `${spot.data.amount} ${spot.data.currency}`);

  const feed = new FeedConnection({ url: params.get('feed')! });
  await feed.connect();
  await feed.subscribe('level2', { product_ids: ['BTC-USD'] });
  const book = feed.orderBook('BTC-USD');
  let updates = 0;
  feed.onMessage('level2', () => {
    if (!book.synced) return;
    updates++;
    const { bids, asks } = book.depth(5);
    const rows = (levels: { price: string; size: string }[]): string => levels.map((l) => `<li>${l.price} × ${l.size}</li>`).join('');
    document.querySelector('#bids')!.innerHTML = rows(bids);
    document.querySelector('#asks')!.innerHTML = rows(asks);
    show('#spread', book.spread() ?? '');
    show('#updates', String(updates));
  });
}

main().then(
  () => (status.textContent = 'live'),
  (error: unknown) => (status.textContent = `error: ${String(error)}`),
);
