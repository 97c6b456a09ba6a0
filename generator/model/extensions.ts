/**
 * The project's extensions (specs/README.md) that the model reads, each as a schema that
 * mirrors its definition there, read through one function with one policy: a value that does
 * not match is a located warning saying what the extension needs and what happens without it,
 * and the model goes on as if it were absent. Fields the definition marks as prose
 * (`description`, `rules`, `signature`) are allowed and not read.
 */
import * as z from 'zod';
import type { Diagnostic } from './types.js';

const positiveInteger = z.number().int().positive();
const httpStatus = z.number().int().min(100).max(599);
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name');

export const EXTENSION_SCHEMAS = {
  'x-idempotency': {
    schema: z.object({ field: z.string().min(1), in: z.enum(['body', 'header']).optional(), maxLength: positiveInteger.optional() }),
    otherwise: 'the client sends no idempotency key and retries no unsafe request',
  },
  'x-versioning': {
    schema: z.object({ header: headerName.optional(), format: z.enum(['date', 'semver', 'path']).optional(), current: z.string().min(1).optional(), missingWarning: z.string().min(1).optional() }),
    otherwise: 'clients pin no version',
  },
  'x-hmac-signature': {
    schema: z.object({
      algorithm: z.literal('HMAC-SHA256').optional(),
      encoding: z.enum(['hex', 'base64']).optional(),
      keyHeader: headerName,
      signatureHeader: headerName,
      timestampHeader: headerName,
      timestampUnit: z.enum(['seconds', 'milliseconds']).optional(),
      message: z.array(z.enum(['timestamp', 'method', 'requestPath', 'body'])).min(1).optional(),
      maxSkewSeconds: z.number().positive().optional(),
      serverTimeOperation: z.string().min(1).optional(),
      serverTimeField: z.string().min(1).optional(),
    }),
    otherwise: 'requests are not signed',
  },
  'x-two-factor': {
    schema: z.object({ status: httpStatus.optional(), errorId: z.string().optional(), header: headerName }),
    otherwise: 'clients do not ask for a second factor',
  },
  'x-token-refresh': {
    schema: z.object({ status: httpStatus.optional(), errorIds: z.array(z.string()).optional() }),
    otherwise: 'clients refresh on 401 `expired_token`',
  },
  'x-delivery': {
    schema: z.object({ signatureHeader: headerName.optional(), retryIntervalSeconds: z.number().positive().optional(), retryForSeconds: z.number().positive().optional() }),
    otherwise: 'webhooks are delivered unsigned, without retries',
  },
  'x-hosted-flows': {
    schema: z.array(
      z.object({
        name: z.string().min(1),
        server: z.string().min(1),
        default: z.string().optional(),
        path: z.string().startsWith('/'),
        query: z.array(z.object({ name: z.string().min(1), required: z.boolean().optional(), description: z.string().optional() })).optional(),
        description: z.string().optional(),
      }),
    ),
    otherwise: 'no hosted flow gets a URL builder',
  },
  'x-languages': {
    schema: z.array(z.string().min(1)).min(1),
    otherwise: 'the language header is not negotiated from it',
  },
  'x-cadence': {
    schema: z.object({ intervalMs: z.number().positive().optional() }),
    otherwise: 'the message has no cadence',
  },
  'x-subscribe-channel': {
    schema: z.string().min(1),
    otherwise: 'the message belongs to the channel it names',
  },
} as const;

export type ExtensionName = keyof typeof EXTENSION_SCHEMAS;
export type ExtensionValue<K extends ExtensionName> = z.infer<(typeof EXTENSION_SCHEMAS)[K]['schema']>;

/** Where an issue is, inside the extension's value (`[0].path`, `.keyHeader`). */
const issuePath = (path: readonly PropertyKey[]): string => path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');

/**
 * The value of extension `name` on `holder` (an operation, schema, document …, at JSON pointer
 * `pointer`), parsed; undefined when absent, or when it does not match its definition, which
 * adds a located warning to `diagnostics`.
 */
export function readExtension<K extends ExtensionName>(name: K, holder: Readonly<Record<string, unknown>> | undefined, pointer: string, diagnostics: Diagnostic[]): ExtensionValue<K> | undefined {
  const raw = holder?.[name];
  if (raw === undefined) return undefined;
  const { schema, otherwise } = EXTENSION_SCHEMAS[name];
  const parsed = (schema as z.ZodType).safeParse(raw);
  if (parsed.success) return parsed.data as ExtensionValue<K>;
  const issue = parsed.error.issues[0]!;
  const where = issuePath(issue.path);
  const expected = issue.code === 'invalid_type' && raw !== null && typeof raw === 'object' && issue.path.length > 0 && issue.input === undefined ? 'is missing' : issue.message;
  diagnostics.push({ level: 'warning', pointer: `${pointer}/${name}`, message: `${name}${where}: ${expected}; ${otherwise} (specs/README.md defines ${name})` });
  return undefined;
}
