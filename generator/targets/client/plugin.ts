/** Declaration of target `client` (its code: ./index.ts). */
import { FORMAT_CHECKS } from '../../model/formats.js';
import { hasStreamFunction, PAGE_ITERATOR, STREAM_FUNCTION } from '../../model/operation-kinds.js';
import { OPERATION_FEATURES } from '../runtimes.js';
import type { TargetPlugin } from '../target.js';

/** The key of the per-operation name rule that names each operation's call (`getSpotPriceCall`, in `src/calls.ts`). */
export const CALL_NAME = 'call';

/** Whether the client target writes validators (`--option client.validation=`, `lean` by default). */
export const clientValidates = (options: Readonly<Record<string, string>> | undefined): boolean => options?.validation !== 'none';

/** What the client module re-exports from the runtime, so that callers need one import: values, then types. */
export const CLIENT_RUNTIME_EXPORTS = ['ApiError', 'NetworkError', 'RequestValidationError', 'ResponseValidationError', 'StreamError', 'TimeoutError', 'toRequestInput'] as const;
export const CLIENT_RUNTIME_TYPE_EXPORTS = ['ApiResult', 'ApiWarning', 'CallOptions', 'ClientOptions', 'HttpClient', 'OperationApiError'] as const;

export const clientPlugin: TargetPlugin = {
  name: 'client',
  part: 'client',
  needs: ['types', 'operations'],
  entryPoint: 'client',
  // `http` and `constructor` are members of every group class, where operations become methods.
  // Then what `src/calls.ts` imports: the lean builders' namespace, the runtime's format checks, the spec type.
  defines: { './client.js': ['createClient', 'isOperationError', 'OperationErrors'] },
  declares: [...CLIENT_RUNTIME_EXPORTS, ...CLIENT_RUNTIME_TYPE_EXPORTS, 'HttpClient', 'Client', 'callOperation', 'iterateOperation', 'streamOperation', 'http', 'constructor', 'lean', 'OperationSpec', ...Object.values(OPERATION_FEATURES), ...Object.values(FORMAT_CHECKS)],
  operationNames: [
    { key: CALL_NAME, module: './calls.js', want: ({ camel }) => `${camel}Call` },
    // A paginated operation's method (and function) that walks every page.
    { key: PAGE_ITERATOR, module: './client.js', want: ({ pascal }) => `iterate${pascal}`, covers: (op) => op.pagination !== undefined },
    // An operation whose JSON answer has a stream beside it, and no body flag to ask for it: a second function, by `Accept`.
    { key: STREAM_FUNCTION, module: './client.js', want: ({ camel }) => `${camel}Stream`, covers: hasStreamFunction },
  ],
  options: {
    validation: {
      description:
        "what the client checks: `lean` (validators that need no zod, on responses by default and on requests when asked) or `none` (no validator is written or bundled; `validateResponses` and `validateRequests` then find nothing to check, and no lean validator is exported), for web apps that trust the API and count bytes",
      values: ['lean', 'none'],
      default: 'lean',
    },
  },
  readme: { exports: 'readme/client.exports.md.hbs', usage: 'readme/client.usage.md.hbs' },
  load: async () => (await import('./index.js')).clientTarget,
};
