/**
 * Target `feed-client` (AsyncAPI documents with subscription channels): `src/client.ts`, a
 * typed WebSocket client on the runtime's `FeedClient`. Which channels exist, what a
 * subscription takes (product ids required, optional or absent; a JWT), what each channel
 * delivers and how often, all come from the model.
 */
import { Scope, StructureKind, VariableDeclarationKind } from '../../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import { jsDoc, literal, objectLiteral, propertyKey, stringLiteral } from '../../util/text.js';
import { printSourceFile } from '../../util/ts.js';
import { generatedHeader, type Target } from '../target.js';
import { importsFor } from '../../print/symbols.js';

export const feedClientTarget: Target = {
  appliesTo: (model, plans) => model.kind === 'asyncapi' && plans.feed.channels.length > 0,
  run(context) {
    const { model, sourceLabel } = context;
    const im = importsFor(context, './client.js');
    const plan = context.plans.feed;
    const className = model.entryNames.connection;
    const channels = [...plan.channels].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const union = (names: string[]): string => (names.length > 0 ? names.map((name) => im.type(name)).join(' | ') : 'never');
    const [anyMessage, options] = [im.type('AnyServerMessage'), im.type('FeedClientOptions')];
    const subscribeOptions = (productIds: string): string =>
      productIds === 'required' ? '{ product_ids: readonly string[] }' : productIds === 'optional' ? '{ product_ids?: readonly string[] }' : 'Record<string, never>';
    const specEntries: [string, string][] = [
      [
        'channels',
        objectLiteral(
          channels.map((c) => [
            c.name,
            literal({ name: c.name, messageChannel: c.messageChannel, productIds: c.productIds, jwt: c.jwt, ...(c.cadenceMs !== undefined ? { cadenceMs: c.cadenceMs } : {}) }),
          ]),
        ),
      ],
      ...(plan.bookChannel ? [['bookChannel', stringLiteral(plan.bookChannel)] as [string, string]] : []),
      ...(plan.heartbeatChannel ? [['heartbeatChannel', stringLiteral(plan.heartbeatChannel)] as [string, string]] : []),
      ...(plan.ackChannel ? [['ackChannel', stringLiteral(plan.ackChannel)] as [string, string]] : []),
      ['parse', im.value('parseFeedMessage')],
    ];
    const publicChannels = channels.filter((c) => c.jwt !== 'required').map((c) => stringLiteral(c.name));
    // Printed first, so that the imports are known when they are declared above them.
    const statements: StatementStructures[] = [
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        docs: ['The channels of the feed as the client runtime uses them: subscription and message names, what a subscription takes, cadences.'],
        declarations: [{ name: 'feedSpec', type: `${im.type('FeedSpec')}<${anyMessage}>`, initializer: objectLiteral(specEntries) }],
      },
      {
        kind: StructureKind.Interface,
        name: 'FeedChannelMessages',
        isExported: true,
        docs: ['What each channel delivers, by the name it is subscribed with.'],
        properties: channels.map((c) => ({ name: propertyKey(c.name), type: union(c.messageTypes) })),
      },
      {
        kind: StructureKind.Interface,
        name: 'FeedSubscribeOptions',
        isExported: true,
        docs: ['What a subscription to each channel takes besides its name (the JWT comes from the `jwt` option).'],
        properties: channels.map((c) => ({ name: propertyKey(c.name), type: subscribeOptions(c.productIds), docs: c.jwt === 'required' ? ['Needs a JWT: only a client made with a `jwt` provider can subscribe.'] : [] })),
      },
      { kind: StructureKind.TypeAlias, name: 'FeedChannelName', isExported: true, type: 'keyof FeedChannelMessages' },
      { kind: StructureKind.TypeAlias, name: 'FeedPublicChannel', isExported: true, docs: ['Channels that need no JWT.'], type: publicChannels.length > 0 ? publicChannels.join(' | ') : 'never' },
      {
        kind: StructureKind.TypeAlias,
        name: 'AllowedChannel',
        isExported: true,
        typeParameters: ['O'],
        docs: ['The channels a client made with options `O` may subscribe to: all of them with a `jwt` provider, else the public ones.'],
        type: 'O extends { jwt: () => unknown } ? FeedChannelName : FeedPublicChannel',
      },
      {
        kind: StructureKind.TypeAlias,
        name: 'SubscribeArgs',
        isExported: true,
        typeParameters: [{ name: 'C', constraint: 'FeedChannelName' }],
        type: 'Record<string, never> extends FeedSubscribeOptions[C] ? [options?: FeedSubscribeOptions[C]] : [options: FeedSubscribeOptions[C]]',
      },
      {
        kind: StructureKind.Class,
        name: className,
        isExported: true,
        typeParameters: [{ name: 'O', constraint: options, default: options }],
        extends: `${im.value('FeedSocketClient')}<${anyMessage}>`,
        docs: [
          jsDoc(
            `A connection to ${model.title}: typed subscriptions restored after every reconnect, messages by channel, sequence and heartbeat checks${plan.bookChannel ? `, and order books kept from \`${plan.bookChannel}\`` : ''}.`,
            `@example\nconst feed = new ${className}({ url: 'wss://…', WebSocket }); // WebSocket from 'ws' on Node 20\nawait feed.connect();\nawait feed.subscribe('${channels.find((c) => c.productIds === 'required')?.name ?? channels[0]!.name}'${channels.find((c) => c.productIds === 'required') ? ", { product_ids: ['BTC-USD'] }" : ''});`,
          )!,
        ],
        ctors: [{ parameters: [{ name: 'options', type: 'O' }], statements: ['super(feedSpec, options);'] }],
        methods: [
          {
            name: 'subscribe',
            scope: Scope.Public,
            typeParameters: [{ name: 'C', constraint: 'AllowedChannel<O>' }],
            parameters: [
              { name: 'channel', type: 'C' },
              { name: 'args', isRestParameter: true, type: 'SubscribeArgs<C>' },
            ],
            returnType: 'Promise<void>',
            docs: ['Subscribes to a channel (again after every reconnect); product ids add to those already subscribed.'],
            statements: ["const options = args[0] as { product_ids?: readonly string[] } | undefined;", 'return this.subscribeTo(channel, options?.product_ids);'],
          },
          {
            name: 'unsubscribe',
            scope: Scope.Public,
            parameters: [
              { name: 'channel', type: 'FeedChannelName' },
              { name: 'productIds', type: 'readonly string[]', hasQuestionToken: true },
            ],
            returnType: 'Promise<void>',
            docs: ['Unsubscribes from some product ids of a channel, or from the whole channel.'],
            statements: ['return this.unsubscribeFrom(channel, productIds);'],
          },
          {
            name: 'messages',
            scope: Scope.Public,
            typeParameters: [{ name: 'C', constraint: 'FeedChannelName' }],
            parameters: [{ name: 'channel', type: 'C' }],
            returnType: 'AsyncIterableIterator<FeedChannelMessages[C]>',
            docs: ['The messages of a channel, for `for await`; a slow consumer drops its oldest messages (reported as `dropped`), never holding up the others.'],
            statements: ['return this.channelMessages(channel) as AsyncIterableIterator<FeedChannelMessages[C]>;'],
          },
          {
            name: 'onMessage',
            scope: Scope.Public,
            typeParameters: [{ name: 'C', constraint: 'FeedChannelName' }],
            parameters: [
              { name: 'channel', type: 'C' },
              { name: 'listener', type: '(message: FeedChannelMessages[C]) => void' },
            ],
            returnType: '() => void',
            docs: ['Calls `listener` with every message of a channel; returns a function that stops it.'],
            statements: [`return this.onChannelMessage(channel, listener as (message: ${anyMessage}) => void);`],
          },
        ],
      },
    ];
    return [{ path: 'src/client.ts', contents: printSourceFile(generatedHeader(sourceLabel), { statements: [...im.declarations(), ...statements] }), barrel: true }];
  },
};
