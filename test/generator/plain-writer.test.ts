/**
 * The writer the structure printer uses (generator/print/plain-writer.ts) against
 * code-block-writer itself: the same calls must leave the same text, in every reading state the
 * writer can be in between them (a string, a comment, a regular expression, a template).
 */
import CodeBlockWriter from 'code-block-writer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlainWriter, readsPlain } from '../../generator/print/plain-writer.js';

type Step = { write: string } | { newLine: true } | { hanging: Step[] } | { block: Step[] } | { closeComment: true };

const options = { indentNumberOfSpaces: 2, useTabs: false, newLine: '\n' as const, useSingleQuote: true };

function run(writer: CodeBlockWriter, steps: readonly Step[]): void {
  for (const step of steps) {
    if ('write' in step) writer.write(step.write);
    else if ('newLine' in step) writer.newLine();
    else if ('closeComment' in step) writer.closeComment();
    else if ('hanging' in step) writer.hangingIndent(() => run(writer, step.hanging));
    else writer.inlineBlock(() => run(writer, step.block));
  }
}

const both = (steps: readonly Step[]): { plain: string; original: string } => {
  const plain = new PlainWriter(options);
  const original = new CodeBlockWriter(options);
  run(plain, steps);
  run(original, steps);
  return { plain: plain.toString(), original: original.toString() };
};

describe('PlainWriter', () => {
  it.each([
    ['plain lines', [{ write: 'a: {\n  b: string;\n}' }, { write: ';' }]],
    ['a member type in hanging indentation', [{ block: [{ hanging: [{ write: "kind: 'a' | 'b' |\n'c'" }] }, { write: ';' }] }]],
    ['a doc comment, then code', [{ write: '/**' }, { write: ' one line' }, { write: ' */' }, { newLine: true }, { write: "x = 'y';" }]],
    ['a doc comment of several lines in a block', [{ block: [{ write: '/**' }, { newLine: true }, { write: ' * a' }, { newLine: true }, { write: ' * b: "c' }, { newLine: true }, { write: ' */' }, { newLine: true }, { write: 'd;' }] }]],
    ['a string left open at a line end', [{ block: [{ write: "a = 'b\nc;" }, { newLine: true }, { write: 'd;' }] }]],
    ['an escaped quote in a string', [{ write: "a = 'it\\'s';" }, { newLine: true }, { block: [{ write: 'b;\nc;' }] }]],
    ['a template literal across lines', [{ block: [{ write: 'a = `x\ny`;' }, { newLine: true }, { write: 'b;\nc;' }] }]],
    ['a regular expression', [{ block: [{ write: 'a = /["]/.test(b);' }, { newLine: true }, { write: "c = 'd';\ne;" }] }]],
    ['a line comment', [{ block: [{ write: "// it's\n" }, { write: "a = 'b';\nc;" }] }]],
    ['a block comment within a line', [{ write: 'a = /* @__PURE__ */ b(\n1,\n);' }]],
    ['text after a slash', [{ write: 'a /' }, { write: "'b'\nc" }]],
    ['text after a backslash', [{ write: "a = '\\" }, { write: "'b'\nc';" }, { newLine: true }, { write: 'd;' }]],
    ['an unclosed comment, closed later', [{ block: [{ write: '/* a\nb' }, { closeComment: true }, { newLine: true }, { write: 'c;\nd;' }] }]],
    ['a comment that a write ends', [{ write: '/** a *' }, { write: '/ b;\nc;' }]],
  ] as [string, Step[]][])('writes %s as code-block-writer does', (_name, steps) => {
    const { plain, original } = both(steps);
    expect(plain).toBe(original);
  });

  it("writes a plain text without code-block-writer's reading of it (the internals it reads are there in the pinned release)", () => {
    const writer = new PlainWriter(options);
    let read = 0;
    const reading = writer as unknown as { _updateInternalState: (text: string) => void };
    const original = reading._updateInternalState.bind(writer);
    reading._updateInternalState = (text) => {
      read += 1;
      original(text);
    };
    writer.inlineBlock(() => writer.write("kind: 'a' | 'b';\nname: string;"));
    expect(read).toBe(0);
    writer.write('a = `b`;');
    expect(read).toBeGreaterThan(0);
  });

  it('writes any sequence of writes as code-block-writer does', () => {
    const piece = fc.stringMatching(/^[a-c '"`/*\\\n{}$;:]{0,12}$/);
    const step: fc.Arbitrary<Step> = fc.letrec<{ step: Step }>((tie) => ({
      step: fc.oneof(
        { weight: 6, arbitrary: piece.map((write) => ({ write })) },
        { weight: 1, arbitrary: fc.constant({ newLine: true as const }) },
        { weight: 1, arbitrary: fc.constant({ closeComment: true as const }) },
        { weight: 1, arbitrary: fc.array(tie('step'), { maxLength: 3 }).map((hanging) => ({ hanging })) },
        { weight: 1, arbitrary: fc.array(tie('step'), { maxLength: 3 }).map((block) => ({ block })) },
      ),
    })).step;
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        const { plain, original } = both(steps);
        expect(plain).toBe(original);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["a: 'b' | \"c\";\nd: e;", true],
    ['a = /* @__PURE__ */ b();', true],
    ["a = 'b\nc;", true],
    ['a = `b`;', false],
    ['a = b / c;', false],
    ["a = 'b", false],
    ['a = /* b', false],
    ["a = '\\\nb';", false],
  ])('reads %j as plain: %s', (text, plain) => {
    expect(readsPlain(text)).toBe(plain);
  });
});
