/** Operations and webhooks: paths, parameters, bodies, responses, security and the operation's extensions. */
import { pathLabel } from '../model/derive.js';
import { isJsonMediaType, isTextualMediaType } from '../model/media.js';
import type { MediaModel, OperationModel, ParameterModel, RequestBodyModel, ResponseModel, SecurityRequirement } from '../model/types.js';
import { brief, show, within, type ChangeCollector, type Scope, type Site } from './change.js';
import { removalOf, stabilityOf, STABILITY_LEVELS, sunsetChangeOf, sunsetOf, UNGATED, type Sunset } from './lifecycle.js';
import type { Carrier, SchemaComparer } from './schema.js';
import type { Direction } from './rules.js';

/** `GET /accounts/{}`: path parameters renamed in the template are the same operation. */
const operationKey = (op: OperationModel): string => `${op.method} ${pathLabel({ ...op, path: op.path.replace(/\{[^}]*\}/g, '{}') })}`;

/**
 * Extensions the model reads (compared through its fields, as the targets read them); the others
 * (documentation only: `x-limits`, `x-requires-scope`, `x-required-permissions` …) are compared
 * as the data they are, by the rule of their kind.
 */
const MODELLED_EXTENSIONS = new Set(['x-pagination', 'x-idempotency', 'x-rate-limit', 'x-scopes-by-field']);
/** Extensions of an element's lifecycle, compared by their own rules (lifecycle.ts). */
const LIFECYCLE_EXTENSIONS = new Set(['x-stability-level', 'x-sunset']);
/** The rules of a deprecated element's removal, by what it is and what its sunset date says (lifecycle.ts `removalOf`). */
const REMOVAL_RULES = {
  operation: { allowed: 'deprecated-operation-removed', 'before-sunset': 'operation-removed-before-sunset', 'invalid-sunset': 'operation-sunset-invalid' },
  'request-parameter': { allowed: 'request-deprecated-parameter-removed', 'before-sunset': 'request-parameter-removed-before-sunset', 'invalid-sunset': 'request-parameter-sunset-invalid' },
} as const;
const LIMIT_EXTENSIONS = new Set(['x-limits']);
const AUTHORIZATION_EXTENSIONS = new Set(['x-requires-scope', 'x-required-permissions']);

export class OperationComparer {
  /** Operations (and webhooks) whose base is `draft` or `alpha`: their changes are listed, not gated (lifecycle.ts). */
  readonly ungated = new Set<string>();

  constructor(
    private readonly api: string,
    private readonly schemas: SchemaComparer,
    private readonly out: ChangeCollector,
  ) {}

  compareAll(base: OperationModel[], head: OperationModel[], kind: 'operation' | 'webhook'): void {
    const key = (op: OperationModel): string => (kind === 'webhook' ? `${op.method} ${pathLabel(op)}` : operationKey(op));
    const headByKey = new Map(head.map((op) => [key(op), op]));
    const baseByKey = new Map(base.map((op) => [key(op), op]));
    for (const a of base) {
      const b = headByKey.get(key(a));
      const scope = this.scopeOf(a, kind);
      const stability = stabilityOf(a.extensions);
      if ('level' in stability && UNGATED.has(stability.level)) {
        this.ungated.add(scope.subject);
        if (b) this.ungated.add(this.scopeOf(b, kind).subject);
      }
      if (!b) {
        this.reportRemoved(a, scope, kind);
        continue;
      }
      this.compareOperation(a, b, { ...this.scopeOf(b, kind), operation: b.operationId }, kind);
    }
    for (const b of head) {
      if (!baseByKey.has(key(b))) this.out.report(`${kind}-added`, this.scopeOf(b, kind), { headPointer: b.pointer }, `${kind} \`${b.operationId}\` (${b.method} ${pathLabel(b)}) was added`);
    }
  }

  /** A removed operation: breaking, unless it was deprecated and its sunset date (if any) has come. */
  private reportRemoved(a: OperationModel, scope: Scope, kind: 'operation' | 'webhook'): void {
    const what = `${kind} \`${a.operationId}\` (${a.method} ${pathLabel(a)})`;
    const site = { basePointer: a.pointer };
    if (kind === 'webhook' || !a.deprecated) this.out.report(`${kind}-removed`, scope, site, `${what} was removed`);
    else this.reportDeprecatedRemoved('operation', a.extensions, what, scope, site);
  }

  /** The end of a deprecated element's life: compatible once its sunset date (if any) has come, breaking before. */
  private reportDeprecatedRemoved(kind: keyof typeof REMOVAL_RULES, extensions: Record<string, unknown> | undefined, what: string, scope: Scope, site: Site): void {
    const removal = removalOf(sunsetOf(extensions));
    const message =
      removal.kind === 'allowed'
        ? `deprecated ${what} was removed${removal.date ? ` (its sunset date, ${removal.date}, has come)` : ''}`
        : removal.kind === 'before-sunset'
          ? `deprecated ${what} was removed before its sunset date, ${removal.date}`
          : `deprecated ${what} was removed, and its \`x-sunset\` ${show(removal.value)} is not a date`;
    this.out.report(REMOVAL_RULES[kind][removal.kind], scope, site, message);
  }

  /** `x-stability-level` and, on an operation deprecated on both sides, `x-sunset`. */
  private compareLifecycle(a: OperationModel, b: OperationModel, scope: Scope, site: Site): void {
    const [was, is] = [stabilityOf(a.extensions), stabilityOf(b.extensions)];
    const at = within(scope, 'x-stability-level');
    for (const stability of [was, is]) {
      if ('invalid' in stability) this.out.report('operation-stability-invalid', at, site, `\`x-stability-level\` ${show(stability.invalid)} is none of ${STABILITY_LEVELS.join(', ')}`);
    }
    if ('level' in was && 'level' in is && was.level !== is.level) {
      const lower = STABILITY_LEVELS.indexOf(is.level) < STABILITY_LEVELS.indexOf(was.level);
      this.out.report(lower ? 'operation-stability-decreased' : 'operation-stability-increased', at, site, `the operation's stability went from ${was.level} to ${is.level}`);
    }
    if (a.deprecated && b.deprecated) this.reportSunsetChange(sunsetOf(a.extensions), sunsetOf(b.extensions), within(scope, 'x-sunset'), site, 'operation');
  }

  private reportSunsetChange(base: Sunset | undefined, head: Sunset | undefined, scope: Scope, site: Site, kind: keyof typeof REMOVAL_RULES): void {
    const change = sunsetChangeOf(base, head);
    const what = kind === 'operation' ? 'the deprecated operation' : 'the deprecated parameter';
    if (change?.kind === 'removed') this.out.report(`${kind}-sunset-removed`, scope, site, `the sunset date of ${what} (${change.was}) was removed`);
    else if (change?.kind === 'earlier') this.out.report(`${kind}-sunset-moved-earlier`, scope, site, `the sunset date of ${what} moved earlier, from ${change.from} to ${change.to}`);
    else if (change?.kind === 'invalid') this.out.report(`${kind}-sunset-invalid`, scope, site, `the \`x-sunset\` of ${what}, ${show(change.value)}, is not a date`);
  }

  private scopeOf(op: OperationModel, kind: 'operation' | 'webhook'): Scope {
    return { api: this.api, subject: kind === 'webhook' ? `webhook ${op.path} (${op.method})` : `${op.method} ${pathLabel(op)}`, operation: op.operationId, path: '' };
  }

  private compareOperation(a: OperationModel, b: OperationModel, scope: Scope, kind: 'operation' | 'webhook'): void {
    const site: Site = { basePointer: a.pointer, headPointer: b.pointer };
    if (a.operationId !== b.operationId) this.out.report('operation-id-changed', scope, site, `operationId changed from \`${a.operationId}\` to \`${b.operationId}\``);
    if (a.deprecated !== b.deprecated) this.out.report(b.deprecated ? 'operation-deprecated' : 'operation-undeprecated', scope, site, `the ${kind} ${b.deprecated ? 'was deprecated' : 'is no longer deprecated'}`);
    // A webhook turns the roles round: the API sends the request, the caller's server answers.
    const sent: Direction = kind === 'webhook' ? 'response' : 'request';
    const received: Direction = kind === 'webhook' ? 'request' : 'response';
    if (kind === 'operation') this.compareParameters(a, b, scope);
    else this.compareWebhookParameters(a, b, scope);
    this.compareBodies(a.requestBody, b.requestBody, scope, site, sent);
    this.compareResponses(a, b, scope, received);
    if (kind === 'operation') {
      this.compareSecurity(a.security, b.security, scope, site);
      this.compareExtensions(a, b, scope, site);
      this.compareLifecycle(a, b, scope, site);
    }
  }

  /** Path parameters are matched by position (a renamed `{id}` is the same parameter), others by location and name. */
  private compareParameters(a: OperationModel, b: OperationModel, scope: Scope): void {
    const keyed = (op: OperationModel): Map<string, ParameterModel> => {
      const pathOrder = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
      return new Map(
        op.parameters.map((p) => [p.in === 'path' ? `path #${pathOrder.indexOf(p.name)}` : `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p]),
      );
    };
    const before = keyed(a);
    const after = keyed(b);
    for (const [key, p] of before) {
      const q = after.get(key);
      const at = within(scope, `${p.in} ${p.name}`);
      if (!q) {
        const moved = b.parameters.find((x) => x.name === p.name && x.in !== p.in);
        if (moved) this.out.report('request-parameter-location-changed', at, { basePointer: a.pointer, headPointer: b.pointer }, `parameter \`${p.name}\` moved from ${p.in} to ${moved.in}`);
        else this.reportParameterRemoved(p, at, { basePointer: a.pointer });
        continue;
      }
      const site: Site = { basePointer: a.pointer, headPointer: b.pointer };
      if (p.required !== q.required) {
        this.out.report(q.required ? 'request-parameter-became-required' : 'request-parameter-became-optional', at, site, `${p.in} parameter \`${p.name}\` became ${q.required ? 'required' : 'optional'}`);
      }
      if (p.style !== q.style || p.explode !== q.explode) {
        this.out.report('request-parameter-style-changed', at, site, `${p.in} parameter \`${p.name}\` is now serialised as style ${q.style}, explode ${q.explode} (was ${p.style}, ${p.explode})`);
      }
      if (!p.deprecated && q.deprecated) this.out.report('request-parameter-deprecated', at, site, `${p.in} parameter \`${p.name}\` was deprecated`);
      if (p.deprecated && q.deprecated) this.reportSunsetChange(sunsetOf(p.extensions), sunsetOf(q.extensions), at, site, 'request-parameter');
      // A parameter travels as text: a value of the old type may still be read as the new one.
      const [was, now] = [this.schemas.base.resolve(p.schema), this.schemas.head.resolve(q.schema)];
      if (q.in === 'query' && q.style === 'form' && q.explode && now.kind === 'array' && was.kind !== 'array' && now.items !== undefined) {
        // `?tag=a` is a list of one when the parameter is an exploded list: the values sent before are its items.
        const first = this.out.changes.length;
        this.schemas.compare(p.schema, now.items, 'request', within(at, '[]'), 'text');
        if (this.out.changes.slice(first).some((c) => c.level === 'breaking')) {
          this.out.report('request-type-changed', at, site, `query parameter \`${p.name}\` became a list whose items refuse values sent before`);
        } else this.out.report('request-parameter-became-list', at, site, `query parameter \`${p.name}\` now takes a list (\`?${p.name}=a&${p.name}=b\`); a value sent alone is a list of one`);
      } else this.schemas.compare(p.schema, q.schema, 'request', at, 'text');
    }
    for (const [key, q] of after) {
      if (before.has(key) || a.parameters.some((x) => x.name === q.name && x.in !== q.in)) continue;
      const at = within(scope, `${q.in} ${q.name}`);
      this.out.report(q.required ? 'request-required-parameter-added' : 'request-parameter-added', at, { headPointer: b.pointer }, `${q.required ? 'required' : 'optional'} ${q.in} parameter \`${q.name}\` was added`);
    }
  }

  /** A removed parameter: possibly breaking, or the end of its announced life when it was deprecated and its sunset date (if any) has come. */
  private reportParameterRemoved(p: ParameterModel, scope: Scope, site: Site): void {
    const what = `${p.in} parameter \`${p.name}\``;
    if (!p.deprecated) this.out.report('request-parameter-removed', scope, site, `${what} was removed`);
    else this.reportDeprecatedRemoved('request-parameter', p.extensions, what, scope, site);
  }

  /** A webhook's parameters are headers the API sends: only their schemas are compared. */
  private compareWebhookParameters(a: OperationModel, b: OperationModel, scope: Scope): void {
    for (const p of a.parameters) {
      const q = b.parameters.find((x) => x.in === p.in && x.name.toLowerCase() === p.name.toLowerCase());
      if (q) this.schemas.compare(p.schema, q.schema, 'response', within(scope, `${p.in} ${p.name}`), 'text');
    }
  }

  private compareBodies(a: RequestBodyModel | undefined, b: RequestBodyModel | undefined, scope: Scope, site: Site, direction: Direction): void {
    const at = within(scope, 'request body');
    if (!a && !b) return;
    if (!a || !b) {
      // In a webhook the body is what the caller receives: the body rules of responses apply.
      if (direction === 'response') {
        this.out.report(a ? 'response-body-removed' : 'response-body-added', at, site, `the webhook's body was ${a ? 'removed' : 'added'}`);
      } else if (a) this.out.report('request-body-removed', at, site, 'the request body was removed');
      else this.out.report(b!.required ? 'request-required-body-added' : 'request-body-added', at, site, `a${b!.required ? ' required' : 'n optional'} request body was added`);
      return;
    }
    if (direction === 'request' && a.required !== b.required) {
      this.out.report(b.required ? 'request-body-became-required' : 'request-body-became-optional', at, site, `the request body became ${b.required ? 'required' : 'optional'}`);
    }
    this.compareContents(a.contents, b.contents, at, site, direction);
  }

  private compareContents(a: MediaModel[], b: MediaModel[], scope: Scope, site: Site, direction: Direction): void {
    const single = a.length === 1 && b.length === 1;
    for (const media of a) {
      const other = b.find((m) => m.contentType === media.contentType) ?? (single ? b[0] : undefined);
      if (!other) {
        this.out.report(`${direction}-media-type-removed`, scope, site, `media type \`${media.contentType}\` was removed`);
        continue;
      }
      if (other.contentType !== media.contentType) {
        this.out.report(`${direction}-media-type-removed`, scope, site, `media type \`${media.contentType}\` was replaced by \`${other.contentType}\``);
      }
      this.schemas.compare(media.schema, other.schema, direction, a.length > 1 ? within(scope, `(${media.contentType})`) : scope, carrierOf(media.contentType) === 'loose' && carrierOf(other.contentType) === 'loose' ? 'loose' : 'json');
    }
    for (const media of b) {
      if (direction === 'request' && !a.some((m) => m.contentType === media.contentType) && !single) this.out.report('request-media-type-added', scope, site, `media type \`${media.contentType}\` was added`);
    }
  }

  private compareResponses(a: OperationModel, b: OperationModel, scope: Scope, direction: Direction): void {
    const site: Site = { basePointer: a.pointer, headPointer: b.pointer };
    const success = (status: string): boolean => /^[123]/.test(status);
    const headByStatus = new Map(b.responses.map((r) => [r.status.toUpperCase(), r]));
    const baseByStatus = new Map(a.responses.map((r) => [r.status.toUpperCase(), r]));
    for (const r of a.responses) {
      const at = within(scope, `response ${r.status}`);
      const s = headByStatus.get(r.status.toUpperCase());
      if (!s) {
        this.out.report(success(r.status) ? 'response-success-status-removed' : 'response-error-status-removed', at, { basePointer: `${a.pointer}/responses/${r.status}` }, `response ${r.status} was removed`);
        continue;
      }
      this.compareResponse(r, s, at, { basePointer: `${a.pointer}/responses/${r.status}`, headPointer: `${b.pointer}/responses/${s.status}` }, direction);
    }
    for (const s of b.responses) {
      if (baseByStatus.has(s.status.toUpperCase())) continue;
      this.out.report(success(s.status) ? 'response-success-status-added' : 'response-error-status-added', within(scope, `response ${s.status}`), { ...site, headPointer: `${b.pointer}/responses/${s.status}` }, `response ${s.status} was added`);
    }
  }

  private compareResponse(r: ResponseModel, s: ResponseModel, scope: Scope, site: Site, direction: Direction): void {
    const body = within(scope, 'body');
    if (r.content && !s.content) this.out.report('response-body-removed', body, site, `response ${r.status} no longer has a body`);
    else if (!r.content && s.content) this.out.report('response-body-added', body, site, `response ${r.status} now has a body`);
    // The model keeps one schema per response (JSON first): where the other side still offers the
    // type compared on this side, a media type was added or removed beside it, not swapped.
    const typesOf = (response: ResponseModel): string[] => [...(response.content ? [response.content.contentType] : []), ...(response.otherMediaTypes ?? [])];
    const [before, after] = [typesOf(r), typesOf(s)];
    const swapped = r.content !== undefined && s.content !== undefined && r.content.contentType !== s.content.contentType;
    const kept = swapped && (after.includes(r.content!.contentType) || before.includes(s.content!.contentType));
    if (r.content && s.content && !kept) this.compareContents([r.content], [s.content], body, site, direction);
    // A stream offered beside the body (JSON and text/event-stream): its items are compared as the body is (its media type, added or removed, below).
    if (r.stream && s.stream && r.stream.contentType === s.stream.contentType) this.compareContents([r.stream], [s.stream], within(scope, 'stream'), site, direction);
    // The media types besides those compared above (a swap of one for the other is reported
    // there); a body that came or went is reported above, its media types with it.
    const bodyCameOrWent = !r.content || !s.content;
    const compared = bodyCameOrWent ? [...before, ...after] : kept ? [] : [r.content!.contentType, s.content!.contentType];
    for (const type of before) if (!compared.includes(type) && !after.includes(type)) this.out.report('response-media-type-removed', body, site, `media type \`${type}\` was removed`);
    for (const type of after) if (!compared.includes(type) && !before.includes(type)) this.out.report('response-media-type-added', body, site, `media type \`${type}\` was added`);
    const headByName = new Map(s.headers.map((h) => [h.name.toLowerCase(), h]));
    for (const h of r.headers) {
      const at = within(scope, `header ${h.name}`);
      const k = headByName.get(h.name.toLowerCase());
      if (!k) {
        this.out.report(h.required ? 'response-required-header-removed' : 'response-header-removed', at, site, `response header \`${h.name}\` was removed`);
        continue;
      }
      if (h.required && !k.required) this.out.report('response-header-became-optional', at, site, `response header \`${h.name}\` became optional`);
      this.schemas.compare(h.schema, k.schema, direction, at, 'text');
    }
    for (const k of s.headers) {
      if (!r.headers.some((h) => h.name.toLowerCase() === k.name.toLowerCase())) this.out.report('response-header-added', within(scope, `header ${k.name}`), site, `response header \`${k.name}\` was added`);
    }
  }

  /** Alternatives are matched by the set of schemes they combine; scopes compared within each. */
  private compareSecurity(a: SecurityRequirement[], b: SecurityRequirement[], scope: Scope, site: Site): void {
    const at = within(scope, 'security');
    // An empty requirement (`{}`) makes authentication optional: the operation is public.
    const isPublic = (requirements: SecurityRequirement[]): boolean => requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0);
    const schemesOf = (r: SecurityRequirement): string => Object.keys(r).sort().join(' + ');
    if (isPublic(a) && !isPublic(b)) {
      this.out.report('security-added', at, site, `the operation now requires ${b.map(schemesOf).join(' or ')}`);
      return;
    }
    if (!isPublic(a) && isPublic(b)) {
      this.out.report('security-removed', at, site, 'the operation no longer requires authentication');
      return;
    }
    // Equal alternatives first, then the rest paired by the schemes they combine.
    const exact = (r: SecurityRequirement): string => JSON.stringify(Object.entries(r).map(([k, v]) => [k, [...v].sort()]).sort());
    const left = a.filter((r) => Object.keys(r).length > 0 && !b.some((x) => exact(x) === exact(r)));
    const right = b.filter((r) => Object.keys(r).length > 0 && !a.some((x) => exact(x) === exact(r)));
    for (const requirement of left) {
      const index = right.findIndex((r) => schemesOf(r) === schemesOf(requirement));
      if (index < 0) {
        this.out.report('security-alternative-removed', at, site, `authentication by ${schemesOf(requirement)} is no longer accepted`);
        continue;
      }
      const [match] = right.splice(index, 1);
      for (const [scheme, scopes] of Object.entries(requirement)) {
        const now = match![scheme] ?? [];
        for (const added of now.filter((x) => !scopes.includes(x))) this.out.report('security-scope-added', at, site, `${scheme} now requires scope \`${added}\``);
        for (const removed of scopes.filter((x) => !now.includes(x))) this.out.report('security-scope-removed', at, site, `${scheme} no longer requires scope \`${removed}\``);
      }
    }
    for (const requirement of right) this.out.report('security-alternative-added', at, site, `authentication by ${schemesOf(requirement)} is now accepted`);
  }

  private compareExtensions(a: OperationModel, b: OperationModel, scope: Scope, site: Site): void {
    const same = (x: unknown, y: unknown): boolean => JSON.stringify(x) === JSON.stringify(y);
    if (!same(a.pagination, b.pagination)) {
      const rule = !a.pagination ? 'pagination-added' : !b.pagination ? 'pagination-removed' : 'pagination-changed';
      this.out.report(rule, scope, site, !a.pagination ? `the operation is now paginated (${b.pagination!.style})` : !b.pagination ? 'the operation is no longer paginated' : `pagination changed from ${brief(a.pagination)} to ${brief(b.pagination)}`);
    }
    if (!same(a.idempotency, b.idempotency)) this.out.report('idempotency-changed', scope, site, `the idempotency key changed from ${brief(a.idempotency)} to ${brief(b.idempotency)}`);
    if (!same(a.rateLimit, b.rateLimit)) this.out.report('operation-limits-changed', within(scope, 'x-rate-limit'), site, `\`x-rate-limit\` changed from ${brief(a.rateLimit)} to ${brief(b.rateLimit)}`);
    if (!same(a.scopesByField, b.scopesByField)) this.out.report('operation-authorization-changed', within(scope, 'x-scopes-by-field'), site, `\`x-scopes-by-field\` changed from ${brief(a.scopesByField)} to ${brief(b.scopesByField)}`);
    const keys = [...new Set([...Object.keys(a.extensions), ...Object.keys(b.extensions)])].sort();
    for (const key of keys) {
      if (MODELLED_EXTENSIONS.has(key) || LIFECYCLE_EXTENSIONS.has(key) || same(a.extensions[key], b.extensions[key])) continue;
      const rule = LIMIT_EXTENSIONS.has(key) ? 'operation-limits-changed' : AUTHORIZATION_EXTENSIONS.has(key) ? 'operation-authorization-changed' : 'operation-extension-changed';
      this.out.report(rule, within(scope, key), site, `\`${key}\` changed from ${brief(a.extensions[key])} to ${brief(b.extensions[key])}`);
    }
  }
}

/**
 * How a body's values travel: JSON keeps types apart (`1` is not "1"); XML, forms and plain
 * text carry every value as text, so a value of one type may be read as a string.
 */
const carrierOf = (contentType: string): Carrier => (isTextualMediaType(contentType) && !isJsonMediaType(contentType) ? 'loose' : 'json');

