/**
 * The string formats the runtime checks, by the name of each check there (`date-time` ->
 * `dateTimeFormat`): the zod target imports a validator's checks by these names, and the
 * name planner keeps them free. Any other format is an annotation.
 */
export const FORMAT_CHECKS: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'date', 'time', 'date-time', 'duration', 'uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template', 'url', 'email',
    'idn-email', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'relative-json-pointer', 'byte', 'hostname', 'idn-hostname',
  ].map((format) => [format, `${format.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Format`]),
);
