/**
 * Legacy API v1 rules: money requests between two parties (completed only by the payer,
 * resent only by the requester, canceled by either), a transfer's first commit after
 * `commit: false` failing once because the exchange rate changed, and recurring payments
 * that run `times` times on the mock's clock.
 */
import { HttpProblem } from '@svc/server-runtime';
import type { MockCall, Resource } from '@svc/mock-runtime';
import { isRecord, type ApiBehaviour, type SandboxContext } from './types.js';

interface MoneyRequest {
  requester: string;
  payerEmail: string;
}

const DAY = 24 * 3600 * 1000;
const PERIODS: Record<string, number> = { daily: DAY, weekly: 7 * DAY, every_two_weeks: 14 * DAY, monthly: 30 * DAY, quarterly: 91 * DAY, yearly: 365 * DAY };

export function v1Behaviour(sandbox: SandboxContext): ApiBehaviour {
  const requests = new Map<string, MoneyRequest>();
  const commitFailed = new Set<string>();
  const uncommitted = new Set<string>();
  const firstSeen = new Map<string, { at: number; runs: number }>();

  /** The request and the stored transaction behind `/transactions/{id}/...`, whoever the caller is. */
  const moneyRequest = (call: MockCall): { request: MoneyRequest; transaction: Resource } => {
    const id = String((call.context.params as Record<string, unknown>).id);
    const request = requests.get(id);
    const transaction = request ? call.store.tenant(request.requester).collection('/transactions').get(id) : undefined;
    if (!request || !transaction) throw new HttpProblem({ status: 404, id: 'not_found', message: `no money request ${id}` });
    return { request, transaction };
  };
  const callerEmail = (call: MockCall): string => sandbox.emailOf(call.context.principal.subject);
  const answer = (transaction: Resource) => ({ status: 200, body: { success: true, transaction } });

  /** Moves recurring payments on: one run per period since the mock first saw them. */
  const runRecurring = (call: MockCall): void => {
    for (const payment of call.collection()?.all() ?? []) {
      const id = String(payment.id);
      const seen = firstSeen.get(id) ?? { at: sandbox.now(), runs: typeof payment.times_run === 'number' ? payment.times_run : 0 };
      firstSeen.set(id, seen);
      if (payment.status !== 'active' || typeof payment.times !== 'number') continue;
      const period = PERIODS[String(payment.repeat)] ?? PERIODS.monthly!;
      const runs = seen.runs + Math.floor((sandbox.now() - seen.at) / period);
      if (payment.times !== -1 && runs >= payment.times) {
        payment.times_run = payment.times;
        payment.status = 'completed';
      } else payment.times_run = runs;
    }
  };

  return {
    onCreate: (resource, call) => {
      const body = isRecord(call.context.body) ? call.context.body : {};
      const transaction = isRecord(body.transaction) ? body.transaction : {};
      if (call.operationId === 'requestMoney' && typeof transaction.from === 'string') {
        requests.set(String(resource.id), { requester: call.context.principal.subject, payerEmail: transaction.from.toLowerCase() });
        resource.request = true;
        resource.status = 'pending';
      }
      if ((call.operationId === 'createBuy' || call.operationId === 'createDeposit' || call.operationId === 'createWithdrawal') && body.commit === false) uncommitted.add(String(resource.id));
    },
    behaviours: {
      completeRequest: (call) => {
        const { request, transaction } = moneyRequest(call);
        if (callerEmail(call) !== request.payerEmail) throw new HttpProblem({ status: 403, id: 'forbidden', message: 'only the user the money was requested from can complete the request' });
        if (transaction.status !== 'pending') throw new HttpProblem({ status: 400, id: 'invalid_request', message: `the request is ${String(transaction.status)}` });
        transaction.status = 'complete';
        return answer(transaction);
      },
      resendRequest: (call) => {
        const { request, transaction } = moneyRequest(call);
        if (call.context.principal.subject !== request.requester) throw new HttpProblem({ status: 403, id: 'forbidden', message: 'only the requester can resend the request' });
        return answer(transaction);
      },
      cancelRequest: (call) => cancel(call),
      cancelRequestPut: (call) => cancel(call),
      commitTransfer: async (call) => {
        const id = String((call.context.params as Record<string, unknown>).id);
        if (uncommitted.has(id) && !commitFailed.has(id)) {
          commitFailed.add(id);
          const transfer = call.collection()?.get(id);
          // The rate moved while the quote waited: the total changes and the caller must commit again.
          if (transfer && isRecord(transfer.total) && typeof transfer.total.amount === 'string') {
            const amount = Number(transfer.total.amount);
            if (Number.isFinite(amount)) transfer.total = { ...transfer.total, amount: (amount * 1.01).toFixed(2) };
          }
          throw new HttpProblem({ status: 400, id: 'rate_changed', message: 'the exchange rate updated while waiting; the new total is shown' });
        }
        uncommitted.delete(id);
        return call.next();
      },
      getRecurringPayment: (call) => {
        runRecurring(call);
        return call.next();
      },
      listRecurringPayments: (call) => {
        runRecurring(call);
        return call.next();
      },
    },
  };

  function cancel(call: MockCall) {
    const { request, transaction } = moneyRequest(call);
    if (call.context.principal.subject !== request.requester && callerEmail(call) !== request.payerEmail) {
      throw new HttpProblem({ status: 403, id: 'forbidden', message: 'only the requester or the payer can cancel the request' });
    }
    transaction.status = 'canceled';
    return answer(transaction);
  }
}
