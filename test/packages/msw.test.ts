/**
 * The generated MSW handlers (`<pkg>/msw`) as a Node test uses them (`setupServer` from
 * `msw/node`, which intercepts `fetch`): every operation of every OpenAPI package answers with
 * a fixture that ajv finds valid against the spec, a test overrides one operation with a
 * typed body or any Response, and the package's mock answers in memory, statefully.
 */
import { ApiError, HttpClient, toRequestInput, type ApiSpec, type OperationSpec } from '@svc/runtime';
import { createClient, createTransaction, getSpotPrice, listTransactions } from '@svc/v2/client';
import { CredentialRegistry, defaultCredentials } from '@svc/mock-runtime';
import { createV2Mock, mockScopes } from '@svc/v2/mock';
import { getSpotPriceHandler, handlers as v2Handlers } from '@svc/v2/msw';
import * as onramp from '@svc/onramp';
import * as onrampFixtures from '@svc/onramp/fixtures';
import { handlers as onrampHandlers } from '@svc/onramp/msw';
import * as v1 from '@svc/v1';
import * as v1Fixtures from '@svc/v1/fixtures';
import { handlers as v1Handlers } from '@svc/v1/msw';
import * as v2 from '@svc/v2';
import * as v2Fixtures from '@svc/v2/fixtures';
import * as x402 from '@svc/x402';
import * as x402Fixtures from '@svc/x402/fixtures';
import { handlers as x402Handlers } from '@svc/x402/msw';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { specAjv } from '../helpers/spec-ajv.js';

const BASE = 'https://api.example.com';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const PACKAGES: { name: string; file: string; api: ApiSpec; operations: Readonly<Record<string, OperationSpec>>; handlers: (options: { baseUrl: string }) => HttpHandler[]; requestFixture: (id: string) => { params: Record<string, unknown>; body: unknown } }[] = [
  { name: 'v2', file: 'v2.openapi.yaml', api: v2.api, operations: v2.operations, handlers: v2Handlers, requestFixture: v2Fixtures.requestFixture },
  { name: 'v1', file: 'v1.openapi.yaml', api: v1.api, operations: v1.operations, handlers: v1Handlers, requestFixture: v1Fixtures.requestFixture },
  { name: 'onramp', file: 'onramp.openapi.yaml', api: onramp.api, operations: onramp.operations, handlers: onrampHandlers, requestFixture: onrampFixtures.requestFixture },
  { name: 'x402', file: 'x402.openapi.yaml', api: x402.api, operations: x402.operations, handlers: x402Handlers, requestFixture: x402Fixtures.requestFixture },
];

describe('MSW handlers answering with fixtures', () => {
  it.each(PACKAGES.map((p) => [p.name, p] as const))('%s: every operation answers its success status with a body ajv finds valid', async (_name, pkg) => {
    server.use(...pkg.handlers({ baseUrl: BASE }));
    const ajv = specAjv(pkg.file);
    // Credentials of every kind, so that the client sends each operation; the handlers check none.
    const client = new HttpClient(pkg.api, { baseUrl: BASE, apiKey: { key: 'k', secret: 's' }, accessToken: 't', apiKeys: Object.fromEntries(pkg.api.securitySchemes ? Object.keys(pkg.api.securitySchemes).map((k) => [k, 'x']) : []), retry: false, validateResponses: 'strict', syncTime: 'never' });
    const answered: string[] = [];
    for (const [operationId, op] of Object.entries(pkg.operations)) {
      const { params, body } = pkg.requestFixture(operationId);
      const result = await client.request(op, toRequestInput(op, params, body));
      expect(result.status, operationId).toBeGreaterThanOrEqual(200);
      expect(result.status, operationId).toBeLessThan(300);
      const complaints = ajv.response(operationId, String(result.status), result.data);
      if (complaints !== undefined) expect(complaints, operationId).toEqual([]);
      answered.push(operationId);
    }
    expect(answered).toHaveLength(Object.keys(pkg.operations).length);
  });

  it('answers the same fixture for the same seed, and another for another seed', async () => {
    const client = createClient({ baseUrl: BASE, retry: false });
    server.use(...v2Handlers({ seed: 1 }));
    const first = await getSpotPrice(client, { currency_pair: 'BTC-USD' });
    expect(await getSpotPrice(client, { currency_pair: 'BTC-USD' })).toEqual(first);
    server.resetHandlers();
    server.use(...v2Handlers({ seed: 2 }));
    expect(await getSpotPrice(client, { currency_pair: 'BTC-USD' })).not.toEqual(first);
  });

  it('matches only the base URL it is given', async () => {
    server.use(...v2Handlers({ baseUrl: 'https://sandbox.example.com' }));
    await expect(getSpotPrice(createClient({ baseUrl: 'https://sandbox.example.com', retry: false }), { currency_pair: 'BTC-USD' })).resolves.toBeDefined();
    // Unhandled: MSW refuses it (onUnhandledRequest: 'error'), so the client sees a network failure.
    await expect(getSpotPrice(createClient({ baseUrl: BASE, retry: false }), { currency_pair: 'BTC-USD' })).rejects.toThrow();
  });
});

describe('a test overriding one operation', () => {
  it('answers with its typed body, or with any Response', async () => {
    const client = createClient({ baseUrl: BASE, retry: false });
    server.use(...v2Handlers());
    server.use(getSpotPriceHandler(({ params }) => ({ data: { amount: '1.50', base: String(params['currency_pair']).slice(0, 3), currency: 'USD' } })));
    expect((await getSpotPrice(client, { currency_pair: 'ETH-USD' })).data).toEqual({ amount: '1.50', base: 'ETH', currency: 'USD' });
    server.use(getSpotPriceHandler(() => new Response(JSON.stringify({ errors: [{ id: 'internal_server_error', message: 'down' }] }), { status: 503, headers: { 'content-type': 'application/json' } })));
    const error = await getSpotPrice(client, { currency_pair: 'ETH-USD' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });
});

describe('MSW handlers answering from the mock in memory', () => {
  it('stores what a create sends and lists it after', async () => {
    // The mock's credentials, as npm run mock makes them: an API key with every scope.
    const registry = new CredentialRegistry(Date.now);
    const { apiKey } = await defaultCredentials(registry, mockScopes);
    server.use(...v2Handlers({ mock: createV2Mock({ server: { auth: registry.hooks() } }) }));
    const client = createClient({ baseUrl: BASE, apiKey, retry: false, syncTime: 'never' });
    const account_id = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
    const sent = await createTransaction(client, { account_id }, { type: 'send', to: 'msw@example.com', amount: '0.01', currency: 'BTC', idem: 'msw-1' });
    const listed = await listTransactions(client, { account_id });
    expect(listed.data.map((t) => t.id)).toContain(sent.data.id);
  });
});

describe('what importing <pkg>/msw loads', () => {
  // Every module reachable from the entry, without bundling or tree shaking (as Node loads it):
  // the packages outside this repository that it imports.
  const packagesImportedBy = async (entry: string): Promise<string[]> => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      conditions: ['svc-source'],
      logLevel: 'silent',
      plugins: [
        {
          name: 'outside-packages',
          setup(build) {
            // Bare specifiers but the workspace's own (@svc/…) stay imports: they are what is listed.
            build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@svc/') ? undefined : { path: args.path, external: true }));
          },
        },
      ],
    });
    const imported = Object.values(result.metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path));
    return [...new Set(imported.map((path) => (path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]!)))].sort();
  };

  it('needs msw, the runtime\'s dependencies and randexp, no server package (regression: Hono, jose and @hono/node-server through the mock runtime)', async () => {
    const { fileURLToPath } = await import('node:url');
    const entry = fileURLToPath(new URL('../../generated/v2/src/msw.ts', import.meta.url));
    const packages = await packagesImportedBy(entry);
    expect(packages).toEqual(['eventsource-parser', 'msw', 'randexp', 'zod']);
    expect(packages.filter((name) => /^(hono|@hono\/|jose$|node:http)/.test(name))).toEqual([]);
  });
});
