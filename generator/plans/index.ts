/**
 * The plans stage: what several targets derive from the model, worked out once per run and
 * handed to every target in its context (`TargetContext.plans`). Each plan is computed when a
 * target first reads it, so a run whose targets need no mock plan computes none.
 */
import type { ApiModel } from '../model/types.js';
import { errorEnvelopeOf, operationEnvelopes, type ErrorEnvelope } from './envelope.js';
import { planFeed, type FeedPlan } from './feed.js';
import { planMock, type MockOverrides, type MockPlanModel } from './mock.js';
import { planValidatorTypes, type ValidatorTypePlan } from './validator-types.js';

/** Where the server answers its own errors: the document's envelope, and each operation's own where they differ. */
export interface ErrorEnvelopePlan {
  document: ErrorEnvelope;
  /** By operationId: the envelopes of its error responses by status key, where they differ from the document's. */
  operations: ReadonlyMap<string, Record<string, ErrorEnvelope>>;
}

/** The plans of one run's model; each read computes its plan on first use, then answers the same object. */
export interface Plans {
  /** Which validators get a declared type rather than an inferred one (zod, operations). */
  readonly validatorTypes: ValidatorTypePlan;
  /** The error envelopes the server stub answers in. */
  readonly errorEnvelopes: ErrorEnvelopePlan;
  /** The channels of an AsyncAPI feed (feed client). */
  readonly feed: FeedPlan;
  /** What the stateful mock does with each operation, with the guesses it made (mock, `--explain`). */
  readonly mock: MockPlanModel;
}

/** The plans of `model`, computed lazily, once each. `mockOverrides`: the options that replace the mock plan's guesses. */
export function createPlans({ model, mockOverrides }: { model: ApiModel; mockOverrides?: MockOverrides | undefined }): Plans {
  const once = <T>(compute: () => T): (() => T) => {
    let value: { of: T } | undefined;
    return () => (value ??= { of: compute() }).of;
  };
  const validatorTypes = once(() => planValidatorTypes(model));
  const errorEnvelopes = once((): ErrorEnvelopePlan => {
    const document = errorEnvelopeOf(model);
    const operations = new Map<string, Record<string, ErrorEnvelope>>();
    for (const op of model.operations) {
      const own = operationEnvelopes(model, op, document);
      if (own) operations.set(op.operationId, own);
    }
    return { document, operations };
  });
  const feed = once(() => planFeed(model));
  const mock = once(() => planMock(model, mockOverrides));
  return {
    get validatorTypes() {
      return validatorTypes();
    },
    get errorEnvelopes() {
      return errorEnvelopes();
    },
    get feed() {
      return feed();
    },
    get mock() {
      return mock();
    },
  };
}
