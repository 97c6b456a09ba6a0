/** OpenAPI 3.0 / 3.1 (bundled) -> ApiModel. */
import { decodePointerToken, encodePointerToken } from '../load/locations.js';
import type { LoadedOpenApi } from '../load/openapi.js';
import { refPointer, type ReferenceIndex } from '../load/references.js';
import { finishModel } from './finish.js';
import { isJsonMediaType, isTextualMediaType, sequenceFormatOf } from './media.js';
import { decodedEventSchema, STREAM_END, streamFlagOf } from './streams.js';
import { isSuccessStatus } from './derive.js';
import { readExtension, type ExtensionValues } from './extensions.js';
import { isMockRole, MOCK_ROLES } from './mock-hints.js';
import { camelCase } from './names.js';
import { convertSchema, resolvePointer, type SchemaContext } from './schema.js';
import type {
  ApiModel,
  Diagnostic,
  MediaModel,
  NamedSchema,
  NameRequests,
  OperationModel,
  PaginationModel,
  ParameterModel,
  RateLimitModel,
  RequestBodyModel,
  ResponseModel,
  SchemaNode,
  ScopesByFieldModel,
  SecurityRequirement,
  OAuthFlowModel, SecuritySchemeModel,
  ServerModel,
} from './types.js';
import { compareText } from '../util/compare.js';
import { operationDone, operationsToDo } from '../util/progress.js';
import { unmatchedWebhooksWarning, webhookMatchOf, webhookSignatureOf } from './webhooks.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The Path Item's operation fields (`query`: OpenAPI 3.2); 3.2's `additionalOperations` holds any other method. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

export const extensionsOf = (raw: Json): Record<string, unknown> =>
  Object.fromEntries(Object.entries(raw).filter(([k]) => k.startsWith('x-')));

/** Creates the schema context shared by every conversion of one document. */
export function createSchemaContext({
  document,
  componentsPointer,
  legacy,
  references,
}: {
  document: Json;
  componentsPointer: string;
  legacy: boolean;
  references: ReferenceIndex;
}): { ctx: SchemaContext; external: NamedSchema[] } {
  const external: NamedSchema[] = [];
  const byPointer = new Map<string, string>();
  const ctx: SchemaContext = {
    document,
    componentsPointer,
    legacy,
    diagnostics: [],
    resolveRef: (ref, from) => references.resolve(ref, from),
    nameExternal(pointer, convert) {
      const known = byPointer.get(pointer);
      if (known) return known;
      const last = decodePointerToken(pointer.split('/').pop() ?? 'Schema');
      let key = last;
      let n = 2;
      while (byPointer.has(key) || external.some((s) => s.key === key) || isObject(resolvePointer(document, `${componentsPointer}/${encodePointerToken(key)}`)))
        key = `${last}${n++}`;
      byPointer.set(pointer, key);
      const entry: NamedSchema = { key, typeName: '', schemaName: '', validatorName: '', schema: { kind: 'unknown' }, origin: 'synthetic', recursive: false };
      external.push(entry);
      entry.schema = convert();
      return key;
    },
  };
  return { ctx, external };
}

/** Every `components.schemas` entry as a named schema (names are planned later). */
export function componentSchemas(raw: unknown, ctx: SchemaContext): NamedSchema[] {
  return Object.entries(isObject(raw) ? raw : {}).map(([key, schema]) => ({
    key,
    typeName: '',
    schemaName: '',
    validatorName: '',
    schema: convertSchema(schema, `/components/schemas/${encodePointerToken(key)}`, ctx),
    origin: 'component',
    recursive: false,
  }));
}


/**
 * What a media type's schema means as bytes: the body of a non-text type (`application/octet-stream`,
 * `image/png`) is binary when its schema is a string or says nothing; the parts of a multipart form
 * whose encoding or `contentMediaType` names a non-text type (and no `contentEncoding`) are files.
 */
function bytesOf(contentType: string, schema: SchemaNode, encoding: unknown): SchemaNode {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data' && schema.kind === 'object') {
    const encodings = isObject(encoding) ? encoding : {};
    return {
      ...schema,
      properties: schema.properties.map((p) => {
        const declared = isObject(encodings[p.name]) ? (encodings[p.name] as Json).contentType : undefined;
        const fileType = typeof declared === 'string' ? declared : undefined;
        const carried = p.schema.kind === 'string' && p.schema.contentEncoding === undefined ? p.schema.contentMediaType : undefined;
        const isFile = p.schema.kind === 'string' && [fileType, carried].some((t) => t !== undefined && !isTextualMediaType(t));
        return isFile ? { ...p, schema: { kind: 'binary', ...(p.schema.description ? { description: p.schema.description } : {}) } } : p;
      }),
    };
  }
  if (type.startsWith('multipart/') || isTextualMediaType(type)) return schema;
  return schema.kind === 'string' || schema.kind === 'unknown' ? { kind: 'binary', ...(schema.description ? { description: schema.description } : {}) } : schema;
}

export function openApiToModel(loaded: LoadedOpenApi, name: string, names: NameRequests): ApiModel {
  const doc = loaded.document;
  const legacy = typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0');
  const { ctx, external } = createSchemaContext({ document: doc, componentsPointer: '/components/schemas', legacy, references: loaded.references });
  const components = isObject(doc.components) ? doc.components : {};
  const info = isObject(doc.info) ? doc.info : {};

  const deref = (value: unknown): Json => {
    let node = value;
    const seen = new Set<string>();
    while (isObject(node) && typeof node.$ref === 'string' && !seen.has(node.$ref)) {
      seen.add(node.$ref);
      node = resolvePointer(doc, refPointer(node.$ref));
    }
    return isObject(node) ? node : {};
  };

  const schemas = componentSchemas(components.schemas, ctx);

  const parameter = (raw: unknown, pointer: string): ParameterModel => {
    const p = deref(raw);
    const location = (p.in as ParameterModel['in']) ?? 'query';
    const style = (p.style as ParameterModel['style']) ?? (location === 'query' || location === 'cookie' ? 'form' : 'simple');
    let schemaRaw: unknown = p.schema;
    const contentType = !schemaRaw && isObject(p.content) ? Object.keys(p.content)[0] : undefined;
    if (contentType !== undefined) schemaRaw = deref((p.content as Json)[contentType]).schema;
    const model: ParameterModel = {
      name: String(p.name),
      key: String(p.name),
      in: location,
      required: p.required === true || location === 'path',
      style,
      explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
      schema: convertSchema(schemaRaw, `${pointer}/schema`, ctx),
    };
    if (typeof p.description === 'string') model.description = p.description;
    if (p.deprecated === true) model.deprecated = true;
    if (contentType !== undefined) model.contentType = contentType;
    const extensions = extensionsOf(p);
    if (Object.keys(extensions).length > 0) model.extensions = extensions;
    return model;
  };

  const media = (contentType: string, raw: unknown, pointer: string): MediaModel => {
    const m = deref(raw);
    const format = sequenceFormatOf(contentType);
    if (format) {
      // A stream: the schema printed is each item's (3.2 `itemSchema`; before 3.2 the `schema` these types carry).
      const itemPointer = `${pointer}/${'itemSchema' in m ? 'itemSchema' : 'schema'}`;
      const item = 'itemSchema' in m ? m.itemSchema : m.schema;
      if (format !== 'sse') return { contentType, json: false, schema: convertSchema(item, itemPointer, ctx), sequence: { format } };
      const events = decodedEventSchema(item, deref, !('itemSchema' in m));
      if (events.items === 'data') {
        ctx.diagnostics.push({ level: 'warning', pointer: itemPointer, message: `${contentType} with a \`schema\` (no \`itemSchema\`) is read as events whose \`data\` is JSON of that schema: each item is the parsed data; a \`data: ${STREAM_END}\` event ends the stream` });
        return { contentType, json: false, schema: convertSchema(events.schema, itemPointer, ctx), sequence: { format, jsonData: true, items: 'data', end: STREAM_END } };
      }
      return { contentType, json: false, schema: convertSchema(events.schema, itemPointer, ctx), sequence: { format, jsonData: events.jsonData } };
    }
    if ('itemSchema' in m)
      ctx.diagnostics.push({ level: 'warning', pointer: `${pointer}/itemSchema`, message: `itemSchema of ${contentType} is not read: the generator streams server-sent events, JSON Lines and JSON text sequences; the body is read whole, by its schema` });
    const out: MediaModel = { contentType, json: isJsonMediaType(contentType), schema: bytesOf(contentType, convertSchema(m.schema, `${pointer}/schema`, ctx), m.encoding) };
    if (isObject(m.encoding)) {
      out.encoding = {};
      for (const [prop, enc] of Object.entries(m.encoding)) {
        if (!isObject(enc)) continue;
        out.encoding[prop] = {
          ...(typeof enc.style === 'string' ? { style: enc.style } : {}),
          ...(typeof enc.explode === 'boolean' ? { explode: enc.explode } : {}),
          ...(typeof enc.contentType === 'string' ? { contentType: enc.contentType } : {}),
        };
      }
    }
    return out;
  };

  const securitySchemes: SecuritySchemeModel[] = Object.entries(isObject(components.securitySchemes) ? components.securitySchemes : {})
    .map(([key, raw]) => securityScheme(key, deref(raw), ctx.diagnostics))
    .sort((a, b) => compareText(a.key, b.key));

  const rootSecurity = Array.isArray(doc.security) ? (doc.security as SecurityRequirement[]) : [];

  const operation = (
    /** Upper case for a fixed field; as written for one of `additionalOperations`. */
    method: string,
    path: string,
    raw: Json,
    pathParams: unknown[],
    pointer: string,
    /** The Path Item's, whose parameters every operation of it shares. */
    pathItemPointer: string,
  ): OperationModel => {
    const params = new Map<string, ParameterModel>();
    pathParams.forEach((p, i) => {
      const m = parameter(p, `${pathItemPointer}/parameters/${i}`);
      params.set(`${m.in}:${m.name}`, m);
    });
    (Array.isArray(raw.parameters) ? raw.parameters : []).forEach((p, i) => {
      const m = parameter(p, `${pointer}/parameters/${i}`);
      params.set(`${m.in}:${m.name}`, m);
    });
    let requestBody: RequestBodyModel | undefined;
    // The schema of the body the client sends (its first media type), as written: where a flag that asks for a stream is looked for.
    let bodySchema: unknown;
    if (raw.requestBody) {
      const body = deref(raw.requestBody);
      const content = isObject(body.content) ? body.content : {};
      bodySchema = deref(Object.values(content)[0]).schema;
      requestBody = {
        required: body.required === true,
        contents: Object.entries(content).map(([type, m]) =>
          media(type, m, `${pointer}/requestBody/content/${encodePointerToken(type)}`),
        ),
      };
      if (typeof body.description === 'string') requestBody.description = body.description;
    }
    const responses: ResponseModel[] = Object.entries(isObject(raw.responses) ? raw.responses : {}).map(([status, r]) => {
      const resp = deref(r);
      const content = isObject(resp.content) ? resp.content : {};
      const types = Object.keys(content);
      const chosen = types.find(isJsonMediaType) ?? types[0];
      // A stream declared beside a success body (JSON and text/event-stream): the caller chooses, so both are read.
      const streams = chosen !== undefined && sequenceFormatOf(chosen) === undefined ? types.filter((type) => sequenceFormatOf(type) !== undefined) : [];
      const streamed = isSuccessStatus(status) ? streams[0] : undefined;
      // Any other stream is not read: said, never dropped unseen.
      for (const type of streams.filter((t) => t !== streamed))
        ctx.diagnostics.push({
          level: 'warning',
          pointer: `${pointer}/responses/${status}/content/${encodePointerToken(type)}`,
          message: `${type} of response ${status} is not read: ${streamed === undefined ? 'only a success response offers a stream beside its body' : `the response offers one stream beside its body, ${streamed}`}; the client reads ${chosen}`,
        });
      const model: ResponseModel = {
        status,
        description: typeof resp.description === 'string' ? resp.description : '',
        headers: Object.entries(isObject(resp.headers) ? resp.headers : {}).map(([headerName, h]) => ({
          ...parameter({ ...deref(h), name: headerName, in: 'header' }, `${pointer}/responses/${status}/headers/${encodePointerToken(headerName)}`),
        })),
      };
      if (chosen !== undefined)
        model.content = media(chosen, content[chosen], `${pointer}/responses/${status}/content/${encodePointerToken(chosen)}`);
      if (streamed !== undefined) model.stream = media(streamed, content[streamed], `${pointer}/responses/${status}/content/${encodePointerToken(streamed)}`);
      if (types.length > 1) model.otherMediaTypes = types.filter((type) => type !== chosen);
      return model;
    });
    const operationId =
      typeof raw.operationId === 'string' ? raw.operationId : camelCase(`${method.toLowerCase()} ${path.replace(/\{([^}]+)\}/g, ' by $1 ')}`);
    const model: OperationModel = {
      operationId,
      name: '',
      method,
      path,
      tags: Array.isArray(raw.tags) ? (raw.tags as string[]) : [],
      deprecated: raw.deprecated === true,
      parameters: [...params.values()],
      responses,
      security: Array.isArray(raw.security) ? (raw.security as SecurityRequirement[]) : rootSecurity,
      extensions: extensionsOf(raw),
      pointer,
      names: { params: '', paramsSchema: '', body: '', bodySchema: '', response: '', errorId: '', error: '', item: '', streamItem: '' },
      targetNames: {},
      errorIds: { known: [], open: true },
    };
    if (typeof raw.summary === 'string') model.summary = raw.summary;
    if (typeof raw.description === 'string') model.description = raw.description;
    if (requestBody) model.requestBody = requestBody;
    if (requestBody && responses.some((r) => isSuccessStatus(r.status) && r.stream)) {
      const flag = streamFlagOf(bodySchema, deref);
      if (flag !== undefined) model.streamFlag = flag;
    }
    const pagination = paginationOf(raw['x-pagination'], ctx.diagnostics, pointer);
    if (pagination) model.pagination = pagination;
    const rateLimit = rateLimitOf(raw['x-rate-limit'], ctx.diagnostics, pointer);
    if (rateLimit) model.rateLimit = rateLimit;
    const scopesByField = scopesByFieldOf(raw['x-scopes-by-field'], ctx.diagnostics, pointer);
    if (scopesByField) model.scopesByField = scopesByField;
    const mockHints = mockHintsOf(raw, ctx.diagnostics, pointer);
    if (mockHints) model.mockHints = mockHints;
    const idem = readExtension('x-idempotency', raw, pointer, ctx.diagnostics);
    if (idem) {
      model.idempotency = { field: idem.field, in: idem.in ?? 'body' };
      if (idem.maxLength !== undefined) model.idempotency.maxLength = idem.maxLength;
    }
    return model;
  };

  /** The operations of a path item, counted as the model is built (the progress line). */
  const operationCount = (item: Json): number =>
    METHODS.filter((method) => isObject(item[method])).length + Object.values(isObject(item.additionalOperations) ? item.additionalOperations : {}).filter(isObject).length;

  const collect = (items: unknown, base: string): OperationModel[] => {
    const out: OperationModel[] = [];
    if (!isObject(items)) return out;
    const counting = base === '/paths';
    if (counting) operationsToDo(Object.values(items).reduce((sum: number, item) => sum + operationCount(deref(item)), 0));
    for (const [key, rawItem] of Object.entries(items)) {
      const item = deref(rawItem);
      const pathParams = Array.isArray(item.parameters) ? item.parameters : [];
      const itemPointer = `${base}/${encodePointerToken(key)}`;
      const { path, fixedQuery } = base === '/paths' ? splitPathKey(key, itemPointer, ctx.diagnostics) : { path: key, fixedQuery: undefined };
      const withQuery = (op: OperationModel): OperationModel => (fixedQuery ? { ...op, fixedQuery } : op);
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        out.push(withQuery(operation(method.toUpperCase(), path, op, pathParams, `${itemPointer}/${method}`, itemPointer)));
        if (counting) operationDone();
      }
      // OpenAPI 3.2: methods without a field of their own, keyed as they are sent (the schema refuses the fixed ones there).
      for (const [method, op] of Object.entries(isObject(item.additionalOperations) ? item.additionalOperations : {})) {
        if (!isObject(op)) continue;
        out.push(withQuery(operation(method, path, op, pathParams, `${itemPointer}/additionalOperations/${encodePointerToken(method)}`, itemPointer)));
        if (counting) operationDone();
      }
    }
    return out;
  };

  const operations = collect(doc.paths, '/paths');
  const webhooks = collect(doc.webhooks, '/webhooks');

  const servers: ServerModel[] = (Array.isArray(doc.servers) ? doc.servers : [{ url: '/' }]).map((s) => {
    const server = isObject(s) ? s : {};
    const variables: ServerModel['variables'] = {};
    for (const [k, v] of Object.entries(isObject(server.variables) ? server.variables : {})) {
      if (!isObject(v)) continue;
      variables[k] = { default: String(v.default ?? '') };
      if (Array.isArray(v.enum)) variables[k].enum = v.enum.map(String);
      if (typeof v.description === 'string') variables[k].description = v.description;
    }
    return {
      url: String(server.url ?? '/'),
      variables,
      ...(typeof server.name === 'string' ? { name: server.name } : {}),
      ...(typeof server.description === 'string' ? { description: server.description } : {}),
    };
  });

  const extensions = extensionsOf(doc);
  const model: ApiModel = {
    kind: 'openapi',
    name,
    source: loaded.source.file,
    title: typeof info.title === 'string' ? info.title : name,
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    servers,
    tags: (Array.isArray(doc.tags) ? doc.tags : []).filter(isObject).map((t) => ({
      name: String(t.name),
      ...(typeof t.description === 'string' ? { description: t.description } : {}),
      ...(typeof t.summary === 'string' ? { summary: t.summary } : {}),
      ...(typeof t.parent === 'string' ? { parent: t.parent } : {}),
      ...(typeof t.kind === 'string' ? { kind: t.kind } : {}),
    })),
    schemas: [...schemas, ...external],
    operations,
    webhooks,
    securitySchemes,
    hostedFlows: hostedFlowsOf(readExtension('x-hosted-flows', extensions, '', ctx.diagnostics)),
    client: { className: '', groups: [] },
    entryNames: { handlers: '', createServer: '', createMock: '', mock: '', mockOptions: '', connection: '' },
    definedNames: {},
    channels: [],
    messages: [],
    extensions,
    diagnostics: ctx.diagnostics,
  };
  if (typeof info.description === 'string') model.description = info.description;
  const rootLimit = rateLimitOf(extensions['x-rate-limit'], ctx.diagnostics, '');
  if (rootLimit) model.rateLimit = rootLimit;
  const versioning = readExtension('x-versioning', extensions, '', ctx.diagnostics);
  if (versioning) {
    model.versioning = {
      ...(versioning.header !== undefined ? { header: versioning.header } : {}),
      ...(versioning.current !== undefined ? { current: versioning.current } : {}),
      ...(versioning.format !== undefined ? { format: versioning.format } : {}),
      ...(versioning.missingWarning !== undefined ? { missingWarning: versioning.missingWarning } : {}),
    };
  }
  const twoFactor = readExtension('x-two-factor', extensions, '', ctx.diagnostics);
  if (twoFactor) model.twoFactor = { status: twoFactor.status ?? 402, errorId: twoFactor.errorId ?? '', header: twoFactor.header };
  const delivery = readExtension('x-delivery', extensions, '', ctx.diagnostics);
  if (delivery) {
    model.webhookDelivery = {
      ...(delivery.signatureHeader !== undefined ? { signatureHeader: delivery.signatureHeader } : {}),
      ...(delivery.retryIntervalSeconds !== undefined ? { retryIntervalSeconds: delivery.retryIntervalSeconds } : {}),
      ...(delivery.retryForSeconds !== undefined ? { retryForSeconds: delivery.retryForSeconds } : {}),
    };
  }
  const webhookSignature = webhookSignatureOf({ webhooks, delivery });
  if (webhookSignature) model.webhookSignature = webhookSignature;
  const webhookMatch = webhookMatchOf(model);
  if (webhookMatch) model.webhookMatch = webhookMatch;
  else if (webhooks.length > 1) ctx.diagnostics.push(unmatchedWebhooksWarning(model));
  return finishModel(model, names);
}

const OAUTH_FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode', 'deviceAuthorization'] as const;
const OAUTH_URLS = ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'deviceAuthorizationUrl'] as const;

/**
 * A path key with a query string (`/responses?beta=true`, which OpenAPI's path keys do not have
 * but public documents write): the path, and the query as fixed pairs, with a located warning.
 */
function splitPathKey(key: string, pointer: string, diagnostics: Diagnostic[]): { path: string; fixedQuery: Record<string, string> | undefined } {
  const at = key.indexOf('?');
  if (at < 0) return { path: key, fixedQuery: undefined };
  const path = key.slice(0, at);
  const fixedQuery: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(key.slice(at + 1))) fixedQuery[name] = value;
  const pairs = Object.keys(fixedQuery).length > 0 ? fixedQuery : undefined;
  diagnostics.push({
    level: 'warning',
    pointer,
    message: pairs
      ? `path key ${JSON.stringify(key)} carries a query string: the operations are at ${path}, with ${key.slice(at + 1)} sent on every call and required to match a request to them`
      : `path key ${JSON.stringify(key)} ends with an empty query string: the operations are at ${path}`,
  });
  return { path, fixedQuery: pairs };
}

/** The OAuth flows a scheme names (the official schema has checked their fields), with their endpoints. */
function oauthFlowsOf(raw: Json): OAuthFlowModel[] {
  return Object.entries(raw).flatMap(([type, flow]): OAuthFlowModel[] => {
    if (!OAUTH_FLOWS.includes(type as OAuthFlowModel['type']) || !isObject(flow)) return [];
    const urls = OAUTH_URLS.flatMap((key) => (typeof flow[key] === 'string' ? [[key, flow[key]] as const] : []));
    return [{ type: type as OAuthFlowModel['type'], ...Object.fromEntries(urls) }];
  });
}

function securityScheme(key: string, raw: Json, diagnostics: Diagnostic[]): SecuritySchemeModel {
  const pointer = `/components/securitySchemes/${encodePointerToken(key)}`;
  const scopes: Record<string, string> = {};
  if (isObject(raw.flows)) {
    for (const flow of Object.values(raw.flows)) {
      if (isObject(flow) && isObject(flow.scopes)) for (const [s, d] of Object.entries(flow.scopes)) scopes[s] = String(d);
    }
  }
  const model: SecuritySchemeModel = { key, type: raw.type as SecuritySchemeModel['type'], scopes };
  const flows = isObject(raw.flows) ? oauthFlowsOf(raw.flows) : [];
  if (flows.length > 0) model.flows = flows;
  if (typeof raw.oauth2MetadataUrl === 'string') model.metadataUrl = raw.oauth2MetadataUrl;
  if (typeof raw.description === 'string') model.description = raw.description;
  if (typeof raw.name === 'string') model.name = raw.name;
  if (raw.in === 'header' || raw.in === 'query' || raw.in === 'cookie') model.in = raw.in;
  if (typeof raw.scheme === 'string') model.scheme = raw.scheme.toLowerCase();
  if (typeof raw.bearerFormat === 'string') model.bearerFormat = raw.bearerFormat;
  const hmac = readExtension('x-hmac-signature', raw, pointer, diagnostics);
  if (hmac) {
    model.hmac = {
      algorithm: 'HMAC-SHA256',
      encoding: hmac.encoding ?? 'hex',
      keyHeader: hmac.keyHeader,
      signatureHeader: hmac.signatureHeader,
      timestampHeader: hmac.timestampHeader,
      timestampUnit: hmac.timestampUnit ?? 'seconds',
      message: hmac.message ?? ['timestamp', 'method', 'requestPath', 'body'],
      ...(hmac.maxSkewSeconds !== undefined ? { maxSkewSeconds: hmac.maxSkewSeconds } : {}),
      ...(hmac.serverTimeOperation !== undefined ? { serverTimeOperation: hmac.serverTimeOperation } : {}),
      ...(hmac.serverTimeField !== undefined ? { serverTimeField: hmac.serverTimeField } : {}),
    };
  }
  const refresh = readExtension('x-token-refresh', raw, pointer, diagnostics);
  if (refresh) model.tokenRefresh = { status: refresh.status ?? 401, errorIds: refresh.errorIds ?? [] };
  return model;
}

function paginationOf(raw: unknown, diagnostics: Diagnostic[], pointer: string): PaginationModel | undefined {
  if (raw === undefined) return undefined;
  const p = isObject(raw) ? raw : {};
  const str = (k: string): string | undefined => (typeof p[k] === 'string' ? (p[k] as string) : undefined);
  const itemsField = str('itemsField');
  if (p.style === 'cursor' && itemsField && str('cursorParam') && str('nextUriField'))
    return { style: 'cursor', itemsField, cursorParam: str('cursorParam')!, cursorField: str('cursorField') ?? 'id', nextUriField: str('nextUriField')! };
  if (p.style === 'page' && itemsField && str('pageParam') && str('totalPagesField'))
    return {
      style: 'page',
      itemsField,
      pageParam: str('pageParam')!,
      totalPagesField: str('totalPagesField')!,
      ...(str('currentPageField') ? { currentPageField: str('currentPageField')! } : {}),
    };
  if (p.style === 'token' && itemsField && str('tokenParam') && str('nextTokenField'))
    return { style: 'token', itemsField, tokenParam: str('tokenParam')!, nextTokenField: str('nextTokenField')! };
  diagnostics.push({ level: 'warning', pointer: `${pointer}/x-pagination`, message: 'x-pagination is incomplete; the operation gets no iterator' });
  return undefined;
}

/** `x-rate-limit`, when complete enough to enforce (`limit` and `windowSeconds`); otherwise a located warning. */
function rateLimitOf(raw: unknown, diagnostics: Diagnostic[], pointer: string): RateLimitModel | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw) || typeof raw.limit !== 'number' || typeof raw.windowSeconds !== 'number') {
    diagnostics.push({ level: 'warning', pointer: `${pointer}/x-rate-limit`, message: 'x-rate-limit needs numbers `limit` and `windowSeconds`; it is not enforced' });
    return undefined;
  }
  return { limit: raw.limit, windowSeconds: raw.windowSeconds, status: typeof raw.status === 'number' ? raw.status : 429, errorId: typeof raw.errorId === 'string' ? raw.errorId : 'rate_limit_exceeded' };
}

/** `x-mock-role` (one of the mock's roles) and `x-mock-collection` (a path); a value the mock cannot use is a located warning. */
function mockHintsOf(raw: Record<string, unknown>, diagnostics: Diagnostic[], pointer: string): OperationModel['mockHints'] {
  const hints: NonNullable<OperationModel['mockHints']> = {};
  const role = raw['x-mock-role'];
  if (isMockRole(role)) hints.role = role;
  else if (role !== undefined) diagnostics.push({ level: 'warning', pointer: `${pointer}/x-mock-role`, message: `x-mock-role must be one of ${MOCK_ROLES.join(', ')}; the mock guesses the role` });
  const collection = raw['x-mock-collection'];
  if (typeof collection === 'string' && collection.startsWith('/')) hints.collection = collection;
  else if (collection !== undefined) diagnostics.push({ level: 'warning', pointer: `${pointer}/x-mock-collection`, message: 'x-mock-collection must be a path (`/loans`); the mock guesses the collection' });
  return Object.keys(hints).length > 0 ? hints : undefined;
}

/** `x-scopes-by-field`: a `field` name and, by its values, lists of scopes; otherwise a located warning. */
function scopesByFieldOf(raw: unknown, diagnostics: Diagnostic[], pointer: string): ScopesByFieldModel | undefined {
  if (raw === undefined) return undefined;
  const scopes = isObject(raw) && isObject(raw.scopes) ? Object.entries(raw.scopes) : undefined;
  if (!isObject(raw) || typeof raw.field !== 'string' || !scopes || !scopes.every(([, list]) => Array.isArray(list) && list.every((s) => typeof s === 'string'))) {
    diagnostics.push({ level: 'warning', pointer: `${pointer}/x-scopes-by-field`, message: 'x-scopes-by-field needs a `field` and `scopes` by value (lists of scope names); it is not enforced' });
    return undefined;
  }
  return { field: raw.field, scopes: Object.fromEntries(scopes) as Record<string, string[]> };
}

function hostedFlowsOf(flows: ExtensionValues['x-hosted-flows'] | undefined): ApiModel['hostedFlows'] {
  return (flows ?? []).map((f) => ({
    name: f.name,
    // Planned in finishModel.
    names: { params: '', url: '' },
    server: f.server,
    ...(f.default !== undefined ? { default: f.default } : {}),
    path: f.path,
    query: (f.query ?? []).map((q) => ({ name: q.name, required: q.required === true, ...(q.description !== undefined ? { description: q.description } : {}) })),
    ...(f.description !== undefined ? { description: f.description } : {}),
  }));
}

export type { SchemaNode };
