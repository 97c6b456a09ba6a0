/**
 * List answers of documents that are not ours keep their own schema's shape (found by the
 * corpus sweep, each answered 500 before): a list whose items array has `minItems` (Slack's
 * conversations.history) is never empty, an integer next marker (Box) holds the next offset and
 * pages to the end, a `format: uri` next link (Jira) is the list's own URL.
 */
import { describe, expect, it } from 'vitest';
import { loadDocumentMock } from '../../mock/document.js';
import { documentAjv } from '../helpers/document-ajv.js';
import { writeSpec } from '../helpers/generate.js';

const item = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, text: { type: 'string' } } };
const list = (operationId: string, cursor: string, body: object) => ({
  get: {
    operationId,
    parameters: [{ name: cursor, in: 'query', schema: { type: 'string' } }, { name: 'limit', in: 'query', schema: { type: 'integer' } }],
    responses: { '200': { description: 'a page', content: { 'application/json': { schema: body } } } },
  },
});
const message = { $ref: '#/components/schemas/Message' };
const document = {
  openapi: '3.0.3',
  info: { title: 'Lists', version: '1.0.0' },
  components: { schemas: { Message: item } },
  paths: {
    // Messages are made by posting one (so the list starts empty), and a history is never empty.
    '/chat.postMessage': {
      post: {
        operationId: 'postMessage',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } } } },
        responses: { '200': { description: 'posted', content: { 'application/json': { schema: { type: 'object', required: ['ok', 'message'], properties: { ok: { type: 'boolean' }, message } } } } } },
      },
    },
    '/conversations.history': list('conversationsHistory', 'cursor', {
      type: 'object',
      additionalProperties: false,
      required: ['ok', 'messages'],
      properties: { ok: { type: 'boolean' }, messages: { type: 'array', minItems: 1, items: message }, response_metadata: { type: 'object', properties: { next_cursor: { type: 'string' } } } },
    }),
    '/entries': list('listEntries', 'marker', { type: 'object', required: ['entries'], properties: { entries: { type: 'array', items: item }, next_marker: { type: 'integer', format: 'int64' } } }),
    '/webhooks/failed': list('listFailed', 'after', { type: 'object', required: ['values'], properties: { values: { type: 'array', items: item }, next: { type: 'string', format: 'uri' } } }),
  },
};

describe('list answers of a document that is not ours', () => {
  it('hold minItems items, integer markers and URI next links as the schema says, and ajv accepts each', async () => {
    const file = writeSpec(document, 'list-shapes');
    const invalid: string[] = [];
    const mock = await loadDocumentMock(file, { server: { onInvalidResponse: (report) => invalid.push(`${report.operationId}: ${JSON.stringify(report.issues)}`) } });
    const ajv = await documentAjv(file);
    const get = async (operationId: string, path: string): Promise<Record<string, unknown>> => {
      const response = await mock.app.fetch(new Request(`http://mock.test${path}`));
      const body = (await response.json()) as Record<string, unknown>;
      expect(response.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      expect(ajv.response(operationId, 200, body)).toEqual([]);
      return body;
    };
    expect(((await get('conversationsHistory', '/conversations.history')).messages as unknown[]).length).toBeGreaterThanOrEqual(1);
    // The integer marker walks the seeded entries to the end, where the optional field is left out.
    let marker: unknown = undefined;
    const seen: string[] = [];
    for (let page = 0; page < 50; page++) {
      const body = await get('listEntries', `/entries?limit=2${marker === undefined ? '' : `&marker=${String(marker)}`}`);
      seen.push(...(body.entries as { id: string }[]).map((e) => e.id));
      marker = body.next_marker;
      if (marker === undefined) break;
      expect(typeof marker).toBe('number');
    }
    expect(marker).toBeUndefined();
    expect(new Set(seen).size).toBe(seen.length);
    const failed = await get('listFailed', '/webhooks/failed?limit=1');
    if (failed.next !== undefined) expect(new URL(String(failed.next)).pathname).toBe('/webhooks/failed');
    expect(invalid).toEqual([]);
  });
});
