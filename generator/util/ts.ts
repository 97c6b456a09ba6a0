/** ts-morph printing: structures straight to text, with no source file or project behind them. */
import { printStructure, StructureKind } from './ts-morph.js';
import type { OptionalKind, SourceFileStructure } from 'ts-morph';

export function printSourceFile(header: string, structure: OptionalKind<SourceFileStructure>): string {
  const text = printStructure({ ...structure, kind: StructureKind.SourceFile }, { indentNumberOfSpaces: 2, useSingleQuote: true });
  return `${header}\n${text}`;
}
