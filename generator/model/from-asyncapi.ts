/**
 * AsyncAPI 3.x -> ApiModel. The document is read from the client's side: messages of
 * `send` operations are the client's, messages of `receive` operations the server's.
 */
import { encodePointerToken } from '../load/locations.js';
import type { LoadedAsyncApi } from '../load/asyncapi.js';
import { refPointer } from '../load/references.js';
import { readExtension } from './extensions.js';
import { finishModel } from './finish.js';
import { componentSchemas, createSchemaContext, extensionsOf } from './from-openapi.js';
import { convertSchema, resolvePointer } from './schema.js';
import type { ApiModel, ChannelModel, MessageModel, NameRequests, SchemaNode, ServerModel } from './types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function asyncApiToModel(loaded: LoadedAsyncApi, name: string, names: NameRequests): ApiModel {
  const doc = loaded.document;
  const { ctx, external } = createSchemaContext({ document: doc, componentsPointer: '/components/schemas', legacy: false, references: loaded.references });
  const components = isObject(doc.components) ? doc.components : {};
  const info = isObject(doc.info) ? doc.info : {};

  const schemas = componentSchemas(components.schemas, ctx);

  /** Follows a `$ref` chain to the final pointer, so channel messages map to component messages. */
  const finalPointer = (value: unknown, pointer: string): string => {
    let node = value;
    let at = pointer;
    for (let i = 0; i < 20 && isObject(node) && typeof node.$ref === 'string'; i++) {
      at = refPointer(node.$ref);
      node = resolvePointer(doc, at);
    }
    return at;
  };

  /**
   * A payload is a schema, or a Multi Format Schema Object (`schemaFormat` + `schema`):
   * JSON Schema and AsyncAPI schema formats are read; others (Avro, RAML...) are opaque.
   */
  const payloadNode = (raw: unknown, pointer: string): SchemaNode => {
    if (!isObject(raw) || typeof raw.schemaFormat !== 'string' || !('schema' in raw)) return convertSchema(raw, pointer, ctx);
    if (/^application\/(vnd\.aai\.asyncapi|schema)(\+json|\+yaml)?(;|$)/.test(raw.schemaFormat)) return convertSchema(raw.schema, `${pointer}/schema`, ctx);
    ctx.diagnostics.push({ level: 'warning', pointer, message: `payload schema format ${raw.schemaFormat} is not read; the payload is typed unknown` });
    return { kind: 'unknown', pointer };
  };

  const direction = new Map<string, MessageModel['direction']>();
  for (const [, op] of Object.entries(isObject(doc.operations) ? doc.operations : {})) {
    if (!isObject(op)) continue;
    const side: MessageModel['direction'] = op.action === 'send' ? 'client' : 'server';
    for (const ref of Array.isArray(op.messages) ? op.messages : []) direction.set(finalPointer(ref, ''), side);
    const reply = isObject(op.reply) ? op.reply : undefined;
    for (const ref of reply && Array.isArray(reply.messages) ? reply.messages : [])
      direction.set(finalPointer(ref, ''), side === 'client' ? 'server' : 'client');
  }

  /**
   * Every message: those of `components.messages`, then those defined inline in a channel
   * (referenced by operations through the channel only), each under its final pointer.
   */
  const definitions: { key: string; pointer: string }[] = Object.keys(isObject(components.messages) ? components.messages : {}).map((key) => ({
    key,
    pointer: `/components/messages/${encodePointerToken(key)}`,
  }));
  const keyOfPointer = new Map(definitions.map((d) => [finalPointer(resolvePointer(doc, d.pointer), d.pointer), d.key]));
  for (const [channelKey, rawChannel] of Object.entries(isObject(doc.channels) ? doc.channels : {})) {
    const channel = isObject(rawChannel) ? rawChannel : {};
    for (const [messageKey, ref] of Object.entries(isObject(channel.messages) ? channel.messages : {})) {
      const pointer = finalPointer(ref, `/channels/${encodePointerToken(channelKey)}/messages/${encodePointerToken(messageKey)}`);
      if (keyOfPointer.has(pointer)) continue;
      const taken = new Set(keyOfPointer.values());
      let key = messageKey;
      for (let n = 2; taken.has(key); n++) key = `${messageKey}${n}`;
      keyOfPointer.set(pointer, key);
      definitions.push({ key, pointer });
    }
  }

  const messages: MessageModel[] = [];
  for (const { key, pointer } of definitions) {
    const at = finalPointer(resolvePointer(doc, pointer), pointer);
    const resolved = resolvePointer(doc, at);
    const message = isObject(resolved) ? resolved : {};
    const side = direction.get(at);
    if (!side) {
      ctx.diagnostics.push({ level: 'warning', pointer, message: `message ${key} is in no operation; it is left out of the client and server message unions` });
      continue;
    }
    const model: MessageModel = {
      key,
      name: typeof message.name === 'string' ? message.name : key,
      direction: side,
      payload: payloadNode(message.payload, `${at}/payload`),
      examples: (Array.isArray(message.examples) ? message.examples : []).filter(isObject).map((e) => e.payload),
      extensions: extensionsOf(message),
    };
    const subscribeChannel = readExtension('x-subscribe-channel', message, at, ctx.diagnostics);
    if (subscribeChannel !== undefined) model.subscribeChannel = subscribeChannel;
    const cadenceMs = readExtension('x-cadence', message, at, ctx.diagnostics)?.intervalMs;
    if (cadenceMs !== undefined) model.cadenceMs = cadenceMs;
    if (typeof message.title === 'string') model.title = message.title;
    if (typeof message.summary === 'string') model.summary = message.summary;
    if (typeof message.description === 'string') model.description = message.description;
    messages.push(model);
  }

  const channels: ChannelModel[] = Object.entries(isObject(doc.channels) ? doc.channels : {}).map(([key, raw]) => {
    const channel = isObject(raw) ? raw : {};
    return {
      key,
      ...(typeof channel.address === 'string' ? { address: channel.address } : {}),
      ...(typeof channel.description === 'string' ? { description: channel.description } : {}),
      messages: Object.entries(isObject(channel.messages) ? channel.messages : {}).map(
        ([messageKey, m]) => keyOfPointer.get(finalPointer(m, `/channels/${encodePointerToken(key)}/messages/${encodePointerToken(messageKey)}`)) ?? messageKey,
      ),
    };
  });

  const servers: ServerModel[] = Object.entries(isObject(doc.servers) ? doc.servers : {}).map(([, raw]) => {
    const server = isObject(raw) ? raw : {};
    const variables: ServerModel['variables'] = {};
    for (const [k, v] of Object.entries(isObject(server.variables) ? server.variables : {})) {
      if (isObject(v)) variables[k] = { default: String(v.default ?? '') };
    }
    const protocol = typeof server.protocol === 'string' ? server.protocol : 'wss';
    return {
      url: `${protocol}://${String(server.host ?? '')}${typeof server.pathname === 'string' ? server.pathname : ''}`,
      variables,
      protocol,
      ...(typeof server.description === 'string' ? { description: server.description } : {}),
    };
  });

  const model: ApiModel = {
    kind: 'asyncapi',
    name,
    source: loaded.source.file,
    title: typeof info.title === 'string' ? info.title : name,
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    servers,
    tags: [],
    schemas: [...schemas, ...external],
    operations: [],
    webhooks: [],
    securitySchemes: [],
    hostedFlows: [],
    client: { className: '', groups: [] },
    entryNames: { handlers: '', createServer: '', createMock: '', mock: '', mockOptions: '', connection: '' },
    definedNames: {},
    channels,
    messages,
    extensions: extensionsOf(doc),
    diagnostics: ctx.diagnostics,
  };
  if (typeof info.description === 'string') model.description = info.description;
  return finishModel(model, names);
}
