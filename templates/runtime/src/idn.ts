/**
 * The host name formats, `hostname` (RFC 1123, with A-labels checked as RFC 5891 says) and
 * `idn-hostname` (IDNA2008: RFC 5890–5893), checked by the idn-hostname library and its
 * Unicode tables (about 175 KB). A module of its own, imported only by validators that use
 * one of these formats (`@svc/runtime/idn`), so that no other package, bundle or process
 * loads the tables.
 */
import idnHostnameLibrary from 'idn-hostname';
import { formatCheck } from './formats.js';

/** The label separators IDNA accepts: full stop, ideographic, fullwidth and halfwidth ideographic full stops. */
const LABEL_SEPARATOR = /[.\u3002\uff0e\uff61]/;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * An internationalized host name: labels valid under IDNA2008 (disallowed code points,
 * contextual rules, Bidi, Punycode that round-trips), each at most 63 octets as an A-label,
 * 253 in all. A name must have a label; a trailing separator (the DNS root) is not accepted,
 * as the JSON Schema Test Suite holds.
 */
export function isIdnHostname(value: string): boolean {
  if (value === '' || LABEL_SEPARATOR.test(value.charAt(value.length - 1))) return false;
  try {
    return idnHostnameLibrary.isIdnHostname(value);
  } catch {
    return false;
  }
}

/** A host name in ASCII: letters, digits and hyphens, where a label starting `xn--` must be a valid A-label. */
export function isHostname(value: string): boolean {
  return ASCII.test(value) && isIdnHostname(value);
}

/** The checks of the host name formats, as zod checks that report `invalid_format` (`formatCheck`). */
export const hostnameFormat = /* @__PURE__ */ formatCheck('hostname', isHostname);
export const idnHostnameFormat = /* @__PURE__ */ formatCheck('idn-hostname', isIdnHostname);
