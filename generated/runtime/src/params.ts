// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * Generated clients take one flat record of parameters per operation; the operation's
 * parameter list says where each one travels.
 */
import type { OperationSpec, RequestInput } from './types.js';

export function toRequestInput(
  op: Pick<OperationSpec, 'parameters'>,
  params: object | undefined,
  body?: unknown,
): RequestInput {
  const input: RequestInput = {};
  const values = (params ?? {}) as Record<string, unknown>;
  for (const spec of op.parameters) {
    const value = values[spec.key ?? spec.name];
    if (value === undefined) continue;
    if (spec.in === 'path') (input.path ??= {})[spec.name] = value as string | number | boolean;
    else if (spec.in === 'query' || spec.in === 'querystring') (input.query ??= {})[spec.name] = value;
    else if (spec.in === 'header') (input.headers ??= {})[spec.name] = value;
    else (input.cookies ??= {})[spec.name] = value;
  }
  if (body !== undefined) input.body = body;
  return input;
}
