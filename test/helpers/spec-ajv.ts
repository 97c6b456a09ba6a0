/**
 * An independent validator over a spec's own schemas (ajv, JSON Schema 2020-12 with
 * formats), to check what generated code produces without trusting our own validators.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readSpec } from './spec-files.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const BASE = 'https://specs.invalid/';
const escape = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

type Json = Record<string, unknown>;

export interface SpecAjv {
  /** ajv's complaints about a response body, or [] when it is valid; undefined when the response has no JSON schema. */
  response(operationId: string, status: string, body: unknown): string[] | undefined;
  /** ajv's complaints about an instance of a component schema. */
  schema(key: string, value: unknown): string[];
}

export function specAjv(file: string): SpecAjv {
  const doc = readSpec(file) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  ajv.addSchema(doc, BASE + file);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${BASE}${file}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const complaints = (validate: ValidateFunction, value: unknown): string[] =>
    validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  const operations = new Map<string, { path: string; method: string; responses: Json }>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      const operation = op as Json;
      if (typeof operation.operationId === 'string') operations.set(operation.operationId, { path, method, responses: (operation.responses ?? {}) as Json });
    }
  }
  return {
    response(operationId, status, body) {
      const op = operations.get(operationId);
      if (!op) throw new Error(`no operation ${operationId} in ${file}`);
      const key = [status, `${status[0]}XX`, 'default'].find((k) => k in op.responses);
      if (!key) return [`status ${status} is not declared`];
      let response = op.responses[key] as Json;
      let pointer = `/paths/${escape(op.path)}/${op.method}/responses/${key}`;
      if (typeof response.$ref === 'string') {
        pointer = response.$ref.slice(1);
        response = pointer.split('/').slice(1).reduce<Json>((node, token) => node[token.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);
      }
      const content = response.content as Json | undefined;
      const media = content && Object.keys(content).find((m) => /json/.test(m));
      if (!media) return undefined;
      return complaints(compile(`${pointer}/content/${escape(media)}/schema`), body);
    },
    schema(key, value) {
      return complaints(compile(`/components/schemas/${escape(key)}`), value);
    },
  };
}
