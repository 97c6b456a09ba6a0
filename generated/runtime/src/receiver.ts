// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * `@svc/runtime/receiver`: receiving a document's webhooks as a Fetch-API handler. A delivery
 * is verified over its raw body (when verification is configured), parsed, matched to its
 * webhook, validated with that webhook's validator and handed to its typed handler. Kept apart
 * from the runtime's index so that a client bundle carries none of it; Standard Webhooks'
 * library is loaded only when a receiver verifies that way.
 */
import type { Validator } from './types.js';
import { verifyWebhookSignature } from './webhooks.js';
import { readAtMost } from './encoding.js';

/** One webhook as a receiver knows it, with `T` the type of its payload. */
export interface ReceivedWebhook<T = unknown> {
  /** Its key under the document's `webhooks` (`batch_completed`, `wallet:buys:created`). */
  name: string;
  /** The method it is delivered with (`POST`). */
  method: string;
  /** Its JSON body's validator; absent when it declares no JSON body. */
  body?: Validator<T> | undefined;
}

/** What the generated `<package>/webhooks` knows of the document's webhooks (`webhookReceiverSpec`). */
export interface WebhookReceiverSpec<P extends object> {
  /** Every webhook, by operationId, with a validator of its payload's type. */
  webhooks: { readonly [K in keyof P & string]: ReceivedWebhook<P[K]> };
  /** The body property every payload pins to a value of its own, and that value by operationId. */
  match?: { property: string; values: { readonly [K in keyof P & string]: string | number | boolean } } | undefined;
  /** How the document says its webhooks are signed; absent when it says nothing. */
  signature?: { scheme: 'x-delivery'; header: string } | { scheme: 'standard' } | undefined;
}

/**
 * How a receiver checks the sender, chosen by its shape: a `secret` is Standard Webhooks
 * (HMAC-SHA256 over `webhook-id`, `webhook-timestamp` and the body, in `webhook-signature`;
 * a timestamp more than five minutes off is refused), a `publicKey` is the `x-delivery` scheme
 * (an RSA PKCS#1 v1.5 SHA-256 signature of the body, base64, in `header`).
 */
export type WebhookVerification = StandardWebhooksVerification | RsaWebhookVerification;

export interface StandardWebhooksVerification {
  /** The endpoint's signing secret: `whsec_` and base64, as the sender shows it. */
  secret: string;
}

export interface RsaWebhookVerification {
  /** The sender's RSA public key: PEM (SPKI) or an imported CryptoKey. */
  publicKey: string | CryptoKey;
  /** The header that carries the signature. @default the document's `x-delivery.signatureHeader` */
  header?: string | undefined;
}

/**
 * How a delivery names its webhook: `'body'` (the property the document's payloads pin, such as
 * `type`), `'path'` (the last segment of the URL's path) or `{ header }`; a path segment or header
 * holds the webhook's name in the document or its operationId.
 */
export type WebhookMatch = 'body' | 'path' | { header: string };

/** What a handler knows of the delivery besides its payload. */
export interface WebhookContext<K extends string = string> {
  /** The webhook's operationId. */
  webhook: K;
  /** Its key under the document's `webhooks`. */
  name: string;
  request: Request;
  /** Standard Webhooks' `webhook-id`: the same on every retry of one delivery (for deduplication). */
  deliveryId?: string | undefined;
}

/** Handles one webhook's validated payload; a Response it returns is the answer (200 with no body otherwise). */
export type WebhookHandler<T, K extends string = string> = (
  payload: T,
  context: WebhookContext<K>,
) => void | Response | Promise<void | Response>;

/** A handler per webhook, by operationId; a delivery of a webhook without one is acknowledged (200) once checked. */
export type WebhookHandlers<P extends object> = { [K in keyof P & string]?: WebhookHandler<P[K], K> };

export interface WebhookReceiverOptions<P extends object> {
  handlers: WebhookHandlers<P>;
  /** How to check the sender; `false` or absent: deliveries are not verified. */
  verify?: WebhookVerification | false | undefined;
  /** @default 'body' when the document's payloads pin a property of their own, else required */
  match?: WebhookMatch | undefined;
  /** The largest body read; a larger delivery is refused (413) before it is read further. @default 1048576 (1 MiB) */
  maxBodyBytes?: number | undefined;
  /** Told of a handler's failure, or of verification failing to run (no context then); both are answered 500 without details. */
  onError?: ((error: unknown, context: WebhookContext | undefined) => void) | undefined;
}

/** A Fetch-API handler: Request in, Response out (Bun, Deno, workers, Hono, Node with an adapter). */
export type WebhookReceiver = (request: Request) => Promise<Response>;

/** Why a delivery was refused, as the JSON body of the answer says. */
export type WebhookRefusal =
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'bad_signature'
  | 'invalid_json'
  | 'unknown_webhook'
  | 'invalid_payload'
  | 'handler_failed'
  | 'receiver_failed';

const refuse = (
  status: number,
  error: WebhookRefusal,
  message: string,
  headers: Record<string, string> = {},
): Response =>
  new Response(JSON.stringify({ error, message }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

type StandardVerify = (body: string, headers: Headers) => { ok: true; id: string } | { ok: false; message: string };

/**
 * A receiver of the webhooks `spec` describes. Throws when no rule can match a delivery to its
 * webhook (several webhooks, no body property of their own, no `match`) or a `verify` is empty.
 */
export function createReceiver<P extends object>(
  spec: WebhookReceiverSpec<P>,
  options: WebhookReceiverOptions<P>,
): WebhookReceiver {
  const entries = Object.entries(spec.webhooks) as [keyof P & string, ReceivedWebhook][];
  const match = options.match ?? (spec.match || entries.length <= 1 ? 'body' : undefined);
  if (match === undefined || (match === 'body' && !spec.match && entries.length > 1))
    throw new Error(
      `createWebhookReceiver: no body property tells the ${entries.length} webhooks apart; give \`match\` ('path' or { header })`,
    );
  const methods = [...new Set(entries.map(([, hook]) => hook.method.toUpperCase()))].sort();
  const verify = verifierOf(options.verify, spec.signature);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  const identify = (request: Request, body: unknown): (keyof P & string) | WebhookRefusalAnswer => {
    if (entries.length === 1 && match === 'body' && !spec.match) return entries[0]![0];
    if (match === 'body') {
      const { property, values } = spec.match!;
      const value =
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as Record<string, unknown>)[property]
          : undefined;
      if (value === undefined) return { refusal: `the body has no \`${property}\`, which names the webhook` };
      const found = entries.find(([id]) => values[id] === value);
      return found
        ? found[0]
        : {
            refusal: `no webhook has ${property} ${shown(value)}; known: ${entries.map(([id]) => JSON.stringify(values[id])).join(', ')}`,
          };
    }
    const named = match === 'path' ? lastPathSegment(request.url) : request.headers.get(match.header);
    const where = match === 'path' ? 'the path' : `the header ${match.header}`;
    if (!named) return { refusal: `${where} names no webhook` };
    const found = entries.find(([id, hook]) => id === named || hook.name === named);
    return found
      ? found[0]
      : {
          refusal: `${where} names ${shown(named)}, which is no webhook; known: ${entries.map(([, hook]) => hook.name).join(', ')}`,
        };
  };

  return async (request) => {
    if (!methods.includes(request.method.toUpperCase()))
      return refuse(405, 'method_not_allowed', `webhooks are delivered with ${methods.join(', ')}`, {
        allow: methods.join(', '),
      });
    const bytes = await bodyBytes(request, maxBodyBytes);
    if (!bytes) return refuse(413, 'payload_too_large', `a delivery is at most ${maxBodyBytes} bytes`);
    const text = new TextDecoder().decode(bytes);
    let deliveryId: string | undefined;
    if (verify) {
      let verdict: Awaited<ReturnType<Verifier>>;
      try {
        verdict = await verify({ bytes, text, headers: request.headers });
      } catch (error) {
        report(options, error, undefined);
        return refuse(500, 'receiver_failed', 'the delivery could not be verified');
      }
      if (!verdict.ok) return refuse(401, 'bad_signature', verdict.message);
      deliveryId = verdict.id;
    }
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      return refuse(400, 'invalid_json', `the body is not JSON: ${(error as Error).message}`);
    }
    const id = identify(request, body);
    if (typeof id === 'object') return refuse(400, 'unknown_webhook', id.refusal);
    const hook: ReceivedWebhook = spec.webhooks[id];
    if (hook.method.toUpperCase() !== request.method.toUpperCase())
      return refuse(405, 'method_not_allowed', `webhook ${hook.name} is delivered with ${hook.method}`, {
        allow: hook.method,
      });
    let payload: unknown = body;
    if (hook.body) {
      const parsed = hook.body.safeParse(body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        return refuse(
          422,
          'invalid_payload',
          `webhook ${hook.name}: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'the payload is invalid'}`,
        );
      }
      payload = parsed.data;
    }
    const context: WebhookContext<keyof P & string> = {
      webhook: id,
      name: hook.name,
      request,
      ...(deliveryId !== undefined ? { deliveryId } : {}),
    };
    // Own handlers only: a webhook named `toString` without a handler must not reach Object.prototype's.
    const handler = Object.hasOwn(options.handlers, id) ? options.handlers[id] : undefined;
    if (!handler) return new Response(null, { status: 200 });
    try {
      // The payload passed this webhook's own validator, a Validator<P[id]> (the spec's type says so); `id` being a union of keys, TypeScript cannot follow.
      const answer = await handler(payload as P[keyof P & string], context);
      return answer instanceof Response ? answer : new Response(null, { status: 200 });
    } catch (error) {
      report(options, error, context);
      return refuse(500, 'handler_failed', `the handler of webhook ${hook.name} failed`);
    }
  };
}

function report<P extends object>(
  options: WebhookReceiverOptions<P>,
  error: unknown,
  context: WebhookContext | undefined,
): void {
  try {
    options.onError?.(error, context);
  } catch {
    // A failing error hook must not turn the answer into an unhandled rejection.
  }
}

/** Webhook payloads are small (OpenAI's and ours: well under 10 kB); a receiver on the open internet need not read more. */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The body's bytes, or undefined once more than `limit` arrived (as declared, or as read). */
async function bodyBytes(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) return undefined;
  return request.body ? readAtMost(request.body, limit) : new Uint8Array(0);
}

/** A value the sender chose, as a refusal repeats it: JSON, cut short (it may be most of a megabyte). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

interface WebhookRefusalAnswer {
  refusal: string;
}

/**
 * A Hono handler of a receiver: `app.post('/webhooks', webhookRoute(receiver))`. Typed by the
 * part of Hono's context it reads, so that the receiver needs no Hono.
 */
export function webhookRoute(receiver: WebhookReceiver): (context: { req: { raw: Request } }) => Promise<Response> {
  return (context) => receiver(context.req.raw);
}

type Verifier = (delivery: {
  bytes: Uint8Array;
  text: string;
  headers: Headers;
}) => Promise<{ ok: true; id?: string | undefined } | { ok: false; message: string }>;

function verifierOf(
  verification: WebhookVerification | false | undefined,
  declared: WebhookReceiverSpec<object>['signature'],
): Verifier | undefined {
  if (!verification) return undefined;
  if ('secret' in verification) {
    if (!verification.secret) throw new Error('createWebhookReceiver: verify.secret is empty');
    // Loaded once, on the first delivery: a package whose receivers never verify this way needs no `standardwebhooks`.
    let loading: Promise<StandardVerify> | undefined;
    return async ({ text, headers }) => {
      loading ??= loadStandardWebhooks().then((module) => module.standardWebhooksVerifier(verification.secret));
      return (await loading)(text, headers);
    };
  }
  const header = verification.header ?? (declared?.scheme === 'x-delivery' ? declared.header : undefined);
  if (header === undefined)
    throw new Error('createWebhookReceiver: verify.header is needed (the document names no signature header)');
  return async ({ bytes, headers }) => {
    const signature = headers.get(header);
    if (!signature) return { ok: false, message: `the ${header} header is missing` };
    const valid = await verifyWebhookSignature({ body: bytes, signature, publicKey: verification.publicKey });
    return valid ? { ok: true } : { ok: false, message: 'the signature does not match the body' };
  };
}

async function loadStandardWebhooks(): Promise<typeof import('./standard-webhooks.js')> {
  try {
    return await import('./standard-webhooks.js');
  } catch (error) {
    throw new Error('verifying Standard Webhooks needs the package `standardwebhooks` (npm install standardwebhooks)', {
      cause: error,
    });
  }
}

function lastPathSegment(url: string): string | undefined {
  const segments = new URL(url).pathname.split('/').filter((s) => s !== '');
  const last = segments.at(-1);
  if (last === undefined) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
