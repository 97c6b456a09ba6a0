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

/** Our schema rule (without direction) -> oasdiff's keyword part, where one name serves every case. */
const SCHEMA_KEYWORDS: Readonly<Record<string, string>> = {
  'type-changed': 'type-changed',
  'type-widened': 'type-generalized',
  'type-narrowed': 'type-specialized',
  'nullable-added': 'became-nullable',
  'nullable-removed': 'became-not-nullable',
  'enum-value-removed': 'enum-value-removed',
  'enum-value-added': 'enum-value-added',
  'enum-added': 'became-enum',
  'pattern-added': 'pattern-added',
  'pattern-removed': 'pattern-removed',
  'pattern-changed': 'pattern-changed',
  'property-became-required': 'became-required',
  'property-became-optional': 'became-optional',
  'property-deprecated': 'deprecated',
  'discriminator-changed': 'discriminator-property-name-changed',
  'contains-added': 'contains-added',
  'contains-removed': 'contains-removed',
  'if-added': 'if-added',
  'if-removed': 'if-removed',
  'then-added': 'then-added',
  'then-removed': 'then-removed',
  'else-added': 'else-added',
  'else-removed': 'else-removed',
  'dependent-required-added': 'dependent-required-added',
  'dependent-required-removed': 'dependent-required-removed',
  'dependent-required-changed': 'dependent-required-changed',
  'dependent-schema-added': 'dependent-schema-added',
  'dependent-schema-removed': 'dependent-schema-removed',
  'pattern-property-added': 'pattern-property-added',
  'pattern-property-removed': 'pattern-property-removed',
  'property-names-added': 'property-names-added',
  'property-names-removed': 'property-names-removed',
  'unevaluated-properties-added': 'unevaluated-properties-added',
  'unevaluated-properties-removed': 'unevaluated-properties-removed',
  'unevaluated-items-added': 'unevaluated-items-added',
  'unevaluated-items-removed': 'unevaluated-items-removed',
};

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
  'response-media-type-added': 'response-media-type-added',
  'operation-removed': 'api-path-removed-without-deprecation',
  'operation-added': 'endpoint-added',
  'operation-deprecated': 'endpoint-deprecated',
  'operation-undeprecated': 'endpoint-reactivated',
  'request-parameter-removed': 'request-parameter-removed',
  'request-parameter-added': 'new-optional-request-parameter',
  'request-required-parameter-added': 'new-required-request-parameter',
  'request-parameter-became-required': 'request-parameter-became-required',
  'request-parameter-became-optional': 'request-parameter-became-optional',
  'request-parameter-deprecated': 'request-parameter-deprecated',
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
  const parameter = /^(?:query|path|header|cookie) [^.[ ]+(.*)$/.exec(path);
  if (parameter) return parameter[1] === '' ? 'parameter' : 'parameter-property';
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
  if (whole !== undefined) return Object.hasOwn(OASDIFF_LEVELS, whole) ? whole : undefined;
  const match = /^(request|response)-(.+)$/.exec(id);
  if (!match) return undefined;
  const [, direction, rule] = match as unknown as [string, string, string];
  const part = keyword ?? SCHEMA_KEYWORDS[rule];
  const place = placeOf(path);
  if (part === undefined || place === undefined) return undefined;
  // oasdiff has fewer checks for a parameter's properties than for the parameter: the nearest one.
  const places = place === 'parameter-property' ? ['parameter-property', 'parameter'] : [place];
  for (const where of places) {
    const candidate = `${direction}-${where}-${part}`;
    if (Object.hasOwn(OASDIFF_LEVELS, candidate)) return candidate;
  }
  return undefined;
}

const PLACES = ['body', 'property', 'parameter', 'parameter-property', 'header'];
const BOUND_NAMES = ['min-length', 'max-length', 'min', 'max', 'exclusive-min', 'exclusive-max', 'min-items', 'max-items', 'min-contains', 'max-contains'];

/** Every oasdiff check a rule of ours can correspond to, by place and keyword (`npm run diff -- --rules`). */
export function oasdiffIdsOfRule(id: string): string[] {
  const whole = WHOLE_IDS[id];
  if (whole !== undefined) return Object.hasOwn(OASDIFF_LEVELS, whole) ? [whole] : [];
  const match = /^(request|response)-(.+)$/.exec(id);
  if (!match) return [];
  const [, direction, rule] = match as unknown as [string, string, string];
  const bound = (name: string, change: string): boolean =>
    rule === 'bound-set' ? change === 'set' : rule === 'bound-narrowed' ? change === (name.startsWith('max') || name === 'exclusive-max' ? 'decreased' : 'increased') : rule === 'bound-widened' && (change === 'unset' || change === (name.startsWith('max') || name === 'exclusive-max' ? 'increased' : 'decreased'));
  const parts =
    rule === 'default-changed'
      ? ['default-value-added', 'default-value-removed', 'default-value-changed']
      : rule === 'variant-added' || rule === 'variant-removed'
        ? [`one-of-${rule.slice(8)}`, `any-of-${rule.slice(8)}`]
        : rule.startsWith('bound-')
          ? BOUND_NAMES.flatMap((name) => ['set', 'unset', 'increased', 'decreased'].filter((change) => bound(name, change)).map((change) => `${name}-${change}`))
          : SCHEMA_KEYWORDS[rule] !== undefined
            ? [SCHEMA_KEYWORDS[rule]]
            : [];
  return parts.flatMap((part) => PLACES.map((place) => `${direction}-${place}-${part}`)).filter((candidate) => Object.hasOwn(OASDIFF_LEVELS, candidate));
}
