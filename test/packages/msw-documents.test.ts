/**
 * The generated MSW handlers on documents that are not ours (the mock contract's four: a
 * Library Loans API with problem+json errors, binary and CSV answers; Petstore 3.0 and 2.0; the
 * Train Travel API 3.1): every operation, called through the runtime client with seeded
 * arguments, is answered by `setupServer(...handlers())` with its success status (or, where
 * the document declares none, the response it declares), a declared media type and a body
 * ajv accepts over the document itself.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ApiError, HttpClient, toRequestInput, type ApiSpec, type OperationSpec } from '@svc/runtime';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAjv } from '../helpers/document-ajv.js';
import { generateToDisk } from '../helpers/generate.js';
import { DOCUMENTS } from '../helpers/documents.js';

const BASE = 'https://api.documents.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe.each(DOCUMENTS)('$name through its generated MSW handlers', (document) => {
  it('answers every operation as the document declares', async () => {
    const { dir } = await generateToDisk(document.file, `msw-${document.name}`);
    const load = async <T>(module: string): Promise<T> => (await import(pathToFileURL(join(dir, 'src', module)).href)) as T;
    const { api, operations } = await load<{ api: ApiSpec; operations: Record<string, OperationSpec> }>('index.ts');
    const { requestFixture } = await load<{ requestFixture: (id: string) => { params: Record<string, unknown>; body: unknown } }>('fixtures.ts');
    const { handlers } = await load<{ handlers: (options: { baseUrl: string }) => HttpHandler[] }>('msw.ts');
    server.resetHandlers(...handlers({ baseUrl: BASE }));
    const ajv = await documentAjv(document.file);
    const contentTypes: (string | null)[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      contentTypes.push(response.headers.get('content-type'));
      return response;
    };
    // The handlers check no credentials; the client sends some of every kind.
    const client = new HttpClient(api, { baseUrl: BASE, retry: false, fetch: recording, accessToken: 't', basic: { username: 'u', password: 'p' }, apiKeys: Object.fromEntries(Object.keys(api.securitySchemes).map((name) => [name, 'k'])) });
    for (const [operationId, op] of Object.entries(operations)) {
      const { params, body } = requestFixture(operationId);
      const result = await client.request<unknown>(op, toRequestInput(op, params, body), { validateResponse: false }).catch((error: unknown) => {
        if (error instanceof ApiError) return { status: error.status, data: error.body };
        throw error;
      });
      const label = `${document.name} ${operationId} -> ${result.status}`;
      if (Object.keys(op.responses).some((status) => status.startsWith('2'))) expect(result.status >= 200 && result.status < 300, label).toBe(true);
      const media = ajv.mediaTypes(operationId, result.status);
      expect(media, `${label}: the status is not declared`).toBeDefined();
      if (media!.length > 0 && result.status !== 204) expect(media!.map((m) => m.toLowerCase()), label).toContain((contentTypes.at(-1) ?? '').split(';')[0]!.trim().toLowerCase());
      expect(ajv.response(operationId, result.status, result.data) ?? [], `${label}: ajv rejects ${String(JSON.stringify(result.data)).slice(0, 300)}`).toEqual([]);
    }
  }, 120_000);
});
