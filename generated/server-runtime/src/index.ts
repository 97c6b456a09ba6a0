// Copied from templates/server-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** `@svc/server-runtime`: what generated server stubs and mocks build on. */
export type * from './types.js';
export {
  authenticate,
  requireScopes,
  timingSafeEqual,
  type ApiKeyRecord,
  type AuthHooks,
  type AuthRequest,
  type BearerRecord,
  type BearerRefusal,
  type Principal,
} from './auth.js';
export { negotiateLanguage, parseLanguageRanges } from './language.js';
// In the client runtime since streamed responses check their items with them too; here as before.
export { fastAccepts, fastParsesToItself } from '@svc/runtime';
export {
  bracketTree,
  coerceText,
  coerceTree,
  parseCookies,
  parseHeaderValue,
  parsePathValue,
  parseQueryValue,
} from './parse.js';
export { HttpProblem, problemBody, type FieldProblem } from './problems.js';
export { RateLimiter, type RateDecision } from './rate-limit.js';
export { RouteTable, type RouteMatch } from './route-table.js';
export {
  createRouter,
  InvalidResponse,
  NodeHeaders,
  routerCoreOf,
  type Answer,
  type CorsOptions,
  type Exchange,
  type HandlerContext,
  type HandlerReply,
  type OperationHandler,
  type ProblemConformer,
  type RequestHeaders,
  type RouterCore,
  type ServerOptions,
  type TwoFactorCheck,
} from './router.js';
export { serveNode, type RunningServer } from './node.js';
export { frameItem, isAsyncIterable, RawFrame, streamBody, toAsyncIterable } from './stream.js';
