/**
 * code-block-writer, the same text written faster where the writer would only indent. The
 * writer reads everything it writes a character at a time, to know whether it is inside a
 * string, a comment or a regular expression (a line inside a string is not indented); most of
 * what a target writes is member types, parameters and statements that start and end outside
 * all of them. For such a text, read once here with a regular expression, each line is written
 * as the writer writes it (a line break, then the indentation at the start of a non-empty line),
 * without the per-character pass; any other text goes through the writer as before.
 * `test/generator/structure-printer.test.ts` holds the printer to ts-morph's text.
 */
import CodeBlockWriter from 'code-block-writer';

/** The members of code-block-writer 13 this writer reads and calls: internal to it, so not in its types. */
interface WriterInternals {
  _stringCharStack: number[];
  _currentCommentChar: number | undefined;
  _isInRegEx: boolean;
  _getLastCharCodeWithOffset(offset: number): number | undefined;
  _baseWriteNewline(): void;
  _writeIndentation(): void;
  _internalWrite(text: string): void;
}

/** What the writer takes note of: quotes, and what may start a comment, a regular expression, a template or an escape, and line ends. */
const NOTABLE = /['"`/\\\r\n]/g;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * How the writer, outside any string, comment or regular expression when `text` starts, reads
 * it where it would change nothing of it but indent its lines: the quote still open at its end
 * ('' for none). Undefined where it would do more: a carriage return; a backtick or a backslash
 * outside a quoted string; a slash that opens no block comment, or one whose end is not in the
 * text; an escaped line break in a string (an unescaped one ends the string, as the writer reads it).
 */
export function quoteAfterPlainText(text: string): string | undefined {
  let quote = '';
  NOTABLE.lastIndex = 0;
  for (let found = NOTABLE.exec(text); found !== null; found = NOTABLE.exec(text)) {
    const char = found[0];
    // As the writer reads it: a character after a backslash is escaped (the backslash itself is only allowed in a string).
    const escaped = found.index > 0 && text.charCodeAt(found.index - 1) === BACKSLASH;
    if (char === '\r') return undefined;
    if (quote !== '') {
      if (char === '\n') {
        if (escaped) return undefined;
        quote = '';
      } else if (char === quote && !escaped) quote = '';
    } else if (char === "'" || char === '"') {
      if (escaped) return undefined;
      quote = char;
    } else if (char === '/' && text[found.index + 1] === '*' && text[found.index + 2] !== '/') {
      // A block comment (`/* @__PURE__ */`): the writer reads nothing in it but its end.
      const end = text.indexOf('*/', found.index + 2);
      if (end < 0) return undefined;
      NOTABLE.lastIndex = end + 2;
    } else if (char !== '\n') return undefined;
  }
  return quote;
}

/** Whether the writer would only indent `text`'s lines and be outside every string, comment and regular expression again at its end. */
export const readsPlain = (text: string): boolean => quoteAfterPlainText(text) === '';

/** code-block-writer's mark of a block comment (`CommentChar.Star`). */
const BLOCK_COMMENT = 1;
const ASTERISK = 0x2a;

/** `readsPlain`, where what was written before cannot change how the writer reads `text`: it reads a quote after a backslash, and a character after a slash, in the light of those. */
const readsPlainAfter = (text: string, last: number | undefined): boolean => last !== SLASH && last !== BACKSLASH && readsPlain(text);

/**
 * Whether the writer, inside a block comment (a doc comment's lines), stays in it over all of
 * `text`: in a comment it looks for nothing but the comment's end, and indents every line.
 */
const staysInComment = (text: string, last: number | undefined): boolean =>
  !text.includes('*/') && !text.includes('\r') && !(last === ASTERISK && text.charCodeAt(0) === SLASH);

/** The steps of code-block-writer's prototype the fast path calls (the package is pinned to the release they were read from). */
const STEPS = ['_writeIndentingNewLines', '_getLastCharCodeWithOffset', '_baseWriteNewline', '_writeIndentation', '_internalWrite'] as const;
const HAS_STEPS = STEPS.every((name) => typeof (CodeBlockWriter.prototype as unknown as Record<string, unknown>)[name] === 'function');

export class PlainWriter extends CodeBlockWriter {
  /** Whether this writer's state is as the fast path reads it; a code-block-writer that keeps it otherwise writes every text through its own step. */
  private readonly readable: boolean;

  constructor(options?: ConstructorParameters<typeof CodeBlockWriter>[0]) {
    super(options);
    const self = this as unknown as Partial<WriterInternals>;
    this.readable = HAS_STEPS && Array.isArray(self._stringCharStack) && typeof self._isInRegEx === 'boolean' && '_currentCommentChar' in this;
  }

  /** Where code-block-writer writes every text: `write`, `space`, `quote` … */
  protected _writeIndentingNewLines(text: string): void {
    const self = this as unknown as WriterInternals;
    const last = this.readable ? self._getLastCharCodeWithOffset(0) : undefined;
    if (!this.writesPlain(text, last)) {
      (CodeBlockWriter.prototype as unknown as { _writeIndentingNewLines(this: CodeBlockWriter, text: string): void })._writeIndentingNewLines.call(this, text);
      return;
    }
    let from = 0;
    for (;;) {
      const end = text.indexOf('\n', from);
      const line = end < 0 ? text.slice(from) : text.slice(from, end);
      if (line.length > 0) {
        // At the start of a line (after a line break, or of the text), the indentation first.
        if (from > 0 || last === undefined || last === NEWLINE || last === CARRIAGE_RETURN) self._writeIndentation();
        self._internalWrite(line);
      }
      if (end < 0) return;
      self._baseWriteNewline();
      from = end + 1;
    }
  }

  /** Whether the writer, in the state it is in (`last`: the character it wrote last), would only indent `text`'s lines and be in that state again after them. */
  private writesPlain(text: string, last: number | undefined): boolean {
    if (!this.readable || text.length === 0) return false;
    const self = this as unknown as WriterInternals;
    if (self._stringCharStack.length > 0 || self._isInRegEx) return false;
    if (self._currentCommentChar === BLOCK_COMMENT) return staysInComment(text, last);
    return self._currentCommentChar === undefined && readsPlainAfter(text, last);
  }
}
