/**
 * What a run prints for a document's diagnostics: a kind a large document has by the dozen
 * (names numbered after a collision, discriminator tags read from the variants) is one line with
 * its count, unless `--explain` asks for each (OpenAI's description printed 56 lines of numbered
 * names and nothing a user could act on).
 */
import { describe, expect, it } from 'vitest';
import { diagnosticLines } from '../../generator/cli/print.js';
import { NUMBERED_NAME_GROUP } from '../../generator/model/diagnostic-groups.js';
import type { PackageOutput } from '../../generator/pipeline.js';
import type { Diagnostic } from '../../generator/model/types.js';

const numbered = (n: number): Diagnostic => ({
  level: 'warning',
  group: NUMBERED_NAME_GROUP,
  message: `name Name${n} is wanted by components.schemas Name${n} and by operation name${n}; the second is named Name${n}2`,
});
const other: Diagnostic = { level: 'warning', pointer: '/components/schemas/Model', message: 'schema Model has object keywords but no `type`' };
const packageWith = (diagnostics: Diagnostic[]): PackageOutput => ({ name: 'api', diagnostics }) as unknown as PackageOutput;

describe('diagnostic lines', () => {
  it.each([
    { given: [other, numbered(1), numbered(2), numbered(3)], explain: false, want: 4 },
    { given: [other, numbered(1), numbered(2), numbered(3), numbered(4)], explain: false, want: 2 },
    { given: [other, numbered(1), numbered(2), numbered(3), numbered(4)], explain: true, want: 5 },
  ])('$given.length diagnostics, explain $explain: $want lines', ({ given, explain, want }) => {
    expect(diagnosticLines([packageWith(given)], explain)).toHaveLength(want);
  });

  it('says the count, the first of them, and how to see each', () => {
    const lines = diagnosticLines([packageWith([numbered(1), other, numbered(2), numbered(3), numbered(4), numbered(5)])]);
    expect(lines).toEqual([
      'api: warning: 5 names are wanted twice; the later claims are numbered (first: name Name1 is wanted by components.schemas Name1 and by operation name1; the second is named Name12); --explain lists each',
      'api: warning: schema Model has object keywords but no `type` (at #/components/schemas/Model)',
    ]);
  });
});
