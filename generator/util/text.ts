/** Escaping for everything the targets print into source text, in one tested place. */

/**
 * A JSDoc body: `*\/` cannot close the comment early, lines are kept, parts are one blank line
 * apart (a YAML block scalar's closing line break does not add a second), and no line ends in
 * spaces.
 */
export function jsDoc(...parts: (string | undefined | false)[]): string | undefined {
  const text = parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => p.replace(/\r\n?/g, '\n').trim())
    .join('\n\n')
    .replace(/\*\//g, '*\\/')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  return text === '' ? undefined : text;
}

/** `docs` of a ts-morph structure: the JSDoc body, or none when every part is empty or blank. */
export function docsOf(...parts: (string | undefined | false)[]): string[] {
  const text = jsDoc(...parts);
  return text === undefined ? [] : [text];
}

/** What a string literal escapes: the quote, the backslash, line ends, and NUL (print/shared.ts' placeholders use it). */
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\u2028': '\\u2028', '\u2029': '\\u2029', '\0': '\\x00' };
const NEEDS_ESCAPE = /[\\'\n\r\u2028\u2029\0]/;
const ESCAPED = new RegExp(NEEDS_ESCAPE.source, 'g');

/** A string literal in single quotes (what prettier would pick anyway). */
export function stringLiteral(value: string): string {
  // Most strings need no escape: one test instead of a pass per character to escape (a large package prints a million of them).
  return NEEDS_ESCAPE.test(value) ? `'${value.replace(ESCAPED, (char) => ESCAPES[char]!)}'` : `'${value}'`;
}

/** A literal of any JSON value, as TypeScript source. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return stringLiteral(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{ ${entries.map(([k, v]) => `${valueKey(k)}: ${literal(v)}`).join(', ')} }`;
  }
  return 'undefined';
}

/** A property key: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : stringLiteral(name);
}

/**
 * A property key in an object literal that is a value: `__proto__: x` (quoted or not) there
 * sets the object's prototype instead of a property, so that name is computed (`['__proto__']`),
 * which makes an ordinary own property. Keys of types print with `propertyKey`.
 */
export function valueKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : propertyKey(name);
}

/** An object literal from keys and already-printed value expressions. */
export function objectLiteral(entries: readonly (readonly [string, string])[]): string {
  return `{ ${entries.map(([k, v]) => `${valueKey(k)}: ${v}`).join(', ')} }`;
}
