/**
 * Reads a spec file: YAML or JSON text -> plain object, with a source map for
 * diagnostics. Which loader handles it is decided by its root key.
 */
import { readFile } from 'node:fs/promises';
import { SpecError } from './errors.js';
import { createSourceMap, parseYamlWithLocations, type SourceMap } from './locations.js';

export interface SourceDocument {
  /** Path as given by the caller (used in messages). */
  file: string;
  kind: 'openapi' | 'asyncapi';
  /** The parsed document, before any `$ref` is resolved. */
  raw: Record<string, unknown>;
  sourceMap: SourceMap;
}

export async function readSourceDocument(file: string): Promise<SourceDocument> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SpecError(file, `cannot read the file: ${(error as Error).message}`);
  }
  const { doc, lines } = parseYamlWithLocations(text);
  const first = doc.errors[0];
  if (first) {
    const offset = first.pos[0];
    const pos = lines.linePos(offset);
    throw new SpecError(file, `invalid YAML: ${first.message.split('\n')[0]}`, { line: pos.line, column: pos.col });
  }
  const raw: unknown = doc.toJS({ maxAliasCount: 1000 });
  const sourceMap = createSourceMap(doc, lines);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SpecError(file, 'the document is not an object', { line: 1, pointer: '' });
  }
  const record = raw as Record<string, unknown>;
  if (typeof record.openapi === 'string') {
    if (!/^3\.[01]\./.test(record.openapi))
      throw new SpecError(file, `unsupported OpenAPI version ${record.openapi} (3.0.x and 3.1.x are supported)`, {
        ...sourceMap.locate('/openapi'),
        pointer: '/openapi',
      });
    return { file, kind: 'openapi', raw: record, sourceMap };
  }
  if (typeof record.asyncapi === 'string') {
    if (!/^3\./.test(record.asyncapi))
      throw new SpecError(file, `unsupported AsyncAPI version ${record.asyncapi} (3.x is supported)`, {
        ...sourceMap.locate('/asyncapi'),
        pointer: '/asyncapi',
      });
    return { file, kind: 'asyncapi', raw: record, sourceMap };
  }
  throw new SpecError(file, 'neither an OpenAPI (`openapi: 3.x`) nor an AsyncAPI (`asyncapi: 3.x`) document', {
    line: 1,
    pointer: '',
  });
}
