/**
 * A synthetic OpenAPI 3.1 document with `operations` operations: resources of five
 * operations each (list, create, get, update, delete), every resource with a schema of
 * a dozen properties that references the previous one of its group, so size grows linearly.
 */
export function syntheticDocument(operations: number): object {
  const resources = Math.ceil(operations / 5);
  const paths: Record<string, object> = {};
  const schemas: Record<string, object> = {};
  const ref = (name: string): object => ({ $ref: `#/components/schemas/${name}` });
  const ok = (schema: object): object => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
  let count = 0;
  for (let r = 0; r < resources; r++) {
    const name = `Resource${r}`;
    schemas[name] = {
      type: 'object',
      description: `Resource number ${r}.`,
      required: ['id', 'name', 'createdAt'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string', minLength: 1, maxLength: 200 },
        description: { type: ['string', 'null'] },
        createdAt: { type: 'string', format: 'date-time' },
        count: { type: 'integer', minimum: 0 },
        ratio: { type: 'number' },
        active: { type: 'boolean' },
        status: { type: 'string', enum: ['pending', 'active', 'archived'] },
        tags: { type: 'array', items: { type: 'string' } },
        metadata: { type: 'object', additionalProperties: { type: 'string' } },
        address: { type: 'object', properties: { line1: { type: 'string' }, city: { type: 'string' }, country: { type: 'string' } } },
        // Each resource refers to the one before within its group of 20: chains of $refs stay
        // short, as in real documents (a chain through the whole document makes swagger-parser's
        // full dereference quadratic: 46 s of loading at 5,000 operations).
        ...(r % 20 > 0 ? { previous: ref(`Resource${r - 1}`) } : {}),
      },
    };
    schemas[`${name}Input`] = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, description: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
    };
    const tag = `group${Math.floor(r / 20)}`;
    const collection = `/resources${r}`;
    const item = `${collection}/{id}`;
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    const all: [string, string, object][] = [
      [collection, 'get', { operationId: `listResource${r}`, tags: [tag], parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: ok({ type: 'array', items: ref(name) }) }],
      [collection, 'post', { operationId: `createResource${r}`, tags: [tag], requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Input`) } } }, responses: ok(ref(name)) }],
      [item, 'get', { operationId: `getResource${r}`, tags: [tag], parameters: [id], responses: ok(ref(name)) }],
      [item, 'patch', { operationId: `updateResource${r}`, tags: [tag], parameters: [id], requestBody: { content: { 'application/json': { schema: ref(`${name}Input`) } } }, responses: ok(ref(name)) }],
      [item, 'delete', { operationId: `deleteResource${r}`, tags: [tag], parameters: [id], responses: { '204': { description: 'deleted' } } }],
    ];
    for (const [path, method, operation] of all) {
      if (count++ >= operations) break;
      paths[path] = { ...(paths[path] ?? {}), [method]: operation };
    }
  }
  return { openapi: '3.1.0', info: { title: `Synthetic ${operations}`, version: '1.0.0' }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } };
}
