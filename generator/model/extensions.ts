/**
 * The project's extensions (specs/README.md) that the model reads, each as a JSON Schema that
 * mirrors its definition there, read through one function with one policy: a value that does
 * not match is a located warning saying what the extension needs and what happens without it,
 * and the model goes on as if it were absent. Fields the definition marks as prose
 * (`description`, `rules`, `signature`) are allowed and not read.
 *
 * Checked with ajv (zod would add a fifth of a second to every run); each schema is compiled the
 * first time a document carries its extension, and kept as standalone code in the cache of
 * compiled code (compiled-code.ts), as the OpenAPI schemas' validators are: compiling them was
 * about 60 ms of every run that generates (a one-field edit of our specs, profiled).
 */
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { cachedModule } from '../cache/compiled-code.js';
import { decodePointerToken } from '../load/locations.js';
import type { Diagnostic } from './types.js';

type Schema = Record<string, unknown>;
const string = { type: 'string', minLength: 1 } as const;
const positiveInteger = { type: 'integer', minimum: 1 } as const;
const positiveNumber = { type: 'number', exclusiveMinimum: 0 } as const;
const httpStatus = { type: 'integer', minimum: 100, maximum: 599 } as const;
const headerName = { type: 'string', pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" } as const;
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required });
/** What the patterns above ask for, said to a reader instead of the expression. */
const PATTERN_MEANINGS: Readonly<Record<string, string>> = { [headerName.pattern]: 'must be an HTTP header name', '^/': 'must start with /' };

/** What each extension holds once checked (the schema below says the same). */
export interface ExtensionValues {
  'x-idempotency': { field: string; in?: 'body' | 'header'; maxLength?: number };
  'x-versioning': { header?: string; format?: 'date' | 'semver' | 'path'; current?: string; missingWarning?: string };
  'x-hmac-signature': {
    algorithm?: 'HMAC-SHA256';
    encoding?: 'hex' | 'base64';
    keyHeader: string;
    signatureHeader: string;
    timestampHeader: string;
    timestampUnit?: 'seconds' | 'milliseconds';
    message?: ('timestamp' | 'method' | 'requestPath' | 'body')[];
    maxSkewSeconds?: number;
    serverTimeOperation?: string;
    serverTimeField?: string;
  };
  'x-two-factor': { status?: number; errorId?: string; header: string };
  'x-token-refresh': { status?: number; errorIds?: string[] };
  'x-delivery': { signatureHeader?: string; scheme?: 'rsa-sha256' | 'standard-webhooks'; retryIntervalSeconds?: number; retryForSeconds?: number };
  'x-hosted-flows': { name: string; server: string; default?: string; path: string; query?: { name: string; required?: boolean; description?: string }[]; description?: string }[];
  'x-languages': string[];
  'x-cadence': { intervalMs?: number };
  'x-subscribe-channel': string;
}
export type ExtensionName = keyof ExtensionValues;

export const EXTENSION_SCHEMAS: Record<ExtensionName, { schema: Schema; otherwise: string }> = {
  'x-idempotency': {
    schema: object({ field: string, in: { enum: ['body', 'header'] }, maxLength: positiveInteger }, ['field']),
    otherwise: 'the client sends no idempotency key and retries no unsafe request',
  },
  'x-versioning': {
    schema: object({ header: headerName, format: { enum: ['date', 'semver', 'path'] }, current: string, missingWarning: string }),
    otherwise: 'clients pin no version',
  },
  'x-hmac-signature': {
    schema: object(
      {
        algorithm: { const: 'HMAC-SHA256' },
        encoding: { enum: ['hex', 'base64'] },
        keyHeader: headerName,
        signatureHeader: headerName,
        timestampHeader: headerName,
        timestampUnit: { enum: ['seconds', 'milliseconds'] },
        message: { type: 'array', minItems: 1, items: { enum: ['timestamp', 'method', 'requestPath', 'body'] } },
        maxSkewSeconds: positiveNumber,
        serverTimeOperation: string,
        serverTimeField: string,
      },
      ['keyHeader', 'signatureHeader', 'timestampHeader'],
    ),
    otherwise: 'requests are not signed',
  },
  'x-two-factor': { schema: object({ status: httpStatus, errorId: { type: 'string' }, header: headerName }, ['header']), otherwise: 'clients do not ask for a second factor' },
  'x-token-refresh': { schema: object({ status: httpStatus, errorIds: { type: 'array', items: { type: 'string' } } }), otherwise: 'clients refresh on 401 `expired_token`' },
  'x-delivery': {
    schema: object({ signatureHeader: headerName, scheme: { enum: ['rsa-sha256', 'standard-webhooks'] }, retryIntervalSeconds: positiveNumber, retryForSeconds: positiveNumber }),
    otherwise: 'webhooks are delivered unsigned, without retries',
  },
  'x-hosted-flows': {
    schema: {
      type: 'array',
      items: object(
        {
          name: string,
          server: string,
          default: { type: 'string' },
          path: { type: 'string', pattern: '^/' },
          query: { type: 'array', items: object({ name: string, required: { type: 'boolean' }, description: { type: 'string' } }, ['name']) },
          description: { type: 'string' },
        },
        ['name', 'server', 'path'],
      ),
    },
    otherwise: 'no hosted flow gets a URL builder',
  },
  'x-languages': { schema: { type: 'array', minItems: 1, items: string }, otherwise: 'the language header is not negotiated from it' },
  'x-cadence': { schema: object({ intervalMs: positiveNumber }), otherwise: 'the message has no cadence' },
  'x-subscribe-channel': { schema: string, otherwise: 'the message belongs to the channel it names' },
};

const standaloneCode = standaloneCodeModule as unknown as (ajv: Ajv2020, validate: ValidateFunction) => string;
const AJV_VERSION = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
// `code.source` keeps each validator's source, which the cache stores.
const AJV_OPTIONS = { allErrors: false, strict: true, code: { source: true } } as const;
let ajv: Ajv2020 | undefined;
const validators = new Map<ExtensionName, ValidateFunction>();

function validatorOf(name: ExtensionName): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const { schema } = EXTENSION_SCHEMAS[name];
    validate = cachedModule(JSON.stringify({ ajv: AJV_VERSION, options: AJV_OPTIONS, extension: name, schema }), () => {
      ajv ??= new Ajv2020(AJV_OPTIONS);
      const value = ajv.compile(schema);
      return { source: standaloneCode(ajv, value), value };
    });
    validators.set(name, validate);
  }
  return validate;
}

/** An ajv finding as a reader of the document says it: where inside the value, and what is wrong. */
function describe(error: ErrorObject): string {
  const where = error.instancePath
    .split('/')
    .slice(1)
    .map(decodePointerToken)
    .map((token) => (/^\d+$/.test(token) ? `[${token}]` : `.${token}`))
    .join('');
  if (error.keyword === 'required') return `${where}.${String((error.params as { missingProperty: string }).missingProperty)}: is missing`;
  const meaning = error.keyword === 'pattern' ? PATTERN_MEANINGS[(error.params as { pattern: string }).pattern] : undefined;
  if (meaning !== undefined) return `${where}: ${meaning}`;
  if (error.keyword === 'enum') return `${where}: must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return `${where}: ${error.message ?? 'is not valid'}`;
}

/**
 * The value of extension `name` on `holder` (an operation, schema, document …, at JSON pointer
 * `pointer`), checked; undefined when absent, or when it does not match its definition, which
 * adds a located warning to `diagnostics`.
 */
export function readExtension<K extends ExtensionName>(name: K, holder: Readonly<Record<string, unknown>> | undefined, pointer: string, diagnostics: Diagnostic[]): ExtensionValues[K] | undefined {
  const raw = holder?.[name];
  if (raw === undefined) return undefined;
  const validate = validatorOf(name);
  if (validate(raw)) return raw as ExtensionValues[K];
  diagnostics.push({ level: 'warning', pointer: `${pointer}/${name}`, message: `${name}${describe(validate.errors![0]!)}; ${EXTENSION_SCHEMAS[name].otherwise} (specs/README.md defines ${name})` });
  return undefined;
}
