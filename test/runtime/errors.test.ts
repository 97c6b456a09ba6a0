/** ApiError parsing of the service's error body shapes, and the other error classes. */
import { describe, expect, it } from 'vitest';
import { ApiError, HttpClient, NetworkError, parseErrorBody, TimeoutError } from '../../templates/runtime/src/index.js';
import { api, fakeFetch, json, op } from './fakes.js';

const response = (status: number, statusText = ''): Response => new Response(null, { status, statusText });

describe('parseErrorBody', () => {
  it.each([
    [
      'errors array',
      { errors: [{ id: 'validation_error', message: 'amount is invalid', url: 'https://docs.example.com/errors' }, { id: 'param_required', message: 'currency missing' }] },
      {
        errors: [
          { id: 'validation_error', message: 'amount is invalid', url: 'https://docs.example.com/errors' },
          { id: 'param_required', message: 'currency missing' },
        ],
      },
    ],
    ['OAuth body', { error: 'invalid_request', error_description: 'The request is missing a parameter' }, { errors: [{ id: 'invalid_request', message: 'The request is missing a parameter' }], oauth: { error: 'invalid_request', errorDescription: 'The request is missing a parameter' } }],
    ['errorType body', { errorType: 'unauthorized', errorMessage: 'Invalid JWT' }, { errors: [{ id: 'unauthorized', message: 'Invalid JWT' }] }],
    ['other JSON', { message: 'nope' }, { errors: [] }],
    ['text', 'Bad Gateway', { errors: [] }],
    ['nothing', undefined, { errors: [] }],
  ])('%s', (_name, body, want) => {
    expect(parseErrorBody(body)).toEqual(want);
  });
});

describe('ApiError', () => {
  it('exposes ids, errors and a readable message', () => {
    const error = new ApiError({ status: 402, operationId: 'sendMoney', body: { errors: [{ id: 'two_factor_required', message: 'Two-factor required' }] }, response: response(402) });
    expect(error.message).toBe('402 two_factor_required: Two-factor required');
    expect(error.ids).toEqual(['two_factor_required']);
    expect(error.name).toBe('ApiError');
    expect(error).toBeInstanceOf(Error);
  });

  it('sets oauth for the OAuth shape, and falls back to the status text otherwise', () => {
    const oauth = new ApiError({ status: 401, operationId: 'token', body: { error: 'invalid_grant', error_description: 'expired code' }, response: response(401) });
    expect(oauth.oauth).toEqual({ error: 'invalid_grant', errorDescription: 'expired code' });
    expect(oauth.ids).toEqual(['invalid_grant']);
    expect(oauth.message).toBe('401 invalid_grant: expired code');
    const other = new ApiError({ status: 500, operationId: 'getUser', body: '<html><body>Bad gateway</body></html>', response: response(500, 'Internal Server Error') });
    expect(other.ids).toEqual([]);
    expect(other.message).toBe('500 Internal Server Error (getUser)');
    // The error's own text: a short plain-text body, problem details, a message.
    expect(new ApiError({ status: 500, operationId: 'getUser', body: 'oops', response: response(500) }).message).toBe('500 oops (getUser)');
    const problem = { type: 'about:blank', title: 'Out of stock', detail: 'Only 2 left' };
    expect(new ApiError({ status: 409, operationId: 'order', body: problem, response: response(409) }).message).toBe('409 Out of stock: Only 2 left (order)');
    expect(new ApiError({ status: 400, operationId: 'order', body: { message: 'qty is required' }, response: response(400) }).message).toBe('400 qty is required (order)');
  });

  it('is() recognises ApiErrors, optionally of one operation', () => {
    const error = new ApiError({ status: 404, operationId: 'getBuy', body: {}, response: response(404) });
    expect(ApiError.is(error)).toBe(true);
    expect(ApiError.is(error, 'getBuy')).toBe(true);
    expect(ApiError.is(error, 'listBuys')).toBe(false);
    expect(ApiError.is(new Error('x'))).toBe(false);
    expect(ApiError.is(null)).toBe(false);
  });

  it('is thrown by the client with the parsed body, also for JSON labelled as text', async () => {
    const { fetch } = fakeFetch((_s, i) =>
      i === 0
        ? json({ errors: [{ id: 'not_found', message: 'Not found' }] }, { status: 404 })
        : new Response('{"errorType":"bad_request","errorMessage":"no"}', { status: 400, headers: { 'content-type': 'text/plain' } }),
    );
    const client = new HttpClient(api(), { fetch });
    const first = await client.request(op({ operationId: 'getBuy' })).catch((e: unknown) => e);
    expect(first).toMatchObject({ status: 404, operationId: 'getBuy', ids: ['not_found'], body: { errors: [{ id: 'not_found', message: 'Not found' }] } });
    expect((first as ApiError).response.status).toBe(404);
    await expect(client.request(op())).rejects.toMatchObject({ ids: ['bad_request'] });
  });
});

describe('NetworkError and TimeoutError', () => {
  it('keep their cause', () => {
    const cause = new TypeError('fetch failed');
    expect(new NetworkError({ operationId: 'x', cause }).cause).toBe(cause);
    const timeout = new TimeoutError({ operationId: 'x', timeoutMs: 5, cause });
    expect([timeout.cause, timeout.timeoutMs, timeout.name]).toEqual([cause, 5, 'TimeoutError']);
  });
});
