/**
 * ajv over any document's own schemas, for contract tests of documents that are not ours:
 * Swagger 2.0 is converted with swagger2openapi first, and OpenAPI 3.0's dialect (`nullable`,
 * boolean `exclusiveMinimum`) is rewritten to JSON Schema 2020-12, in 3.1 documents that use it
 * too, so that one ajv judges them all.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const BASE = 'https://documents.invalid/doc.json';
const escape = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAPI 3.0 schema keywords as 2020-12 says them, everywhere in the document. */
function to2020(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(to2020);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'example' || key === 'examples' ? value : to2020(value);
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const flag = out[`exclusive${bound}`];
    if (typeof flag === 'boolean') {
      const limit = out[bound.toLowerCase()];
      delete out[`exclusive${bound}`];
      if (flag && typeof limit === 'number') {
        out[`exclusive${bound}`] = limit;
        delete out[bound.toLowerCase()];
      }
    }
  }
  if (out.nullable === true) {
    delete out.nullable;
    // An enum with `nullable` takes null too (OpenAI's `finish_reason`, null until the last chunk), as the generator reads it.
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.type === undefined && !Array.isArray(out.enum)) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

export interface DocumentAjv {
  /** The document as OpenAPI 3 (converted from Swagger 2.0 when it was one). */
  document: Json;
  /** ajv's complaints about a response body ([] when valid); undefined when the declared media type is not JSON. */
  response(operationId: string, status: number, body: unknown): string[] | undefined;
  /** The media types the operation declares for a status (its range, or `default`); undefined when the status is not declared. */
  mediaTypes(operationId: string, status: number): string[] | undefined;
  /**
   * Whether the operation declares a response an error of `status` can be answered with: that
   * status, its range, `default`, or (the README's rule) 400 or 422 for a 4xx, any 5xx for a 5xx.
   */
  declaresStandIn(operationId: string, status: number): boolean;
  /**
   * ajv's complaints about a value of one declared media type ([] when valid): an item of a
   * stream (its `itemSchema`, or before 3.2 its `schema`, which an event stream's data follows).
   */
  media(operationId: string, status: number, mediaType: string, value: unknown): string[];
  /**
   * Whether a media type of a response describes whole items: by `itemSchema` (OpenAPI 3.2, where
   * an event stream's items are events), or, before 3.2, by a schema whose properties are an
   * event's fields (`event`, `data`, `id`, `retry`); else an event stream's schema is each event's data.
   */
  describesItems(operationId: string, status: number, mediaType: string): boolean;
  /** ajv's complaints about a value of the schema at a JSON pointer of the document (`/components/schemas/Event`; [] when valid). */
  schema(pointer: string, value: unknown): string[];
}

export async function documentAjv(file: string): Promise<DocumentAjv> {
  let doc = parse(readFileSync(file, 'utf8')) as Json;
  if (doc.swagger === '2.0') {
    const { convertObj } = await import('swagger2openapi');
    doc = (await convertObj(doc as never, { patch: true, warnOnly: true, direct: true } as never)) as unknown as Json;
  }
  // 3.1 documents written with 3.0's keywords (OpenAI's `nullable: true`, boolean `exclusiveMinimum`)
  // are read as their authors mean them, as the generator reads them.
  doc = to2020(doc) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc, BASE);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) compiled.set(pointer, (validate = ajv.compile({ $ref: `${BASE}#${pointer}` })));
    return validate;
  };
  const at = (pointer: string): Json => pointer.split('/').slice(1).reduce<Json>((node, token) => node[token.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);
  const operations = new Map<string, { path: string; method: string; responses: Json }>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) if (isObject(op) && typeof op.operationId === 'string') operations.set(op.operationId, { path, method, responses: (op.responses ?? {}) as Json });
  }
  const declared = (operationId: string, status: number): { pointer: string; response: Json } | undefined => {
    const op = operations.get(operationId);
    if (!op) throw new Error(`no operation ${operationId} in ${file}`);
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in op.responses);
    if (!key) return undefined;
    let pointer = `/paths/${escape(op.path)}/${op.method}/responses/${key}`;
    let response = op.responses[key] as Json;
    while (typeof response.$ref === 'string') {
      pointer = response.$ref.slice(1);
      response = at(pointer);
    }
    return { pointer, response };
  };
  return {
    document: doc,
    response(operationId, status, body) {
      const found = declared(operationId, status);
      if (!found) return [`status ${status} is not declared`];
      const content = found.response.content as Json | undefined;
      const media = content && Object.keys(content).find((m) => /json/i.test(m));
      if (!media || !isObject(content[media]) || !('schema' in (content[media] as Json))) return undefined;
      const validate = compile(`${found.pointer}/content/${escape(media)}/schema`);
      return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    },
    media(operationId, status, mediaType, value) {
      const found = declared(operationId, status);
      if (!found) return [`status ${status} is not declared`];
      const entry = ((found.response.content ?? {}) as Json)[mediaType];
      if (!isObject(entry)) return [`${mediaType} is not declared for ${status}`];
      const keyword = 'itemSchema' in entry ? 'itemSchema' : 'schema';
      const validate = compile(`${found.pointer}/content/${escape(mediaType)}/${keyword}`);
      return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    },
    describesItems(operationId, status, mediaType) {
      const entry = ((declared(operationId, status)?.response.content ?? {}) as Json)[mediaType];
      if (!isObject(entry)) return false;
      if ('itemSchema' in entry) return true;
      let schema = entry.schema as Json | undefined;
      while (isObject(schema) && typeof schema.$ref === 'string') schema = at(schema.$ref.slice(1));
      const names = isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : [];
      return names.includes('data') && names.every((name) => ['event', 'data', 'id', 'retry'].includes(name));
    },
    schema(pointer, value) {
      const validate = compile(pointer);
      return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    },
    mediaTypes(operationId, status) {
      const found = declared(operationId, status);
      return found ? Object.keys((found.response.content ?? {}) as Json) : undefined;
    },
    declaresStandIn(operationId, status) {
      const keys = Object.keys(operations.get(operationId)?.responses ?? {}).map((key) => key.toUpperCase());
      if (declared(operationId, status)) return true;
      return status < 500 ? keys.includes('400') || keys.includes('422') : keys.some((key) => /^5\d\d$/.test(key));
    },
  };
}
