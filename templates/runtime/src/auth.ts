/**
 * Picks the security alternative of an operation that the client has credentials for,
 * and the fixed credentials it sends (api keys); tokens and signatures are added per attempt.
 */
import { encodeKey, encodeValue } from './encoding.js';
import { startSession, type SessionStarter } from './session.js';
import { signatureHeaders } from './signing.js';
import type {
  ApiInfo,
  ClientOptions,
  HmacSignatureSpec,
  SecurityResolver,
  SecuritySchemeSpec,
  SecurityRequirement,
  TokenRefreshSpec,
} from './types.js';

/** The credentials `resolveSecurity` looks at. */
export type Credentials = Pick<ClientOptions, 'apiKey' | 'apiKeys' | 'accessToken' | 'basic'>;

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
  /** The signer, with `hmac` (here, so that only programs that sign bundle it). */
  sign?: typeof signatureHeaders;
  /** With `bearer` or `hmac`: what sends the token and the signature and recovers them (here, so that only programs that send them bundle it). */
  session?: SessionStarter;
}

/** The default of `x-token-refresh`. */
export const DEFAULT_TOKEN_REFRESH: TokenRefreshSpec = { status: 401, errorIds: ['expired_token'] };

const isBearer = (scheme: SecuritySchemeSpec): boolean =>
  scheme.type === 'oauth2' ||
  scheme.type === 'openIdConnect' ||
  (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer');

const isBasic = (scheme: SecuritySchemeSpec): boolean =>
  scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic';

/** `user:password` in base64, as UTF-8 (RFC 7617). */
function basicToken(username: string, password: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${username}:${password}`)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The signature spec of the first scheme of `requirement` that has one. */
function hmacOf(api: ApiInfo, requirement: SecurityRequirement): HmacSignatureSpec | undefined {
  for (const name of Object.keys(requirement)) {
    const hmac = api.securitySchemes[name]?.hmac;
    if (hmac) return hmac;
  }
  return undefined;
}

/**
 * True for an apiKey header scheme that only names one of the signer's own headers: specs may
 * declare key, signature and timestamp as three schemes required together, and the signer sends all three.
 */
function signedBy(scheme: SecuritySchemeSpec, hmac: HmacSignatureSpec | undefined): boolean {
  if (!hmac || scheme.type !== 'apiKey' || (scheme.in ?? 'header') !== 'header' || scheme.name === undefined)
    return false;
  const header = scheme.name.toLowerCase();
  return [hmac.keyHeader, hmac.signatureHeader, hmac.timestampHeader].some((name) => name.toLowerCase() === header);
}

function hasCredential(
  name: string,
  scheme: SecuritySchemeSpec | undefined,
  credentials: Credentials,
  hmac: HmacSignatureSpec | undefined,
): boolean {
  if (!scheme) return false;
  if (scheme.hmac || signedBy(scheme, hmac)) return credentials.apiKey !== undefined;
  if (scheme.type === 'apiKey') return credentials.apiKeys?.[name] !== undefined;
  if (isBearer(scheme)) return credentials.accessToken !== undefined;
  if (isBasic(scheme)) return credentials.basic !== undefined;
  // Client certificates live in the fetch implementation; nothing to send here.
  return scheme.type === 'mutualTLS';
}

const NOTHING = (): ResolvedSecurity => ({ schemes: [], headers: [], query: [], cookies: [] });

/**
 * The first alternative of `requirements` whose schemes all have credentials; `[]` (public)
 * or no satisfiable alternative send nothing, and the server decides.
 */
export const resolveSecurity: SecurityResolver = (init) => {
  const { api, credentials } = init;
  const chosen = init.requirements.find((requirement) => {
    const hmac = hmacOf(api, requirement);
    return Object.keys(requirement).every((name) => hasCredential(name, api.securitySchemes[name], credentials, hmac));
  });
  const resolved = NOTHING();
  if (!chosen) return resolved;
  const hmac = hmacOf(api, chosen);
  for (const name of Object.keys(chosen)) {
    const scheme = api.securitySchemes[name];
    if (!scheme) continue;
    resolved.schemes.push(name);
    if (scheme.hmac) {
      resolved.hmac = scheme.hmac;
      resolved.sign = signatureHeaders;
    } else if (signedBy(scheme, hmac)) {
      // Sent by the signer.
    } else if (scheme.type === 'apiKey') {
      const value = credentials.apiKeys?.[name];
      const param = scheme.name ?? name;
      if (value === undefined) continue;
      if (scheme.in === 'query') resolved.query.push(`${encodeKey(param)}=${encodeValue(value)}`);
      else if (scheme.in === 'cookie') resolved.cookies.push(`${param}=${encodeValue(value)}`);
      else resolved.headers.push([param, value]);
    } else if (isBearer(scheme)) {
      resolved.bearer = scheme.tokenRefresh ?? DEFAULT_TOKEN_REFRESH;
    } else if (isBasic(scheme) && credentials.basic) {
      resolved.headers.push([
        'Authorization',
        `Basic ${basicToken(credentials.basic.username, credentials.basic.password)}`,
      ]);
    }
  }
  if (resolved.bearer || resolved.hmac) resolved.session = startSession;
  return resolved;
};
