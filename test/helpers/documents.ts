/** Documents that are not ours, for the contract tests of the mock and of the MSW handlers. */
import { join } from 'node:path';
import type { ApiSpec, ClientOptions } from '@svc/runtime';
import { repoRoot } from './spec-files.js';

const examples = (path: string): string => join(repoRoot, 'node_modules', '@readme', 'oas-examples', path);

export interface DocumentCase {
  name: string;
  file: string;
  /** Operations that do not succeed when called once with seeded arguments, and why; they must still answer as declared. */
  notSuccessful?: Record<string, string>;
  /**
   * How much of the MSW contract (test/packages/msw-documents.test.ts) runs on it: all of it
   * (default), the stateful handlers' round trips alone (creates read back and listed under the
   * server path; every operation is judged over HTTP by the mock's contract), or none (a document
   * of streams, which test/mock/streams.test.ts drives through MSW).
   */
  msw?: 'all' | 'round-trips' | 'none';
}

export const DOCUMENTS: readonly DocumentCase[] = [
  { name: 'library', file: join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml') },
  { name: 'helpdesk', file: join(repoRoot, 'test', 'fixtures', 'documents', 'helpdesk.openapi.yaml') },
  { name: 'inference', file: join(repoRoot, 'test', 'fixtures', 'documents', 'inference.openapi.yaml'), msw: 'none' },
  { name: 'petstore', file: examples('3.0/json/petstore.json') },
  { name: 'petstore-expanded', file: examples('3.0/json/petstore-expanded.json') },
  { name: 'petstore-swagger2', file: examples('2.0/json/petstore.json') },
  { name: 'train-travel', file: examples('3.1/json/train-travel.json') },
  // Through MSW its round trips alone: its 304 operations are judged over HTTP by the mock's contract.
  { name: 'openai', file: join(repoRoot, 'test', 'corpus', 'openai', 'openapi.yaml'), msw: 'round-trips' },
];

/** What the client sends for each scheme, from what the mock hands out (`credentials.schemes`). */
export function clientCredentials(api: ApiSpec, schemes: Record<string, string>): ClientOptions {
  const options: ClientOptions = {};
  for (const [name, value] of Object.entries(schemes)) {
    const scheme = api.securitySchemes[name];
    if (scheme?.type === 'apiKey') options.apiKeys = { ...options.apiKeys, [name]: value };
    else if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') options.basic = { username: value.slice(0, value.indexOf(':')), password: value.slice(value.indexOf(':') + 1) };
    else options.accessToken ??= value;
  }
  return options;
}
