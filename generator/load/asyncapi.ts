/** AsyncAPI 3.x loader: validates with @asyncapi/parser; the model reads the raw document. */
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SpecError } from './errors.js';
import type { SourceDocument } from './document.js';

export interface LoadedAsyncApi {
  source: SourceDocument;
  document: Record<string, unknown>;
}

export async function loadAsyncApi(source: SourceDocument): Promise<LoadedAsyncApi> {
  const parser = new Parser();
  const text = await readFile(source.file, 'utf8');
  const { diagnostics } = await parser.parse(text, { source: resolve(source.file) });
  const error = diagnostics.find((d) => d.severity === DiagnosticSeverity.Error);
  if (error) {
    const pointer = error.path.length > 0 ? `/${error.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '';
    throw new SpecError(source.file, error.message, {
      line: error.range.start.line + 1,
      column: error.range.start.character + 1,
      pointer,
    });
  }
  return { source, document: source.raw };
}
