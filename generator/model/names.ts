/**
 * Identifier planning: every TypeScript name the targets print is decided here, once,
 * so collisions are found at generation time with both sources named.
 */

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with as implements interface let ' +
    'package private protected public static yield await eval arguments any boolean number string symbol type object never unknown undefined ' +
    // Globals the emitted modules themselves use.
    'Promise Record RegExp AsyncIterableIterator Infinity NaN'
  ).split(' '),
);

/** Splits on anything that is not a letter or digit, and on lower-to-upper case changes. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export function pascalCase(text: string): string {
  const out = words(text)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return safeIdentifier(out || 'Unnamed');
}

export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  return safeIdentifier(pascal.charAt(0).toLowerCase() + pascal.slice(1));
}

/** camelCase for a property name, where reserved words are allowed (`client.default`). */
export function camelCaseProperty(text: string): string {
  const name = camelCase(text);
  return name.endsWith('_') && RESERVED.has(name.slice(0, -1)) ? name.slice(0, -1) : name;
}

/** Makes a string a valid identifier that is not a reserved word. */
export function safeIdentifier(text: string): string {
  let id = text.replace(/[^A-Za-z0-9_$]/g, '_');
  if (!/^[A-Za-z_$]/.test(id)) id = `_${id}`;
  if (RESERVED.has(id)) id = `${id}_`;
  return id;
}

/** Whether a property name can be written without quotes. */
export const isIdentifierName = (name: string): boolean => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);

/**
 * Hands out unique identifiers. A second claim of the same identifier from another
 * source gets a numeric suffix, and the collision is recorded with both sources.
 */
export class NamePlanner {
  private readonly owners = new Map<string, { source: string; plugin?: string | undefined }>();
  /** Each claim that found its name taken; `firstPlugin`, `secondPlugin`: the plugins behind the two, when plugins asked. */
  readonly collisions: { name: string; first: string; second: string; resolvedAs: string; firstPlugin?: string | undefined; secondPlugin?: string | undefined }[] = [];

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.owners.set(name, { source: 'the generated code itself' });
  }

  /** Takes `name` for `source` unless it is taken already: a name several sources only print (an import) is shared, not claimed. */
  reserve(name: string, source: string, plugin?: string): void {
    if (!this.owners.has(name)) this.owners.set(name, { source, plugin });
  }

  /** `wanted`, or when it is taken, `wanted` numbered (`Pet2`), with the collision recorded. `plugin`: the plugin asking, if one does. */
  claim(wanted: string, source: string, plugin?: string): string {
    if (!this.owners.has(wanted)) {
      this.owners.set(wanted, { source, plugin });
      return wanted;
    }
    let n = 2;
    while (this.owners.has(`${wanted}${n}`)) n += 1;
    const resolved = `${wanted}${n}`;
    const first = this.owners.get(wanted)!;
    this.collisions.push({ name: wanted, first: first.source, second: source, resolvedAs: resolved, firstPlugin: first.plugin, secondPlugin: plugin });
    this.owners.set(resolved, { source, plugin });
    return resolved;
  }
}
