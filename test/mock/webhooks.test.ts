/**
 * The v2 mock's webhooks: a create sends the document's notification to the configured URL,
 * signed with the mock's RSA key and retried after a failure; receivers verify it with
 * `verifyWebhookSignature` and `receiveWebhook`, which refuse forged, altered or foreign ones;
 * the notification endpoints list what was sent.
 */
import { generateWebhookKeys } from '@svc/mock-runtime';
import { receiveWebhook, V2Client, verifyWebhookSignature, webhooks } from '@svc/v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../mock/index.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

let receiver: TestServer;
let sandbox: Sandbox;
let answered = 0;

beforeAll(async () => {
  // The receiver fails its first delivery, so the mock has to retry.
  receiver = await startServer(() => (answered++ === 0 ? { status: 503 } : { status: 200 }));
  sandbox = await startSandbox({ webhookUrl: `${receiver.baseUrl}/hooks`, webhookRetryDelaysMs: [20, 20, 20] });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

describe('v2 webhooks from the mock', () => {
  it('sends a signed buy notification, retries it after a failure, and lists it', async () => {
    const client = new V2Client({ baseUrl: sandbox.servers.v2, apiKey: sandbox.credentials.apiKey, retry: false });
    const accounts = await client.accounts.listAccounts();
    const account_id = accounts.data[0]!.id;
    const buy = await client.buys.createBuy({ account_id }, { amount: '0.5', currency: 'BTC', payment_method: '83562370-3e5c-51db-87da-752af5ab9559' });
    await sandbox.webhooks!.settle();

    const deliveries = receiver.requests.filter((r) => r.url === '/hooks');
    expect(deliveries.length).toBe(2);
    expect(deliveries[0]!.body).toBe(deliveries[1]!.body);
    const delivery = sandbox.webhooks!.deliveries.find((d) => d.event === 'wallet:buys:created');
    expect(delivery).toMatchObject({ attempts: 2, delivered: true, lastStatus: 200 });

    const { body, headers } = deliveries[1]!;
    const signature = String(headers['svc-signature']);
    const publicKey = sandbox.webhookPublicKey!;
    expect(await verifyWebhookSignature({ body, signature, publicKey })).toBe(true);
    const received = await receiveWebhook({ body, signature, publicKey, validator: webhooks.onBuyCreated.validators.body });
    expect(received.ok).toBe(true);
    if (received.ok) {
      expect(received.payload.type).toBe('wallet:buys:created');
      expect((received.payload.data as { id?: string }).id).toBe(buy.data.id);
    }

    const listed = await client.notifications.listNotifications();
    expect(listed.data.some((n) => n.type === 'wallet:buys:created' && (n.data as { id?: string } | undefined)?.id === buy.data.id)).toBe(true);
  });

  it('refuses a forged signature, an altered body and another key', async () => {
    const delivery = sandbox.webhooks!.deliveries[0]!;
    const publicKey = sandbox.webhookPublicKey!;
    const forged = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(256))));
    expect(await verifyWebhookSignature({ body: delivery.body, signature: forged, publicKey })).toBe(false);
    const altered = delivery.body.replace('wallet:buys:created', 'wallet:buys:canceled');
    expect(altered).not.toBe(delivery.body);
    expect(await verifyWebhookSignature({ body: altered, signature: delivery.signature, publicKey })).toBe(false);
    const other = await generateWebhookKeys();
    expect(await verifyWebhookSignature({ body: delivery.body, signature: delivery.signature, publicKey: other.publicKeyPem })).toBe(false);
    const received = await receiveWebhook({ body: altered, signature: delivery.signature, publicKey, validator: webhooks.onBuyCreated.validators.body });
    expect(received).toMatchObject({ ok: false, reason: 'bad_signature' });
  });
});
