/**
 * Every extension the model reads, with a good and a bad value: the good one becomes its
 * model field; the bad one is a located warning (what it needs, and what happens without
 * it) and the field is absent, the same policy for all of them (model/extensions.ts).
 * x-rate-limit, x-scopes-by-field, x-state-machine, x-versioning's missing warning and the
 * mock's hints are in extensions.test.ts; x-pagination in mock-plan.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/pipeline.js';
import type { ApiModel } from '../../generator/model/types.js';
import { writeSpec } from '../helpers/generate.js';

const ok = { '200': { description: 'OK' } };

/** An OpenAPI document with the extension where it belongs. */
function openApi(place: 'root' | 'operation' | 'scheme' | 'language', name: string, value: unknown): object {
  const extension = { [name]: value };
  return {
    openapi: '3.1.0',
    info: { title: 'Extensions', version: '1.0.0' },
    ...(place === 'root' ? extension : {}),
    paths: {
      '/things': {
        post: {
          operationId: 'make',
          ...(place === 'operation' ? extension : {}),
          parameters: place === 'language' ? [{ name: 'Accept-Language', in: 'header', schema: { type: 'string', default: 'en', ...extension } }] : [],
          security: [{ key: [] }],
          responses: ok,
        },
      },
    },
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'KEY', ...(place === 'scheme' ? extension : {}) } } },
  };
}

/** An AsyncAPI document with the extension on its server message. */
function asyncApi(name: string, value: unknown): object {
  return {
    asyncapi: '3.0.0',
    info: { title: 'Feed', version: '1.0.0' },
    channels: { ws: { address: '/', messages: { tick: { $ref: '#/components/messages/tick' } } } },
    operations: { receive: { action: 'receive', channel: { $ref: '#/channels/ws' }, messages: [{ $ref: '#/channels/ws/messages/tick' }] } },
    components: { messages: { tick: { payload: { type: 'object', properties: { channel: { const: 'l2_data' } } }, [name]: value } } },
  };
}

type Case = [name: string, document: (value: unknown) => object, good: unknown, fact: (model: ApiModel) => unknown, want: unknown, bad: unknown, pointer: string, says: string];

const make = (model: ApiModel) => model.operations[0]!;
const scheme = (model: ApiModel) => model.securitySchemes[0]!;
const hmac = { keyHeader: 'KEY', signatureHeader: 'SIGN', timestampHeader: 'TS', serverTimeOperation: 'getTime', serverTimeField: 'data.epoch', maxSkewSeconds: 30 };

const CASES: Case[] = [
  ['x-idempotency', (v) => openApi('operation', 'x-idempotency', v), { field: 'idem', maxLength: 100 }, (m) => make(m).idempotency, { field: 'idem', in: 'body', maxLength: 100 }, { in: 'query' }, '/paths/~1things/post/x-idempotency', 'x-idempotency.field: is missing'],
  ['x-versioning', (v) => openApi('root', 'x-versioning', v), { header: 'API-VERSION', format: 'date', current: '2024-01-01' }, (m) => m.versioning, { header: 'API-VERSION', format: 'date', current: '2024-01-01' }, { header: 'API VERSION' }, '/x-versioning', 'x-versioning.header: must be an HTTP header name'],
  ['x-two-factor', (v) => openApi('root', 'x-two-factor', v), { status: 402, errorId: 'two_factor_required', header: 'OTP' }, (m) => m.twoFactor, { status: 402, errorId: 'two_factor_required', header: 'OTP' }, { status: 402 }, '/x-two-factor', 'x-two-factor.header: is missing'],
  ['x-delivery', (v) => openApi('root', 'x-delivery', v), { signatureHeader: 'SIG', retryIntervalSeconds: 60 }, (m) => m.webhookDelivery, { signatureHeader: 'SIG', retryIntervalSeconds: 60 }, { retryIntervalSeconds: 'hourly' }, '/x-delivery', 'x-delivery.retryIntervalSeconds:'],
  [
    'x-hosted-flows',
    (v) => openApi('root', 'x-hosted-flows', v),
    [{ name: 'onramp', server: 'https://pay.example.com', path: '/buy', query: [{ name: 'token', required: true }] }],
    (m) => m.hostedFlows.map(({ names: _names, ...flow }) => flow),
    [{ name: 'onramp', server: 'https://pay.example.com', path: '/buy', query: [{ name: 'token', required: true }] }],
    [{ name: 'onramp', server: 'https://pay.example.com', path: 'buy' }],
    '/x-hosted-flows',
    'x-hosted-flows[0].path:',
  ],
  ['x-hmac-signature', (v) => openApi('scheme', 'x-hmac-signature', v), hmac, (m) => scheme(m).hmac, { algorithm: 'HMAC-SHA256', encoding: 'hex', timestampUnit: 'seconds', message: ['timestamp', 'method', 'requestPath', 'body'], ...hmac }, { ...hmac, signatureHeader: undefined, encoding: 'base32' }, '/components/securitySchemes/key/x-hmac-signature', 'x-hmac-signature.signatureHeader: is missing'],
  ['x-token-refresh', (v) => openApi('scheme', 'x-token-refresh', v), { status: 401, errorIds: ['expired_token'] }, (m) => scheme(m).tokenRefresh, { status: 401, errorIds: ['expired_token'] }, { status: 'unauthorized' }, '/components/securitySchemes/key/x-token-refresh', 'x-token-refresh.status:'],
  ['x-languages', (v) => openApi('language', 'x-languages', v), ['en', 'de'], (m) => m.languages, { header: 'Accept-Language', supported: ['en', 'de'], default: 'en' }, 'en,de', '/x-languages', 'x-languages:'],
  ['x-cadence', (v) => asyncApi('x-cadence', v), { intervalMs: 50 }, (m) => m.messages[0]!.cadenceMs, 50, { intervalMs: -1 }, '/components/messages/tick/x-cadence', 'x-cadence.intervalMs:'],
  ['x-subscribe-channel', (v) => asyncApi('x-subscribe-channel', v), 'level2', (m) => m.messages[0]!.subscribeChannel, 'level2', ['level2'], '/components/messages/tick/x-subscribe-channel', 'x-subscribe-channel:'],
];

describe('extension values', () => {
  it.each(CASES)('%s: a good value is its model field', async (name, document, good, fact, want) => {
    const model = await loadModel({ file: writeSpec(document(good), `extension-${name}`), name: 'extensions' });
    expect(fact(model)).toEqual(want);
    expect(model.diagnostics.filter((d) => d.message.startsWith(name))).toEqual([]);
  });

  it.each(CASES)('%s: a bad value is a located warning, and no field', async (name, document, _good, fact, _want, bad, pointer, says) => {
    const model = await loadModel({ file: writeSpec(document(bad), `extension-${name}`), name: 'extensions' });
    const [first, ...more] = model.diagnostics.filter((d) => d.message.startsWith(name));
    expect(more).toEqual([]);
    expect(first?.level).toBe('warning');
    expect(first?.pointer?.endsWith(pointer)).toBe(true);
    expect(first?.message).toContain(says);
    // It says what happens without it.
    expect(first?.message).toMatch(/; [a-z]/);
    const value = fact(model);
    expect(Array.isArray(value) ? value : value === undefined ? [] : [value]).toEqual([]);
  });
});
