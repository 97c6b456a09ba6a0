/**
 * x402 verify and settle, decided from the payload alone, so a test knows the answer in
 * advance: the checks a facilitator makes (versions, scheme, network, recipient, amount,
 * validity window, a nonce settled twice), and `paymentRequirements.extra.mockResult`
 * naming any reason code of the API to force that answer, so that every code can be reached.
 */
import { HttpProblem } from '@svc/server-runtime';
import type { MockCall } from '@svc/mock-runtime';
import { isRecord, type ApiBehaviour, type SandboxContext } from './types.js';

export interface X402ReasonCodes {
  x402VerifyInvalidReason: readonly string[];
  x402SettleErrorReason: readonly string[];
}

interface Judged {
  reason?: string;
  message?: string;
  payer?: string;
  network: string;
  nonce?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

async function transactionHash(payload: unknown): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(payload))));
  return `0x${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function judge(body: Record<string, unknown>, codes: readonly string[], nowSeconds: number): Judged {
  const payment = isRecord(body.paymentPayload) ? body.paymentPayload : {};
  const requirements = isRecord(body.paymentRequirements) ? body.paymentRequirements : {};
  const accepted = isRecord(payment.accepted) ? payment.accepted : payment;
  const inner = isRecord(payment.payload) ? payment.payload : {};
  const authorization = isRecord(inner.authorization) ? inner.authorization : undefined;
  const network = text(requirements.network) ?? text(accepted.network) ?? '';
  const payer = text(authorization?.from);
  const out: Judged = { network, ...(payer ? { payer } : {}), ...(text(authorization?.nonce) ? { nonce: text(authorization?.nonce)! } : {}) };
  const fail = (reason: string, message: string): Judged => (codes.includes(reason) ? { ...out, reason, message } : out);

  const forced = isRecord(requirements.extra) ? text(requirements.extra.mockResult) : undefined;
  if (forced !== undefined) {
    if (!codes.includes(forced)) throw new HttpProblem({ status: 400, id: 'invalid_request', message: `extra.mockResult ${forced} is not a reason code of this operation` });
    return { ...out, reason: forced, message: `forced by extra.mockResult` };
  }
  if (body.x402Version !== payment.x402Version) return fail('invalid_x402_version', `x402Version ${String(body.x402Version)} differs from the payload's ${String(payment.x402Version)}`);
  if (text(accepted.scheme) !== text(requirements.scheme)) return fail('invalid_scheme', `the payload pays with scheme ${String(accepted.scheme)}, the requirements ask for ${String(requirements.scheme)}`);
  if (text(accepted.network) !== network) return fail('invalid_network', `the payload pays on ${String(accepted.network)}, the requirements ask for ${network}`);
  if (authorization) {
    const payTo = text(requirements.payTo);
    if (payTo && text(authorization.to)?.toLowerCase() !== payTo.toLowerCase()) return fail('invalid_exact_evm_payload_recipient_mismatch', `the authorization pays ${String(authorization.to)}, not ${payTo}`);
    const required = text(requirements.amount) ?? text(requirements.maxAmountRequired);
    const value = text(authorization.value);
    if (required && value && /^\d+$/.test(required) && /^\d+$/.test(value) && BigInt(value) < BigInt(required)) {
      return fail('invalid_exact_evm_payload_authorization_value_too_low', `the authorization is for ${value}, the requirements ask for ${required}`);
    }
    const validBefore = Number(text(authorization.validBefore));
    const validAfter = Number(text(authorization.validAfter));
    if (Number.isFinite(validBefore) && validBefore <= nowSeconds) return fail('invalid_exact_evm_payload_authorization_valid_before', 'the authorization has expired');
    if (Number.isFinite(validAfter) && validAfter > nowSeconds) return fail('invalid_exact_evm_payload_authorization_valid_after', 'the authorization is not valid yet');
  }
  return out;
}

export function x402Behaviour(sandbox: SandboxContext, codes: X402ReasonCodes): ApiBehaviour {
  /** Nonces settled so far, per caller. */
  const settled = new Map<string, Set<string>>();
  const bodyOf = (call: MockCall): Record<string, unknown> => (isRecord(call.context.body) ? call.context.body : {});
  return {
    behaviours: {
      verifyX402Payment: (call) => {
        const judged = judge(bodyOf(call), codes.x402VerifyInvalidReason, Math.floor(sandbox.now() / 1000));
        const payer = judged.payer ? { payer: judged.payer } : {};
        if (judged.reason) return { status: 400, body: { isValid: false, invalidReason: judged.reason, invalidMessage: judged.message ?? judged.reason, ...payer } };
        return { status: 200, body: { isValid: true, ...payer } };
      },
      settleX402Payment: async (call) => {
        const body = bodyOf(call);
        const judged = judge(body, codes.x402SettleErrorReason, Math.floor(sandbox.now() / 1000));
        const nonces = settled.get(call.context.principal.subject) ?? new Set<string>();
        settled.set(call.context.principal.subject, nonces);
        let { reason, message } = judged;
        if (!reason && judged.nonce && nonces.has(judged.nonce) && codes.x402SettleErrorReason.includes('invalid_exact_evm_nonce_already_used')) {
          reason = 'invalid_exact_evm_nonce_already_used';
          message = 'this authorization was settled before';
        }
        const payer = judged.payer ? { payer: judged.payer } : {};
        if (reason) return { status: 400, body: { success: false, errorReason: reason, errorMessage: message ?? reason, transaction: '', network: judged.network, ...payer } };
        if (judged.nonce) nonces.add(judged.nonce);
        return { status: 200, body: { success: true, transaction: await transactionHash(body.paymentPayload), network: judged.network, ...payer } };
      },
    },
  };
}
