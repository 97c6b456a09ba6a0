/**
 * Contract: every operation of v2, v1, onramp and x402, called through the generated
 * client's runtime against the running mock over loopback HTTP, answers a status its spec
 * declares with a body that both an independent validator (ajv over the spec's own schemas)
 * and our zod validators accept; a disagreement between the two fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../mock/index.js';
import { specAjv } from '../helpers/spec-ajv.js';
import type { OperationSpec } from '@svc/runtime';
import { APIS, callOperation, clientFor, zodComplaints, type ApiUnderTest } from './apis.js';

// Creates first, so that reads, updates and actions find what they name; deletes last.
const ORDER = ['create', 'singleton-read', 'singleton-update', 'list', 'read', 'update', 'action', 'other', 'delete'];

/**
 * Operations that do not succeed when called once with seeded arguments, and why. They
 * must still answer a declared status with a valid body.
 */
const NOT_SUCCESSFUL: Record<string, string> = {
  'v1 completeRequest': 'only the payer of a money request may complete it; the flows test covers the right party',
  'v1 commitTransfer': 'the first commit after commit:false fails once (the exchange rate changed); the flows test commits twice',
  'x402 verifyX402Payment': 'seeded payloads are not consistent payments (versions, networks, amounts differ); the flows test sends consistent ones and reaches every reason code',
  'x402 settleX402Payment': 'as verifyX402Payment',
};

/**
 * Request fields that set a resource up for the operations after it, as a user would:
 * deposits and withdrawals created uncommitted are then committed, a money request is then
 * resent, completed and canceled.
 */
const SCENARIO: Record<string, Record<string, unknown>> = {
  'v2 createDeposit': { commit: false },
  'v2 createWithdrawal': { commit: false },
  'v2 createTransaction': { type: 'request', to: 'payer@example.com' },
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function plannedOrder(api: ApiUnderTest): string[] {
  return Object.keys(api.operations).sort((a, b) => {
    const ra = ORDER.indexOf(api.plan.operations[a]?.role ?? 'other');
    const rb = ORDER.indexOf(api.plan.operations[b]?.role ?? 'other');
    return ra - rb || (a < b ? -1 : a > b ? 1 : 0);
  });
}

describe.each(APIS)('$name: every operation against the mock', (api) => {
  it('answers declared statuses with bodies that ajv and zod both accept', async () => {
    const ajv = specAjv(api.file);
    const http = clientFor(api, sandbox);
    // One value per path parameter name for the whole run (the same account throughout).
    const shared = new Map<string, unknown>();
    const report: string[] = [];
    let succeeded = 0;
    const bodyFor = (operationId: string, fixture: unknown): unknown => {
      const scenario = SCENARIO[`${api.name} ${operationId}`];
      return scenario ? { ...(fixture as object), ...scenario } : fixture;
    };
    const withSharedPath = (op: OperationSpec, params: Record<string, unknown>): void => {
      for (const param of op.parameters) {
        if (param.in !== 'path') continue;
        const key = param.key ?? param.name;
        if (shared.has(key)) params[key] = shared.get(key);
        else shared.set(key, params[key]);
      }
    };
    /** A fresh resource of a collection, made by its first create, for an item operation to act on. */
    const freshId = async (collection: string): Promise<unknown> => {
      const createId = Object.keys(api.operations)
        .sort()
        .find((id) => api.plan.operations[id]?.role === 'create' && api.plan.operations[id]?.collection === collection);
      const create = createId ? api.plan.operations[createId] : undefined;
      if (!createId || !create || create.resourceAt === undefined) return undefined;
      const op = api.operations[createId]!;
      const fixture = api.requestFixture(createId, 11);
      withSharedPath(op, fixture.params);
      const made = await callOperation(http, op, fixture.params, bodyFor(createId, fixture.body));
      const resource = create.resourceAt === '' ? made.body : (made.body as Record<string, unknown> | undefined)?.[create.resourceAt];
      return made.status < 300 && resource && typeof resource === 'object' ? (resource as Record<string, unknown>)[api.plan.collections[collection]?.idField ?? 'id'] : undefined;
    };
    for (const operationId of plannedOrder(api)) {
      const op = api.operations[operationId]!;
      const plan = api.plan.operations[operationId];
      const fixture = api.requestFixture(operationId, 7);
      const { params } = fixture;
      const body = bodyFor(operationId, fixture.body);
      withSharedPath(op, params);
      if (plan?.idParam && plan.collection && api.plan.collections[plan.collection]?.created) {
        const id = await freshId(plan.collection);
        if (id !== undefined) params[plan.idParam] = id;
      }
      const result = await callOperation(http, op, params, body);
      const ours = zodComplaints(op, result.status, result.body);
      const theirs = ajv.response(operationId, String(result.status), result.body);
      const label = `${api.name} ${operationId} ${op.method} -> ${result.status}`;
      expect((ours ?? []).join('\n'), `${label}: the status is not declared`).not.toMatch(/is not declared/);
      expect(ours ?? [], `${label}: our validator rejects the mock's body ${String(JSON.stringify(result.body)).slice(0, 400)}`).toEqual([]);
      expect(theirs ?? [], `${label}: ajv rejects the body ${String(JSON.stringify(result.body)).slice(0, 400)}`).toEqual([]);
      expect((ours ?? []).length === 0, `${label}: zod and ajv disagree`).toBe((theirs ?? []).length === 0);
      if (result.status < 300) succeeded++;
      else if (!NOT_SUCCESSFUL[`${api.name} ${operationId}`]) report.push(`${label}: ${String(JSON.stringify(result.body)).slice(0, 300)}`);
    }
    expect(report, `operations that failed unexpectedly:\n${report.join('\n')}`).toEqual([]);
    expect(succeeded).toBeGreaterThan(0);
  });
});
