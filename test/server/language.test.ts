/** `Accept-Language` as the list of weighted ranges HTTP defines, against the supported languages. */
import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from '../../templates/server-runtime/src/language.js';

const v2 = { supported: ['de', 'en', 'es', 'es-mx', 'fr', 'id', 'it', 'nl', 'pt', 'pt-br'], default: 'en' };

describe('negotiateLanguage', () => {
  it.each([
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt-br'],
    ['*', 'en'],
    [undefined, 'en'],
    ['', 'en'],
    ['fr-CA', 'fr'],
    ['es-MX', 'es-mx'],
    ['xx, de;q=0.5', 'de'],
    ['de;q=0, nl', 'nl'],
    ['en;q=0.2, it;q=0.9', 'it'],
    ['zz', 'en'],
    ['garbage;;;', 'en'],
    ['pt', 'pt'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLanguage(header, v2)).toBe(expected);
  });
});
