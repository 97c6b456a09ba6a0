/**
 * Microseconds per call of the generated v2 client against an in-process fetch stub (no
 * network): building the request, signing it, and decoding and validating the answer, beside
 * openapi-fetch on the same endpoint and the same stubbed answer.
 */
import { V2Client } from '@svc/v2';
import { responseFixture } from '@svc/v2/fixtures';

export interface ClientBenchRow {
  client: string;
  call: string;
  microseconds: number;
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A fetch that answers at once with a fixed JSON body (a new Response each time, as fetch would). */
const stub = (body: string): Fetch => async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });

async function perCall(calls: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2_000; i++) await call(); // warm-up
  let fastest = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) await call();
    fastest = Math.min(fastest, ((performance.now() - started) * 1000) / calls);
  }
  return fastest;
}

export async function benchClient(openapiFetchModule: string, calls = 20_000): Promise<ClientBenchRow[]> {
  const spot = JSON.stringify(responseFixture('getSpotPrice', '200', 1));
  const account = JSON.stringify(responseFixture('getAccount', '200', 1));
  const rows: ClientBenchRow[] = [];
  const add = async (client: string, callName: string, call: () => Promise<unknown>): Promise<void> => {
    rows.push({ client, call: callName, microseconds: await perCall(calls, call) });
  };
  const ours = (options: Record<string, unknown>, body: string) => new V2Client({ baseUrl: 'https://api.example.com', fetch: stub(body), retry: false, ...options });
  const publicClient = ours({}, spot);
  const unvalidated = ours({ validateResponses: false }, spot);
  const signed = ours({ apiKey: { key: 'k', secret: 's' }, syncTime: 'never' }, account);
  await add('ours', 'GET /v2/prices/BTC-USD/spot, response validated', () => publicClient.data.getSpotPrice({ currency_pair: 'BTC-USD' }));
  await add('ours', 'GET /v2/prices/BTC-USD/spot, validation off', () => unvalidated.data.getSpotPrice({ currency_pair: 'BTC-USD' }));
  await add('ours', 'GET /v2/accounts/{id}, HMAC-signed, response validated', () => signed.accounts.getAccount({ account_id: '2bbf394c-193b-5b2a-9155-3b4732659ede' }));
  // What a deadline costs when one is asked for (none is set by default): its controller and timer, and the signal the Request then follows.
  const withDeadline = ours({ validateResponses: false, timeoutMs: 60_000 }, spot);
  await add('ours', 'GET /v2/prices/BTC-USD/spot, validation off, with a 60 s deadline (timeoutMs: 60000)', () => withDeadline.data.getSpotPrice({ currency_pair: 'BTC-USD' }));
  const createClient = ((await import(openapiFetchModule)) as { default: (options: { baseUrl: string; fetch: Fetch }) => { GET: (path: string, init: unknown) => Promise<unknown> } }).default;
  const fetchClient = createClient({ baseUrl: 'https://api.example.com', fetch: stub(spot) });
  await add('openapi-fetch', 'GET /v2/prices/BTC-USD/spot (no validation, no signing)', () => fetchClient.GET('/v2/prices/{currency_pair}/spot', { params: { path: { currency_pair: 'BTC-USD' } } }));
  return rows;
}
