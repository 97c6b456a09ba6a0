/**
 * The definitions an MCP tool's schema carries: the server follows the schema's `$ref`s into the
 * set's `$defs` (generated tools no longer list them, which was most of a large document's
 * `mcp.ts`), so a tool lists exactly what it reaches, through cycles and encoded names.
 */
import { describe, expect, it } from 'vitest';
import { referencedDefinitions, type ApiToolSet } from '../../templates/runtime/src/mcp.js';

const set: ApiToolSet = {
  name: '@shelf/api',
  version: '1.0.0',
  title: 'Shelf',
  tools: [],
  definitions: {
    Book: { type: 'object', properties: { author: { $ref: '#/$defs/Author' }, sequel: { anyOf: [{ $ref: '#/$defs/Book' }, { type: 'null' }] } } },
    Author: { type: 'object', properties: { books: { type: 'array', items: { $ref: '#/$defs/Book' } }, home: { $ref: '#/$defs/a~1b~0c' } } },
    'a/b~c': { type: 'string' },
    Shelf: { type: 'object', properties: { books: { type: 'array', items: { $ref: '#/$defs/Book' } } } },
    'parameter:expand[]': { type: 'array', items: { type: 'string' } },
    Unused: true,
  },
};

describe('referencedDefinitions', () => {
  it('gives what a schema reaches, sorted, through cycles and encoded names, and nothing else', () => {
    const input = { type: 'object', properties: { book: { $ref: '#/$defs/Book' }, 'expand[]': { $ref: '#/$defs/parameter:expand%5B%5D' } } };
    expect(referencedDefinitions(set, input)).toEqual(['Author', 'Book', 'a/b~c', 'parameter:expand[]']);
    expect(referencedDefinitions(set, { $ref: '#/$defs/Shelf' })).toEqual(['Author', 'Book', 'Shelf', 'a/b~c']);
    expect(referencedDefinitions(set, { type: 'object', properties: { id: { type: 'string', description: '#/$defs/Book is not a reference' } } })).toEqual([]);
    // A reference to a name the set lacks is listed (the schema then says what it is missing), and followed no further.
    expect(referencedDefinitions(set, { $ref: '#/$defs/Missing' })).toEqual(['Missing']);
    // A segment that is not valid percent-encoding is read as written.
    expect(referencedDefinitions(set, { $ref: '#/$defs/100%' })).toEqual(['100%']);
  });
});
