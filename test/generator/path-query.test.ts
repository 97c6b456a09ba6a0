/**
 * Path keys that carry a query string (`/responses?beta=true`, as OpenAI's description writes
 * its beta operations): the operation is at the path, and the query is sent by the client on
 * every call and is a condition of matching in the server stub (with Hono and without) and in
 * the MSW handlers (regression: the handlers' URLs kept `?beta=true`, MSW warned, and the beta
 * handler answered the plain path).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HttpClient, toRequestInput, type ApiSpec, type OperationSpec } from '@svc/runtime';
import type { Hono } from 'hono';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToDisk, writeSpec } from '../helpers/generate.js';
import { servedOverNode } from '../helpers/server-stub.js';
import type { PackageOutput } from '../../generator/pipeline.js';

const answer = (kind: string) => ({
  description: 'ok',
  content: { 'application/json': { schema: { type: 'object', required: ['kind'], properties: { kind: { const: kind } } } } },
});
const spec = {
  openapi: '3.1.0',
  info: { title: 'Responses', version: '1.0.0' },
  servers: [{ url: 'https://api.responses.test/v1' }],
  paths: {
    '/responses': { post: { operationId: 'createResponse', responses: { '200': answer('stable') } } },
    '/responses?beta=true': { post: { operationId: 'createBetaResponse', responses: { '200': answer('beta') } } },
    '/responses/compact?beta=true&mode=fast': { post: { operationId: 'compactResponses', responses: { '200': answer('compact') } } },
  },
};

interface Generated {
  dir: string;
  output: PackageOutput;
  load<T>(module: string): Promise<T>;
}
let generated: Promise<Generated> | undefined;
const generate = (): Promise<Generated> =>
  (generated ??= generateToDisk(writeSpec(spec, 'path-query'), 'path-query').then(({ dir, output }) => ({
    dir,
    output,
    load: async <T>(module: string) => (await import(pathToFileURL(join(dir, 'src', module)).href)) as T,
  })));

type Factory = (handlers: Record<string, () => unknown>) => Hono;
const serverOf = async (): Promise<{ create: Factory; serveNode: (app: Hono) => Promise<{ url: string; close(): Promise<void> }> }> => {
  const module = await (await generate()).load<Record<string, unknown>>('server.ts');
  return { create: module.createPathQueryServer as Factory, serveNode: module.serveNode as never };
};
const servedUrl = servedOverNode(serverOf);

describe('a path key with a query string', () => {
  it('is an operation at the path, with the query fixed, and a located warning', async () => {
    const { output, load } = await generate();
    const { operations } = await load<{ operations: Record<string, OperationSpec> }>('index.ts');
    expect(operations.createBetaResponse).toMatchObject({ path: '/responses', query: { beta: 'true' } });
    expect(operations.compactResponses).toMatchObject({ path: '/responses/compact', query: { beta: 'true', mode: 'fast' } });
    expect(operations.createResponse!.query).toBeUndefined();
    expect(output.diagnostics).toContainEqual(
      expect.objectContaining({ level: 'warning', pointer: '/paths/~1responses?beta=true', message: expect.stringContaining('the operations are at /responses, with beta=true sent on every call') }),
    );
  });

  it('is sent by the client and told apart by the server stub, with Hono and over node:http', async () => {
    const { load } = await generate();
    const { api, operations } = await load<{ api: ApiSpec; operations: Record<string, OperationSpec> }>('index.ts');
    const { create } = await serverOf();
    const reply = (kind: string) => () => ({ status: 200, body: { kind } });
    const app = create({ createResponse: reply('stable'), createBetaResponse: reply('beta'), compactResponses: reply('compact') });
    for (const baseUrl of ['http://in-memory.test/v1', `${await servedUrl(app)}/v1`]) {
      const sent: string[] = [];
      const viaApp: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        sent.push(request.url);
        // The stub's routes start at the server path; the app is asked without it.
        if (baseUrl.startsWith('http://in-memory.test')) return app.fetch(new Request(request.url.replace('/v1/', '/'), request));
        return fetch(request.url.replace('/v1/', '/'), { method: request.method, headers: request.headers });
      };
      const client = new HttpClient(api, { baseUrl, retry: false, fetch: viaApp });
      const call = async (id: string): Promise<unknown> => (await client.request(operations[id]!, toRequestInput(operations[id]!, {}, undefined))).data;
      expect(await call('createBetaResponse')).toEqual({ kind: 'beta' });
      expect(await call('createResponse')).toEqual({ kind: 'stable' });
      expect(await call('compactResponses')).toEqual({ kind: 'compact' });
      expect(sent.map((url) => new URL(url).search)).toEqual(['?beta=true', '', '?beta=true&mode=fast']);
    }
    // Without the query it asks for, an operation alone at its path is not matched.
    const plain = await app.fetch(new Request('http://in-memory.test/responses/compact?beta=true', { method: 'POST' }));
    expect(plain.status).toBe(404);
    expect(((await plain.json()) as { message: string }).message).toContain('without beta=true&mode=fast in the query');
  });
});

describe('the MSW handlers of such operations', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('match on the path and answer by the query', async () => {
    const { load } = await generate();
    const { handlers } = await load<{ handlers: () => HttpHandler[] }>('msw.ts');
    server.resetHandlers(...handlers());
    const post = async (url: string): Promise<unknown> => (await fetch(url, { method: 'POST' })).json();
    expect(await post('https://api.responses.test/v1/responses?beta=true')).toEqual({ kind: 'beta' });
    expect(await post('https://api.responses.test/v1/responses')).toEqual({ kind: 'stable' });
    expect(await post('https://api.responses.test/v1/responses/compact?mode=fast&beta=true')).toEqual({ kind: 'compact' });
  });
});
