/**
 * No name reaches the compiler unplanned: every top-level name a generated module declares,
 * imports or re-exports is either planned by the model (schemas, operations, the client and
 * its groups, the entry points) or declared by the target that emits it (`defines`, `imports`
 * or `declares` in its plugin.ts), which the planner hands out before naming anything of the document.
 */
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generatePackage, loadModel } from '../../generator/pipeline.js';
import type { ApiModel } from '../../generator/model/types.js';
import { reservedNamesOf } from '../../generator/targets/registry.js';
import { listSpecFiles, repoRoot } from '../helpers/spec-files.js';

/** The top-level names a module binds or exports by name. */
function topLevelNames(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.push(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.push(element.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    } else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) for (const element of clause.elements) names.push(element.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
      names.push(statement.name.text);
    }
  }
  return names;
}

function plannedNames(model: ApiModel): Set<string> {
  return new Set([
    ...model.schemas.flatMap((s) => [s.typeName, s.schemaName, s.validatorName, ...Object.values(s.variants ?? {}).flatMap((v) => (v ? [v.typeName, v.schemaName, v.validatorName] : []))]),
    ...[...model.operations, ...model.webhooks].flatMap((op) => [op.name, ...Object.values(op.names), ...Object.values(op.targetNames)]),
    ...Object.values(model.entryNames),
    model.client.className,
    ...model.client.groups.map((g) => g.className),
    ...model.hostedFlows.flatMap((f) => [f.names.params, f.names.url]),
  ]);
}

describe('every top-level name of a generated module is planned or declared', () => {
  const reserved = new Set(reservedNamesOf());
  it.each(listSpecFiles().filter((f) => !f.includes('/')))('%s', async (spec) => {
    const job = { file: relative(process.cwd(), join(repoRoot, 'specs', spec)), name: spec.split('.')[0]! };
    const model = await loadModel(job);
    const planned = plannedNames(model);
    const output = await generatePackage(job);
    const unplanned = [...output.files]
      .filter(([path]) => /^src\/[^/]+\.ts$/.test(path))
      .flatMap(([path, text]) => topLevelNames(path, text).filter((name) => !planned.has(name) && !reserved.has(name)).map((name) => `${path}: ${name}`));
    expect(unplanned).toEqual([]);
  }, 60_000);
});
