/**
 * Target `mock`: `src/mock.ts`, a stateful mock server of an OpenAPI document. The plan
 * (roles, collections, pagination, state transitions) is worked out here from the model;
 * `@svc/mock-runtime` runs it on the server stub with the seeded fixtures.
 */
import { StructureKind, VariableDeclarationKind } from '../../util/ts-morph.js';
import type { StatementStructures } from 'ts-morph';
import { jsDoc, literal } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { planMock } from '../../plans/mock.js';


export const mockTarget: Target = {
  appliesTo: (model) => model.kind === 'openapi' && model.operations.length > 0,
  run({ model, sourceLabel, serverRuntimePackage, mockRuntimePackage, mockOverrides }) {
    const { createMock, mock: mockName, mockOptions } = model.entryNames;
    // The guesses are told to the user (`--explain`, the mock's start), not shipped.
    const { guesses: _guesses, ...plan } = planMock(model, mockOverrides);
    const hasWebhooks = (plan.webhooks?.length ?? 0) > 0;
    const signatureHeader = model.webhookDelivery?.signatureHeader ?? 'X-Signature';
    const webhookNames = Object.fromEntries(model.webhooks.filter((w) => plan.webhooks?.some((p) => p.webhook === w.operationId)).map((w) => [w.operationId, w.path]));
    // Every scope the document names: the mock's ready-made credentials carry them all.
    const scopes = new Set<string>();
    for (const scheme of model.securitySchemes) for (const scope of Object.keys(scheme.scopes)) scopes.add(scope);
    for (const op of model.operations) {
      for (const requirement of op.security) for (const list of Object.values(requirement)) for (const scope of list) scopes.add(scope);
      for (const list of Object.values(op.scopesByField?.scopes ?? {})) for (const scope of list) scopes.add(scope);
    }
    const statements: StatementStructures[] = [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'hono', isTypeOnly: true, namedImports: ['Hono'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: mockRuntimePackage, namedImports: ['createMockEngine', ...(hasWebhooks ? ['WebhookDispatcher'] : [])] },
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: mockRuntimePackage,
        isTypeOnly: true,
        namedImports: ['MockEngineOptions', 'MockPlan', 'MockStore', ...(hasWebhooks ? ['WebhookDispatcherOptions'] : [])],
      },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: serverRuntimePackage, namedImports: ['createRouter'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: serverRuntimePackage, isTypeOnly: true, namedImports: ['ServerOptions'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './fixtures.js', namedImports: ['fixture', 'responseFixture'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './fixtures.js', isTypeOnly: true, namedImports: ['FixtureTypes'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './operations.js', namedImports: ['operations'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './server.js', namedImports: ['serverSpec'] },
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        docs: ['What the mock does with each operation and collection, planned from paths, methods, the shapes of answers, `x-pagination`, `x-idempotency`, `x-state-machine` and the `x-mock-*` extensions.'],
        // `as const`: an operation keyed `toString` or `valueOf` takes its contextual type from Object's member, not MockPlan's, and its role would widen to string.
        declarations: [{ name: 'mockPlan', type: 'MockPlan', initializer: `${literal(plan)} as const` }],
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
        extends: ["Omit<MockEngineOptions, 'fixtures' | 'webhooks'>"],
        properties: [
          { name: 'server', hasQuestionToken: true, type: 'ServerOptions', docs: ['Options of the server stub under the mock (authentication hooks, two-factor, CORS); responses are validated unless `validateResponses: false`.'] },
          ...(hasWebhooks
            ? [{ name: 'webhooks', hasQuestionToken: true, type: "Omit<WebhookDispatcherOptions, 'signatureHeader'>", docs: [jsDoc(`Where to send the document's webhooks (signed in \`${signatureHeader}\`) when resources are created or change state.`)!] }]
            : []),
        ],
      },
      {
        kind: StructureKind.Interface,
        name: mockName,
        isExported: true,
        properties: [
          { name: 'app', type: 'Hono', isReadonly: true, docs: ['The Hono app: `app.fetch` answers requests; serve it with `serveNode`.'] },
          { name: 'store', type: 'MockStore', isReadonly: true, docs: ['Everything the callers created, per credential; `store.reset()` forgets it.'] },
          ...(hasWebhooks ? [{ name: 'webhooks', type: 'WebhookDispatcher | undefined', isReadonly: true, docs: ['The webhook deliveries, when `options.webhooks` was given.'] }] : []),
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
                `const dispatcher = webhooks ? new WebhookDispatcher({ ...webhooks, signatureHeader: ${literal(signatureHeader)} }) : undefined;`,
                'const fixtures = { response: responseFixture, schema: (key: string, seed: number) => fixture(key as keyof FixtureTypes, seed) };',
                'const engine = createMockEngine(operations, mockPlan, { ...engineOptions, fixtures, ...(dispatcher ? { webhooks: { dispatcher, names: webhookNames } } : {}) });',
              ]
            : [
                'const { server, ...engineOptions } = options;',
                'const fixtures = { response: responseFixture, schema: (key: string, seed: number) => fixture(key as keyof FixtureTypes, seed) };',
                'const engine = createMockEngine(operations, mockPlan, { ...engineOptions, fixtures });',
              ]),
          'const app = createRouter(serverSpec, engine.handlers, { validateResponses: true, ...server });',
          hasWebhooks ? 'return { app, store: engine.store, webhooks: dispatcher };' : 'return { app, store: engine.store };',
        ],
      },
    ];
    return [{ path: 'src/mock.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements }), barrel: false }];
  },
};
