/**
 * Reads a spec file once: YAML or JSON text -> plain object. Which loader handles it is
 * decided by its root key. Source locations are built only when an error is reported.
 */
import { readFile } from 'node:fs/promises';
import { CORE_SCHEMA, load as loadYaml, YAMLException } from 'js-yaml';
import { SpecError } from './errors.js';
import { lazySourceMap, parseYamlWithLocations, type SourceMap } from './locations.js';

export interface SourceDocument {
  /** Path as given by the caller (used in messages). */
  file: string;
  kind: 'openapi' | 'asyncapi';
  /** The parsed document, before any `$ref` is resolved. */
  raw: Record<string, unknown>;
  /** The file's text, for tools that parse it themselves (read once, here). */
  text: string;
  sourceMap: SourceMap;
}

export async function readSourceDocument(file: string): Promise<SourceDocument> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SpecError(file, `cannot read the file: ${(error as Error).message}`);
  }
  const raw = parseText(file, text);
  const sourceMap = lazySourceMap(text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SpecError(file, 'the document is not an object', { line: 1, pointer: '' });
  }
  const record = raw as Record<string, unknown>;
  const versionError = (key: string, problem: string): SpecError =>
    new SpecError(file, problem, { ...sourceMap.locate(`/${key}`), pointer: `/${key}` });
  if (typeof record.openapi === 'string') {
    if (!/^3\.[01]\./.test(record.openapi))
      throw versionError('openapi', `unsupported OpenAPI version ${record.openapi} (3.0.x and 3.1.x are supported)`);
    return { file, kind: 'openapi', raw: record, text, sourceMap };
  }
  if (typeof record.asyncapi === 'string') {
    if (!/^3\./.test(record.asyncapi)) throw versionError('asyncapi', `unsupported AsyncAPI version ${record.asyncapi} (3.x is supported)`);
    return { file, kind: 'asyncapi', raw: record, text, sourceMap };
  }
  if ('swagger' in record) {
    throw versionError('swagger', 'Swagger 2.0 is not supported; convert it to OpenAPI 3 (for example with swagger2openapi)');
  }
  throw new SpecError(file, 'neither an OpenAPI (`openapi: 3.x`) nor an AsyncAPI (`asyncapi: 3.x`) document', {
    line: 1,
    pointer: '',
  });
}

/**
 * JSON text through JSON.parse, YAML through js-yaml (YAML 1.2 core schema, duplicate
 * keys rejected): both several times faster than a parse that keeps node ranges, which
 * runs only to locate a syntax error.
 */
function parseText(file: string, text: string): unknown {
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not strict JSON (comments, trailing commas...): YAML may still read it.
    }
  }
  try {
    return loadYaml(text, { schema: CORE_SCHEMA, filename: file });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const { doc, lines } = parseYamlWithLocations(text);
    const first = doc.errors[0];
    if (first) {
      const pos = lines.linePos(first.pos[0]);
      throw new SpecError(file, `invalid YAML: ${first.message.split('\n')[0]}`, { line: pos.line, column: pos.col });
    }
    throw new SpecError(file, `invalid YAML: ${error.reason}`, { line: error.mark.line + 1, column: error.mark.column + 1 });
  }
}
