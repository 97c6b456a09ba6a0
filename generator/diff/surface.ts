/**
 * The public TypeScript surface of a generated package: every name each entry point of its
 * package.json `exports` makes importable, with its declaration as a declaration file states
 * it (printed by the TypeScript printer without comments, function and method bodies or
 * private members). Read from the emitted sources with the parser alone: no type checking,
 * so comparing two versions costs milliseconds.
 */
import { ts } from 'ts-morph';
import { posix } from 'node:path';

export interface SurfaceDiff {
  /** `entry name` keys, e.g. `@svc/v2 Account`, `@svc/v2/server createV2Server`; sorted. */
  added: string[];
  removed: string[];
  changed: string[];
}

/** Key (`<import path> <name>`) -> declaration text. */
export type Surface = Map<string, string>;

/**
 * `skip`: modules whose names to leave out (see `diffPackageSurfaces`); their exports, and what
 * is re-exported from them, are not read.
 */
export function publicSurface(files: ReadonlyMap<string, string>, skip: (path: string) => boolean = () => false): Surface {
  const manifest = JSON.parse(files.get('package.json') ?? '{}') as { name?: string; exports?: Record<string, unknown> };
  const name = manifest.name ?? 'package';
  const reader = new ModuleReader(files, skip);
  const surface: Surface = new Map();
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = typesFileOf(target);
    if (file === undefined || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const entry = subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`;
    for (const [exported, text] of reader.exportsOf(posix.normalize(file))) surface.set(`${entry} ${exported}`, text);
  }
  return new Map([...surface].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * What changed between two versions of a package's public surface, reading only what can have
 * changed: a module whose text is the same on both sides and that re-exports nothing from the
 * package declares the same names the same way on both, so it is left out of both (most of a
 * package, when one schema changed: a diff of v2 then parses a few modules instead of all).
 */
export function diffPackageSurfaces(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): SurfaceDiff {
  const unchanged = (path: string): boolean => {
    const text = a.get(path);
    return text !== undefined && text === b.get(path) && !RELATIVE_REEXPORT.test(text);
  };
  return diffSurfaces(publicSurface(a, unchanged), publicSurface(b, unchanged));
}

/**
 * An `export … from './…'` statement: what such a module exports depends on other modules. A
 * match that is not one (such text inside a string) only keeps a module from being skipped.
 */
const RELATIVE_REEXPORT = /^export\s[^;]*?\sfrom\s+['"]\./m;

export function diffSurfaces(a: Surface, b: Surface): SurfaceDiff {
  const out: SurfaceDiff = { added: [], removed: [], changed: [] };
  for (const [key, text] of a) {
    const other = b.get(key);
    if (other === undefined) out.removed.push(key);
    else if (other !== text) out.changed.push(key);
  }
  for (const key of b.keys()) if (!a.has(key)) out.added.push(key);
  return out;
}

function typesFileOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (target && typeof target === 'object') {
    const record = target as Record<string, unknown>;
    // The sources (the generated files), not the declarations built from them.
    return typesFileOf(record['svc-source'] ?? record.types ?? record.import ?? record.default);
  }
  return undefined;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** What one module says about its exports, read from its text alone (no other module is needed). */
interface ParsedModule {
  /** In statement order: a declaration of its own that it exports, or an `export …` statement to resolve. */
  items: (
    | { kind: 'own'; name: string; declaration: string }
    | { kind: 'export'; specifier: string | undefined; star: boolean; namespace: string | undefined; elements: { original: string; exported: string }[] }
  )[];
  /** Its top-level declarations by name (for `export { a, b }`), printed on first use: most modules never need them. */
  locals(): Map<string, string>;
}

/**
 * Parsed modules by their text, shared by the two sides of a comparison: most modules of a
 * package are the same text in both, and parsing and printing them is most of a diff's time.
 * Bounded, so that a long-running process that compares many packages does not keep them all.
 */
const parsedByText = new Map<string, ParsedModule>();
const PARSED_KEPT = 128;

function parseModule(path: string, text: string): ParsedModule {
  const known = parsedByText.get(text);
  if (known) return known;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const items: ParsedModule['items'] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      const clause = statement.exportClause;
      items.push({
        kind: 'export',
        specifier,
        star: !clause,
        namespace: clause && ts.isNamespaceExport(clause) ? clause.name.text : undefined,
        elements: clause && ts.isNamedExports(clause) ? clause.elements.map((element) => ({ original: (element.propertyName ?? element.name).getText(source), exported: element.name.getText(source) })) : [],
      });
      continue;
    }
    if (!hasExportModifier(statement)) continue;
    for (const [name, declaration] of declarationsOf(statement, source)) items.push({ kind: 'own', name, declaration });
  }
  let locals: Map<string, string> | undefined;
  const parsed: ParsedModule = { items, locals: () => (locals ??= localDeclarations(source)) };
  if (parsedByText.size >= PARSED_KEPT) parsedByText.delete(parsedByText.keys().next().value!);
  parsedByText.set(text, parsed);
  return parsed;
}

class ModuleReader {
  private readonly modules = new Map<string, Map<string, string>>();

  constructor(
    private readonly files: ReadonlyMap<string, string>,
    private readonly skip: (path: string) => boolean,
  ) {}

  /** Exported name -> declaration text, following `export … from './x.js'` inside the package. */
  exportsOf(path: string, stack: string[] = []): Map<string, string> {
    const known = this.modules.get(path);
    if (known) return known;
    const exports = new Map<string, string>();
    const text = this.files.get(path);
    if (text === undefined || stack.includes(path) || this.skip(path)) return exports;
    const parsed = parseModule(path, text);
    for (const item of parsed.items) {
      if (item.kind === 'own') {
        exports.set(item.name, exports.has(item.name) ? `${exports.get(item.name)!}\n${item.declaration}` : item.declaration);
        continue;
      }
      const { specifier } = item;
      const inner = specifier?.startsWith('.') ? this.exportsOf(this.resolve(path, specifier), [...stack, path]) : undefined;
      if (item.star) {
        if (inner) {
          for (const [name, declaration] of inner) if (name !== 'default') exports.set(name, declaration);
        } else if (specifier !== undefined) exports.set(`* from ${specifier}`, `export * from '${specifier}'`);
        continue;
      }
      if (item.namespace !== undefined) {
        exports.set(item.namespace, `namespace of ${specifier ?? ''}`);
        continue;
      }
      for (const { original, exported } of item.elements) {
        const declaration = inner ? inner.get(original) : specifier !== undefined ? `${original} from '${specifier}'` : parsed.locals().get(original);
        if (declaration !== undefined) exports.set(exported, declaration);
      }
    }
    this.modules.set(path, exports);
    return exports;
  }

  private resolve(from: string, specifier: string): string {
    const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
    const candidates = [joined.replace(/\.js$/, '.ts'), `${joined}.ts`, `${joined}/index.ts`];
    return candidates.find((c) => this.files.has(c)) ?? candidates[0]!;
  }
}

function hasExportModifier(node: ts.Statement): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** Names declared at the top of the module (for `export { a, b }`). */
function localDeclarations(source: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const statement of source.statements) for (const [name, text] of declarationsOf(statement, source)) out.set(name, out.has(name) ? `${out.get(name)!}\n${text}` : text);
  return out;
}

function declarationsOf(statement: ts.Statement, source: ts.SourceFile): [string, string][] {
  // Only classes and functions have bodies to strip; the rest prints as it is.
  const print = (node: ts.Node): string => printer.printNode(ts.EmitHint.Unspecified, ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node) ? stripImplementation(node) : node, source);
  if (ts.isVariableStatement(statement)) {
    const keyword = statement.declarationList.flags & ts.NodeFlags.Const ? 'const' : 'let';
    return statement.declarationList.declarations
      .filter((d) => ts.isIdentifier(d.name))
      .map((d) => [(d.name as ts.Identifier).text, `${keyword} ${d.type ? `${(d.name as ts.Identifier).text}: ${print(d.type)}` : print(d)}`]);
  }
  if (
    (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) &&
    statement.name
  ) {
    return [[statement.name.text, print(statement)]];
  }
  return [];
}

/** What a declaration file keeps: no bodies, no private members, no initialiser where a type is written. */
function stripImplementation(node: ts.Node): ts.Node {
  const result = ts.transform(node, [
    (context) => {
      const visit = (current: ts.Node): ts.Node | undefined => {
        if (ts.isClassElement(current) && isPrivate(current)) return undefined;
        if (ts.isFunctionDeclaration(current))
          return ts.factory.updateFunctionDeclaration(current, current.modifiers, current.asteriskToken, current.name, current.typeParameters, current.parameters, current.type, undefined);
        if (ts.isMethodDeclaration(current))
          return ts.factory.updateMethodDeclaration(current, current.modifiers, current.asteriskToken, current.name, current.questionToken, current.typeParameters, current.parameters, current.type, undefined);
        if (ts.isConstructorDeclaration(current)) return ts.factory.updateConstructorDeclaration(current, current.modifiers, current.parameters, undefined);
        if (ts.isGetAccessorDeclaration(current)) return ts.factory.updateGetAccessorDeclaration(current, current.modifiers, current.name, current.parameters, current.type, undefined);
        if (ts.isSetAccessorDeclaration(current)) return ts.factory.updateSetAccessorDeclaration(current, current.modifiers, current.name, current.parameters, undefined);
        if (ts.isPropertyDeclaration(current) && current.type)
          return ts.factory.updatePropertyDeclaration(current, current.modifiers, current.name, current.questionToken ?? current.exclamationToken, current.type, undefined);
        if (ts.isVariableDeclaration(current) && current.type) return ts.factory.updateVariableDeclaration(current, current.name, current.exclamationToken, current.type, undefined);
        return ts.visitEachChild(current, visit, context);
      };
      return (root) => ts.visitNode(root, visit)!;
    },
  ]);
  const [out] = result.transformed;
  result.dispose();
  return out!;
}

function isPrivate(member: ts.ClassElement): boolean {
  if (member.name && ts.isPrivateIdentifier(member.name)) return true;
  return ts.canHaveModifiers(member) && (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword);
}
