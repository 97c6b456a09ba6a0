/** ts-morph printing: structures straight to text, with no source file or project behind them. */
import { printStructure, StructureKind, VariableDeclarationKind } from './ts-morph.js';
import type { OptionalKind, SourceFileStructure, StatementStructures } from 'ts-morph';

export function printSourceFile(header: string, structure: OptionalKind<SourceFileStructure>): string {
  const text = printStructure({ ...structure, kind: StructureKind.SourceFile }, { indentNumberOfSpaces: 2, useSingleQuote: true });
  return `${header}\n${text}`;
}

/** `export const name: type = initializer;` with its doc comment. */
export const exportedConst = (name: string, initializer: string, docs?: string, type?: string): StatementStructures => ({
  kind: StructureKind.VariableStatement,
  declarationKind: VariableDeclarationKind.Const,
  isExported: true,
  docs: docs ? [docs] : [],
  declarations: [{ name, initializer, ...(type ? { type } : {}) }],
});
