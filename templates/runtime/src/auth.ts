/**
 * Picks the security alternative of an operation that the client has credentials for,
 * and the fixed credentials it sends (api keys); tokens and signatures are added per attempt.
 */
import { encodeKey, encodeValue } from './encoding.js';
import type { ApiSpec, ClientOptions, HmacSignatureSpec, SecuritySchemeSpec, SecurityRequirement, TokenRefreshSpec } from './types.js';

/** The credentials `resolveSecurity` looks at. */
export type Credentials = Pick<ClientOptions, 'apiKey' | 'apiKeys' | 'accessToken'>;

/** What the chosen alternative asks the client to send. */
export interface ResolvedSecurity {
  /** Names of the chosen schemes; empty when nothing is sent. */
  schemes: string[];
  headers: [string, string][];
  /** Encoded `key=value` query pairs. */
  query: string[];
  /** `name=value` cookie pairs. */
  cookies: string[];
  /** Set when a bearer token is sent; the response that means "token expired". */
  bearer?: TokenRefreshSpec;
  /** Set when the request is signed. */
  hmac?: HmacSignatureSpec;
}

/** The default of `x-token-refresh`. */
export const DEFAULT_TOKEN_REFRESH: TokenRefreshSpec = { status: 401, errorIds: ['expired_token'] };

const isBearer = (scheme: SecuritySchemeSpec): boolean =>
  scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer');

function hasCredential(name: string, scheme: SecuritySchemeSpec | undefined, credentials: Credentials): boolean {
  if (!scheme) return false;
  if (scheme.hmac) return credentials.apiKey !== undefined;
  if (scheme.type === 'apiKey') return credentials.apiKeys?.[name] !== undefined;
  if (isBearer(scheme)) return credentials.accessToken !== undefined;
  // Client certificates live in the fetch implementation; nothing to send here.
  return scheme.type === 'mutualTLS';
}

const NOTHING = (): ResolvedSecurity => ({ schemes: [], headers: [], query: [], cookies: [] });

/**
 * The first alternative of `requirements` whose schemes all have credentials; `[]` (public)
 * or no satisfiable alternative send nothing, and the server decides.
 */
export function resolveSecurity(init: {
  api: ApiSpec;
  requirements: readonly SecurityRequirement[];
  credentials: Credentials;
}): ResolvedSecurity {
  const { api, credentials } = init;
  const chosen = init.requirements.find((requirement) =>
    Object.keys(requirement).every((name) => hasCredential(name, api.securitySchemes[name], credentials)),
  );
  const resolved = NOTHING();
  if (!chosen) return resolved;
  for (const name of Object.keys(chosen)) {
    const scheme = api.securitySchemes[name];
    if (!scheme) continue;
    resolved.schemes.push(name);
    if (scheme.hmac) {
      resolved.hmac = scheme.hmac;
    } else if (scheme.type === 'apiKey') {
      const value = credentials.apiKeys?.[name];
      const param = scheme.name ?? name;
      if (value === undefined) continue;
      if (scheme.in === 'query') resolved.query.push(`${encodeKey(param)}=${encodeValue(value)}`);
      else if (scheme.in === 'cookie') resolved.cookies.push(`${param}=${encodeValue(value)}`);
      else resolved.headers.push([param, value]);
    } else if (isBearer(scheme)) {
      resolved.bearer = scheme.tokenRefresh ?? DEFAULT_TOKEN_REFRESH;
    }
  }
  return resolved;
}
