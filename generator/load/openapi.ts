/**
 * OpenAPI 3.0 / 3.1 loader: validates the parsed document against the official schemas
 * and checks that every `$ref` points somewhere, never dereferencing. Only a document
 * with references to other files is bundled (by swagger-parser) into one document.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileRefusal, nestedRefusal, refuseOutsideReferences, type ReferenceScope } from './confine.js';
import { SpecError } from './errors.js';
import { checkDepth, refuseAliasCycle, type SourceDocument } from './document.js';
import { encodePointerToken } from './locations.js';
import { openApiMinorOf, validateOpenApiDocument, type OpenApiSchemaError } from './openapi-schema.js';
import { indexReferences, valueAt, type ReferenceIndex, type ReferenceSite } from './references.js';

export interface LoadedOpenApi {
  source: SourceDocument;
  /** The document; after bundling when it referenced other files, so every `$ref` points inside it. */
  document: Record<string, unknown>;
  /** Where each `$ref` of `document` points. */
  references: ReferenceIndex;
}

/**
 * `scope` says which files `$ref`s may reach (confine.ts); a reference outside it is refused before
 * anything is read. `problems`: collect what the official schema rejects there instead of refusing the document
 * (lenient loading, see SpecJob).
 */
export async function loadOpenApi(source: SourceDocument, scope: ReferenceScope, problems?: SpecError[]): Promise<LoadedOpenApi> {
  const findings = validateOpenApiDocument(source.raw);
  if (findings[0] && !problems) throw schemaError(source, findings[0]);
  if (problems) problems.push(...distinctProblems(source, findings));
  // JSON Schema 2020-12 (3.1 and 3.2): a schema's `$id` is a base for the references inside it.
  const schemaIdentifiers = openApiMinorOf(source.raw.openapi) !== '3.0';
  // OpenAPI 3.2's `$self`: the document's URI, the base of its references.
  const self = openApiMinorOf(source.raw.openapi) === '3.2' && typeof source.raw.$self === 'string' ? source.raw.$self : undefined;
  const references = indexReferences(source.raw, { schemaIdentifiers, self });
  const external: ReferenceSite[] = [];
  /** `$ref`s the bundler would read otherwise than they resolve (it knows no `$id`), by pointer: written as what they resolve to. */
  const rewritten = new Map<string, string>();
  for (const site of references.sites) {
    const target = references.resolve(site.ref, site.pointer);
    if (target.kind === 'broken') throw brokenReference(source, site.pointer, site.ref);
    const plain = target.kind === 'internal' ? `#${target.pointer.split('/').map(encodeURIComponent).join('/')}` : target.uri;
    if (plain !== site.ref) rewritten.set(site.pointer, plain);
    if (target.kind === 'external') external.push({ pointer: site.pointer, ref: target.uri });
  }
  refuseOutsideReferences(source, external, scope);
  if (external.length === 0) return checked(source, source.raw, references);
  const document = await bundle(source, external, scope, rewritten);
  // What the referenced files brought is held to the same limits.
  checkDepth(source.file, document, source.sourceMap);
  return checked(source, document, indexReferences(document, { schemaIdentifiers, self }));
}

/** The loaded document, once no chain of `$ref`s only renames itself. */
function checked(source: SourceDocument, document: Record<string, unknown>, references: ReferenceIndex): LoadedOpenApi {
  refuseAliasCycle(source, document, references);
  return { source, document, references };
}

/** Pulls the referenced files into the document (their `$ref`s become internal). */
async function bundle(source: SourceDocument, external: ReferenceSite[], scope: ReferenceScope, rewritten: ReadonlyMap<string, string>): Promise<Record<string, unknown>> {
  // The files the referenced files reference in turn are judged as they are opened.
  let refused: string | undefined;
  /** Why the last file could not be opened (the system's words: `ENOENT: no such file or directory, …`). */
  let unreadable: string | undefined;
  const read = async (file: { url: string }): Promise<Buffer> => {
    const path = file.url.startsWith('file:') ? fileURLToPath(file.url) : file.url;
    refused ??= fileRefusal(path, scope);
    if (refused !== undefined) throw new Error('refused');
    try {
      return await readFile(path);
    } catch (error) {
      unreadable = (error as Error).message;
      throw error;
    }
  };
  try {
    // swagger-parser reads the object given (a copy: it rewrites `$ref`s in place) and only the other files.
    const options = { resolve: { http: false, file: { read } } };
    const copy = structuredClone(source.raw);
    for (const [pointer, ref] of rewritten) (valueAt(copy, pointer) as { $ref: string }).$ref = ref;
    // swagger-parser 12 refuses versions past 3.1; bundling reads only `$ref`s, which 3.2 writes as 3.1 does.
    const version = copy.openapi;
    if (openApiMinorOf(version) === '3.2') copy.openapi = '3.1.2';
    const bundled = (await SwaggerParser.bundle(source.file, copy as never, options as never)) as unknown as Record<string, unknown>;
    bundled.openapi = version;
    return bundled;
  } catch (error) {
    if (refused !== undefined) throw nestedRefusal(source, refused, external);
    // A referenced file that cannot be read or parsed is the user's to fix; anything else is ours.
    const message = (error as Error).message;
    const missingPointer = /^Missing \$ref pointer "([^"]*)"/.exec(message)?.[1];
    const brokenSite = missingPointer !== undefined ? external.find((s) => s.ref.endsWith(missingPointer)) : undefined;
    if (brokenSite) throw brokenReference(source, brokenSite.pointer, brokenSite.ref);
    const site = external.find((s) => {
      const path = s.ref.split('#')[0] ?? '';
      if (path === '') return false;
      // A URL (a remote $ref) appears in the message as written, a file by its resolved path.
      return /^[a-z][a-z0-9+.-]*:/i.test(path) ? message.includes(path) : message.includes(resolve(dirname(source.file), decodeURI(path)));
    });
    if (!site || !/^(Error (opening|reading|parsing|resolving|downloading)|Unable to resolve \$ref)/i.test(message)) throw error;
    // A parser's message may quote the file (JSON.parse does): only the position is kept of it.
    const position = /\((\d+):(\d+)\)/.exec(message);
    const reason = /^Error parsing/i.test(message)
      ? `it is not valid YAML or JSON${position ? ` (line ${position[1]}, column ${position[2]})` : ''}`
      : /^Error reading/i.test(message) && unreadable !== undefined
        ? unreadable
        : message.split('\n')[0]!.replace(/^Error (opening|reading|resolving|downloading) [^:]*: /i, '');
    throw new SpecError(source.file, `cannot read the file of $ref ${site.ref}: ${reason}`, { ...source.sourceMap.locate(site.pointer), pointer: site.pointer });
  }
}

/**
 * The findings a person fixes, one each: what is missing, not allowed or of the wrong type or
 * value. The rest are the schema's alternatives failing one after the other (`oneOf`, `if`).
 */
function distinctProblems(source: SourceDocument, findings: readonly OpenApiSchemaError[]): SpecError[] {
  const plain = findings.filter(
    (f) =>
      ['required', 'additionalProperties', 'unevaluatedProperties', 'type', 'enum', 'const', 'pattern', 'minItems', 'minProperties'].includes(f.keyword) &&
      // "must have $ref" is the Reference Object alternative failing beside the real finding.
      f.params?.missingProperty !== '$ref',
  );
  const seen = new Set<string>();
  const out: SpecError[] = [];
  for (const finding of plain.length > 0 ? plain : findings.slice(0, 1)) {
    const error = schemaError(source, finding);
    if (seen.has(error.message)) continue;
    seen.add(error.message);
    out.push(error);
  }
  return out;
}

function brokenReference(source: SourceDocument, pointer: string, ref: string): SpecError {
  return new SpecError(source.file, `broken $ref: ${ref} does not exist`, { ...source.sourceMap.locate(pointer), pointer });
}

/** The first finding of the official schema, located. */
function schemaError(source: SourceDocument, finding: OpenApiSchemaError): SpecError {
  const extraName = finding.params?.additionalProperty ?? finding.params?.unevaluatedProperty;
  const extra = typeof extraName === 'string' ? extraName : undefined;
  const pointer = extra !== undefined ? `${finding.instancePath}/${encodePointerToken(extra)}` : finding.instancePath;
  const problem = extra !== undefined ? `property \`${extra}\` is not allowed here` : (finding.message ?? `fails \`${finding.keyword}\``);
  return new SpecError(source.file, problem, { ...source.sourceMap.locate(pointer), pointer });
}
