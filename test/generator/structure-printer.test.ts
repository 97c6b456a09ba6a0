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
import { printsAlike, type PrintOptions } from '../../generator/print/structures.js';
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
