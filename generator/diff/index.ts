/**
 * The API diff: pairs the specs of two sides by package name, compares each pair's models
 * (api.ts) and generated public surfaces (surface.ts), and decides each package's semver bump.
 */
import { hashInputs } from '../cache/inputs.js';
import { generateSources, loadModel, PACKAGE_SCOPE, PACKAGE_VERSION, packageNameOf } from '../pipeline.js';
import type { SpecError } from '../load/errors.js';
import type { ApiModel } from '../model/types.js';
import { diagnosticText } from '../cli/print.js';
import { diffApis } from './api.js';
import { sortChanges, type Change } from './change.js';
import { acceptingEntry, type IgnoreEntry } from './ignore.js';
import { diffPackageSurfaces, type SurfaceDiff } from './surface.js';

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface PackageReport {
  /** npm name of the generated package (`@svc/v2`). */
  name: string;
  /** The API (package folder) it is generated from. */
  api: string;
  bump: Bump;
  /** Why this bump, in one line. */
  reason: string;
  /** The package's version on the base side and the version the bump gives, where the package exists on the base side. */
  version?: { base: string; next: string };
  exports: SurfaceDiff;
}

export interface DiffReport {
  /** What was compared, as given (`origin/main`, `specs/`, a file). */
  base: string;
  head: string;
  breaking: boolean;
  /** The level from which a change fails the check (`--fail-on`). */
  failOn: FailOn;
  /** Whether a change at or above that level was found: the exit code is 1. */
  failed: boolean;
  changes: Change[];
  packages: PackageReport[];
  /**
   * What the official schema or the model finds wrong in either side's documents, located:
   * such a document is compared all the same (it may be mid-edit), and its problems change no exit code.
   */
  problems: DocumentProblem[];
}

export interface DocumentProblem {
  api: string;
  side: 'base' | 'head';
  /** `file:line:column (at #/pointer): what is wrong`. */
  message: string;
}

/** One API on both sides: a spec file on each (absent on the side where it does not exist). */
export interface SpecPair {
  api: string;
  base?: string | undefined;
  head?: string | undefined;
}

export interface DiffOptions {
  /** Compare the generated packages' public surfaces too (default true). */
  surface?: boolean;
  /** `--allow-ref-root`: folders besides each document's project root whose files `$ref`s may name. */
  allowRefRoots?: readonly string[];
  /** `--fail-on`: the level from which a change fails the check and needs a major version (default `breaking`). */
  failOn?: FailOn;
  /** `--ignore`: changes accepted; they stay in the report, marked, and fail nothing. */
  ignore?: readonly IgnoreEntry[];
  /** `--overlay`, `--base-overlay`, `--head-overlay`: Overlay files applied, in order, to every document of that side before it is compared (paths as SpecJob.overlays). */
  overlays?: { base?: readonly string[]; head?: readonly string[] };
  /** Told each warning of an overlay (an action whose target selects nothing), with its side; the report does not carry them. */
  onWarning?: (warning: DocumentProblem) => void;
}

/** `breaking` fails on breaking changes only; `possibly-breaking` on warnings too. */
export type FailOn = 'breaking' | 'possibly-breaking';

/** Whether a change needs a major version under `failOn`, accepted or not. */
export const needsMajor = (change: Change, failOn: FailOn = 'breaking'): boolean => change.level === 'breaking' || (failOn === 'possibly-breaking' && change.level === 'warning');
/** Whether a change fails the check under `failOn`: one that needs a major version and was not accepted. */
export const fails = (change: Change, failOn: FailOn = 'breaking'): boolean => needsMajor(change, failOn) && change.accepted === undefined;

interface Side {
  model: ApiModel;
  /** What lenient loading found wrong in the document. */
  problems: SpecError[];
  /** Unformatted generated sources, when the surface is compared. */
  files?: Map<string, string>;
}

export async function diffSpecPairs(pairs: SpecPair[], labels: { base: string; head: string }, options: DiffOptions = {}): Promise<DiffReport> {
  const changes: Change[] = [];
  const packages: PackageReport[] = [];
  const problems: DocumentProblem[] = [];
  const overlays = [...new Set([...(options.overlays?.base ?? []), ...(options.overlays?.head ?? [])])];
  if (overlays.length > 0) {
    // Refused even where both sides turn out the same and no document is read.
    const { checkOverlays, readOverlays } = await import('../load/overlay.js');
    checkOverlays(await readOverlays(overlays));
  }
  for (const pair of [...pairs].sort((a, b) => (a.api < b.api ? -1 : a.api > b.api ? 1 : 0))) {
    if (pair.base !== undefined && pair.head !== undefined && (await sameInputs({ base: pair.base, head: pair.head }, options))) {
      // Byte-identical documents (and referenced files): nothing to load or generate.
      if (options.surface !== false) packages.push(unchangedPackage(pair.api));
      continue;
    }
    const [base, head] = await Promise.all([loadSide({ file: pair.base, api: pair.api, side: 'base', options }), loadSide({ file: pair.head, api: pair.api, side: 'head', options })]);
    for (const [side, loaded] of [['base', base], ['head', head]] as const) {
      for (const problem of loaded?.problems ?? []) problems.push({ api: pair.api, side, message: problem.message });
      for (const warning of loaded?.model.diagnostics.filter((d) => d.file !== undefined) ?? []) options.onWarning?.({ api: pair.api, side, message: diagnosticText(warning) });
    }
    let apiChanges: Change[];
    if (base && head) apiChanges = diffApis(base.model, head.model, pair.api);
    else if (base) apiChanges = [{ id: 'api-removed', level: 'breaking', api: pair.api, location: 'document', basePointer: '', message: `the API \`${pair.api}\` (${pair.base}) was removed` }];
    else if (head) apiChanges = [{ id: 'api-added', level: 'info', api: pair.api, location: 'document', headPointer: '', message: `the API \`${pair.api}\` (${pair.head}) was added` }];
    else continue;
    changes.push(...apiChanges);
    if (options.surface !== false) packages.push(packageReport(pair.api, base, head, apiChanges, options.failOn));
  }
  const sorted = sortChanges(changes);
  const failOn = options.failOn ?? 'breaking';
  for (const change of sorted) {
    const entry = acceptingEntry(change, options.ignore ?? []);
    if (entry) change.accepted = entry.source;
  }
  return { base: labels.base, head: labels.head, breaking: sorted.some((c) => c.level === 'breaking'), failOn, failed: sorted.some((c) => fails(c, failOn)), changes: sorted, packages, problems };
}

/** Whether two specs read the same bytes: the files themselves and, in the same order, what their `$ref`s reach and their overlays. */
async function sameInputs(pair: { base: string; head: string }, options: DiffOptions): Promise<boolean> {
  const [x, y] = await Promise.all([hashInputs(pair.base, options.allowRefRoots, options.overlays?.base), hashInputs(pair.head, options.allowRefRoots, options.overlays?.head)]);
  const hashes = (m: Map<string, string>): string[] => [...m.values()];
  // An unreadable file is never "unchanged": loading it reports the error.
  return !hashes(x).includes('') && JSON.stringify(hashes(x)) === JSON.stringify(hashes(y));
}

function unchangedPackage(api: string): PackageReport {
  return { name: `${PACKAGE_SCOPE}/${api}`, api, bump: 'none', reason: 'no change', version: { base: PACKAGE_VERSION, next: PACKAGE_VERSION }, exports: { added: [], removed: [], changed: [] } };
}

async function loadSide({ file, api, side, options }: { file: string | undefined; api: string; side: 'base' | 'head'; options: DiffOptions }): Promise<Side | undefined> {
  if (file === undefined) return undefined;
  const problems: SpecError[] = [];
  const job = { file, name: api, allowRefRoots: options.allowRefRoots, overlays: options.overlays?.[side] };
  const model = await loadModel({ ...job, problems });
  // A document with problems is compared as far as it reads; the generator refuses it, so it has no package to compare.
  if (options.surface === false || problems.length > 0) return { model, problems };
  // The targets read the model and change nothing in it: the one the comparison uses serves them too.
  // The files name their spec (headers, README) as `<spec>`: the same API read from elsewhere is the same code.
  const files = await generateSources({ ...job, label: '<spec>' }, model);
  return { model, files, problems };
}

function packageReport(api: string, base: Side | undefined, head: Side | undefined, changes: Change[], failOn: FailOn = 'breaking'): PackageReport {
  const manifest = (side: Side | undefined): { name?: string; version?: string } => JSON.parse(side?.files?.get('package.json') ?? '{}') as { name?: string; version?: string };
  const name = manifest(head).name ?? manifest(base).name ?? api;
  // A side whose document has problems has no package: its exports cannot be compared.
  const comparable = (base?.problems.length ?? 0) === 0 && (head?.problems.length ?? 0) === 0;
  const exports = comparable ? diffPackageSurfaces(base?.files ?? new Map(), head?.files ?? new Map()) : { added: [], removed: [], changed: [] };
  const { bump, reason } = decideBump(base, head, changes, exports, failOn);
  const report: PackageReport = { name, api, bump, reason: comparable ? reason : `${reason}; exports not compared: a document has problems`, exports };
  const baseVersion = manifest(base).version;
  if (base && baseVersion !== undefined) report.version = { base: baseVersion, next: nextVersion(baseVersion, bump) };
  return report;
}

/**
 * A breaking change for callers (and, with `--fail-on possibly-breaking`, a possibly breaking
 * one), or an export that importers lose, needs a major version; any other change to the API
 * or to the exports a minor one; generated code that changed only in its comments a patch.
 */
function decideBump(base: Side | undefined, head: Side | undefined, changes: Change[], exports: SurfaceDiff, failOn: FailOn): { bump: Bump; reason: string } {
  const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (!base) return { bump: 'minor', reason: 'a new package' };
  if (!head) return { bump: 'major', reason: 'the package is removed' };
  const breaking = changes.filter((c) => needsMajor(c, failOn)).length;
  if (breaking > 0 || exports.removed.length > 0) {
    const word = failOn === 'breaking' ? 'breaking change' : 'breaking or possibly breaking change';
    return { bump: 'major', reason: [breaking > 0 ? count(breaking, word) : '', exports.removed.length > 0 ? `${count(exports.removed.length, 'export')} removed` : ''].filter(Boolean).join(', ') };
  }
  if (changes.length > 0 || exports.added.length > 0 || exports.changed.length > 0) {
    const parts = [changes.length > 0 ? count(changes.length, 'compatible change') : '', exports.added.length > 0 ? `${count(exports.added.length, 'export')} added` : '', exports.changed.length > 0 ? `${count(exports.changed.length, 'export')} changed` : ''];
    return { bump: 'minor', reason: parts.filter(Boolean).join(', ') };
  }
  // A side whose document has problems has no package, so no files to tell a patch by.
  if (!base.files || !head.files) return { bump: 'none', reason: 'no API change' };
  const sameFiles = [...base.files.keys(), ...head.files.keys()].every((path) => base.files!.get(path) === head.files!.get(path));
  return sameFiles ? { bump: 'none', reason: 'no change' } : { bump: 'patch', reason: 'generated code changed only in comments or documentation' };
}

export function nextVersion(version: string, bump: Bump): string {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match || bump === 'none') return version;
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** Pairs spec files of two sides by the package they make (`v2.openapi.yaml` -> `v2`). */
export function pairSpecs(base: string[], head: string[]): SpecPair[] {
  if (base.length === 1 && head.length === 1) return [{ api: packageNameOf(head[0]!), base: base[0], head: head[0] }];
  const apis = new Map<string, SpecPair>();
  for (const file of base) apis.set(packageNameOf(file), { api: packageNameOf(file), base: file });
  for (const file of head) apis.set(packageNameOf(file), { ...(apis.get(packageNameOf(file)) ?? { api: packageNameOf(file) }), head: file });
  return [...apis.values()];
}
