export {
  createMockEngine,
  freshId,
  type Behaviour,
  type CreateHook,
  type MockCall,
  type MockEngine,
  type MockEngineOptions,
  type MockFixtures,
  type MockWebhooks,
} from './engine.js';
export {
  generateWebhookKeys,
  importWebhookKey,
  WebhookDispatcher,
  type WebhookDelivery,
  type WebhookDispatcherOptions,
} from './webhooks.js';
export type * from './plan.js';
export { Collection, MockStore, Tenant, type DeferredEntry, type Resource } from './store.js';
export { getAt, hashSeed, setAt, shallowCopy, withAt } from './paths.js';
export { paginate, type Page } from './paginate.js';
export {
  CredentialRegistry,
  defaultCredentials,
  MOCK_BASIC_USER,
  schemeCredentials,
  type MockCredentials,
} from './credentials.js';
export { conditionHolds, parseCondition, type Condition } from './conditions.js';
export { mayVary, propertyValidator } from './field-schemas.js';
export { mockServerOptions, problemConformer } from './problems.js';
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
} from './handlers.js';
