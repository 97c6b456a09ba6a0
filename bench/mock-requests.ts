/** The requests the mock bench sends: a create of a buy and a public list, as one v2 caller. */

/** An account of the mock's seeded data. */
export const ACCOUNT = '2bbf394c-193b-5b2a-9155-3b4732659ede';
/** A valid buy: the mock stores each one. */
export const BUY = { amount: '10', currency: 'BTC', payment_method: '83562370-3e5c-51db-87da-752af5ab9559' };
/** The mock's printed OAuth token with every scope, JSON, and the version header (no `missing_version` warning). */
export const HEADERS = { authorization: 'Bearer mock-access-token', 'content-type': 'application/json', 'svc-version': '2017-08-07' };
