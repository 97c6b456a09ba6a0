/**
 * The values the generator uses from ts-morph, loaded with `require`: importing this
 * CommonJS package from ESM makes Node scan its code for export names first, which
 * costs about 80 ms on every run.
 */
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

export const { printStructure, Scope, StructureKind, ts, VariableDeclarationKind } = tsMorph;
export type Scope = TsMorph.Scope;
export type StructureKind = TsMorph.StructureKind;
export type VariableDeclarationKind = TsMorph.VariableDeclarationKind;
