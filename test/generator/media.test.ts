/** One answer to "is this media type JSON?" for every stage (model/media.ts), as a table. */
import { describe, expect, it } from 'vitest';
import { isJsonMediaType, isPlainJsonMediaType, isTextualMediaType, sequenceFormatOf, type SequenceFormat } from '../../generator/model/media.js';
import { tagTree } from '../../generator/model/derive.js';

describe.each<[string, boolean, boolean, boolean]>([
  // type, JSON, plain application/json, textual
  ['application/json', true, true, true],
  ['Application/JSON; charset=utf-8', true, true, true],
  ['application/problem+json', true, false, true],
  ['application/vnd.api+json;version=2', true, false, true],
  ['*/*', true, true, true],
  ['application/jsonl', false, false, false],
  ['application/json-seq', false, false, false],
  ['text/json', false, false, true],
  ['text/csv', false, false, true],
  ['application/x-www-form-urlencoded', false, false, true],
  ['application/atom+xml', false, false, true],
  ['image/png', false, false, false],
  ['multipart/form-data', false, false, false],
])('%s', (type, json, plain, textual) => {
  it(`is ${json ? '' : 'not '}JSON, ${plain ? '' : 'not '}plain application/json, ${textual ? '' : 'not '}textual`, () => {
    expect([isJsonMediaType(type), isPlainJsonMediaType(type), isTextualMediaType(type)]).toEqual([json, plain, textual]);
  });
});

describe.each<[string, SequenceFormat | undefined]>([
  ['text/event-stream', 'sse'],
  ['Text/Event-Stream; charset=utf-8', 'sse'],
  ['application/jsonl', 'jsonl'],
  ['application/x-ndjson', 'jsonl'],
  ['application/x-jsonlines', 'jsonl'],
  ['application/json-seq', 'json-seq'],
  ['application/json', undefined],
  ['multipart/mixed', undefined],
])('%s', (type, format) => {
  it(`streams as ${format ?? 'nothing'}`, () => {
    expect(sequenceFormatOf(type)).toBe(format);
  });
});

describe('the tag tree (OpenAPI 3.2 parent)', () => {
  it('nests tags under their parents depth first in document order; a missing parent or a cycle is a root', () => {
    const tags = [
      { name: 'b', parent: 'a' },
      { name: 'a', summary: 'A', kind: 'nav' },
      { name: 'c', parent: 'b' },
      { name: 'orphan', parent: 'nowhere' },
      { name: 'x', parent: 'y' },
      { name: 'y', parent: 'x' },
    ];
    expect(tagTree({ tags }).map((t) => `${'  '.repeat(t.depth)}${t.name}`)).toEqual(['a', '  b', '    c', 'orphan', 'x', '  y']);
    expect(tagTree({ tags })[0]).toEqual({ name: 'a', depth: 0, summary: 'A', kind: 'nav' });
  });
});
