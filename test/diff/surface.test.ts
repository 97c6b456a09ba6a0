/** The API diff's export comparison reads only modules that can have changed, and agrees with reading all of them. */
import { describe, expect, it } from 'vitest';
import { generateSources } from '../../generator/pipeline.js';
import { diffPackageSurfaces, diffSurfaces, publicSurface } from '../../generator/diff/surface.js';

describe('diffPackageSurfaces', () => {
  it('finds what reading every module finds: a changed type, an added and a removed export, one behind an export from', async () => {
    const base = await generateSources({ file: 'specs/v2.openapi.yaml', name: 'v2' });
    const head = new Map(base);
    const edit = (path: string, from: string, to: string): void => {
      const text = head.get(path)!;
      expect(text, `${path} holds ${from}`).toContain(from);
      head.set(path, text.replace(from, to));
    };
    edit('src/types.ts', 'export interface Account {', 'export interface Account {\n  nickname?: string;');
    edit('src/query.ts', 'export const queryScope', 'export const queryVersion = 2;\nexport const queryScope');
    edit('src/msw.ts', 'export function getTimeHandler(', 'function getTimeHandler(');
    const full = diffSurfaces(publicSurface(base), publicSurface(head));
    expect(full.changed).toContain('@svc/v2 Account');
    expect(full.added).toEqual(['@svc/v2/query queryVersion']);
    expect(full.removed).toEqual(['@svc/v2/msw getTimeHandler']);
    expect(diffPackageSurfaces(base, head)).toEqual(full);
    expect(diffPackageSurfaces(base, new Map(base))).toEqual({ added: [], removed: [], changed: [] });
  }, 60_000);
});

/** A package of a few modules: `src/index.ts` is its entry point, `src/extra.ts` the `./extra` one. */
function pkg(modules: Record<string, string>): Map<string, string> {
  const manifest = { name: '@svc/demo', exports: { '.': { 'svc-source': './src/index.ts' }, './extra': { 'svc-source': './src/extra.ts' } } };
  return new Map([['package.json', JSON.stringify(manifest)], ...Object.entries(modules).map(([path, text]): [string, string] => [`src/${path}`, text])]);
}

const many = (count: number, make: (index: number) => string): string => Array.from({ length: count }, (_, index) => make(index)).join('\n');

describe('diffPackageSurfaces on modules read a statement at a time', () => {
  const cases: { name: string; base: Record<string, string>; head: Record<string, string>; expected: { added?: string[]; removed?: string[]; changed?: string[] } }[] = [
    {
      name: 'a merged interface whose other declaration is in a statement both sides share',
      base: { 'index.ts': `export interface Pet {\n  name: string;\n}\n${many(5, (i) => `export type T${i} = string;`)}\nexport interface Pet {\n  age: number;\n}\n` },
      head: { 'index.ts': `export interface Pet {\n  name: string;\n}\n${many(5, (i) => `export type T${i} = string;`)}\n` },
      expected: { changed: ['@svc/demo Pet'] },
    },
    {
      name: 'a declaration that moved: the same statements in another order',
      base: { 'index.ts': `export function f(a: string): void;\nexport function f(a: number): void;\nexport function f(a: unknown): void {}\nexport const x = 1;\n` },
      head: { 'index.ts': `export function f(a: number): void;\nexport function f(a: string): void;\nexport function f(a: unknown): void {}\nexport const x = 2;\n` },
      expected: { changed: ['@svc/demo f', '@svc/demo x'] },
    },
    {
      name: 'an `export *` from a module whose declaration changed, in a statement both sides share',
      base: { 'index.ts': `export * from './types.js';\nexport const version = 1;\n`, 'types.ts': `export type Id = string;\nexport type Name = string;\n` },
      head: { 'index.ts': `export * from './types.js';\nexport const version = 2;\n`, 'types.ts': `export type Id = number;\nexport type Name = string;\n` },
      expected: { changed: ['@svc/demo Id', '@svc/demo version'] },
    },
    {
      name: 'a name re-exported by another entry point, declared in a statement that changed',
      base: { 'index.ts': `export type Id = string;\nexport type Other = number;\n`, 'extra.ts': `export { Id as Key } from './index.js';\nexport const extra = 1;\n` },
      head: { 'index.ts': `export type Id = number;\nexport type Other = number;\n`, 'extra.ts': `export { Id as Key } from './index.js';\nexport const extra = 2;\n` },
      expected: { changed: ['@svc/demo Id', '@svc/demo/extra Key', '@svc/demo/extra extra'] },
    },
    {
      name: 'a template literal that holds lines which look like statements',
      base: { 'index.ts': `export const page = \`\nexport const ghost = 1;\n\`;\nexport type Id = string;\n` },
      head: { 'index.ts': `export const page = \`\nexport const ghost = 2;\n\`;\nexport type Id = string;\n` },
      expected: { changed: ['@svc/demo page'] },
    },
    {
      name: 'a local export clause naming a declaration both sides share',
      base: { 'index.ts': `type Id = string;\nexport { Id };\nexport const a = 1;\n` },
      head: { 'index.ts': `type Id = string;\nexport { Id };\nexport const a = 2;\nexport const b = 3;\n` },
      expected: { added: ['@svc/demo b'], changed: ['@svc/demo a'] },
    },
    {
      name: 'comments and bodies that changed, declarations that did not',
      base: { 'index.ts': `/** One. */\nexport function f(a: string): number {\n  return 1;\n}\nexport const g: number = 1;\n` },
      head: { 'index.ts': `/** Two. */\nexport function f(a: string): number {\n  return 2;\n}\nexport const g: number = 2;\n` },
      expected: {},
    },
    {
      name: 'typed constants read up to their initializer, unless more follows it',
      base: {
        'index.ts': [
          `export const table: Record<string, { a: number; b: (x: string) => void }> = { one: { a: 1, b: (x) => x.length > 0 } };`,
          `export const first: number = 1, second = 2;`,
          `export const pattern: RegExp = /a,b/; export const after = 1;`,
          'export const label: string = `${1}, ${2}`;',
          `export const ghost: number = 1; export const also = 1;`,
          '',
        ].join('\n'),
      },
      head: {
        'index.ts': [
          `export const table: Record<string, { a: number; b: (x: string) => void }> = { one: { a: 2, b: (x) => x.length > 1 }, two: { a: 3, b: () => {} } };`,
          `export const first: number = 1, second = 'two';`,
          `export const pattern: RegExp = /a,c/; export const after = 2;`,
          'export const label: string = `${2}, ${1}`;',
          `export const ghost: number = 1; export let also = 1;`,
          '',
        ].join('\n'),
      },
      expected: { changed: ['@svc/demo after', '@svc/demo also', '@svc/demo second'] },
    },
    {
      name: 'untyped constants whose tokens differ only in literal values, or not at all',
      base: {
        'index.ts': [
          `export const limits = /* @__PURE__ */ f({ max: 5000, name: 'x' });`,
          `export const label = { text: 'A', size: 10 };`,
          `export const spaced = /* @__PURE__ */ f({ a: 1, b: [2, 3] });`,
          `export const broken = { a: 1, b: 2 };`,
          `export const generic = f<number>(1);`,
          `export const swapped = { a: 1 };`,
          `export const other = { a: 2 };`,
          `export const aliased = { a: 1 };`,
          `export { aliased as alias };`,
          `export const kept = { a: 0x10 };`,
          '',
        ].join('\n'),
      },
      head: {
        'index.ts': [
          `export const limits = /* @__PURE__ */ f({ max: 4000, name: 'x' });`,
          `export const label = { text: "\\x41", size: 10 };`,
          `export const spaced = f({  a: 1,  b: [2, 3]  }) ;`,
          `export const broken = {\n  a: 1, b: 2 };`,
          `export const generic = f<number>(2);`,
          `export const swapped = { a: 2 };`,
          `export const other = { a: 1 };`,
          `export const aliased = { a: 3 };`,
          `export { aliased as alias };`,
          `export const kept = { a: 16 };`,
          '',
        ].join('\n'),
      },
      // `broken` only breaks a line: layout is no change.
      expected: { changed: ['@svc/demo alias', '@svc/demo aliased', '@svc/demo generic', '@svc/demo limits', '@svc/demo other', '@svc/demo swapped'] },
    },
    {
      name: 'whitespace inside literals is part of them; outside them it is layout',
      base: {
        'index.ts': [
          `export const spaced = { a: 'x  y' };`,
          'export const template = `a  b`;',
          `export const pattern = /a  b/;`,
          `export type Union = 'a' | 'b';`,
          `export interface Pet {\n  /** The name. */\n  name: string;\n}`,
          `export const holes = [1, ,];`,
          `export const trailing = [\n  1,\n  2,\n];`,
          '',
        ].join('\n'),
      },
      head: {
        'index.ts': [
          `export const spaced = { a: 'x y' };`,
          'export const template = `a b`;',
          `export const pattern = /a b/;`,
          `export type Union =\n  | 'a'\n  | 'b';`,
          `export interface Pet { name: string }`,
          `export const holes = [1];`,
          `export const trailing = [1, 2];`,
          '',
        ].join('\n'),
      },
      expected: { changed: ['@svc/demo holes', '@svc/demo pattern', '@svc/demo spaced', '@svc/demo template'] },
    },
    {
      name: 'what a declaration file leaves out of a class: bodies, private members, static blocks, typed initializers',
      base: {
        'index.ts': `export class Store {\n  private cache = new Map();\n  #count = 0;\n  static { init(); }\n  limit: number = 10;\n  get size(): number { return 1; }\n  constructor(readonly name: string) { this.#count = 1; }\n  read(key: string): string { return key; }\n}\nexport default function main(): void {}\n`,
      },
      head: {
        'index.ts': `export class Store {\n  private cache = new Set();\n  #count = 2;\n  static { other(); }\n  limit: number = 20;\n  get size(): number { return 2; }\n  constructor(readonly name: string) {}\n  read(key: string): string { return key.trim(); }\n}\nexport default function main(): void { run(); }\n`,
      },
      expected: {},
    },
    {
      name: 'a class member, a parameter or a default export that changed',
      base: { 'index.ts': `export class Store {\n  read(key: string): string { return key; }\n}\nexport default function main(a: string): void {}\n` },
      head: { 'index.ts': `export class Store {\n  read(key: number): string { return String(key); }\n}\nexport default function main(a: number): void {}\n` },
      expected: { changed: ['@svc/demo Store', '@svc/demo default'] },
    },
  ];
  it.each(cases)('$name', ({ base, head, expected }) => {
    const [a, b] = [pkg(base), pkg(head)];
    const want = { added: expected.added ?? [], removed: expected.removed ?? [], changed: expected.changed ?? [] };
    expect(diffSurfaces(publicSurface(a), publicSurface(b))).toEqual(want);
    expect(diffPackageSurfaces(a, b)).toEqual(want);
  });

  it('reads the ghost of a template literal as no export', () => {
    const surface = publicSurface(pkg({ 'index.ts': `export const page = \`\nexport const ghost = 1;\n\`;\n` }));
    expect([...surface.keys()]).toEqual(['@svc/demo page']);
  });
});
