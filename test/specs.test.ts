/**
 * The hand-written specs are valid documents that other tools accept, their examples
 * validate against their schemas with an independent validator, and every extension
 * they use is defined in specs/README.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { asyncApiSpecs, listSpecFiles, openApiSpecs, readSpec, specsDir } from './helpers/spec-files.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const SPEC_BASE = 'https://specs.invalid/';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** One ajv instance that knows every spec file under its own URI, so relative and cross-file refs resolve. */
function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  for (const file of listSpecFiles()) ajv.addSchema(readSpec(file), SPEC_BASE + file);
  return ajv;
}

interface ExampleCase {
  pointer: string;
  schemaPointer: string;
  value: unknown;
}

/** Collects every example in a document with the pointer of the schema it must satisfy. */
function collectExamples(doc: Json): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const walk = (node: unknown, pointer: string, key: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, String(i)));
      return;
    }
    if (!isObject(node)) return;
    // AsyncAPI message: examples is a list of { payload }.
    if ('payload' in node && Array.isArray(node.examples)) {
      node.examples.forEach((ex, i) => {
        if (isObject(ex) && 'payload' in ex)
          cases.push({ pointer: `${pointer}/examples/${i}/payload`, schemaPointer: `${pointer}/payload`, value: ex.payload });
      });
    } else if ('schema' in node && isObject(node.schema) && ('example' in node || isObject(node.examples))) {
      // OpenAPI media type or parameter: example, or a map of Example objects.
      if ('example' in node) cases.push({ pointer: `${pointer}/example`, schemaPointer: `${pointer}/schema`, value: node.example });
      if (isObject(node.examples)) {
        for (const [name, ex] of Object.entries(node.examples)) {
          if (isObject(ex) && 'value' in ex)
            cases.push({ pointer: `${pointer}/examples/${escapePointer(name)}/value`, schemaPointer: `${pointer}/schema`, value: ex.value });
        }
      }
    } else if (Array.isArray(node.examples) && key !== 'examples' && !('payload' in node)) {
      // A JSON Schema with an examples array.
      node.examples.forEach((ex, i) => cases.push({ pointer: `${pointer}/examples/${i}`, schemaPointer: pointer, value: ex }));
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === 'examples' || k === 'example') continue;
      walk(v, `${pointer}/${escapePointer(k)}`, k);
    }
  };
  walk(doc, '', '');
  return cases;
}

/** Every key starting with x- anywhere in a document (example values excluded). */
function collectExtensions(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectExtensions(n, out));
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-')) out.add(k);
      if (k === 'example' || k === 'examples') continue;
      collectExtensions(v, out);
    }
  }
  return out;
}

function collectOperationIds(doc: Json): string[] {
  const ids: string[] = [];
  const visitPathItems = (items: unknown): void => {
    if (!isObject(items)) return;
    for (const item of Object.values(items)) {
      if (!isObject(item)) continue;
      for (const op of Object.values(item)) if (isObject(op) && typeof op.operationId === 'string') ids.push(op.operationId);
    }
  };
  visitPathItems(doc.paths);
  visitPathItems(doc.webhooks);
  if (isObject(doc.operations)) ids.push(...Object.keys(doc.operations));
  return ids;
}

describe('OpenAPI specs', () => {
  const files = openApiSpecs();
  it('has the four REST specs', () => {
    expect(files).toEqual(expect.arrayContaining(['v2.openapi.yaml', 'v1.openapi.yaml', 'onramp.openapi.yaml', 'x402.openapi.yaml']));
  });
  it.each(files)('%s validates with swagger-parser', async (file) => {
    const api = await SwaggerParser.validate(join(specsDir, file));
    expect((api as { openapi?: string }).openapi).toMatch(/^3\.1\./);
  });
});

describe('AsyncAPI specs', () => {
  const files = asyncApiSpecs();
  it('has the feed spec', () => expect(files).toContain('feed.asyncapi.yaml'));
  it.each(files)('%s parses with @asyncapi/parser without errors', async (file) => {
    const parser = new Parser();
    const { document, diagnostics } = await parser.parse(readFileSync(join(specsDir, file), 'utf8'), { source: join(specsDir, file) });
    const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
    expect(errors.map((d) => `${d.path.join('/')}: ${d.message}`)).toEqual([]);
    expect(document?.version()).toMatch(/^3\.0\./);
  });
});

describe('examples validate against their schemas (ajv, 2020-12)', () => {
  const ajv = makeAjv();
  const specFiles = [...openApiSpecs(), ...asyncApiSpecs()];
  it.each(specFiles)('%s', (file) => {
    const cases = collectExamples(readSpec(file));
    expect(cases.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const c of cases) {
      const validate = ajv.compile({ $ref: `${SPEC_BASE}${file}#${c.schemaPointer}` });
      if (!validate(c.value)) failures.push(`${file}#${c.pointer}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('spec hygiene', () => {
  const readme = readFileSync(join(specsDir, 'README.md'), 'utf8');
  const defined = new Set([...readme.matchAll(/^#{2,4} `(x-[a-z0-9-]+)`/gm)].map((m) => m[1]));
  it.each([...openApiSpecs(), ...asyncApiSpecs()])('%s: operationIds are unique, extensions are defined', (file) => {
    const doc = readSpec(file);
    const ids = collectOperationIds(doc);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const undefinedExtensions = [...collectExtensions(doc)].filter((x) => !defined.has(x)).sort();
    expect(undefinedExtensions).toEqual([]);
  });
});
