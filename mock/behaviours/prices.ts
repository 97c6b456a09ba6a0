/**
 * What the mock's currencies are worth, for the v2 prices and exchange rates and the onramp
 * quotes: crypto from the price the mock feed's market opens at, fiat at fixed rates, other
 * codes at a stable price derived from the code.
 */
import { PRODUCTS } from '../feed/server.js';

/** What one unit of each currency the mock knows is worth in US dollars (crypto from the feed's opening prices). */
const FIAT_USD_VALUE: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, CAD: 0.73, JPY: 0.0067 };

const USD_VALUE: Record<string, number> = {
  ...FIAT_USD_VALUE,
  USDC: 1,
  ...Object.fromEntries(Object.entries(PRODUCTS).map(([pair, cents]) => [pair.split('-')[0]!, cents / 100])),
};

/** A currency's worth in US dollars; one the mock does not know gets a stable price derived from its code. */
const usdValueOf = (code: string): number => USD_VALUE[code] ?? (1_000 + ([...code].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) % 100_000)) / 100;

/** The price of one `base` in `quote`, unrounded. */
export const rateOf = (base: string, quote: string): number => usdValueOf(base) / usdValueOf(quote);

/** The price of a pair (`BTC-EUR`) in its quote currency; buying costs 1% more, selling brings 1% less. */
export function priceOf(pair: string, side: 'spot' | 'buy' | 'sell'): { amount: string; currency: string } {
  const [base = 'BTC', quote = 'USD'] = pair.split('-');
  const factor = side === 'buy' ? 1.01 : side === 'sell' ? 0.99 : 1;
  return { amount: (rateOf(base, quote) * factor).toFixed(2), currency: quote };
}

/** Rates of `base` against every currency the mock knows: how much of each one unit of `base` buys. */
export function exchangeRates(base: string): Record<string, string> {
  const rates: Record<string, string> = {};
  for (const code of Object.keys(USD_VALUE).sort()) {
    const rate = rateOf(base, code);
    rates[code] = rate >= 1 ? rate.toFixed(2) : rate.toFixed(8);
  }
  return rates;
}

/** Places an amount in `currency` is written with: none for JPY, 2 for other fiat and stablecoins, 8 for other crypto. */
function placesOf(currency: string): number {
  if (currency === 'JPY') return 0;
  return currency in FIAT_USD_VALUE || currency === 'USDC' ? 2 : 8;
}

/** `value` written with the places of `currency`. */
export const amountIn = (value: number, currency: string): string => value.toFixed(placesOf(currency));
