/**
 * The public TypeScript surface of a generated package: every name each entry point of its
 * package.json `exports` makes importable, with its declaration as a declaration file states
 * it (printed by the TypeScript printer without comments, function and method bodies or
 * private members). Read from the emitted sources with the parser alone: no type checking,
 * so comparing two versions costs milliseconds.
 */
import type { ts as Ts } from 'ts-morph';
import { tsMorph } from '../util/ts-morph.js';
import { posix } from 'node:path';

const { ts } = tsMorph();

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
  return new Map([...readSurface(files, skip, new ChunkCache())].map(([key, declaration]) => [key, declaration.printed()]));
}

/**
 * What changed between two versions of a package's public surface, reading only what can have
 * changed: a module whose text is the same on both sides and that re-exports nothing from the
 * package declares the same names the same way on both, so it is left out of both (most of a
 * package, when one schema changed). The modules that are read are parsed a top-level statement
 * at a time, and a statement with the same text on both sides once; a declaration is printed
 * only where its text differs between the sides.
 */
export function diffPackageSurfaces(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): SurfaceDiff {
  const unchanged = (path: string): boolean => {
    const text = a.get(path);
    return text !== undefined && text === b.get(path) && !RELATIVE_REEXPORT.test(text);
  };
  const chunks = new ChunkCache();
  chunks.leaveOut(sharedPieces(a, b, chunks));
  return compareSurfaces(readSurface(a, unchanged, chunks), readSurface(b, unchanged, chunks), sameDeclaration);
}

/** Whether two declarations state the same, printing them only where their tokens cannot tell (see `Tokens`). */
function sameDeclaration(x: Declaration, y: Declaration): boolean {
  if (x.tokens !== undefined && y.tokens !== undefined && x.tokens.skeleton === y.tokens.skeleton) return x.tokens.values === y.tokens.values;
  return x.source === y.source || x.printed() === y.printed();
}

/**
 * The pieces of changed modules that both sides share and that neither side needs read: what a
 * shared piece declares is declared alike on both sides, so it can neither differ nor be missing
 * on one side, unless a piece that differs declares or exports the same name (another
 * declaration of it, which the comparison must see too). So a shared piece is read when it
 * mentions a name that a differing piece (of any module) declares or exports, or when it has an
 * `export *` (whose names it does not spell). A module keeps all its pieces when that could not
 * be exact: the shared pieces are not in the same order on both sides (a name declared twice
 * would print in another order), a piece is there twice, or a piece may not be a whole statement.
 */
function sharedPieces(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>, chunks: ChunkCache): Map<string, Set<string>> {
  const changed = [...new Set([...a.keys(), ...b.keys()])].filter((path) => path.endsWith('.ts') && a.get(path) !== b.get(path)).sort();
  /** Every name a differing piece declares or exports, in any module: a name may also be re-exported elsewhere. */
  const names = new Set<string>();
  const reducible: { path: string; shared: string[] }[] = [];
  for (const path of changed) {
    const [base, head] = [a.get(path), b.get(path)];
    const basePieces = base === undefined ? [] : chunks.piecesOf(base);
    const headPieces = head === undefined ? [] : chunks.piecesOf(head);
    const inBase = new Set(basePieces);
    const inHead = new Set(headPieces);
    const differing = [...basePieces.filter((piece) => !inHead.has(piece)), ...headPieces.filter((piece) => !inBase.has(piece))];
    // Both sides have the module, and no piece is there twice (which one would be shared?).
    let exact = base !== undefined && head !== undefined && inBase.size === basePieces.length && inHead.size === headPieces.length;
    for (const piece of differing) {
      const parsed = chunks.parse(path, piece);
      exact &&= parsed.clean;
      for (const item of parsed.items) {
        if (item.kind === 'own') names.add(item.name);
        else for (const element of item.elements) names.add(element.original).add(element.exported);
      }
    }
    if (!exact) continue;
    const shared = basePieces.filter((piece) => inHead.has(piece));
    const sharedInHeadOrder = headPieces.filter((piece) => inBase.has(piece));
    if (shared.every((piece, index) => piece === sharedInHeadOrder[index]) && shared.every(wholeStatements)) reducible.push({ path, shared });
  }
  const mustRead = (piece: string): boolean => STAR_EXPORT.test(piece) || piece.split(NOT_IN_IDENTIFIERS).some((word) => names.has(word));
  return new Map(reducible.map(({ path, shared }) => [path, new Set(shared.filter((piece) => !mustRead(piece)))]));
}

/** What separates the words of a text that could be identifiers (a superset: a word may be a keyword or a number). */
const NOT_IN_IDENTIFIERS = /[^\p{L}\p{N}\p{M}\p{Pc}$\u200c\u200d]+/u;

/** An `export *` statement (or such text in a string or comment, which only has a piece read). */
const STAR_EXPORT = /(?<![\w$])export\s+(?:type\s*)?\*/;

/**
 * Whether a piece of a module can only be whole statements, judged from its text: what could
 * open a statement that a later piece closes (a template literal, a block comment, a brace, a
 * string continued on the next line) is balanced or absent. A piece left out is never parsed,
 * so this stands in for the syntax check that parsing gives the pieces that are read.
 */
function wholeStatements(piece: string): boolean {
  const count = (pattern: RegExp): number => piece.match(pattern)?.length ?? 0;
  return count(/`/g) % 2 === 0 && count(/\/\*/g) === count(/\*\//g) && count(/\{/g) === count(/\}/g) && !/\\\r?\n/.test(piece);
}

/**
 * An `export … from './…'` statement: what such a module exports depends on other modules. A
 * match that is not one (such text inside a string) only keeps a module from being skipped.
 */
const RELATIVE_REEXPORT = /^export\s[^;]*?\sfrom\s+['"]\./m;

export function diffSurfaces(a: Surface, b: Surface): SurfaceDiff {
  return compareSurfaces(a, b, (x, y) => x === y);
}

function compareSurfaces<T>(a: ReadonlyMap<string, T>, b: ReadonlyMap<string, T>, same: (x: T, y: T) => boolean): SurfaceDiff {
  const out: SurfaceDiff = { added: [], removed: [], changed: [] };
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined) out.removed.push(key);
    else if (!same(value, other)) out.changed.push(key);
  }
  for (const key of b.keys()) if (!a.has(key)) out.added.push(key);
  return out;
}

/** Exported name (`<import path> <name>`) -> its declaration, read from every entry point of the manifest's `exports`. */
function readSurface(files: ReadonlyMap<string, string>, skip: (path: string) => boolean, chunks: ChunkCache): Map<string, Declaration> {
  const manifest = JSON.parse(files.get('package.json') ?? '{}') as { name?: string; exports?: Record<string, unknown> };
  const name = manifest.name ?? 'package';
  const reader = new ModuleReader(files, skip, chunks);
  const surface = new Map<string, Declaration>();
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = typesFileOf(target);
    if (file === undefined || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const entry = subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`;
    for (const [exported, declaration] of reader.exportsOf(posix.normalize(file))) surface.set(`${entry} ${exported}`, declaration);
  }
  return new Map([...surface].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
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

/**
 * One declaration of an exported name. `source` is its text as written: the same text declares
 * the same thing, so two sides compare without printing; `printed()` is what a declaration file
 * states (no comments, bodies or private members), made when texts differ.
 */
interface Declaration {
  readonly source: string;
  printed(): string;
  /** Where the declaration is a piece's one untyped exported constant: the piece's tokens. */
  readonly tokens?: Tokens;
}

function declaration(source: string, print: () => string): Declaration {
  let printed: string | undefined;
  return { source, printed: () => (printed ??= print()) };
}

const literal = (text: string): Declaration => ({ source: text, printed: () => text });

/** Several declarations of one name (overloads, merged interfaces), in statement order. */
function merged(first: Declaration, next: Declaration): Declaration {
  return declaration(`${first.source}\n${next.source}`, () => `${first.printed()}\n${next.printed()}`);
}

/** What a piece of a module says about its exports, read from its text alone (no other module is needed). */
interface ParsedChunk {
  /** In statement order: a declaration of its own that it exports, or an `export …` statement to resolve. */
  items: (
    | { kind: 'own'; name: string; declaration: Declaration }
    | { kind: 'export'; specifier: string | undefined; star: boolean; namespace: string | undefined; elements: { original: string; exported: string }[] }
  )[];
  /** Its top-level declarations by name (for `export { a, b }`), read on first use: most modules never need them. */
  locals(): Map<string, Declaration>;
  /** Whether it parsed without a syntax error. */
  clean: boolean;
  /** Whether it is one statement, `export const name = …` with no type and one declarator: what `Tokens` can stand for. */
  untypedConstant?: boolean;
}

/**
 * A piece that is one untyped exported constant (a zod schema, an operation's record), read by
 * the scanner alone: `skeleton` is its text with each string and number literal marked out,
 * `values` the literals' values. Two pieces with the same skeleton are the same text but for
 * those literals, so they parse to the same tree but for the literals' values (a `/` or a
 * template keeps a piece out of this: the parser may rescan what the scanner alone reads there
 * as literals); and the printer writes a literal parsed without parent nodes from its value. So
 * a piece with the skeleton of one parsed already has its names and syntax without a parse of
 * its own, and two such declarations state the same exactly when their values are the same,
 * which needs no printing. Declarations whose skeletons differ (in a comment, say) are compared
 * as before: by text, then printed.
 */
interface Tokens {
  skeleton: string;
  values: string;
}

/** Opens a piece that may be one untyped exported constant (a typed one is read up to its `=`: typedConstantHead). */
const UNTYPED_CONSTANT = /^export\s+const\s+[\p{L}_$][\p{L}\p{N}_$]*\s*=/u;

const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard);

/** Tokens whose text the parser may read again in another way (a regular expression, a template's parts). */
const RESCANNED = new Set<Ts.SyntaxKind>([
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.BacktickToken,
  ts.SyntaxKind.Unknown,
]);

/** A piece's tokens (see `Tokens`); undefined where the scanner reports an error or meets a token the parser may rescan. */
function tokensOf(text: string): Tokens | undefined {
  // The marks are NULs: a text with its own cannot be told apart from them.
  if (text.includes('\0')) return undefined;
  let failed = false;
  scanner.setOnError(() => {
    failed = true;
  });
  scanner.setText(text);
  const skeleton: string[] = [];
  const values: string[] = [];
  let from = 0;
  try {
    for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
      if (failed || RESCANNED.has(kind)) return undefined;
      if (kind !== ts.SyntaxKind.StringLiteral && kind !== ts.SyntaxKind.NumericLiteral) continue;
      skeleton.push(text.slice(from, scanner.getTokenStart()), kind === ts.SyntaxKind.StringLiteral ? '\0s' : '\0n');
      values.push(scanner.getTokenValue());
      from = scanner.getTokenEnd();
    }
  } finally {
    scanner.setText(undefined);
    scanner.setOnError(undefined);
  }
  skeleton.push(text.slice(from));
  return failed ? undefined : { skeleton: skeleton.join(''), values: JSON.stringify(values) };
}

/**
 * Where a top-level statement can start: a line that begins, unindented, with a keyword that
 * opens a declaration or an import or export. Generated modules put one statement after another
 * this way, so a module splits into pieces that parse alone as they do in place. A split that
 * falls inside a statement (a template literal that holds such a line) leaves a piece with a
 * syntax error, and then the module is parsed whole.
 */
const STATEMENT_START = /^(?=(?:export|import|declare|const|let|var|function|async|class|abstract|interface|type|enum|namespace)\b)/m;

/**
 * Parsed pieces of modules by their text, shared by the two sides of a comparison: most of a
 * changed module is the same text in both, and parsing is most of a comparison's time.
 */
class ChunkCache {
  private readonly parsed = new Map<string, ParsedChunk>();
  /** Module texts split into pieces: `sharedPieces` splits the changed modules, and reading them needs the same pieces. */
  private readonly split = new Map<string, string[]>();
  private unread = new Map<string, Set<string>>();
  /** Pieces parsed that are one untyped exported constant, by their skeleton: see `Tokens`. */
  private readonly constants = new Map<string, ParsedChunk>();

  /** Pieces of modules (by path) that no side reads: see `sharedPieces`. */
  leaveOut(pieces: Map<string, Set<string>>): void {
    this.unread = pieces;
  }

  /** A module's pieces in order, each parsed once whichever side or module it appears in. */
  chunksOf(path: string, text: string): ParsedChunk[] {
    const unread = this.unread.get(path);
    const pieces = this.piecesOf(text);
    const chunks = (unread ? pieces.filter((piece) => !unread.has(piece)) : pieces).map((piece) => this.parse(path, piece));
    return chunks.every((chunk) => chunk.clean) ? chunks : [this.parse(path, text)];
  }

  piecesOf(text: string): string[] {
    let pieces = this.split.get(text);
    if (pieces === undefined) {
      pieces = text.split(STATEMENT_START);
      this.split.set(text, pieces);
    }
    return pieces;
  }

  parse(path: string, text: string): ParsedChunk {
    let parsed = this.parsed.get(text);
    if (parsed === undefined) {
      parsed = this.parseOrReuse(path, text);
      this.parsed.set(text, parsed);
    }
    return parsed;
  }

  /** A piece parsed, or, where it is one untyped exported constant with the skeleton of one parsed already, read from that one. */
  private parseOrReuse(path: string, text: string): ParsedChunk {
    const tokens = UNTYPED_CONSTANT.test(text) ? tokensOf(text) : undefined;
    if (tokens === undefined) return parseChunk(path, text);
    const like = this.constants.get(tokens.skeleton);
    if (like === undefined) {
      const parsed = parseChunk(path, text);
      const [item] = parsed.items;
      if (!parsed.untypedConstant || !parsed.clean || item?.kind !== 'own') return parsed;
      const read = lazilyParsed({ path, text, name: item.name, tokens, parsed });
      this.constants.set(tokens.skeleton, read);
      return read;
    }
    const name = like.items[0]!.kind === 'own' ? like.items[0]!.name : '';
    return lazilyParsed({ path, text, name, tokens });
  }
}

/**
 * A piece that is one untyped exported constant, with its tokens: parsed already (`parsed`), or
 * known by its name and tokens from a piece with the same skeleton and parsed only if its text,
 * its printed declaration or its locals are asked for (a comparison with a declaration whose
 * skeleton differs).
 */
function lazilyParsed({ path, text, name, tokens, parsed }: { path: string; text: string; name: string; tokens: Tokens; parsed?: ParsedChunk }): ParsedChunk {
  const parsedOnce = (): ParsedChunk => (parsed ??= parseChunk(path, text));
  const own = (): Declaration => {
    const [item] = parsedOnce().items;
    if (item?.kind !== 'own') throw new Error(`${path}: a piece with the tokens of an exported constant declares none`);
    return item.declaration;
  };
  const declaration: Declaration = {
    get source() {
      return own().source;
    },
    printed: () => own().printed(),
    tokens,
  };
  return { items: [{ kind: 'own', name, declaration }], locals: () => parsedOnce().locals(), clean: true, untypedConstant: true };
}

function parseChunk(path: string, text: string): ParsedChunk {
  const head = typedConstantHead(text);
  // Doc comments are not parsed: a declaration file's text here has none, and a piece ends with the next one's (about a quarter of a parse).
  const source = ts.createSourceFile(path, head === undefined ? text : `${head};`, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.TS);
  const items: ParsedChunk['items'] = [];
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
  let locals: Map<string, Declaration> | undefined;
  // The parser's syntax errors are not part of TypeScript's public API; a piece whose list is not there counts as clean.
  const errors = (source as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics;
  return { items, locals: () => (locals ??= localDeclarations(source)), clean: (errors?.length ?? 0) === 0, untypedConstant: head === undefined && isUntypedConstant(source) };
}

function isUntypedConstant(source: Ts.SourceFile): boolean {
  const [statement] = source.statements;
  if (source.statements.length !== 1 || !statement || !ts.isVariableStatement(statement)) return false;
  const modifiers = ts.getModifiers(statement) ?? [];
  const { declarations, flags } = statement.declarationList;
  const [only] = declarations;
  return modifiers.length === 1 && modifiers[0]!.kind === ts.SyntaxKind.ExportKeyword && (flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.Const && declarations.length === 1 && only !== undefined && ts.isIdentifier(only.name) && only.type === undefined && only.exclamationToken === undefined && only.initializer !== undefined;
}

/**
 * `export const name: Type = …` alone in a piece: its text up to the `=`, which is all a
 * declaration file keeps of it, so that a large initializer (the fixtures' tables, say) costs
 * a scan of its characters instead of a parse. Undefined when the piece may hold anything else
 * (a second declarator, another statement) or something the scan does not follow (a regular
 * expression or a division, a template with substitutions): then the piece is parsed whole.
 */
function typedConstantHead(piece: string): string | undefined {
  const start = TYPED_CONSTANT.exec(piece);
  if (!start) return undefined;
  const equals = scanDeclaration(piece, start[0].length, 'type');
  if (equals === undefined || scanDeclaration(piece, equals + 1, 'initializer') !== piece.length) return undefined;
  return piece.slice(0, equals);
}

const TYPED_CONSTANT = /^export\s+(?:declare\s+)?(?:const|let)\s+[\p{L}_$][\p{L}\p{N}_$]*\s*:/u;

/**
 * From `from` in a declaration's type, the index of the `=` that ends it; in its initializer,
 * the text's length when the initializer runs to the end of the text (a `;` and comments may
 * follow). Brackets are counted (in a type, angle brackets too), strings and comments skipped.
 */
function scanDeclaration(text: string, from: number, part: 'type' | 'initializer'): number | undefined {
  let depth = 0;
  let ended = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') continue;
    if (c === '/') {
      const next = text[i + 1];
      if (next === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
      else if (next === '*' && text.indexOf('*/', i + 2) !== -1) i = text.indexOf('*/', i + 2) + 1;
      else return undefined;
      continue;
    }
    if (ended) return undefined;
    if (c === "'" || c === '"' || c === '`') {
      i = endOfString(text, i);
      if (i === -1) return undefined;
    } else if (c === '(' || c === '[' || c === '{' || (part === 'type' && c === '<')) depth++;
    else if (c === ')' || c === ']' || c === '}' || (part === 'type' && c === '>')) {
      if (--depth < 0) return undefined;
    } else if (c === '=' && text[i + 1] === '>') i++;
    else if (depth > 0) continue;
    else if (c === '=' && part === 'type') return i;
    else if (c === ',' || (c === ';' && part === 'type')) return undefined;
    else if (c === ';') ended = true;
  }
  return part === 'initializer' && depth === 0 ? text.length : undefined;
}

/** The index of the quote that closes the string or template opened at `start`; -1 for an unclosed one, a line break in a string or a template with substitutions. */
function endOfString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' ? c === '$' && text[i + 1] === '{' : c === '\n') return -1;
  }
  return -1;
}

class ModuleReader {
  private readonly modules = new Map<string, Map<string, Declaration>>();

  constructor(
    private readonly files: ReadonlyMap<string, string>,
    private readonly skip: (path: string) => boolean,
    private readonly chunks: ChunkCache,
  ) {}

  /** Exported name -> declaration, following `export … from './x.js'` inside the package. */
  exportsOf(path: string, stack: string[] = []): Map<string, Declaration> {
    const known = this.modules.get(path);
    if (known) return known;
    const exports = new Map<string, Declaration>();
    const text = this.files.get(path);
    if (text === undefined || stack.includes(path) || this.skip(path)) return exports;
    const chunks = this.chunks.chunksOf(path, text);
    let locals: Map<string, Declaration> | undefined;
    const localsOf = (): Map<string, Declaration> => {
      if (locals) return locals;
      locals = new Map();
      for (const chunk of chunks) for (const [name, found] of chunk.locals()) locals.set(name, locals.has(name) ? merged(locals.get(name)!, found) : found);
      return locals;
    };
    for (const item of chunks.flatMap((chunk) => chunk.items)) {
      if (item.kind === 'own') {
        exports.set(item.name, exports.has(item.name) ? merged(exports.get(item.name)!, item.declaration) : item.declaration);
        continue;
      }
      const { specifier } = item;
      const inner = specifier?.startsWith('.') ? this.exportsOf(this.resolve(path, specifier), [...stack, path]) : undefined;
      if (item.star) {
        if (inner) {
          for (const [name, declaration] of inner) if (name !== 'default') exports.set(name, declaration);
        } else if (specifier !== undefined) exports.set(`* from ${specifier}`, literal(`export * from '${specifier}'`));
        continue;
      }
      if (item.namespace !== undefined) {
        exports.set(item.namespace, literal(`namespace of ${specifier ?? ''}`));
        continue;
      }
      for (const { original, exported } of item.elements) {
        const declaration = inner ? inner.get(original) : specifier !== undefined ? literal(`${original} from '${specifier}'`) : localsOf().get(original);
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

function hasExportModifier(node: Ts.Statement): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** Names declared at the top of the module (for `export { a, b }`). */
function localDeclarations(source: Ts.SourceFile): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const statement of source.statements) for (const [name, found] of declarationsOf(statement, source)) out.set(name, out.has(name) ? merged(out.get(name)!, found) : found);
  return out;
}

function declarationsOf(statement: Ts.Statement, source: Ts.SourceFile): [string, Declaration][] {
  // Only classes and functions have bodies to strip; the rest prints as it is.
  const print = (node: Ts.Node): string => printer.printNode(ts.EmitHint.Unspecified, ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node) ? stripImplementation(node) : node, source);
  if (ts.isVariableStatement(statement)) {
    const keyword = statement.declarationList.flags & ts.NodeFlags.Const ? 'const' : 'let';
    return statement.declarationList.declarations.flatMap((d): [string, Declaration][] => {
      if (!ts.isIdentifier(d.name)) return [];
      const name = d.name.text;
      const type = d.type;
      return [[name, declaration(`${keyword} ${d.getText(source)}`, () => `${keyword} ${type ? `${name}: ${print(type)}` : print(d)}`)]];
    });
  }
  if (
    (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) &&
    statement.name
  ) {
    return [[statement.name.text, declaration(statement.getText(source), () => print(statement))]];
  }
  return [];
}

/** What a declaration file keeps: no bodies, no private members, no initialiser where a type is written. */
function stripImplementation(node: Ts.Node): Ts.Node {
  const result = ts.transform(node, [
    (context) => {
      const visit = (current: Ts.Node): Ts.Node | undefined => {
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

function isPrivate(member: Ts.ClassElement): boolean {
  if (member.name && ts.isPrivateIdentifier(member.name)) return true;
  return ts.canHaveModifiers(member) && (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword);
}
