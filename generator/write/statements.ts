/**
 * Splits TypeScript text into its top-level statements, each with the comments before
 * it, so they can be formatted (and cached) one by one. Prettier keeps at most one blank
 * line between statements and never looks across them, so formatting the pieces and
 * joining them, with a blank line where the text had one, gives the whole file's result.
 */
import { tsMorph } from '../util/ts-morph.js';

// This module is loaded only when prettier formats (format.ts imports it on demand).
const { ts } = tsMorph();

export interface StatementChunk {
  /** The statement with its leading comments (and, for the first, the file header). */
  text: string;
  /** Whether a blank line separates it from the statement before. */
  blankBefore: boolean;
}

/** The chunks, or undefined when the text is not plainly splittable (syntax errors, comments trailing a statement). */
export function splitStatements(text: string): StatementChunk[] | undefined {
  const file = ts.createSourceFile('chunk.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const diagnostics = (file as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics;
  if (diagnostics === undefined || diagnostics.length > 0) return undefined;
  const statements = file.statements;
  if (statements.length === 0) return undefined;
  const chunks: StatementChunk[] = [];
  let start = 0;
  for (let i = 0; i < statements.length; i++) {
    const end = i === statements.length - 1 ? text.length : statements[i]!.end;
    const piece = text.slice(start, end);
    if (i > 0) {
      const lineEnd = piece.indexOf('\n');
      // A comment on the line a statement ends belongs to that statement: not splittable here.
      if (lineEnd < 0 || piece.slice(0, lineEnd).trim() !== '') return undefined;
    }
    chunks.push({ text: i > 0 ? piece.replace(/^[^\S\n]*\n/, '') : piece, blankBefore: i > 0 && /^[^\S\n]*\n[^\S\n]*\n/.test(piece) });
    start = end;
  }
  return chunks;
}

/** Statements per group: at least this many characters, at most the larger bound. */
const GROUP_MIN = 2_000;
const GROUP_MAX = 32_000;

/**
 * Consecutive statements grouped for formatting: one prettier call per statement costs
 * more in overhead than the formatting itself. A group ends after a statement whose
 * text hashes to a multiple of 4 (once the group is big enough), so boundaries depend
 * only on nearby statements and an edit moves no boundary elsewhere in the file.
 */
export function statementGroups(text: string): StatementChunk[] | undefined {
  const chunks = splitStatements(text);
  if (chunks === undefined) return undefined;
  const groups: StatementChunk[] = [];
  let current: StatementChunk[] = [];
  let size = 0;
  const flush = (): void => {
    if (current.length === 0) return;
    // The statements' own text, rejoined by the line break splitStatements took off.
    groups.push({ text: current.map((c) => c.text).join('\n'), blankBefore: current[0]!.blankBefore });
    current = [];
    size = 0;
  };
  for (const chunk of chunks) {
    current.push(chunk);
    size += chunk.text.length;
    if (size >= GROUP_MAX || (size >= GROUP_MIN && hashText(chunk.text) % 4 === 0)) flush();
  }
  flush();
  return groups;
}

/** FNV-1a: a cheap, stable hash of a statement's text. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
