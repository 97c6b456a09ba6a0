/** `x-hmac-signature`: the signature headers of one request. */
import { createHmac } from 'node:crypto';
import type { HmacSignatureSpec } from './types.js';

/** What gets signed. */
export interface SignatureInput {
  hmac: HmacSignatureSpec;
  secret: string;
  /** The timestamp exactly as sent in `timestampHeader`. */
  timestamp: string;
  method: string;
  /** URL pathname plus query string (`/v2/accounts?limit=10`). */
  requestPath: string;
  /** The exact body sent; undefined or '' when there is none. */
  body?: string | Uint8Array;
}

/**
 * HMAC-SHA256 of the `hmac.message` parts concatenated, keyed with the secret, as hex or base64.
 *
 * @example sign({ hmac, secret: 'secret', timestamp: '1700000000', method: 'GET', requestPath: '/v2/user' })
 */
export function sign(input: SignatureInput): string {
  if (input.hmac.algorithm !== 'HMAC-SHA256') throw new TypeError(`Unsupported signature algorithm ${String(input.hmac.algorithm)}`);
  const mac = createHmac('sha256', input.secret);
  // Feeding the parts one by one equals hashing their concatenation, and keeps binary bodies exact.
  for (const part of input.hmac.message) {
    if (part === 'timestamp') mac.update(input.timestamp);
    else if (part === 'method') mac.update(input.method.toUpperCase());
    else if (part === 'requestPath') mac.update(input.requestPath);
    else if (input.body !== undefined) mac.update(input.body);
  }
  return mac.digest(input.hmac.encoding);
}

/** The timestamp header value for `nowMs` in the scheme's unit. */
export function formatTimestamp(nowMs: number, unit: HmacSignatureSpec['timestampUnit']): string {
  return String(Math.floor(unit === 'milliseconds' ? nowMs : nowMs / 1000));
}

/** The three headers of a signed request: key, timestamp and signature. */
export function signatureHeaders(init: {
  hmac: HmacSignatureSpec;
  key: string;
  secret: string;
  nowMs: number;
  method: string;
  requestPath: string;
  body?: string | Uint8Array;
}): [string, string][] {
  const timestamp = formatTimestamp(init.nowMs, init.hmac.timestampUnit);
  const signature = sign({ ...init, timestamp });
  return [
    [init.hmac.keyHeader, init.key],
    [init.hmac.timestampHeader, timestamp],
    [init.hmac.signatureHeader, signature],
  ];
}
