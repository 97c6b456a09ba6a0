/**
 * Doc comments read as a careful person writes them: a description from a YAML block scalar
 * (which ends in a line break) is one blank line from what follows, never two, and no line
 * ends in spaces.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { jsDoc, stringLiteral } from '../../generator/util/text.js';
import { writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

describe('jsDoc', () => {
  it('puts one blank line between parts, whatever line breaks they end in', () => {
    expect(jsDoc('Lists accounts.\n', undefined, 'Component `Account`.')).toBe('Lists accounts.\n\nComponent `Account`.');
    expect(jsDoc('First paragraph.\r\n\r\n\r\nSecond.  \r\n', false, '')).toBe('First paragraph.\n\nSecond.');
  });

  it('keeps a comment from being closed by the text', () => {
    expect(jsDoc('a */ b')).toBe('a *\\/ b');
    expect(jsDoc('  ', undefined)).toBeUndefined();
  });
});

describe('doc comments of the generated workspace', () => {
  const files = readdirSync(join(repoRoot, 'generated'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const src = join(repoRoot, 'generated', entry.name, 'src');
      try {
        return readdirSync(src).filter((name) => name.endsWith('.ts')).map((name) => join(entry.name, 'src', name));
      } catch {
        return [];
      }
    });

  it.each(files)('%s has no doubled blank line and no line ending in spaces', (file) => {
    const text = readFileSync(join(repoRoot, 'generated', file), 'utf8');
    const doubled = text.split('\n').flatMap((line, i, lines) => (/^\s*\*$/.test(line) && /^\s*\*$/.test(lines[i + 1] ?? '') ? [i + 1] : []));
    expect(doubled, `doubled blank comment lines at ${doubled.slice(0, 5).join(', ')}`).toEqual([]);
    const trailing = text.split('\n').flatMap((line, i) => (/^\s*\*.*\S[ \t]+$/.test(line) ? [i + 1] : []));
    expect(trailing, `comment lines ending in spaces at ${trailing.slice(0, 5).join(', ')}`).toEqual([]);
  });
});

describe('blank descriptions', () => {
  it('generate no doc comment and no crash (a tag described with a space, as a public document has it)', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Blank', version: '1.0.0' },
      tags: [{ name: 'things', description: ' ' }],
      paths: { '/things': { get: { operationId: 'listThings', tags: ['things'], description: '  \n', responses: { '200': { description: ' ', content: { 'application/json': { schema: { type: 'object', description: '\n', properties: { id: { type: 'string', description: '   ' } } } } } } } } } },
    };
    const output = await generatePackage({ file: writeSpec(spec, 'blank-descriptions'), name: 'blank-descriptions' });
    const client = output.files.get('src/client.ts')!;
    expect(client).toContain('readonly things: ThingsApi;');
    expect(client).not.toMatch(/\/\*\*\s*\*\//);
  });
});

describe("a group's method and the function it calls", () => {
  it('say what the operation does and sends; what it throws is said once, on the function, which the method links', () => {
    const client = readFileSync(join(repoRoot, 'generated', 'v2', 'src', 'client.ts'), 'utf8');
    const docBefore = (signature: string): string => {
      const at = client.indexOf(signature);
      expect(at, signature).toBeGreaterThan(0);
      return client.slice(client.lastIndexOf('/**', at), at);
    };
    const fn = docBefore('export function getAccount(');
    const method = docBefore('  getAccount(params: GetAccountParams');
    for (const doc of [fn, method]) expect(doc).toContain('Security: svcAccessKey + svcAccessSign + svcAccessTimestamp (wallet:accounts:read)');
    expect(fn).toContain("@throws {OperationApiError<GetAccountErrorId, GetAccountError>} when the API answers with an error status (narrow it with `isOperationError(error, 'getAccount')`");
    expect(method).not.toContain('@throws');
    expect(method).toContain('@see {@link getAccount}, which it calls: the errors it throws, and `GET /v2/accounts/{account_id}`');
  });
});

describe('stringLiteral', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ['two\nlines\r\n', "'two\\nlines\\r\\n'"],
    ['\u2028\u2029', "'\\u2028\\u2029'"],
    ['nul\u0000', "'nul\\x00'"],
    ["all: \\ ' \n \r \u2028 \u2029 \u0000 \"", "'all: \\\\ \\' \\n \\r \\u2028 \\u2029 \\x00 \"'"],
  ])('%j', (value, printed) => {
    expect(stringLiteral(value)).toBe(printed);
    // What it prints is the value, read back as JavaScript.
    expect(new Function(`return ${printed};`)()).toBe(value);
  });
});
