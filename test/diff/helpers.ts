/** Small documents for the API diff's tests, written to a temporary folder and compared through the real loader. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { diffApis } from '../../generator/diff/api.js';
import type { Change } from '../../generator/diff/change.js';
import { loadModel } from '../../generator/pipeline.js';

export type Json = Record<string, unknown>;

const folder = mkdtempSync(join(tmpdir(), 'svc-diff-test-'));
let counter = 0;

/** Writes a document's text and returns its path. */
function writeText(text: string, name = 'api'): string {
  const file = join(folder, `${name}-${++counter}.yaml`);
  writeFileSync(file, text);
  return file;
}

/** Writes a document (YAML) and returns its path. */
export const writeSpec = (document: Json, name = 'api'): string => writeText(stringify(document), name);

/** Compares two documents written out as text (YAML or JSON), as a reviewer's files are. */
export async function diffTexts(base: string, head: string): Promise<Change[]> {
  const [a, b] = await Promise.all([loadModel({ file: writeText(base), name: 'api' }), loadModel({ file: writeText(head), name: 'api' })]);
  return diffApis(a, b, 'api');
}

export const diffDocuments = (base: Json, head: Json): Promise<Change[]> => diffTexts(stringify(base), stringify(head));

export function openapi(paths: Json, options: { version?: '3.0.3' | '3.1.0' | '3.2.0'; components?: Json; root?: Json } = {}): Json {
  return {
    openapi: options.version ?? '3.1.0',
    info: { title: 'Test API', version: '1.0.0' },
    paths,
    ...(options.components ? { components: options.components } : {}),
    ...options.root,
  };
}

const ok = { '200': { description: 'OK' } };

/** One operation: `GET /items` (or the method and path given) with the parts given. */
export function operation(parts: Json = {}, method = 'get', path = '/items'): Json {
  return { [path]: { [method]: { operationId: `${method}Items`, responses: ok, ...parts } } };
}

/**
 * A schema placed where a request body's property `value` is, or a 200 response's, written
 * inline, behind a `$ref` (named differently on each side: names are not shapes), or inside
 * an `allOf` with a referenced base.
 */
export type Placement = 'inline' | 'ref' | 'allOf';

export function schemaDocument(schema: Json, direction: 'request' | 'response', placement: Placement, side: 'base' | 'head', version: '3.0.3' | '3.1.0' | '3.2.0' = '3.1.0', components: Json = {}): Json {
  const valueName = side === 'base' ? 'Value' : 'RenamedValue';
  const value = placement === 'inline' ? schema : { $ref: `#/components/schemas/${valueName}` };
  const object = { type: 'object', properties: { value } };
  const body = placement === 'allOf' ? { allOf: [{ $ref: '#/components/schemas/Base' }, object] } : object;
  const schemas: Json = { ...components, Base: { type: 'object', properties: { id: { type: 'string' } } } };
  if (placement !== 'inline') schemas[valueName] = schema;
  const content = { 'application/json': { schema: body } };
  const parts = direction === 'request' ? { requestBody: { required: true, content } } : { responses: { '200': { description: 'OK', content } } };
  return openapi(operation(parts, direction === 'request' ? 'post' : 'get'), { version, components: { schemas } });
}

/** A schema written for OpenAPI 3.1, as OpenAPI 3.0 writes it (`nullable`); undefined where 3.0 cannot say it. */
export function toOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApi30);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      out.type = types[0];
      if (types.length < value.length) out.nullable = true;
    } else out[key] = toOpenApi30(value);
  }
  return out;
}

export function asyncapi(channels: Json, messages: Json, schemas: Json = {}): Json {
  const operations: Json = {};
  for (const [channel, spec] of Object.entries(channels)) {
    for (const [key, ref] of Object.entries((spec as { messages?: Json }).messages ?? {})) {
      const target = String((ref as { $ref: string }).$ref).split('/').pop()!;
      const action = (messages[target] as { 'x-sender'?: string } | undefined)?.['x-sender'] === 'client' ? 'send' : 'receive';
      operations[`${action}-${channel}-${key}`] = { action, channel: { $ref: `#/channels/${channel}` }, messages: [{ $ref: `#/channels/${channel}/messages/${key}` }] };
    }
  }
  const cleaned = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, Object.fromEntries(Object.entries(v as Json).filter(([key]) => key !== 'x-sender'))]));
  return { asyncapi: '3.0.0', info: { title: 'Feed', version: '1.0.0' }, channels, operations, components: { messages: cleaned, schemas } };
}
