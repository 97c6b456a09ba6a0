/**
 * A package generated with `--spec … --out <dir>` outside the workspace stands alone: the
 * runtimes are inside it, `npm install` and `npm run build` work in its folder, and plain
 * Node imports what it built.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { repoRoot } from '../helpers/spec-files.js';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'svc-standalone-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a package generated with --spec --out outside the workspace', () => {
  it('carries its runtimes, installs and builds in its own folder, and runs with plain Node', async () => {
    const out = join(work, 'x402');
    const generated = await runCli({ cwd: repoRoot, argv: ['--spec', 'specs/x402.openapi.yaml', '--out', out, '--quiet', '--no-cache'] });
    expect(generated.code, generated.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    // Nothing from the @svc scope: the runtimes are files of the package.
    expect(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter((name) => name.startsWith('@svc/'))).toEqual([]);
    // The client runtime's own dependency comes along; only validators of host name formats import it.
    expect(manifest.dependencies).toEqual({ 'eventsource-parser': '^3.1.0', 'idn-hostname': '^15.1.19', zod: '^4.2.0' });
    expect(readFileSync(join(out, 'src', 'schemas.ts'), 'utf8')).not.toContain('idn.js');
    expect(existsSync(join(out, 'src', 'runtime', 'index.ts'))).toBe(true);
    expect(readFileSync(join(out, 'src', 'server-runtime', 'router.ts'), 'utf8')).toContain("from '../runtime/index.js'");
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('This package stands alone');

    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: out, maxBuffer: 64 * 1024 * 1024 });
    await run('npm', ['run', 'build', '--silent'], { cwd: out, maxBuffer: 64 * 1024 * 1024 });
    const script = `
      import { operations, schemas } from './dist/index.js';
      import { createX402Server } from './dist/server.js';
      const app = createX402Server({});
      const answer = await app.request('/v2/x402/supported');
      console.log(Object.keys(operations).sort().join(','), typeof schemas, answer.status);
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: out });
    expect(stdout.trim()).toBe('settleX402Payment,supportedX402PaymentKinds,verifyX402Payment object 501');
  });
});
