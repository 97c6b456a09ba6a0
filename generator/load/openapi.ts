/**
 * OpenAPI 3.0 / 3.1 loader: validates with swagger-parser and bundles external
 * references into one document whose `$ref`s are all internal.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { SpecError } from './errors.js';
import type { SourceDocument } from './document.js';

export interface LoadedOpenApi {
  source: SourceDocument;
  /** The bundled document: every `$ref` points inside it. */
  document: Record<string, unknown>;
}

export async function loadOpenApi(source: SourceDocument): Promise<LoadedOpenApi> {
  try {
    await SwaggerParser.validate(source.file);
  } catch (error) {
    throw toSpecError(source, error as Error);
  }
  const bundled = (await SwaggerParser.bundle(source.file)) as unknown as Record<string, unknown>;
  return { source, document: bundled };
}

/** Turns a swagger-parser failure into a located SpecError. */
function toSpecError(source: SourceDocument, error: Error): SpecError {
  const message = error.message.trim();
  const brokenRef = /\$ref pointer "([^"]+)"/.exec(message) ?? /Missing \$ref pointer "([^"]+)"/.exec(message);
  if (brokenRef?.[1]) {
    const target = brokenRef[1];
    const local = target.includes('#') ? `#${target.split('#')[1]}` : target;
    const pointer = source.sourceMap.findRefs(local)[0] ?? source.sourceMap.findRefs(target)[0];
    return new SpecError(source.file, `broken $ref: ${local} does not exist`, {
      ...(pointer !== undefined ? source.sourceMap.locate(pointer) : {}),
      ...(pointer !== undefined ? { pointer } : {}),
    });
  }
  // swagger-parser keeps ajv's findings in `details`: the first one is the most precise.
  const detail = (error as Error & { details?: unknown }).details;
  const first = Array.isArray(detail) ? (detail[0] as { instancePath?: string; message?: string; params?: Record<string, unknown> } | undefined) : undefined;
  if (first && typeof first.instancePath === 'string' && typeof first.message === 'string') {
    const extraName = first.params?.additionalProperty ?? first.params?.unevaluatedProperty;
    const extra = typeof extraName === 'string' ? extraName : undefined;
    const pointer = extra !== undefined ? `${first.instancePath}/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}` : first.instancePath;
    const problem = extra !== undefined ? `property \`${extra}\` is not allowed here` : first.message;
    return new SpecError(source.file, problem, { ...source.sourceMap.locate(pointer), pointer });
  }
  const pointerMatch = /#(\/[^\s,]*)/.exec(message);
  const pointer = pointerMatch?.[1];
  const firstLine = message.split('\n').map((line) => line.trim()).filter((line) => line && !/validation failed\.?$/.test(line))[0];
  return new SpecError(source.file, firstLine ?? message, {
    ...(pointer !== undefined ? source.sourceMap.locate(pointer) : {}),
    ...(pointer !== undefined ? { pointer } : {}),
  });
}
