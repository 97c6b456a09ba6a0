/**
 * Prints the ts-morph structures the targets build (imports and exports, variable statements,
 * type aliases, interfaces, functions and classes) as ts-morph's own printer does, call for call
 * on the same code-block-writer, without loading ts-morph: its printer comes with
 * `@ts-morph/common`, which loads the 9 MB TypeScript compiler it bundles (0.43-0.58 s and about
 * 75 MB on every run, which generation otherwise never uses). A structure with a field this printer
 * does not know (a plugin's decorator, a getter, a namespace …) makes the whole file go to ts-morph,
 * loaded then; `test/generator/structure-printer.test.ts` holds the two to the same text.
 */
import CodeBlockWriter from 'code-block-writer';
import type {
  ClassDeclarationStructure,
  ConstructorDeclarationStructure,
  ExportDeclarationStructure,
  FunctionDeclarationStructure,
  ImportDeclarationStructure,
  IndexSignatureDeclarationStructure,
  InterfaceDeclarationStructure,
  JSDocStructure,
  MethodDeclarationStructure,
  MethodSignatureStructure,
  OptionalKind,
  ParameterDeclarationStructure,
  PropertyDeclarationStructure,
  PropertySignatureStructure,
  SourceFileStructure,
  TypeAliasDeclarationStructure,
  TypeParameterDeclarationStructure,
  VariableStatementStructure,
  WriterFunction,
} from 'ts-morph';
import { StructureKind } from '../util/structure-kinds.js';
import { tsMorph } from '../util/ts-morph.js';
import { PlainWriter, quoteAfterPlainText } from './plain-writer.js';

/** What `printStructure` is given: options as ts-morph takes them. */
export interface PrintOptions {
  indentNumberOfSpaces: number;
  useSingleQuote: boolean;
}

type Statement = NonNullable<SourceFileStructure['statements']> extends string | WriterFunction | readonly (infer S)[] ? S : never;
type Doc = string | WriterFunction | OptionalKind<JSDocStructure>;
type Text = string | WriterFunction;

/** The fields each kind may have here; anything else, or any other kind, is ts-morph's to print. */
const KNOWN: Readonly<Record<number, ReadonlySet<string>>> = {
  [StructureKind.ImportDeclaration]: new Set(['kind', 'isTypeOnly', 'moduleSpecifier', 'namedImports', 'namespaceImport', 'defaultImport']),
  [StructureKind.ExportDeclaration]: new Set(['kind', 'isTypeOnly', 'moduleSpecifier', 'namedExports']),
  [StructureKind.VariableStatement]: new Set(['kind', 'docs', 'isExported', 'declarationKind', 'declarations']),
  [StructureKind.TypeAlias]: new Set(['kind', 'docs', 'isExported', 'name', 'type', 'typeParameters']),
  [StructureKind.Interface]: new Set(['kind', 'docs', 'isExported', 'name', 'typeParameters', 'extends', 'properties', 'methods', 'indexSignatures']),
  [StructureKind.Function]: new Set(['kind', 'docs', 'isExported', 'isAsync', 'name', 'typeParameters', 'parameters', 'returnType', 'statements', 'overloads']),
  [StructureKind.Class]: new Set(['kind', 'docs', 'isExported', 'name', 'typeParameters', 'extends', 'properties', 'ctors', 'methods']),
};
const MEMBER_FIELDS = {
  declaration: new Set(['name', 'type', 'initializer']),
  parameter: new Set(['kind', 'name', 'type', 'initializer', 'hasQuestionToken', 'isRestParameter', 'isReadonly', 'scope']),
  typeParameter: new Set(['kind', 'name', 'constraint', 'default']),
  property: new Set(['kind', 'docs', 'name', 'type', 'hasQuestionToken', 'isReadonly']),
  method: new Set(['kind', 'docs', 'name', 'parameters', 'returnType', 'typeParameters']),
  indexSignature: new Set(['kind', 'docs', 'keyName', 'keyType', 'returnType', 'isReadonly']),
  functionOverload: new Set(['kind', 'docs', 'parameters', 'returnType', 'typeParameters']),
  classProperty: new Set(['kind', 'docs', 'name', 'type', 'isReadonly', 'scope']),
  ctor: new Set(['kind', 'docs', 'parameters', 'statements', 'scope']),
  classMethod: new Set(['kind', 'docs', 'name', 'parameters', 'returnType', 'typeParameters', 'statements', 'scope', 'isAsync', 'overloads']),
  methodOverload: new Set(['kind', 'docs', 'parameters', 'returnType', 'typeParameters', 'scope']),
  namedImport: new Set(['kind', 'name', 'alias']),
  jsDoc: new Set(['kind', 'description']),
};

/** Whether `value` sets no field but `fields` (asked of every structure printed: no array of entries made). */
const only = (value: unknown, fields: ReadonlySet<string>): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  // for…in with an own-key check: the same keys as Object.keys, without an array per structure (a large package has hundreds of thousands of members).
  for (const key in value) if (Object.hasOwn(value, key) && (value as Record<string, unknown>)[key] !== undefined && !fields.has(key)) return false;
  return true;
};
const allOnly = (values: unknown, fields: ReadonlySet<string>, plainStrings = false): boolean =>
  values === undefined || (Array.isArray(values) && values.every((value) => (plainStrings && typeof value === 'string') || only(value, fields)));
const plainText = (value: unknown): boolean => value === undefined || typeof value === 'string';
const docsKnown = (docs: unknown): boolean => allOnly(docs, MEMBER_FIELDS.jsDoc, true) && (docs === undefined || (docs as unknown[]).every((doc) => typeof doc === 'string' || plainText((doc as JSDocStructure).description)));
const parametersKnown = (parameters: unknown): boolean => allOnly(parameters, MEMBER_FIELDS.parameter) && (parameters === undefined || (parameters as ParameterDeclarationStructure[]).every((p) => plainText(p.type) && plainText(p.initializer)));
const typeParametersKnown = (typeParameters: unknown): boolean =>
  allOnly(typeParameters, MEMBER_FIELDS.typeParameter, true) && (typeParameters === undefined || (typeParameters as (string | TypeParameterDeclarationStructure)[]).every((t) => typeof t === 'string' || (plainText(t.constraint) && plainText(t.default))));
const statementsKnown = (statements: unknown): boolean => statements === undefined || (Array.isArray(statements) && statements.every((s) => typeof s === 'string'));
const signatureKnown = (s: { docs?: unknown; parameters?: unknown; returnType?: unknown; typeParameters?: unknown }): boolean =>
  docsKnown(s.docs) && parametersKnown(s.parameters) && plainText(s.returnType) && typeParametersKnown(s.typeParameters);

/** Whether every structure of `statements` is one this printer writes as ts-morph would. */
export function printsAlike(statements: readonly Statement[]): boolean {
  return statements.every((statement) => {
    if (typeof statement === 'string') return true;
    if (typeof statement === 'function') return true;
    const fields = KNOWN[statement.kind as number];
    if (!fields || !only(statement, fields)) return false;
    switch (statement.kind) {
      case StructureKind.ImportDeclaration:
      case StructureKind.ExportDeclaration: {
        const named = (statement as ImportDeclarationStructure).namedImports ?? (statement as ExportDeclarationStructure).namedExports;
        return allOnly(named, MEMBER_FIELDS.namedImport, true);
      }
      case StructureKind.VariableStatement: {
        const variable = statement as VariableStatementStructure;
        return docsKnown(variable.docs) && allOnly(variable.declarations, MEMBER_FIELDS.declaration) && variable.declarations.every((d) => plainText(d.type) && plainText(d.initializer));
      }
      case StructureKind.TypeAlias: {
        const alias = statement as TypeAliasDeclarationStructure;
        return docsKnown(alias.docs) && plainText(alias.type) && typeParametersKnown(alias.typeParameters);
      }
      case StructureKind.Interface: {
        const face = statement as InterfaceDeclarationStructure;
        return (
          docsKnown(face.docs) &&
          typeParametersKnown(face.typeParameters) &&
          (face.extends === undefined || (Array.isArray(face.extends) && face.extends.every((e) => typeof e === 'string'))) &&
          allOnly(face.properties, MEMBER_FIELDS.property) &&
          (face.properties ?? []).every((p) => docsKnown(p.docs) && plainText(p.type)) &&
          allOnly(face.methods, MEMBER_FIELDS.method) &&
          (face.methods ?? []).every(signatureKnown) &&
          allOnly(face.indexSignatures, MEMBER_FIELDS.indexSignature) &&
          (face.indexSignatures ?? []).every((i) => docsKnown(i.docs) && plainText(i.returnType))
        );
      }
      case StructureKind.Function: {
        const fn = statement as FunctionDeclarationStructure;
        return signatureKnown(fn) && statementsKnown(fn.statements) && allOnly(fn.overloads, MEMBER_FIELDS.functionOverload) && (fn.overloads ?? []).every(signatureKnown);
      }
      case StructureKind.Class: {
        const cls = statement as ClassDeclarationStructure;
        return (
          docsKnown(cls.docs) &&
          typeParametersKnown(cls.typeParameters) &&
          plainText(cls.extends) &&
          allOnly(cls.properties, MEMBER_FIELDS.classProperty) &&
          (cls.properties ?? []).every((p) => docsKnown(p.docs) && plainText(p.type)) &&
          allOnly(cls.ctors, MEMBER_FIELDS.ctor) &&
          (cls.ctors ?? []).every((c) => docsKnown(c.docs) && parametersKnown(c.parameters) && statementsKnown(c.statements)) &&
          allOnly(cls.methods, MEMBER_FIELDS.classMethod) &&
          (cls.methods ?? []).every((m) => signatureKnown(m) && statementsKnown(m.statements) && allOnly(m.overloads, MEMBER_FIELDS.methodOverload) && (m.overloads ?? []).every(signatureKnown))
        );
      }
      default:
        return false;
    }
  });
}

/** A source file of `statements`, as ts-morph's `printStructure` prints it with these options. */
export function printStatements(statements: readonly Statement[], options: PrintOptions): string {
  if (!printsAlike(statements)) {
    const { printStructure, StructureKind: kinds } = tsMorph();
    return printStructure({ kind: kinds.SourceFile, statements: [...statements] }, options);
  }
  const writer = new PlainWriter({ indentNumberOfSpaces: options.indentNumberOfSpaces, useTabs: false, newLine: '\n', useSingleQuote: options.useSingleQuote });
  const later: Deferred[] = [];
  deferredTexts.set(writer, { unit: ' '.repeat(options.indentNumberOfSpaces), later });
  writeStatements(writer, statements);
  writer.conditionalNewLine(!writer.isAtStartOfFirstLineOfBlock() && !writer.isLastNewLine());
  const text = writer.toString();
  if (later.length === 0) return text;
  // Each deferred text in the place of the one character that held it.
  let out = '';
  let from = 0;
  for (const { at, text: deferred } of later) {
    out += text.slice(from, at) + deferred;
    from = at + 1;
  }
  return out + text.slice(from);
}

/** A text written into the file after the writer is done, at `at` of its text, where one character held its place. */
interface Deferred {
  at: number;
  text: string;
}

/** The writers of `printStatements`, with one indentation step and the texts they defer. */
const deferredTexts = new WeakMap<CodeBlockWriter, { unit: string; later: Deferred[] }>();

/**
 * Whether the writer would write `text` by indenting each of its lines but the first one step and
 * changing nothing else (`quoteAfterPlainText`: a string left open at its end is closed by the
 * statement's end), and no last line break. Such texts are most of a large package (its
 * validators and specs), which the writer reads a character at a time (a quarter of the targets'
 * time on Stripe's description); any other is left to the writer.
 */
const indentsOnly = (text: string): boolean => !text.endsWith('\n') && quoteAfterPlainText(text) !== undefined;

/** The characters ts-morph counts as whitespace (not all of `\s`). */
const WHITESPACE = new Set([' ', '\f', '\n', '\r', '\t', '\v', '\u00A0', '\u2028', '\u2029']);

function lastNonWhitespaceIsCloseBrace(writer: CodeBlockWriter): boolean {
  return writer.iterateLastChars((char) => (char === '}' ? true : WHITESPACE.has(char) ? undefined : false)) ?? false;
}

/** The statements of a file or a body: a blank line after a block, one around functions, classes and interfaces. */
function writeStatements(writer: CodeBlockWriter, statements: readonly (Statement | string)[]): void {
  const ensureBlankLine = (): void => {
    if (!writer.isAtStartOfFirstLineOfBlock()) writer.blankLineIfLastNot();
  };
  for (const statement of statements) {
    if (lastNonWhitespaceIsCloseBrace(writer)) writer.blankLineIfLastNot();
    else if (!writer.isAtStartOfFirstLineOfBlock()) writer.newLineIfLastNot();
    if (typeof statement === 'string') {
      writer.write(statement);
      continue;
    }
    if (typeof statement === 'function') {
      statement(writer);
      continue;
    }
    writer.closeComment();
    switch (statement.kind) {
      case StructureKind.Function:
        ensureBlankLine();
        writeFunction(writer, statement as FunctionDeclarationStructure);
        break;
      case StructureKind.Class:
        ensureBlankLine();
        writeClass(writer, statement as ClassDeclarationStructure);
        break;
      case StructureKind.Interface:
        ensureBlankLine();
        writeInterface(writer, statement as InterfaceDeclarationStructure);
        break;
      case StructureKind.TypeAlias:
        writeTypeAlias(writer, statement as TypeAliasDeclarationStructure);
        break;
      case StructureKind.VariableStatement:
        writeVariableStatement(writer, statement as VariableStatementStructure);
        break;
      case StructureKind.ImportDeclaration:
        writeImport(writer, statement as ImportDeclarationStructure);
        break;
      case StructureKind.ExportDeclaration:
        writeExport(writer, statement as ExportDeclarationStructure);
        break;
    }
  }
}

/**
 * A text as written into a fresh writer with the same options (ts-morph's `getText`). Such a
 * writer, with no indentation to write and none queued, changes only the line breaks of a string
 * (`\r?\n` to the configured one), so that is done here without its pass over every character.
 */
function textOf(writer: CodeBlockWriter, text: Text): string {
  if (typeof text === 'string') {
    const { newLine } = writer.getOptions();
    return newLine === '\n' && !text.includes('\r') ? text : text.split(/\r?\n/).join(newLine);
  }
  const fresh = new CodeBlockWriter(writer.getOptions());
  text(fresh);
  return fresh.toString();
}

/** Whether `text` is whitespace only: decided at its first other character (an initializer can be megabytes, and spreading it into characters cost Stripe's package 0.2 s). */
function blank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!WHITESPACE.has(text[i]!)) return false;
  return true;
}

function writeDocs(writer: CodeBlockWriter, docs: readonly Doc[] | undefined): void {
  for (const doc of docs ?? []) {
    writer.closeComment();
    const text = typeof doc === 'string' ? doc : typeof doc === 'function' ? textOf(writer, doc) : textOf(writer, (doc.description as string | undefined) ?? '');
    const lines = text.split(/\r?\n/);
    const start = lines[0]!.length === 0 ? 1 : 0;
    if (lines.length > 1 && writeDocLater(writer, lines, start)) continue;
    writer.write('/**');
    if (lines.length <= 1) writer.space().write(lines[start] ?? '');
    else {
      writer.newLine();
      for (let i = start; i < lines.length; i++) {
        writer.write(' *');
        if (lines[i]!.length > 0) writer.write(` ${lines[i]}`);
        writer.newLine();
      }
    }
    writer.spaceIfLastNot();
    writer.write('*/');
    writer.newLine();
  }
}

/**
 * A doc comment of several lines, written as the writer would write it (` * ` before each line,
 * indented as the line it starts on) into the file after the writer is done: the writer reads
 * what it writes a character at a time, and docs are most of a large package's text (4.7 MB of
 * GitHub's). Only at the start of a line; false where it is not, and the writer writes it.
 */
function writeDocLater(writer: CodeBlockWriter, lines: readonly string[], start: number): boolean {
  const deferred = deferredTexts.get(writer);
  if (deferred === undefined || !(writer.getLength() === 0 || writer.isLastNewLine())) return false;
  writer.write('0');
  const at = writer.getLength() - 1;
  // The indentation the writer put before the placeholder.
  let indent = '';
  writer.iterateLastChars((char, index) => (index === at ? undefined : char === '\n' ? true : ((indent = char + indent), undefined)));
  let block = '/**';
  for (let i = start; i < lines.length; i++) block += lines[i]!.length > 0 ? `\n${indent} * ${lines[i]}` : `\n${indent} *`;
  deferred.later.push({ at, text: `${block}\n${indent} */` });
  writer.newLine();
  return true;
}

function writeModifiers(writer: CodeBlockWriter, node: { isExported?: boolean; scope?: string; isReadonly?: boolean; isAsync?: boolean }): void {
  if (node.isExported) writer.write('export ');
  if (node.scope != null) writer.write(`${node.scope} `);
  if (node.isAsync) writer.write('async ');
  if (node.isReadonly) writer.write('readonly ');
}

function writeTyped(writer: CodeBlockWriter, separator: string, type: Text | undefined, always = false): void {
  if (type == null && !always) return;
  const text = textOf(writer, type ?? 'any');
  if (!blank(text)) writer.hangingIndent(() => writer.write(`${separator} ${text}`));
}

function writeReturnType(writer: CodeBlockWriter, returnType: Text | undefined): void {
  if (returnType == null) return;
  const text = textOf(writer, returnType);
  if (!blank(text)) writer.hangingIndent(() => writer.write(`: ${text}`));
}

/**
 * `= initializer`, with hanging indentation. `deferrable`: a top-level variable statement whose
 * declaration has written no line break yet, where the writer would indent every line of the
 * initializer after its first one step: then, where the text allows it (`indentsOnly`), the
 * writer takes one character in its place and the text, indented so, replaces it at the end.
 */
function writeInitializer(writer: CodeBlockWriter, initializer: Text | undefined, deferrable = false): void {
  if (initializer == null) return;
  const text = textOf(writer, initializer);
  if (blank(text)) return;
  writer.hangingIndent(() => {
    writer.spaceIfLastNot();
    const deferred = deferrable ? deferredTexts.get(writer) : undefined;
    if (deferred === undefined || !indentsOnly(text)) return void writer.write(`= ${text}`);
    writer.write('= ');
    deferred.later.push({ at: writer.getLength(), text: text.replace(/\n(?=[^\n])/g, `\n${deferred.unit}`) });
    writer.write('0');
  });
}

/** Items joined by commas, each comma right after its item (ts-morph places it after the item's text). */
function writeCommaSeparated<T>(writer: CodeBlockWriter, items: readonly T[], write: (item: T) => void): void {
  items.forEach((item, i) => {
    if (i > 0) {
      writer.write(',');
      writer.spaceIfLastNot();
    }
    write(item);
  });
}

function writeTypeParameters(writer: CodeBlockWriter, typeParameters: readonly (string | OptionalKind<TypeParameterDeclarationStructure>)[] | undefined): void {
  if (!typeParameters || typeParameters.length === 0) return;
  writer.write('<');
  writeCommaSeparated(writer, typeParameters, (parameter) => {
    if (typeof parameter === 'string') {
      writer.write(parameter);
      return;
    }
    writer.hangingIndent(() => {
      writer.write(parameter.name);
      if (parameter.constraint != null) {
        const text = textOf(writer, parameter.constraint);
        if (!blank(text)) writer.write(` extends ${text}`);
      }
      if (parameter.default != null) {
        const text = textOf(writer, parameter.default);
        if (!blank(text)) writer.write(` = ${text}`);
      }
    });
  });
  writer.write('>');
}

function writeParameters(writer: CodeBlockWriter, parameters: readonly OptionalKind<ParameterDeclarationStructure>[] | undefined): void {
  writer.write('(');
  if (parameters && parameters.length > 0)
    writer.hangingIndent(() =>
      writeCommaSeparated(writer, parameters, (parameter) => {
        writeModifiers(writer, parameter as { scope?: string; isReadonly?: boolean });
        writer.conditionalWrite(parameter.isRestParameter, '...');
        writer.write(parameter.name);
        writer.conditionalWrite(parameter.hasQuestionToken, '?');
        writeTyped(writer, ':', parameter.type, parameter.hasQuestionToken);
        writeInitializer(writer, parameter.initializer);
      }),
    );
  writer.write(')');
}

function writeBody(writer: CodeBlockWriter, statements: readonly string[] | undefined): void {
  writer.inlineBlock(() => writeStatements(writer, statements ?? []));
}

/** What a function, a method and their overloads have in common. */
interface Signature {
  docs?: readonly Doc[] | undefined;
  isExported?: boolean | undefined;
  scope?: string | undefined;
  isAsync?: boolean | undefined;
  typeParameters?: FunctionDeclarationStructure['typeParameters'];
  parameters?: FunctionDeclarationStructure['parameters'];
  returnType?: Text | undefined;
}

/**
 * Each overload's header and `;` on a line of its own, then the implementation's header and body,
 * as ts-morph writes a function (`head`: `function name`, then a space) or a method (its name, then
 * a space unless one is there).
 */
function writeOverloaded(writer: CodeBlockWriter, head: string, implementation: Signature & { statements?: unknown }, overloads: readonly Signature[], spaceBeforeBody: 'always' | 'unless-there'): void {
  const header = (node: Signature): void => {
    writeDocs(writer, node.docs);
    writeModifiers(writer, node);
    writer.write(head);
    writeTypeParameters(writer, node.typeParameters);
    writeParameters(writer, node.parameters);
    writeReturnType(writer, node.returnType);
  };
  for (const overload of overloads) {
    header(overload);
    writer.write(';');
    writer.newLine();
  }
  header(implementation);
  if (spaceBeforeBody === 'always') writer.space();
  else writer.spaceIfLastNot();
  writeBody(writer, implementation.statements as string[] | undefined);
}

function writeFunction(writer: CodeBlockWriter, fn: FunctionDeclarationStructure): void {
  // An overload is exported as its function is unless it says otherwise.
  const overloads = (fn.overloads ?? []).map((overload) => ({ ...overload, isExported: overload.isExported ?? fn.isExported }));
  writeOverloaded(writer, fn.name && !blank(fn.name) ? `function ${fn.name}` : 'function', fn, overloads, 'always');
}

function writeTypeAlias(writer: CodeBlockWriter, alias: TypeAliasDeclarationStructure): void {
  writeDocs(writer, alias.docs);
  writeModifiers(writer, alias);
  writer.write(`type ${alias.name}`);
  writeTypeParameters(writer, alias.typeParameters);
  writeTyped(writer, ' =', alias.type);
  writer.write(';');
}

function writeVariableStatement(writer: CodeBlockWriter, variable: VariableStatementStructure): void {
  writeDocs(writer, variable.docs);
  // At the top level, one declaration whose name and type fit on one line: its initializer's lines would be indented one step.
  const topLevel = writer.getIndentationLevel() === 0 && variable.declarations.length === 1;
  writer.hangingIndent(() => {
    writeModifiers(writer, variable);
    writer.write(`${variable.declarationKind || 'let'} `);
    writeCommaSeparated(writer, variable.declarations, (declaration) => {
      writer.write(declaration.name);
      const type = declaration.type == null ? undefined : textOf(writer, declaration.type);
      writeTyped(writer, ':', type);
      const oneLine = !declaration.name.includes('\n') && !type?.includes('\n');
      writeInitializer(writer, declaration.initializer, topLevel && oneLine);
    });
    writer.write(';');
  });
}

type Specifier = string | { name: string; alias?: string };

/** A name the writer writes as it is: no space, line break, quote or comment in it. */
const PLAIN_NAME = /^[\w$]+$/;

function writeSpecifiers(writer: CodeBlockWriter, specifiers: readonly Specifier[]): void {
  // Plain names, as nearly every import is: what the writers below make of them, without a writer per
  // name (a module of GitHub's package imports 3,600 type names).
  if (specifiers.every((s) => (typeof s === 'string' ? PLAIN_NAME.test(s) : PLAIN_NAME.test(s.name) && (s.alias === undefined || blank(s.alias) || PLAIN_NAME.test(s.alias))))) {
    const names = specifiers.map((s) => (typeof s === 'string' ? s : s.alias === undefined || blank(s.alias) ? s.name : `${s.name} as ${s.alias}`));
    writer.write(`{ ${names.join(', ')} }`);
    return;
  }
  writer.write('{');
  const inner = new CodeBlockWriter(writer.getOptions());
  writeCommaSeparated(inner, specifiers, (specifier) => {
    const one = new CodeBlockWriter(inner.getOptions());
    one.queueIndentationLevel(1);
    if (typeof specifier === 'string') one.write(specifier);
    else {
      one.write(specifier.name);
      if (specifier.alias !== undefined && !blank(specifier.alias)) {
        if (!one.isLastNewLine()) one.space();
        one.write(`as ${specifier.alias}`);
      }
    }
    inner.write(one.toString());
  });
  const text = inner.toString();
  if (!/^\r?\n/.test(text)) writer.space();
  writer.write(text);
  if (!/\r?\n$/.test(text)) writer.space();
  writer.write('}');
}

function writeImport(writer: CodeBlockWriter, declaration: ImportDeclarationStructure): void {
  const named = (declaration.namedImports ?? []) as readonly Specifier[];
  writer.write('import');
  if (declaration.isTypeOnly) writer.write(' type');
  if (declaration.defaultImport != null) {
    writer.write(` ${declaration.defaultImport}`);
    writer.conditionalWrite(named.length > 0 || declaration.namespaceImport != null, ',');
  }
  if (declaration.namespaceImport != null) writer.write(` * as ${declaration.namespaceImport}`);
  if (named.length > 0) {
    writer.space();
    writeSpecifiers(writer, named);
  }
  writer.conditionalWrite(declaration.defaultImport != null || named.length > 0 || declaration.namespaceImport != null, ' from');
  writer.write(' ');
  writer.quote(declaration.moduleSpecifier);
  writer.write(';');
}

function writeExport(writer: CodeBlockWriter, declaration: ExportDeclarationStructure): void {
  const named = (declaration.namedExports ?? []) as readonly Specifier[];
  const from = declaration.moduleSpecifier != null && declaration.moduleSpecifier.length > 0;
  writer.write('export');
  if (declaration.isTypeOnly) writer.write(' type');
  if (named.length > 0) {
    writer.space();
    writeSpecifiers(writer, named);
  } else if (!from) writer.write(' {').write(' ').write('}');
  else writer.write(' *');
  if (from) {
    writer.write(' from ');
    writer.quote(declaration.moduleSpecifier!);
  }
  writer.write(';');
}

function writeInterface(writer: CodeBlockWriter, face: InterfaceDeclarationStructure): void {
  writeDocs(writer, face.docs);
  writeModifiers(writer, face);
  writer.write(`interface ${face.name}`);
  writeTypeParameters(writer, face.typeParameters);
  writer.space();
  const extended = (face.extends as string[] | undefined)?.join(', ');
  if (extended !== undefined && !blank(extended)) writer.hangingIndent(() => writer.write(`extends ${extended} `));
  writer.inlineBlock(() => {
    const separate = (members: readonly unknown[] | undefined): void => {
      if (members && members.length > 0 && !writer.isAtStartOfFirstLineOfBlock()) writer.newLine();
    };
    const eachOnItsLine = <T>(members: readonly T[] | undefined, write: (member: T) => void): void =>
      (members ?? []).forEach((member, i) => {
        writer.conditionalNewLine(i > 0);
        write(member);
      });
    separate(face.indexSignatures);
    eachOnItsLine(face.indexSignatures, (signature: OptionalKind<IndexSignatureDeclarationStructure>) => {
      writer.closeComment();
      writeDocs(writer, signature.docs);
      writeModifiers(writer, signature);
      writer.write(`[${signature.keyName || 'key'}: ${signature.keyType || 'string'}]`);
      writeReturnType(writer, signature.returnType);
      writer.write(';');
    });
    separate(face.properties);
    eachOnItsLine(face.properties, (property: OptionalKind<PropertySignatureStructure>) => {
      writer.closeComment();
      writeDocs(writer, property.docs);
      writeModifiers(writer, property);
      writer.write(property.name);
      writer.conditionalWrite(property.hasQuestionToken, '?');
      writeTyped(writer, ':', property.type);
      writer.write(';');
    });
    separate(face.methods);
    eachOnItsLine(face.methods, (method: OptionalKind<MethodSignatureStructure>) => {
      writer.closeComment();
      writeDocs(writer, method.docs);
      writer.write(method.name);
      writeTypeParameters(writer, method.typeParameters);
      writeParameters(writer, method.parameters);
      writeReturnType(writer, method.returnType);
      writer.write(';');
    });
  });
}

function writeClass(writer: CodeBlockWriter, cls: ClassDeclarationStructure): void {
  writeDocs(writer, cls.docs);
  writeModifiers(writer, cls);
  writer.write('class');
  if (cls.name && !blank(cls.name)) writer.space().write(cls.name);
  writeTypeParameters(writer, cls.typeParameters);
  writer.space();
  writer.hangingIndent(() => {
    if (cls.extends != null) {
      const text = textOf(writer, cls.extends);
      if (!blank(text)) writer.write(`extends ${text} `);
    }
  });
  writer.inlineBlock(() => {
    const separator = (): void => {
      if (!writer.isAtStartOfFirstLineOfBlock()) writer.blankLine();
    };
    (cls.properties ?? []).forEach((property: OptionalKind<PropertyDeclarationStructure>, i) => {
      writer.conditionalNewLine(i > 0);
      writer.closeComment();
      writeDocs(writer, property.docs);
      writeModifiers(writer, property);
      writer.write(property.name);
      writeTyped(writer, ':', property.type);
      writer.write(';');
    });
    for (const ctor of (cls.ctors ?? []) as OptionalKind<ConstructorDeclarationStructure>[]) {
      separator();
      writer.closeComment();
      writeDocs(writer, ctor.docs);
      writeModifiers(writer, ctor);
      writer.write('constructor');
      writeParameters(writer, ctor.parameters);
      writer.space();
      writeBody(writer, ctor.statements as string[] | undefined);
    }
    const methods = (cls.methods ?? []) as OptionalKind<MethodDeclarationStructure>[];
    if (methods.length > 0) {
      separator();
      methods.forEach((method, i) => {
        if (i > 0) writer.blankLine();
        writer.closeComment();
        // An overload has its method's scope unless it says otherwise.
        const overloads = (method.overloads ?? []).map((overload) => ({ ...overload, scope: overload.scope ?? method.scope }));
        writeOverloaded(writer, method.name, method, overloads, 'unless-there');
      });
    }
  });
}
