/**
 * `serveNode` finds a router's operations in a table of its own instead of asking Hono. The
 * table must choose as the Hono app does (literal segments before templated ones, decoded
 * values, no empty values), or a server would answer differently on Node than elsewhere.
 */
import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RouteTable } from '@svc/server-runtime';

/** The order the router registers its Hono routes in: literal segments sort before templated ones. */
const specificity = (template: string): string =>
  template
    .split('/')
    .map((segment) => (segment.includes('{') ? '\uffff' : segment))
    .join('/');

const honoPath = (template: string): string => {
  let count = 0;
  return template.replace(/\{[^}]+\}/g, () => `:p${count++}`);
};

interface Route {
  method: 'GET' | 'POST';
  template: string;
}

/** What Hono answers: the index of the route and its values, or nothing. */
async function honoLookup(routes: readonly Route[], method: string, path: string): Promise<{ index: number; values: string[] } | undefined> {
  const app = new Hono({ strict: true });
  const order = routes.map((route, index) => ({ route, index })).sort((a, b) => (specificity(a.route.template) < specificity(b.route.template) ? -1 : specificity(a.route.template) > specificity(b.route.template) ? 1 : 0));
  for (const { route, index } of order) {
    const slots = (route.template.match(/\{[^}]+\}/g) ?? []).length;
    app.on(route.method, honoPath(route.template), (c) => c.json({ index, values: Array.from({ length: slots }, (_, i) => c.req.param(`p${i}`)) }));
  }
  const response = await app.request(path, { method });
  return response.status === 200 ? ((await response.json()) as { index: number; values: string[] }) : undefined;
}

function tableLookup(routes: readonly Route[], method: string, path: string): { index: number; values: string[] } | undefined {
  const table = new RouteTable<number>();
  // In the router's order, as `createRouter` adds them; the table must not depend on it for literals.
  routes.forEach((route, index) => table.add(route.method, route.template, index));
  const found = table.lookup(method, path);
  return found ? { index: found.entry, values: [...found.values] } : undefined;
}

const segment = fc.constantFrom('a', 'b', 'items', '{id}', '{name}');
const template = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join('/')}`);
const route = fc.record({ method: fc.constantFrom('GET' as const, 'POST' as const), template });
const routes = fc.uniqueArray(route, { minLength: 1, maxLength: 8, selector: (r) => `${r.method} ${specificity(r.template)}` });
const pathSegment = fc.constantFrom('a', 'b', 'items', 'c', '', '%61', 'x%20y', '42', '%E2%82%AC');
const path = fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`);

describe('the route table of serveNode', () => {
  it('chooses the route and values Hono chooses, for any set of templates and paths', async () => {
    await fc.assert(
      fc.asyncProperty(routes, fc.array(fc.tuple(fc.constantFrom('GET', 'POST'), path), { minLength: 1, maxLength: 6 }), async (table, requests) => {
        for (const [method, sent] of requests) expect(tableLookup(table, method, sent)).toEqual(await honoLookup(table, method, sent));
      }),
      { numRuns: 300 },
    );
  });

  it('prefers literal segments, backtracks into templated ones and decodes values', () => {
    const table = new RouteTable<string>();
    table.add('GET', '/accounts/{id}/buys', 'buys');
    table.add('GET', '/accounts/primary', 'primary');
    table.add('GET', '/accounts/{id}', 'account');
    table.add('GET', '/files/{name}.json', 'file');
    expect(table.lookup('GET', '/accounts/primary')).toEqual({ entry: 'primary', values: [] });
    expect(table.lookup('GET', '/accounts/primary/buys')).toEqual({ entry: 'buys', values: ['primary'] });
    expect(table.lookup('GET', '/accounts/a%2Fb')).toEqual({ entry: 'account', values: ['a/b'] });
    expect(table.lookup('GET', '/files/report.v2.json')).toEqual({ entry: 'file', values: ['report.v2'] });
    expect(table.lookup('GET', '/accounts/')).toBeUndefined();
    expect(table.lookup('POST', '/accounts/primary')).toBeUndefined();
  });
});
