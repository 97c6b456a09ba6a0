/**
 * Webhook delivery as the service does it (`x-delivery`): POST the JSON body to the
 * receiver's URL, signed with an RSA key (PKCS#1 v1.5, SHA-256, base64 in the signature
 * header), retried after failures on a schedule. Every delivery is kept for inspection.
 */

export interface WebhookDelivery {
  id: string;
  /** The webhook's name (`wallet:buys:created`). */
  event: string;
  url: string;
  /** The exact body sent. */
  body: string;
  signature: string;
  attempts: number;
  delivered: boolean;
  /** Status of the last attempt (0: the connection failed). */
  lastStatus?: number;
}

export interface WebhookDispatcherOptions {
  url: string;
  /** RSA private key (RSASSA-PKCS1-v1_5, SHA-256) the bodies are signed with. */
  privateKey: CryptoKey;
  /** @default 'SVC-SIGNATURE' */
  signatureHeader?: string;
  /** Waits before each retry; the length is the number of retries. @default [1000, 2000, 4000] */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
  /** Waits (injectable for tests). */
  sleep?: (ms: number) => Promise<void>;
}

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** A fresh RSA key pair for signing webhooks, with the public key as PEM for receivers. */
export async function generateWebhookKeys(): Promise<{ privateKey: CryptoKey; publicKeyPem: string }> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const lines = toBase64(spki).match(/.{1,64}/g) ?? [];
  return {
    privateKey: pair.privateKey,
    publicKeyPem: `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`,
  };
}

/** Imports a PKCS#8 PEM private key for signing. */
export async function importWebhookKey(pem: string): Promise<CryptoKey> {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
}

export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  private counter = 0;

  constructor(private readonly options: WebhookDispatcherOptions) {}

  /** Signs and sends `payload`; resolves with the delivery record once queued (retries go on in the background). */
  async send(event: string, payload: unknown): Promise<WebhookDelivery> {
    const body = JSON.stringify(payload);
    const signature = toBase64(
      new Uint8Array(
        await crypto.subtle.sign('RSASSA-PKCS1-v1_5', this.options.privateKey, new TextEncoder().encode(body)),
      ),
    );
    const delivery: WebhookDelivery = {
      id: `delivery-${++this.counter}`,
      event,
      url: this.options.url,
      body,
      signature,
      attempts: 0,
      delivered: false,
    };
    this.deliveries.push(delivery);
    const task = this.attempt(delivery).finally(() => this.pending.delete(task));
    this.pending.add(task);
    return delivery;
  }

  /** Waits until every delivery has succeeded or given up. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    const delays = this.options.retryDelaysMs ?? [1000, 2000, 4000];
    const send = this.options.fetch ?? fetch;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await sleep(delays[attempt - 1]!);
      delivery.attempts++;
      try {
        const response = await send(delivery.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [this.options.signatureHeader ?? 'SVC-SIGNATURE']: delivery.signature,
          },
          body: delivery.body,
        });
        await response.body?.cancel();
        delivery.lastStatus = response.status;
        if (response.ok) {
          delivery.delivered = true;
          return;
        }
      } catch {
        delivery.lastStatus = 0;
      }
    }
  }
}
