/**
 * What a receiver of the document's webhooks needs to know, decided once here: which body
 * property tells the webhooks apart (each payload pins it to a value of its own, as OpenAI's
 * `type: { enum: [batch.completed] }` and our `type: { const: ping }`), and how deliveries are
 * signed (our `x-delivery` RSA scheme, or Standard Webhooks).
 */
import { compareText } from '../util/compare.js';
import { pinnedValues, type Pinned } from './pinned.js';
import type { ApiModel, Diagnostic, OperationModel, SchemaNode, WebhookMatchModel, WebhookSignatureModel } from './types.js';


/** Names tried first, in this order, when several properties tell the webhooks apart. */
const PREFERRED = ['type', 'event', 'event_type', 'eventType', 'kind'];

/**
 * The body property every webhook's JSON payload pins to one value (a `const`, or an `enum` of one
 * value, through `$ref` and `allOf`), with no value shared by two webhooks. When several do,
 * `type`, `event`, `event_type`, `eventType`, `kind`, then the first by name.
 */
export function webhookMatchOf(model: Pick<ApiModel, 'schemas' | 'webhooks'>): WebhookMatchModel | undefined {
  if (model.webhooks.length === 0) return undefined;
  const schemas = new Map(model.schemas.map((s) => [s.key, s.schema]));
  const bodies = model.webhooks.map((op) => bodyOf(op));
  if (bodies.some((b) => b === undefined)) return undefined;
  const candidates = [...propertyNames(bodies[0]!, schemas, new Set())].sort();
  const ordered = [...PREFERRED.filter((p) => candidates.includes(p)), ...candidates.filter((p) => !PREFERRED.includes(p))];
  for (const property of ordered) {
    const values = bodies.map((body) => pinnedValue(body!, property, schemas));
    if (values.some((v) => v === undefined) || new Set(values).size !== values.length) continue;
    const pairs = model.webhooks.map((op, i) => [op.operationId, values[i]!] as const);
    return { property, values: Object.fromEntries(pairs.sort(([a], [b]) => compareText(a, b))) };
  }
  return undefined;
}

/**
 * How the document says its webhooks are signed: `x-delivery.scheme: standard-webhooks`, or
 * every webhook declaring the `webhook-signature` header, is Standard Webhooks; an
 * `x-delivery.signatureHeader` is our RSA scheme; otherwise unsigned (undefined).
 */
export function webhookSignatureOf(input: {
  webhooks: readonly OperationModel[];
  delivery: { signatureHeader?: string; scheme?: 'standard-webhooks' | 'rsa-sha256' } | undefined;
}): WebhookSignatureModel | undefined {
  const { webhooks, delivery } = input;
  if (webhooks.length === 0) return undefined;
  if (delivery?.scheme === 'standard-webhooks') return { scheme: 'standard', source: 'x-delivery' };
  if (delivery?.signatureHeader !== undefined) return { scheme: 'x-delivery', header: delivery.signatureHeader, source: 'x-delivery' };
  const declaresStandard = (op: OperationModel): boolean => op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'webhook-signature');
  if (webhooks.every(declaresStandard)) return { scheme: 'standard', source: 'headers' };
  return undefined;
}

/** The located warning of webhooks that no body property tells apart: a receiver then needs a header or path to match by. */
export function unmatchedWebhooksWarning(model: Pick<ApiModel, 'webhooks'>): Diagnostic {
  return {
    level: 'warning',
    message: `no body property tells the ${model.webhooks.length} webhooks apart (none pins a value of its own in every payload, as \`type: { const: … }\` does): a receiver (\`<package>/webhooks\`) matches a delivery by the header or path segment its \`match\` option names`,
    pointer: '/webhooks',
  };
}

/** The schema of a webhook's body when its first media type (the one its validator checks) is JSON. */
function bodyOf(op: OperationModel): SchemaNode | undefined {
  const first = op.requestBody?.contents[0];
  return first?.json ? first.schema : undefined;
}

/** Follows references, and reads a schema without `type` by what it says of objects; `seen` stops at a cycle. */
function resolved(node: SchemaNode, schemas: ReadonlyMap<string, SchemaNode>, seen: Set<string>): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  while (current?.kind === 'ref') {
    if (seen.has(current.target)) return undefined;
    seen.add(current.target);
    current = schemas.get(current.target);
  }
  return current?.kind === 'unknown' && current.byType?.object ? current.byType.object : current;
}

/** The property names an object body declares, through references and `allOf`. */
function propertyNames(node: SchemaNode, schemas: ReadonlyMap<string, SchemaNode>, seen: Set<string>): Set<string> {
  const target = resolved(node, schemas, seen);
  if (target?.kind === 'object') return new Set(target.properties.map((p) => p.name));
  if (target?.kind === 'intersection') return new Set(target.parts.flatMap((part) => [...propertyNames(part, schemas, new Set(seen))]));
  return new Set();
}

/** The one value `property` is pinned to in `node`; undefined when it is free, absent or pinned to two values. */
function pinnedValue(node: SchemaNode, property: string, schemas: ReadonlyMap<string, SchemaNode>): Pinned | undefined {
  const values = pinnedValues(node, property, (key) => schemas.get(key));
  return values?.length === 1 ? values[0] : undefined;
}

/** What `--explain` says of the webhooks: how a receiver matches a delivery and checks its sender, and what overrules each. */
export function webhookGuesses({ model, signatureOption }: { model: Pick<ApiModel, 'webhooks' | 'webhookMatch' | 'webhookSignature'>; signatureOption?: string | undefined }): { subject: string; guess: string; override: string }[] {
  if (model.webhooks.length === 0) return [];
  const count = model.webhooks.length;
  const match = model.webhookMatch;
  const signature = model.webhookSignature;
  return [
    {
      subject: 'matching',
      guess: match
        ? `by the body's \`${match.property}\`, which each of the ${count} webhooks' payloads pins to a value of its own`
        : count === 1
          ? 'every delivery is the one webhook'
          : `nothing in the body tells the ${count} webhooks apart: a receiver is given \`match\``,
      override: "the receiver's `match` option ('path' or { header })",
    },
    {
      subject: 'signature',
      guess:
        signatureOption === 'standard' || signatureOption === 'none'
          ? `${signatureOption === 'standard' ? 'Standard Webhooks' : 'unsigned'}, as --option webhooks.signature=${signatureOption} says`
          : signature === undefined
          ? 'unsigned: the document says nothing of signatures'
          : signature.scheme === 'x-delivery'
            ? `RSA PKCS#1 v1.5 SHA-256 in ${signature.header}, from x-delivery`
            : `Standard Webhooks, ${signature.source === 'x-delivery' ? 'from x-delivery.scheme' : 'as every webhook declares the webhook-signature header'}`,
      override: "--option webhooks.signature=standard|none, or at run time the shape of the receiver's `verify`",
    },
  ];
}
