/**
 * Target `mock`: `src/mock.ts`, a stateful mock server of an OpenAPI document. The plan
 * (roles, collections, pagination, state transitions) is worked out here from the model;
 * `@svc/mock-runtime` runs it on the server stub with the seeded fixtures.
 */
import { StructureKind, VariableDeclarationKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import { jsDoc, literal } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { importsFor } from '../../print/symbols.js';
import { streamAlternativeOf } from '../../model/operation-kinds.js';


export const mockTarget: Target = {
  // A document of webhooks alone gets them too: a mock with no routes, which sends its webhooks.
  appliesTo: (model) => model.kind === 'openapi' && (model.operations.length > 0 || model.webhooks.length > 0),
  run(context) {
    const { model, sourceLabel, plans } = context;
    const { createMock, mock: mockName, mockOptions } = model.entryNames;
    const im = importsFor(context, './mock.js');
    // The guesses are told to the user (`--explain`, the mock's start), not shipped.
    const { guesses: _guesses, ...plan } = plans.mock;
    // Every webhook can be sent (`sendWebhook`), those that carry a collection's resource also on its events.
    const hasWebhooks = model.webhooks.length > 0;
    const signatureHeader = model.webhookDelivery?.signatureHeader ?? 'X-Signature';
    const webhookNames = Object.fromEntries(model.webhooks.map((w) => [w.operationId, w.path]));
    // Every scope the document names: the mock's ready-made credentials carry them all.
    const scopes = new Set<string>();
    for (const scheme of model.securitySchemes) for (const scope of Object.keys(scheme.scopes)) scopes.add(scope);
    // Items of the streams operations offer beside their JSON answers, where any does.
    const streamItems = model.operations.some((op) => streamAlternativeOf(op) !== undefined) ? `, streamItem: ${im.value('streamItemFixture')}` : '';
    const fixturesStatement = `const fixtures = { response: ${im.value('responseFixture')}, schema: (key: string, seed: number) => ${im.value('fixture')}(key as keyof ${im.type('FixtureTypes')}, seed)${streamItems} };`;
    const [engine, operations] = [im.value('createMockEngine'), im.value('operations')];
    for (const op of model.operations) {
      for (const requirement of op.security) for (const list of Object.values(requirement)) for (const scope of list) scopes.add(scope);
      for (const list of Object.values(op.scopesByField?.scopes ?? {})) for (const scope of list) scopes.add(scope);
    }
    // Printed first, so that the imports are known when they are declared above them.
    const declarations: StatementStructures[] = [
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        docs: ['What the mock does with each operation and collection, planned from paths, methods, the shapes of answers, `x-pagination`, `x-idempotency`, `x-state-machine` and the `x-mock-*` extensions.'],
        // `as const`: an operation keyed `toString` or `valueOf` takes its contextual type from Object's member, not MockPlan's, and its role would widen to string.
        declarations: [{ name: 'mockPlan', type: im.type('MockPlan'), initializer: `${literal(plan)} as const` }],
      },
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        docs: ['Every scope the document names, sorted: what a credential needs to call every operation.'],
        declarations: [{ name: 'mockScopes', type: 'readonly string[]', initializer: literal([...scopes].sort()) }],
      },
      ...(hasWebhooks
        ? [
            {
              kind: StructureKind.VariableStatement as typeof StructureKind.VariableStatement,
              declarationKind: VariableDeclarationKind.Const,
              docs: ['The names of the webhooks the mock sends, by operationId.'],
              declarations: [{ name: 'webhookNames', type: 'Readonly<Record<string, string>>', initializer: literal(webhookNames) }],
            },
          ]
        : []),
      {
        kind: StructureKind.Interface,
        name: mockOptions,
        isExported: true,
        extends: [`Omit<${im.type('MockEngineOptions')}, 'fixtures' | 'webhooks'>`],
        properties: [
          { name: 'server', hasQuestionToken: true, type: im.type('ServerOptions'), docs: ['Options of the server stub under the mock (authentication hooks, two-factor, CORS); responses are validated unless `validateResponses: false`, error answers keep the document, and every 500 is logged to the console unless `onError` and `onInvalidResponse` are given.'] },
          ...(hasWebhooks
            ? [{ name: 'webhooks', hasQuestionToken: true, type: `Omit<${im.type('WebhookDispatcherOptions')}, 'signatureHeader'>`, docs: [jsDoc(`Where to send the document's webhooks (signed in \`${signatureHeader}\`) when resources are created or change state.`)!] }]
            : []),
        ],
      },
      {
        kind: StructureKind.Interface,
        name: mockName,
        isExported: true,
        properties: [
          { name: 'app', type: im.type('Hono'), isReadonly: true, docs: ['The Hono app: `app.fetch` answers requests; serve it with `serveNode`.'] },
          { name: 'store', type: im.type('MockStore'), isReadonly: true, docs: ['Everything the callers created, per credential; `store.reset()` forgets it.'] },
          ...(hasWebhooks
            ? [
                { name: 'webhooks', type: `${im.type('WebhookDispatcher')} | undefined`, isReadonly: true, docs: ['The webhook deliveries, when `options.webhooks` was given.'] },
                { name: 'sendWebhook', type: `(operationId: string, seed?: number) => Promise<${im.type('WebhookDelivery')}>`, isReadonly: true, docs: ['Sends a seeded payload of the webhook with this operationId, signed, to `options.webhooks.url` (retried as the dispatcher retries); refused without `options.webhooks`.'] },
              ]
            : []),
        ],
      },
      {
        kind: StructureKind.Function,
        name: createMock,
        isExported: true,
        docs: [
          jsDoc(
            `A stateful mock of ${model.title}: creates store resources that reads and lists return, lists page for real, idempotency keys return the first answer, and state machines move. Answers come from seeded fixtures, so the same calls give the same bodies.`,
          )!,
        ],
        parameters: [{ name: 'options', type: mockOptions, initializer: '{}' }],
        returnType: mockName,
        statements: [
          ...(hasWebhooks
            ? [
                'const { server, webhooks, ...engineOptions } = options;',
                `const dispatcher = webhooks ? new ${im.value('WebhookDispatcher')}({ ...webhooks, signatureHeader: ${literal(signatureHeader)} }) : undefined;`,
                fixturesStatement,
                `const engine = ${engine}(${operations}, mockPlan, { ...engineOptions, fixtures, ...(dispatcher ? { webhooks: { dispatcher, names: webhookNames } } : {}) });`,
              ]
            : ['const { server, ...engineOptions } = options;', fixturesStatement, `const engine = ${engine}(${operations}, mockPlan, { ...engineOptions, fixtures });`]),
          `const app = ${im.value('createRouter')}(${im.value('serverSpec')}, engine.handlers, { ...${im.value('mockServerOptions')}(${operations}, mockPlan, fixtures), ...server });`,
          ...(hasWebhooks
            ? [
                `const sendWebhook = async (operationId: string, seed = 0): Promise<${im.type('WebhookDelivery')}> => {`,
                '  const name = webhookNames[operationId];',
                '  if (name === undefined) throw new TypeError(`Unknown webhook ${operationId}`);',
                "  if (!dispatcher) throw new Error('sendWebhook needs options.webhooks: where to send them, and the key that signs them');",
                `  return dispatcher.send(name, ${im.value('webhookFixture')}(operationId, seed));`,
                '};',
                'return { app, store: engine.store, webhooks: dispatcher, sendWebhook };',
              ]
            : ['return { app, store: engine.store };']),
        ],
      },
    ];
    const statements: StatementStructures[] = [...im.declarations(), ...declarations];
    return [{ path: 'src/mock.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements }), barrel: false }];
  },
};
