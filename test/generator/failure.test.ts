/**
 * An exception inside the generator (here a target that throws, registered as a plugin) is reported as a generator bug naming the file and the stage, in one
 * line unless the stack is asked for.
 */
import { describe, expect, it } from 'vitest';
import { GeneratorBug, describeGeneratorBug } from '../../generator/failure.js';
import { generatePackage } from '../../generator/pipeline.js';
import type { TargetPlugin } from '../../generator/targets/target.js';
import { specWithSchemas, writeSpec } from '../helpers/generate.js';

const exploding: TargetPlugin = {
  name: 'exploding',
  load: () => ({
    appliesTo: () => true,
    run: () => {
      throw new TypeError("Cannot read properties of undefined (reading 'kind')");
    },
  }),
};

describe('generator bugs', () => {
  it('name the spec file and the stage, and say they are the generator’s, in one line', async () => {
    const file = writeSpec(specWithSchemas({ Thing: { type: 'string' } }), 'exploding');
    const error = await generatePackage({ file, name: 'exploding' }, { plugins: [exploding] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorBug);
    const bug = error as GeneratorBug;
    expect(bug.stage).toBe('target exploding');
    expect(bug.file).toBe(file);
    const lines = describeGeneratorBug(bug, { withStack: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${file}: generator bug in stage target exploding (Cannot read properties of undefined (reading 'kind'))`);
    expect(lines[0]).toContain('SVC_CODEGEN_DEBUG=1');
    expect(describeGeneratorBug(bug, { withStack: true })[1]).toMatch(/TypeError: Cannot read properties[\s\S]*\n\s+at /);
  });
});
