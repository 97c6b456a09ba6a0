/**
 * AsyncAPI 3.x loader: validates with @asyncapi/parser (on the text already read); the
 * model reads the parsed document and resolves its `$ref`s on demand.
 */
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { resolve } from 'node:path';
import { SpecError } from './errors.js';
import type { SourceDocument } from './document.js';
import { encodePointerToken } from './locations.js';
import { indexReferences, type ReferenceIndex } from './references.js';

export interface LoadedAsyncApi {
  source: SourceDocument;
  document: Record<string, unknown>;
  /** Where each `$ref` of `document` points. */
  references: ReferenceIndex;
}

export async function loadAsyncApi(source: SourceDocument): Promise<LoadedAsyncApi> {
  const { diagnostics } = await new Parser().parse(source.text, { source: resolve(source.file) });
  const error = diagnostics.find((d) => d.severity === DiagnosticSeverity.Error);
  if (error) {
    const pointer = error.path.length > 0 ? `/${error.path.map((p) => encodePointerToken(String(p))).join('/')}` : '';
    // Our own map of the text, not the parser's ranges: one way to locate, for every error.
    throw new SpecError(source.file, error.message, { ...(source.sourceMap.locate(pointer) ?? { line: error.range.start.line + 1, column: error.range.start.character + 1 }), pointer });
  }
  return { source, document: source.raw, references: indexReferences(source.raw, { schemaIdentifiers: true }) };
}
