/** The generated package's version comes from the document's `info.version`. */
import { describe, expect, it } from 'vitest';
import { packageVersionOf } from '../../generator/package/assemble.js';

describe('packageVersionOf', () => {
  it.each([
    ['1.0.0', '1.0.0'],
    ['v3.2.1', '3.2.1'],
    ['2.0.0-beta.1', '2.0.0-beta.1'],
    ['2017-08-07', '2017.8.7'],
    ['v1', '1.0.0'],
    ['v2', '2.0.0'],
    ['1.2', '1.2.0'],
    ['latest', '0.0.0'],
  ])('%s -> %s', (apiVersion, version) => {
    expect(packageVersionOf(apiVersion)).toBe(version);
  });
});
