/**
 * AsyncAPI 3.x loader: validates with @asyncapi/parser (on the text already read); the
 * model reads the parsed document and resolves its `$ref`s on demand.
 */
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileRefusal, nestedRefusal, refuseOutsideReferences, type ReferenceScope } from './confine.js';
import { SpecError } from './errors.js';
import { refuseAliasCycle, type SourceDocument } from './document.js';
import { encodePointerToken } from './locations.js';
import { indexReferences, type ReferenceIndex } from './references.js';
import { readUtf8 } from '../util/read-text.js';

export interface LoadedAsyncApi {
  source: SourceDocument;
  document: Record<string, unknown>;
  /** Where each `$ref` of `document` points. */
  references: ReferenceIndex;
}

/**
 * `scope` says which files `$ref`s may reach (confine.ts); a reference outside it is refused before
 * anything is read. `problems`: collect the parser's errors instead of refusing the document
 * (lenient loading, see SpecJob).
 */
export async function loadAsyncApi(source: SourceDocument, scope: ReferenceScope, problems?: SpecError[]): Promise<LoadedAsyncApi> {
  const references = indexReferences(source.raw, { schemaIdentifiers: true });
  const external = references.sites.filter((site) => references.resolve(site.ref, site.pointer).kind === 'external');
  refuseOutsideReferences(source, external, scope);
  // The parser reads referenced files itself: through these readers, which open only files in the scope and nothing remote.
  let refused: string | undefined;
  const refuse = (reason: string): string => {
    refused ??= reason;
    return '{}';
  };
  const readFileInScope = async (uri: { toString(): string }): Promise<string> => {
    const path = fileURLToPath(uri.toString().startsWith('file:') ? uri.toString() : `file://${uri.toString()}`);
    const reason = fileRefusal(path, scope);
    return reason === undefined ? readUtf8(path) : refuse(reason);
  };
  const resolvers = [
    { schema: 'file', order: 1, read: readFileInScope },
    ...['http', 'https'].map((schema) => ({ schema, order: 1, read: (uri: { toString(): string }) => refuse(`$ref ${uri.toString()} is remote: remote references are not fetched`) })),
  ];
  const { diagnostics } = await new Parser({ __unstable: { resolver: { resolvers } } }).parse(source.text, { source: resolve(source.file) });
  if (refused !== undefined) throw nestedRefusal(source, refused, external);
  const located = (error: (typeof diagnostics)[number]): SpecError => {
    const pointer = error.path.length > 0 ? `/${error.path.map((p) => encodePointerToken(String(p))).join('/')}` : '';
    // Our own map of the text, not the parser's ranges: one way to locate, for every error.
    return new SpecError(source.file, error.message, { ...(source.sourceMap.locate(pointer) ?? { line: error.range.start.line + 1, column: error.range.start.character + 1 }), pointer });
  };
  const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
  if (problems) problems.push(...errors.map(located));
  else if (errors[0]) throw located(errors[0]);
  refuseAliasCycle(source, source.raw, references);
  return { source, document: source.raw, references };
}
