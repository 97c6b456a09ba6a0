/**
 * Unknown option names: a TypeError at run time, with the closest known name. The compile
 * error in object literals, which runs tsc, is in test/generator/client-options.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../templates/runtime/src/index.js';
import { api, fakeFetch, json, op } from './fakes.js';

describe('client options', () => {
  it('rejects an unknown client option at construction, naming the closest known one', () => {
    const misspelled = { baseURL: 'https://api.example.com' } as object;
    expect(() => new HttpClient(api(), misspelled)).toThrow(/Unknown client option `baseURL`\. Did you mean `baseUrl`\?/);
    expect(() => new HttpClient(api(), { validateResponse: true } as object)).toThrow(/Did you mean `validateResponses`\?/);
    expect(() => new HttpClient(api(), { frobnicate: 1 } as object)).toThrow(/Unknown client option `frobnicate`\. Known options: /);
  });

  it('rejects an unknown call option before anything is sent', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const client = new HttpClient(api(), { fetch });
    await expect(client.request(op(), {}, { timeout: 5 } as object)).rejects.toThrow(/Unknown call option `timeout`\. Did you mean `timeoutMs`\?/);
    expect(seen).toHaveLength(0);
  });
});
