/**
 * Standard Webhooks verification (https://www.standardwebhooks.com), through the scheme's own
 * library: HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>` with the `whsec_` secret,
 * any of the `v1,` signatures in `webhook-signature` matching, the timestamp within five
 * minutes. Imported by the receiver only when it verifies this way.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** Checks a delivery's raw body and headers; a malformed or wrong signature is a refusal, never a throw. */
export function standardWebhooksVerifier(
  secret: string,
): (body: string, headers: Headers) => { ok: true; id: string } | { ok: false; message: string } {
  const webhook = new Webhook(secret);
  return (body, headers) => {
    const id = headers.get('webhook-id') ?? '';
    const signed = {
      'webhook-id': id,
      'webhook-timestamp': headers.get('webhook-timestamp') ?? '',
      'webhook-signature': headers.get('webhook-signature') ?? '',
    };
    try {
      webhook.verify(body, signed, { jsonParse: false });
      return { ok: true, id };
    } catch (error) {
      if (error instanceof WebhookVerificationError)
        return { ok: false, message: `Standard Webhooks: ${error.message}` };
      throw error;
    }
  };
}
