/**
 * Parses per second of response validators on the v2 spec's success responses, filled with our
 * seeded fixtures: the client's lean validators, our generated zod validators (the committed
 * package, zod mini, and the same document generated with `--zod classic`), ajv compiled from
 * the spec's own schemas, and the zod schemas hey-api generates from the same document.
 *
 * Each validator set runs in a process of its own (bench/validation-process.ts), as an
 * application runs one of them: its code bundled by esbuild (no TypeScript loader, whose
 * function-name wrappers cost on every call), with V8's caches of its own. In one process the
 * sets shared zod's engine, and which of them ran first decided how fast the others' objects
 * parsed: a run measured ours at 213,000/s and the next at 424,000/s.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { operations } from '@svc/v2';
import { responseFixture } from '@svc/v2/fixtures';
import { generateInto, launched } from './measure.js';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { VALIDATOR_SETS, type SetResult, type ValidationBody, type ValidationInput, type ValidatorSet } from './validation-sets.js';

export interface ValidationBenchResult {
  operations: number;
  bodies: number;
  bytes: number;
  rows: { validator: string; parsesPerSecond: number; rejected: number }[];
}

const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);
const escape = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** What each set is called in the section's table. */
const LABELS: Record<ValidatorSet, string> = {
  lean: "ours, the client's lean validators (no zod)",
  ours: 'ours (generated zod, mini build: the default)',
  classic: 'ours with --zod classic',
  ajv: 'ajv (compiled from the spec)',
  'hey-api': 'hey-api (generated zod)',
};

/** Rounds of one process per set, in turn, so that the machine's moods touch all alike; a set's fastest round counts. */
const ROUNDS = 3;

export async function benchValidation(args: { root: string; benchDir: string; work: string }): Promise<ValidationBenchResult> {
  const specFile = join(args.root, 'specs', 'v2.openapi.yaml');
  const folder = join(args.work, 'validation');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // hey-api's zod for the same document.
  const heyOut = join(folder, 'hey-api');
  const config = join(folder, 'hey-api.config.mjs');
  writeFileSync(config, `export default ${JSON.stringify({ input: specFile, output: heyOut, plugins: ['zod'] })};\n`);
  execFileSync(process.execPath, [join(args.benchDir, 'node_modules', '@hey-api', 'openapi-ts', 'dist', 'run.mjs'), '-f', config], { cwd: folder, stdio: 'ignore' });
  // The same document's validators written for zod's classic build, generated in the same run.
  const classicOut = join(folder, 'v2-classic');
  generateInto(specFile, classicOut, ['--zod', 'classic', '--targets', 'client']);

  // Each set's module bundled as an application's build would (zod and the runtime inside it).
  const { build } = await import('esbuild');
  const modules: Partial<Record<ValidatorSet, string>> = {};
  const sources: [ValidatorSet, string][] = [
    ['lean', join(args.root, 'generated', 'v2', 'src', 'calls.ts')],
    ['ours', join(args.root, 'generated', 'v2', 'src', 'operations.ts')],
    ['classic', join(classicOut, 'src', 'operations.ts')],
    ['hey-api', join(heyOut, 'zod.gen.ts')],
  ];
  for (const [set, entry] of sources) {
    const outfile = join(folder, `${set}.mjs`);
    await build({ entryPoints: [entry], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', conditions: ['svc-source'], logLevel: 'silent' });
    modules[set] = outfile;
  }
  // ajv over the spec's own schemas: the document as JSON, read by the project's yaml.
  const { parse } = createRequire(join(args.root, 'package.json'))('yaml') as { parse: (text: string) => unknown };
  const documentFile = join(folder, 'v2.json');
  writeFileSync(documentFile, JSON.stringify(parse(readFileSync(specFile, 'utf8'))));

  // The bodies of the operations every set can check: hey-api names a validator for it, and ajv compiles its schema.
  const hey = (await import(pathToFileURL(modules['hey-api']!).href)) as Record<string, unknown>;
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(JSON.parse(readFileSync(documentFile, 'utf8')) as object, 'https://specs.invalid/v2');
  const bodies: ValidationBody[] = [];
  let bytes = 0;
  for (const [operationId, operation] of Object.entries(operations)) {
    const entry = Object.entries(operation.responses as Record<string, unknown>).find(([status, validator]) => /^2\d\d$/.test(status) && validator);
    const heyName = `z${pascal(operationId)}Response`;
    if (!entry || hey[heyName] === undefined) continue;
    const [status] = entry;
    const pointer = `#/paths/${escape(operation.path)}/${operation.method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    try {
      ajv.compile({ $ref: `https://specs.invalid/v2${pointer}` });
    } catch {
      continue;
    }
    for (let seed = 1; seed <= 20; seed++) {
      const value = responseFixture(operationId, status, seed);
      bytes += JSON.stringify(value).length;
      bodies.push({ operationId, status, pointer, heyName, value });
    }
  }
  const input: ValidationInput = { bodies, modules, documentFile };
  const inputFile = join(folder, 'input.json');
  writeFileSync(inputFile, JSON.stringify(input));

  const best = new Map<ValidatorSet, SetResult>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const set of VALIDATOR_SETS) {
      const output = execFileSync(process.execPath, launched(join(args.benchDir, 'validation-process.ts'), [set, inputFile]), { cwd: args.root, encoding: 'utf8' });
      const result = JSON.parse(output.trim().split('\n').pop()!) as SetResult;
      const previous = best.get(set);
      if (!previous || result.parsesPerSecond > previous.parsesPerSecond) best.set(set, result);
    }
  }
  const counts = new Set([...best.values()].map((result) => result.bodies));
  if (counts.size !== 1) throw new Error(`the validator sets checked different bodies: ${[...best].map(([set, result]) => `${set} ${result.bodies}`).join(', ')}`);
  return {
    operations: [...best.values()][0]!.operations,
    bodies: [...counts][0]!,
    bytes,
    rows: VALIDATOR_SETS.map((set) => ({ validator: LABELS[set], parsesPerSecond: best.get(set)!.parsesPerSecond, rejected: best.get(set)!.rejected })),
  };
}
