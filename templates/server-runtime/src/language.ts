/**
 * `Accept-Language` as HTTP defines it (RFC 9110 §12.5.4): a list of language ranges with
 * optional weights. The best supported language wins; nothing acceptable falls back to the default.
 */
import type { LanguageSpec } from './types.js';

interface Range {
  tag: string;
  q: number;
  order: number;
}

/** The ranges of a header value, highest weight first (ties keep their order); malformed entries are skipped. */
export function parseLanguageRanges(header: string): Range[] {
  const ranges: Range[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.split(';').map((s) => s.trim());
    if (!rawTag || !/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(rawTag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^q=([01](\.\d{0,3})?)$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    if (q > 0) ranges.push({ tag: rawTag.toLowerCase(), q, order });
  });
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order);
}

/**
 * The supported language a header asks for: basic filtering (a range matches a tag equal
 * to it or starting with it and `-`), then lookup (`pt-br-x` falls back to `pt-br`, then `pt`).
 */
export function negotiateLanguage(
  header: string | null | undefined,
  spec: Pick<LanguageSpec, 'supported' | 'default'>,
): string {
  if (!header) return spec.default;
  const supported = spec.supported.map((tag) => tag.toLowerCase());
  for (const range of parseLanguageRanges(header)) {
    if (range.tag === '*') return spec.default;
    const exact = supported.indexOf(range.tag);
    if (exact >= 0) return spec.supported[exact]!;
    const narrower = supported.findIndex((tag) => tag.startsWith(`${range.tag}-`));
    if (narrower >= 0) return spec.supported[narrower]!;
    const parts = range.tag.split('-');
    while (parts.length > 1) {
      parts.pop();
      const broader = supported.indexOf(parts.join('-'));
      if (broader >= 0) return spec.supported[broader]!;
    }
  }
  return spec.default;
}
