// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** Checking a request against the operation's validators before it is sent (opt-in). */
import type { z } from 'zod';
import { RequestValidationError } from './errors.js';
import type { OperationSpec, RequestInput } from './types.js';

/** The flat record of parameters the generated `…ParamsSchema` validators check (keys as the generated types name them). */
function flatParameters(op: OperationSpec, input: RequestInput): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  const byLocation = {
    path: input.path,
    query: input.query,
    querystring: input.query,
    header: input.headers,
    cookie: input.cookies,
  };
  for (const spec of op.parameters) {
    const value = byLocation[spec.in]?.[spec.name];
    if (value !== undefined) flat[spec.key ?? spec.name] = value;
  }
  return flat;
}

/** @throws RequestValidationError listing what is wrong with the parameters or the body. */
export function validateRequest(op: OperationSpec, input: RequestInput): void {
  const issues: { part: 'parameters' | 'body'; issue: z.core.$ZodIssue }[] = [];
  const parameters = op.validators.parameters?.safeParse(flatParameters(op, input));
  if (parameters && !parameters.success)
    issues.push(...parameters.error.issues.map((issue) => ({ part: 'parameters' as const, issue })));
  if (op.validators.body && (input.body !== undefined || op.requestBody?.required)) {
    const body = op.validators.body.safeParse(input.body);
    if (!body.success) issues.push(...body.error.issues.map((issue) => ({ part: 'body' as const, issue })));
  }
  if (issues.length > 0) throw new RequestValidationError({ operationId: op.operationId, issues });
}
