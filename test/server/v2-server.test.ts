/**
 * The v2 server as plain HTTP clients meet it: `fetch` with its default `Accept-Language: *`,
 * negotiated languages, the `missing_version` warning, and the ±30 s window of signed requests.
 */
import { signatureHeaders } from '@svc/runtime';
import { api } from '@svc/v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../mock/index.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('the v2 server', () => {
  it('serves a plain fetch (Accept-Language: *) in the default language, with the missing_version warning', async () => {
    const response = await fetch(`${sandbox.servers.v2}/v2/currencies`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('en');
    const body = (await response.json()) as { warnings?: { id: string }[] };
    expect(body.warnings?.map((w) => w.id)).toContain('missing_version');
  });

  it('negotiates the language from a weighted list and leaves the warning out when a version is sent', async () => {
    const response = await fetch(`${sandbox.servers.v2}/v2/currencies`, { headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8', 'svc-version': '2017-08-07' } });
    expect(response.headers.get('content-language')).toBe('pt-br');
    const body = (await response.json()) as { warnings?: { id: string }[] };
    expect(body.warnings?.map((w) => w.id) ?? []).not.toContain('missing_version');
    const malformed = await fetch(`${sandbox.servers.v2}/v2/currencies`, { headers: { 'accept-language': 'en;;q=x' } });
    expect(malformed.status).toBe(400);
  });

  it('accepts signatures within 30 seconds of its clock and refuses older ones', async () => {
    const hmac = api.securitySchemes.svcAccessSign.hmac;
    const signedGet = async (skewMs: number) => {
      const headers = await signatureHeaders({ hmac, key: sandbox.credentials.apiKey.key, secret: sandbox.credentials.apiKey.secret, nowMs: Date.now() - skewMs, method: 'GET', requestPath: '/v2/user' });
      return fetch(`${sandbox.servers.v2}/v2/user`, { headers: Object.fromEntries(headers) });
    };
    expect((await signedGet(20_000)).status).toBe(200);
    expect((await signedGet(-20_000)).status).toBe(200);
    const late = await signedGet(40_000);
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ errors: [{ id: 'authentication_error' }] });
  });
});
