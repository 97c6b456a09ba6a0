/**
 * `npm run conformance -- --suite <folder>`: how often the generated validators agree with
 * JSON Schema, measured on the public JSON Schema Test Suite (draft 2020-12 and its
 * optional/format tests), beside ajv (2020-12, ajv-formats) on the same cases: the package's zod
 * validators (`schemas`), and the client's lean ones (`src/validators.ts`), with every case where
 * the two give different verdicts. `<folder>` is
 * the suite's `tests/draft2020-12` folder, checked out somewhere. Not part of CI: the suite
 * comes from outside; the cases the project relies on are written as its own tests.
 *
 * Each file becomes one OpenAPI 3.1 document whose components are the file's schemas, each
 * with an `$id` of its own so that `#` references resolve inside the schema, as in the suite.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { generatePackage } from '../generator/pipeline.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}
type Validator = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } };
/**
 * Disagreements by choice or by scope, told apart from the rest by file, group and test:
 * the suite's optional behaviours that API validators do otherwise on purpose.
 */
const KNOWN_REASONS: readonly { file: RegExp; group?: RegExp; test?: RegExp; reason: string }[] = [
  {
    file: /^format\.json$/,
    test: /only an annotation by default/,
    reason: 'by choice: formats are asserted, where 2020-12 makes them annotations by default',
  },
  { file: /./, group: /metaschema|remote ref/, reason: 'out of scope: refers to the draft\'s meta-schema by URL, and the loader fetches nothing remote' },
  { file: /./, group: /\$dynamicRef/, reason: 'out of scope: $dynamicRef is not supported (an API document has no use for it)' },
];

/** A case where the generated validator and the suite disagree, with why, as far as can be told. */
interface Disagreement {
  file: string;
  group: string;
  test: string;
  reason: string;
  ajvAgrees: boolean;
}

const { values } = parseArgs({ options: { suite: { type: 'string' }, out: { type: 'string', default: '.tmp/conformance' } } });
if (!values.suite) {
  console.error('usage: npm run conformance -- --suite <JSON-Schema-Test-Suite>/tests/draft2020-12');
  process.exit(2);
}
const suite = resolve(values.suite);
// Remote references and vocabularies are not something an API document relies on.
const SKIPPED_FILES = new Set(['refRemote.json', 'vocabulary.json', 'dynamicRef.json', 'infinite-loop-detection.json']);
const files = [
  ...readdirSync(suite).filter((f) => f.endsWith('.json') && !SKIPPED_FILES.has(f)),
  ...readdirSync(join(suite, 'optional', 'format')).map((f) => join('optional', 'format', f)),
];


/** Generates a package from a document under the output folder and imports its `schemas` and its lean validators, by component. */
async function generatedSchemas(specFile: string, name: string): Promise<{ schemas: Record<string, Validator>; lean: Record<string, Validator | undefined> }> {
  const output = await generatePackage({ file: specFile, name });
  const dir = join(values.out!, `pkg-${name}`);
  for (const [path, contents] of output.files) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  const { schemas } = (await import(pathToFileURL(resolve(dir, 'src', 'index.ts')).href)) as { schemas: Record<string, Validator> };
  const calls = (await import(pathToFileURL(resolve(dir, 'src', 'validators.ts')).href)) as Record<string, Validator | undefined>;
  // The components are named S0, S1 …: their lean validators S0Validator …
  return { schemas, lean: Object.fromEntries(Object.keys(schemas).map((key) => [key, calls[`${key}Validator`]])) };
}

/** One operation, so that the package has a client, and with it the lean validators. */
const PATHS = { '/conformance': { get: { operationId: 'conformance', responses: { '204': { description: 'Nothing.' } } } } };

const rows: { file: string; cases: number; ours: number; lean: number; ajv: number; note: string }[] = [];
/** Cases where the lean validator's verdict is not the zod one's. */
const leanDifferences: string[] = [];
const disagreements: Disagreement[] = [];
let index = 0;
for (const file of files.sort()) {
  const groups = JSON.parse(readFileSync(join(suite, file), 'utf8')) as SuiteGroup[];
  const usable = groups.filter((g) => !JSON.stringify(g.schema).includes('http://localhost:1234'));
  const components: Record<string, unknown> = {};
  usable.forEach((group, i) => {
    const schema = group.schema;
    components[`S${i}`] = typeof schema === 'object' && schema !== null && !('$id' in schema) ? { $id: `https://conformance.test/${index}/${i}`, ...schema } : schema;
  });
  index += 1;
  const document = { openapi: '3.1.0', info: { title: file, version: '1' }, paths: PATHS, components: { schemas: components } };
  const specFile = join(values.out, `${file.replace(/[/.]/g, '-')}.openapi.json`);
  mkdirSync(values.out, { recursive: true });
  writeFileSync(specFile, JSON.stringify(document));
  let note = '';
  // One document per file; when it cannot be generated, one per group, so one schema does not hide the rest.
  let generated = await generatedSchemas(specFile, `conf-${index}`).catch((error: unknown) => {
    note = `not generated as one document: ${(error as Error).message.split('\n')[0]}`;
    return undefined;
  });
  if (!generated) {
    const single: Record<string, Validator> = {};
    const singleLean: Record<string, Validator | undefined> = {};
    let failed = 0;
    for (const [key, schema] of Object.entries(components)) {
      const groupFile = join(values.out, `${file.replace(/[/.]/g, '-')}-${key}.openapi.json`);
      writeFileSync(groupFile, JSON.stringify({ ...document, components: { schemas: { [key]: schema } } }));
      const one = await generatedSchemas(groupFile, `conf-${index}-${key}`).catch(() => undefined);
      if (one?.schemas[key]) {
        single[key] = one.schemas[key];
        singleLean[key] = one.lean[key];
      } else failed += 1;
    }
    generated = { schemas: single, lean: singleLean };
    note = `${failed} of ${usable.length} schemas not generated`;
  }
  const { schemas, lean } = generated;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, logger: false });
  addFormats(ajv);
  let cases = 0;
  let ours = 0;
  let byLean = 0;
  let byAjv = 0;
  usable.forEach((group, i) => {
    let check: ((data: unknown) => boolean) | undefined;
    try {
      check = ajv.compile(group.schema as object) as (data: unknown) => boolean;
    } catch {
      check = undefined;
    }
    for (const test of group.tests) {
      cases += 1;
      const validator = schemas?.[`S${i}`];
      let reason: string | undefined;
      if (validator) {
        try {
          const result = validator.safeParse(test.data);
          if (result.success === test.valid) ours += 1;
          else if (result.success) reason = 'accepted, should be rejected';
          else {
            const issue = result.error?.issues[0];
            reason = `rejected, should be accepted: ${issue ? `${issue.message}${issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : ''}` : 'no issue given'}`;
          }
        } catch (error) {
          // A validator that throws disagrees.
          reason = `threw: ${(error as Error).message.split('\n')[0]}`;
        }
      } else reason = 'no validator generated';
      const leanValidator = lean[`S${i}`];
      let leanSays: boolean | string = 'none generated';
      try {
        if (leanValidator) leanSays = leanValidator.safeParse(test.data).success;
      } catch (error) {
        leanSays = `threw: ${(error as Error).message.split('\n')[0]}`;
      }
      if (leanSays === test.valid) byLean += 1;
      let zodSays: boolean | string = 'none generated';
      try {
        if (validator) zodSays = validator.safeParse(test.data).success;
      } catch (error) {
        zodSays = `threw: ${(error as Error).message.split('\n')[0]}`;
      }
      if (leanSays !== zodSays) leanDifferences.push(`${file} › ${group.description} › ${test.description}: zod ${String(zodSays)}, lean ${String(leanSays)}`);
      let ajvAgrees = false;
      try {
        ajvAgrees = check !== undefined && check(test.data) === test.valid;
        if (ajvAgrees) byAjv += 1;
      } catch {
        // ajv overflowing its stack on a recursive case disagrees too.
      }
      const known = KNOWN_REASONS.find((k) => k.file.test(file) && (!k.group || k.group.test(group.description)) && (!k.test || k.test.test(test.description)));
      if (reason) disagreements.push({ file, group: group.description, test: test.description, reason: known ? `${known.reason} [${reason}]` : reason, ajvAgrees });
    }
  });
  rows.push({ file, cases, ours, lean: byLean, ajv: byAjv, note });
}

const percent = (n: number, d: number): string => `${d === 0 ? 0 : Math.round((1000 * n) / d) / 10}%`;
console.log('| file | cases | ours (zod) | ours (lean) | ajv | note |\n| --- | ---: | ---: | ---: | ---: | --- |');
for (const r of rows) console.log(`| ${r.file} | ${r.cases} | ${percent(r.ours, r.cases)} | ${percent(r.lean, r.cases)} | ${percent(r.ajv, r.cases)} | ${r.note} |`);
const sum = (pick: (r: (typeof rows)[number]) => number, only?: (r: (typeof rows)[number]) => boolean): number =>
  rows.filter((r) => !only || only(r)).reduce((total, r) => total + pick(r), 0);
const isFormat = (r: (typeof rows)[number]): boolean => r.file.startsWith('optional');
for (const [label, only] of [['keywords', (r: (typeof rows)[number]) => !isFormat(r)], ['formats', isFormat], ['all', undefined]] as const) {
  const cases = sum((r) => r.cases, only);
  console.log(`${label}: ${cases} cases, ours (zod) ${percent(sum((r) => r.ours, only), cases)}, ours (lean) ${percent(sum((r) => r.lean, only), cases)}, ajv ${percent(sum((r) => r.ajv, only), cases)}`);
}
console.log(`\n${leanDifferences.length} cases where the lean validators' verdict is not the zod validators'${leanDifferences.length > 0 ? ':' : ''}`);
for (const difference of leanDifferences) console.log(`- ${difference}`);

// Every remaining disagreement, by file and group, with its reason and whether ajv gets it right.
const chosen = disagreements.filter((d) => KNOWN_REASONS.some((k) => d.reason.startsWith(k.reason))).length;
console.log(`\n${disagreements.length} disagreements (${chosen} by choice or out of scope, ${disagreements.length - chosen} others):`);
let lastGroup = '';
for (const d of disagreements) {
  const heading = `${d.file} › ${d.group}`;
  if (heading !== lastGroup) console.log(`- ${heading}`);
  lastGroup = heading;
  console.log(`  - ${d.test}: ${d.reason}${d.ajvAgrees ? ' (ajv agrees with the suite)' : ''}`);
}
