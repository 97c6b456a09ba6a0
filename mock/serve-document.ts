/**
 * `npm run mock -- --spec <file>`: serves the mock of one document on 127.0.0.1 with ready
 * credentials for each of its security schemes, and says what the mock plan guessed.
 */
import { resolve } from 'node:path';
import { CredentialRegistry, defaultCredentials, generateWebhookKeys, schemeCredentials } from '@svc/mock-runtime';
import { serveNode } from '@svc/server-runtime';
import { displayPath } from '../generator/cli/options.js';
import { diagnosticText, guessLines } from '../generator/cli/print.js';
import type { MockOverrides } from '../generator/plans/mock.js';
import { reportDocumentFailure } from '../generator/failure.js';
import { onStopRequest } from '../generator/util/lifetime.js';
import { loadDocumentMock, type DocumentMock } from './document.js';

export interface ServeDocumentOptions {
  /** Absolute path of the document. */
  spec: string;
  /** Where the user ran the command (paths in messages are relative to it). */
  callerDir: string;
  json: boolean;
  port?: number;
  rateLimit: boolean;
  allowRefRoots: readonly string[];
  /** `--overlay`, absolute, in the order given: Overlay documents applied to the document before it is generated. */
  overlays?: readonly string[];
  mockOverrides?: MockOverrides;
  /** Where the document's webhooks go (`--webhook-url`), signed with a fresh RSA key whose public half is printed. */
  webhookUrl?: string;
}

/** Serves until SIGTERM or Ctrl-C; returns an exit code only when it could not start. */
export async function serveDocumentMock(options: ServeDocumentOptions): Promise<number> {
  const registry = new CredentialRegistry();
  const keys = options.webhookUrl ? await generateWebhookKeys() : undefined;
  let mock: DocumentMock;
  try {
    mock = await loadDocumentMock(options.spec, {
      allowRefRoots: options.allowRefRoots,
      ...(options.overlays?.length ? { overlays: options.overlays } : {}),
      ...(options.webhookUrl && keys ? { webhooks: { url: options.webhookUrl, privateKey: keys.privateKey } } : {}),
      ...(options.mockOverrides ? { mockOverrides: options.mockOverrides } : {}),
      server: {
        auth: registry.hooks(),
        rateLimit: options.rateLimit,
        onInvalidResponse: (report) => console.error(`mock: ${report.operationId} answered ${report.status} with an invalid body: ${JSON.stringify(report.issues).slice(0, 2000)}`),
      },
    });
  } catch (error) {
    return reportDocumentFailure(error, options.spec, (path) => displayPath(options, path));
  }
  const ready = await defaultCredentials(registry, mock.scopes);
  const schemes = schemeCredentials(registry, ready, mock.securitySchemes, mock.scopes);
  const server = await serveNode(mock.app, { port: options.port ?? 0 });
  const servers = { [mock.name]: server.url };
  // What the overlays warn of (an action whose target selects nothing), as `npm run generate` says it.
  const warnings = mock.overlayWarnings.map((d) => `warning: ${diagnosticText({ ...d, ...(d.file ? { file: { ...d.file, path: displayPath(options, resolve(d.file.path)) } } : {}) })}`);
  const explained = [...warnings, ...guessLines(displayPath(options, options.spec), mock.guesses), ...webhookLines(mock, options.webhookUrl)];
  // Webhooks that no operation's events send (a document of webhooks alone): one seeded delivery of each, at start.
  const unsent = mock.webhooks.filter((id) => !mock.plan.webhooks?.some((hook) => hook.webhook === id));
  const sending = mock.dispatcher && mock.sendWebhook ? unsent.map((id) => mock.sendWebhook!(id)) : [];
  const webhooks = mock.dispatcher && keys ? { webhooks: { url: options.webhookUrl, publicKey: keys.publicKeyPem } } : {};
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ servers, credentials: { schemes }, ...webhooks })}\n`);
    // Standard output is for the line above; what was guessed goes to standard error.
    for (const line of explained) console.error(line);
  } else {
    const width = Math.max(0, ...Object.keys(schemes).map((name) => name.length));
    const lines = [
      `Mock of ${displayPath(options, options.spec)} (stateful per credential; Ctrl-C stops it):`,
      `  ${mock.name}  ${server.url}`,
      '',
      Object.keys(schemes).length > 0 ? 'Credentials, by security scheme (each has every scope):' : 'The document declares no security scheme the mock checks.',
      ...Object.entries(schemes).map(([name, value]) => `  ${name.padEnd(width)}  ${value}`),
      '',
      ...explained,
      ...(keys && mock.dispatcher ? ['', 'Webhooks are signed with this key:', keys.publicKeyPem] : []),
    ];
    console.log(lines.join('\n'));
  }
  for (const delivery of await Promise.all(sending)) console.error(`mock: sent webhook ${delivery.event} (${delivery.id}) to ${delivery.url}`);
  onStopRequest(() => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  return 0;
}

/** What the mock does with the document's webhooks, for the lines printed at start. */
function webhookLines(mock: DocumentMock, url: string | undefined): string[] {
  if (mock.webhooks.length === 0) return [];
  const sentOnEvents = new Set((mock.plan.webhooks ?? []).map((hook) => hook.webhook));
  const noRoutes = Object.keys(mock.plan.operations).length === 0;
  return [
    ...(noRoutes ? ['The document has webhooks and no paths: the mock serves no routes (every request is a 404).'] : []),
    url === undefined
      ? `Webhooks (${mock.webhooks.length}): none are sent without --webhook-url <url>.`
      : `Webhooks (${mock.webhooks.length}) go to ${url}: ${[...sentOnEvents].length > 0 ? `${[...sentOnEvents].join(', ')} on their resources' events` : ''}${[...sentOnEvents].length > 0 && mock.webhooks.length > sentOnEvents.size ? '; ' : ''}${mock.webhooks.length > sentOnEvents.size ? `${mock.webhooks.filter((id) => !sentOnEvents.has(id)).join(', ')} once each, seeded, at start` : ''}.`,
  ];
}
