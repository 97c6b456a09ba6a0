/**
 * Target `webhooks`: `createWebhookReceiver`, a Fetch-API handler that verifies a delivery (when
 * configured), matches it to its webhook, validates its payload and calls that webhook's typed
 * handler; `webhookRoute` mounts it in Hono. The receiver itself is the runtime's
 * (`@svc/runtime/receiver`); this module describes the document's webhooks to it.
 */
import { StructureKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import type { ApiModel, OperationModel, WebhookSignatureModel } from '../../model/types.js';
import { ModuleImports, runtimeSubpath } from '../../print/symbols.js';
import { jsDoc, literal, objectLiteral, propertyKey, stringLiteral, valueKey } from '../../util/text.js';
import { exportedConst, printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target, type TargetContext } from '../target.js';

/** The runtime's receiver exports this module prints, with the name each is printed under. */
const RECEIVER_EXPORTS: readonly (readonly [printed: string, exported: string])[] = [
  ['createReceiver', 'createReceiver'],
  ['webhookRoute', 'webhookRoute'],
  ['ReceiverHandlers', 'WebhookHandlers'],
  ['ReceiverOptions', 'WebhookReceiverOptions'],
  ['WebhookContext', 'WebhookContext'],
  ['WebhookHandler', 'WebhookHandler'],
  ['WebhookMatch', 'WebhookMatch'],
  ['WebhookReceiver', 'WebhookReceiver'],
  ['WebhookReceiverSpec', 'WebhookReceiverSpec'],
  ['WebhookVerification', 'WebhookVerification'],
];

/** The scheme the package's receivers are told to expect: the document's, or the one `--option webhooks.signature` names. */
export function signatureOf(model: ApiModel, option: string | undefined): WebhookSignatureModel | undefined {
  if (option === 'none') return undefined;
  if (option === 'standard') return model.webhookSignature?.scheme === 'standard' ? model.webhookSignature : { scheme: 'standard', source: 'x-delivery' };
  return model.webhookSignature;
}

/** The webhook's JSON body: its first media type, which its validator (`validators.body`) and its body type describe. */
const jsonBodyOf = (op: OperationModel) => (op.requestBody?.contents[0]?.json ? op.requestBody.contents[0] : undefined);

/** `.name`, or `['name']` where the key is no identifier. */
const member = (key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${stringLiteral(key)}]`);

export const webhooksTarget: Target = {
  appliesTo: (model) => model.kind === 'openapi' && model.webhooks.length > 0,
  readmeData: ({ model, options }) => {
    const signature = signatureOf(model, options?.['signature']);
    const example = model.webhooks.find((op) => jsonBodyOf(op)) ?? model.webhooks[0]!;
    return {
      webhookCount: model.webhooks.length,
      exampleWebhook: valueKey(example.operationId),
      exampleName: example.path,
      matchProperty: model.webhookMatch?.property,
      standard: signature?.scheme === 'standard',
      xDelivery: signature?.scheme === 'x-delivery' ? { header: signature.header } : undefined,
      signed: signature !== undefined,
    };
  },
  run(context) {
    return [{ path: 'src/webhooks.ts', contents: webhooksModule(context) }];
  },
};

function webhooksModule(context: TargetContext): string {
  const { model, sourceLabel, runtimePackage, options } = context;
  const table = context.symbols;
  const receiverModule = runtimeSubpath(runtimePackage, 'receiver');
  for (const [printed, exported] of RECEIVER_EXPORTS) table.define(printed, receiverModule, exported);
  const im = new ModuleImports(table, './webhooks.js');
  const signature = signatureOf(model, options?.['signature']);
  const match = model.webhookMatch;

  const payloads = 'WebhookPayloads';
  const entries = model.webhooks.map((op) => {
    const fields: [string, string][] = [
      ['name', stringLiteral(op.path)],
      ['method', stringLiteral(op.method)],
      ...(jsonBodyOf(op) ? ([['body', `${im.value('webhooks')}${member(op.operationId)}.validators.body`]] as [string, string][]) : []),
    ];
    return [op.operationId, objectLiteral(fields)] as const;
  });
  const spec = objectLiteral([
    ['webhooks', objectLiteral(entries)],
    ...(match ? ([['match', literal({ property: match.property, values: match.values })]] as [string, string][]) : []),
    ...(signature ? ([['signature', literal(signature.scheme === 'x-delivery' ? { scheme: 'x-delivery', header: signature.header } : { scheme: 'standard' })]] as [string, string][]) : []),
  ]);
  const matchDoc = match
    ? `A delivery is matched to its webhook by the body's \`${match.property}\`, which each payload pins to a value of its own.`
    : model.webhooks.length > 1
      ? 'No body property tells these webhooks apart: a receiver is given `match` (the last path segment, or a header, naming the webhook).'
      : 'Every delivery is this one webhook.';
  const signatureDoc =
    signature?.scheme === 'standard'
      ? 'The document signs its webhooks the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`).'
      : signature?.scheme === 'x-delivery'
        ? `The document signs its webhooks with RSA (PKCS#1 v1.5, SHA-256) in \`${signature.header}\` (\`x-delivery\`).`
        : 'The document says nothing of signatures.';

  const statements: StatementStructures[] = [
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: receiverModule, namedExports: ['webhookRoute'] },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: receiverModule, isTypeOnly: true, namedExports: ['WebhookContext', 'WebhookHandler', 'WebhookMatch', 'WebhookReceiver', 'WebhookVerification'] },
    {
      kind: StructureKind.Interface,
      name: payloads,
      isExported: true,
      docs: ["The payload of each webhook, by operationId: its body's type, which its handler receives once validated."],
      properties: model.webhooks.map((op) => ({
        name: propertyKey(op.operationId),
        type: jsonBodyOf(op) ? im.type(op.names.body) : 'undefined',
        docs: [jsDoc(`\`${op.path}\`${op.summary ? `: ${op.summary}` : ''}.`)!],
      })),
    },
    exportedConst(
      'webhookReceiverSpec',
      `${spec} as const satisfies ${im.type('WebhookReceiverSpec')}<${payloads}>`,
      jsDoc(`What a receiver knows of the document's webhooks: each one's name, method and body validator. ${matchDoc} ${signatureDoc}`),
    ),
    {
      kind: StructureKind.TypeAlias,
      name: 'WebhookHandlers',
      isExported: true,
      docs: ['A handler per webhook, by operationId, each typed by its payload.'],
      type: `${im.type('ReceiverHandlers')}<${payloads}>`,
    },
    optionsDeclaration({
      base: `${im.type('ReceiverOptions')}<${payloads}>`,
      docs: signature
        ? "The receiver's handlers and how it checks the sender: `verify` is required since the document signs its webhooks (`false` to skip the check, in a test)."
        : "The receiver's handlers and how it checks the sender (`verify`: a Standard Webhooks `secret` or an RSA `publicKey`).",
      required: [
        ...(signature ? [{ name: 'verify', type: `${im.type('WebhookVerification')} | false` }] : []),
        // Nothing in the body tells these webhooks apart: the path or a header must.
        ...(!match && model.webhooks.length > 1 ? [{ name: 'match', type: `Exclude<${im.type('WebhookMatch')}, 'body'>` }] : []),
      ],
    }),
    {
      kind: StructureKind.Function,
      name: 'createWebhookReceiver',
      isExported: true,
      docs: [
        jsDoc(
          `A Fetch-API handler of ${model.title}'s webhooks: verifies a delivery (when \`verify\` is given), matches it to its webhook, validates its payload and calls that webhook's handler; an unknown or invalid delivery is refused with a JSON error (4xx), a handler's failure is a 500 that does not show it.`,
          `@example\nconst receive = ${'createWebhookReceiver'}({\n  handlers: { ${valueKey(model.webhooks[0]!.operationId)}: async (payload, context) => console.log(context.name, payload) },\n${
            signature?.scheme === 'standard' ? "  verify: { secret: process.env['WEBHOOK_SECRET']! },\n" : signature?.scheme === 'x-delivery' ? "  verify: { publicKey: process.env['WEBHOOK_PUBLIC_KEY']! },\n" : ''
          }});\nBun.serve({ fetch: receive });`,
        )!,
      ],
      parameters: [{ name: 'options', type: 'WebhookReceiverOptions' }],
      returnType: im.type('WebhookReceiver'),
      statements: [`return ${im.value('createReceiver')}(webhookReceiverSpec, options);`],
    },
  ];
  return printSourceFile(generatedHeader(sourceLabel), { statements: [...im.declarations(), ...statements] });
}

/** `WebhookReceiverOptions`: the runtime's options, with the ones this document makes required; an alias when there are none. */
function optionsDeclaration({ base, docs, required }: { base: string; docs: string; required: { name: string; type: string }[] }): StatementStructures {
  if (required.length === 0) return { kind: StructureKind.TypeAlias, name: 'WebhookReceiverOptions', isExported: true, docs: [docs], type: base };
  return { kind: StructureKind.Interface, name: 'WebhookReceiverOptions', isExported: true, docs: [docs], extends: [base], properties: required };
}
