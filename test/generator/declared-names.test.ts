/**
 * No name reaches the compiler unplanned: every top-level name a generated module declares,
 * imports or re-exports is either planned by the model (schemas, operations, the client and
 * its groups, the entry points) or declared by the target that emits it (`defines`, `imports`
 * or `declares` in its plugin.ts), which the planner hands out before naming anything of the document.
 * The one other kind is a module's own unexported constant, a validator it prints more than once
 * (print/shared.ts): no other module can name it, and it shares no name with a planned one.
 */
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generatePackage, loadModel } from '../../generator/pipeline.js';
import type { ApiModel } from '../../generator/model/types.js';
import { reservedNamesOf } from '../../generator/targets/registry.js';
import { listSpecFiles, repoRoot } from '../helpers/spec-files.js';

/** The top-level names a module binds or exports by name, but the validators it shares (print/shared.ts), which go to `shared`. */
function topLevelNames(path: string, text: string, shared: string[] = []): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  // The block of unexported constants under the comment print/shared.ts writes.
  const block = /^\/\/ Used more than once below, declared once\.\n([^]*?)^(?:\/\*\*|export )/m.exec(text)?.[1] ?? '';
  const sharedValidators = new Set([...block.matchAll(/^const (\w+) =/gm)].map((m) => m[1]!));
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
      const isShared = sharedValidators.has(statement.declarationList.declarations[0]!.name.getText(file));
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) (isShared ? shared : names).push(declaration.name.text);
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
    const modules = [...output.files].filter(([path]) => /^src\/[^/]+\.ts$/.test(path));
    const unplanned = modules.flatMap(([path, text]) => topLevelNames(path, text).filter((name) => !planned.has(name) && !reserved.has(name)).map((name) => `${path}: ${name}`));
    expect(unplanned).toEqual([]);
    // A shared validator's name is none the package plans or reserves, and none other of its module.
    const sharedClashing = modules.flatMap(([path, text]) => {
      const shared: string[] = [];
      const names = new Set(topLevelNames(path, text, shared));
      return shared.filter((name, i) => planned.has(name) || reserved.has(name) || names.has(name) || shared.indexOf(name) !== i).map((name) => `${path}: ${name}`);
    });
    expect(sharedClashing).toEqual([]);
    // Not said of nothing: each of our REST specs has validators its modules share.
    if (spec.endsWith('.openapi.yaml')) expect(modules.some(([, text]) => text.includes('below, declared once.'))).toBe(true);
  }, 60_000);
});
