/** One answer to "is this media type JSON?" for every stage (model/media.ts), as a table. */
import { describe, expect, it } from 'vitest';
import { isJsonMediaType, isPlainJsonMediaType, isTextualMediaType } from '../../generator/model/media.js';

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
