/**
 * Parses per second of response validators on the v2 spec's success responses, filled with our
 * seeded fixtures: the client's lean validators, our generated zod validators (the committed package, zod mini, and the same
 * document generated with `--zod classic`), ajv compiled from the spec's own schemas, and the zod
 * schemas hey-api generates from the same document.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createRequire } from 'node:module';
import { operations } from '@svc/v2';
import { responseFixture } from '@svc/v2/fixtures';
import { generateInto } from './measure.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export interface ValidationBenchResult {
  operations: number;
  bodies: number;
  bytes: number;
  rows: { validator: string; parsesPerSecond: number; rejected: number }[];
}

interface Check {
  safeParse?: (value: unknown) => { success: boolean };
  validate?: (value: unknown) => boolean;
}

const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);
const escape = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

type Body = { value: unknown; check: Check };

const run = (bodies: Body[]): number => {
  const started = performance.now();
  for (let repeat = 0; repeat < 20; repeat++) {
    for (const { value, check } of bodies) if (check.safeParse) check.safeParse(value);
    else check.validate!(value);
  }
  return performance.now() - started;
};

const refused = (bodies: Body[]): number => bodies.filter(({ value, check }) => !(check.safeParse ? check.safeParse(value).success : check.validate!(value))).length;

/** Parses per second of each validator: five rounds that run them in turn, so that the machine's moods touch all alike; fastest of each. */
function rates(sets: Body[][]): number[] {
  const fastest = sets.map(() => Infinity);
  for (let round = 0; round < 5; round++) sets.forEach((bodies, i) => (fastest[i] = Math.min(fastest[i]!, run(bodies))));
  return fastest.map((ms, i) => (sets[i]!.length * 20 * 1000) / ms);
}

export async function benchValidation(args: { root: string; benchDir: string; work: string }): Promise<ValidationBenchResult> {
  const specFile = join(args.root, 'specs', 'v2.openapi.yaml');
  // hey-api's zod for the same document.
  const heyOut = join(args.work, 'validation-hey-api');
  rmSync(heyOut, { recursive: true, force: true });
  const config = join(args.work, 'validation-hey-api.config.mjs');
  writeFileSync(config, `export default ${JSON.stringify({ input: specFile, output: heyOut, plugins: ['zod'] })};\n`);
  execFileSync(process.execPath, [join(args.benchDir, 'node_modules', '@hey-api', 'openapi-ts', 'dist', 'run.mjs'), '-f', config], { cwd: args.work, stdio: 'ignore' });
  const hey = (await import(pathToFileURL(join(heyOut, 'zod.gen.ts')).href)) as Record<string, Check | undefined>;

  // ajv over the spec's own schemas.
  // The project's yaml, not an older one that a bench dependency brings.
  const { parse } = createRequire(join(args.root, 'package.json'))('yaml') as { parse: (text: string) => unknown };
  const document = parse(readFileSync(specFile, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv2020({ strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  ajv.addSchema(document, 'https://specs.invalid/v2');

  // The same document's validators written for zod's classic build, generated in the same run.
  const classicOut = join(args.work, 'validation-v2-classic');
  generateInto(specFile, classicOut, ['--zod', 'classic', '--targets', 'client']);
  const classic = (await import(pathToFileURL(join(classicOut, 'src', 'operations.ts')).href)) as { operations: Record<string, { responses: Record<string, Check | undefined> }> };

  // The client's own validators: the lean ones of its calls (src/calls.ts), which need no zod.
  const calls = (await import(pathToFileURL(join(args.root, 'generated', 'v2', 'src', 'calls.ts')).href)) as Record<string, { responses: Record<string, Check | undefined> } | undefined>;

  const ours: Body[] = [];
  const oursLean: Body[] = [];
  const oursClassic: Body[] = [];
  const theirs: Body[] = [];
  const ajvs: Body[] = [];
  let used = 0;
  let bytes = 0;
  for (const [operationId, operation] of Object.entries(operations)) {
    const entry = Object.entries(operation.responses as Record<string, Check | undefined>).find(([status, validator]) => /^2\d\d$/.test(status) && validator);
    const heyCheck = hey[`z${pascal(operationId)}Response`];
    if (!entry || !heyCheck?.safeParse) continue;
    const [status, validator] = entry;
    const pointer = `#/paths/${escape(operation.path)}/${operation.method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    let ajvCheck: Check;
    try {
      const compiled = ajv.compile({ $ref: `https://specs.invalid/v2${pointer}` });
      ajvCheck = { validate: (value) => compiled(value) as boolean };
    } catch {
      continue;
    }
    used++;
    for (let seed = 1; seed <= 20; seed++) {
      const value = responseFixture(operationId, status, seed);
      bytes += JSON.stringify(value).length;
      ours.push({ value, check: validator! });
      oursLean.push({ value, check: calls[`${operationId}Call`]!.responses[status]! });
      oursClassic.push({ value, check: classic.operations[operationId]!.responses[status]! });
      theirs.push({ value, check: heyCheck });
      ajvs.push({ value, check: ajvCheck });
    }
  }
  return {
    operations: used,
    bodies: ours.length,
    bytes,
    rows: (() => {
      const [leanRate, oursRate, classicRate, ajvRate, heyRate] = rates([oursLean, ours, oursClassic, ajvs, theirs]);
      return [
        { validator: "ours, the client's lean validators (no zod)", parsesPerSecond: leanRate!, rejected: refused(oursLean) },
        { validator: 'ours (generated zod, mini build: the default)', parsesPerSecond: oursRate!, rejected: refused(ours) },
        { validator: 'ours with --zod classic', parsesPerSecond: classicRate!, rejected: refused(oursClassic) },
        { validator: 'ajv (compiled from the spec)', parsesPerSecond: ajvRate!, rejected: refused(ajvs) },
        { validator: 'hey-api (generated zod)', parsesPerSecond: heyRate!, rejected: refused(theirs) },
      ];
    })(),
  };
}
