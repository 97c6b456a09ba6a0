/** One answer to "is this media type JSON?" for every stage (model/media.ts), as a table. */
import { describe, expect, it } from 'vitest';
import { isJsonMediaType, isPlainJsonMediaType, isTextualMediaType, sequenceFormatOf, type SequenceFormat } from '../../generator/model/media.js';
import { tagTree } from '../../generator/model/derive.js';
import { decodedEventSchema, isEventObjectSchema, PLAIN_EVENT, streamFlagOf } from '../../generator/model/streams.js';

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

describe('an SSE schema before 3.2 (no itemSchema): the event object, or its data', () => {
  const components: Record<string, Record<string, unknown>> = {
    Chunk: { type: 'object', properties: { id: { type: 'string' }, choices: { type: 'array' } } },
    Event: { type: 'object', required: ['data'], properties: { data: { type: 'string' }, event: { type: 'string' } } },
  };
  const deref = (value: unknown): Record<string, unknown> => {
    const ref = (value as { $ref?: string } | undefined)?.$ref;
    return ref === undefined ? ((value ?? {}) as Record<string, unknown>) : components[ref.split('/').pop()!]!;
  };
  const event = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  it.each<[string, unknown, boolean]>([
    ['data and event', event({ data: { type: 'string' }, event: { type: 'string' } }), true],
    ['every event field', event({ data: {}, event: {}, id: {}, retry: {} }), true],
    ['through $ref', { $ref: '#/components/schemas/Event' }, true],
    ['a union of events', { oneOf: [event({ data: {}, event: { const: 'a' } }), event({ data: {}, event: { const: 'b' } })] }, true],
    ['event fields through allOf', { allOf: [event({ data: {} }), event({ id: {} })] }, true],
    ['a payload', { $ref: '#/components/schemas/Chunk' }, false],
    ['a payload with a `data` field among others', event({ data: {}, object: {} }), false],
    ['event fields without `data`', event({ event: {}, id: {} }), false],
    ['a union with one payload', { anyOf: [event({ data: {} }), { $ref: '#/components/schemas/Chunk' }] }, false],
  ])('%s: %s', (_, schema, isEvent) => {
    expect(isEventObjectSchema(schema, deref)).toBe(isEvent);
    const decoded = decodedEventSchema(schema, deref, true);
    expect(decoded.items).toBe(isEvent ? undefined : 'data');
    if (!isEvent) expect(decoded).toEqual({ schema, jsonData: true, items: 'data' });
  });

  it.each<[string, unknown, boolean | readonly string[]]>([
    ['text data', event({ data: { type: 'string' }, event: { type: 'string' } }), false],
    ['data of any shape', event({ data: {} }), false],
    ['text or null', event({ data: { type: ['string', 'null'] } }), false],
    ['object data', event({ data: { type: 'object', properties: { n: { type: 'integer' } } }, event: { type: 'string' } }), true],
    ['data without a type but with properties', event({ data: { properties: { n: {} } } }), true],
    ['integer data', event({ data: { type: 'integer' } }), true],
    ['events of two names, one with object data', { oneOf: [{ ...event({ data: { type: 'object' }, event: { const: 'step' } }), required: ['event'] }, { ...event({ data: { type: 'string' }, event: { const: 'note' } }), required: ['event'] }] }, ['step']],
    // An event may come without a name (a `message`): its data's shape decides.
    ['object data, the event name optional', event({ data: { type: 'object' }, event: { type: 'string', enum: ['progress', 'done'] } }), true],
  ])('an event object whose data is %s: JSON %s', (_, schema, jsonData) => {
    // Before 3.2 a `data` that cannot be text is JSON (it was written as `[object Object]`, or read as a string its schema refuses).
    const decoded = decodedEventSchema(schema, deref, true);
    expect(decoded).toEqual({ schema, jsonData });
  });

  it('a string schema stays text events; an itemSchema is never the data', () => {
    expect(decodedEventSchema({ type: 'string' }, deref, true)).toEqual({ schema: PLAIN_EVENT, jsonData: false });
    expect(decodedEventSchema({ $ref: '#/components/schemas/Chunk' }, deref, false).items).toBeUndefined();
  });
});

describe.each<[string, unknown, string | undefined]>([
  ['boolean `stream`', { type: 'object', properties: { stream: { type: 'boolean' } } }, 'stream'],
  ['3.1 nullable', { type: 'object', properties: { stream: { type: ['boolean', 'null'] } } }, 'stream'],
  ['anyOf boolean, null', { type: 'object', properties: { stream: { anyOf: [{ type: 'boolean' }, { type: 'null' }] } } }, 'stream'],
  ['3.0 nullable', { type: 'object', properties: { streaming: { type: 'boolean', nullable: true } } }, 'streaming'],
  ['through allOf', { allOf: [{ type: 'object', properties: { model: { type: 'string' } } }, { properties: { stream: { type: 'boolean' } } }] }, 'stream'],
  ['a string `stream`', { type: 'object', properties: { stream: { type: 'string', enum: ['sse', 'audio'] } } }, undefined],
  ['another boolean', { type: 'object', properties: { store: { type: 'boolean' } } }, undefined],
  ['no body schema', undefined, undefined],
])('the body flag that asks for the stream: %s', (_, body, flag) => {
  it(`is ${flag ?? 'none'}`, () => {
    expect(streamFlagOf(body, (value) => (value ?? {}) as Record<string, unknown>)).toBe(flag);
  });
});
