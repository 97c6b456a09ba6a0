/**
 * Onramp and offramp rules: session tokens are single use and expire after five minutes;
 * a quote's `onramp_url` opens the hosted page on this mock with a token of its own, so the
 * quote expires with it.
 * The mock serves the hosted pages (`x-hosted-flows`: `/buy/select-asset`,
 * `/v3/sell/input`), which take a token once; a second use or a late one is refused.
 */
import { randomAt, type MockCall } from '@svc/mock-runtime';
import { isRecord, type ApiBehaviour, type SandboxContext } from './types.js';

const TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export function onrampBehaviour(sandbox: SandboxContext, hostedPaths: readonly string[]): ApiBehaviour {
  const tokens = new Map<string, { issuedAt: number; used: boolean }>();
  let issued = 0;
  const newToken = (subject: string): string => {
    const random = randomAt(subject, 'session-token', ++issued);
    const token = btoa(`${crypto.randomUUID()}${random.int(0, 1e9)}`).replace(/=+$/, '');
    tokens.set(token, { issuedAt: sandbox.now(), used: false });
    return token;
  };
  /** A quote's ready-to-use URL: the hosted page on this mock, with a fresh token, so the quote expires with it. */
  const withHostedUrl = async (call: MockCall, path: string, field: 'onramp_url' | 'offramp_url') => {
    const reply = await call.next();
    const body = isRecord(reply.body) ? reply.body : {};
    const quote = isRecord(body.data) ? body.data : body;
    const url = new URL(path, call.context.url.origin);
    url.searchParams.set('sessionToken', newToken(call.context.principal.subject));
    if (typeof quote.quote_id === 'string') url.searchParams.set('quoteId', quote.quote_id);
    quote[field] = url.toString();
    return { ...reply, body };
  };
  return {
    behaviours: {
      createBuyQuote: (call) => withHostedUrl(call, hostedPaths[0] ?? '/', 'onramp_url'),
      createSellQuote: (call) => withHostedUrl(call, hostedPaths[1] ?? hostedPaths[0] ?? '/', 'offramp_url'),
      createSessionToken: async (call) => {
        const reply = await call.next();
        // A fresh token every time: the seeded one would repeat across calls.
        const token = newToken(call.context.principal.subject);
        const body = isRecord(reply.body) ? reply.body : {};
        if (isRecord(body.data)) body.data.token = token;
        else body.token = token;
        return { ...reply, body };
      },
    },
    extend: (app) => {
      for (const path of hostedPaths) {
        app.get(path, (c) => {
          const token = c.req.query('sessionToken');
          const entry = token ? tokens.get(token) : undefined;
          if (!token || !entry) return c.text('unknown session token', 401);
          if (entry.used) return c.text('this session token was used already', 401);
          if (sandbox.now() - entry.issuedAt > TOKEN_LIFETIME_MS) return c.text('this session token expired', 401);
          entry.used = true;
          return c.html(`<!doctype html><title>Mock hosted flow</title><h1>${path}</h1><p>Session accepted.</p>`);
        });
      }
    },
  };
}
