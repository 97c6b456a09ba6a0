/**
 * An exception inside the generator (here a built-in target made to throw) is reported as a
 * generator bug naming the file and the stage, in one line unless the stack is asked for; one
 * inside a plugin from outside the generator is that plugin's failure, naming it and the file.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorBug, describeGeneratorBug } from '../../generator/failure.js';
import { generatePackage } from '../../generator/pipeline.js';
import { PluginError } from '../../generator/targets/registry.js';
import type { Target, TargetPlugin } from '../../generator/targets/target.js';
import { typesPlugin } from '../../generator/targets/types/plugin.js';
import { specWithSchemas, writeSpec } from '../helpers/generate.js';

const throwing: Target = {
  appliesTo: () => true,
  run: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'kind')");
  },
};

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('generator bugs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('name the spec file and the stage, and say they are the generator’s, in one line', async () => {
    vi.spyOn(typesPlugin, 'load').mockReturnValue(throwing);
    const file = writeSpec(specWithSchemas({ Thing: { type: 'string' } }), 'exploding');
    const error = await failureOf(generatePackage({ file, name: 'exploding' }));
    expect(error).toBeInstanceOf(GeneratorBug);
    const bug = error as GeneratorBug;
    expect(bug.stage).toBe('target types');
    expect(bug.file).toBe(file);
    const lines = describeGeneratorBug(bug, { withStack: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${file}: generator bug in stage target types (Cannot read properties of undefined (reading 'kind'))`);
    expect(lines[0]).toContain('SVC_CODEGEN_DEBUG=1');
    expect(describeGeneratorBug(bug, { withStack: true })[1]).toMatch(/TypeError: Cannot read properties[\s\S]*\n\s+at /);
  });

  it('a plugin from outside the generator that throws is its own failure, naming it and the file', async () => {
    const exploding: TargetPlugin = { name: 'exploding', load: () => throwing };
    const file = writeSpec(specWithSchemas({ Thing: { type: 'string' } }), 'exploding-plugin');
    const error = await failureOf(generatePackage({ file, name: 'exploding' }, { plugins: [exploding] }));
    expect(error).toBeInstanceOf(PluginError);
    expect((error as PluginError).message).toBe(`plugin 'exploding' failed on ${file}: Cannot read properties of undefined (reading 'kind')`);
    expect((error as PluginError).cause).toBeInstanceOf(TypeError);
  });
});
