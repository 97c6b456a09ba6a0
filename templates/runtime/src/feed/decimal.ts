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

const scaled = (value: { units: bigint; scale: number }, scale: number): bigint =>
  value.units * 10n ** BigInt(scale - value.scale);

const DECIMAL = /^-?\d*(?:\.\d*)?$/;

/**
 * Already canonical (what a feed mostly sends: `64999.33`, `1.5`, `0.25`): digits with at most
 * one point, no leading zero but a lone one before the point, no trailing zero after it, no sign
 * on zero. One pass over the characters, no allocation.
 */
function isCanonical(text: string): boolean {
  const length = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0; // '-'
  const start = i;
  if (i >= length) return false;
  let dot = -1;
  let nonZero = false;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (dot >= 0 || i === start || i === length - 1) return false;
      dot = i;
    } else if (c < 48 || c > 57) return false;
    else if (c !== 48) nonZero = true;
  }
  if (text.charCodeAt(start) === 48 && length - start > 1 && dot !== start + 1) return false; // '007', '00.5'
  if (dot >= 0 && text.charCodeAt(length - 1) === 48) return false; // '1.50'
  return nonZero || start === 0; // '-0' is not canonical; '0' is
}

/**
 * The canonical form of a decimal string: `'100.10'` -> `'100.1'`, `'-0.0'` -> `'0'`. Done on
 * the characters (no BigInt): an order book normalises every price and size it is sent.
 */
export function normalizeDecimal(text: string): string {
  if (isCanonical(text)) return text;
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) throw new TypeError(`not a decimal string: ${text}`);
  const negative = trimmed.startsWith('-');
  const body = negative ? trimmed.slice(1) : trimmed;
  const dot = body.indexOf('.');
  let whole = dot < 0 ? body : body.slice(0, dot);
  let fraction = dot < 0 ? '' : body.slice(dot + 1);
  let start = 0;
  while (start < whole.length - 1 && whole.charCodeAt(start) === 48) start++;
  whole = whole.slice(start) || '0';
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--;
  fraction = fraction.slice(0, end);
  const out = fraction ? `${whole}.${fraction}` : whole;
  return negative && out !== '0' ? `-${out}` : out;
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

/** Whether a decimal string is zero (`'0'`, `'0.00000000'`, `'-0'`): no digit 1-9 in it. */
export const isZeroDecimal = (text: string): boolean => normalizeDecimal(text) === '0';
