/**
 * The sandbox as users run it, through the generated clients over loopback HTTP: create,
 * commit and list; page through 60 transactions; repeat a send with the same `idem`; money
 * requests between two users; a transfer commit that fails once; single-use onramp tokens;
 * every x402 reason code; recurring payments on the mock's clock; the second factor.
 */
import { ApiError } from '@svc/runtime';
import { OnrampClient } from '@svc/onramp';
import { V1Client } from '@svc/v1';
import { V2Client } from '@svc/v2';
import { X402Client } from '@svc/x402';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonCodes, startSandbox, type Sandbox } from '../../mock/index.js';

let sandbox: Sandbox;
let clock = Date.parse('2026-03-01T12:00:00Z');
let timed: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
  // A second sandbox on a clock the tests move (no HMAC there: v1 keys, onramp and x402 JWTs).
  timed = await startSandbox({ now: () => clock });
});
afterAll(async () => {
  await sandbox.close();
  await timed.close();
});

const v2 = (options: ConstructorParameters<typeof V2Client>[0] = {}) =>
  new V2Client({ baseUrl: sandbox.servers.v2, apiKey: sandbox.credentials.apiKey, twoFactorToken: () => sandbox.credentials.twoFactorToken, retry: false, ...options });

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const PAYMENT_METHOD = '83562370-3e5c-51db-87da-752af5ab9559';

describe('v2', () => {
  it('creates a deposit with commit: false, commits it and finds it in the list', async () => {
    const client = v2();
    const account_id = (await client.accounts.listAccounts()).data[0]!.id;
    const created = await client.deposits.createDeposit({ account_id }, { amount: '25.00', currency: 'USD', payment_method: PAYMENT_METHOD, commit: false });
    expect(created.data).toMatchObject({ status: 'created', committed: false, amount: { amount: '25.00', currency: 'USD' } });
    // The payment method the request named is the one the deposit links.
    expect(created.data.payment_method).toEqual({ id: PAYMENT_METHOD, resource: 'payment_method', resource_path: `/v2/payment-methods/${PAYMENT_METHOD}` });
    const committed = await client.deposits.commitDeposit({ account_id, deposit_id: created.data.id });
    expect(committed.data.status).toBe('completed');
    const listed = await client.deposits.listDeposits({ account_id });
    expect(listed.data.find((d) => d.id === created.data.id)?.status).toBe('completed');
    // Committing twice is refused: it is no longer an uncommitted deposit.
    expect((await errorOf(client.deposits.commitDeposit({ account_id, deposit_id: created.data.id }))).status).toBe(400);
  });

  it('gives seeded resources the path they are served at, and currencies that are currencies', async () => {
    const client = v2();
    const accounts = (await client.accounts.listAccounts()).data;
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) {
      expect(account.resource_path).toBe(`/v2/accounts/${account.id}`);
      expect((await client.accounts.getAccount({ account_id: account.id })).data.resource_path).toBe(account.resource_path);
    }
    // An account nobody listed, read by its id, is made up and kept with its own path.
    const unlisted = 'a5d1c3e0-1b2c-4d5e-8f90-123456789abc';
    expect((await client.accounts.getAccount({ account_id: unlisted })).data.resource_path).toBe(`/v2/accounts/${unlisted}`);
    for (const currency of (await client.data.listCurrencies()).data) {
      expect(currency.id, JSON.stringify(currency)).toMatch(/^[A-Z]{3,4}$/);
      expect(currency.name).not.toBe(currency.id);
    }
  });

  it('gives exchange rates of the base currency asked for, agreeing with the prices', async () => {
    const client = v2();
    const btc = (await client.data.getExchangeRates({ currency: 'BTC' })).data;
    const spot = (await client.data.getSpotPrice({ currency_pair: 'BTC-USD' })).data;
    expect(btc.currency).toBe('BTC');
    expect(btc.rates?.BTC).toBe('1.00');
    expect(btc.rates?.USD).toBe(spot.amount);
    const usd = (await client.data.getExchangeRates()).data;
    expect(usd.currency).toBe('USD');
    expect(Number(usd.rates?.BTC) * Number(spot.amount)).toBeCloseTo(1, 3);
    expect(Object.keys(usd.rates ?? {})).toEqual(expect.arrayContaining(['EUR', 'ETH', 'JPY', 'USD']));
    // A pair is priced in its quote currency.
    expect((await client.data.getSpotPrice({ currency_pair: 'BTC-EUR' })).data).toEqual({ amount: (65_000 / 1.08).toFixed(2), currency: 'EUR' });
  });

  it('records a notification of each create, as it was when created, without a webhook receiver', async () => {
    const client = v2();
    const account_id = (await client.accounts.listAccounts()).data[0]!.id;
    const created = await client.deposits.createDeposit({ account_id }, { amount: '7.00', currency: 'USD', payment_method: PAYMENT_METHOD, commit: false });
    await client.deposits.commitDeposit({ account_id, deposit_id: created.data.id });
    const about = async () => {
      const listed = await client.notifications.listNotifications({ limit: 100 });
      return listed.data.filter((n) => (n.data as { id?: string } | undefined)?.id === created.data.id);
    };
    const first = await about();
    // One for the create and one for the commit, each with the deposit as it was then.
    expect(first.map((n) => [n.type, (n.data as { status?: string }).status]).sort()).toEqual([
      ['wallet:deposit:completed', 'completed'],
      ['wallet:deposit:created', 'created'],
    ]);
    // Listed again, it is the same notification, not one made anew.
    expect(await about()).toEqual(first);
  });

  it('pages through 60 transactions 25 at a time, newest first', async () => {
    const client = v2();
    const account_id = '7a3f4a44-7a0b-4b0a-9d1e-2f6a1d9b8c01';
    const made: string[] = [];
    for (let i = 0; i < 60; i++) {
      const sent = await client.transactions.createTransaction({ account_id }, { type: 'send', to: `friend${i}@example.com`, amount: '0.001', currency: 'BTC', idem: `page-${i}` });
      made.push(sent.data.id);
    }
    const first = await client.transactions.listTransactions({ account_id, limit: 25 });
    expect(first.data.length).toBe(25);
    expect(first.data[0]!.id).toBe(made[59]);
    expect(first.pagination.next_uri).toContain('starting_after=');
    const seen: string[] = [];
    for await (const transaction of client.transactions.iterateListTransactions({ account_id, limit: 25 })) seen.push(transaction.id);
    expect(seen).toEqual([...made].reverse());
    const third = await client.transactions.listTransactions({ account_id, limit: 25, starting_after: seen[49]! });
    expect(third.data.length).toBe(10);
    expect(third.pagination.next_uri ?? null).toBeNull();
  });

  it('returns the first transaction again for a repeated idem', async () => {
    const client = v2();
    const account_id = '0b9f1d3c-5a6e-4f70-8b2a-3c4d5e6f7a80';
    const body = { type: 'send' as const, to: 'someone@example.com', amount: '0.01', currency: 'BTC', idem: 'same-token-1' };
    const once = await client.transactions.createTransaction({ account_id }, body);
    const twice = await client.transactions.createTransaction({ account_id }, body);
    expect(twice.data.id).toBe(once.data.id);
    expect((await client.transactions.listTransactions({ account_id })).data.length).toBe(1);
  });

  it('records a send as the amount debited, also for a negative amount (regression: "-0" was stored as "--0" and answered 500)', async () => {
    const client = v2();
    const account_id = '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
    const send = (amount: string, idem: string) => client.transactions.createTransaction({ account_id }, { type: 'send', to: 'someone@example.com', amount, currency: 'BTC', idem });
    expect((await send('0.5', 'debit-1')).data.amount).toEqual({ amount: '-0.5', currency: 'BTC' });
    expect((await send('-0', 'debit-2')).data.amount).toEqual({ amount: '0', currency: 'BTC' });
  });

  it('prices a buy with quote: true without saving it', async () => {
    const client = v2();
    const account_id = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
    const quote = await client.buys.createBuy({ account_id }, { amount: '2', currency: 'BTC', payment_method: PAYMENT_METHOD, quote: true });
    expect(quote.data.amount).toEqual({ amount: '2', currency: 'BTC' });
    expect((await errorOf(client.buys.getBuy({ account_id, buy_id: quote.data.id }))).status).toBe(404);
    expect((await client.buys.listBuys({ account_id })).data).toEqual([]);
  });

  it('asks for the second factor before sending money', async () => {
    const client = v2({ twoFactorToken: () => undefined });
    const error = await errorOf(client.transactions.createTransaction({ account_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' }, { type: 'send', to: 'x@example.com', amount: '1', currency: 'BTC' }));
    expect(error.status).toBe(402);
    expect(error.message).toContain('two_factor_required');
  });
});

describe('v1', () => {
  const v1 = (key = timed.credentials.apiKey.key) => new V1Client({ baseUrl: timed.servers.v1, apiKeys: { apiKey: key }, retry: false });

  it('creates a buy with commit: false, commits it (the first commit fails: the rate changed) and finds it in the list', async () => {
    const client = v1();
    const bought = await client.buys.createBuy({ qty: '1.5', commit: false });
    const id = bought.transfer!.id!;
    expect(bought.transfer!.status).toBe('created');
    const failed = await errorOf(client.transfers.commitTransfer({ id }));
    expect(failed.status).toBe(400);
    expect(String(JSON.stringify(failed.body))).toContain('exchange rate updated');
    const committed = await client.transfers.commitTransfer({ id });
    expect(committed.transfer!.status).toBe('Pending');
    const listed = await client.transfers.listTransfers();
    expect(listed.transfers.find((t) => t.transfer?.id === id)?.transfer?.status).toBe('Pending');
  });

  it('lets only the payer complete a money request, only the requester resend it', async () => {
    timed.registry.addApiKey('payer-key', 'payer-secret', ['request', 'send'], 'payer');
    timed.registry.addApiKey('stranger-key', 'stranger-secret', ['request', 'send'], 'stranger');
    const requester = v1();
    const request = await requester.transactions.requestMoney({ transaction: { from: 'payer@example.com', amount: '0.25' } });
    const id = request.transaction!.id!;
    expect((await errorOf(v1('stranger-key').transactions.completeRequest({ id }))).status).toBe(403);
    expect((await errorOf(requester.transactions.completeRequest({ id }))).status).toBe(403);
    expect((await errorOf(v1('payer-key').transactions.resendRequest({ id }))).status).toBe(403);
    await requester.transactions.resendRequest({ id });
    const completed = await v1('payer-key').transactions.completeRequest({ id });
    expect(completed.transaction!.status).toBe('complete');
  });

  it('runs recurring payments `times` times as the clock moves', async () => {
    const client = v1();
    const listed = await client.recurringPayments.listRecurringPayments();
    const id = listed.recurring_payments[0]!.recurring_payment!.id!;
    // Set one up as a user would have: active, monthly, three runs, none run yet.
    const stored = timed.stores.v1.tenant('mock-user').collection('/recurring_payments').get(id)!;
    Object.assign(stored, { status: 'active', repeat: 'monthly', times: 3, times_run: 0 });
    const before = await client.recurringPayments.getRecurringPayment({ id });
    expect(before.recurring_payment).toMatchObject({ status: 'active', times_run: 0 });
    clock += 61 * 24 * 3600 * 1000;
    expect((await client.recurringPayments.getRecurringPayment({ id })).recurring_payment).toMatchObject({ status: 'active', times_run: 2 });
    clock += 400 * 24 * 3600 * 1000;
    expect((await client.recurringPayments.getRecurringPayment({ id })).recurring_payment).toMatchObject({ status: 'completed', times_run: 3 });
  });
});

describe('onramp', () => {
  it('takes a session token once, and not after five minutes', async () => {
    // A fresh JWT: the clock of this sandbox has moved on since it started.
    const bearer = await timed.registry.issueJwt(timed.credentials.apiKey.key);
    const client = new OnrampClient({ baseUrl: timed.servers.onramp, accessToken: bearer, retry: false });
    const token = async (): Promise<string> => {
      const made = (await client.session.createSessionToken({ addresses: [{ address: '0x1111111111111111111111111111111111111111', blockchains: ['ethereum'] }] })) as { token?: string; data?: { token?: string } };
      return made.token ?? made.data!.token!;
    };
    const first = await token();
    const open = (t: string) => fetch(`${timed.servers.onramp}/buy/select-asset?sessionToken=${encodeURIComponent(t)}`);
    expect((await open(first)).status).toBe(200);
    expect((await open(first)).status).toBe(401);
    const late = await token();
    clock += 6 * 60 * 1000;
    expect((await open(late)).status).toBe(401);
  });

  it('prices quotes from the request: the docs\' example fees, at the mock\'s prices', async () => {
    const bearer = await timed.registry.issueJwt(timed.credentials.apiKey.key);
    const client = new OnrampClient({ baseUrl: timed.servers.onramp, accessToken: bearer, retry: false });
    const buy = (await client.onramp.createBuyQuote({ purchase_currency: 'BTC', payment_amount: '100.00', payment_currency: 'USD', payment_method: 'CARD', country: 'US' })) as Record<string, unknown>;
    expect(buy).toMatchObject({
      payment_total: { value: '100.00', currency: 'USD' },
      svc_fee: { value: '2.05', currency: 'USD' },
      network_fee: { value: '0.01', currency: 'USD' },
      payment_subtotal: { value: '97.94', currency: 'USD' },
      purchase_amount: { value: (97.94 / 65_000).toFixed(8), currency: 'BTC' },
    });
    expect(buy.quote_id).toEqual(expect.any(String));
    // The camelCase keys of the API reference are read too.
    const camel = (await client.onramp.createBuyQuote({ purchaseCurrency: 'USDC', paymentAmount: '50.00', paymentCurrency: 'EUR', paymentMethod: 'CARD', country: 'DE' } as never)) as Record<string, unknown>;
    expect(camel).toMatchObject({ payment_total: { value: '50.00', currency: 'EUR' }, purchase_amount: { currency: 'USDC' } });
    const sell = (await client.offramp.createSellQuote({ sell_currency: 'USDC', sell_amount: '50.00', cashout_currency: 'USD', payment_method: 'ACH_BANK_ACCOUNT', country: 'US' })) as Record<string, unknown>;
    expect(sell).toMatchObject({ cashout_subtotal: { value: '50.00', currency: 'USD' }, svc_fee: { value: '0.75', currency: 'USD' }, cashout_total: { value: '49.25', currency: 'USD' }, sell_amount: { value: '50.00', currency: 'USDC' } });
  });

  it('gives quotes whose hosted URL works once and expires with its token', async () => {
    const bearer = await timed.registry.issueJwt(timed.credentials.apiKey.key);
    const client = new OnrampClient({ baseUrl: timed.servers.onramp, accessToken: bearer, retry: false });
    const quoted = async (): Promise<string> => {
      const made = (await client.onramp.createBuyQuote({ purchase_currency: 'BTC', payment_amount: '100.00', payment_currency: 'USD', payment_method: 'CARD', country: 'US' })) as { onramp_url?: string; data?: { onramp_url?: string } };
      return made.onramp_url ?? made.data!.onramp_url!;
    };
    const url = await quoted();
    expect(url.startsWith(`${timed.servers.onramp}/buy/select-asset?sessionToken=`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url)).status).toBe(401);
    const stale = await quoted();
    clock += 6 * 60 * 1000;
    expect((await fetch(stale)).status).toBe(401);
  });
});

describe('x402', () => {
  const payment = (extra: Record<string, unknown> = {}) => {
    const nowSeconds = Math.floor(clock / 1000);
    const requirements = { scheme: 'exact', network: 'eip155:84532', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', amount: '10000', payTo: '0xe3a871648224d7a78e17500196a77317074a3fa9', maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2', ...extra } };
    const authorization = { from: '0x3b341936712c26925f2528bfad73cc05e5629e9e', to: requirements.payTo, value: '10000', validAfter: String(nowSeconds - 60), validBefore: String(nowSeconds + 600), nonce: `0x${'ab'.repeat(31)}${Math.floor(Math.random() * 256).toString(16).padStart(2, '0')}` };
    return { x402Version: 2 as const, paymentPayload: { x402Version: 2 as const, accepted: requirements, payload: { signature: `0x${'cd'.repeat(65)}`, authorization } }, paymentRequirements: requirements };
  };
  const client = () => new X402Client({ baseUrl: timed.servers.x402, accessToken: () => timed.registry.issueJwt(timed.credentials.apiKey.key), retry: false });

  it('verifies and settles a consistent payment, once', async () => {
    const request = payment();
    expect(await client().x402.verifyX402Payment({}, request)).toMatchObject({ isValid: true, payer: request.paymentPayload.payload.authorization.from });
    const settled = await client().x402.settleX402Payment({}, request);
    expect(settled).toMatchObject({ success: true, network: 'eip155:84532' });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    const again = await errorOf(client().x402.settleX402Payment({}, request));
    expect(again.body).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used' });
  });

  it('finds a payment too small, or expired', async () => {
    const small = payment();
    small.paymentPayload.payload.authorization.value = '9999';
    expect((await errorOf(client().x402.verifyX402Payment({}, small))).body).toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_payload_authorization_value_too_low' });
    const expired = payment();
    expired.paymentPayload.payload.authorization.validBefore = String(Math.floor(clock / 1000) - 1);
    expect((await errorOf(client().x402.verifyX402Payment({}, expired))).body).toMatchObject({ invalidReason: 'invalid_exact_evm_payload_authorization_valid_before' });
  });

  it('reaches every reason code of the spec', async () => {
    const codes = reasonCodes();
    expect(codes.x402VerifyInvalidReason.length).toBeGreaterThan(100);
    for (const reason of codes.x402VerifyInvalidReason) {
      const error = await errorOf(client().x402.verifyX402Payment({}, payment({ mockResult: reason })));
      expect(error.body, reason).toMatchObject({ isValid: false, invalidReason: reason });
    }
    for (const reason of codes.x402SettleErrorReason) {
      const error = await errorOf(client().x402.settleX402Payment({}, payment({ mockResult: reason })));
      expect(error.body, reason).toMatchObject({ success: false, errorReason: reason });
    }
  });
});
