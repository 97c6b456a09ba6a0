/**
 * REST API v2 rules beyond the generic mock: a create's `commit`, amounts and payment method land
 * on the resource, sends need a second factor, a transaction's type and amount follow the request,
 * and prices and exchange rates follow the mock feed's market.
 */
import type { Behaviour, MockCall, Resource } from '@svc/mock-runtime';
import { HttpProblem } from '@svc/server-runtime';
import { exchangeRates, isCurrencyCode, priceOf } from './prices.js';
import { isRecord, TWO_FACTOR_CODE, type ApiBehaviour } from './types.js';

const COMMITTABLE = new Set(['createBuy', 'createDeposit', 'createWithdrawal']);

/** What a send or transfer debits: the amount negated (`0.5` -> `-0.5`; a negative one, which a request may send, loses its sign: `-0` -> `0`). */
const debited = (amount: string): string => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

function onCreate(resource: Resource, call: MockCall): void {
  const body = isRecord(call.context.body) ? call.context.body : {};
  if (COMMITTABLE.has(call.operationId) && 'committed' in resource) resource.committed = body.commit !== false;
  const amount = typeof body.amount === 'string' ? body.amount : undefined;
  const currency = typeof body.currency === 'string' ? body.currency : undefined;
  if (call.operationId === 'createTransaction') {
    if (typeof body.type === 'string') resource.type = body.type;
    if (body.type === 'send' || body.type === 'transfer') resource.status = 'completed';
    if (typeof body.description === 'string' && 'description' in resource) resource.description = body.description;
    if (amount && currency && isRecord(resource.amount)) resource.amount = { amount: body.type === 'request' ? amount : debited(amount), currency };
    if (typeof body.idem === 'string' && 'idem' in resource) resource.idem = body.idem;
    return;
  }
  if (amount && currency && isRecord(resource.amount)) resource.amount = { amount, currency };
  // A buy, sell, deposit or withdrawal links the payment method the request named.
  if (typeof body.payment_method === 'string' && isRecord(resource.payment_method)) {
    resource.payment_method = { id: body.payment_method, resource: 'payment_method', resource_path: `/v2/payment-methods/${body.payment_method}` };
  }
}

/** A code that cannot be a currency is refused as the service refuses it: 400 `invalid_request`, naming the code (shortened). */
function refuseUnlessCurrency(code: string): void {
  if (isCurrencyCode(code)) return;
  throw new HttpProblem({ status: 400, id: 'invalid_request', message: `Invalid currency (${code.length > 20 ? `${code.slice(0, 20)}…` : code})` });
}

const pricing =
  (side: 'spot' | 'buy' | 'sell'): Behaviour =>
  async (call) => {
    const pair = String((call.context.params as Record<string, unknown>).currency_pair ?? 'BTC-USD');
    for (const code of pair.split('-')) refuseUnlessCurrency(code);
    return { status: 200, body: { data: priceOf(pair, side) } };
  };

export function v2Behaviour(): ApiBehaviour {
  return {
    onCreate,
    behaviours: {
      getSpotPrice: pricing('spot'),
      getBuyPrice: pricing('buy'),
      getSellPrice: pricing('sell'),
      // The base currency asked for (USD by default), against every currency the mock prices.
      getExchangeRates: (call) => {
        const requested = (call.context.params as Record<string, unknown>).currency;
        const currency = typeof requested === 'string' && requested !== '' ? requested.toUpperCase() : 'USD';
        refuseUnlessCurrency(currency);
        return { status: 200, body: { data: { currency, rates: exchangeRates(currency) } } };
      },
      // `quote: true` prices a buy without saving it: nothing is stored, no notification goes out.
      createBuy: (call) => {
        const body = isRecord(call.context.body) ? call.context.body : {};
        if (body.quote !== true) return call.next();
        const seeded = call.fixture(201, call.tenant.next());
        const quote = isRecord(seeded) && isRecord(seeded.data) ? seeded.data : {};
        if (typeof body.amount === 'string' && typeof body.currency === 'string' && isRecord(quote.amount)) quote.amount = { amount: body.amount, currency: body.currency };
        if ('committed' in quote) quote.committed = false;
        return { status: 201, body: seeded };
      },
    },
    // Sending money needs the second factor; everything else goes through.
    twoFactor: ({ operationId, token, body }) => !(operationId === 'createTransaction' && isRecord(body) && body.type === 'send') || token === TWO_FACTOR_CODE,
  };
}
