/** Code-point order: the same on every machine, unlike `localeCompare`, which depends on the locale. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A record with its keys in code-point order (package.json's dependency lists). */
export const sortedByKey = <V>(record: Record<string, V>): Record<string, V> => Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareText(a, b)));
