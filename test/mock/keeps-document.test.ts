/**
 * The mock of any document keeps that document's contract in what it fills in itself: error
 * answers in the schema each status declares (an integer code, a required `errors` array, a 422
 * where no 400 is declared), timestamps in their schema's form, no fixture made from an example
 * that contradicts its schema, the same valid answer for every seed of an overlapping union, and
 * every 500 logged with its operation and reason. Judged by ajv over the document itself.
 */
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDocumentMock, type DocumentMock } from '../../mock/document.js';
import { documentAjv, type DocumentAjv } from '../helpers/document-ajv.js';
import { writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

const helpdesk = join(repoRoot, 'test', 'fixtures', 'documents', 'helpdesk.openapi.yaml');

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

async function send(mock: DocumentMock, method: string, path: string, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) };
  const response = await mock.app.fetch(new Request(`http://127.0.0.1${path}`, init));
  const text = await response.text();
  return { status: response.status, contentType: (response.headers.get('content-type') ?? '').split(';')[0]!, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

describe('the mock of the help desk document', () => {
  let mock: DocumentMock;
  let ajv: DocumentAjv;
  const judged = (operationId: string, answer: Answer): string[] => ajv.response(operationId, answer.status, answer.body) ?? [];
  beforeAll(async () => {
    mock = await loadDocumentMock(helpdesk);
    ajv = await documentAjv(helpdesk);
  }, 120_000);

  it('answers an unknown ticket with the integer code the document declares', async () => {
    const answer = await send(mock, 'GET', '/tickets/tkt_missing');
    expect(answer.status).toBe(404);
    expect(judged('getTicket', answer)).toEqual([]);
    expect(answer.body).toMatchObject({ code: 404, message: expect.stringContaining('tkt_missing') });
  });

  it('answers an invalid create with the problem and the errors array the document requires', async () => {
    const answer = await send(mock, 'POST', '/tickets', { subject: '' });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toBe('application/problem+json');
    expect(judged('createTicket', answer)).toEqual([]);
    expect((answer.body as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
  });

  it('answers an invalid update 422 with its required error_type, as the operation declares no 400', async () => {
    const made = await send(mock, 'POST', '/tickets', { subject: 'Printer on fire' });
    const id = (made.body as { id: string }).id;
    const answer = await send(mock, 'PATCH', `/tickets/${id}`, { priority: 9 });
    expect(answer.status).toBe(422);
    expect(judged('updateTicket', answer)).toEqual([]);
    expect(answer.body).toMatchObject({ error_type: 'invalid_request_error' });
    expect(mock.guesses).toContainEqual(expect.objectContaining({ subject: 'updateTicket', guess: expect.stringContaining('400 as 422') }));
  });

  it('stamps created_at and updated_at in Unix seconds, as their schema says', async () => {
    const before = Math.floor(Date.now() / 1000);
    const made = await send(mock, 'POST', '/tickets', { subject: 'Cannot log in', priority: 2 });
    expect(made.status).toBe(201);
    expect(judged('createTicket', made)).toEqual([]);
    const ticket = made.body as { created_at: unknown; updated_at?: unknown; priority: unknown };
    expect(ticket.created_at).toBeTypeOf('number');
    expect(ticket.created_at as number).toBeGreaterThanOrEqual(before);
    expect(ticket.created_at as number).toBeLessThan(before + 60);
    const changed = await send(mock, 'PATCH', `/tickets/${(made.body as { id: string }).id}`, { priority: 3 });
    expect(changed.status).toBe(200);
    expect(judged('updateTicket', changed)).toEqual([]);
  });

  it('never answers with the example that contradicts its schema', async () => {
    for (let i = 0; i < 20; i++) {
      const made = await send(mock, 'POST', '/tickets', { subject: `Ticket ${i}` });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect((made.body as { priority: unknown }).priority).toBeTypeOf('number');
    }
  });

  it('answers every seed of a union whose variants overlap with a valid body', async () => {
    for (let i = 0; i < 24; i++) {
      const answer = await send(mock, 'GET', `/tickets/tkt_${i}/contact`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(judged('getTicketContact', answer)).toEqual([]);
    }
  });
});

describe('a mock that cannot answer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('logs every 500 with the operation and the reason', async () => {
    const file = writeSpec(
      {
        openapi: '3.1.0',
        info: { title: 'Impossible', version: '1.0.0' },
        paths: {
          '/numbers': {
            get: {
              operationId: 'getNumber',
              responses: { '200': { description: 'A number no fixture can be', content: { 'application/json': { schema: { type: 'string', minLength: 5, maxLength: 2 } } } } },
            },
          },
        },
      },
      'impossible',
    );
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
    const mock = await loadDocumentMock(file);
    const answer = await send(mock, 'GET', '/numbers');
    expect(answer.status).toBe(500);
    expect(logged.join('\n')).toMatch(/getNumber answered 500: .*No valid fixture/);
  }, 120_000);
});

describe('examples that contradict their schemas', () => {
  it('are reported once each, with where they are', async () => {
    const { generatePackage } = await import('../../generator/pipeline.js');
    const output = await generatePackage({ file: helpdesk, name: 'helpdesk', parts: ['types'] });
    const misfits = output.diagnostics.filter((d) => d.group === 'example-misfit');
    expect(misfits).toEqual([expect.objectContaining({ level: 'warning', pointer: '/components/schemas/Ticket/properties/priority', message: expect.stringContaining('"2"') })]);
  });
});
