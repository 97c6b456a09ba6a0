/**
 * The runtime's date-time and uuid checks, read on the characters for speed, against what they
 * replaced. uuid: the regular expression below. date-time:
 * the runtime's own `date` and `time` checks on the two halves (RFC 3339 as the JSON Schema
 * Test Suite reads it: seconds and an offset with a colon required, lowercase t and z, leap
 * seconds at 23:59:60 UTC), on crafted and on random strings. Then the RFC corners of the
 * other formats, as tables.
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

describe('uuid', () => {
  // RFC 4122's string form; the URN (`urn:uuid:…`) is another form, not a uuid (the JSON Schema Test Suite).
  const regex = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
  const isUuid = stringFormats.uuid!;

  it.each([
    '2bbf394c-193b-5b2a-9155-3b4732659ede',
    '2BBF394C-193B-5B2A-9155-3B4732659EDE',
    'urn:uuid:2bbf394c-193b-5b2a-9155-3b4732659ede',
    'URN:UUID:2bbf394c-193b-5b2a-9155-3b4732659ede',
    '2bbf394c-193b-5b2a-9155-3b4732659ed',
    '2bbf394c-193b-5b2a-9155-3b4732659edeX',
    '2bbf394c1193b-5b2a-9155-3b4732659ede',
    '2bbf394g-193b-5b2a-9155-3b4732659ede',
    'urn:uuid2bbf394c-193b-5b2a-9155-3b4732659ede',
    '2bbf394c-193b-5b2a-9155-3b4732659ede\n',
    '',
  ])('%s as the regular expression says', (value) => {
    expect(isUuid(value)).toBe(regex.test(value));
  });

  it('agrees with it on 5,000 random near-uuids and strings', () => {
    const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFgxz-\u212a'), minLength: length - 1, maxLength: length + 1 });
    const candidate = fc
      .tuple(fc.constantFrom('', 'urn:uuid:', 'URN:uuid:', 'urn:uuid', 'urn-uuid:'), hex(8), hex(4), hex(4), hex(4), hex(12), fc.constantFrom('-', '_', ''))
      .map(([prefix, a, b, c, d, e, dash]) => `${prefix}${a}-${b}-${c}${dash}${d}-${e}`);
    fc.assert(fc.property(fc.oneof(candidate, fc.string()), (value) => isUuid(value) === regex.test(value)), { numRuns: 5_000 });
  });
});

/** The corners of each RFC that the checks once got wrong, as the JSON Schema Test Suite has them. */
describe.each<[string, (value: string) => boolean, readonly string[], readonly string[]]>([
  ['duration', stringFormats.duration!, ['P1Y2M3D', 'P4DT12H30M5S', 'PT1M', 'P2W', 'PT36H'], ['P1Y2D', 'PT1H2S', 'P', 'PT', 'P1W2D', 'P1D1Y']],
  [
    'email',
    stringFormats.email!,
    ['joe.bloggs@example.com', '"joe bloggs"@example.com', '"joe..bloggs"@example.com', '"joe@bloggs"@example.com', 'joe.bloggs@[127.0.0.1]', 'joe.bloggs@[IPv6:::1]'],
    ['.test@example.com', 'te..st@example.com', 'joe.bloggs@[127.0.0.300]', 'joe bloggs@example.com', '@example.com', 'joe.bloggs@', 'a@b@c.com'],
  ],
  [
    'uri',
    stringFormats.uri!,
    ['http://foo.bar/?baz=qux#quux', 'ldap://[2001:db8::7]/c=GB?objectClass?one', "http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", 'urn:oasis:names:docbook', 'http://[V1.fe]', 'file:/etc/hosts'],
    ['http://example.com:abc/path', 'http://[::ffff:01.2.3.4]', 'http:/[::1]', 'https://[@example.org/test.txt', '1http://example.com', 'abc', 'http://example.com/%6G', 'https://example.org/foobar\u00ae.txt'],
  ],
  [
    'uri-reference',
    stringFormats['uri-reference']!,
    ['', '//', '?query=1', './this:that', '#fragment', '/abc'],
    ['/[::1]', '//example.com:abc/p', '//a@b@example.com/', '//[::ffff:192.168.0.01]/p', '1:b', '#frag\\ment'],
  ],
  [
    'iri',
    stringFormats.iri!,
    ['http://ƒøø.ßår/?∂éœ=πîx#πîüx', 'http://[2001:db8::1]', 'http://ƒøø.ßår/\u{10300}', 'http://ƒøø.ßår/?q=\u{F0000}'],
    ['http://2001:0db8:85a3:0000:0000:8a2e:0370:7334', 'http://[::ffff:192.168.0.01]', 'http://ƒøø.ßår/\n', 'âππ', 'http://ƒøø.ßår/#\u{F0000}'],
  ],
  ['uri-template', stringFormats['uri-template']!, ["a'b", '{+var}', '{v:1000}', ''], ['a\u007fb', '{}', '{a,,b}', '{v:0}', 'foo}bar']],
])('%s', (_, check, valid, invalid) => {
  it.each(valid.map((value) => [JSON.stringify(value), value]))('accepts %s', (_text, value) => expect(check(value)).toBe(true));
  it.each(invalid.map((value) => [JSON.stringify(value), value]))('rejects %s', (_text, value) => expect(check(value)).toBe(false));
});
