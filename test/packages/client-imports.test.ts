/**
 * What a program that imports `<pkg>/client` makes the compiler read: the client, its lean
 * validators and the types, never the zod validators of `operations.ts` and `schemas.ts`,
 * which are most of a large package (on Stripe's, reading them doubled a consumer's type-check),
 * nor the runtime's zod builders.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/spec-files.js';

const PACKAGES = ['v2', 'v1', 'onramp', 'x402'] as const;

describe('a program importing the clients', () => {
  // Inside the repository, so that the packages resolve as a consumer's would (through node_modules).
  const dir = mkdtempSync(join(repoRoot, '.tmp-client-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks the clients without reading any zod validator of theirs', () => {
    const main = join(dir, 'main.ts');
    writeFileSync(main, PACKAGES.map((name) => `export * as ${name} from '@svc/${name}/client';`).join('\n') + '\n');
    const program = ts.createProgram([main], {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      customConditions: ['svc-source'],
      types: [],
    });
    const read = program.getSourceFiles().map((file) => file.fileName.replace(/\\/g, '/'));
    for (const name of PACKAGES) {
      const own = read.filter((file) => file.includes(`/generated/${name}/src/`)).map((file) => file.replace(/.*\/src\//, ''));
      expect(own, name).toContain('client.ts');
      expect(own, name).toContain('api-info.ts');
      // The lean validators beside the calls, a module of their own (see calls.ts of the client target: why two).
      expect(own, name).toEqual(expect.arrayContaining(['calls.ts', 'validators.ts']));
      expect(own.filter((file) => /^(operations|schemas|operation-checks|type-checks|server|mock|fixtures)\.ts$/.test(file)), name).toEqual([]);
    }
    // Nor the runtime's validator builders for zod's classic build, whose signatures make TypeScript resolve zod's
    // classic types (0.8 s of a consumer's check of one Stripe call): the runtime's index does not export them.
    expect(read.filter((file) => /\/generated\/runtime\/src\/(classic|mini)\.ts$/.test(file))).toEqual([]);
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });
});
