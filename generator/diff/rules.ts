/**
 * Every rule the API diff applies, with its level. A rule id is stable: tools and reviewers
 * match on it. Where the verdict depends on who writes the value, the rule exists twice:
 * `request-…` for what the caller sends (request parameters and bodies, client messages of a
 * feed, the answers to webhooks) and `response-…` for what the caller receives (responses,
 * server messages, webhook bodies). Narrowing what a server accepts breaks callers;
 * widening what it answers may break their parsing.
 */
export type Level = 'breaking' | 'warning' | 'info';

export const LEVELS: readonly Level[] = ['breaking', 'warning', 'info'];

export interface Rule {
  level: Level;
  /** What the rule reports, in a few words (listed by `npm run diff -- --rules`). */
  summary: string;
}

/** Rules on a value's schema, judged by who writes the value. */
const SCHEMA_RULES: Record<string, { request: Level; response: Level; summary: string }> = {
  'type-changed': { request: 'breaking', response: 'breaking', summary: 'the JSON type changed' },
  'type-changed-as-text': { request: 'warning', response: 'info', summary: 'a parameter\'s type changed to a string: as text, the values written before still read' },
  'type-changed-loosely-typed': { request: 'info', response: 'info', summary: 'the type changed to or from a string in a loosely typed body (XML, a form, plain text), where values are text' },
  'const-changed': { request: 'breaking', response: 'breaking', summary: 'the only allowed value (`const`, or an enum of one) changed' },
  'type-widened': { request: 'info', response: 'breaking', summary: 'integer became number, or a typed value became any value' },
  'type-narrowed': { request: 'breaking', response: 'info', summary: 'number became integer, or any value became a typed one' },
  'format-changed': { request: 'breaking', response: 'breaking', summary: 'the string format changed' },
  'format-added': { request: 'warning', response: 'info', summary: 'a string format was added' },
  'format-removed': { request: 'info', response: 'warning', summary: 'a string format was removed' },
  'pattern-changed': { request: 'warning', response: 'info', summary: 'the pattern changed' },
  'pattern-added': { request: 'breaking', response: 'info', summary: 'a pattern was added' },
  'pattern-removed': { request: 'info', response: 'info', summary: 'the pattern was removed' },
  'pattern-generalized': { request: 'info', response: 'info', summary: 'the pattern became one every string matches (`.*`)' },
  'content-media-type-changed': { request: 'breaking', response: 'breaking', summary: 'the media type of the content a string carries changed (`contentMediaType`)' },
  'content-schema-added': { request: 'breaking', response: 'info', summary: 'the content a string carries must now match a schema (`contentSchema`)' },
  'content-schema-removed': { request: 'info', response: 'breaking', summary: 'the content a string carries need no longer match a schema (`contentSchema`)' },
  'content-encoding-changed': { request: 'breaking', response: 'breaking', summary: 'the encoding of the content a string carries changed (`contentEncoding`)' },
  'bound-set': { request: 'warning', response: 'info', summary: 'a bound (length, value, item, property or contains count) was set where there was none' },
  'bound-narrowed': { request: 'breaking', response: 'info', summary: 'a bound (length, value, item, property or contains count) became stricter' },
  'bound-widened': { request: 'info', response: 'breaking', summary: 'a bound (length, value, item, property or contains count) became looser or was removed' },
  'multiple-of-changed': { request: 'breaking', response: 'warning', summary: '`multipleOf` changed' },
  'unique-items-added': { request: 'breaking', response: 'info', summary: 'items must now be unique' },
  'unique-items-removed': { request: 'info', response: 'warning', summary: 'items need no longer be unique' },
  'enum-value-removed': { request: 'breaking', response: 'info', summary: 'an enum value was removed' },
  'enum-value-added': { request: 'info', response: 'warning', summary: 'a value was added to a closed enum' },
  'open-enum-value-added': { request: 'info', response: 'info', summary: 'a value was added to an open enum' },
  'enum-added': { request: 'breaking', response: 'info', summary: 'the value is now limited to an enum' },
  'enum-removed': { request: 'info', response: 'warning', summary: 'the value is no longer limited to an enum' },
  'enum-opened': { request: 'info', response: 'warning', summary: 'a closed enum became open (other values may come)' },
  'enum-closed': { request: 'breaking', response: 'info', summary: 'an open enum became closed' },
  'nullable-added': { request: 'info', response: 'breaking', summary: 'the value may now be null' },
  'nullable-removed': { request: 'breaking', response: 'info', summary: 'the value may no longer be null' },
  'default-changed': { request: 'info', response: 'info', summary: 'the default value of a property or body changed, was added or was removed' },
  'parameter-default-changed': { request: 'breaking', response: 'info', summary: "a parameter's default value changed, was added or was removed: the server does something else for callers that leave it out" },
  'property-removed': { request: 'warning', response: 'warning', summary: 'an optional property was removed' },
  'required-property-removed': { request: 'warning', response: 'breaking', summary: 'a required property was removed' },
  'property-added': { request: 'info', response: 'info', summary: 'an optional property was added' },
  'required-property-added': { request: 'breaking', response: 'info', summary: 'a required property was added' },
  'property-added-to-closed-object': { request: 'info', response: 'warning', summary: 'a property was added to an object that allowed no others' },
  'property-became-required': { request: 'breaking', response: 'info', summary: 'a property became required' },
  'property-became-optional': { request: 'info', response: 'breaking', summary: 'a property became optional' },
  'property-deprecated': { request: 'info', response: 'info', summary: 'a property was deprecated' },
  'property-sunset-invalid': { request: 'breaking', response: 'breaking', summary: 'a property was deprecated with an `x-sunset` that is not an RFC 3339 date' },
  'extensible-enum-value-removed': { request: 'breaking', response: 'info', summary: 'a value was removed from an `x-extensible-enum`' },
  'extensible-enum-value-added': { request: 'info', response: 'info', summary: 'a value was added to an `x-extensible-enum` (other values may come by design)' },
  'additional-properties-closed': { request: 'breaking', response: 'info', summary: 'the object no longer allows unknown properties' },
  'additional-properties-opened': { request: 'info', response: 'warning', summary: 'the object now allows unknown properties' },
  'variant-removed': { request: 'breaking', response: 'info', summary: 'a oneOf/anyOf variant was removed' },
  'variant-added': { request: 'info', response: 'warning', summary: 'an anyOf variant was added' },
  'type-list-widened': { request: 'info', response: 'breaking', summary: 'a type was added to a list of types (`type: [string, integer]`)' },
  'type-list-narrowed': { request: 'breaking', response: 'info', summary: 'a type was removed from a list of types' },
  'one-of-variant-added': { request: 'info', response: 'breaking', summary: 'a oneOf variant was added (a value may now match it alone)' },
  'all-of-added': { request: 'breaking', response: 'info', summary: 'an allOf part was added: values must match it too' },
  'all-of-removed': { request: 'warning', response: 'info', summary: 'an allOf part was removed' },
  'not-added': { request: 'breaking', response: 'info', summary: 'values must now fail a `not` schema' },
  'not-removed': { request: 'info', response: 'breaking', summary: 'values no longer have to fail a `not` schema' },
  'prefix-items-added': { request: 'info', response: 'breaking', summary: 'leading items are now checked by their own schemas (`prefixItems`)' },
  'prefix-items-removed': { request: 'breaking', response: 'info', summary: 'leading items are no longer checked by their own schemas (`prefixItems`)' },
  'discriminator-changed': { request: 'info', response: 'info', summary: 'the discriminator property changed (what it breaks, the properties of the variants, is reported by their own rules)' },
  // OpenAPI 3.2 `defaultMapping`: the variant that takes values whose tag selects no other.
  'discriminator-default-removed': { request: 'breaking', response: 'info', summary: 'the discriminator lost its default variant (`defaultMapping`): a value whose tag selects no variant is refused' },
  'discriminator-default-added': { request: 'info', response: 'warning', summary: 'the discriminator gained a default variant (`defaultMapping`): values with tags the caller does not know may come' },
  'discriminator-default-changed': { request: 'breaking', response: 'warning', summary: 'the discriminator\'s default variant (`defaultMapping`) is another schema' },
  'composition-changed': { request: 'warning', response: 'warning', summary: 'changed, not judged: the `if` of a condition changed' },
  // JSON Schema 2020-12 keywords: each added constrains what is valid, each removed frees it.
  'contains-added': { request: 'breaking', response: 'info', summary: 'arrays must now contain an item matching `contains`' },
  'contains-removed': { request: 'info', response: 'breaking', summary: 'arrays need no longer contain an item matching `contains`' },
  'if-added': { request: 'breaking', response: 'info', summary: 'an `if`/`then`/`else` condition was added' },
  'if-removed': { request: 'info', response: 'breaking', summary: 'an `if`/`then`/`else` condition was removed' },
  'then-added': { request: 'breaking', response: 'info', summary: 'a `then` was added to a condition' },
  'then-removed': { request: 'info', response: 'breaking', summary: 'the `then` of a condition was removed' },
  'else-added': { request: 'breaking', response: 'info', summary: 'an `else` was added to a condition' },
  'else-removed': { request: 'info', response: 'breaking', summary: 'the `else` of a condition was removed' },
  'dependent-required-added': { request: 'breaking', response: 'info', summary: 'a property now requires others when present (`dependentRequired`)' },
  'dependent-required-removed': { request: 'info', response: 'breaking', summary: 'a property no longer requires others when present (`dependentRequired`)' },
  'dependent-required-changed': { request: 'breaking', response: 'breaking', summary: 'the properties a property requires when present changed (`dependentRequired`)' },
  'dependent-schema-added': { request: 'breaking', response: 'info', summary: 'a schema now applies when a property is present (`dependentSchemas`)' },
  'dependent-schema-removed': { request: 'info', response: 'breaking', summary: 'a schema no longer applies when a property is present (`dependentSchemas`)' },
  'pattern-property-added': { request: 'breaking', response: 'info', summary: 'properties whose names match a pattern must now match a schema (`patternProperties`)' },
  'pattern-property-removed': { request: 'info', response: 'breaking', summary: 'properties whose names match a pattern are no longer checked (`patternProperties`)' },
  'property-names-added': { request: 'breaking', response: 'info', summary: 'property names must now match a schema (`propertyNames`)' },
  'property-names-removed': { request: 'info', response: 'breaking', summary: 'property names are no longer checked (`propertyNames`)' },
  'unevaluated-properties-added': { request: 'breaking', response: 'info', summary: 'properties nothing else evaluates are now refused or checked (`unevaluatedProperties`)' },
  'unevaluated-properties-removed': { request: 'info', response: 'breaking', summary: 'properties nothing else evaluates are no longer refused or checked (`unevaluatedProperties`)' },
  'unevaluated-items-added': { request: 'breaking', response: 'info', summary: 'items nothing else evaluates are now refused or checked (`unevaluatedItems`)' },
  'unevaluated-items-removed': { request: 'info', response: 'breaking', summary: 'items nothing else evaluates are no longer refused or checked (`unevaluatedItems`)' },
  'media-type-removed': { request: 'breaking', response: 'breaking', summary: 'a media type was removed' },
};

const OTHER_RULES: Record<string, Rule> = {
  // The document
  'api-removed': { level: 'breaking', summary: 'a whole API (spec file) was removed' },
  'api-added': { level: 'info', summary: 'a new API (spec file) was added' },
  'api-kind-changed': { level: 'breaking', summary: 'the document changed between OpenAPI and AsyncAPI' },
  'info-version-changed': { level: 'info', summary: "the document's `info.version` changed" },
  'server-removed': { level: 'info', summary: 'a server URL was removed (callers choose their base URL; the operations are the contract)' },
  'server-added': { level: 'info', summary: 'a server URL was added' },
  'version-header-changed': { level: 'breaking', summary: 'the header that carries the API version changed' },
  'current-version-changed': { level: 'info', summary: 'the current API version (`x-versioning`) changed' },
  'two-factor-changed': { level: 'warning', summary: 'the two-factor rule (`x-two-factor`) changed' },
  // Operations
  'operation-removed': { level: 'breaking', summary: 'an operation (method and path) was removed' },
  'operation-added': { level: 'info', summary: 'an operation was added' },
  'operation-id-changed': { level: 'warning', summary: 'the operationId changed (generated method names follow it)' },
  'operation-deprecated': { level: 'info', summary: 'an operation was deprecated' },
  'operation-undeprecated': { level: 'info', summary: 'an operation is no longer deprecated' },
  // Lifecycle (`x-stability-level`, `x-sunset`: lifecycle.ts)
  'deprecated-operation-removed': { level: 'info', summary: 'a deprecated operation was removed (without a sunset date, or after it)' },
  'operation-removed-before-sunset': { level: 'breaking', summary: 'a deprecated operation was removed before its sunset date (`x-sunset`)' },
  'operation-sunset-removed': { level: 'breaking', summary: "a deprecated operation's sunset date (`x-sunset`) was removed" },
  'operation-sunset-moved-earlier': { level: 'breaking', summary: "a deprecated operation's sunset date (`x-sunset`) moved earlier" },
  'operation-sunset-invalid': { level: 'breaking', summary: "a deprecated operation's `x-sunset` is not an RFC 3339 date" },
  'operation-stability-decreased': { level: 'breaking', summary: "an operation's `x-stability-level` went down (stable -> beta -> alpha -> draft)" },
  'operation-stability-increased': { level: 'info', summary: "an operation's `x-stability-level` went up" },
  'operation-stability-invalid': { level: 'breaking', summary: "an operation's `x-stability-level` is none of draft, alpha, beta, stable" },
  'request-deprecated-parameter-removed': { level: 'info', summary: 'a deprecated parameter was removed (without a sunset date, or after it)' },
  'request-parameter-removed-before-sunset': { level: 'breaking', summary: 'a deprecated parameter was removed before its sunset date (`x-sunset`)' },
  'request-parameter-sunset-removed': { level: 'breaking', summary: "a deprecated parameter's sunset date (`x-sunset`) was removed" },
  'request-parameter-sunset-moved-earlier': { level: 'breaking', summary: "a deprecated parameter's sunset date (`x-sunset`) moved earlier" },
  'request-parameter-sunset-invalid': { level: 'breaking', summary: "a deprecated parameter's `x-sunset` is not an RFC 3339 date" },
  'operation-limits-changed': { level: 'warning', summary: 'rate limits or other limits (`x-rate-limit`, `x-limits`) changed' },
  'operation-authorization-changed': { level: 'warning', summary: 'scope rules (`x-requires-scope`, `x-scopes-by-field`, `x-required-permissions`) changed' },
  'operation-extension-changed': { level: 'info', summary: 'another `x-` extension of the operation changed' },
  'pagination-changed': { level: 'breaking', summary: 'the pagination scheme (`x-pagination`) changed' },
  'pagination-added': { level: 'info', summary: 'the operation became paginated' },
  'pagination-removed': { level: 'breaking', summary: 'the operation is no longer paginated' },
  'idempotency-changed': { level: 'warning', summary: 'the idempotency key (`x-idempotency`) changed' },
  'webhook-removed': { level: 'breaking', summary: 'a webhook was removed' },
  'webhook-added': { level: 'info', summary: 'a webhook was added' },
  // Schemas, one direction only
  'request-property-became-read-only': { level: 'warning', summary: 'a property became readOnly: callers may no longer send it' },
  'response-property-became-write-only': { level: 'breaking', summary: 'a property became writeOnly: responses no longer carry it' },
  'response-required-property-became-not-write-only': { level: 'warning', summary: 'a required writeOnly property is no longer writeOnly: responses now carry it' },
  'response-property-became-not-write-only': { level: 'info', summary: 'an optional writeOnly property is no longer writeOnly: responses may now carry it' },
  'request-property-became-not-read-only': { level: 'info', summary: 'a readOnly property is no longer readOnly: callers may send it' },
  'request-media-type-added': { level: 'info', summary: 'the request body accepts another media type' },
  'request-wrapped-in-one-of': { level: 'breaking', summary: 'a value callers send was wrapped into a oneOf (without discriminator): one matching two variants is refused' },
  'response-wrapped-in-one-of': { level: 'breaking', summary: 'a value callers receive was wrapped into a oneOf (without discriminator): values of other variants may come' },
  'response-media-type-added': { level: 'info', summary: 'a response may come in another media type' },
  // Parameters
  'request-parameter-removed': { level: 'warning', summary: 'a parameter was removed (callers sending it may be refused or ignored)' },
  'request-parameter-added': { level: 'info', summary: 'an optional parameter was added' },
  'request-required-parameter-added': { level: 'breaking', summary: 'a required parameter was added' },
  'request-parameter-became-required': { level: 'breaking', summary: 'a parameter became required' },
  'request-parameter-became-optional': { level: 'info', summary: 'a parameter became optional' },
  'request-parameter-location-changed': { level: 'breaking', summary: 'a parameter moved (query, header, path, cookie)' },
  'request-parameter-style-changed': { level: 'breaking', summary: "a parameter's serialisation (style or explode) changed" },
  'request-parameter-deprecated': { level: 'info', summary: 'a parameter was deprecated' },
  'request-parameter-became-list': { level: 'info', summary: 'an exploded query parameter became a list: a value sent alone is a list of one' },
  // Bodies
  'request-body-added': { level: 'info', summary: 'an optional request body was added' },
  'request-required-body-added': { level: 'breaking', summary: 'a required request body was added' },
  'request-body-removed': { level: 'breaking', summary: 'the request body was removed' },
  'request-body-became-required': { level: 'breaking', summary: 'the request body became required' },
  'request-body-became-optional': { level: 'info', summary: 'the request body became optional' },
  // Responses
  'response-success-status-removed': { level: 'breaking', summary: 'a success (1XX-3XX) response was removed' },
  'response-error-status-removed': { level: 'info', summary: 'an error response was removed' },
  'response-success-status-added': { level: 'warning', summary: 'a success response was added (clients may not expect it)' },
  'response-error-status-added': { level: 'info', summary: 'an error response was added' },
  'response-body-removed': { level: 'breaking', summary: 'a response lost its body' },
  'response-body-added': { level: 'info', summary: 'a response gained a body' },
  'response-header-removed': { level: 'warning', summary: 'an optional response header was removed' },
  'response-required-header-removed': { level: 'breaking', summary: 'a required response header was removed' },
  'response-header-added': { level: 'info', summary: 'a response header was added' },
  'response-header-became-optional': { level: 'breaking', summary: 'a required response header became optional' },
  // Security
  'security-added': { level: 'breaking', summary: 'a public operation now requires authentication' },
  'security-removed': { level: 'info', summary: 'an operation no longer requires authentication' },
  'security-alternative-removed': { level: 'breaking', summary: 'a way to authenticate an operation was removed' },
  'security-alternative-added': { level: 'info', summary: 'a way to authenticate an operation was added' },
  'security-scope-added': { level: 'breaking', summary: 'an operation requires an additional scope' },
  'security-scope-removed': { level: 'info', summary: 'an operation requires one scope fewer' },
  'security-scheme-removed': { level: 'info', summary: 'a security scheme was removed (an operation that used it reports its own change)' },
  'security-scheme-added': { level: 'info', summary: 'a security scheme was added' },
  'security-scheme-changed': { level: 'breaking', summary: "a security scheme's type, location, name or HTTP scheme changed" },
  'security-scheme-signature-changed': { level: 'breaking', summary: 'how requests are signed (`x-hmac-signature`) changed' },
  'security-scheme-scope-removed': { level: 'warning', summary: 'an OAuth scope was removed from a scheme' },
  'security-scheme-scope-added': { level: 'info', summary: 'an OAuth scope was added to a scheme' },
  'security-scheme-flow-removed': { level: 'breaking', summary: 'an OAuth flow was removed from a scheme: applications that get their tokens by it cannot' },
  'security-scheme-flow-added': { level: 'info', summary: 'an OAuth flow (such as OpenAPI 3.2\'s `deviceAuthorization`) was added to a scheme' },
  'security-scheme-flow-url-changed': { level: 'warning', summary: 'an OAuth flow\'s authorization, token, refresh or device authorization URL changed' },
  // AsyncAPI
  'channel-removed': { level: 'breaking', summary: 'a channel was removed' },
  'channel-added': { level: 'info', summary: 'a channel was added' },
  'channel-address-changed': { level: 'breaking', summary: "a channel's address changed" },
  'channel-message-removed': { level: 'breaking', summary: 'a message was removed from a channel' },
  'channel-server-message-added': { level: 'warning', summary: 'a channel carries a new message from the server (clients may not expect it)' },
  'channel-client-message-added': { level: 'info', summary: 'a channel accepts a new message from clients' },
  'message-direction-changed': { level: 'breaking', summary: 'a message changed who sends it' },
};

function expandSchemaRules(): Record<string, Rule> {
  const out: Record<string, Rule> = {};
  for (const [id, rule] of Object.entries(SCHEMA_RULES)) {
    out[`request-${id}`] = { level: rule.request, summary: `${rule.summary} (in what the caller sends)` };
    out[`response-${id}`] = { level: rule.response, summary: `${rule.summary} (in what the caller receives)` };
  }
  return out;
}

/** Every rule id, sorted, with its level and summary. */
export const RULES: Readonly<Record<string, Rule>> = Object.fromEntries(
  Object.entries({ ...OTHER_RULES, ...expandSchemaRules() }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);

export type SchemaRule = keyof typeof SCHEMA_RULES;
export type Direction = 'request' | 'response';

export function levelOf(id: string): Level {
  const rule = RULES[id];
  if (!rule) throw new Error(`unknown diff rule ${id}`);
  return rule.level;
}
