/**
 * `npm run diff` as a pull request uses it: a temporary git repository holds a copy of
 * specs/v2.openapi.yaml, the working tree edits it, and the diff against HEAD gives the
 * verdicts, the Markdown and the generated packages' bumps. Also the exit codes.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiffCli } from '../../generator/diff/cli.js';
import type { DiffReport } from '../../generator/diff/index.js';
import { repoRoot } from '../helpers/spec-files.js';
import { openapi, operation } from './helpers.js';
import { stringify } from 'yaml';

const repo = mkdtempSync(join(tmpdir(), 'svc-diff-repo-'));
const spec = join(repo, 'specs', 'v2.openapi.yaml');
const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

async function diff(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runDiffCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: repo });
  return { code, out, err };
}

/** The three edits of a pull request, made on the text as a person would. */
function editSpec(text: string): string {
  const edits: [string, string][] = [
    // Remove an enum value from a response (the 401 error ids).
    ['- enum: [authentication_error, invalid_token, revoked_token, expired_token]', '- enum: [authentication_error, invalid_token, expired_token]'],
    // Add a required field to a request body.
    [
      '          description: Label of the new address.\n      required: []',
      '          description: Label of the new address.\n        network:\n          type: string\n          description: Network of the address.\n      required: [network]',
    ],
  ];
  let out = text;
  for (const [from, to] of edits) {
    expect(out.includes(from), from).toBe(true);
    out = out.replace(from, to);
  }
  // Add an optional query parameter to listAccounts, first in its list.
  const list = /(      operationId: listAccounts\n[\s\S]*?      parameters:\n)/.exec(out)!;
  return out.replace(list[1]!, `${list[1]!}        - { name: currency, in: query, required: false, schema: { type: string } }\n`);
}

beforeAll(() => {
  mkdirSync(join(repo, 'specs'));
  copyFileSync(join(repoRoot, 'specs', 'v2.openapi.yaml'), spec);
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.email=diff@example.com', '-c', 'user.name=diff', 'commit', '-qm', 'base');
  writeFileSync(spec, editSpec(readFileSync(spec, 'utf8')));
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('npm run diff on an edited copy of specs/v2.openapi.yaml', () => {
  let report: DiffReport;
  beforeAll(async () => {
    const { code, out, err } = await diff('--base', 'HEAD', '--format', 'json');
    expect(err).toBe('');
    expect(code).toBe(1);
    report = JSON.parse(out) as DiffReport;
  });

  it('judges each edit: the required body field breaks, the optional parameter and the narrower response enum do not', () => {
    expect(report.breaking).toBe(true);
    const byRule = (id: string) => report.changes.filter((c) => c.id === id);
    // CreateAddressRequest is the body in two media types: reported once, where it is first reached.
    expect(byRule('request-required-property-added').map((c) => [c.level, c.location, c.alsoIn])).toEqual([
      ['breaking', 'POST /v2/accounts/{account_id}/addresses › request body (application/json).network', undefined],
    ]);
    expect(byRule('request-parameter-added').map((c) => [c.level, c.location, c.operation])).toEqual([['info', 'GET /v2/accounts › query currency', 'listAccounts']]);
    // Error401 is shared by every authenticated operation: one change, which names the others.
    const [enumChange, ...more] = byRule('response-enum-value-removed');
    expect(more).toEqual([]);
    expect(enumChange).toMatchObject({ level: 'info', message: 'enum value `revoked_token` was removed from `response 401 › body.errors[].id`' });
    expect(enumChange!.basePointer).toMatch(/^\/components\//);
    expect(enumChange!.alsoIn!.length).toBeGreaterThan(20);
    expect(enumChange!.alsoIn).toContain('GET /v2/accounts');
    // Nothing else changed.
    expect(new Set(report.changes.map((c) => c.id))).toEqual(new Set(['request-required-property-added', 'request-parameter-added', 'response-enum-value-removed']));
    for (const change of report.changes) expect(Object.keys(change)).toEqual(expect.arrayContaining(['id', 'level', 'api', 'location', 'message']));
  });

  it('reports the generated package: a major bump, the exports whose declarations changed', () => {
    expect(report.packages).toHaveLength(1);
    const [pkg] = report.packages;
    expect(pkg).toMatchObject({ name: '@svc/v2', api: 'v2', bump: 'major', version: { base: '2017.8.7', next: '2018.0.0' } });
    expect(pkg!.exports.removed).toEqual([]);
    expect(pkg!.exports.added).toEqual([]);
    expect(pkg!.exports.changed).toEqual(expect.arrayContaining(['@svc/v2 CreateAddressRequest', '@svc/v2 CreateAddressRequestSchema', '@svc/v2 ListAccountsParams', '@svc/v2 Error401']));
  });

  it('writes Markdown for the pull request: summary first, breaking changes on top, compatible ones folded', async () => {
    const { code, out } = await diff('--base', 'HEAD', '--format', 'markdown');
    expect(code).toBe(1);
    const at = (text: string): number => {
      expect(out).toContain(text);
      return out.indexOf(text);
    };
    expect(at('**1 breaking change**')).toBeLessThan(at('| v2 | 1 | 0 | 2 |'));
    expect(at('| v2 | 1 | 0 | 2 |')).toBeLessThan(at('### Breaking changes (1)'));
    expect(at('### Breaking changes (1)')).toBeLessThan(at('<details><summary>Compatible changes (2)'));
    expect(out).toMatch(/enum value `revoked_token` was removed from `response 401 › body.errors\[\].id` \(also in \d+ others: GET \/v2\/accounts, /);
    expect(out).toContain('`@svc/v2` | major (2017.8.7 -> 2018.0.0)');
    expect(out).toContain('| v2 | GET /v2/accounts › query currency | optional query parameter `currency` was added | `request-parameter-added` |');
  });

  it('exits 0 with --allow-breaking, and compares one file with the same file at a revision', async () => {
    expect((await diff('--base', 'HEAD', '--allow-breaking', '--no-surface')).code).toBe(0);
    const single = await diff('--base', 'HEAD', '--head', 'specs/v2.openapi.yaml', '--format', 'json', '--no-surface');
    expect(single.code).toBe(1);
    expect((JSON.parse(single.out) as DiffReport).changes.length).toBe(report.changes.length);
  });
});

describe('exit codes and errors', () => {
  it('0 and "No API changes." when nothing changed', async () => {
    const { code, out } = await diff('--base', 'HEAD', '--head', 'HEAD');
    expect(code).toBe(0);
    expect(out).toContain('No API changes.');
  });

  it('2 for something that is neither a file, a folder nor a revision, for a bad option, and for an invalid spec (located)', async () => {
    const missing = await diff('--base', 'no-such-branch');
    expect([missing.code, missing.err]).toEqual([2, 'api diff: no-such-branch: not a file, a folder or a git revision\n']);
    expect((await diff('--format', 'yaml')).code).toBe(2);
    // What cannot be read at all stays an error: YAML that does not parse, a $ref to nothing.
    const unparsable = join(repo, 'unparsable.yaml');
    writeFileSync(unparsable, 'openapi: 3.1.0\ninfo: [unclosed\n');
    const unreadable = await diff('--base', spec, '--head', unparsable);
    expect(unreadable.code).toBe(2);
    expect(unreadable.err).toMatch(/unparsable\.yaml:\d+:\d+/);
    const dangling = join(repo, 'dangling.yaml');
    writeFileSync(dangling, stringify(openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } } } } }))));
    const broken = await diff('--base', spec, '--head', dangling);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/dangling\.yaml:\d+:\d+ \(at #\/paths\/~1items\/get\/responses\/200\/content\/application~1json\/schema\): broken \$ref/);
  });

  it('compares documents mid-edit, listing what the official schema finds wrong in every format, without changing the exit code', async () => {
    const docs = join(repo, 'mid-edit');
    mkdirSync(docs, { recursive: true });
    const base = join(docs, 'base.yaml');
    writeFileSync(base, stringify({ ...openapi(operation(), { version: '3.0.3' }) }));
    // No info.version, an operation without responses (required in 3.0), a response without a description,
    // a status keyed right under the operation, and a new optional query parameter.
    const edited = {
      openapi: '3.0.3',
      info: { title: 'Test API' },
      paths: {
        '/items': { get: { operationId: 'getItems', parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: { '200': {} } } },
        '/other': { post: { operationId: 'postOther', '201': { description: 'Created' } } },
      },
    };
    const head = join(docs, 'head.yaml');
    writeFileSync(head, stringify(edited));
    const json = await diff('--base', base, '--head', head, '--format', 'json');
    expect(json.code, json.err).toBe(0);
    const report = JSON.parse(json.out) as DiffReport;
    expect(report.changes.map((c) => c.id).sort()).toEqual(['info-version-changed', 'operation-added', 'request-parameter-added']);
    const problems = report.problems.map((p) => `${p.side} ${p.message.replace(/^.*head\.yaml:/, '')}`);
    expect(problems).toEqual([
      expect.stringMatching(/^head \d+:\d+ \(at #\/info\): must have required property 'version'$/),
      expect.stringMatching(/^head \d+:\d+ \(at #\/paths\/~1items\/get\/responses\/200\): must have required property 'description'$/),
      expect.stringMatching(/^head \d+:\d+ \(at #\/paths\/~1other\/post\): must have required property 'responses'$/),
      expect.stringMatching(/^head \d+:\d+ \(at #\/paths\/~1other\/post\/201\): property `201` is not allowed here$/),
    ]);
    expect(report.packages[0]!.reason).toContain('exports not compared: a document has problems');
    const text = await diff('--base', base, '--head', head);
    expect(text.out).toContain('Document problems (compared all the same; fix them before generating):');
    const markdown = await diff('--base', base, '--head', head, '--format', 'markdown');
    expect(markdown.out).toContain('### Document problems (4)');
    // A breaking change in a document with problems still fails.
    writeFileSync(head, stringify({ ...edited, paths: { '/other': edited.paths['/other'] } }));
    expect((await diff('--base', base, '--head', head)).code).toBe(1);
  });

  it('--rules lists every rule with its level', async () => {
    const { code, out } = await diff('--rules');
    expect(code).toBe(0);
    expect(out).toMatch(/^request-required-property-added\s+breaking\s+a required property was added/m);
  });
});

describe('the packages a change touches', () => {
  it('an added schema is a minor bump with its exports added; a removed one a major bump; a description a patch', async () => {
    const docs = join(repo, 'docs');
    mkdirSync(docs, { recursive: true });
    const write = (name: string, schemas: Record<string, unknown>): string => {
      const file = join(docs, `${name}.yaml`);
      writeFileSync(file, stringify(openapi(operation({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } } }), { components: { schemas } })));
      return file;
    };
    const item = { type: 'object', properties: { id: { type: 'string' } } };
    const base = write('base', { Item: item });
    const added = write('added', { Item: item, Extra: { type: 'string' } });
    const described = write('described', { Item: { ...item, description: 'An item.' } });
    const packageOf = async (a: string, b: string) => (JSON.parse((await diff('--base', a, '--head', b, '--format', 'json')).out) as DiffReport).packages[0]!;
    const minor = await packageOf(base, added);
    expect(minor.bump).toBe('minor');
    expect(minor.exports.added).toEqual(expect.arrayContaining(['@svc/added Extra', '@svc/added ExtraSchema']));
    const major = await packageOf(added, base);
    expect(major.bump).toBe('major');
    expect(major.exports.removed).toEqual(expect.arrayContaining(['@svc/base Extra', '@svc/base ExtraSchema']));
    const patch = await packageOf(base, described);
    expect([patch.bump, patch.exports]).toEqual(['patch', { added: [], removed: [], changed: [] }]);
  });
});

describe('--fail-on', () => {
  it('possibly-breaking fails on a possibly breaking change too, which then needs a major version; breaking (the default) does not', async () => {
    const docs = join(repo, 'fail-on');
    mkdirSync(docs, { recursive: true });
    const write = (name: string, query: Record<string, unknown>): string => {
      const file = join(docs, `${name}.yaml`);
      writeFileSync(file, stringify(openapi(operation({ parameters: [{ name: 'q', in: 'query', schema: query }] }))));
      return file;
    };
    // A maxLength set where there was none: a valid request may now fail, or may not (warning).
    const [base, head] = [write('base', { type: 'string' }), write('head', { type: 'string', maxLength: 8 })];
    const byDefault = await diff('--base', base, '--head', head, '--format', 'json');
    const report = JSON.parse(byDefault.out) as DiffReport;
    expect(report.changes.map((c) => [c.id, c.level])).toEqual([['request-bound-set', 'warning']]);
    expect([byDefault.code, report.failed, report.packages[0]!.bump]).toEqual([0, false, 'minor']);
    const strict = await diff('--base', base, '--head', head, '--format', 'json', '--fail-on', 'possibly-breaking');
    const strictReport = JSON.parse(strict.out) as DiffReport;
    expect([strict.code, strictReport.failOn, strictReport.failed, strictReport.packages[0]!.bump]).toEqual([1, 'possibly-breaking', true, 'major']);
    expect((await diff('--base', base, '--head', head, '--fail-on', 'everything')).code).toBe(2);
  });
});

describe('--ignore', () => {
  it('accepts a known change by our rule id or by oasdiff\'s, at an operation or anywhere: reported as accepted, failing nothing', async () => {
    // Written in the repository, named as a workflow names it: relative to where the diff runs.
    const write = (name: string, text: string): string => {
      writeFileSync(join(repo, name), text);
      return name;
    };
    const json = async (...args: string[]): Promise<{ code: number; report: DiffReport }> => {
      const { code, out } = await diff('--base', 'HEAD', '--format', 'json', '--no-surface', ...args);
      return { code, report: JSON.parse(out) as DiffReport };
    };
    const before = await json();
    const breaking = before.report.changes.filter((c) => c.level === 'breaking');
    expect(breaking.map((c) => [c.id, c.oasdiffId])).toEqual([['request-required-property-added', 'new-required-request-property']]);
    const [operation] = breaking[0]!.location.split(' › ');

    for (const line of ['request-required-property-added', `${operation} request-required-property-added`, `new-required-request-property ${operation}  # known, see the changelog`]) {
      const accepted = await json('--ignore', write('.api-diff-ignore', `# accepted changes\n\n${line}\n`));
      expect(accepted.code, line).toBe(0);
      expect(accepted.report.failed).toBe(false);
      expect(accepted.report.changes.filter((c) => c.accepted !== undefined).map((c) => [c.id, c.accepted])).toEqual([['request-required-property-added', '.api-diff-ignore:3']]);
    }
    // At another operation, the change is not accepted.
    expect((await json('--ignore', write('other-ignore', 'request-required-property-added DELETE /nowhere\n'))).code).toBe(1);
    const markdown = await diff('--base', 'HEAD', '--format', 'markdown', '--no-surface', '--ignore', write('md-ignore', 'request-required-property-added\n'));
    expect(markdown.code).toBe(0);
    expect(markdown.out).toContain('no breaking change that is not accepted');
    expect(markdown.out).toContain('(accepted: md-ignore:1)');
  });

  it('refuses an ignore file that names no known rule, located, and a missing one, with exit code 2', async () => {
    const bad = join(repo, 'bad-ignore');
    writeFileSync(bad, 'request-required-property-added\nno-such-rule GET /x\n');
    const refused = await diff('--base', 'HEAD', '--no-surface', '--ignore', bad);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('bad-ignore:2: expected a rule id');
    const missing = await diff('--base', 'HEAD', '--no-surface', '--ignore', 'nope.txt');
    expect([missing.code, missing.err]).toEqual([2, 'api diff: --ignore nope.txt: no such file\n']);
  });
});

describe('--overlay, --base-overlay, --head-overlay', () => {
  it('applies overlays before comparing: an operation an overlay removes is a breaking change on that side only', async () => {
    const docs = join(repo, 'overlays');
    mkdirSync(docs, { recursive: true });
    const spec = join(docs, 'api.yaml');
    writeFileSync(spec, stringify(openapi({ ...operation(), ...operation({}, 'post', '/orders') })));
    const write = (name: string, actions: string): string => {
      writeFileSync(join(docs, name), `overlay: 1.0.0\ninfo: { title: ${name}, version: '1' }\nactions:\n${actions}`);
      return join('overlays', name);
    };
    const remove = write('remove.yaml', "  - target: $.paths['/orders'].post\n    remove: true\n");
    const json = async (...args: string[]): Promise<{ code: number; report: DiffReport; err: string }> => {
      const { code, out, err } = await diff('--base', spec, '--head', spec, '--format', 'json', ...args);
      return { code, report: JSON.parse(out) as DiffReport, err };
    };

    const head = await json('--head-overlay', remove);
    expect([head.code, head.report.changes.map((c) => [c.id, c.level, c.operation])]).toEqual([1, [['operation-removed', 'breaking', 'postItems']]]);
    expect(head.report.packages[0]!.bump).toBe('major');
    const baseOnly = await json('--base-overlay', remove, '--no-surface');
    expect([baseOnly.code, baseOnly.report.changes.map((c) => c.id)]).toEqual([0, ['operation-added']]);
    // On both sides, the same overlaid document: nothing to report.
    const both = await json('--overlay', remove, '--no-surface');
    expect([both.code, both.report.changes]).toEqual([0, []]);

    // A target that selects nothing is said on standard error, with the overlay file and the action; the report stays JSON.
    const stale = write('stale.yaml', "  - target: $.paths['/gone']\n    remove: true\n");
    const warned = await json('--head-overlay', remove, '--head-overlay', stale, '--no-surface');
    expect(warned.code).toBe(1);
    expect(warned.err).toMatch(/^api diff: warning: head api: \S*overlays\/stale\.yaml:4:5 \(at #\/actions\/0\): the target `\$\.paths\['\/gone'\]` selects nothing in the document; the action changes nothing\n$/);

    const malformed = write('malformed.yaml', '  - update: { x: 1 }\n');
    const refused = await diff('--base', spec, '--head', spec, '--overlay', malformed);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^api diff: .*overlays\/malformed\.yaml:4:5 \(at #\/actions\/0\): the action has no `target`/);
  });
});
