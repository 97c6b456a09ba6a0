/**
 * Which oasdiff check each change corresponds to, where oasdiff has one, so a team moving from
 * oasdiff keeps its vocabulary and its ignore list. oasdiff names a schema check by where the
 * value is (`request-body-…` at a body's root, `request-property-…` inside it,
 * `request-parameter-…`, `response-header-…`) and by the keyword (`max-length-decreased`);
 * ours by direction and rule (`request-bound-narrowed`), the keyword in the change's detail.
 * Only ids present in oasdiff's registry (reference/oasdiff-levels.json) are given.
 */
import reference from './reference/oasdiff-levels.json' with { type: 'json' };
import type { Level } from './rules.js';

/** oasdiff's check ids with their levels (ERR breaking, WARN warning, INFO info). */
export const OASDIFF_LEVELS: Readonly<Record<string, Level>> = reference.levels as Record<string, Level>;

/**
 * Our schema rule (without direction) -> oasdiff's keyword part, where the names differ; a rule
 * not listed is its own keyword part (`contains-added`, `pattern-removed` …) where oasdiff has it.
 */
const SCHEMA_KEYWORDS: Readonly<Record<string, string>> = {
  'type-widened': 'type-generalized',
  'type-narrowed': 'type-specialized',
  'nullable-added': 'became-nullable',
  'nullable-removed': 'became-not-nullable',
  'enum-added': 'became-enum',
  'property-became-required': 'became-required',
  'property-became-optional': 'became-optional',
  'property-deprecated': 'deprecated',
  'property-sunset-invalid': 'deprecated-sunset-invalid',
  'extensible-enum-value-removed': 'x-extensible-enum-value-removed',
  'extensible-enum-value-added': 'x-extensible-enum-value-added',
  'discriminator-changed': 'discriminator-property-name-changed',
};

/** oasdiff's names of the bounds (`max-length-decreased`), by keyword; the others it has no check for. */
const BOUNDS: Readonly<Record<string, string>> = {
  minLength: 'min-length',
  maxLength: 'max-length',
  minimum: 'min',
  maximum: 'max',
  exclusiveMinimum: 'exclusive-min',
  exclusiveMaximum: 'exclusive-max',
  minItems: 'min-items',
  maxItems: 'max-items',
  minContains: 'min-contains',
  maxContains: 'max-contains',
};

/** How a bound changed: set where there was none, removed, or moved. */
export type BoundChange = 'set' | 'unset' | 'increased' | 'decreased';

/**
 * Our rule for a bound's change: one set where there was none may refuse values, or may not
 * (`bound-set`); a `min…` bound that grows or a `max…` one that shrinks narrows; the rest widens.
 */
export function boundRuleOf(kind: 'min' | 'max', change: BoundChange): 'bound-set' | 'bound-narrowed' | 'bound-widened' {
  if (change === 'set') return 'bound-set';
  return change === (kind === 'min' ? 'increased' : 'decreased') ? 'bound-narrowed' : 'bound-widened';
}

/** oasdiff's keyword part of a bound's change (`max-length-decreased`). */
export const boundKeyword = (keyword: string, change: BoundChange): string => `${BOUNDS[keyword] ?? keyword}-${change}`;


/** Whole ids for the checks oasdiff names by something other than place and keyword. */
const WHOLE_IDS: Readonly<Record<string, string>> = {
  'request-required-property-added': 'new-required-request-property',
  'request-property-added': 'new-optional-request-property',
  'request-property-removed': 'request-property-removed',
  'request-required-property-removed': 'request-property-removed',
  'response-required-property-removed': 'response-required-property-removed',
  'response-property-removed': 'response-optional-property-removed',
  'response-property-added': 'response-optional-property-added',
  'response-required-property-added': 'response-required-property-added',
  'request-media-type-removed': 'request-body-media-type-removed',
  'response-media-type-removed': 'response-media-type-removed',
  'request-media-type-added': 'request-body-media-type-added',
  'request-wrapped-in-one-of': 'request-body-wrapped-in-one-of',
  'response-wrapped-in-one-of': 'response-body-wrapped-in-one-of',
  'request-type-changed-as-text': 'request-parameter-property-type-changed',
  'response-required-property-became-not-write-only': 'response-required-property-became-not-write-only',
  'response-property-became-not-write-only': 'response-optional-property-became-not-write-only',
  'request-property-became-not-read-only': 'request-optional-property-became-not-read-only',
  'response-media-type-added': 'response-media-type-added',
  'operation-removed': 'api-path-removed-without-deprecation',
  'webhook-removed': 'webhook-removed',
  'deprecated-operation-removed': 'api-path-removed-with-deprecation',
  'operation-removed-before-sunset': 'api-path-removed-before-sunset',
  'operation-sunset-removed': 'sunset-deleted',
  'operation-sunset-moved-earlier': 'api-sunset-date-changed-too-small',
  'operation-sunset-invalid': 'api-path-sunset-parse',
  'operation-stability-decreased': 'api-stability-decreased',
  'operation-stability-increased': 'api-stability-increased',
  'operation-stability-invalid': 'api-invalid-stability-level',
  'request-deprecated-parameter-removed': 'request-parameter-removed-with-deprecation',
  'request-parameter-removed-before-sunset': 'request-parameter-removed-before-sunset',
  'request-parameter-sunset-removed': 'request-parameter-sunset-deleted',
  'request-parameter-sunset-moved-earlier': 'request-parameter-sunset-date-changed-too-small',
  'request-parameter-sunset-invalid': 'request-parameter-sunset-parse',
  'operation-added': 'endpoint-added',
  'operation-deprecated': 'endpoint-deprecated',
  'operation-undeprecated': 'endpoint-reactivated',
  'request-parameter-removed': 'request-parameter-removed',
  'request-parameter-added': 'new-optional-request-parameter',
  'request-required-parameter-added': 'new-required-request-parameter',
  'request-parameter-became-required': 'request-parameter-became-required',
  'request-parameter-became-optional': 'request-parameter-became-optional',
  'request-parameter-deprecated': 'request-parameter-deprecated',
  'request-parameter-became-list': 'request-parameter-type-generalized',
  'request-body-added': 'request-body-added-optional',
  'request-required-body-added': 'request-body-added-required',
  'request-body-removed': 'request-body-removed',
  'request-body-became-required': 'request-body-became-required',
  'request-body-became-optional': 'request-body-became-optional',
  'response-success-status-removed': 'response-success-status-removed',
  'response-error-status-removed': 'response-non-success-status-removed',
  'response-success-status-added': 'response-success-status-added',
  'response-error-status-added': 'response-non-success-status-added',
  'response-header-removed': 'optional-response-header-removed',
  'response-required-header-removed': 'required-response-header-removed',
  'response-header-added': 'response-header-added',
  'response-header-became-optional': 'response-header-became-optional',
  'security-added': 'api-security-added',
  'security-removed': 'api-security-removed',
  'security-scope-added': 'api-security-scope-added',
  'security-scope-removed': 'api-security-scope-removed',
  'security-scheme-removed': 'api-security-component-removed',
  'security-scheme-added': 'api-security-component-added',
  'security-scheme-changed': 'api-security-component-type-changed',
  'security-scheme-scope-added': 'api-security-component-oauth-scope-added',
  'security-scheme-scope-removed': 'api-security-component-oauth-scope-removed',
  'security-scheme-flow-url-changed': 'api-security-component-oauth-url-changed',
};

/**
 * Where a schema change is, in oasdiff's words, from the path inside its operation:
 * `request body` (`body`), `request body.data` (`property`), `query limit` (`parameter`),
 * `query filter.kind` (`parameter-property`), `response 200 › body` / `… › body.id`,
 * `response 200 › header X-Rate` (`header`).
 */
function placeOf(path: string): string | undefined {
  const body = /^(?:request body|response \S+ › body)(?: \([^)]*\))?(.*)$/.exec(path);
  if (body) return body[1] === '' ? 'body' : 'property';
  const parameter = /^(query|path|header|cookie) [^.[ ]+(.*)$/.exec(path);
  if (parameter) return parameter[2] === '' ? 'parameter' : parameter[1] === 'header' ? 'header-property' : 'parameter-property';
  if (/^response \S+ › header [^.[ ]+$/.test(path)) return 'header';
  return undefined;
}

/**
 * The oasdiff check id of a change: `id` is ours (`request-bound-narrowed`), `path` where it
 * is inside its operation, `keyword` oasdiff's keyword part where ours leaves it open
 * (`max-length-decreased` for a bound, `default-value-added`, `one-of-removed`).
 */
export function oasdiffIdOf(id: string, path: string, keyword?: string): string | undefined {
  const whole = WHOLE_IDS[id];
  if (whole !== undefined) {
    // A keyword names a variant of a whole id (`new-required-request-property-with-default`).
    const named = keyword === undefined ? whole : `${whole}-${keyword}`;
    return Object.hasOwn(OASDIFF_LEVELS, named) ? named : Object.hasOwn(OASDIFF_LEVELS, whole) ? whole : undefined;
  }
  const match = /^(request|response)-(.+)$/.exec(id);
  if (!match) return undefined;
  const [, direction, rule] = match as unknown as [string, string, string];
  const part = keyword ?? SCHEMA_KEYWORDS[rule] ?? rule;
  const place = placeOf(path);
  if (part === undefined || place === undefined) return undefined;
  // oasdiff has fewer checks for a parameter's properties than for the parameter: the nearest one.
  const places = place === 'header-property' ? ['header-property', 'parameter-property', 'parameter'] : place === 'parameter-property' ? ['parameter-property', 'parameter'] : [place];
  for (const where of places) {
    const candidate = `${direction}-${where}-${part}`;
    if (Object.hasOwn(OASDIFF_LEVELS, candidate)) return candidate;
  }
  return undefined;
}

const PLACES = ['body', 'property', 'parameter', 'parameter-property', 'header'];
const BOUND_CHANGES: readonly BoundChange[] = ['set', 'unset', 'increased', 'decreased'];

/** oasdiff's keyword parts a rule of ours stands for, where it stands for several or is named apart. */
const RULE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  'default-changed': ['default-value-added', 'default-value-removed', 'default-value-changed'],
  'parameter-default-changed': ['default-value-added', 'default-value-removed', 'default-value-changed'],
  'variant-added': ['any-of-added'],
  'one-of-variant-added': ['one-of-added'],
  'variant-removed': ['one-of-removed', 'any-of-removed'],
  'type-changed-loosely-typed': ['type-compatible'],
  'type-list-widened': ['list-of-types-widened'],
  'type-list-narrowed': ['list-of-types-narrowed'],
};

/** `min-length`, `exclusive-min` … are lower bounds, the others upper ones. */
const boundKeywordsOf = (rule: string): string[] =>
  Object.values(BOUNDS).flatMap((name) => BOUND_CHANGES.filter((change) => boundRuleOf(name.includes('min') ? 'min' : 'max', change) === rule).map((change) => `${name}-${change}`));

/** Every oasdiff check a rule of ours can correspond to, by place and keyword (`npm run diff -- --rules`). */
export function oasdiffIdsOfRule(id: string): string[] {
  const whole = WHOLE_IDS[id];
  if (whole !== undefined) return Object.hasOwn(OASDIFF_LEVELS, whole) ? [whole] : [];
  const match = /^(request|response)-(.+)$/.exec(id);
  if (!match) return [];
  const [, direction, rule] = match as unknown as [string, string, string];
  const parts = RULE_KEYWORDS[rule] ?? (rule.startsWith('bound-') ? boundKeywordsOf(rule) : [SCHEMA_KEYWORDS[rule] ?? rule]);
  return parts.flatMap((part) => PLACES.map((place) => `${direction}-${place}-${part}`)).filter((candidate) => Object.hasOwn(OASDIFF_LEVELS, candidate));
}
