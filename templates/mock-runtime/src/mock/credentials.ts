/**
 * Credentials a mock accepts: API keys (plain or HMAC-signed), OAuth access tokens and
 * JWTs (HS256, signed with an API key's secret), each with its scopes and the subject the
 * mock keeps state under. Ready-made ones come with every registry; tests add more parties.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { SecuritySchemeSpec } from '@svc/runtime';
import type { ApiKeyRecord, AuthHooks, BearerRecord, BearerRefusal } from '@svc/server-runtime';

export interface MockCredentials {
  apiKey: { key: string; secret: string };
  /** An OAuth access token with every scope the mocks know. */
  accessToken: string;
  /** A JWT the onramp and x402 mocks accept (HS256 with `apiKey.secret`, `sub` = `apiKey.key`). */
  bearer: string;
}

const encoder = new TextEncoder();

export class CredentialRegistry {
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly tokens = new Map<string, BearerRecord & { expiresAt?: number }>();
  private readonly users = new Map<string, ApiKeyRecord & { password: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Registers an API key; requests signed with its secret act as `subject` (default: the key). */
  addApiKey(key: string, secret: string, scopes: readonly string[], subject = key): void {
    this.keys.set(key, { subject, secret, scopes });
  }

  /** Registers an OAuth access token. */
  addAccessToken(token: string, scopes: readonly string[], subject: string, expiresAt?: number): void {
    this.tokens.set(token, { subject, scopes, ...(expiresAt !== undefined ? { expiresAt } : {}) });
  }

  /** Registers an HTTP basic user. */
  addBasicUser(user: string, password: string, scopes: readonly string[], subject = user): void {
    this.users.set(user, { subject, scopes, password });
  }

  /** A JWT for `key`, signed with its secret; `uris` binds it to requests (`POST host/path`). */
  async issueJwt(key: string, options: { expiresInSeconds?: number; uris?: readonly string[] } = {}): Promise<string> {
    const record = this.keys.get(key);
    if (!record?.secret) throw new Error(`unknown API key ${key}`);
    const issuedAt = Math.floor(this.now() / 1000);
    const jwt = new SignJWT({ ...(options.uris ? { uris: [...options.uris] } : {}) })
      .setProtectedHeader({ alg: 'HS256', kid: key, typ: 'JWT' })
      .setSubject(key)
      .setIssuer('svc-mock')
      .setIssuedAt(issuedAt)
      .setNotBefore(issuedAt)
      .setExpirationTime(issuedAt + (options.expiresInSeconds ?? 24 * 3600));
    return jwt.sign(encoder.encode(record.secret));
  }

  /** The authentication hooks of a mock server. */
  hooks(): AuthHooks {
    return {
      apiKey: (key) => this.keys.get(key),
      basic: (user, password) => {
        const known = this.users.get(user);
        return known && known.password === password ? { subject: known.subject, scopes: known.scopes } : undefined;
      },
      bearer: async (token, request): Promise<BearerRecord | BearerRefusal | undefined> => {
        const known = this.tokens.get(token);
        if (known) {
          if (known.expiresAt !== undefined && known.expiresAt <= this.now())
            return { refused: 'expired_token', message: 'the access token expired' };
          return { subject: known.subject, scopes: known.scopes };
        }
        return this.verifyJwt(token, request);
      },
    };
  }

  private async verifyJwt(
    token: string,
    request: { method: string; url: URL },
  ): Promise<BearerRecord | BearerRefusal | undefined> {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    let kid: unknown;
    try {
      kid = (JSON.parse(atob(parts[0]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>).kid;
    } catch {
      return undefined;
    }
    const record = typeof kid === 'string' ? this.keys.get(kid) : undefined;
    if (!record?.secret) return undefined;
    try {
      const { payload } = await jwtVerify(token, encoder.encode(record.secret), {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
        subject: String(kid),
      });
      const uris = payload.uris;
      if (Array.isArray(uris)) {
        const here = `${request.method.toUpperCase()} ${request.url.host}${request.url.pathname}`;
        if (!uris.includes(here)) return { refused: 'invalid_token', message: `the JWT does not authorise ${here}` };
      }
      return { subject: record.subject, scopes: record.scopes, claims: payload as Record<string, unknown> };
    } catch (error) {
      const expired =
        error instanceof Error && 'code' in error && (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED';
      return expired ? { refused: 'expired_token', message: 'the JWT expired' } : undefined;
    }
  }
}

/** The ready-made credentials of `npm run mock`, fixed so that a restarted mock accepts the same ones. */
export async function defaultCredentials(
  registry: CredentialRegistry,
  scopes: readonly string[],
): Promise<MockCredentials> {
  const apiKey = { key: 'mock-api-key', secret: 'mock-api-secret' };
  registry.addApiKey(apiKey.key, apiKey.secret, scopes, 'mock-user');
  const accessToken = 'mock-access-token';
  registry.addAccessToken(accessToken, scopes, 'mock-user');
  return { apiKey, accessToken, bearer: await registry.issueJwt(apiKey.key, { expiresInSeconds: 365 * 24 * 3600 }) };
}

/** The basic user of the ready-made credentials, as `user:password`. */
export const MOCK_BASIC_USER = 'mock-user:mock-password';

/**
 * What to send for each security scheme of a document so that the mock accepts it with every
 * scope, from the ready-made credentials (registering the basic user they need): the access
 * token of an OAuth 2 or OpenID Connect scheme, the JWT of an HTTP bearer scheme, the key of an API-key scheme (sent where the scheme
 * says), `user:password` for basic. Signed-key schemes (HMAC: `apiKey` has their key and secret) and
 * schemes a mock cannot check (mutual TLS, other HTTP schemes) are left out.
 */
export function schemeCredentials(
  registry: CredentialRegistry,
  credentials: MockCredentials,
  schemes: Readonly<Record<string, SecuritySchemeSpec>>,
  scopes: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(schemes).sort()) {
    const scheme = schemes[name]!;
    const httpScheme = scheme.type === 'http' ? scheme.scheme?.toLowerCase() : undefined;
    // A signed key is the whole of `apiKey` (key and secret), not one value to send.
    if (scheme.hmac) continue;
    if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') out[name] = credentials.accessToken;
    else if (httpScheme === 'bearer') out[name] = credentials.bearer;
    else if (scheme.type === 'apiKey') out[name] = credentials.apiKey.key;
    else if (httpScheme === 'basic') {
      const [user, password] = MOCK_BASIC_USER.split(':') as [string, string];
      registry.addBasicUser(user, password, scopes, 'mock-user');
      out[name] = MOCK_BASIC_USER;
    }
  }
  return out;
}
