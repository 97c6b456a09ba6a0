/** ts-morph printing: structures straight to text, with no source file or project behind them. */
import { printStructure, StructureKind, type OptionalKind, type SourceFileStructure } from 'ts-morph';

export function printSourceFile(header: string, structure: OptionalKind<SourceFileStructure>): string {
  const text = printStructure({ ...structure, kind: StructureKind.SourceFile }, { indentNumberOfSpaces: 2, useSingleQuote: true });
  return `${header}\n${text}`;
}
