/**
 * Extensions the targets act on become model fields, read and checked once: a value the
 * generator cannot use is a located warning, the same for every target, never dropped silently.
 */
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/pipeline.js';
import { writeSpec } from '../helpers/generate.js';

const ok = { '200': { description: 'OK' } };
const document = {
  openapi: '3.1.0',
  info: { title: 'Limits', version: '1.0.0' },
  'x-rate-limit': { limit: 100, windowSeconds: 60 },
  paths: {
    '/sends': {
      post: {
        operationId: 'send',
        'x-rate-limit': { limit: 5, windowSeconds: 1, status: 503, errorId: 'slow_down' },
        'x-scopes-by-field': { field: 'type', scopes: { send: ['wallet:send'], transfer: ['wallet:transfer'] } },
        responses: ok,
      },
    },
    '/broken': {
      get: { operationId: 'broken', 'x-rate-limit': { limit: 'many' }, 'x-scopes-by-field': { field: 'type', scopes: { send: 'wallet:send' } }, responses: ok },
    },
  },
};

describe('x-rate-limit and x-scopes-by-field in the model', () => {
  it('become RateLimitModel and ScopesByFieldModel, defaults filled; an unusable value is a located warning', async () => {
    const model = await loadModel({ file: writeSpec(document, 'extensions'), name: 'limits' });
    expect(model.rateLimit).toEqual({ limit: 100, windowSeconds: 60, status: 429, errorId: 'rate_limit_exceeded' });
    const send = model.operations.find((op) => op.operationId === 'send')!;
    expect(send.rateLimit).toEqual({ limit: 5, windowSeconds: 1, status: 503, errorId: 'slow_down' });
    expect(send.scopesByField).toEqual({ field: 'type', scopes: { send: ['wallet:send'], transfer: ['wallet:transfer'] } });
    const broken = model.operations.find((op) => op.operationId === 'broken')!;
    expect([broken.rateLimit, broken.scopesByField]).toEqual([undefined, undefined]);
    expect(model.diagnostics.filter((d) => d.level === 'warning').map((d) => [d.pointer, d.message.split(';')[0]])).toEqual(
      expect.arrayContaining([
        ['/paths/~1broken/get/x-rate-limit', 'x-rate-limit needs numbers `limit` and `windowSeconds`'],
        ['/paths/~1broken/get/x-scopes-by-field', 'x-scopes-by-field needs a `field` and `scopes` by value (lists of scope names)'],
      ]),
    );
  });
});

describe('x-versioning and x-languages in the model', () => {
  it('the missing-version warning and the language header are model facts', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Versions', version: '1.0.0' },
      'x-versioning': { header: 'SVC-VERSION', current: '2024-01-01', format: 'date', missingWarning: 'missing_version' },
      paths: {
        '/items': {
          get: {
            operationId: 'list',
            parameters: [{ name: 'Accept-Language', in: 'header', schema: { type: 'string', 'x-languages': ['de', 'en', 'fr'], default: 'fr' } }],
            responses: ok,
          },
        },
      },
    };
    const model = await loadModel({ file: writeSpec(doc, 'versioning'), name: 'versions' });
    expect(model.versioning).toEqual({ header: 'SVC-VERSION', current: '2024-01-01', format: 'date', missingWarning: 'missing_version' });
    expect(model.languages).toEqual({ header: 'Accept-Language', supported: ['de', 'en', 'fr'], default: 'fr' });
  });
});

describe('x-state-machine in the model', () => {
  it('is the schema node\'s stateMachine, transitions without a trigger or target left out; an unusable one is a located warning', async () => {
    const order = {
      type: 'object',
      properties: { status: { type: 'string' } },
      'x-state-machine': { field: 'status', transitions: [{ trigger: 'createOrder', to: 'open' }, { trigger: 'cancelOrder', from: 'open', to: 'cancelled', condition: 'not shipped' }, { to: 'lost' }] },
    };
    const doc = { openapi: '3.1.0', info: { title: 'Orders', version: '1.0.0' }, paths: {}, components: { schemas: { Order: order, Broken: { type: 'object', 'x-state-machine': { field: 3 } } } } };
    const model = await loadModel({ file: writeSpec(doc, 'state-machine'), name: 'orders' });
    expect(model.schemas.find((s) => s.key === 'Order')!.schema.stateMachine).toEqual({
      field: 'status',
      transitions: [
        { trigger: 'createOrder', from: null, to: 'open' },
        { trigger: 'cancelOrder', from: 'open', to: 'cancelled', condition: 'not shipped' },
      ],
    });
    expect(model.diagnostics.map((d) => d.pointer)).toContain('/components/schemas/Broken/x-state-machine');
  });
});

describe('the mock\'s hints in the model', () => {
  it('x-mock-role, x-mock-collection and x-mock-id-field become mockHints and mockIdField; a value the mock cannot use is a located warning', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Hints', version: '1.0.0' },
      paths: {
        '/loans/renew': { post: { operationId: 'renew', 'x-mock-role': 'action', 'x-mock-collection': '/loans', responses: ok } },
        '/odd': { post: { operationId: 'odd', 'x-mock-role': 'teleport', 'x-mock-collection': 'loans', responses: ok } },
      },
      components: { schemas: { Loan: { type: 'object', 'x-mock-id-field': 'loanNumber', properties: { loanNumber: { type: 'string' } } }, Bad: { type: 'object', 'x-mock-id-field': 7 } } },
    };
    const model = await loadModel({ file: writeSpec(doc, 'mock-hints'), name: 'hints' });
    expect(model.operations.find((op) => op.operationId === 'renew')!.mockHints).toEqual({ role: 'action', collection: '/loans' });
    expect(model.operations.find((op) => op.operationId === 'odd')!.mockHints).toBeUndefined();
    expect(model.schemas.find((s) => s.key === 'Loan')!.schema.mockIdField).toBe('loanNumber');
    expect(model.diagnostics.map((d) => d.pointer)).toEqual(
      expect.arrayContaining(['/paths/~1odd/post/x-mock-role', '/paths/~1odd/post/x-mock-collection', '/components/schemas/Bad/x-mock-id-field']),
    );
  });
});
