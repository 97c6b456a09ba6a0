/**
 * Onramp and offramp rules: session tokens are single use and expire after five minutes;
 * quotes are priced from the request at the mock's prices (prices.ts), with the fees of the
 * public docs' example; a quote's `onramp_url` opens the hosted page on this mock with a token
 * of its own, so the quote expires with it.
 * The mock serves the hosted pages (`x-hosted-flows`: `/buy/select-asset`,
 * `/v3/sell/input`), which take a token once; a second use or a late one is refused.
 */
import { randomAt, type MockCall } from '@svc/mock-runtime';
import { fromUnits, placesOf, RATE_SCALE, rateFraction, rateOf, scaleUnits, toUnits, type Units } from './prices.js';
import { isRecord, type ApiBehaviour, type SandboxContext } from './types.js';

const TOKEN_LIFETIME_MS = 5 * 60 * 1000;
/** The service's fee on a buy (2.05 USD on 100 USD in the quote guide: 205 in 10,000) and on a sell (0.75 on 50: 15 in 1,000). */
const BUY_FEE_PER_10000 = 205n;
const SELL_FEE_PER_1000 = 15n;
/** The network fee of a buy, in the payment currency. */
const NETWORK_FEE = '0.01';

/** A request field by its snake_case key or its camelCase twin (the public docs show both). */
function field(body: Record<string, unknown>, snake: string): string | undefined {
  const camel = snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const value = body[snake] ?? body[camel];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An amount of the answer: never below zero, written with its currency's places. */
const money = (amount: Units, currency: string) => ({ value: fromUnits(amount.units < 0n ? { ...amount, units: 0n } : amount), currency });

/** An amount in units of `currency`; an unreadable one is zero. Exact at any size (a 30-digit amount is priced, not written `1e+29`). */
const amountOf = (text: string, currency: string): Units => toUnits(text, placesOf(currency)) ?? { units: 0n, places: placesOf(currency) };

/** A buy quote for what the request asks: its payment total, less the fees, buys the purchase currency at the mock's price. */
function buyQuote(body: Record<string, unknown>): Record<string, unknown> {
  const paying = (field(body, 'payment_currency') ?? 'USD').toUpperCase();
  const buying = (field(body, 'purchase_currency') ?? 'USDC').toUpperCase();
  const total = amountOf(field(body, 'payment_amount') ?? '100', paying);
  const fee = scaleUnits(total, BUY_FEE_PER_10000, 10_000n, total.places);
  const network = amountOf(NETWORK_FEE, paying);
  const subtotal = { units: total.units - fee.units - network.units, places: total.places };
  return {
    svc_fee: money(fee, paying),
    network_fee: money(network, paying),
    payment_subtotal: money(subtotal, paying),
    payment_total: money(total, paying),
    // One `buying` costs `rateOf(buying, paying)` of `paying`.
    purchase_amount: money(scaleUnits(subtotal, RATE_SCALE, rateFraction(rateOf(buying, paying)), placesOf(buying)), buying),
  };
}

/** A sell quote: the amount sold at the mock's price in the cash-out currency, less the service's fee. */
function sellQuote(body: Record<string, unknown>): Record<string, unknown> {
  const selling = (field(body, 'sell_currency') ?? 'USDC').toUpperCase();
  const cashingOut = (field(body, 'cashout_currency') ?? 'USD').toUpperCase();
  const amount = amountOf(field(body, 'sell_amount') ?? '50', selling);
  const subtotal = scaleUnits(amount, rateFraction(rateOf(selling, cashingOut)), RATE_SCALE, placesOf(cashingOut));
  const fee = scaleUnits(subtotal, SELL_FEE_PER_1000, 1000n, subtotal.places);
  return {
    cashout_total: money({ units: subtotal.units - fee.units, places: subtotal.places }, cashingOut),
    cashout_subtotal: money(subtotal, cashingOut),
    sell_amount: money(amount, selling),
    svc_fee: money(fee, cashingOut),
  };
}

export function onrampBehaviour(sandbox: SandboxContext, hostedPaths: readonly string[]): ApiBehaviour {
  const tokens = new Map<string, { issuedAt: number; used: boolean }>();
  let issued = 0;
  const newToken = (subject: string): string => {
    const random = randomAt(subject, 'session-token', ++issued);
    const token = btoa(`${crypto.randomUUID()}${random.int(0, 1e9)}`).replace(/=+$/, '');
    tokens.set(token, { issuedAt: sandbox.now(), used: false });
    return token;
  };
  /** A quote's ready-to-use URL: the hosted page on this mock, with a fresh token, so the quote expires with it. */
  const quoteWithHostedUrl = async (call: MockCall, path: string, urlField: 'onramp_url' | 'offramp_url', price: (body: Record<string, unknown>) => Record<string, unknown>) => {
    const reply = await call.next();
    const seeded = isRecord(reply.body) ? reply.body : {};
    const seededQuote = isRecord(seeded.data) ? seeded.data : seeded;
    // The quote as the API reference shows it, unwrapped; its id is the seeded one.
    const quote: Record<string, unknown> = { ...price(isRecord(call.context.body) ? call.context.body : {}), quote_id: typeof seededQuote.quote_id === 'string' ? seededQuote.quote_id : crypto.randomUUID() };
    const url = new URL(path, call.context.url.origin);
    url.searchParams.set('sessionToken', newToken(call.context.principal.subject));
    url.searchParams.set('quoteId', String(quote.quote_id));
    quote[urlField] = url.toString();
    return { ...reply, body: quote };
  };
  return {
    behaviours: {
      createBuyQuote: (call) => quoteWithHostedUrl(call, hostedPaths[0] ?? '/', 'onramp_url', buyQuote),
      createSellQuote: (call) => quoteWithHostedUrl(call, hostedPaths[1] ?? hostedPaths[0] ?? '/', 'offramp_url', sellQuote),
      createSessionToken: async (call) => {
        const reply = await call.next();
        // A fresh token every time: the seeded one would repeat across calls.
        const token = newToken(call.context.principal.subject);
        const body = isRecord(reply.body) ? reply.body : {};
        if (isRecord(body.data)) body.data.token = token;
        else body.token = token;
        return { ...reply, body };
      },
    },
    extend: (app) => {
      for (const path of hostedPaths) {
        app.get(path, (c) => {
          const token = c.req.query('sessionToken');
          const entry = token ? tokens.get(token) : undefined;
          if (!token || !entry) return c.text('unknown session token', 401);
          if (entry.used) return c.text('this session token was used already', 401);
          if (sandbox.now() - entry.issuedAt > TOKEN_LIFETIME_MS) return c.text('this session token expired', 401);
          entry.used = true;
          return c.html(`<!doctype html><title>Mock hosted flow</title><h1>${path}</h1><p>Session accepted.</p>`);
        });
      }
    },
  };
}
