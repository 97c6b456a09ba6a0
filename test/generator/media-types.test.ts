/**
 * Bodies that are not JSON, through a generated client against a loopback server: binary
 * downloads come back as a Blob (regression: typed and validated as a string, so every download
 * threw ResponseValidationError), multipart file parts and binary uploads are typed as bytes
 * (regression: `string`, so a Blob did not compile and validateRequests rejected it), text as text.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importGenerated, typeCheckPackage } from '../helpers/generate.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Files', version: '1' },
  servers: [{ url: 'https://files.example.com' }],
  paths: {
    '/files/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'downloadFile',
        responses: { '200': { description: 'the bytes', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } },
      },
      put: {
        operationId: 'replaceFile',
        requestBody: { required: true, content: { 'image/png': {} } },
        responses: { '204': { description: 'stored' } },
      },
    },
    '/files': {
      post: {
        operationId: 'uploadFile',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file', 'name'],
                properties: { file: { type: 'string', format: 'binary' }, name: { type: 'string' }, thumbnail: { type: 'string', contentMediaType: 'image/png' } },
              },
            },
          },
        },
        responses: { '201': { description: 'stored', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
      },
    },
    '/readme': {
      get: { operationId: 'getReadme', responses: { '200': { description: 'text', content: { 'text/markdown': { schema: { type: 'string' } } } } } },
    },
  },
};

type Client = {
  default: {
    downloadFile(params: { id: string }): Promise<Blob>;
    replaceFile(params: { id: string }, body: unknown): Promise<undefined>;
    uploadFile(body: { file: Blob; name: string; thumbnail?: Blob }): Promise<{ id?: string }>;
    getReadme(): Promise<string>;
  };
};
type Mod = { MediaTypesClient: new (options: { baseUrl: string; validateRequests?: boolean }) => Client };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('media types', () => {
  it('downloads a binary body as a Blob, also when the server labels it otherwise', async () => {
    const { MediaTypesClient: FilesClient } = await importGenerated<Mod>(spec, 'media-types');
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
    server = await startServer(() => ({ status: 200, raw: bytes, headers: { 'content-type': 'text/plain' } }));
    const file = await new FilesClient({ baseUrl: server.baseUrl }).default.downloadFile({ id: 'f1' });
    expect(file).toBeInstanceOf(Blob);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it('uploads a multipart form with a Blob part, validated, and raw bytes as a binary body', async () => {
    const { MediaTypesClient: FilesClient } = await importGenerated<Mod>(spec, 'media-types');
    server = await startServer((request) => (request.method === 'POST' ? { status: 201, body: { id: 'f2' } } : { status: 204 }));
    const client = new FilesClient({ baseUrl: server.baseUrl, validateRequests: true });
    const stored = await client.default.uploadFile({ file: new Blob(['hello'], { type: 'text/plain' }), name: 'greeting.txt', thumbnail: new Blob(['png']) });
    expect(stored).toEqual({ id: 'f2' });
    const form = server.requests[0]!;
    expect(form.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.body).toMatch(/name="file"[^\r]*\r\nContent-Type: text\/plain\r\n\r\nhello/);
    expect(form.body).toMatch(/name="name"\r\n\r\ngreeting\.txt/);
    await client.default.replaceFile({ id: 'f3' }, new Uint8Array([137, 80, 78, 71]));
    expect(server.requests[1]!.headers['content-type']).toBe('image/png');
    // A string where a file is expected is caught before sending.
    await expect(client.default.uploadFile({ file: 'not a file' as unknown as Blob, name: 'x' })).rejects.toThrow(/body\.file/);
  });

  it('reads a text body as a string', async () => {
    const { MediaTypesClient: FilesClient } = await importGenerated<Mod>(spec, 'media-types');
    server = await startServer(() => ({ status: 200, raw: '# Title\n', headers: { 'content-type': 'text/markdown' } }));
    await expect(new FilesClient({ baseUrl: server.baseUrl }).default.getReadme()).resolves.toBe('# Title\n');
  });

  it('types files as Blob and binary bodies as any bytes fetch sends', async () => {
    const mod = await importGenerated(spec, 'media-types-tsc');
    writeFileSync(
      join(mod.__dir, 'src', 'usage.ts'),
      `import { MediaTypesTscClient } from './client.js';
const client = new MediaTypesTscClient();
export const blob: Promise<Blob> = client.default.downloadFile({ id: 'a' });
export const up = client.default.uploadFile({ file: new Blob(['x']), name: 'x' });
export const put = client.default.replaceFile({ id: 'a' }, new ArrayBuffer(4));
export const text: Promise<string> = client.default.getReadme();
`,
    );
    await expect(typeCheckPackage(mod.__dir)).resolves.toBeUndefined();
  });
});
