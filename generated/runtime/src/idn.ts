// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * The host name formats, `hostname` (RFC 1123, with A-labels checked as RFC 5891 says) and
 * `idn-hostname` (IDNA2008: RFC 5890–5893), checked by the idn-hostname library and its
 * Unicode tables (about 175 KB). A module of its own, imported only by validators that use
 * one of these formats (`@svc/runtime/idn`), so that no other package, bundle or process
 * loads the tables.
 */
import idnHostnameLibrary from 'idn-hostname';
import type { z } from 'zod';

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

/** The checks of this module by format name, as `stringFormats` holds the others. */
export const hostnameFormats: Readonly<Record<string, (value: string) => boolean>> = {
  hostname: isHostname,
  'idn-hostname': isIdnHostname,
};

/** A zod check reporting `invalid_format` (as `stringFormat` does) when a string is not of the named host name format. */
export function hostnameFormat(name: 'hostname' | 'idn-hostname'): z.core.CheckFn<string> {
  const test = hostnameFormats[name]!;
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
