/**
 * Every target, in a typed map: a target that is declared here but missing does not
 * compile. Order matters only for readability of summaries; each reads the model alone.
 */
import { clientTarget } from './client/index.js';
import { feedClientTarget } from './feed-client/index.js';
import { feedTarget } from './feed/index.js';
import { fixturesTarget } from './fixtures/index.js';
import { hostedFlowsTarget } from './hosted-flows/index.js';
import { mockTarget } from './mock/index.js';
import { operationsTarget } from './operations/index.js';
import { packageTarget } from './package/index.js';
import { serverTarget } from './server/index.js';
import type { Target } from './target.js';
import { typesTarget } from './types/index.js';
import { zodTarget } from './zod/index.js';

export type TargetName = 'types' | 'zod' | 'operations' | 'client' | 'hosted-flows' | 'feed' | 'feed-client' | 'server' | 'fixtures' | 'mock' | 'package';

export const targets: Record<TargetName, Target> = {
  types: typesTarget,
  zod: zodTarget,
  operations: operationsTarget,
  client: clientTarget,
  'hosted-flows': hostedFlowsTarget,
  feed: feedTarget,
  'feed-client': feedClientTarget,
  server: serverTarget,
  fixtures: fixturesTarget,
  mock: mockTarget,
  package: packageTarget,
};
