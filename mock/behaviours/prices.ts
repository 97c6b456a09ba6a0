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

/**
 * A currency's worth in US dollars; one the mock does not know gets a stable price derived from
 * its code, between 10 and 1,010 dollars (the hash stays below 2^53 at every step, so a code of
 * any length has one).
 */
const usdValueOf = (code: string): number => USD_VALUE[code] ?? (1_000 + [...code].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 100_000, 7)) / 100;

/**
 * Whether a text can be a currency code: 2 to 12 letters and digits (`USD`, `USDC`, `1INCH`).
 * The service refuses anything else as an invalid currency; the mock prices any such code.
 */
export const isCurrencyCode = (code: string): boolean => /^[A-Za-z0-9]{2,12}$/.test(code);

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
export function placesOf(currency: string): number {
  if (currency === 'JPY') return 0;
  return currency in FIAT_USD_VALUE || currency === 'USDC' ? 2 : 8;
}

/** An amount as a whole number of the smallest units of its currency: `12.345` USD is 1235 (half up). */
export interface Units {
  units: bigint;
  places: number;
}

/** A decimal string (`-?digits(.digits)?`, any length) in units of `places` decimals, rounded half up; undefined when it is no decimal. */
export function toUnits(text: string, places: number): Units | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const kept = `${whole}${fraction.slice(0, places).padEnd(places, '0')}`;
  const roundsUp = (fraction[places] ?? '0') >= '5';
  const units = BigInt(kept) + (roundsUp ? 1n : 0n);
  return { units: sign === '-' ? -units : units, places };
}

/** Units written as a decimal string with exactly their places: never an exponent, however large. */
export function fromUnits({ units, places }: Units): string {
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return units < 0n ? `-${text}` : text;
}

/** `amount` times `numerator / denominator`, in units of `places` decimals, rounded half up. */
export function scaleUnits(amount: Units, numerator: bigint, denominator: bigint, places: number): Units {
  const scaled = amount.units * numerator * 10n ** BigInt(places);
  const divisor = denominator * 10n ** BigInt(amount.places);
  const half = divisor / 2n;
  return { units: (scaled + (scaled < 0n ? -half : half)) / divisor, places };
}

/** A rate as a fraction with nine decimals, for exact arithmetic on amounts of any size. */
export const RATE_SCALE = 1_000_000_000n;
export const rateFraction = (rate: number): bigint => BigInt(Math.round(rate * Number(RATE_SCALE)));
