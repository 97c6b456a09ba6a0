/**
 * The runtime's date-time check, read on the characters for speed, against what it replaced:
 * the runtime's own `date` and `time` checks on the two halves (RFC 3339 as the JSON Schema
 * Test Suite reads it: seconds and an offset with a colon required, lowercase t and z, leap
 * seconds at 23:59:60 UTC), on crafted and on random strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringFormats } from '../../templates/runtime/src/formats.js';

const reference = {
  validate(value: string): boolean {
    const parts = value.split(/t|\s/i);
    return parts.length === 2 && stringFormats.date!(parts[0]!) && stringFormats.time!(parts[1]!);
  },
};
const ours = stringFormats['date-time']!;

describe('date-time', () => {
  it.each([
    '2026-11-23T16:20:00Z',
    '2026-11-23t16:20:00z',
    '2026-11-23 16:20:00.123456+05:30',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60+01:00',
    '2017-01-01T00:59:60+01:00',
    '2024-02-29T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-23T24:00:00Z',
    '2026-11-23T16:20:00',
    '2026-11-23T16:20:00.Z',
    '2026-11-23T16:20:00+0530',
    '2026-11-23T16:20:00Z ',
    '2026-11-23TT16:20:00Z',
  ])('%s as the regular expressions said', (value) => {
    expect(ours(value)).toBe(reference.validate(value));
  });

  it('agrees with them on 5,000 random near-date-times and strings', () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    const candidate = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        two,
        two,
        fc.constantFrom('T', 't', ' ', 'x', '\t'),
        two,
        two,
        fc.constantFrom('00', '59', '60', '61'),
        fc.constantFrom('', '.5', '.123456', '.'),
        fc.constantFrom('Z', 'z', '+00:00', '-23:59', '+24:00', '+05:3', ''),
      )
      .map(([y, mo, d, sep, h, mi, s, frac, zone]) => `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${frac}${zone}`);
    fc.assert(fc.property(fc.oneof(candidate, fc.string()), (value) => ours(value) === reference.validate(value)), { numRuns: 5_000 });
  });
});
