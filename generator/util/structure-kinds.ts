/**
 * The values of ts-morph's enums the targets build structures with, without loading ts-morph
 * (whose printer would load the TypeScript compiler): the same values, typed as ts-morph's own
 * members, so that the structures type-check against ts-morph's types.
 * `test/generator/structure-printer.test.ts` holds them equal to ts-morph's.
 */
import type * as TsMorph from 'ts-morph';

export const StructureKind = {
  Class: 2,
  Constructor: 5,
  ExportDeclaration: 11,
  Function: 13,
  ImportDeclaration: 16,
  IndexSignature: 18,
  Interface: 19,
  JSDoc: 24,
  Method: 26,
  MethodSignature: 28,
  Parameter: 30,
  Property: 31,
  PropertySignature: 33,
  SourceFile: 36,
  TypeAlias: 38,
  TypeParameter: 39,
  VariableStatement: 41,
} as unknown as Pick<
  typeof TsMorph.StructureKind,
  | 'Class'
  | 'Constructor'
  | 'ExportDeclaration'
  | 'Function'
  | 'ImportDeclaration'
  | 'IndexSignature'
  | 'Interface'
  | 'JSDoc'
  | 'Method'
  | 'MethodSignature'
  | 'Parameter'
  | 'Property'
  | 'PropertySignature'
  | 'SourceFile'
  | 'TypeAlias'
  | 'TypeParameter'
  | 'VariableStatement'
>;
export type StructureKind = TsMorph.StructureKind;

export const VariableDeclarationKind = { Const: 'const', Let: 'let', Var: 'var' } as unknown as typeof TsMorph.VariableDeclarationKind;
export type VariableDeclarationKind = TsMorph.VariableDeclarationKind;

export const Scope = { Public: 'public', Protected: 'protected', Private: 'private' } as unknown as typeof TsMorph.Scope;
export type Scope = TsMorph.Scope;
