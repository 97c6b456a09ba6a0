/** ts-morph printing: structures straight to text, with no source file or project behind them. */
import { printStructure, StructureKind, VariableDeclarationKind } from './ts-morph.js';
import type { CodeBlockWriter, OptionalKind, SourceFileStructure, StatementStructures, VariableStatementStructure, WriterFunction } from 'ts-morph';
import { propertyKey, valueKey } from './text.js';

export function printSourceFile(header: string, structure: OptionalKind<SourceFileStructure>): string {
  const statements = Array.isArray(structure.statements) ? structure.statements.map(fastStatement) : structure.statements;
  const text = printStructure({ ...structure, statements, kind: StructureKind.SourceFile }, { indentNumberOfSpaces: 2, useSingleQuote: true });
  return `${header}\n${text}`;
}

type Statement = NonNullable<SourceFileStructure['statements']> extends string | WriterFunction | readonly (infer S)[] ? S : never;

/**
 * A variable statement with one declaration, written with the writer calls ts-morph's own
 * printer makes for it, in the same order, less one: after each declaration of a list ts-morph
 * reads back, a character at a time, everything it wrote for it (to place the commas between
 * declarations), which for a large initializer (a fixture table, a zod schema) was most of the
 * time spent printing. With one declaration there is no comma to place. Statements this does
 * not cover (several declarations, trivia, docs that are not plain text) go to ts-morph as they are.
 */
function fastStatement(statement: Statement): Statement {
  if (typeof statement !== 'object' || statement.kind !== StructureKind.VariableStatement) return statement;
  const variable = statement as VariableStatementStructure;
  const [declaration] = variable.declarations;
  if (variable.declarations.length !== 1 || !declaration || variable.leadingTrivia !== undefined || variable.trailingTrivia !== undefined) return statement;
  const { type, initializer } = declaration;
  if (declaration.leadingTrivia !== undefined || declaration.trailingTrivia !== undefined || typeof type === 'function' || typeof initializer === 'function') return statement;
  if (!(variable.docs ?? []).every((doc) => typeof doc === 'string')) return statement;
  return (writer: CodeBlockWriter): void => {
    writer.closeComment();
    for (const doc of (variable.docs ?? []) as string[]) {
      writer.closeComment();
      writeJsDoc(writer, doc);
      writer.newLine();
    }
    writer.hangingIndent(() => {
      if (variable.isDefaultExport) writer.write('export default ');
      else if (variable.isExported) writer.write('export ');
      if (variable.hasDeclareKeyword) writer.write('declare ');
      writer.write(`${variable.declarationKind || VariableDeclarationKind.Let} `);
      writer.closeComment();
      writer.write(declaration.name);
      writer.conditionalWrite(declaration.hasExclamationToken, '!');
      const typeText = type === undefined ? '' : rewritten(writer, type);
      if (typeText.trim() !== '') writer.hangingIndent(() => writer.write(`: ${typeText}`));
      const initializerText = initializer === undefined ? '' : rewritten(writer, initializer);
      if (initializerText.trim() !== '') {
        writer.hangingIndent(() => {
          writer.spaceIfLastNot();
          writer.write(`= ${initializerText}`);
        });
      }
      writer.write(';');
    });
  };
}

/**
 * A text as ts-morph passes a type or an initializer through a fresh writer with the same
 * options. Such a writer, with no indentation to write and none queued, changes only the line
 * breaks (`\r?\n` to the configured one), so that is done here without its pass over every
 * character.
 */
function rewritten(writer: CodeBlockWriter, text: string): string {
  const { newLine } = writer.getOptions();
  return newLine === '\n' && !text.includes('\r') ? text : text.split(/\r?\n/).join(newLine);
}

/** A doc comment given as text, as ts-morph's JSDoc printer writes it. */
function writeJsDoc(writer: CodeBlockWriter, text: string): void {
  const lines = text.split(/\r?\n/);
  const start = lines[0]!.length === 0 ? 1 : 0;
  writer.write('/**');
  if (lines.length <= 1) writer.space().write(lines[start]!);
  else {
    writer.newLine();
    for (let i = start; i < lines.length; i++) {
      writer.write(' *');
      if (lines[i]!.length > 0) writer.write(` ${lines[i]}`);
      writer.newLine();
    }
  }
  writer.spaceIfLastNot();
  writer.write('*/');
}
/** `export const name: type = initializer;` with its doc comment. */
export const exportedConst = (name: string, initializer: string, docs?: string, type?: string): StatementStructures => ({
  kind: StructureKind.VariableStatement,
  declarationKind: VariableDeclarationKind.Const,
  isExported: true,
  docs: docs ? [docs] : [],
  declarations: [{ name, initializer, ...(type ? { type } : {}) }],
});

/**
 * `export const name: { readonly key: typeof value; … } = { key: value, … };`: a record of
 * exported constants (`schemas`, `operations`) with the type `as const` would infer written out.
 * A declaration file then states the type as written instead of serializing the inferred one,
 * which on a large document (OpenAI's, GitHub's) exceeds what tsc will write (TS7056) and costs
 * it time and memory either way; each member stays the precise type of its constant.
 */
export const exportedRecord = ({ name, entries, docs }: { name: string; entries: readonly { key: string; value: string }[]; docs?: string }): StatementStructures =>
  exportedConst(
    name,
    `{ ${entries.map(({ key, value }) => `${valueKey(key)}: ${value}`).join(',\n')} }`,
    docs,
    `{ ${entries.map(({ key, value }) => `readonly ${propertyKey(key)}: typeof ${value}`).join(';\n')} }`,
  );

/** `export type name = type;`, with its doc comment. */
export const exportedType = (name: string, type: string, docs?: string): StatementStructures => ({ kind: StructureKind.TypeAlias, name, isExported: true, type, docs: docs ? [docs] : [] });
