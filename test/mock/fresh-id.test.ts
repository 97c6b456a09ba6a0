/**
 * freshId: the ids the mock gives new resources are a function of the key alone and keep
 * the shape of the seeded id. They must not change between versions either: apps and
 * tests built against the mock see the same ids for the same calls. The expected values
 * were produced before ids were built from a table of hex bytes instead of `toString(16)`.
 */
import fc from 'fast-check';
import { freshId, hashSeed } from '@svc/mock-runtime';
import { describe, expect, it } from 'vitest';

describe('freshId', () => {
  it('gives the same ids as before, in the shape of the seeded id', () => {
    const cases: [unknown, string, string | number][] = [
      ['2bbf394c-193b-5b2a-9155-3b4732659ede', 'subject\0/v2/accounts/{account_id}/buys\0a\u00001', 'f6341fe4-ccdc-4500-83f8-44fea79bc8ed'],
      ['2bbf394c-193b-5b2a-9155-3b4732659ede', 'k\u00002', '997efe3f-919e-4103-b464-cb5c0ceca6bb'],
      ['deadbeefcafe0123', 'hex key', '477daedaa67466a9'],
      ['abcdef0123456789abcdef0123', 'odd length key', '3a1cf52233a408bee4c1ad07fd'],
      [42, 'number key', 185044319],
      ['acct', 'plain key', 'acct-43uyjw'],
      [undefined, 'no previous', 'id-gnt78j'],
    ];
    for (const [previous, key, expected] of cases) expect(freshId(previous, key), key).toBe(expected);
  });

  it('keeps a uuid a version-4 uuid and differs between keys', () => {
    const ids = new Set(Array.from({ length: 1000 }, (_, i) => freshId('2bbf394c-193b-5b2a-9155-3b4732659ede', `key ${i}`)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('lays a uuid out as the 32 hex digits of its xorshift words, with version and variant put in', () => {
    // How uuids were first made: the words' hex digits in a row, then sliced.
    const reference = (key: string): string => {
      let state = hashSeed(key) || 1;
      let h = '';
      while (h.length < 32) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        h += (state >>> 0).toString(16).padStart(8, '0');
      }
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    };
    fc.assert(fc.property(fc.string(), (key) => freshId('2bbf394c-193b-5b2a-9155-3b4732659ede', key) === reference(key)), { numRuns: 2_000 });
  });
});
