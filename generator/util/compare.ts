/** Code-point order: the same on every machine, unlike `localeCompare`, which depends on the locale. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
