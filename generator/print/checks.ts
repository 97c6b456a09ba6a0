/**
 * Compile-time checks that validators infer exactly the emitted types: a module of
 * `Assert<Equals<z.infer<typeof XSchema>, X>>` entries that `tsc --noEmit` verifies.
 */
import { StructureKind } from '../util/structure-kinds.js';
import type { StatementStructures } from 'ts-morph';
import { compareText } from '../util/compare.js';
import { printSourceFile } from '../util/ts.js';

export interface CheckedPair {
  validator: string;
  type: string;
  /** Module (relative, `./x.js`) that exports the validator. */
  validatorModule: string;
  /** Module that exports the type. */
  typeModule: string;
}

export function typeChecksFile(args: { header: string; runtimePackage: string; aliasName: string; pairs: CheckedPair[] }): string {
  const imports = new Map<string, Set<string>>();
  for (const pair of args.pairs) {
    for (const [module, name] of [[pair.validatorModule, pair.validator], [pair.typeModule, pair.type]] as const) {
      imports.set(module, (imports.get(module) ?? new Set()).add(name));
    }
  }
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'zod', isTypeOnly: true, namedImports: ['z'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: args.runtimePackage, isTypeOnly: true, namedImports: ['Assert', 'Equals'] },
    ...[...imports.entries()]
      .sort(([a], [b]) => compareText(a, b))
      .map(([module, names]): StatementStructures => ({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: module,
        isTypeOnly: true,
        namedImports: [...names].sort(compareText),
      })),
    {
      kind: StructureKind.TypeAlias,
      name: args.aliasName,
      isExported: true,
      docs: ['Compiles only if every validator infers exactly the emitted type (`tsc --noEmit` checks it).'],
      type: `[${args.pairs.map((p) => `Assert<Equals<z.infer<typeof ${p.validator}>, ${p.type}>>`).join(', ')}]`,
    },
  ];
  return printSourceFile(args.header, { statements });
}
