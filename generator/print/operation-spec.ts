/**
 * The fields of an operation's `OperationSpec` literal (method, path, parameters, security,
 * validators, responses by status …), printed once for every module that declares one: the
 * package's `operations` (zod validators) and the client's calls (lean validators).
 */
import type { ApiModel, OperationModel, SchemaNode } from '../model/types.js';
import { streamAlternativeOf } from '../model/operation-kinds.js';
import { literal, stringLiteral } from '../util/text.js';
import { compareText } from '../util/compare.js';
import { nameOf, type SharedExpressions } from './shared.js';
import { OPERATION_FEATURES } from '../targets/runtimes.js';

export interface SpecValidators {
  /** The validator of the operation's parameters, by name. */
  parameters?: string;
  /** The validator of its request body, by name. */
  body?: string;
  /** A response body's validator. */
  response(schema: SchemaNode): string;
}

/** What the module names the runtime's features an operation uses (`OperationSpec.uses`) by. */
export interface SpecFeatures {
  model: ApiModel;
  /** A runtime export (`resolveSecurity`, `pageWalk`), as the module imports it. */
  runtime(name: string): string;
  /** The spec constant of another operation (the server-time one of HMAC signing). */
  operation(op: OperationModel): string;
}

/** The operation that tells the server's time for the HMAC scheme of `op`'s security, if any names one. */
function serverTimeOperationOf(model: ApiModel, op: OperationModel): OperationModel | undefined {
  const schemes = new Set(op.security.flatMap((requirement) => Object.keys(requirement)));
  const id = model.securitySchemes.find((s) => schemes.has(s.key) && s.hmac?.serverTimeOperation !== undefined)?.hmac?.serverTimeOperation;
  return id === undefined ? undefined : model.operations.find((candidate) => candidate.operationId === id);
}

/** A literal of the module's metadata that others repeat (a parameter, a request body), declared `as const` when shared: its types stay literal. */
const asConst = (text: string): string => `${text} as const`;

/** What a request body's media types are called in a name: `json`, `form`, `multipart`, else the subtype's words. */
function mediaWord(contentType: string): string {
  if (/[/+]json\b/.test(contentType)) return 'json';
  if (contentType.startsWith('application/x-www-form-urlencoded')) return 'form';
  if (contentType.startsWith('multipart/')) return 'multipart';
  return contentType.split(';')[0]!.split('/').pop() ?? 'other';
}

/**
 * The fields of an operation's spec literal. `shared`: the module's shared expressions, through
 * which each parameter and the request body, repeated across operations (Kubernetes' `name` path
 * parameter, Stripe's form body), are declared once.
 */
export function operationSpecFields(op: OperationModel, validators: SpecValidators, features?: SpecFeatures, shared?: SharedExpressions): string[] {
  const byStatus = [...op.responses].sort((a, b) => compareText(a.status, b.status));
  const share = (text: string, describe: () => string): string => (shared ? shared.share(() => text, describe, asConst) : text);
  const parameters = op.parameters.map((p) =>
    share(
      literal({ name: p.name, ...(p.key !== p.name ? { key: p.key } : {}), in: p.in, required: p.required, style: p.style, explode: p.explode, ...(p.in === 'querystring' && p.contentType ? { contentType: p.contentType } : {}) }),
      () => nameOf(p.key, p.in, 'parameter'),
    ),
  );
  const responses = byStatus.map((r) => `${stringLiteral(r.status)}: ${r.content ? validators.response(r.content.schema) : 'undefined'}`);
  const fields: string[] = [
    `operationId: ${stringLiteral(op.operationId)}`,
    `method: ${stringLiteral(op.method)}`,
    `path: ${stringLiteral(op.path)}`,
    ...(op.fixedQuery ? [`query: ${literal(op.fixedQuery)}`] : []),
    `tags: ${literal(op.tags)}`,
    `deprecated: ${op.deprecated}`,
    `parameters: [${parameters.join(', ')}]`,
  ];
  if (op.requestBody) {
    const encoding = op.requestBody.contents.find((c) => c.encoding)?.encoding;
    const { required, contents } = op.requestBody;
    const body = literal({ required, contentTypes: contents.map((c) => c.contentType), ...(encoding ? { encoding } : {}) });
    fields.push(`requestBody: ${share(body, () => nameOf(required ? '' : 'optional', ...new Set(contents.map((c) => mediaWord(c.contentType))), 'body'))}`);
  }
  fields.push(`security: ${literal(op.security)}`);
  if (op.pagination) fields.push(`pagination: ${literal(op.pagination)}`);
  if (op.idempotency) fields.push(`idempotency: ${literal(op.idempotency)}`);
  const named = [validators.parameters !== undefined ? `parameters: ${validators.parameters}` : undefined, validators.body !== undefined ? `body: ${validators.body}` : undefined].filter(Boolean);
  fields.push(`validators: { ${named.join(', ')} }`);
  const validatesRequest = named.length > 0;
  // How to read bodies that are not JSON, whatever Content-Type the server labels them with.
  const mediaTypes = Object.fromEntries(byStatus.flatMap((r) => (r.content && !r.content.json ? [[r.status, r.content.contentType]] : [])));
  if (Object.keys(mediaTypes).length > 0) fields.push(`responseMediaTypes: ${literal(mediaTypes)}`);
  // Streamed responses: `responses` holds the validator of each item.
  const streams = Object.fromEntries(byStatus.flatMap((r) => (r.content?.sequence ? [[r.status, r.content.sequence]] : [])));
  if (Object.keys(streams).length > 0) fields.push(`streams: ${literal(streams)}`);
  // A stream offered beside a success body: how it streams, what asks for it, and its items' validator.
  const alternative = streamAlternativeOf(op);
  if (alternative) {
    const described = literal({ status: alternative.status, contentType: alternative.stream.contentType, ...alternative.stream.sequence, ...(op.streamFlag !== undefined ? { flag: op.streamFlag } : {}) });
    fields.push(`streamAlternative: { ${described.slice(1, -1).trim()}, item: ${validators.response(alternative.stream.schema)} }`);
  }
  fields.push(`responses: { ${responses.join(', ')} }`);
  const scopes = [...new Set(op.security.flatMap((req) => Object.values(req).flat()))].sort();
  if (scopes.length > 0) fields.push(`scopes: ${literal(scopes)}`);
  if (features) {
    // The runtime's code the operation needs beyond the core: a program bundles it only with the operations that use it.
    const serverTime = op.security.length > 0 ? serverTimeOperationOf(features.model, op) : undefined;
    // `key: value`, or the key alone where the value is a name the same as it.
    const use = (key: string, value: string): string => (key === value ? key : `${key}: ${value}`);
    const feature = (key: keyof typeof OPERATION_FEATURES): string => use(key, features.runtime(OPERATION_FEATURES[key]));
    const uses = [
      ...(op.security.length > 0 ? [feature('security')] : []),
      ...(serverTime && serverTime !== op ? [use('serverTime', features.operation(serverTime))] : []),
      ...(op.pagination ? [feature('pagination')] : []),
      // The core writes JSON bodies itself; forms, multipart, text and bytes need the full encoder.
      ...(op.requestBody?.contents.some((content) => !content.json) ? [feature('body')] : []),
      ...(op.idempotency ? [feature('idempotency')] : []),
      // Only where there is something to check: without validators (`client.validation=none`) a request has none.
      ...(validatesRequest ? [feature('validateRequest')] : []),
      ...(alternative ? [feature('streamAlternative')] : []),
    ];
    if (uses.length > 0) fields.push(`uses: { ${uses.join(', ')} }`);
  }
  return fields;
}
