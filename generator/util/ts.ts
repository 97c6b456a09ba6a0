/** Printing the structures the targets build, with our printer of ts-morph's structures (print/structures.ts). */
import { StructureKind, VariableDeclarationKind } from './structure-kinds.js';
import type { OptionalKind, SourceFileStructure, StatementStructures } from 'ts-morph';
import { printStatements } from '../print/structures.js';
import { propertyKey, valueKey } from './text.js';

export function printSourceFile(header: string, structure: OptionalKind<SourceFileStructure>): string {
  const statements = structure.statements;
  const list = statements === undefined ? [] : Array.isArray(statements) ? statements : [statements];
  const text = printStatements(list, { indentNumberOfSpaces: 2, useSingleQuote: true });
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
