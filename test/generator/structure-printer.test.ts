/**
 * Our printer of ts-morph's structures (generator/print/structures.ts) against ts-morph's own
 * `printStructure`: every file the targets print, for our specs and documents of other shapes,
 * must come out as the same text, and none of them may need ts-morph (which loads TypeScript).
 */
import { join } from 'node:path';
import type * as TsMorph from 'ts-morph';
import { tsMorph as loadTsMorph } from '../../generator/util/ts-morph.js';
import { describe, expect, it, vi } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { printStatements, printsAlike, type PrintOptions } from '../../generator/print/structures.js';
import { Scope, StructureKind, VariableDeclarationKind } from '../../generator/util/structure-kinds.js';
import { repoRoot } from '../helpers/spec-files.js';

const tsMorph = loadTsMorph();

const compared = { files: 0, fallbacks: 0, mismatches: [] as { ours: string; theirs: string }[] };

vi.mock('../../generator/print/structures.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../generator/print/structures.js')>();
  const printStatements: typeof original.printStatements = (statements, options: PrintOptions) => {
    const ours = original.printStatements(statements, options);
    const theirs = tsMorph.printStructure({ kind: tsMorph.StructureKind.SourceFile, statements: [...statements] as TsMorph.StatementStructures[] }, options);
    compared.files += 1;
    if (!original.printsAlike(statements)) compared.fallbacks += 1;
    if (ours !== theirs && compared.mismatches.length < 3) compared.mismatches.push({ ours, theirs });
    return ours;
  };
  return { ...original, printStatements };
});

/** The first line where two texts differ, with its neighbours, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const [x, y] = [a.split('\n'), b.split('\n')];
  const at = x.findIndex((line, i) => line !== y[i]);
  return `line ${at + 1}:\n  ours:    ${JSON.stringify(x.slice(Math.max(0, at - 1), at + 2))}\n  ts-morph: ${JSON.stringify(y.slice(Math.max(0, at - 1), at + 2))}`;
}

describe('our structure printer', () => {
  it("uses ts-morph's enum values", () => {
    for (const [name, value] of Object.entries(StructureKind)) expect(value, name).toBe(tsMorph.StructureKind[name as keyof typeof tsMorph.StructureKind]);
    expect(VariableDeclarationKind).toEqual({ Const: tsMorph.VariableDeclarationKind.Const, Let: tsMorph.VariableDeclarationKind.Let, Var: tsMorph.VariableDeclarationKind.Var });
    expect(Scope).toEqual({ Public: tsMorph.Scope.Public, Protected: tsMorph.Scope.Protected, Private: tsMorph.Scope.Private });
  });

  it('leaves a structure it does not know to ts-morph', () => {
    expect(printsAlike([{ kind: StructureKind.Class, name: 'A', getAccessors: [{ name: 'x', statements: ['return 1;'] }] } as never])).toBe(false);
    expect(printsAlike([{ kind: StructureKind.Function, name: 'f', decorators: [{ name: 'd' }] } as never])).toBe(false);
    expect(printsAlike([{ kind: StructureKind.TypeAlias, name: 'T', type: 'string', isExported: true }])).toBe(true);
  });

  // Initializers the printer writes after the writer is done, and those it leaves to the writer: each as ts-morph prints it.
  const initializers: [string, string][] = [
    ['an object over lines', "{\n  a: 1,\n  b: [\n    'x',\n  ],\n\n  c: {},\n}"],
    ['quotes of the other kind and escapes', "{\n  a: 'it\\'s \"x\"',\n  b: \"a 'b' \\\"c\\\"\",\n}"],
    ['a string that ends in a backslash', "{\n  a: 'x\\\\',\n  b: '/* not a comment */',\n  c: 1,\n}"],
    ['slashes in strings and block comments', "/* @__PURE__ */ make({\n  path: '/v2/x//y',\n  /* a 'quoted' note */ n: 1,\n})"],
    ['a comment over lines', "{\n  /* one\n  two */\n  a: 1,\n}"],
    // The writer reads `/*/` as a comment and its end: the backtick after opens a template, in which it indents nothing.
    ['a comment that opens on its own end', "{\n  a: 1, /*/ ` */\n  c: 2,\n}"],
    ['a line comment', "{\n  a: 1, // 'x\n  b: 2,\n}"],
    ['a regular expression', "{\n  a: /x'y/u,\n  b: 'z',\n}"],
    ['templates', "{\n  a: `x ${'y'} ${f({ b: 1 })}`,\n  c: `one\ntwo`,\n  d: 1,\n}"],
    ['carriage returns', "{\r\n  a: 1,\r\n}"],
    ['a last line break', "{\n  a: 1,\n}\n"],
    ['blank and whitespace lines', "{\n\n   \n  a: 1,\n}"],
    ['one line', "make({ a: 'x', b: [1, 2] })"],
  ];
  it.each(initializers)('writes %s as ts-morph does', (_, initializer) => {
    const options: PrintOptions = { indentNumberOfSpaces: 2, useSingleQuote: true };
    const statements = [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './x.js', namedImports: ['make'] },
      { kind: StructureKind.VariableStatement, isExported: true, declarationKind: VariableDeclarationKind.Const, docs: ['The value.'], declarations: [{ name: 'value', initializer }] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, declarations: [{ name: 'typed', type: 'Record<string, unknown>', initializer }] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, declarations: [{ name: 'wide', type: '{\n  a: 1;\n}', initializer }] },
      { kind: StructureKind.Function, name: 'f', statements: ['return value;'] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Let, declarations: [{ name: 'after', initializer }] },
    ] as TsMorph.StatementStructures[];
    expect(printStatements(statements, options)).toBe(tsMorph.printStructure({ kind: tsMorph.StructureKind.SourceFile, statements }, options));
  });

  it('writes docs over lines at every depth, and imports with aliases, as ts-morph does', () => {
    const options: PrintOptions = { indentNumberOfSpaces: 2, useSingleQuote: true };
    const docs = ['One line.', '\nStarts with a break.\n\nA blank line, then `code` and \'quotes\' and /slashes/.\n', 'Two\r\nlines.'];
    const statements = [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './x.js', namedImports: ['a', { name: 'b', alias: 'c' }, { name: 'd', alias: '' }, '$e_1'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './y.js', isTypeOnly: true, namedImports: [{ name: 'default', alias: 'Y' }] },
      { kind: StructureKind.Interface, name: 'I', isExported: true, docs, properties: [{ name: 'p', type: 'string', docs }], methods: [{ name: 'm', docs, returnType: 'void' }] },
      { kind: StructureKind.Class, name: 'C', docs, methods: [{ name: 'm', docs, statements: ['return 1;'] }], properties: [{ name: 'q', docs, type: 'number', initializer: '1' }] },
      { kind: StructureKind.Function, name: 'f', docs, statements: ['return 2;'] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, docs, declarations: [{ name: 'v', initializer: '{\n  a: 1,\n}' }] },
    ] as TsMorph.StatementStructures[];
    expect(printStatements(statements, options)).toBe(tsMorph.printStructure({ kind: tsMorph.StructureKind.SourceFile, statements }, options));
  });

  const documents = [
    'specs/v2.openapi.yaml',
    'specs/v1.openapi.yaml',
    'specs/onramp.openapi.yaml',
    'specs/x402.openapi.yaml',
    'specs/feed.asyncapi.yaml',
    'test/fixtures/documents/chat.openapi.yaml',
    'test/fixtures/documents/helpdesk.openapi.yaml',
    'test/fixtures/documents/inference.openapi.yaml',
    'test/fixtures/documents/library.openapi.yaml',
    'test/fixtures/documents/payments-webhooks.openapi.yaml',
    'test/generator/fixtures/swagger2/petstore.yaml',
    'test/corpus/openai/openapi.yaml',
  ];
  it.each(documents)('prints every file of %s as ts-morph does, without it', async (document) => {
    compared.files = 0;
    compared.fallbacks = 0;
    compared.mismatches = [];
    await generatePackage({ file: join(repoRoot, document), name: 'printed' }, { formatter: 'none' });
    expect(compared.files).toBeGreaterThan(3);
    expect(compared.fallbacks).toBe(0);
    expect(compared.mismatches.map(({ ours, theirs }) => firstDifference(ours, theirs))).toEqual([]);
  });
});
