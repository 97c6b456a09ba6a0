/**
 * The public TypeScript surface of a generated package: every name each entry point of its
 * package.json `exports` makes importable, with its declaration as a declaration file states
 * it (without comments, function and method bodies or private members, whitespace in one
 * form). Read from the emitted sources with oxc's parser alone: no type checking, and not
 * TypeScript's compiler, whose 9 MB of code took longer to load than comparing v2 takes.
 */
import { parseSync, rawTransferSupported, type Comment, type ParserOptions } from 'oxc-parser';
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

/**
 * One declaration of an exported name. `source` is its text as written: the same text declares
 * the same thing, so two sides compare without printing; `printed()` is what a declaration file
 * states (no comments, bodies or private members; whitespace in one form: see `printedText`),
 * made when texts differ.
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
 * a scan of its characters: `skeleton` is its text with each string and number literal marked
 * out, `values` the literals' values (`'A'` and `"\\x41"` are one string, `0x10` and `16` one
 * number, as `printedText` prints them). Two pieces with the same skeleton are the same text but
 * for those literals, so they parse to the same tree but for the literals (a `/` that opens no
 * comment, or a template, keeps a piece out of this: only a parse tells a regular expression
 * from a division, or a template's parts). So a piece with the skeleton of one parsed already
 * has its names and syntax without a parse of its own, and two such declarations state the
 * same exactly when their literals are the same, which needs no printing. Declarations whose
 * skeletons differ (in a comment, say) are compared by text, then printed.
 */
interface Tokens {
  skeleton: string;
  values: string;
}

/** Opens a piece that may be one untyped exported constant (a typed one is read up to its `=`: typedConstantHead). */
const UNTYPED_CONSTANT = /^export\s+const\s+([\p{L}_$][\p{L}\p{N}_$]*)\s*=/u;

/** A character that may continue an identifier (any non-ASCII one counts: it never starts a literal). */
const isWordChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code > 127;

/** The escapes of a string literal (a line continuation is the `\\` before a line break). */
const ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|(\r\n|[\s\S]))/g;
const SINGLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** The value of a string literal as written (its quotes included), for comparing literals however they are quoted or escaped. */
function cookedString(raw: string): string {
  return raw.slice(1, -1).replace(ESCAPE, (_, hex?: string, braced?: string, unicode?: string, other?: string) => {
    if (hex !== undefined || unicode !== undefined) return String.fromCharCode(parseInt((hex ?? unicode)!, 16));
    if (braced !== undefined) return String.fromCodePoint(parseInt(braced, 16));
    return /^(\r\n|[\n\r\u2028\u2029])$/.test(other!) ? '' : (SINGLE_ESCAPES[other!] ?? other!);
  });
}

/** A number literal's value in one form (`0x10`, `1_6` and `16` alike); a BigInt keeps its `n`. */
function canonicalNumber(raw: string): string {
  const digits = raw.replace(/_/g, '');
  if (!digits.endsWith('n')) return String(Number(digits));
  try {
    return `${BigInt(digits.slice(0, -1))}n`;
  } catch {
    return digits;
  }
}

/** A piece's tokens (see `Tokens`); undefined where the scan meets what only a parse reads right, or text that cannot be a whole piece. */
function tokensOf(text: string): Tokens | undefined {
  // The marks are NULs: a text with its own cannot be told apart from them.
  if (text.includes('\0')) return undefined;
  const skeleton: string[] = [];
  const values: string[] = [];
  let from = 0;
  const mark = (start: number, end: number, kind: '\0s' | '\0n'): void => {
    const raw = text.slice(start, end);
    skeleton.push(text.slice(from, start), kind);
    values.push(kind === '\0s' ? cookedString(raw) : canonicalNumber(raw));
    from = end;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 47 /* / */) {
      const next = text[i + 1];
      if (next === '/') {
        const end = text.indexOf('\n', i);
        i = end === -1 ? text.length : end;
      } else if (next === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end === -1) return undefined;
        i = end + 1;
      } else return undefined;
    } else if (code === 39 /* ' */ || code === 34 /* " */) {
      const end = endOfString(text, i);
      if (end === -1) return undefined;
      mark(i, end + 1, '\0s');
      i = end;
    } else if (code === 96 /* ` */ || code === 92 /* \ */) {
      return undefined;
    } else if (isWordChar(code)) {
      // A number starts with a digit where no identifier goes on; it runs over digits, letters (hex, exponents, `n`), `_` and `.`.
      const startsNumber = code >= 48 && code <= 57 && (i === 0 || !isWordChar(text.charCodeAt(i - 1)));
      let end = i + 1;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (isWordChar(c) || (startsNumber && (c === 46 || ((c === 43 || c === 45) && /[eE]/.test(text[end - 1]!) && !/^0[xX]/.test(text.slice(i, end)))))) end++;
        else break;
      }
      if (startsNumber) mark(i, end, '\0n');
      i = end - 1;
    } else if (code === 46 /* . */ && /[0-9]/.test(text[i + 1] ?? '')) {
      // `.5`: a number; `a.b` never has a digit after its dot.
      return undefined;
    }
  }
  skeleton.push(text.slice(from));
  return { skeleton: skeleton.join(''), values: JSON.stringify(values) };
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
    if (declaresNoExport(text)) return unexported(path, text);
    const constant = UNTYPED_CONSTANT.exec(text);
    const tokens = constant ? tokensOf(text) : undefined;
    if (tokens === undefined) return parseChunk(path, text);
    // One statement, read to its end by the scan: its name is all a parse would add.
    if (scanDeclaration(text, constant![0].length, 'initializer', true) === text.length) return lazilyParsed({ path, text, name: constant![1]!, tokens });
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
 * Whether a piece declares or exports nothing a package exports by reading it alone: it opens
 * with another keyword than `export`, has the word nowhere, and can only be whole statements.
 * Its locals are read when an export clause names one (`unexported`).
 */
function declaresNoExport(piece: string): boolean {
  return !/(?<![\p{L}\p{N}_$])export(?![\p{L}\p{N}_$])/u.test(piece) && wholeStatements(piece);
}

/** A piece that exports nothing (see `declaresNoExport`): parsed only if its locals are asked for. */
function unexported(path: string, text: string): ParsedChunk {
  let parsed: ParsedChunk | undefined;
  return { items: [], locals: () => (parsed ??= parseChunk(path, text)).locals(), clean: true };
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

/** A node of oxc's tree, as this module reads it: its kind, its span (UTF-16 offsets) and its fields. */
interface AstNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [field: string]: unknown;
}

/**
 * On Node.js 22 and later the parser hands its tree over as raw memory, read on the JavaScript
 * side: several times faster than the JSON copy older versions get.
 */
const PARSE_OPTIONS = { lang: 'ts', sourceType: 'module', ...(rawTransferSupported() ? { experimentalRawTransfer: true } : {}) } as ParserOptions;

/** A piece (or a whole module) parsed: its statements, its comments in order, its text. */
interface ParsedSource {
  text: string;
  statements: AstNode[];
  comments: readonly Comment[];
}

function parseChunk(path: string, text: string): ParsedChunk {
  const head = typedConstantHead(text);
  // `declare`: a constant without its initializer is a syntax error otherwise.
  const parsedText = head === undefined ? text : `${head.replace(/^export\s+(?!declare\b)/, 'export declare ')};`;
  const result = parseSync(path, parsedText, PARSE_OPTIONS);
  const source: ParsedSource = { text: parsedText, statements: result.program.body as unknown as AstNode[], comments: result.comments };
  const items: ParsedChunk['items'] = [];
  for (const statement of source.statements) {
    if (statement.type === 'ExportAllDeclaration') {
      const exported = statement.exported as AstNode | null;
      items.push({ kind: 'export', specifier: stringOf(statement.source), star: exported === null, namespace: exported === null ? undefined : nameOf(exported), elements: [] });
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration === null) {
      const specifiers = statement.specifiers as AstNode[];
      const elements = specifiers.map((specifier) => ({ original: nameOf(specifier.local as AstNode), exported: nameOf(specifier.exported as AstNode) }));
      items.push({ kind: 'export', specifier: stringOf(statement.source), star: false, namespace: undefined, elements });
      continue;
    }
    const exported = exportedDeclarationOf(statement);
    if (exported === undefined) continue;
    for (const [name, declaration] of declarationsOf(exported.node, source, exported.isDefault)) items.push({ kind: 'own', name, declaration });
  }
  let locals: Map<string, Declaration> | undefined;
  return { items, locals: () => (locals ??= localDeclarations(source)), clean: result.errors.length === 0, untypedConstant: head === undefined && isUntypedConstant(source.statements) };
}

/** An `export const name = …` alone: one declarator, an identifier without a type, an initializer. */
function isUntypedConstant(statements: readonly AstNode[]): boolean {
  const [statement] = statements;
  if (statements.length !== 1 || statement?.type !== 'ExportNamedDeclaration') return false;
  const declaration = statement.declaration as AstNode | null;
  if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const' || declaration.declare === true) return false;
  const declarators = declaration.declarations as AstNode[];
  const only = declarators[0];
  if (declarators.length !== 1 || only === undefined) return false;
  const id = only.id as AstNode;
  return id.type === 'Identifier' && id.typeAnnotation === null && only.definite !== true && only.init !== null;
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
 * `oneLine`: an initializer with a line break outside its brackets counts as not running to the
 * end (a statement may begin on the next line without a `;` before it).
 */
function scanDeclaration(text: string, from: number, part: 'type' | 'initializer', oneLine = false): number | undefined {
  let depth = 0;
  let ended = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n' && oneLine && depth === 0 && !ended) return undefined;
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') continue;
    if (c === '/') {
      const next = text[i + 1];
      if (next === '/') {
        // To the line break, which the loop then meets (it may end a one-line initializer).
        const end = text.indexOf('\n', i);
        i = end === -1 ? text.length : end - 1;
        continue;
      }
      const end = next === '*' ? text.indexOf('*/', i + 2) : -1;
      if (end === -1) return undefined;
      if (oneLine && depth === 0 && !ended && text.slice(i, end).includes('\n')) return undefined;
      i = end + 1;
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

/** The identifier's name, or a string's value (`export { a as "b c" }`). */
function nameOf(node: AstNode): string {
  return typeof node.name === 'string' ? node.name : String(node.value);
}

function stringOf(node: unknown): string | undefined {
  const literalNode = node as AstNode | null;
  return literalNode !== null && typeof literalNode.value === 'string' ? literalNode.value : undefined;
}

/** The declaration a statement exports (`export …`, `export default …`), if it exports one. */
function exportedDeclarationOf(statement: AstNode): { node: AstNode; isDefault: boolean } | undefined {
  if (statement.type === 'ExportNamedDeclaration' && statement.declaration !== null) return { node: statement.declaration as AstNode, isDefault: false };
  if (statement.type === 'ExportDefaultDeclaration') return { node: statement.declaration as AstNode, isDefault: true };
  return undefined;
}

/** Names declared at the top of the module (for `export { a, b }`). */
function localDeclarations(source: ParsedSource): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const statement of source.statements) {
    const node = exportedDeclarationOf(statement)?.node ?? statement;
    for (const [name, found] of declarationsOf(node, source, false)) out.set(name, out.has(name) ? merged(out.get(name)!, found) : found);
  }
  return out;
}

/** Declarations whose text is what a declaration file states, but for its comments and whitespace. */
const DECLARATIONS = new Set(['TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSEnumDeclaration', 'TSModuleDeclaration', 'TSDeclareFunction']);

function declarationsOf(node: AstNode, source: ParsedSource, isDefault: boolean): [string, Declaration][] {
  const text = (from: AstNode): string => source.text.slice(from.start, from.end);
  if (node.type === 'VariableDeclaration') {
    const keyword = node.kind === 'const' ? 'const' : 'let';
    return (node.declarations as AstNode[]).flatMap((d): [string, Declaration][] => {
      const id = d.id as AstNode;
      if (id.type !== 'Identifier') return [];
      const name = nameOf(id);
      const type = id.typeAnnotation as AstNode | null;
      // Typed: a declaration file keeps the type alone, so an initializer is never printed.
      const print = (): string => `${keyword} ${type ? `${name}: ${printedText(source, type.typeAnnotation as AstNode)}` : printedText(source, d)}`;
      return [[name, declaration(`${keyword} ${text(d)}`, print)]];
    });
  }
  const id = node.id as AstNode | null | undefined;
  const name = isDefault ? 'default' : id ? nameOf(id) : undefined;
  if (name === undefined) return [];
  if (node.type === 'ClassDeclaration' || node.type === 'FunctionDeclaration') return [[name, declaration(text(node), () => printedText(source, node, implementationOf(node)))]];
  if (DECLARATIONS.has(node.type)) return [[name, declaration(text(node), () => printedText(source, node))]];
  return [];
}

/**
 * What a declaration file leaves out of a class or function: bodies, private members, static
 * blocks, and the initializer of a property whose type is written. Spans, in order.
 */
function implementationOf(node: AstNode): [number, number][] {
  const cuts: [number, number][] = [];
  const body = node.body as AstNode | null;
  if (node.type === 'FunctionDeclaration') {
    if (body) cuts.push([body.start, body.end]);
    return cuts;
  }
  for (const member of (body?.body ?? []) as AstNode[]) {
    const key = member.key as AstNode | undefined;
    if (member.type === 'StaticBlock' || key?.type === 'PrivateIdentifier' || member.accessibility === 'private') {
      cuts.push([member.start, member.end]);
      continue;
    }
    const value = member.value as AstNode | null | undefined;
    if (member.type === 'MethodDefinition' && value) {
      const methodBody = value.body as AstNode | null;
      if (methodBody) cuts.push([methodBody.start, methodBody.end]);
    } else if ((member.type === 'PropertyDefinition' || member.type === 'AccessorProperty') && value && member.typeAnnotation) {
      cuts.push([(member.typeAnnotation as AstNode).end, value.end]);
    }
  }
  return cuts;
}

/**
 * A node's text as this module compares declarations: without comments and the spans `cuts`
 * names, literals in one form (see `literalSpans`), whitespace outside them in one form (a run
 * of it is one space between two characters of words, else nothing). Two declarations with the
 * same tokens print the same, however they were laid out or quoted.
 */
function printedText(source: ParsedSource, node: AstNode, cuts: readonly [number, number][] = []): string {
  const { text } = source;
  const removed = [...commentsWithin(source.comments, node.start, node.end).map((c): [number, number] => [c.start, c.end]), ...cuts].sort((a, b) => a[0] - b[0]);
  const verbatim = literalSpans(source, node, removed);
  const out: string[] = [];
  // Text outside literals since the last one: its layout is made one form before it is kept (see `oneLayout`).
  let between = '';
  let last = 0;
  let space = false;
  const emit = (from: number, to: number): void => {
    let run = from;
    const flush = (end: number): void => {
      if (end > run) between += text.slice(run, end);
    };
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 11 || code === 0xfeff || code === 0xa0) {
        flush(i);
        run = i + 1;
        space = true;
        continue;
      }
      if (space) {
        if (isWordChar(last) && isWordChar(code)) {
          flush(i);
          between += ' ';
          run = i;
        }
        space = false;
      }
      last = code;
    }
    flush(to);
  };
  let at = node.start;
  let v = 0;
  for (const [start, end] of [...removed, [node.end, node.end] as [number, number]]) {
    if (end <= at) continue;
    // Literals between here and the next cut are kept in their one form.
    while (v < verbatim.length && verbatim[v]![0] < start) {
      const [literalStart, literalEnd, printed] = verbatim[v++]!;
      if (literalStart < at) continue;
      emit(at, literalStart);
      if (space && isWordChar(last) && isWordChar(printed.charCodeAt(0))) between += ' ';
      out.push(oneLayout(between, out.at(-1)), printed);
      between = '';
      space = false;
      last = printed.charCodeAt(printed.length - 1);
      at = literalEnd;
    }
    if (start > at) emit(at, start);
    at = Math.max(at, end);
    space = true;
  }
  out.push(oneLayout(between, out.at(-1)));
  return out.join('');
}

/**
 * What a formatter adds or leaves out as it lays a declaration out, dropped from text outside
 * literals (whose whitespace is gone already): one separator after an element and before a
 * closing bracket (`{ a: 1, }`, `{ name: string; }`; `[,]` and `[1,,]` keep theirs, which are
 * holes), and the `|` or `&` that opens a union or intersection type laid out one member a line
 * (neither can follow those characters in an expression).
 */
function oneLayout(text: string, literalBefore: string | undefined): string {
  // A literal just before the text is an element, which a separator may follow: it stands in as `x`.
  const before = literalBefore === undefined ? '' : 'x';
  return (before + text)
    .replace(/(?<=[^,;[({<])[,;](?=[}\])>])/g, '')
    .replace(/(?<=[=(<:,[])[|&](?![|&=])/g, '')
    .slice(before.length);
}

/** The comments that lie within [start, end) (the list is in order). */
function commentsWithin(comments: readonly Comment[], start: number, end: number): readonly Comment[] {
  let low = 0;
  let high = comments.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (comments[middle]!.start < start) low = middle + 1;
    else high = middle;
  }
  let stop = low;
  while (stop < comments.length && comments[stop]!.end <= end) stop++;
  return comments.slice(low, stop);
}

/**
 * The literals of a node outside the spans cut, in order, each with the text it prints as: a
 * string by its value (in double quotes), a number in one form, a template's or a regular
 * expression's text as written.
 */
function literalSpans(source: ParsedSource, root: AstNode, cuts: readonly [number, number][]): [number, number, string][] {
  const spans: [number, number, string][] = [];
  const isCut = (node: AstNode): boolean => cuts.some(([start, end]) => node.start >= start && node.end <= end);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as AstNode;
    if (typeof node.type !== 'string') return;
    if (cuts.length > 0 && isCut(node)) return;
    if (node.type === 'Literal' || node.type === 'TemplateElement') {
      const raw = source.text.slice(node.start, node.end);
      if (typeof node.value === 'string') spans.push([node.start, node.end, JSON.stringify(node.value)]);
      else if (typeof node.value === 'number' || typeof node.bigint === 'string') spans.push([node.start, node.end, canonicalNumber(raw)]);
      else if (node.type === 'TemplateElement' || (node.regex !== undefined && node.regex !== null)) spans.push([node.start, node.end, raw]);
      return;
    }
    for (const key in node) if (key !== 'type' && key !== 'start' && key !== 'end' && key !== 'range') visit(node[key]);
  };
  visit(root);
  return spans.sort((a, b) => a[0] - b[0]);
}
