/**
 * The one intermediate model. Both loaders (OpenAPI, AsyncAPI) produce it and every
 * target reads only it. Facts live on the nodes (nullable, open enum, deprecated) so
 * that shared code never has to re-read the source document.
 */
import type { MockRoleName } from './mock-hints.js';
import type { SequenceFormat } from './media.js';

/** Keywords every schema node may carry, whatever its kind. */
export interface SchemaCommon {
  description?: string;
  title?: string;
  deprecated?: boolean;
  /** `type: [x, 'null']` or OpenAPI 3.0 `nullable: true`. */
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  /** `not`: the value must not match this schema. */
  not?: SchemaNode;
  /** `x-state-machine`: the property that holds a resource's state, and the operations that move it. */
  stateMachine?: StateMachineModel;
  /** `x-mock-id-field`: the property that holds the ids of a collection's items of this schema, for the mock. */
  mockIdField?: string;
  /** `unevaluatedProperties` / `unevaluatedItems`: what no keyword of this schema (or its applicators) evaluated must be / match. */
  unevaluatedProperties?: boolean | SchemaNode;
  unevaluatedItems?: boolean | SchemaNode;
  /** `if` / `then` / `else`. */
  conditional?: { if: SchemaNode; then?: SchemaNode; else?: SchemaNode };
  /** `x-` keys of the schema object, verbatim. */
  extensions?: Record<string, unknown>;
  /**
   * Numeric bounds written on a type they do not apply to (`maximum` on an array, `maxItems` on a
   * string): validators ignore them, and so do the targets; the API diff compares them, as the
   * people who wrote them (and oasdiff) read them.
   */
  strayBounds?: Record<string, number>;
  /** `contentSchema` (3.1): the schema of the content a string carries (with `contentMediaType`); not enforced. */
  contentSchema?: SchemaNode;
  /** JSON pointer of the schema in its source document (for diagnostics). */
  pointer?: string;
}

export interface RefNode extends SchemaCommon {
  kind: 'ref';
  /** Key of the target in `ApiModel.schemas`. */
  target: string;
}
export interface StringNode extends SchemaCommon {
  kind: 'string';
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  /** Known values. With `openEnum`, other strings are accepted too. */
  enum?: string[];
  openEnum?: boolean;
  /** `contentMediaType` and `contentEncoding` (3.1): what the string carries. */
  contentMediaType?: string;
  contentEncoding?: string;
}
export interface NumberNode extends SchemaCommon {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  enum?: number[];
}
export interface BooleanNode extends SchemaCommon {
  kind: 'boolean';
}
export interface NullNode extends SchemaCommon {
  kind: 'null';
}
export interface LiteralNode extends SchemaCommon {
  kind: 'literal';
  /** `const`, or a single-valued or mixed-type `enum` (then `values` has several); objects and arrays are JSON values. */
  values: (string | number | boolean | null | object)[];
}
export interface ArrayNode extends SchemaCommon {
  kind: 'array';
  items: SchemaNode;
  /** `items` (or draft-07's `additionalItems`) is written, even as `true`: it evaluates every item after the prefix (`unevaluatedItems`). */
  itemsWritten?: true;
  prefixItems?: SchemaNode[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** `contains` with `minContains` (default 1) and `maxContains`. */
  contains?: { schema: SchemaNode; min: number; max?: number };
}
export interface PropertyModel {
  /** The property name on the wire, verbatim. */
  name: string;
  schema: SchemaNode;
  required: boolean;
}
export interface ObjectNode extends SchemaCommon {
  kind: 'object';
  properties: PropertyModel[];
  /** `true` (open, the default of JSON Schema), `false` (closed) or a schema for the extra values. */
  additionalProperties: boolean | SchemaNode;
  /**
   * `additionalProperties` was not written (so `true`): other keys are valid and kept, but
   * types list only the declared properties (when there are some), so that a misspelled one
   * does not compile; and the other keys count as unevaluated (`unevaluatedProperties`).
   */
  openByDefault?: boolean;
  patternProperties?: { pattern: string; schema: SchemaNode }[];
  minProperties?: number;
  maxProperties?: number;
  /** `dependentRequired`: when the key is present, the properties it lists must be too. */
  dependentRequired?: Record<string, string[]>;
  /** `dependentSchemas`: when the key is present, the whole object must match the schema too. */
  dependentSchemas?: { name: string; schema: SchemaNode }[];
  /** `propertyNames`: every key must match this (string) schema. */
  propertyNames?: SchemaNode;
}
export interface UnionNode extends SchemaCommon {
  kind: 'union';
  /** `oneOf` demands exactly one match; `anyOf` at least one. */
  mode: 'oneOf' | 'anyOf';
  variants: SchemaNode[];
  /** Written as a list of types (`type: [string, integer]`), not as `anyOf` (the API diff names its changes so). */
  typeList?: boolean;
  discriminator?: {
    propertyName: string;
    /** Tag value -> key of the named schema it selects. */
    mapping: Record<string, string>;
    /** Where the `discriminator` keyword is, for diagnostics. */
    pointer?: string;
    /**
     * The tag values that select each variant (same order as `variants`): the mapping's
     * entries for it, else the values the variant itself allows for the property (`const` or
     * `enum`, through `$ref` and `allOf`), else its schema name (OpenAPI's implicit mapping);
     * model/discriminators.ts. Absent when an inline variant pins no value or a value selects
     * two variants.
     */
    variantTags?: string[][];
    /**
     * OpenAPI 3.2 `defaultMapping`: the index in `variants` of the schema that validates a value
     * whose tag is absent or selects no other variant. That variant's `variantTags` entry lists
     * only the values mapped to it explicitly (often none).
     */
    defaultVariant?: number;
  };
}
export interface IntersectionNode extends SchemaCommon {
  kind: 'intersection';
  parts: SchemaNode[];
}
/** Raw bytes: `format: binary` strings, bodies of non-JSON, non-text media types, file parts of multipart forms. */
export interface BinaryNode extends SchemaCommon {
  kind: 'binary';
}
export interface UnknownNode extends SchemaCommon {
  kind: 'unknown';
  /**
   * A schema without `type` whose keywords constrain some JSON types: an instance of such a
   * type must match the node given for it; instances of the other types pass.
   */
  byType?: { object?: ObjectNode; array?: ArrayNode; string?: StringNode; number?: NumberNode };
}
export interface NeverNode extends SchemaCommon {
  kind: 'never';
}

export type SchemaNode =
  | RefNode
  | StringNode
  | NumberNode
  | BooleanNode
  | NullNode
  | LiteralNode
  | ArrayNode
  | ObjectNode
  | UnionNode
  | IntersectionNode
  | BinaryNode
  | UnknownNode
  | NeverNode;

export type SchemaKind = SchemaNode['kind'];

/** A named schema: a component, or a shape the model names (operation parameters, bodies). */
export interface NamedSchema {
  /** Key in the source (`components.schemas` key), unique within the model. */
  key: string;
  /** Planned TypeScript identifier of the type. */
  typeName: string;
  /** Planned identifier of the zod validator. */
  schemaName: string;
  /** Planned identifier of the lean validator (the client's, `src/validators.ts`). */
  validatorName: string;
  schema: SchemaNode;
  /** `component` for `components.schemas`, `synthetic` for names the model creates. */
  origin: 'component' | 'synthetic';
  /** Whether it takes part in a reference cycle (validators must be lazy). */
  recursive: boolean;
  /**
   * Names of its request (`input`: no readOnly properties) and response (`output`: no
   * writeOnly properties) forms, only where they differ from the schema as written.
   */
  variants?: { input?: VariantNames; output?: VariantNames };
}

export interface VariantNames {
  typeName: string;
  schemaName: string;
  validatorName: string;
}

/** Where a parameter travels; `querystring` (OpenAPI 3.2) is the whole query string as one value, in its `contentType`. */
export type ParameterLocation = 'path' | 'query' | 'querystring' | 'header' | 'cookie';

export interface ParameterModel {
  name: string;
  /**
   * Property of the operation's flat parameter record: the name, or `<in>_<name>` when
   * two locations use the same name (planned in model/finish.ts).
   */
  key: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  deprecated?: boolean;
  style: 'form' | 'simple' | 'deepObject' | 'spaceDelimited' | 'pipeDelimited' | 'label' | 'matrix';
  explode: boolean;
  schema: SchemaNode;
  /** The media type of a parameter given by `content` (a `querystring` one always is): how its value is written. */
  contentType?: string;
  /** `x-` keys of the parameter object, verbatim (the API diff reads `x-sunset`). */
  extensions?: Record<string, unknown>;
}

export interface MediaModel {
  contentType: string;
  /** The body is JSON (`application/json`, `…+json`, `*` `/` `*`): see model/media.ts. */
  json: boolean;
  /** The body's schema; of a stream (`sequence`), each item's. */
  schema: SchemaNode;
  /**
   * The body is a stream of items (OpenAPI 3.2 `itemSchema` of a sequential media type, or such a
   * type with a `schema` before 3.2): how items are framed, and for server-sent events which
   * events' `data` the client parses as JSON (`schema` then types it decoded; model/streams.ts).
   */
  sequence?: StreamModel;
  encoding?: Record<string, { style?: string; explode?: boolean; contentType?: string }>;
}

export interface StreamModel {
  format: SequenceFormat;
  /** Server-sent events: every event's data is JSON (`true`), none's, or that of these event names. */
  jsonData?: boolean | string[];
  /**
   * Server-sent events described by a `schema` of their `data` (no `itemSchema`, the spelling
   * before 3.2): each item is an event's `data`, parsed as JSON, and `schema` is the data's.
   */
  items?: 'data';
  /** With `items: 'data'`: the `data` that ends the stream instead of being an item (`[DONE]`, as OpenAI's streams end). */
  end?: string;
}

export interface RequestBodyModel {
  required: boolean;
  description?: string;
  /** In document order; the first is the default. */
  contents: MediaModel[];
}

export interface ResponseModel {
  /** '200', '4XX', 'default'. */
  status: string;
  description: string;
  /** The JSON (or first) body; absent when the response has none. */
  content?: MediaModel;
  /**
   * A stream the caller may ask for instead of `content` (`text/event-stream` or JSON Lines
   * declared beside JSON): its item schema and framing. Targets that know nothing of it answer
   * and read `content`, as before.
   */
  stream?: MediaModel;
  /** The other media types the response declares, besides `content`'s, `stream`'s included (the API diff reports them removed or added). */
  otherMediaTypes?: string[];
  headers: ParameterModel[];
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationModel {
  operationId: string;
  /** Identifier-safe form of the operationId. */
  name: string;
  /**
   * Upper case for the Path Item's fixed fields (`GET` … `TRACE`, and 3.2's `QUERY`); a method of
   * 3.2's `additionalOperations` as the document spells it (`PURGE`).
   */
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE' | 'QUERY' | (string & {});
  /** Path template, or the webhook's name for webhooks. */
  path: string;
  /**
   * The query string a path key carries (`/responses?beta=true`: `{ beta: 'true' }`; OpenAPI path
   * keys have none, but public documents write them to tell a variant of an operation apart):
   * sent with every call, and a condition of matching a request to the operation.
   */
  fixedQuery?: Record<string, string>;
  tags: string[];
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: ParameterModel[];
  /** The names the targets' {@link OperationNameRule}s planned for it, by rule key (absent where a rule does not cover it). */
  targetNames: Record<string, string>;
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /** Effective security: [] = public; alternatives, each an AND of schemes. */
  security: SecurityRequirement[];
  pagination?: PaginationModel;
  idempotency?: { field: string; in: 'body' | 'header'; maxLength?: number };
  extensions: Record<string, unknown>;
  pointer: string;
  /** Identifiers planned for the operation's own types (see model/names.ts). */
  names: OperationNames;
  /** `x-rate-limit` of the operation. */
  rateLimit?: RateLimitModel;
  /** `x-scopes-by-field` of the operation. */
  scopesByField?: ScopesByFieldModel;
  /** `x-mock-role` and `x-mock-collection`: what the document says the mock should take the operation for. */
  mockHints?: { role?: MockRoleName; collection?: string };
  /** Error ids its error responses name (`errors[].id`), and whether others may come. */
  errorIds: { known: string[]; open: boolean };
  /** Schema of one item of a paginated list (from `pagination.itemsField`). */
  itemSchema?: SchemaNode;
  /**
   * Where a success response has a `stream` alternative: the request body's boolean property
   * that asks for it (`stream: true`, OpenAI's spelling). Absent: `Accept` alone chooses, and
   * the client has a second function for the stream.
   */
  streamFlag?: string;
}

/**
 * A name a target prints once for each operation it covers (`getSpotPriceOptions`), declared
 * by its plugin and planned in model/finish.ts with the document's own names, so that it can
 * neither take nor lose a name unseen.
 */
/**
 * A name a plugin prints once per operation (`listPetsOptions`), planned by the model with the
 * document's names and found in `op.targetNames[key]`.
 * @example { key: 'route', module: './routes.js', want: ({ camel }) => `${camel}Route` }
 */
export interface OperationNameRule {
  /** Where the planned name is found: `op.targetNames[key]`; unique among the registered targets. */
  key: string;
  /**
   * The module of the package that declares the name, as imports name it (`./routes.js` for
   * `src/routes.ts`): the symbol table places the name there, so other modules import it from there.
   */
  module: string;
  /** The name wanted, from the operation's bases (`getSpotPrice`, `GetSpotPrice`); another name taken first moves it aside (`getSpotPriceRoute2`). */
  want(bases: { camel: string; pascal: string }): string;
  /** The operations it is printed for; every one when absent. */
  covers?(op: OperationModel): boolean;
  /** Planned for the document's webhooks too (which are received, not called); operations only when absent. */
  webhooks?: boolean | undefined;
}

/** The fixed top-level names one plugin asks the planner for. */
export interface FixedNameRequest {
  /** The plugin asking: named in the warning when a name it defines is taken. */
  plugin: string;
  /** Names it defines: claimed in plugin order, so a later plugin's that is taken moves aside (numbered), with a warning naming both. */
  defines: readonly string[];
  /** Names it only prints (imports, namespaces, members): reserved, and shared with any plugin that reserves or defines them. */
  reserves: readonly string[];
}

/** What the model's name planner hands out before and beside the document's names. */
export interface NameRequests {
  /** Every plugin's fixed names (`serverSpec`, `Hono`), in the order the plugins run; planned before any name of the document. */
  fixed: readonly FixedNameRequest[];
  /** The plugins' names per operation, planned after each operation's own, in the order the plugins run. */
  perOperation: readonly { plugin: string; rule: OperationNameRule }[];
}

export interface OperationNames {
  /** Flat record of path, query, header and cookie parameters. */
  params: string;
  /** zod validator of `params`. */
  paramsSchema: string;
  body: string;
  /** zod validator of `body`. */
  bodySchema: string;
  /** Union of the success bodies. */
  response: string;
  /** Union of the error ids the error responses name. */
  errorId: string;
  /** Union of the error response bodies. */
  error: string;
  /** Item of a paginated list. */
  item: string;
  /** One item of the stream a success response offers beside its body (`ResponseModel.stream`); '' when none does. */
  streamItem: string;
}

export type PaginationModel =
  | { style: 'cursor'; itemsField: string; cursorParam: string; cursorField: string; nextUriField: string }
  | { style: 'page'; itemsField: string; pageParam: string; totalPagesField: string; currentPageField?: string }
  | { style: 'token'; itemsField: string; tokenParam: string; nextTokenField: string };

export interface HmacSignatureModel {
  algorithm: 'HMAC-SHA256';
  encoding: 'hex' | 'base64';
  keyHeader: string;
  signatureHeader: string;
  timestampHeader: string;
  timestampUnit: 'seconds' | 'milliseconds';
  message: ('timestamp' | 'method' | 'requestPath' | 'body')[];
  maxSkewSeconds?: number;
  serverTimeOperation?: string;
  serverTimeField?: string;
}

export interface OAuthFlowModel {
  type: 'implicit' | 'password' | 'clientCredentials' | 'authorizationCode' | 'deviceAuthorization';
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** `deviceAuthorization` (RFC 8628): where a device asks for its user code. */
  deviceAuthorizationUrl?: string;
}

export interface SecuritySchemeModel {
  key: string;
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  name?: string;
  in?: 'header' | 'query' | 'cookie';
  scheme?: string;
  bearerFormat?: string;
  /** OAuth2 scopes with their descriptions, from every flow. */
  scopes: Record<string, string>;
  /** OAuth2: its flows in the document's order, with their endpoints (OpenAPI 3.2 adds `deviceAuthorization`). */
  flows?: OAuthFlowModel[];
  /** OAuth2: OpenAPI 3.2's `oauth2MetadataUrl` (the server's RFC 8414 metadata). */
  metadataUrl?: string;
  hmac?: HmacSignatureModel;
  tokenRefresh?: { status: number; errorIds: string[] };
}

export interface ServerModel {
  url: string;
  /** OpenAPI 3.2's `name`: how a client picks this server (`ClientOptions.server`). */
  name?: string;
  description?: string;
  variables: Record<string, { default: string; enum?: string[]; description?: string }>;
  /** AsyncAPI: the protocol (`wss`). */
  protocol?: string;
}

export interface MessageModel {
  /** Key in `components.messages` (or a derived one). */
  key: string;
  name: string;
  title?: string;
  summary?: string;
  description?: string;
  /** Who sends it: `client` (the application talking to the API) or `server`. */
  direction: 'client' | 'server';
  payload: SchemaNode;
  examples: unknown[];
  extensions: Record<string, unknown>;
  /** `x-subscribe-channel`: the channel a client subscribes to for this message, when it differs from the one the message names. */
  subscribeChannel?: string;
  /** `x-cadence.intervalMs`: how often the server sends it. */
  cadenceMs?: number;
}

export interface ChannelModel {
  key: string;
  address?: string;
  description?: string;
  messages: string[];
}

export interface HostedFlowModel {
  name: string;
  /** Planned: its query parameters' interface (`OnrampFlowParams`) and URL builder (`onrampFlowUrl`). */
  names: { params: string; url: string };
  server: string;
  default?: string;
  path: string;
  query: { name: string; required: boolean; description?: string }[];
  description?: string;
}

/** The typed client's shape: one class per tag (first tag of each operation). */
/** `x-rate-limit` of the root or an operation: what a server stub and the mock enforce. */
export interface RateLimitModel {
  limit: number;
  windowSeconds: number;
  /** The status of a refusal (429 when unsaid) and its error id (`rate_limit_exceeded`). */
  status: number;
  errorId: string;
}

export interface StateMachineModel {
  field: string;
  /** Each move: the operation that makes it, from which state (`null`: on create), to which, and the condition the mock checks. */
  transitions: { trigger: string; from: string | null; to: string; condition?: string }[];
}

/** `x-scopes-by-field`: the scopes a request needs by the value of one of its body's fields. */
export interface ScopesByFieldModel {
  field: string;
  scopes: Record<string, string[]>;
}

export interface EntryNames {
  /** The server stub's handlers type (`V2Handlers`). */
  handlers: string;
  /** The server stub's factory (`createV2Server`). */
  createServer: string;
  /** The mock's factory (`createV2Mock`), what it returns (`V2Mock`) and its options (`V2MockOptions`). */
  createMock: string;
  mock: string;
  mockOptions: string;
  /** The feed client's connection class (`FeedConnection`). */
  connection: string;
}

export interface ClientModel {
  className: string;
  groups: {
    tag: string;
    className: string;
    /** Property of the client that holds the group. */
    property: string;
    description?: string;
    /** operationIds, sorted (none for a tag that only holds other tags' groups). */
    operations: string[];
    /**
     * The groups of the tags nested under this one (OpenAPI 3.2 `parent`), each also a property
     * of the group's class: `client.chat.completions` beside `client.completions`.
     */
    children: { property: string; className: string }[];
  }[];
}

/** A body property every webhook's payload pins to a value of its own: how a receiver tells a delivery's webhook. */
export interface WebhookMatchModel {
  /** The property's name on the wire (`type`). */
  property: string;
  /** Its value in each webhook's payload, by operationId. */
  values: Record<string, string | number | boolean>;
}

/**
 * How the webhooks are signed: our RSA scheme in the header `x-delivery.signatureHeader`
 * names, or Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`);
 * `source` says where the document says so.
 */
export type WebhookSignatureModel = { scheme: 'x-delivery'; header: string; source: 'x-delivery' } | { scheme: 'standard'; source: 'x-delivery' | 'headers' };

export interface Diagnostic {
  level: 'warning' | 'error';
  message: string;
  /** Where, in the spec or, when `file` is given, in that file. */
  pointer?: string;
  /**
   * The file the diagnostic is in when it is not the spec (an overlay's action), with the line and
   * column of `pointer` there; the CLI prints `file:line:column (at #pointer)` before the message.
   */
  file?: { path: string; line?: number | undefined; column?: number | undefined };
  /**
   * Diagnostics of one kind that a large document may have by the dozen (numbered names, tags
   * read from the variants): a run prints one line with their count, `--explain` each of them.
   */
  group?: string;
}

export interface ApiModel {
  kind: 'openapi' | 'asyncapi';
  /** Package folder name (`v2`). */
  name: string;
  /** Source file, relative to the working directory, with forward slashes. */
  source: string;
  title: string;
  version: string;
  description?: string;
  servers: ServerModel[];
  /** The document's tags; `parent`, `kind` and `summary` are OpenAPI 3.2's (a tag tree: model/derive.ts `tagTree`). */
  tags: { name: string; description?: string; summary?: string; parent?: string; kind?: string }[];
  /** Sorted by key. */
  schemas: NamedSchema[];
  /** Sorted by operationId. */
  operations: OperationModel[];
  /** Sorted by operationId. */
  webhooks: OperationModel[];
  securitySchemes: SecuritySchemeModel[];
  /** `x-versioning`: the version header, the current version, its format, and the warning id answered when the header is absent. */
  versioning?: { header?: string; current?: string; format?: string; missingWarning?: string };
  twoFactor?: { status: number; errorId: string; header: string };
  /** `x-delivery`: how the service delivers its webhooks; a `signatureHeader` means they are signed. */
  webhookDelivery?: { signatureHeader?: string; retryIntervalSeconds?: number; retryForSeconds?: number };
  /** The body property that tells the webhooks apart, when there is one (model/webhooks.ts). */
  webhookMatch?: WebhookMatchModel;
  /** How the document says its webhooks are signed; absent: unsigned, or not said (model/webhooks.ts). */
  webhookSignature?: WebhookSignatureModel;
  hostedFlows: HostedFlowModel[];
  /** Planned names of the typed client (OpenAPI documents). */
  client: ClientModel;
  /** Planned names of the package's other entry points, from the client's name (`V2Handlers`, `createV2Server` …). */
  entryNames: EntryNames;
  /**
   * The fixed names the plugins define (`TargetPlugin.defines`), as planned: plugin name -> the
   * name it asked for -> the name it got (the same, unless an earlier plugin took it).
   */
  definedNames: Record<string, Record<string, string>>;
  /** `x-rate-limit` at the document's root: every operation's, unless it has its own. */
  rateLimit?: RateLimitModel;
  /** The language header: an `Accept-Language` parameter whose schema lists `x-languages` (or an enum), with the default. */
  languages?: { header: string; supported: string[]; default: string } | undefined;
  channels: ChannelModel[];
  /** Sorted by key. */
  messages: MessageModel[];
  extensions: Record<string, unknown>;
  diagnostics: Diagnostic[];
}
