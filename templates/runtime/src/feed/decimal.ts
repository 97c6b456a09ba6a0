/**
 * Decimal strings compared and subtracted exactly (BigInt), so that prices stay the keys
 * they were sent as: `'100.10'` and `'100.1'` are the same level, and no float drifts.
 */

/** `'-12.340'` -> { units: -1234n, scale: 2 } (trailing zeros dropped). */
function parse(text: string): { units: bigint; scale: number } {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new TypeError(`not a decimal string: ${text}`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const digits = `${match[2] || '0'}${fraction}`;
  const units = BigInt(digits) * (match[1] === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

const scaled = (value: { units: bigint; scale: number }, scale: number): bigint => value.units * 10n ** BigInt(scale - value.scale);

/** The canonical form of a decimal string: `'100.10'` -> `'100.1'`, `'-0.0'` -> `'0'`. */
export function normalizeDecimal(text: string): string {
  return format(parse(text));
}

function format({ units, scale }: { units: bigint; scale: number }): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  const out = `${whole}${fraction}`;
  return negative && out !== '0' ? `-${out}` : out;
}

/** -1, 0 or 1, exactly. */
export function compareDecimals(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const d = scaled(x, scale) - scaled(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** a - b, exactly. */
export function subtractDecimals(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return normalizeDecimal(format({ units: scaled(x, scale) - scaled(y, scale), scale }));
}

/** a + b, exactly. */
export function addDecimals(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return normalizeDecimal(format({ units: scaled(x, scale) + scaled(y, scale), scale }));
}

export const isZeroDecimal = (text: string): boolean => parse(text).units === 0n;
