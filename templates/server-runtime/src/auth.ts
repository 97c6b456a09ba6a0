/**
 * Who is calling: the first security alternative of an operation whose credentials the
 * request carries and that verifies. API-key signatures are checked here with the runtime's own
 * signing code; keys, tokens and JWTs are looked up through the server's hooks.
 */
import {
  sign,
  type ApiSpec,
  type HmacSignatureSpec,
  type SecurityRequirement,
  type SecuritySchemeSpec,
} from '@svc/runtime';
import { HttpProblem } from './problems.js';

/** The authenticated caller handed to handlers. */
export interface Principal {
  /** Stable id of the caller (the key id, the token's subject); state is kept per subject. */
  subject: string;
  scopes: readonly string[];
  /** The scheme names of the alternative that was satisfied. */
  schemes: readonly string[];
  /** How the caller proved it: a signed API key, a bearer token, a plain key. */
  method: 'signature' | 'bearer' | 'api-key' | 'basic' | 'none';
  /** Claims of a JWT, or anything the bearer hook returns. */
  claims?: Readonly<Record<string, unknown>>;
}

/** What an API-key lookup returns. */
export interface ApiKeyRecord {
  subject: string;
  /** Signing secret (HMAC schemes). */
  secret?: string;
  scopes: readonly string[];
}

/** What a bearer-token lookup returns (OAuth access tokens, JWTs). */
export interface BearerRecord {
  subject: string;
  scopes: readonly string[];
  claims?: Readonly<Record<string, unknown>>;
}

/** Why a bearer token was refused; the id becomes the error id (`expired_token`). */
export interface BearerRefusal {
  refused: string;
  message: string;
}

export interface AuthHooks {
  /** Looks up an API key (signed or plain). */
  apiKey?: (key: string, scheme: string) => ApiKeyRecord | undefined | Promise<ApiKeyRecord | undefined>;
  /** Resolves a bearer token (OAuth or JWT); `request` lets JWT checks see the method and URL. */
  bearer?: (
    token: string,
    request: { method: string; url: URL; scheme: string },
  ) => BearerRecord | BearerRefusal | undefined | Promise<BearerRecord | BearerRefusal | undefined>;
  /** Checks HTTP basic credentials. */
  basic?: (user: string, password: string) => ApiKeyRecord | undefined | Promise<ApiKeyRecord | undefined>;
}

/** The parts of a request authentication looks at. */
export interface AuthRequest {
  method: string;
  url: URL;
  headers: Pick<Headers, 'get' | 'has'>;
  cookies: ReadonlyMap<string, string>;
  /** The exact body bytes (empty when none), as signed. */
  rawBody: Uint8Array;
  nowMs: number;
}

/** What a bearer hook sees of the request; the URL is parsed only if the hook reads it (a JWT's audience). */
class BearerRequest {
  constructor(
    private readonly request: AuthRequest,
    readonly scheme: string,
  ) {}
  get method(): string {
    return this.request.method;
  }
  get url(): URL {
    return this.request.url;
  }
}

const ANONYMOUS: Principal = { subject: 'anonymous', scopes: [], schemes: [], method: 'none' };

const isBearer = (scheme: SecuritySchemeSpec): boolean =>
  scheme.type === 'oauth2' ||
  scheme.type === 'openIdConnect' ||
  (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer');

/** Constant-time string comparison: the time taken does not depend on where the strings differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

function hmacOf(api: ApiSpec, requirement: SecurityRequirement): HmacSignatureSpec | undefined {
  for (const name of Object.keys(requirement)) {
    const hmac = api.securitySchemes[name]?.hmac;
    if (hmac) return hmac;
  }
  return undefined;
}

/** Whether the request carries anything for this scheme (so that its failure is the answer). */
function carries(scheme: SecuritySchemeSpec, request: AuthRequest, hmac: HmacSignatureSpec | undefined): boolean {
  if (hmac && (scheme.hmac || scheme.type === 'apiKey')) return request.headers.has(hmac.keyHeader);
  if (scheme.type === 'apiKey') return keyOf(scheme, request) !== undefined;
  const authorization = request.headers.get('authorization') ?? '';
  if (isBearer(scheme)) return /^bearer\s+\S/i.test(authorization);
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return /^basic\s+\S/i.test(authorization);
  return false;
}

function keyOf(scheme: SecuritySchemeSpec, request: AuthRequest): string | undefined {
  if (!scheme.name) return undefined;
  if (scheme.in === 'query') return request.url.searchParams.get(scheme.name) ?? undefined;
  if (scheme.in === 'cookie') return request.cookies.get(scheme.name);
  return request.headers.get(scheme.name) ?? undefined;
}

const unauthorized = (message: string, id = 'authentication_error'): HttpProblem =>
  new HttpProblem({ status: 401, id, message });

async function verifySignature(
  hmac: HmacSignatureSpec,
  schemeName: string,
  request: AuthRequest,
  hooks: AuthHooks,
): Promise<Principal> {
  const key = request.headers.get(hmac.keyHeader);
  const signature = request.headers.get(hmac.signatureHeader);
  const timestamp = request.headers.get(hmac.timestampHeader);
  if (!key || !signature || !timestamp)
    throw unauthorized(`${hmac.keyHeader}, ${hmac.signatureHeader} and ${hmac.timestampHeader} are all required`);
  const record = await hooks.apiKey?.(key, schemeName);
  if (!record?.secret) throw unauthorized('invalid API key');
  const sentMs = Number(timestamp) * (hmac.timestampUnit === 'milliseconds' ? 1 : 1000);
  const skewMs = (hmac.maxSkewSeconds ?? 30) * 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(request.nowMs - sentMs) > skewMs) {
    throw unauthorized(
      `${hmac.timestampHeader} is more than ${hmac.maxSkewSeconds ?? 30} seconds away from the server time`,
    );
  }
  const requestPath = request.url.pathname + request.url.search;
  const expected = await sign({
    hmac,
    secret: record.secret,
    timestamp,
    method: request.method,
    requestPath,
    body: request.rawBody,
  });
  if (!timingSafeEqual(expected, signature)) throw unauthorized('invalid signature');
  return { subject: record.subject, scopes: record.scopes, schemes: [], method: 'signature' };
}

/** `value` given to `then`, at once when it is not a promise: most hooks answer synchronously, and an `await` costs a turn of the queue. */
const after = <T, R>(value: T | Promise<T>, then: (settled: T) => R): R | Promise<R> =>
  value instanceof Promise ? value.then(then) : then(value);

/** The caller as one scheme of the alternative `schemes` proves it; a promise only when a hook returns one. */
function verifyScheme(
  name: string,
  scheme: SecuritySchemeSpec,
  request: AuthRequest,
  hooks: AuthHooks,
  schemes: readonly string[],
): Principal | Promise<Principal> {
  if (isBearer(scheme)) {
    const token = (request.headers.get('authorization') ?? '').replace(/^bearer\s+/i, '').trim();
    return after(hooks.bearer?.(token, new BearerRequest(request, name)), (result): Principal => {
      if (!result) throw unauthorized('invalid access token', 'invalid_token');
      if ('refused' in result) throw unauthorized(result.message, result.refused);
      return {
        subject: result.subject,
        scopes: result.scopes,
        schemes,
        method: 'bearer',
        ...(result.claims ? { claims: result.claims } : {}),
      };
    });
  }
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
    const decoded = atob((request.headers.get('authorization') ?? '').replace(/^basic\s+/i, '').trim());
    const at = decoded.indexOf(':');
    return after(hooks.basic?.(decoded.slice(0, at), decoded.slice(at + 1)), (record): Principal => {
      if (!record) throw unauthorized('invalid credentials');
      return { subject: record.subject, scopes: record.scopes, schemes, method: 'basic' };
    });
  }
  if (scheme.type === 'apiKey') {
    return after(hooks.apiKey?.(keyOf(scheme, request) ?? '', name), (record): Principal => {
      if (!record) throw unauthorized('invalid API key');
      return { subject: record.subject, scopes: record.scopes, schemes, method: 'api-key' };
    });
  }
  throw unauthorized(`security scheme ${name} (${scheme.type}) is not supported by this server`);
}

/** What `authenticate` needs of one security alternative, worked out once per alternative. */
interface RequirementPlan {
  names: readonly string[];
  hmac: HmacSignatureSpec | undefined;
  schemes: readonly (readonly [string, SecuritySchemeSpec | undefined])[];
  /** The scopes the alternative asks for, each once. */
  required: readonly string[];
}
const plans = new WeakMap<SecurityRequirement, RequirementPlan>();
function planOf(api: ApiSpec, requirement: SecurityRequirement): RequirementPlan {
  let plan = plans.get(requirement);
  if (!plan) {
    const names = Object.keys(requirement);
    plan = {
      names,
      hmac: hmacOf(api, requirement),
      schemes: names.map((name) => [name, api.securitySchemes[name]] as const),
      required: [...new Set(Object.values(requirement).flat())],
    };
    plans.set(requirement, plan);
  }
  return plan;
}

export interface Authenticated {
  principal: Principal;
  /** The scopes the satisfied alternative asks for. */
  required: readonly string[];
}

/**
 * The caller of an operation. A public operation (`[]` or an empty alternative) admits
 * anyone; otherwise the alternatives whose credentials the request carries are tried in order,
 * and the first that verifies lets it in, whatever else it sends.
 *
 * @throws HttpProblem 401 when no alternative is present, or with the first present one's refusal when none verifies.
 */
export async function authenticate(
  api: ApiSpec,
  requirements: readonly SecurityRequirement[],
  request: AuthRequest,
  hooks: AuthHooks,
): Promise<Authenticated> {
  return authenticateNow(api, requirements, request, hooks);
}

/**
 * `authenticate`, answering at once when the hooks do (a promise only when one of them returns
 * one): the router calls this for every request.
 */
export function authenticateNow(
  api: ApiSpec,
  requirements: readonly SecurityRequirement[],
  request: AuthRequest,
  hooks: AuthHooks,
): Authenticated | Promise<Authenticated> {
  return tryAlternatives({ api, requirements, request, hooks }, 0, undefined);
}

/** One authentication: what every alternative is tried against. */
interface Attempt {
  api: ApiSpec;
  requirements: readonly SecurityRequirement[];
  request: AuthRequest;
  hooks: AuthHooks;
}

/**
 * The alternatives from `from` on, tried in order; `refusal` is the first refusal met before.
 * An error that is not a refusal (a hook that throws) is the answer at once.
 */
function tryAlternatives(
  attempt: Attempt,
  from: number,
  refusal: HttpProblem | undefined,
): Authenticated | Promise<Authenticated> {
  const { api, requirements, request, hooks } = attempt;
  for (let at = from; at < requirements.length; at++) {
    const plan = planOf(api, requirements[at]!);
    const { names, hmac, schemes, required } = plan;
    if (names.length === 0) continue;
    if (!schemes.every(([, scheme]) => scheme !== undefined && carries(scheme, request, hmac))) continue;
    let verified: Principal | Promise<Principal>;
    try {
      // One scheme, the usual case: its principal is the answer.
      verified =
        !hmac && schemes.length === 1
          ? verifyScheme(names[0]!, schemes[0]![1]!, request, hooks, names)
          : verifyAll(api, plan, request, hooks);
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      refusal ??= error;
      continue;
    }
    if (!(verified instanceof Promise)) return { principal: verified, required };
    return verified.then(
      (principal) => ({ principal, required }),
      (error: unknown) => {
        if (!(error instanceof HttpProblem)) throw error;
        return tryAlternatives(attempt, at + 1, refusal ?? error);
      },
    );
  }
  if (refusal) throw refusal;
  if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0))
    return { principal: ANONYMOUS, required: [] };
  throw unauthorized('this operation needs credentials');
}

/** Every scheme of an alternative; the principal holds only the scopes they all grant. */
async function verifyAll(
  api: ApiSpec,
  { names, hmac, schemes }: RequirementPlan,
  request: AuthRequest,
  hooks: AuthHooks,
): Promise<Principal> {
  let principal: Principal | undefined;
  // The scheme group of a signature counts as one credential: key, signature and timestamp.
  if (hmac)
    principal = await verifySignature(
      hmac,
      names.find((n) => api.securitySchemes[n]?.hmac) ?? names[0]!,
      request,
      hooks,
    );
  for (const [name, scheme] of schemes) {
    if (hmac && scheme!.type === 'apiKey') continue;
    const next = await verifyScheme(name, scheme!, request, hooks, names);
    principal = principal ? { ...principal, scopes: principal.scopes.filter((s) => next.scopes.includes(s)) } : next;
  }
  return { ...principal!, schemes: names };
}

/** @throws HttpProblem 403 when the principal lacks one of `scopes`. */
export function requireScopes(principal: Principal, scopes: readonly string[], forbiddenId = 'invalid_scope'): void {
  const missing = scopes.filter((scope) => !principal.scopes.includes(scope));
  if (missing.length > 0)
    throw new HttpProblem({ status: 403, id: forbiddenId, message: `missing scope ${missing.join(', ')}` });
}
