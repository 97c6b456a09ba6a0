/**
 * No `any` leaks into the public types of the generated packages: their declaration
 * files (what a consumer's compiler sees) are emitted and searched.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { repoRoot } from './helpers/spec-files.js';

const run = promisify(execFile);

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? declarationFiles(join(dir, entry.name)) : entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Code without comments and string literals, where a type named `any` would show. */
const codeOnly = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");

it('the declaration files of every generated package contain no `any`', async () => {
  const out = mkdtempSync(join(repoRoot, '.tmp', 'dts-'));
  try {
    const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
    await run(tsc, ['-p', join(repoRoot, 'generated', 'tsconfig.json'), '--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--outDir', out]);
    const files = declarationFiles(out);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      codeOnly(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => /(?<![.\w])any(?![\w(])/.test(line))
        .map((line) => `${file.slice(out.length + 1)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
