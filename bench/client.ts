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
  /** Its fastest round. */
  microseconds: number;
  /** Its time over the anchor's (the last row's) round by round: the median of those ratios. */
  ratio: number;
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A fetch that answers at once with a fixed JSON body (a new Response each time, as fetch would). */
const stub = (body: string): Fetch => async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });

/** Microseconds per call of one round of `calls` awaited calls. */
async function round(calls: number, call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return ((performance.now() - started) * 1000) / calls;
}

export async function benchClient(openapiFetchModule: string, calls = 5_000): Promise<ClientBenchRow[]> {
  const spot = JSON.stringify(responseFixture('getSpotPrice', '200', 1));
  const account = JSON.stringify(responseFixture('getAccount', '200', 1));
  const measured: { client: string; call: string; run: () => Promise<unknown> }[] = [];
  const add = (client: string, callName: string, run: () => Promise<unknown>): void => {
    measured.push({ client, call: callName, run });
  };
  const ours = (options: Record<string, unknown>, body: string) => new V2Client({ baseUrl: 'https://api.example.com', fetch: stub(body), retry: false, ...options });
  const publicClient = ours({}, spot);
  const unvalidated = ours({ validateResponses: false }, spot);
  const signed = ours({ apiKey: { key: 'k', secret: 's' }, syncTime: 'never' }, account);
  add('ours', 'GET /v2/prices/BTC-USD/spot, response validated', () => publicClient.data.getSpotPrice({ currency_pair: 'BTC-USD' }));
  add('ours', 'GET /v2/prices/BTC-USD/spot, validation off', () => unvalidated.data.getSpotPrice({ currency_pair: 'BTC-USD' }));
  add('ours', 'GET /v2/accounts/{id}, HMAC-signed, response validated', () => signed.accounts.getAccount({ account_id: '2bbf394c-193b-5b2a-9155-3b4732659ede' }));
  // What a deadline costs when one is asked for (none is set by default): its controller and timer, and the signal the Request then follows.
  const withDeadline = ours({ validateResponses: false, timeoutMs: 60_000 }, spot);
  add('ours', 'GET /v2/prices/BTC-USD/spot, validation off, with a 60 s deadline (timeoutMs: 60000)', () => withDeadline.data.getSpotPrice({ currency_pair: 'BTC-USD' }));
  // What every client here pays to undici whatever it does itself: a Request, the stub's Response, its JSON read.
  const floorFetch = stub(spot);
  add('floor', 'new Request, the stub answering, the body read as JSON (what both clients pay to fetch)', async () => (await floorFetch(new Request('https://api.example.com/v2/prices/BTC-USD/spot', { method: 'GET', headers: { accept: 'application/json' } }))).json());
  const createClient = ((await import(openapiFetchModule)) as { default: (options: { baseUrl: string; fetch: Fetch }) => { GET: (path: string, init: unknown) => Promise<unknown> } }).default;
  const fetchClient = createClient({ baseUrl: 'https://api.example.com', fetch: stub(spot) });
  add('openapi-fetch', 'GET /v2/prices/BTC-USD/spot (no validation, no signing)', () => fetchClient.GET('/v2/prices/{currency_pair}/spot', { params: { path: { currency_pair: 'BTC-USD' } } }));
  // Rounds run every call in turn, so that the machine's moods touch all alike. A row's ratio to the
  // anchor (openapi-fetch, the last row) is taken round by round, each against the anchor's round of
  // moments later, and the median of those is reported: a garbage collection or a slow stretch that
  // falls in one round of one row does not decide it, as it did when each row's fastest round was compared.
  for (const { run } of measured) for (let i = 0; i < 2_000; i++) await run(); // warm-up
  const rounds = measured.map((): number[] => []);
  for (let r = 0; r < ROUNDS; r++) for (const [i, { run }] of measured.entries()) rounds[i]!.push(await round(calls, run));
  const anchor = rounds[rounds.length - 1]!;
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return measured.map(({ client, call }, i) => ({ client, call, microseconds: Math.min(...rounds[i]!), ratio: median(rounds[i]!.map((time, r) => time / anchor[r]!)) }));
}

/** Rounds per row (an odd number: the median is one of them). */
const ROUNDS = 9;
