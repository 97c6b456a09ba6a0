/**
 * The mock runtime without its server (`@svc/mock-runtime/testing`): seeded fixtures and what
 * the MSW handlers answer with. A package's `./fixtures` and `./msw` import only this, so a
 * test or a web app that uses them loads no Hono, jose or node:http.
 */
export { validFixture, type FixtureForm, type FixtureNode, type FixtureValidator } from './fixtures/index.js';
export {
  carriesQuery,
  handlerAnswer,
  handlerUrl,
  basePathOf,
  requestForMock,
  type HandlerCall,
  type HandlerOptions,
  type HandlerOverride,
  type HandlerRequest,
  type RequestAnswerer,
  type SeededAnswer,
} from './mock/handlers.js';
