// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Receiving webhooks: verify the sender's signature over the raw body, then validate the
 * body with the webhook's generated validator. WebCrypto only.
 */
import type { Validator } from './types.js';

export interface WebhookSignatureInput {
  /** The raw request body, exactly as received (before any JSON parsing). */
  body: string | Uint8Array;
  /** Value of the signature header (base64). */
  signature: string;
  /** The sender's RSA public key: PEM (`-----BEGIN PUBLIC KEY-----`, SPKI) or an imported CryptoKey. */
  publicKey: string | CryptoKey;
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return base64ToBytes(base64);
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * Whether `signature` is a valid RSA PKCS#1 v1.5 SHA-256 signature of `body` under
 * `publicKey` (the scheme the v2 notifications use, per the service's public docs).
 * Never throws for a malformed signature: it is simply not valid.
 */
export async function verifyWebhookSignature(input: WebhookSignatureInput): Promise<boolean> {
  const key =
    typeof input.publicKey === 'string'
      ? await crypto.subtle.importKey('spki', pemToDer(input.publicKey), ALGORITHM, false, ['verify'])
      : input.publicKey;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = base64ToBytes(input.signature.trim());
  } catch {
    return false;
  }
  const body = typeof input.body === 'string' ? new TextEncoder().encode(input.body) : new Uint8Array(input.body);
  return crypto.subtle.verify(ALGORITHM, key, signature, body);
}

export type WebhookResult<T> =
  | { ok: true; payload: T }
  | { ok: false; reason: 'bad_signature' | 'invalid_json' | 'invalid_payload'; message: string };

/**
 * Verifies a webhook and parses its body with the webhook's validator (from the generated
 * `webhooks` record, e.g. `webhooks.onBuyCompleted.validators.body`).
 */
export async function receiveWebhook<T>(
  input: WebhookSignatureInput & { validator: Validator<T> },
): Promise<WebhookResult<T>> {
  if (!(await verifyWebhookSignature(input)))
    return { ok: false, reason: 'bad_signature', message: 'the signature does not match the body' };
  let json: unknown;
  try {
    json = JSON.parse(typeof input.body === 'string' ? input.body : new TextDecoder().decode(input.body));
  } catch (error) {
    return { ok: false, reason: 'invalid_json', message: (error as Error).message };
  }
  const parsed = input.validator.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      ok: false,
      reason: 'invalid_payload',
      message: first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid payload',
    };
  }
  return { ok: true, payload: parsed.data };
}
