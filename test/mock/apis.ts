/** The four OpenAPI packages as the mock tests use them: client, operations, fixtures and mock plan side by side. */
import { ApiError, HttpClient, selectValidator, toRequestInput, type ApiSpec, type ClientOptions, type OperationSpec } from '@svc/runtime';
import type { FixtureNode, MockPlan } from '@svc/mock-runtime';
import * as onramp from '@svc/onramp';
import * as onrampFixtures from '@svc/onramp/fixtures';
import { mockPlan as onrampPlan } from '@svc/onramp/mock';
import * as v1 from '@svc/v1';
import * as v1Fixtures from '@svc/v1/fixtures';
import { mockPlan as v1Plan } from '@svc/v1/mock';
import * as v2 from '@svc/v2';
import * as v2Fixtures from '@svc/v2/fixtures';
import { mockPlan as v2Plan } from '@svc/v2/mock';
import * as x402 from '@svc/x402';
import * as x402Fixtures from '@svc/x402/fixtures';
import { mockPlan as x402Plan } from '@svc/x402/mock';
import type { ApiName, Sandbox } from '../../mock/index.js';

export interface ApiUnderTest {
  name: ApiName;
  file: string;
  api: ApiSpec;
  operations: Readonly<Record<string, OperationSpec>>;
  plan: MockPlan;
  requestFixture: (operationId: string, seed?: number) => { params: Record<string, unknown>; body: unknown };
  /** Descriptors of named schemas and of each operation's parameters and body. */
  fixtureSchemas: Readonly<Record<string, FixtureNode>>;
  operationFixtureSchemas: Readonly<Record<string, { params?: FixtureNode; body?: FixtureNode }>>;
  /** How a client of this API authenticates against the sandbox. */
  credentials: (sandbox: Sandbox) => ClientOptions;
}

export const APIS: readonly ApiUnderTest[] = [
  {
    name: 'v2',
    file: 'v2.openapi.yaml',
    api: v2.api,
    operations: v2.operations,
    plan: v2Plan,
    requestFixture: v2Fixtures.requestFixture,
    fixtureSchemas: v2Fixtures.fixtureSchemas,
    operationFixtureSchemas: v2Fixtures.operationFixtureSchemas,
    credentials: (s) => ({ apiKey: s.credentials.apiKey, twoFactorToken: () => s.credentials.twoFactorToken }),
  },
  { name: 'v1', file: 'v1.openapi.yaml', api: v1.api, operations: v1.operations, plan: v1Plan, requestFixture: v1Fixtures.requestFixture,
    fixtureSchemas: v1Fixtures.fixtureSchemas,
    operationFixtureSchemas: v1Fixtures.operationFixtureSchemas, credentials: (s) => ({ apiKeys: { apiKey: s.credentials.apiKey.key } }) },
  { name: 'onramp', file: 'onramp.openapi.yaml', api: onramp.api, operations: onramp.operations, plan: onrampPlan, requestFixture: onrampFixtures.requestFixture,
    fixtureSchemas: onrampFixtures.fixtureSchemas,
    operationFixtureSchemas: onrampFixtures.operationFixtureSchemas, credentials: (s) => ({ accessToken: s.credentials.bearer }) },
  { name: 'x402', file: 'x402.openapi.yaml', api: x402.api, operations: x402.operations, plan: x402Plan, requestFixture: x402Fixtures.requestFixture,
    fixtureSchemas: x402Fixtures.fixtureSchemas,
    operationFixtureSchemas: x402Fixtures.operationFixtureSchemas, credentials: (s) => ({ accessToken: s.credentials.bearer }) },
];

export interface CallResult {
  status: number;
  body: unknown;
}

/** Calls an operation through the runtime client that generated clients wrap; errors come back as results. */
export async function callOperation(http: HttpClient, op: OperationSpec, params: Record<string, unknown>, body: unknown): Promise<CallResult> {
  try {
    const result = await http.request<unknown>(op, toRequestInput(op, params, body), { validateResponse: false });
    return { status: result.status, body: result.data };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body };
    throw error;
  }
}

export function clientFor(api: ApiUnderTest, sandbox: Sandbox, options: ClientOptions = {}): HttpClient {
  return new HttpClient(api.api, { baseUrl: sandbox.servers[api.name], retry: false, ...api.credentials(sandbox), ...options });
}

/** Our validator's verdict on a response body: [] when valid. */
export function zodComplaints(op: OperationSpec, status: number, body: unknown): string[] | undefined {
  const { found, schema } = selectValidator(op.responses, status);
  if (!found) return [`status ${status} is not declared`];
  if (!schema) return undefined;
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
