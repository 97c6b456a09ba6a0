// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * `x-hmac-signature`: the signature headers of one request. WebCrypto, so the runtime
 * needs no Node built-ins and also runs in browsers, Deno, Bun and workers.
 */
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
export async function sign(input: SignatureInput): Promise<string> {
  return signWith(input, nodeCrypto);
}

/** `sign` through Web Crypto only: what browsers run (exported so that Node tests cover it too). */
export function signWithWebCrypto(input: SignatureInput): Promise<string> {
  return signWith(input, undefined);
}

async function signWith(input: SignatureInput, node: NodeHmac | undefined): Promise<string> {
  if (input.hmac.algorithm !== 'HMAC-SHA256')
    throw new TypeError(`Unsupported signature algorithm ${String(input.hmac.algorithm)}`);
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const part of input.hmac.message) {
    if (part === 'timestamp') parts.push(encoder.encode(input.timestamp));
    else if (part === 'method') parts.push(encoder.encode(input.method.toUpperCase()));
    else if (part === 'requestPath') parts.push(encoder.encode(input.requestPath));
    // Binary bodies are signed byte for byte.
    else if (input.body !== undefined)
      parts.push(typeof input.body === 'string' ? encoder.encode(input.body) : input.body);
  }
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  const digest = node
    ? new Uint8Array(node.createHmac('sha256', encoder.encode(input.secret)).update(message).digest())
    : new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(input.secret), message));
  return input.hmac.encoding === 'base64' ? toBase64(digest) : toHex(digest);
}

/**
 * Node's own HMAC where the runtime has it (asked for at run time, so that browser bundles never
 * see a `node:` import): Web Crypto's `sign` goes through a worker thread, about 60 µs a
 * request, where `createHmac` takes 2 µs. Browsers (and Deno, Bun without it) use Web Crypto.
 */
interface NodeHmac {
  createHmac(algorithm: 'sha256', key: Uint8Array): { update(data: Uint8Array): { digest(): Uint8Array } };
}
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeHmac | undefined;

/**
 * Imported keys by secret: importing costs several times what signing does, and a client (or a
 * server checking its callers) signs every request with the same few secrets. Bounded; the
 * keys are not extractable.
 */
const importedKeys = new Map<string, Promise<CryptoKey>>();
const MAX_IMPORTED_KEYS = 64;

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = importedKeys.get(secret);
  if (!key) {
    if (importedKeys.size >= MAX_IMPORTED_KEYS) importedKeys.delete(importedKeys.keys().next().value!);
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    // A failed import is not kept: the next call tries again.
    key.catch(() => importedKeys.delete(secret));
    importedKeys.set(secret, key);
  }
  return key;
}

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Bytes in base64, without Node's Buffer (the runtime also runs in workers and browsers). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The timestamp header value for `nowMs` in the scheme's unit. */
export function formatTimestamp(nowMs: number, unit: HmacSignatureSpec['timestampUnit']): string {
  return String(Math.floor(unit === 'milliseconds' ? nowMs : nowMs / 1000));
}

/** The three headers of a signed request: key, timestamp and signature. */
export async function signatureHeaders(init: {
  hmac: HmacSignatureSpec;
  key: string;
  secret: string;
  nowMs: number;
  method: string;
  requestPath: string;
  body?: string | Uint8Array;
}): Promise<[string, string][]> {
  const timestamp = formatTimestamp(init.nowMs, init.hmac.timestampUnit);
  const signature = await sign({ ...init, timestamp });
  return [
    [init.hmac.keyHeader, init.key],
    [init.hmac.timestampHeader, timestamp],
    [init.hmac.signatureHeader, signature],
  ];
}
