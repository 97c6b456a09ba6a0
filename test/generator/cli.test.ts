/**
 * The command line as users run it: exit codes, located errors for bad specs, a
 * workspace left untouched by a failure, --check, --only, --spec/--out.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/spec-files.js';

const run = promisify(execFile);
const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
const cli = join(repoRoot, 'generator', 'cli.ts');

async function generate(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every file under a folder with its contents, for before/after comparisons. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string): void => {
    if (!existsSync(d)) return;
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(d, entry.name), `${prefix}${entry.name}/`);
      else out[`${prefix}${entry.name}`] = readFileSync(join(d, entry.name), 'utf8');
    }
  };
  walk(dir, '');
  return out;
}

const GOOD = `openapi: 3.1.0
info: { title: Tiny, version: 1.0.0 }
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
components:
  schemas:
    Thing:
      type: object
      required: [id]
      properties:
        id: { type: string }
`;

const BAD_SPECS: [string, string, RegExp][] = [
  ['invalid YAML', 'openapi: 3.1.0\ninfo: { title: x, version: 1\npaths: {}\n', /bad\.openapi\.yaml:\d+:\d+: invalid YAML/],
  ['a broken $ref', GOOD.replace("'#/components/schemas/Thing'", "'#/components/schemas/Nope'"), /bad\.openapi\.yaml:14:\d+ \(at #\/paths\/~1things~1\{id\}\/get\/responses\/200\/content\/application~1json\/schema\): broken \$ref: #\/components\/schemas\/Nope does not exist/],
  ['a schema error', GOOD.replace("responses:\n        '200'", "responses:\n        'abc'"), /bad\.openapi\.yaml:\d+:\d+ \(at #\/paths\/~1things~1\{id\}\/get\/responses.*\):/],
  ['not an API document', 'hello: world\n', /neither an OpenAPI .* nor an AsyncAPI/],
  ['an unsupported version', GOOD.replace('openapi: 3.1.0', 'openapi: 2.0.0'), /unsupported OpenAPI version 2\.0\.0/],
];

describe('generate CLI', () => {
  let work: string;

  beforeAll(() => {
    mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    work = mkdtempSync(join(repoRoot, '.tmp', 'cli-'));
    mkdirSync(join(work, 'specs'));
    writeFileSync(join(work, 'specs', 'tiny.openapi.yaml'), GOOD);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('generates every spec of specs/ and reports a summary', async () => {
    const result = await generate(work);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/package\s+files\s+operations\s+schemas\s+messages\s+ms/);
    expect(result.stdout).toMatch(/^tiny\s+\d+\s+1\s+1\s+0\s+\d+$/m);
    expect(existsSync(join(work, 'generated', 'tiny', 'src', 'index.ts'))).toBe(true);
    expect(existsSync(join(work, 'generated', 'runtime', 'src', 'index.ts'))).toBe(true);
  });

  it('--check passes when up to date, and lists changed, missing and extra files otherwise', async () => {
    expect((await generate(work, '--check')).code).toBe(0);
    const types = join(work, 'generated', 'tiny', 'src', 'types.ts');
    const original = readFileSync(types, 'utf8');
    writeFileSync(types, `${original}// edited by hand\n`);
    writeFileSync(join(work, 'generated', 'tiny', 'src', 'stray.ts'), 'export {};\n');
    rmSync(join(work, 'generated', 'tiny', 'README.md'));
    const result = await generate(work, '--check');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/changed\s+generated\/tiny\/src\/types\.ts/);
    expect(result.stderr).toMatch(/extra\s+generated\/tiny\/src\/stray\.ts/);
    expect(result.stderr).toMatch(/missing\s+generated\/tiny\/README\.md/);
    expect(readFileSync(types, 'utf8')).toContain('edited by hand');
    // Regenerating repairs all three.
    expect((await generate(work, '--quiet')).code).toBe(0);
    expect((await generate(work, '--check')).code).toBe(0);
  });

  it('leaves unchanged files alone', async () => {
    const before = snapshot(join(work, 'generated'));
    const result = await generate(work);
    expect(result.stdout).toMatch(/^0 files written, 0 removed$/m);
    expect(snapshot(join(work, 'generated'))).toEqual(before);
  });

  it.each(BAD_SPECS)('a spec with %s exits 2 with a located error and leaves generated/ untouched', async (_, text, message) => {
    const dir = mkdtempSync(join(work, 'bad-'));
    cpSync(join(work, 'specs'), join(dir, 'specs'), { recursive: true });
    cpSync(join(work, 'generated'), join(dir, 'generated'), { recursive: true });
    writeFileSync(join(dir, 'specs', 'bad.openapi.yaml'), text);
    const before = snapshot(join(dir, 'generated'));
    const result = await generate(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('generated/ was left untouched');
    expect(snapshot(join(dir, 'generated'))).toEqual(before);
  });

  it('--only generates one package and rejects unknown names', async () => {
    expect((await generate(work, '--only', 'tiny', '--quiet')).code).toBe(0);
    const unknown = await generate(work, '--only', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--only nope');
  });

  it('--spec <file> --out <dir> writes one package from any document', async () => {
    const out = join(work, 'elsewhere', 'tiny-client');
    const result = await generate(work, '--spec', 'specs/tiny.openapi.yaml', '--out', out, '--quiet');
    expect(result.code).toBe(0);
    const index = readFileSync(join(out, 'src', 'index.ts'), 'utf8');
    expect(index).toContain("export * from './schemas.js';");
    expect(index).toContain("export * from './operations.js';");
    expect((await generate(work, '--spec', 'specs/tiny.openapi.yaml', '--out', out, '--check')).code).toBe(0);
    expect((await generate(work, '--spec', 'specs/tiny.openapi.yaml')).code).toBe(2);
  });

  it('rejects unknown flags with exit code 2', async () => {
    const result = await generate(work, '--frobnicate');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/usage: npm run generate/);
  });
});
