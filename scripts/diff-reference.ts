/**
 * `npm run diff-reference -- --oasdiff <checkout>`: how often our API diff agrees with the field's
 * reference on pairs it was not written for. The pairs are oasdiff's own: every test in its
 * `checker/*_test.go` that loads two documents of its `data/` folder as written (no Go code
 * changing them after loading), compares them with the default configuration and asserts what the
 * checks report (the ids, a level, or nothing). The reference's verdict on a pair is the highest
 * level among the changes its test asserts; ours is the highest level among the changes we report.
 *
 * Printed: the agreement on the verdict (breaking / warning / compatible) and on breaking-or-not,
 * the share of the reference's error- and warning-level ids we name (`oasdiffId`), and every
 * disagreement with its test. The checkout is not part of this repository; nothing here is copied
 * from it: the tests are read as text, and their documents compared by our diff.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diffSpecPairs } from '../generator/diff/index.js';
import type { Change } from '../generator/diff/change.js';
import type { Level } from '../generator/diff/rules.js';

type Verdict = 'breaking' | 'warning' | 'compatible';
const GO_LEVELS: Record<string, Level> = { ERR: 'breaking', WARN: 'warning', INFO: 'info' };

interface Expected {
  id: string;
  level: Level;
}

interface ReferencePair {
  test: string;
  file: string;
  base: string;
  head: string;
  /** The checks that ran: every one, or the one named. */
  checks: 'all' | string;
  expected: Expected[];
  /** The test asserts every change (`requireSingleChange`, `require.Len`, `require.Empty` …), not only that these are among them. */
  exact: boolean;
}

interface Args {
  checkout: string;
  verbose: boolean;
  only?: RegExp;
}

function parseArgs(argv: string[]): Args {
  let checkout: string | undefined;
  let verbose = false;
  let only: RegExp | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--oasdiff') checkout = argv[++i];
    else if (arg === '--verbose') verbose = true;
    else if (arg === '--only') only = new RegExp(argv[++i] ?? '');
    else {
      console.error(`diff-reference: unknown argument ${arg}\nusage: npm run diff-reference -- --oasdiff <oasdiff checkout> [--verbose] [--only <test name pattern>]`);
      process.exit(2);
    }
  }
  if (checkout === undefined || !existsSync(join(checkout, 'checker'))) {
    console.error('diff-reference: --oasdiff <dir> must name a checkout of github.com/oasdiff/oasdiff (with its checker/ and data/ folders)');
    process.exit(2);
  }
  return { checkout: resolve(checkout), verbose, ...(only ? { only } : {}) };
}

/** `RequestPropertyPatternAddedId` -> `request-property-pattern-added`, from the checker's constants. */
function readIds(checker: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const name of readdirSync(checker).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))) {
    for (const match of readFileSync(join(checker, name), 'utf8').matchAll(/\b(\w+Id)\s*=\s*"([a-z0-9-]+)"/g)) ids.set(match[1]!, match[2]!);
  }
  return ids;
}

/**
 * Each check id's level in the reference's rule registry (`newBackwardCompatibilityRule(XId, ERR,
 * XCheck, …)`), and the check function that reports it.
 */
function readRules(checker: string, ids: Map<string, string>): { levels: Map<string, Level>; checkOf: Map<string, string> } {
  const levels = new Map<string, Level>();
  const checkOf = new Map<string, string>();
  const rules = readFileSync(join(checker, 'rules.go'), 'utf8');
  for (const match of rules.matchAll(/newBackwardCompatibilityRule\(\s*(\w+Id)\s*,\s*(ERR|WARN|INFO)\s*,\s*(\w+)/g)) {
    const id = ids.get(match[1]!);
    if (id === undefined) continue;
    levels.set(id, GO_LEVELS[match[2]!]!);
    checkOf.set(id, match[3]!);
  }
  return { levels, checkOf };
}

/**
 * The checks that can report each id: the one the registry names, and every check function
 * whose body, or a function it calls (transitively), uses the id's constant: a check may
 * report ids registered under another.
 */
function readChecks(checker: string, ids: Map<string, string>, checkOf: Map<string, string>): Map<string, Set<string>> {
  const bodies = new Map<string, string>();
  for (const name of readdirSync(checker).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go') && f !== 'rules.go')) {
    const source = readFileSync(join(checker, name), 'utf8');
    const starts = [...source.matchAll(/^func (?:\([^)]*\) )?(\w+)\(/gm)];
    starts.forEach((match, i) => bodies.set(match[1]!, source.slice(match.index, starts[i + 1]?.index ?? source.length)));
  }
  const reached = new Map<string, Set<string>>();
  const idsOf = (fn: string, seen: Set<string>): Set<string> => {
    if (reached.has(fn)) return reached.get(fn)!;
    const out = new Set<string>();
    if (seen.has(fn)) return out;
    seen.add(fn);
    const body = bodies.get(fn) ?? '';
    for (const match of body.matchAll(/\b(\w+Id)\b/g)) {
      const id = ids.get(match[1]!);
      if (id !== undefined) out.add(id);
    }
    for (const match of body.matchAll(/\b(\w+)\(/g)) if (match[1] !== fn && bodies.has(match[1]!)) for (const id of idsOf(match[1]!, seen)) out.add(id);
    reached.set(fn, out);
    return out;
  };
  const checks = new Map<string, Set<string>>();
  const add = (id: string, check: string): void => {
    if (!checks.has(id)) checks.set(id, new Set());
    checks.get(id)!.add(check);
  };
  for (const [id, check] of checkOf) add(id, check);
  for (const fn of bodies.keys()) if (fn.endsWith('Check')) for (const id of idsOf(fn, new Set())) add(id, fn);
  return checks;
}

/** The body of each `func TestX(t *testing.T) { … }` (up to the closing brace at the start of a line). */
function testFunctions(source: string): { name: string; body: string }[] {
  const functions: { name: string; body: string }[] = [];
  for (const match of source.matchAll(/^func (Test\w+)\(t \*testing\.T\) \{\n([\s\S]*?)^\}\n/gm)) functions.push({ name: match[1]!, body: match[2]! });
  return functions;
}

/** `fooFile = dataFileFn("foo")` declarations: a helper naming a file under data/foo/. */
function dataFolders(checker: string): Map<string, string> {
  const folders = new Map<string, string>();
  for (const name of readdirSync(checker).filter((f) => f.endsWith('_test.go'))) {
    for (const match of readFileSync(join(checker, name), 'utf8').matchAll(/(\w+)\s*=\s*dataFileFn\("([^"]+)"\)/g)) folders.set(match[1]!, match[2]!);
  }
  return folders;
}

/** The file a loading expression names, relative to checker/, or undefined when it is computed. */
function loadedFile(expression: string, folders: Map<string, string>): string | undefined {
  let match = /^open\("([^"]+)"\)$/.exec(expression);
  if (match) return match[1];
  match = /^open\((\w+)\("([^"]+)"\)\)$/.exec(expression);
  if (match && folders.has(match[1]!)) return `../data/${folders.get(match[1]!)}/${match[2]}`;
  match = /^l\(t, (\d+)\)$/.exec(expression);
  if (match) return `../data/openapi-test${match[1]}.yaml`;
  match = /^loadFrom\(t, "([^"]+)", (\d+)\)$/.exec(expression);
  if (match) return `${match[1]}spec${match[2]}.yaml`;
  return undefined;
}

/**
 * The pair a test compares and what it asserts, or why it is left out: documents changed by Go
 * code, another diff configuration, several comparisons, or nothing asserted about the result.
 */
function readPair(test: { name: string; body: string }, context: { file: string; folders: Map<string, string>; ids: Map<string, string>; levels: Map<string, Level> }): ReferencePair | string {
  const { body } = test;
  const loads = new Map<string, string>();
  for (const match of body.matchAll(/^\s*(\w+)(?:, err)?\s*:?=\s*((?:open|l|loadFrom)\(.*\))\s*$/gm)) {
    const file = loadedFile(match[2]!, context.folders);
    if (file === undefined) return 'a document named by a computed path';
    loads.set(match[1]!, file);
  }
  let base: string | undefined;
  let head: string | undefined;
  let diffLine: string | undefined;
  const shortcut = [...body.matchAll(/\bd\(t, diff\.NewConfig\(\), (\d+), (\d+)\)/g)];
  const compared = [...body.matchAll(/diff\.GetWithOperationsSourcesMap\((.*?), (\w+), (\w+)\)/g)];
  if (shortcut.length + compared.length !== 1) return 'not exactly one comparison';
  if (shortcut.length === 1) {
    base = `../data/openapi-test${shortcut[0]![1]}.yaml`;
    head = `../data/openapi-test${shortcut[0]![2]}.yaml`;
    if (loads.size > 0) return 'documents loaded besides the comparison';
  } else {
    const [line, config, a, b] = compared[0]!;
    if (config !== 'diff.NewConfig()') return `a diff configuration (${config})`;
    base = loads.get(a!);
    head = loads.get(b!);
    diffLine = line;
    if (base === undefined || head === undefined) return 'documents not loaded from files';
    // Any other use of a loaded document is Go code changing it (or reading it) before the comparison.
    for (const name of loads.keys()) {
      const uses = [...body.matchAll(new RegExp(`\\b${name}\\b`, 'g'))].length;
      const loading = [...body.matchAll(new RegExp(`^\\s*${name}(?:, err)?\\s*:?=`, 'gm'))].length;
      const inDiff = [...(diffLine ?? '').matchAll(new RegExp(`\\b${name}\\b`, 'g'))].length;
      if (uses !== loading + inDiff) return 'documents changed by code before the comparison';
    }
  }
  let checks: 'all' | string;
  const single = /singleCheckConfig\(checker\.(\w+)\)/.exec(body);
  if (shortcut.length === 1 || /allChecksConfig\(\)/.test(body)) checks = 'all';
  else if (single) checks = single[1]!;
  else return 'another checker configuration';
  // The checks run as a whole (up to warnings) or up to a level the test names; below it, compatible either way.
  const run = shortcut.length === 1 || /CheckBackwardCompatibility\(/.test(body) || /CheckBackwardCompatibilityUntilLevel\(.*, checker\.(ERR|WARN|INFO)\)\s*$/m.test(body);
  if (!run) return 'another way of running the checks';

  // After the comparison: the ids asserted (with a level where the test states one).
  const assertions = body.slice(body.search(/CheckBackwardCompatibility/));
  const expected: Expected[] = [];
  const negative = /requireNoChange|require\.False|NotContains|NotEqual/;
  const lines = assertions.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (negative.test(line)) continue;
    for (const match of line.matchAll(/checker\.(\w+Id)\b/g)) {
      const id = context.ids.get(match[1]!);
      if (id === undefined || /Comment/.test(match[1]!)) continue;
      // A level stated in the same literal: the next lines up to its closing brace.
      let level = context.levels.get(id);
      for (let next = index; next < Math.min(lines.length, index + 12); next++) {
        const stated = /Level:\s*checker\.(ERR|WARN|INFO)/.exec(lines[next]!);
        if (stated) {
          level = GO_LEVELS[stated[1]!];
          break;
        }
        if (/^\s*\}/.test(lines[next]!) && next > index) break;
      }
      if (level === undefined) continue;
      if (!expected.some((e) => e.id === id && e.level === level)) expected.push({ id, level });
    }
  }
  const empty = /require\.(Empty\(t, errs\)|Len\(t, errs, 0\))/.test(assertions);
  if (expected.length === 0 && !empty) return 'nothing asserted about the changes';
  if (expected.length > 0 && empty) return 'both changes and none asserted';
  // "This check reports nothing" says nothing of the pair as a whole.
  if (empty && checks !== 'all') return 'one check asserted silent';
  const exact = empty || /requireSingleChange|requireSingleApiChange|requireApiChanges|require\.Len\(t, errs, /.test(assertions);
  return { test: test.name, file: context.file, base, head, checks, expected, exact };
}

const rank: Record<Verdict, number> = { breaking: 2, warning: 1, compatible: 0 };
const verdictOf = (levels: Level[]): Verdict => (levels.includes('breaking') ? 'breaking' : levels.includes('warning') ? 'warning' : 'compatible');

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const checker = join(args.checkout, 'checker');
  const ids = readIds(checker);
  const { levels, checkOf } = readRules(checker, ids);
  const checksOf = readChecks(checker, ids, checkOf);
  const folders = dataFolders(checker);
  const pairs: ReferencePair[] = [];
  const skipped = new Map<string, number>();
  for (const file of readdirSync(checker).filter((f) => f.endsWith('_test.go')).sort()) {
    for (const test of testFunctions(readFileSync(join(checker, file), 'utf8'))) {
      if (args.only && !args.only.test(test.name)) continue;
      const pair = readPair(test, { file, folders, ids, levels });
      if (typeof pair === 'string') skipped.set(pair, (skipped.get(pair) ?? 0) + 1);
      else pairs.push(pair);
    }
  }
  const data = join(args.checkout, 'data');
  let agreed = 0;
  let agreedBinary = 0;
  let named = 0;
  let nameable = 0;
  let failedToLoad = 0;
  const disagreements: string[] = [];
  const unnamed = new Map<string, number>();
  for (const pair of pairs) {
    let ours: Change[];
    try {
      const report = await diffSpecPairs([{ api: 'api', base: join(checker, pair.base), head: join(checker, pair.head) }], { base: 'base', head: 'head' }, { surface: false, allowRefRoots: [data] });
      ours = report.changes;
    } catch (error) {
      failedToLoad++;
      disagreements.push(`${pair.test} (${pair.file}): not compared: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    // A test that runs one check sees only that check's changes: ours are judged the same way,
    // leaving out what we name as another check's (a change we name as none stays in).
    if (pair.checks !== 'all') ours = ours.filter((c) => c.oasdiffId === undefined || !checksOf.has(c.oasdiffId) || checksOf.get(c.oasdiffId)!.has(pair.checks));
    const reference = verdictOf(pair.expected.map((e) => e.level));
    const verdict = verdictOf(ours.map((c) => c.level));
    // Where the test asserts only that some changes are among those reported, the reference's
    // verdict is at least theirs: ours agrees when it is that, or higher by changes whose oasdiff
    // id the reference rates at our level (it would report them so too).
    const above = (level: Level): boolean => rank[verdictOf([level])] > rank[reference];
    const agrees = (strict: (a: Verdict, b: Verdict) => boolean): boolean =>
      strict(reference, verdict) || (!pair.exact && rank[verdict] > rank[reference] && ours.filter((c) => above(c.level)).every((c) => c.oasdiffId !== undefined && levels.get(c.oasdiffId) === c.level));
    if (agrees((a, b) => a === b)) agreed++;
    if (agrees((a, b) => (a === 'breaking') === (b === 'breaking'))) agreedBinary++;
    const missing: string[] = [];
    for (const e of pair.expected.filter((x) => x.level !== 'info')) {
      nameable++;
      if (ours.some((c) => c.oasdiffId === e.id)) named++;
      else {
        missing.push(e.id);
        unnamed.set(e.id, (unnamed.get(e.id) ?? 0) + 1);
      }
    }
    if (!agrees((a, b) => a === b) || (args.verbose && missing.length > 0)) {
      const oursText = ours.map((c) => `${c.id}${c.oasdiffId ? `=${c.oasdiffId}` : ''}:${c.level}`).join(', ') || 'nothing';
      disagreements.push(
        `${pair.test} (${pair.file}; ${pair.base.replace('../data/', '')} -> ${pair.head.replace('../data/', '')}; checks ${pair.checks}${pair.exact ? '' : ', at least'})\n    reference ${reference}: ${pair.expected.map((e) => `${e.id}:${e.level}`).join(', ') || 'nothing'}\n    ours ${verdict}: ${oursText}${missing.length > 0 ? `\n    ids not named: ${missing.join(', ')}` : ''}`,
      );
    }
  }
  const percent = (n: number, of: number): string => `${((n / Math.max(of, 1)) * 100).toFixed(1)}%`;
  console.log(`oasdiff's checker tests: ${pairs.length} pairs compared (${[...skipped.values()].reduce((a, b) => a + b, 0)} tests left out: ${[...skipped].map(([why, n]) => `${n} ${why}`).join('; ')})`);
  console.log(`verdict (breaking / warning / compatible): ${agreed} of ${pairs.length} agree (${percent(agreed, pairs.length)})`);
  console.log(`breaking or not: ${agreedBinary} of ${pairs.length} agree (${percent(agreedBinary, pairs.length)})`);
  console.log(`error- and warning-level ids named: ${named} of ${nameable} (${percent(named, nameable)})`);
  if (failedToLoad > 0) console.log(`pairs we could not compare: ${failedToLoad}`);
  if (unnamed.size > 0) console.log(`ids not named: ${[...unnamed].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} (${n})`).join(', ')}`);
  if (disagreements.length > 0) console.log(`\n${disagreements.join('\n')}`);
}

await main();
