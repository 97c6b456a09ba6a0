/**
 * Error answers that keep the document: the server runtime writes a problem in the document's
 * error envelope, whose fields are named as the document names them but typed as the runtime
 * types them (`code: 'validation_error'` where `code` is an integer) and which lacks what the
 * envelope does not know of (a required `errors` array). The mock answers the status the
 * operation declares (the plan's `errorStatuses`) with a seeded error body of that response,
 * keeping each envelope field the schema accepts there.
 */
import { statusKey, type OperationSpec, type Validator } from '@svc/runtime';
import { fastAccepts, type ProblemConformer, type ServerOptions } from '@svc/server-runtime';
import type { MockFixtures } from './engine.js';
import { propertyValidator } from './field-schemas.js';
import { isRecord } from './paths.js';
import type { MockPlan } from './plan.js';

/** Seeds tried for an error body the envelope's fields fit. */
const ERROR_SEEDS = 8;

export function problemConformer(
  operations: Readonly<Record<string, OperationSpec>>,
  plan: MockPlan,
  fixtures: MockFixtures,
): ProblemConformer {
  /** The envelope's value of `field`, or another one of the problem's that the field's schema takes. */
  const fieldValue = (schema: Validator, field: string, value: unknown, status: number): unknown => {
    const validator = propertyValidator(schema, [field]);
    if (!validator) return value;
    const accepts = fastAccepts(validator);
    if (accepts(value)) return value;
    // An integer `code` or `status` beside a text id: the HTTP status, where the field takes it.
    if (accepts(status)) return status;
    return undefined;
  };

  return {
    status: (operationId, status) => plan.operations[operationId]?.errorStatuses?.[String(status)] ?? status,
    body(operationId, status, body) {
      const op = operations[operationId];
      const key = op ? statusKey(op.responses, status) : undefined;
      // A status the operation does not declare (it declares no error at all): the envelope as it is.
      if (!op || key === undefined) return body;
      const schema = op.responses[key];
      // A declared error without a JSON body: its status alone.
      if (!schema) return op.responseMediaTypes?.[key] === undefined ? undefined : body.message;
      const accepts = fastAccepts(schema);
      if (accepts(body)) return body;
      let fallback: unknown;
      for (let seed = 0; seed < ERROR_SEEDS; seed++) {
        let seeded: unknown;
        try {
          seeded = fixtures.response(operationId, key, seed);
        } catch {
          continue;
        }
        if (!isRecord(seeded)) {
          if (seeded !== undefined && accepts(seeded)) return seeded;
          continue;
        }
        fallback ??= seeded;
        const out: Record<string, unknown> = { ...seeded };
        for (const field of Object.keys(body)) {
          const value = fieldValue(schema, field, body[field], status);
          if (value === undefined) continue;
          const before = out[field];
          out[field] = value;
          // A field the schema does not judge alone (a union's, an unknown one) stays only if the whole still passes.
          if (!propertyValidator(schema, [field]) && !accepts(out)) {
            if (before === undefined) delete out[field];
            else out[field] = before;
          }
        }
        if (accepts(out)) return out;
      }
      return fallback ?? body;
    },
  };
}

/** Where the mock tells of its own failures: the console's error stream, unless the options say otherwise. */
const logFailure = (line: string): void => {
  console.error(`mock: ${line}`);
};

/**
 * The server options a generated mock runs its router with: answers checked against the
 * document, error answers kept to it, and every 500 logged with the operation and its reason
 * (a mock that fails quietly looks like an API that does).
 */
export function mockServerOptions(
  operations: Readonly<Record<string, OperationSpec>>,
  plan: MockPlan,
  fixtures: MockFixtures,
): ServerOptions {
  return {
    validateResponses: true,
    problems: problemConformer(operations, plan, fixtures),
    onError: (error, operationId) =>
      logFailure(
        `${operationId ?? '(no operation)'} answered 500: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
    onInvalidResponse: ({ operationId, status, issues }) =>
      logFailure(
        `${operationId} answered 500: its ${status} answer does not fit the document (${issues
          .slice(0, 3)
          .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
          .join('; ')})`,
      ),
  };
}
