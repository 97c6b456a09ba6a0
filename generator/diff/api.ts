/**
 * Compares two models of one API: the document's own facts (version, servers, security
 * schemes, version header), its operations and webhooks, and an AsyncAPI document's
 * channels and messages. Both sides come through the generator's loader and model.
 */
import { encodePointerToken } from '../load/locations.js';
import type { ApiModel, MessageModel, SecuritySchemeModel } from '../model/types.js';
import { brief, ChangeCollector, type Change, type Scope } from './change.js';
import { OperationComparer } from './operations.js';
import { SchemaComparer, SchemaSide } from './schema.js';

export function diffApis(base: ApiModel, head: ApiModel, api: string = head.name): Change[] {
  const out = new ChangeCollector();
  const document: Scope = { api, subject: 'document', path: '' };
  if (base.kind !== head.kind) {
    out.report('api-kind-changed', document, { basePointer: '', headPointer: '' }, `the document changed from ${base.kind} to ${head.kind}`);
    return out.changes;
  }
  const schemas = new SchemaComparer(new SchemaSide(base), new SchemaSide(head), out);
  compareDocument(base, head, document, out);
  const operations = new OperationComparer(api, schemas, out);
  operations.compareAll(base.operations, head.operations, 'operation');
  operations.compareAll(base.webhooks, head.webhooks, 'webhook');
  compareChannels(base, head, api, schemas, out);
  schemas.finish();
  // A `draft` or `alpha` operation may change freely: its changes are listed, not gated, where
  // no stable operation shares them.
  for (const change of out.changes) {
    const subject = change.location.split(' › ')[0]!;
    if (change.level !== 'info' && operations.ungated.has(subject) && (change.alsoIn ?? []).every((other) => operations.ungated.has(other))) {
      change.level = 'info';
      change.message += ' (the operation is `draft` or `alpha` in `x-stability-level`: not gated)';
    }
  }
  return out.changes;
}

function compareDocument(base: ApiModel, head: ApiModel, scope: Scope, out: ChangeCollector): void {
  if (base.version !== head.version) out.report('info-version-changed', scope, { basePointer: '/info/version', headPointer: '/info/version' }, `info.version changed from \`${base.version}\` to \`${head.version}\``);
  for (const server of base.servers) {
    if (!head.servers.some((s) => s.url === server.url)) out.report('server-removed', { ...scope, path: 'servers' }, { basePointer: '/servers' }, `server \`${server.url}\` was removed`);
  }
  for (const server of head.servers) {
    if (!base.servers.some((s) => s.url === server.url)) out.report('server-added', { ...scope, path: 'servers' }, { headPointer: '/servers' }, `server \`${server.url}\` was added`);
  }
  const versioning = { basePointer: '/x-versioning', headPointer: '/x-versioning' };
  if (base.versioning?.header !== head.versioning?.header) {
    out.report('version-header-changed', { ...scope, path: 'x-versioning' }, versioning, `the version header changed from ${base.versioning?.header ?? 'none'} to ${head.versioning?.header ?? 'none'}`);
  }
  if (base.versioning?.current !== head.versioning?.current) {
    out.report('current-version-changed', { ...scope, path: 'x-versioning' }, versioning, `the current API version changed from ${base.versioning?.current ?? 'none'} to ${head.versioning?.current ?? 'none'}`);
  }
  if (JSON.stringify(base.twoFactor) !== JSON.stringify(head.twoFactor)) {
    out.report('two-factor-changed', { ...scope, path: 'x-two-factor' }, { basePointer: '/x-two-factor', headPointer: '/x-two-factor' }, `the two-factor rule changed from ${brief(base.twoFactor)} to ${brief(head.twoFactor)}`);
  }
  compareSecuritySchemes(base.securitySchemes, head.securitySchemes, scope, out);
}

function compareSecuritySchemes(a: SecuritySchemeModel[], b: SecuritySchemeModel[], document: Scope, out: ChangeCollector): void {
  const pointer = (key: string): string => `/components/securitySchemes/${encodePointerToken(key)}`;
  for (const scheme of a) {
    const scope = { ...document, path: `security scheme ${scheme.key}` };
    const other = b.find((s) => s.key === scheme.key);
    if (!other) {
      out.report('security-scheme-removed', scope, { basePointer: pointer(scheme.key) }, `security scheme \`${scheme.key}\` was removed`);
      continue;
    }
    const site = { basePointer: pointer(scheme.key), headPointer: pointer(other.key) };
    const identity = (s: SecuritySchemeModel): string => JSON.stringify([s.type, s.in ?? null, s.name ?? null, s.scheme?.toLowerCase() ?? null]);
    if (identity(scheme) !== identity(other)) out.report('security-scheme-changed', scope, site, `security scheme \`${scheme.key}\` changed from ${identity(scheme)} to ${identity(other)}`);
    if (JSON.stringify(scheme.hmac) !== JSON.stringify(other.hmac)) out.report('security-scheme-signature-changed', scope, site, `the request signature of \`${scheme.key}\` changed from ${brief(scheme.hmac)} to ${brief(other.hmac)}`);
    compareFlows(scheme, other, scope, site, out);
    for (const name of Object.keys(scheme.scopes)) {
      if (!(name in other.scopes)) out.report('security-scheme-scope-removed', scope, site, `scope \`${name}\` was removed from \`${scheme.key}\``);
    }
    for (const name of Object.keys(other.scopes)) {
      if (!(name in scheme.scopes)) out.report('security-scheme-scope-added', scope, site, `scope \`${name}\` was added to \`${scheme.key}\``);
    }
  }
  for (const scheme of b) {
    if (!a.some((s) => s.key === scheme.key)) out.report('security-scheme-added', { ...document, path: `security scheme ${scheme.key}` }, { headPointer: pointer(scheme.key) }, `security scheme \`${scheme.key}\` was added`);
  }
}

/** An OAuth scheme's flows by type: one removed, one added, and each endpoint that moved. */
function compareFlows(a: SecuritySchemeModel, b: SecuritySchemeModel, scope: Scope, site: { basePointer: string; headPointer: string }, out: ChangeCollector): void {
  const flowsA = a.flows ?? [];
  const flowsB = b.flows ?? [];
  const at = (base: string, type: string) => `${base}/flows/${type}`;
  for (const flow of flowsA) {
    const other = flowsB.find((f) => f.type === flow.type);
    if (!other) {
      out.report('security-scheme-flow-removed', scope, { basePointer: at(site.basePointer, flow.type) }, `the OAuth flow \`${flow.type}\` was removed from \`${a.key}\``);
      continue;
    }
    for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'deviceAuthorizationUrl'] as const) {
      if (flow[key] !== other[key])
        out.report('security-scheme-flow-url-changed', scope, { basePointer: at(site.basePointer, flow.type), headPointer: at(site.headPointer, other.type) }, `the ${key} of \`${a.key}\`'s \`${flow.type}\` flow changed from ${flow[key] ?? 'none'} to ${other[key] ?? 'none'}`);
    }
  }
  for (const flow of flowsB) {
    if (!flowsA.some((f) => f.type === flow.type)) out.report('security-scheme-flow-added', scope, { headPointer: at(site.headPointer, flow.type) }, `the OAuth flow \`${flow.type}\` was added to \`${b.key}\``);
  }
}

/**
 * Channels by key, messages by key; a message whose key changed but whose payload and sender
 * did not (a rename in `components.messages`) is the same message.
 */
function compareChannels(base: ApiModel, head: ApiModel, api: string, schemas: SchemaComparer, out: ChangeCollector): void {
  const renamed = matchMessages(base.messages, head.messages, schemas);
  const headMessage = (key: string): MessageModel | undefined => head.messages.find((m) => m.key === (renamed.get(key) ?? key));
  for (const channel of base.channels) {
    const scope: Scope = { api, subject: `channel ${channel.key}`, operation: channel.key, path: '' };
    const pointer = `/channels/${channel.key}`;
    const other = head.channels.find((c) => c.key === channel.key);
    if (!other) {
      out.report('channel-removed', scope, { basePointer: pointer }, `channel \`${channel.key}\` was removed`);
      continue;
    }
    const site = { basePointer: pointer, headPointer: pointer };
    if ((channel.address ?? null) !== (other.address ?? null)) out.report('channel-address-changed', scope, site, `the address changed from \`${channel.address ?? channel.key}\` to \`${other.address ?? other.key}\``);
    for (const key of channel.messages) {
      const mapped = renamed.get(key) ?? key;
      if (!other.messages.includes(mapped)) out.report('channel-message-removed', scope, site, `message \`${key}\` is no longer on the channel`);
    }
    const mappedBase = new Set(channel.messages.map((key) => renamed.get(key) ?? key));
    for (const key of other.messages) {
      if (mappedBase.has(key)) continue;
      const message = head.messages.find((m) => m.key === key);
      const rule = message?.direction === 'client' ? 'channel-client-message-added' : 'channel-server-message-added';
      out.report(rule, scope, site, `message \`${key}\` is now on the channel`);
    }
  }
  for (const channel of head.channels) {
    if (!base.channels.some((c) => c.key === channel.key)) out.report('channel-added', { api, subject: `channel ${channel.key}`, operation: channel.key, path: '' }, { headPointer: `/channels/${channel.key}` }, `channel \`${channel.key}\` was added`);
  }
  for (const message of base.messages) {
    const other = headMessage(message.key);
    if (!other) continue;
    const channel = head.channels.find((c) => c.messages.includes(other.key));
    const scope: Scope = { api, subject: `${channel ? `channel ${channel.key} › ` : ''}message ${other.key}`, operation: other.key, path: '' };
    if (message.direction !== other.direction) {
      out.report('message-direction-changed', scope, { basePointer: message.payload.pointer, headPointer: other.payload.pointer }, `the message is now sent by the ${other.direction} (was the ${message.direction})`);
      continue;
    }
    // What the client sends is its request; what the server sends, its response.
    schemas.compare(message.payload, other.payload, message.direction === 'client' ? 'request' : 'response', { ...scope, path: 'payload' });
  }
}

function matchMessages(a: MessageModel[], b: MessageModel[], schemas: SchemaComparer): Map<string, string> {
  const renamed = new Map<string, string>();
  const goneKeys = a.filter((m) => !b.some((n) => n.key === m.key));
  const newKeys = b.filter((n) => !a.some((m) => m.key === n.key));
  for (const message of goneKeys) {
    const shape = schemas.base.shapeOf(message.payload);
    const match = newKeys.find((n) => n.direction === message.direction && ![...renamed.values()].includes(n.key) && schemas.head.shapeOf(n.payload) === shape);
    if (match) renamed.set(message.key, match.key);
  }
  return renamed;
}
