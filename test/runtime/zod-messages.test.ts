/**
 * The language of the package's zod validators' messages, in a process of its own (zod's
 * locale is global): English for a package written for zod mini, which registers no locale
 * itself, as for classic's; a program's own locale wins, set before or after.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/spec-files.js';

const run = promisify(execFile);

/** The first issue's message of `schemas.Price.safeParse({})` of @svc/v2 (zod mini), after `before` ran. */
async function messageAfter(before: string): Promise<string> {
  const program = `${before}\nconst { schemas } = await import('@svc/v2');\nconsole.log(JSON.stringify(schemas.Price.safeParse({}).error.issues[0].message));`;
  const { stdout } = await run(process.execPath, ['--conditions=svc-source', '--import', 'tsx', '--input-type=module', '-e', program], { cwd: repoRoot });
  return JSON.parse(stdout.trim()) as string;
}

describe("the zod validators' messages", () => {
  it('are in English for a package written for zod mini (the runtime registers the locale, as classic does)', async () => {
    expect(await messageAfter('')).toBe('Invalid input: expected string, received undefined');
  }, 60_000);

  it("give way to the program's own locale", async () => {
    const french = "import { config } from 'zod/v4/core';\nimport fr from 'zod/v4/locales/fr.js';\nconfig(fr());";
    expect(await messageAfter(french)).toMatch(/^Entrée invalide/);
  }, 60_000);
});
