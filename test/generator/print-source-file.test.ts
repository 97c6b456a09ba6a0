/**
 * printSourceFile writes a variable statement itself (print/structures.ts), with the writer calls
 * ts-morph makes for it (less ts-morph's costly read-back of what it wrote): table by table, the
 * text must be ts-morph's own, byte for byte, alone and among other statements.
 */
import { describe, expect, it } from 'vitest';
import type { SourceFileStructure, StatementStructures } from 'ts-morph';
import { printSourceFile } from '../../generator/util/ts.js';
import { StructureKind, VariableDeclarationKind } from '../../generator/util/structure-kinds.js';
import { tsMorph } from '../../generator/util/ts-morph.js';

const { printStructure } = tsMorph();

const byTsMorph = (statements: StatementStructures[]): string =>
  `// header\n${printStructure({ kind: StructureKind.SourceFile, statements } as SourceFileStructure, { indentNumberOfSpaces: 2, useSingleQuote: true })}`;

const variable = (extra: Record<string, unknown>, declaration: Record<string, unknown> = {}): StatementStructures =>
  ({ kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, isExported: true, declarations: [{ name: 'value', ...declaration }], ...extra }) as StatementStructures;

const CASES: [string, StatementStructures][] = [
  ['typed, one line', variable({}, { type: 'number', initializer: '1' })],
  ['untyped', variable({}, { initializer: "{ a: 1 }" })],
  ['a multi-line object with nested blocks', variable({}, { type: '{ readonly a: { b: string } }', initializer: "{\n  a: {\n    b: 'x',\n  },\n  c: [\n    1,\n    2,\n  ],\n}" })],
  ['a multi-line type', variable({}, { type: '{\nreadonly a: string;\nreadonly b: number }', initializer: '{ a: "", b: 0 }' })],
  ['lines that are not blocks (hanging indentation)', variable({}, { initializer: "first\n.then(x)\n.catch(y)" })],
  ['a template literal over lines', variable({}, { initializer: '`line one\n  line two {\n}`' })],
  ['strings and comments holding braces and quotes', variable({}, { initializer: "{ a: '{', b: \"}\", c: '/* not', // a } comment\nd: 1 /* { */ }" })],
  ['an initializer ending in a line comment', variable({}, { initializer: 'f() // why' })],
  ['a one-line doc', variable({ docs: ['The value.'] }, { initializer: '1' })],
  ['a multi-line doc, with an empty line', variable({ docs: ['First line.\n\nThird line.'] }, { initializer: '1' })],
  ['a doc starting with a line break', variable({ docs: ['\nAfter the break.\nNext.'] }, { initializer: '1' })],
  ['two docs', variable({ docs: ['One.', 'Two\nlines.'] }, { initializer: '1' })],
  ['let, not exported', variable({ declarationKind: VariableDeclarationKind.Let, isExported: false }, { type: 'string', initializer: "''" })],
  ['no declaration kind', variable({ declarationKind: undefined }, { initializer: '1' })],
  ['declare, no initializer', variable({ hasDeclareKeyword: true }, { type: 'string' })],
  ['definite assignment', variable({ declarationKind: VariableDeclarationKind.Let }, { hasExclamationToken: true, type: 'string' })],
  ['export default', variable({ isExported: false, isDefaultExport: true }, { initializer: '1' })],
  ['a whitespace-only initializer and type', variable({}, { type: '  ', initializer: ' \n ' })],
  ['Windows line breaks', variable({ docs: ['a\r\nb'] }, { initializer: '{\r\n  a: 1,\r\n}' })],
];

describe('printSourceFile: a variable statement as ts-morph prints it', () => {
  it.each(CASES)('%s', (_, statement) => {
    expect(printSourceFile('// header', { statements: [statement] })).toBe(byTsMorph([statement]));
  });

  it('among other statements: blank lines after blocks, none between constants', () => {
    const statements: StatementStructures[] = [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './x.js', namedImports: ['X'], isTypeOnly: true },
      ...CASES.map(([, statement]) => statement),
      { kind: StructureKind.Function, name: 'f', isExported: true, statements: ['return 1;'] },
      ...CASES.map(([, statement]) => statement),
      { kind: StructureKind.Interface, name: 'I', isExported: true, properties: [{ name: 'a', type: 'string' }] },
      CASES[0]![1],
    ];
    expect(printSourceFile('// header', { statements })).toBe(byTsMorph(statements));
  });

  it('leaves to ts-morph what it does not cover: several declarations, trivia, writer functions', () => {
    const statements: StatementStructures[] = [
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, declarations: [{ name: 'a', initializer: '1' }, { name: 'b', initializer: '{\n  c: 2,\n}' }] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, leadingTrivia: '// lead', declarations: [{ name: 'c', initializer: '1' }] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, declarations: [{ name: 'd', initializer: (writer) => writer.write('{').newLine().write('e: 1').newLine().write('}') }] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, docs: [{ description: 'A doc.', tags: [{ tagName: 'default', text: '1' }] }], declarations: [{ name: 'f', initializer: '1' }] },
    ];
    expect(printSourceFile('// header', { statements })).toBe(byTsMorph(statements));
  });
});
