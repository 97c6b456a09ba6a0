/** Webhook receipt: RSA PKCS#1 v1.5 SHA-256 signatures over the raw body, then payload validation. */
import { generateKeyPairSync, createSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { receiveWebhook, verifyWebhookSignature } from '../../templates/runtime/src/index.js';

// Keys and signatures made with node:crypto, independently of the WebCrypto code under test.
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const signBody = (body: string): string => createSign('RSA-SHA256').update(body).sign(privateKey, 'base64');
const body = JSON.stringify({ id: '6bf0ca21-0b2f-5e8a-b95e-7bd7eaccc338', type: 'ping', data: {} });

describe('verifyWebhookSignature', () => {
  it('accepts the signature of the exact raw body', async () => {
    await expect(verifyWebhookSignature({ body, signature: signBody(body), publicKey: pem })).resolves.toBe(true);
    await expect(verifyWebhookSignature({ body: new TextEncoder().encode(body), signature: signBody(body), publicKey: pem })).resolves.toBe(true);
  });
  it('rejects a changed body, another key, and garbage', async () => {
    await expect(verifyWebhookSignature({ body: `${body} `, signature: signBody(body), publicKey: pem })).resolves.toBe(false);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await expect(verifyWebhookSignature({ body, signature: signBody(body), publicKey: other })).resolves.toBe(false);
    await expect(verifyWebhookSignature({ body, signature: '%%%not base64', publicKey: pem })).resolves.toBe(false);
  });
});

describe('receiveWebhook', () => {
  const validator = z.looseObject({ id: z.string(), type: z.literal('ping'), data: z.looseObject({}) });
  it('returns the validated payload', async () => {
    const result = await receiveWebhook({ body, signature: signBody(body), publicKey: pem, validator });
    expect(result).toEqual({ ok: true, payload: JSON.parse(body) });
  });
  it('tells a bad signature from a bad payload', async () => {
    expect(await receiveWebhook({ body, signature: signBody('x'), publicKey: pem, validator })).toMatchObject({ ok: false, reason: 'bad_signature' });
    const wrongType = JSON.stringify({ id: '1', type: 'other', data: {} });
    expect(await receiveWebhook({ body: wrongType, signature: signBody(wrongType), publicKey: pem, validator })).toMatchObject({ ok: false, reason: 'invalid_payload' });
    expect(await receiveWebhook({ body: '{', signature: signBody('{'), publicKey: pem, validator })).toMatchObject({ ok: false, reason: 'invalid_json' });
  });
});
