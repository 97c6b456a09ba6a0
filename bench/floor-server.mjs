// The floor of the mock bench: a bare node:http server answering every request with a fixed
// JSON body of the size the mock sends (a create's body is read and parsed first).
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const list = JSON.stringify({ data: Array.from({ length: 4 }, (_, i) => ({ id: `C${i}`, name: `Currency ${i}`, min_size: '0.01' })) });
const created = JSON.stringify({ data: { id: '6f1c2a4e-8a53-4e53-9f4b-2d1f7f0b8c11', status: 'created', resource: 'buy', padding: 'x'.repeat(600) } });
createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    if (body) JSON.parse(body);
    response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    response.end(request.method === 'POST' ? created : list);
  });
}).listen(port, '127.0.0.1');
