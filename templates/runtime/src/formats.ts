/**
 * JSON Schema `format`s, checked as ajv-formats' full mode checks them (RFC 3339 dates and
 * times with lowercase `t`/`z` and leap seconds, RFC 3986 URIs, ...). Formats apply to strings
 * only; a format not listed here or in `idn.ts` (host names, with Unicode's tables) is an annotation.
 */
import type { z } from 'zod';

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!);
}

/** RFC 3339 full-time: seconds and an offset are required; a leap second only at 23:59:60 UTC. */
function isTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|([+-])(\d{2}):(\d{2}))$/i.exec(value);
  if (!match) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const sign = match[6] === '-' ? -1 : 1;
  const [offsetHour, offsetMinute] = [Number(match[7] ?? 0), Number(match[8] ?? 0)];
  if (hour > 23 || minute > 59 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  // 23:59:60 in UTC: shift the local time by the offset.
  const utcMinutes = (((hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute)) % 1440) + 1440) % 1440;
  return second === 60 && utcMinutes === 23 * 60 + 59;
}

/** The last date-time checked and its verdict: a message's timestamps are often all alike. */
let lastDateTime = '';
let lastDateTimeValid = false;

/** The digit at `i`, or -1. */
const digitAt = (value: string, i: number): number => {
  const code = value.charCodeAt(i) - 48;
  return code >= 0 && code <= 9 ? code : -1;
};

/** A two-digit number at `i`, or -1. */
const twoDigits = (value: string, i: number): number => {
  const tens = digitAt(value, i);
  const ones = digitAt(value, i + 1);
  return tens < 0 || ones < 0 ? -1 : tens * 10 + ones;
};

/**
 * RFC 3339 date-time, read on its characters (the form's positions are fixed up to the
 * seconds): the rules of `isDate` and `isTime`, at a seventh of the cost of matching both.
 */
function isDateTime(value: string): boolean {
  if (value === lastDateTime) return lastDateTimeValid;
  const valid = checkDateTime(value);
  lastDateTime = value;
  lastDateTimeValid = valid;
  return valid;
}

function checkDateTime(value: string): boolean {
  const length = value.length;
  if (length < 20) return false;
  const [y0, y1, y2, y3] = [digitAt(value, 0), digitAt(value, 1), digitAt(value, 2), digitAt(value, 3)];
  if (y0 < 0 || y1 < 0 || y2 < 0 || y3 < 0 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!)) return false;
  const separator = value.charCodeAt(10);
  if (separator !== 84 && separator !== 116 && !/\s/.test(value.charAt(10))) return false;
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  const second = twoDigits(value, 17);
  if (hour < 0 || minute < 0 || second < 0 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return false;
  let i = 19;
  if (value.charCodeAt(i) === 46) {
    i++;
    const start = i;
    while (i < length && digitAt(value, i) >= 0) i++;
    if (i === start) return false;
  }
  let sign = 1;
  let offsetHour = 0;
  let offsetMinute = 0;
  const zone = value.charCodeAt(i);
  if (zone === 90 || zone === 122) {
    if (i !== length - 1) return false;
  } else if (zone === 43 || zone === 45) {
    if (length - i !== 6 || value.charCodeAt(i + 3) !== 58) return false;
    sign = zone === 45 ? -1 : 1;
    offsetHour = twoDigits(value, i + 1);
    offsetMinute = twoDigits(value, i + 4);
    if (offsetHour < 0 || offsetMinute < 0) return false;
  } else return false;
  if (hour > 23 || minute > 59 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  // 23:59:60 in UTC only: shift the local time by the offset.
  const utcMinutes = (((hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute)) % 1440) + 1440) % 1440;
  return second === 60 && utcMinutes === 23 * 60 + 59;
}

/**
 * RFC 3339 appendix A: units in order, none skipped between the first and the last
 * (`P1Y2D` and `PT1H2S` are not durations), weeks alone.
 */
const DURATION =
  /^P(?:(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$/;
/** RFC 5321 mailbox parts: a dot-atom or quoted local part; a domain name or an address literal. */
const EMAIL_LOCAL_ATOMS = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const EMAIL_LOCAL_QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
const EMAIL_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** Hex digits by character code (either case). */
const HEX_DIGIT = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const digit of '0123456789abcdefABCDEF') table[digit.charCodeAt(0)] = 1;
  return table;
})();

/**
 * RFC 4122's string form, `^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$` (case-insensitive; no `urn:uuid:`), read on the
 * characters: a regular expression costs several times more per call, and answers carry many ids.
 */
function isUuid(value: string): boolean {
  if (value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const code = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return false;
    } else if (code > 127 || HEX_DIGIT[code] === 0) return false;
  }
  return true;
}
const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const URI_TEMPLATE =
  /^(?:[^\x00-\x20\x7f"<>%\\^`{|}]|%[0-9a-f]{2}|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9]\d{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9]\d{0,3}|\*)?)*\})*$/i;

function isIpv6(value: string): boolean {
  let address = value;
  // An IPv4 address may end it, in place of the last two groups.
  let embedded = 0;
  if (address.includes('.')) {
    const last = address.lastIndexOf(':');
    if (last < 0 || !IPV4.test(address.slice(last + 1))) return false;
    address = address.slice(0, last + 1);
    if (!address.endsWith('::')) address = address.slice(0, -1);
    embedded = 2;
  }
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return false;
  const count = groups.length + embedded;
  return halves.length === 2 ? count < 8 : count === 8;
}

const isIdnEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+$/.test(value);

function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!EMAIL_LOCAL_ATOMS.test(local) && !EMAIL_LOCAL_QUOTED.test(local)) return false;
  if (!domain.startsWith('[')) return EMAIL_DOMAIN.test(domain);
  if (!domain.endsWith(']')) return false;
  const literal = domain.slice(1, -1);
  return literal.startsWith('IPv6:') ? isIpv6(literal.slice(5)) : IPV4.test(literal);
}

/**
 * The characters of each part of an RFC 3986 URI, beyond percent escapes; an IRI (RFC 3987)
 * also allows the Unicode characters of `ucschar`, and `iprivate` in its query.
 */
const UNRESERVED_AND_SUB_DELIMS = "A-Za-z0-9\\-._~!$&'()*+,;=";
const UCSCHAR =
  '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
const partOf = (chars: string): RegExp => new RegExp(`^(?:[${chars}]|%[0-9A-Fa-f]{2})*$`, 'u');
const uriParts = (extra: string, query: string) => ({
  userinfo: partOf(`${UNRESERVED_AND_SUB_DELIMS}:${extra}`),
  host: partOf(`${UNRESERVED_AND_SUB_DELIMS}${extra}`),
  path: partOf(`${UNRESERVED_AND_SUB_DELIMS}:@/${extra}`),
  query: partOf(`${UNRESERVED_AND_SUB_DELIMS}:@/?${extra}${query}`),
  fragment: partOf(`${UNRESERVED_AND_SUB_DELIMS}:@/?${extra}`),
});
const URI_PARTS = /* @__PURE__ */ uriParts('', '');
const IRI_PARTS = /* @__PURE__ */ uriParts(UCSCHAR, IPRIVATE);
/** RFC 3986 appendix B: scheme, authority, path, query and fragment of any string. */
const REFERENCE = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const SCHEME = /^[a-z][a-z0-9+.-]*$/i;
const IP_FUTURE = /^v[0-9a-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/i;

/** A URI reference (RFC 3986) or an IRI reference (RFC 3987); `absolute` requires a scheme. */
function isReference(value: string, parts: typeof URI_PARTS, absolute: boolean): boolean {
  const match = REFERENCE.exec(value);
  if (!match) return false;
  const [, scheme, authority, path = '', query, fragment] = match;
  // A first segment with a colon reads as a scheme: a relative reference cannot have one.
  if (scheme === undefined ? absolute : !SCHEME.test(scheme)) return false;
  if (authority !== undefined) {
    const at = authority.indexOf('@');
    if (at >= 0 && !parts.userinfo.test(authority.slice(0, at))) return false;
    const hostAndPort = authority.slice(at + 1);
    let port = '';
    if (hostAndPort.startsWith('[')) {
      const close = hostAndPort.indexOf(']');
      const literal = hostAndPort.slice(1, close);
      if (close < 0 || !(isIpv6(literal) || IP_FUTURE.test(literal))) return false;
      const rest = hostAndPort.slice(close + 1);
      if (rest !== '' && !rest.startsWith(':')) return false;
      port = rest.slice(1);
    } else {
      const colon = hostAndPort.lastIndexOf(':');
      if (!parts.host.test(colon < 0 ? hostAndPort : hostAndPort.slice(0, colon))) return false;
      port = colon < 0 ? '' : hostAndPort.slice(colon + 1);
    }
    if (!/^\d*$/.test(port)) return false;
  }
  return (
    parts.path.test(path) &&
    (query === undefined || parts.query.test(query)) &&
    (fragment === undefined || parts.fragment.test(fragment))
  );
}

function isRegex(value: string): boolean {
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}

function isUrl(value: string): boolean {
  if (!/^(?:https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const isDuration = (value: string): boolean => DURATION.test(value);
const isUri = (value: string): boolean => isReference(value, URI_PARTS, true);
const isUriReference = (value: string): boolean => isReference(value, URI_PARTS, false);
const isIri = (value: string): boolean => isReference(value, IRI_PARTS, true);
const isIriReference = (value: string): boolean => isReference(value, IRI_PARTS, false);
const isUriTemplate = (value: string): boolean => URI_TEMPLATE.test(value);
const isIpv4 = (value: string): boolean => IPV4.test(value);
const isJsonPointer = (value: string): boolean => JSON_POINTER.test(value);
const isRelativeJsonPointer = (value: string): boolean => RELATIVE_JSON_POINTER.test(value);
const isByte = (value: string): boolean => BASE64.test(value);

/** Every string format with a check, by its name in a schema (`hostname` and `idn-hostname`: `idn.ts`). */
export const stringFormats: Readonly<Record<string, (value: string) => boolean>> = {
  date: isDate,
  time: isTime,
  'date-time': isDateTime,
  duration: isDuration,
  uri: isUri,
  'uri-reference': isUriReference,
  iri: isIri,
  'iri-reference': isIriReference,
  'uri-template': isUriTemplate,
  url: isUrl,
  email: isEmail,
  'idn-email': isIdnEmail,
  ipv4: isIpv4,
  ipv6: isIpv6,
  regex: isRegex,
  uuid: isUuid,
  'json-pointer': isJsonPointer,
  'relative-json-pointer': isRelativeJsonPointer,
  byte: isByte,
};

/**
 * A zod check that reports `invalid_format` (as zod's own formats do, so tolerant response
 * validation treats it as a format finding) when a string fails `test`.
 */
export function formatCheck(name: string, test: (value: string) => boolean): z.core.CheckFn<string> {
  return (payload) => {
    if (!test(payload.value))
      payload.issues.push({
        code: 'invalid_format',
        format: name,
        input: payload.value,
        message: `must be a valid ${name}`,
      });
  };
}

/** The check of the named format (`stringFormats`); a format without one passes. */
export function stringFormat(name: string): z.core.CheckFn<string> {
  return formatCheck(name, stringFormats[name] ?? (() => true));
}

// One check per format, which the generated validators import by name: a bundle carries the formats its validators use, not the table.
export const dateFormat = /* @__PURE__ */ formatCheck('date', isDate);
export const timeFormat = /* @__PURE__ */ formatCheck('time', isTime);
export const dateTimeFormat = /* @__PURE__ */ formatCheck('date-time', isDateTime);
export const durationFormat = /* @__PURE__ */ formatCheck('duration', isDuration);
export const uriFormat = /* @__PURE__ */ formatCheck('uri', isUri);
export const uriReferenceFormat = /* @__PURE__ */ formatCheck('uri-reference', isUriReference);
export const iriFormat = /* @__PURE__ */ formatCheck('iri', isIri);
export const iriReferenceFormat = /* @__PURE__ */ formatCheck('iri-reference', isIriReference);
export const uriTemplateFormat = /* @__PURE__ */ formatCheck('uri-template', isUriTemplate);
export const urlFormat = /* @__PURE__ */ formatCheck('url', isUrl);
export const emailFormat = /* @__PURE__ */ formatCheck('email', isEmail);
export const idnEmailFormat = /* @__PURE__ */ formatCheck('idn-email', isIdnEmail);
export const ipv4Format = /* @__PURE__ */ formatCheck('ipv4', isIpv4);
export const ipv6Format = /* @__PURE__ */ formatCheck('ipv6', isIpv6);
export const regexFormat = /* @__PURE__ */ formatCheck('regex', isRegex);
export const uuidFormat = /* @__PURE__ */ formatCheck('uuid', isUuid);
export const jsonPointerFormat = /* @__PURE__ */ formatCheck('json-pointer', isJsonPointer);
export const relativeJsonPointerFormat = /* @__PURE__ */ formatCheck('relative-json-pointer', isRelativeJsonPointer);
export const byteFormat = /* @__PURE__ */ formatCheck('byte', isByte);
