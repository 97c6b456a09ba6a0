/**
 * Every example in the specs parses with the generated validator of its schema, its
 * response, its request body or its message: the generated validators agree with the
 * documents (and with ajv, which checks the same examples in specs.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { readSpec } from './helpers/spec-files.js';

type Json = Record<string, unknown>;
type Validator = { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface GeneratedModule {
  schemas: Record<string, Validator>;
  operations?: Record<string, { validators: { body?: Validator }; responses: Record<string, Validator | undefined> }>;
  webhooks?: Record<string, { validators: { body?: Validator } }>;
  messages?: Record<string, { direction: 'client' | 'server'; schema: Validator }>;
  clientMessageSchema?: Validator;
  serverMessageSchema?: Validator;
  parseFeedMessage?: (raw: string) => { ok: boolean };
}

const describeFailure = (where: string, result: ReturnType<Validator['safeParse']>): string =>
  `${where}: ${(result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;

/** Examples of a media type: `example`, or the values of `examples`. */
function mediaExamples(media: unknown): unknown[] {
  if (!isObject(media)) return [];
  const out: unknown[] = [];
  if ('example' in media) out.push(media.example);
  if (isObject(media.examples)) for (const ex of Object.values(media.examples)) if (isObject(ex) && 'value' in ex) out.push(ex.value);
  return out;
}

function deref(doc: Json, value: unknown): Json {
  let node = value;
  while (isObject(node) && typeof node.$ref === 'string') {
    node = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((acc, key) => (isObject(acc) ? acc[key] : undefined), doc);
  }
  return isObject(node) ? node : {};
}

const openApi: [string, string][] = [
  ['v2.openapi.yaml', '@svc/v2'],
  ['v1.openapi.yaml', '@svc/v1'],
  ['onramp.openapi.yaml', '@svc/onramp'],
  ['x402.openapi.yaml', '@svc/x402'],
];

describe.each(openApi)('%s examples parse with %s validators', (file, pkg) => {
  it('component schemas, request bodies, responses and webhooks', async () => {
    const mod = (await import(pkg)) as GeneratedModule;
    const doc = readSpec(file);
    const failures: string[] = [];
    let checked = 0;
    const check = (where: string, validator: Validator | undefined, value: unknown): void => {
      if (!validator) {
        failures.push(`${where}: no validator`);
        return;
      }
      checked += 1;
      const result = validator.safeParse(value);
      if (!result.success) failures.push(describeFailure(where, result));
    };
    const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
    for (const [name, schema] of Object.entries(schemas)) {
      const examples = isObject(schema) && Array.isArray(schema.examples) ? schema.examples : [];
      examples.forEach((ex, i) => check(`schemas.${name}.examples[${i}]`, mod.schemas[name], ex));
    }
    for (const [key, items] of [['paths', doc.paths], ['webhooks', doc.webhooks]] as const) {
      if (!isObject(items)) continue;
      for (const [path, item] of Object.entries(items)) {
        for (const [method, op] of Object.entries(deref(doc, item))) {
          if (!isObject(op) || typeof op.operationId !== 'string') continue;
          const spec = key === 'paths' ? mod.operations?.[op.operationId] : mod.webhooks?.[op.operationId];
          const body = deref(doc, op.requestBody);
          if (isObject(body.content)) {
            const json = deref(doc, Object.values(body.content)[0]);
            mediaExamples(json).forEach((ex, i) => check(`${method} ${path} requestBody example ${i}`, spec?.validators.body, ex));
          }
          for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
            const content = deref(doc, response).content;
            if (!isObject(content)) continue;
            const type = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
            if (!type) continue;
            const validator = key === 'paths' ? mod.operations?.[op.operationId]?.responses[status] : undefined;
            if (key === 'paths') mediaExamples(deref(doc, content[type])).forEach((ex, i) => check(`${op.operationId} ${status} example ${i}`, validator, ex));
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});

describe('feed.asyncapi.yaml examples parse with @svc/feed validators', () => {
  it('every message example, through its schema, its side union and parseFeedMessage', async () => {
    const mod = (await import('@svc/feed')) as GeneratedModule;
    const doc = readSpec('feed.asyncapi.yaml');
    const failures: string[] = [];
    let checked = 0;
    const messages = isObject(doc.components) && isObject(doc.components.messages) ? doc.components.messages : {};
    for (const [key, message] of Object.entries(messages)) {
      const generated = mod.messages?.[key];
      if (!generated) {
        failures.push(`${key}: not in messages`);
        continue;
      }
      const union = generated.direction === 'client' ? mod.clientMessageSchema : mod.serverMessageSchema;
      const examples = isObject(message) && Array.isArray(message.examples) ? message.examples : [];
      examples.forEach((ex, i) => {
        if (!isObject(ex)) return;
        checked += 1;
        for (const [label, validator] of [['schema', generated.schema], [`${generated.direction} union`, union]] as const) {
          const result = validator!.safeParse(ex.payload);
          if (!result.success) failures.push(describeFailure(`${key}.examples[${i}] (${label})`, result));
        }
        if (generated.direction === 'server' && !mod.parseFeedMessage!(JSON.stringify(ex.payload)).ok)
          failures.push(`${key}.examples[${i}]: parseFeedMessage rejected it`);
      });
    }
    const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
    for (const [name, schema] of Object.entries(schemas)) {
      const examples = isObject(schema) && Array.isArray(schema.examples) ? schema.examples : [];
      examples.forEach((ex, i) => {
        checked += 1;
        const result = mod.schemas[name]!.safeParse(ex);
        if (!result.success) failures.push(describeFailure(`schemas.${name}.examples[${i}]`, result));
      });
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});

describe('spec audit: required only where the seed says a field is always present', () => {
  it('accepts limits with only buy and sell (the SDK fixtures), as the seed does not say every key is present', async () => {
    const mod = (await import('@svc/v2')) as unknown as GeneratedModule;
    const limit = { period_in_days: 7, total: { amount: '3000.00', currency: 'USD' }, remaining: { amount: '2750.00', currency: 'USD' } };
    expect(mod.schemas.PaymentMethodLimits!.safeParse({ buy: [limit], sell: [] }).success).toBe(true);
    expect(mod.schemas.PaymentMethodLimits!.safeParse({ buy: [{ ...limit, period_in_days: 'seven' }] }).success).toBe(false);
  });

  it('accepts event notifications without data (optional in the seed), but not a ping without its empty data', async () => {
    const mod = (await import('@svc/v2')) as unknown as GeneratedModule;
    const base = {
      id: '3a7f2c1e-5b4d-5e6f-8a9b-0c1d2e3f4a5b',
      user: { id: '9da7a204-544e-5fd1-9a12-61176c5d4cd8', resource: 'user', resource_path: '/v2/users/9da7a204-544e-5fd1-9a12-61176c5d4cd8' },
      account: { id: '8d5f8a4e-3b2c-4f4a-9a41-1f2b7c9d0e11', resource: 'account', resource_path: '/v2/accounts/8d5f8a4e-3b2c-4f4a-9a41-1f2b7c9d0e11' },
      created_at: '2015-01-31T20:49:02Z',
      resource: 'notification',
      resource_path: '/v2/notifications/3a7f2c1e-5b4d-5e6f-8a9b-0c1d2e3f4a5b',
    };
    expect(mod.schemas.BuyCompletedNotification!.safeParse({ ...base, type: 'wallet:buys:completed' }).success).toBe(true);
    expect(mod.schemas.PingNotification!.safeParse({ ...base, type: 'ping' }).success).toBe(false);
  });
});
