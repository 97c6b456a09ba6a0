/**
 * The form of the cache's files: a line of JSON (what the file says about itself, and the length
 * of each text), then the texts one after another. Generated packages are megabytes of code that
 * JSON would escape quote by quote and line by line: on GitHub's description (13.5 MB of output)
 * JSON.stringify took 60-70 ms per file, this form 14 ms (now written piece by piece, unjoined),
 * and reading it back is slicing.
 */

/** `header` with `texts` after it: the file's pieces, in order (writeAtomically writes them without joining them). */
export function storeTexts(header: object, texts: readonly string[]): string[] {
  return [`${JSON.stringify({ ...header, lengths: texts.map((text) => text.length) })}\n`, ...texts];
}

/** The header and texts of a file {@link storeTexts} wrote; undefined for anything else (an older form, a damaged file). */
export function readTexts<Header extends object>(contents: string): { header: Header; texts: string[] } | undefined {
  const end = contents.indexOf('\n');
  if (end < 0) return undefined;
  let header: Header & { lengths?: unknown };
  try {
    header = JSON.parse(contents.slice(0, end)) as Header & { lengths?: unknown };
  } catch {
    return undefined;
  }
  const lengths: unknown = header.lengths;
  if (!Array.isArray(lengths) || !lengths.every((n): n is number => Number.isSafeInteger(n) && n >= 0)) return undefined;
  const total = lengths.reduce((sum, n) => sum + n, 0);
  if (end + 1 + total !== contents.length) return undefined;
  const texts: string[] = [];
  let at = end + 1;
  for (const length of lengths) {
    texts.push(contents.slice(at, at + length));
    at += length;
  }
  return { header, texts };
}
