/**
 * The sandbox `npm run mock` serves: the generated mocks of v2, v1, onramp and x402 with the
 * service's own rules (`behaviours/`), one credential registry, and webhooks when asked.
 */
import { CredentialRegistry, defaultCredentials, generateWebhookKeys, schemeCredentials, importWebhookKey, type FixtureNode, type MockCredentials, type MockStore, type WebhookDispatcher } from '@svc/mock-runtime';
import { serveNode, type RunningServer, type ServerOptions } from '@svc/server-runtime';
import { api as onrampApi } from '@svc/onramp';
import { createOnrampMock, mockScopes as onrampScopes } from '@svc/onramp/mock';
import { api as v1Api } from '@svc/v1';
import { createV1Mock, mockScopes as v1Scopes } from '@svc/v1/mock';
import { api as v2Api } from '@svc/v2';
import { createV2Mock, mockScopes as v2Scopes } from '@svc/v2/mock';
import { api as x402Api } from '@svc/x402';
import { fixtureSchemas as x402Schemas } from '@svc/x402/fixtures';
import { createX402Mock, mockScopes as x402Scopes } from '@svc/x402/mock';
import type { Hono } from 'hono';
import { onrampBehaviour } from './behaviours/onramp.js';
import { TWO_FACTOR_CODE, type ApiBehaviour, type SandboxContext } from './behaviours/types.js';
import { v1Behaviour } from './behaviours/v1.js';
import { v2Behaviour } from './behaviours/v2.js';
import { x402Behaviour, type X402ReasonCodes } from './behaviours/x402.js';
import { startFeedMock, type FeedMock } from './feed/server.js';

export type ApiName = 'v2' | 'v1' | 'onramp' | 'x402';
export const API_NAMES: readonly ApiName[] = ['v2', 'v1', 'onramp', 'x402'];

export interface SandboxOptions {
  /** First port; the others follow. @default ephemeral ports */
  port?: number;
  /** The mocks' clock (signature skew, expiries, recurring payments). @default Date.now */
  now?: () => number;
  /** Where v2 webhooks go; none are sent without it. */
  webhookUrl?: string;
  /** PKCS#8 PEM key that signs webhooks. @default a fresh RSA key */
  webhookPrivateKey?: string;
  /** Waits between webhook retries. */
  webhookRetryDelaysMs?: readonly number[];
  /** Enforce the specs' `x-rate-limit` (v2: 10,000 requests an hour per credential). @default true */
  rateLimit?: boolean;
  /** Told when a mock answers with a body its own spec does not allow (the client gets a 500). @default prints it */
  onInvalidResponse?: ServerOptions['onInvalidResponse'];
}

export interface SandboxCredentials extends MockCredentials {
  /** The second factor the v2 mock asks for when sending money. */
  twoFactorToken: string;
  /** What to send for each security scheme of the four documents, by scheme name (`schemeCredentials`). */
  schemes: Record<string, string>;
}

export interface Sandbox {
  /** Base URLs of the REST mocks, and the feed's `ws://` URL. */
  servers: Record<ApiName | 'feed', string>;
  /** The mock feed: fault injection, the true books. */
  feed: FeedMock;
  credentials: SandboxCredentials;
  /** Register more parties (`registry.addApiKey`) for tests that need two users. */
  registry: CredentialRegistry;
  stores: Record<ApiName, MockStore>;
  apps: Record<ApiName, Hono>;
  /** v2 webhook deliveries, when `webhookUrl` was given. */
  webhooks: WebhookDispatcher | undefined;
  /** The PEM public key receivers verify webhooks with. */
  webhookPublicKey: string | undefined;
  close(): Promise<void>;
}

/** The reason codes the x402 spec lists (its open enums `VerifyInvalidReason` and `SettleErrorReason`). */
export function reasonCodes(): X402ReasonCodes {
  const listed = (node: FixtureNode): readonly string[] => (node.kind === 'string' ? (node.enum ?? []) : []);
  return { x402VerifyInvalidReason: listed(x402Schemas.VerifyInvalidReason), x402SettleErrorReason: listed(x402Schemas.SettleErrorReason) };
}

/** The sandbox's apps, not yet listening (tests may call `app.fetch` directly). */
export async function createSandbox(options: SandboxOptions = {}) {
  const now = options.now ?? Date.now;
  const registry = new CredentialRegistry(now);
  const scopes = [...new Set([...v2Scopes, ...v1Scopes, ...onrampScopes, ...x402Scopes])].sort();
  const ready = await defaultCredentials(registry, scopes);
  // A scheme name shared by two documents means the same credential in both: the first one's value stands.
  const schemes = Object.assign({}, ...[x402Api, onrampApi, v1Api, v2Api].map((api) => schemeCredentials(registry, ready, api.securitySchemes, scopes))) as Record<string, string>;
  const credentials: SandboxCredentials = { ...ready, twoFactorToken: TWO_FACTOR_CODE, schemes: Object.fromEntries(Object.entries(schemes).sort(([a], [b]) => (a < b ? -1 : 1))) };
  const sandbox: SandboxContext = { now, emailOf: (subject) => `${subject}@example.com` };
  const keys = options.webhookUrl ? (options.webhookPrivateKey ? { privateKey: await importWebhookKey(options.webhookPrivateKey), publicKeyPem: undefined } : await generateWebhookKeys()) : undefined;
  const onInvalidResponse: NonNullable<ServerOptions['onInvalidResponse']> =
    options.onInvalidResponse ?? ((report) => console.error(`mock: ${report.operationId} answered ${report.status} with an invalid body: ${JSON.stringify(report.issues).slice(0, 2000)}`));
  const server = (behaviour: ApiBehaviour): ServerOptions => ({
    auth: registry.hooks(),
    now,
    onInvalidResponse,
    rateLimit: options.rateLimit ?? true,
    ...(behaviour.twoFactor ? { twoFactor: behaviour.twoFactor } : {}),
  });
  const engine = (behaviour: ApiBehaviour) => ({ now, ...(behaviour.behaviours ? { behaviours: behaviour.behaviours } : {}), ...(behaviour.onCreate ? { onCreate: behaviour.onCreate } : {}) });

  const rules = {
    v2: v2Behaviour(),
    v1: v1Behaviour(sandbox),
    onramp: onrampBehaviour(sandbox, ['/buy/select-asset', '/v3/sell/input']),
    x402: x402Behaviour(sandbox, reasonCodes()),
  } satisfies Record<ApiName, ApiBehaviour>;
  const v2 = createV2Mock({
    ...engine(rules.v2),
    server: server(rules.v2),
    ...(options.webhookUrl && keys ? { webhooks: { url: options.webhookUrl, privateKey: keys.privateKey, ...(options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {}) } } : {}),
  });
  const v1 = createV1Mock({ ...engine(rules.v1), server: server(rules.v1) });
  const onramp = createOnrampMock({ ...engine(rules.onramp), server: server(rules.onramp) });
  const x402 = createX402Mock({ ...engine(rules.x402), server: server(rules.x402) });
  const mocks = { v2, v1, onramp, x402 };
  for (const name of API_NAMES) rules[name].extend?.(mocks[name].app, mocks[name].store);
  return {
    mocks,
    registry,
    credentials,
    webhooks: v2.webhooks,
    webhookPublicKey: keys?.publicKeyPem,
  };
}

/** Starts every mock on 127.0.0.1: the four REST APIs, then the feed. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const made = await createSandbox(options);
  const running: RunningServer[] = [];
  const servers = {} as Record<ApiName | 'feed', string>;
  let feed: FeedMock;
  try {
    for (const [index, name] of API_NAMES.entries()) {
      const started = await serveNode(made.mocks[name].app, { port: options.port === undefined ? 0 : options.port + index });
      running.push(started);
      servers[name] = started.url;
    }
    // The feed takes the port after the REST mocks; its user channels accept the sandbox's JWTs.
    feed = await startFeedMock({ ...(options.port === undefined ? {} : { port: options.port + API_NAMES.length }), auth: made.registry.hooks(), ...(options.now ? { now: options.now } : {}) });
    servers.feed = feed.url;
  } catch (error) {
    await Promise.all(running.map((s) => s.close()));
    throw error;
  }
  return {
    servers,
    feed,
    credentials: made.credentials,
    registry: made.registry,
    stores: Object.fromEntries(API_NAMES.map((n) => [n, made.mocks[n].store])) as Record<ApiName, MockStore>,
    apps: Object.fromEntries(API_NAMES.map((n) => [n, made.mocks[n].app])) as Record<ApiName, Hono>,
    webhooks: made.webhooks,
    webhookPublicKey: made.webhookPublicKey,
    close: async () => {
      await made.webhooks?.settle();
      await Promise.all([...running.map((s) => s.close()), feed.close()]);
    },
  };
}
