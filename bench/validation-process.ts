/**
 * One validator set of the validation section, in a process of its own, started through the
 * launcher (scripts/launch.mjs) so that the measuring code runs as plain JavaScript; the set's
 * module is a bundle validation.ts made (its zod, or ajv, inside this process alone).
 *
 *   node --conditions=svc-source scripts/launch.mjs bench/validation-process.ts <set> <input.json>
 *
 * Prints one line of JSON (SetResult).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { VALIDATOR_SETS, type SetResult, type ValidationInput, type ValidatorSet } from './validation-sets.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Check {
  safeParse?: (value: unknown) => { success: boolean };
  validate?: (value: unknown) => boolean;
}
type Body = { value: unknown; check: Check };
type Responses = Record<string, { responses: Record<string, Check | undefined> } | undefined>;

const [given, inputFile] = process.argv.slice(2) as [ValidatorSet | undefined, string | undefined];
if (given === undefined || !VALIDATOR_SETS.includes(given) || inputFile === undefined) throw new Error(`usage: validation-process.ts <${VALIDATOR_SETS.join('|')}> <input.json>`);
const set: ValidatorSet = given;
const input = JSON.parse(readFileSync(inputFile, 'utf8')) as ValidationInput;

/** The validator of each body in this set. */
async function checks(): Promise<Check[]> {
  if (set === 'ajv') {
    const ajv = new Ajv2020({ strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
    ajv.addSchema(JSON.parse(readFileSync(input.documentFile, 'utf8')) as object, 'https://specs.invalid/v2');
    const compiled = new Map<string, Check>();
    return input.bodies.map(({ pointer }) => {
      let check = compiled.get(pointer);
      if (!check) {
        const validate = ajv.compile({ $ref: `https://specs.invalid/v2${pointer}` });
        check = { validate: (value) => validate(value) as boolean };
        compiled.set(pointer, check);
      }
      return check;
    });
  }
  const module = (await import(pathToFileURL(input.modules[set]!).href)) as Record<string, unknown>;
  if (set === 'hey-api') return input.bodies.map(({ heyName }) => module[heyName] as Check);
  if (set === 'lean') return input.bodies.map(({ operationId, status }) => (module as Responses)[`${operationId}Call`]!.responses[status]!);
  const { operations } = module as { operations: Responses };
  return input.bodies.map(({ operationId, status }) => operations[operationId]!.responses[status]!);
}

const bodies: Body[] = (await checks()).map((check, i) => ({ value: input.bodies[i]!.value, check }));

/** One pass: every body 20 times, in milliseconds. */
const pass = (): number => {
  const started = performance.now();
  for (let repeat = 0; repeat < 20; repeat++) {
    for (const { value, check } of bodies) if (check.safeParse) check.safeParse(value);
    else check.validate!(value);
  }
  return performance.now() - started;
};

pass(); // warm-up
let fastest = Infinity;
for (let round = 0; round < 5; round++) fastest = Math.min(fastest, pass());
const rejected = bodies.filter(({ value, check }) => !(check.safeParse ? check.safeParse(value).success : check.validate!(value))).length;
const result: SetResult = { set, operations: new Set(input.bodies.map((body) => body.operationId)).size, bodies: bodies.length, parsesPerSecond: (bodies.length * 20 * 1000) / fastest, rejected };
process.stdout.write(`${JSON.stringify(result)}\n`);
