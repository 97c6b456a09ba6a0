/**
 * OpenAPI Overlay 1.0: applying actions (update merges, appends, removes, filters, order), the
 * warning of a target that selects nothing, malformed overlays refused naming the overlay file,
 * and overlays through the pipeline and the command line (a removed operation absent from the
 * package, the cache seeing an edited overlay).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load as loadYaml } from 'js-yaml';
import { applyOverlays, type OverlaySource } from '../../generator/load/overlay.js';
import { SpecError } from '../../generator/load/errors.js';
import { generatePackage, generateSources, loadModel } from '../../generator/pipeline.js';
import { runCli, tinySpec } from '../helpers/cli.js';
import { parseOptions } from '../../generator/cli/options.js';
import { runInputs } from '../../generator/cli/run.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const overlay = (actions: string, file = 'o.overlay.yaml'): OverlaySource => ({ file, text: `overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n${actions}` });

const base = (): Record<string, unknown> => ({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1.0.0', description: 'old' },
  tags: ['a'],
  paths: {
    '/pets': {
      get: { operationId: 'listPets', parameters: [{ name: 'limit', in: 'query' }, { name: 'dummy', in: 'query' }, { name: 'page', in: 'query' }, { name: 'dummy2', in: 'query' }], responses: {} },
      post: { operationId: 'createPet', responses: {} },
    },
    '/pets/{id}': { get: { operationId: 'getPet', 'x-internal': true, responses: {} }, delete: { operationId: 'deletePet', 'x-internal': true, responses: {} } },
  },
});

const CASES: [string, { given: OverlaySource[]; want: (doc: any) => unknown; equals: unknown }][] = [
  ['update merges into an object: a property replaced, the others kept', { given: [overlay("  - target: $.info\n    update: { description: new, x-audience: public }\n")], want: (d) => d.info, equals: { title: 'Pets', version: '1.0.0', description: 'new', 'x-audience': 'public' } }],
  ['update merges recursively from the root', { given: [overlay("  - target: $\n    update: { paths: { /pets: { get: { summary: List } } } }\n")], want: (d) => [d.paths['/pets'].get.summary, d.paths['/pets'].get.operationId, Object.keys(d.paths)], equals: ['List', 'listPets', ['/pets', '/pets/{id}']] }],
  ['an array property of the update is concatenated to the array it meets', { given: [overlay("  - target: $.paths['/pets'].get\n    update: { parameters: [{ name: q, in: query }] }\n")], want: (d) => d.paths['/pets'].get.parameters.map((p: any) => p.name), equals: ['limit', 'dummy', 'page', 'dummy2', 'q'] }],
  ['update of an array target appends the entry', { given: [overlay('  - target: $.tags\n    update: b\n')], want: (d) => d.tags, equals: ['a', 'b'] }],
  ['update of an array target with an array concatenates it', { given: [overlay('  - target: $.tags\n    update: [b, c]\n')], want: (d) => d.tags, equals: ['a', 'b', 'c'] }],
  ['remove deletes a property', { given: [overlay("  - target: $.paths['/pets'].post\n    remove: true\n")], want: (d) => Object.keys(d.paths['/pets']), equals: ['get'] }],
  ['a filter selects operations by operationId', { given: [overlay("  - target: $.paths.*[?(@.operationId=='getPet')]\n    remove: true\n")], want: (d) => Object.keys(d.paths['/pets/{id}']), equals: ['delete'] }],
  ['a filter on an extension removes every operation it matches', { given: [overlay("  - target: $.paths.*[?@['x-internal'] == true]\n    remove: true\n")], want: (d) => d.paths['/pets/{id}'], equals: {} }],
  ['removing several array entries keeps the right ones', { given: [overlay("  - target: $.paths.*.get.parameters[?search(@.name, 'dummy')]\n    remove: true\n")], want: (d) => d.paths['/pets'].get.parameters.map((p: any) => p.name), equals: ['limit', 'page'] }],
  ['a wildcard updates every node it selects', { given: [overlay('  - target: $.paths.*.get\n    update: { x-safe: true }\n')], want: (d) => [d.paths['/pets'].get['x-safe'], d.paths['/pets/{id}'].get['x-safe'], d.paths['/pets'].post['x-safe']], equals: [true, true, undefined] }],
  ['actions apply in order: removed, then made again', { given: [overlay("  - target: $.paths['/pets'].post\n    remove: true\n  - target: $.paths['/pets']\n    update: { post: { operationId: addPet, responses: {} } }\n")], want: (d) => d.paths['/pets'].post.operationId, equals: 'addPet' }],
  ['overlays apply in the order given: the later one wins', { given: [overlay('  - target: $.info\n    update: { description: first }\n'), overlay('  - target: $.info\n    update: { description: second }\n', 'second.yaml')], want: (d) => d.info.description, equals: 'second' }],
  ['a later overlay sees what an earlier one made', { given: [overlay("  - target: $.paths\n    update: { /owners: { get: { operationId: listOwners, responses: {} } } }\n"), overlay("  - target: $.paths['/owners'].get\n    update: { summary: Owners }\n", 'second.yaml')], want: (d) => d.paths['/owners'].get, equals: { operationId: 'listOwners', responses: {}, summary: 'Owners' } }],
  ['JSON overlays are read too', { given: [{ file: 'o.json', text: JSON.stringify({ overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: '$.info', update: { title: 'J' } }] }) }], want: (d) => d.info.title, equals: 'J' }],
  ['`__proto__` in an update is a property, never the prototype', { given: [{ file: 'o.json', text: '{"overlay":"1.0.0","info":{"title":"t","version":"1"},"actions":[{"target":"$.info","update":{"__proto__":{"polluted":true}}}]}' }], want: (d) => [({} as any).polluted, Object.hasOwn(d.info, '__proto__')], equals: [undefined, true] }],
];

describe('applyOverlays', () => {
  it.each(CASES)('%s', (_name, { given, want, equals }) => {
    const document = base();
    const before = structuredClone(document);
    const result = applyOverlays({ document, overlays: given });
    expect(want(result.document)).toEqual(equals);
    expect(result.warnings).toEqual([]);
    // The document given is left as it was.
    expect(document).toEqual(before);
  });

  it('an update of one place of a YAML alias leaves the other places alone', () => {
    const document = loadYaml('openapi: 3.1.0\nshared: &s { description: old }\nfirst: *s\nsecond: *s\n') as Record<string, unknown>;
    const { document: result } = applyOverlays({ document, overlays: [overlay('  - target: $.first\n    update: { description: new }\n')] });
    expect(result).toMatchObject({ first: { description: 'new' }, second: { description: 'old' }, shared: { description: 'old' } });
  });

  it('a target that selects nothing is a warning located at its action in the overlay file', () => {
    const text = "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info\n    update: { title: x }\n  - target: $.paths['/gone'].get\n    remove: true\n";
    const { document, warnings } = applyOverlays({ document: base(), overlays: [{ file: 'api/public.overlay.yaml', text }] });
    expect((document.info as { title: string }).title).toBe('x');
    expect(warnings).toEqual([{ file: 'api/public.overlay.yaml', pointer: '/actions/1', line: 6, column: 5, message: "the target `$.paths['/gone'].get` selects nothing in the document; the action changes nothing" }]);
  });

  const MALFORMED: [string, string, RegExp][] = [
    ['invalid YAML', 'overlay: 1.0.0\ninfo: { title: t, version: 1\nactions: []\n', /^bad\.overlay\.yaml:\d+:\d+: invalid YAML/],
    ['no overlay version', "info: { title: t, version: '1' }\nactions:\n  - { target: $.info, remove: true }\n", /^bad\.overlay\.yaml:1:1 \(at #\): not an overlay: `overlay: 1\.0\.x` .* is missing/],
    ['an unsupported version', "overlay: 2.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - { target: $.info, remove: true }\n", /^bad\.overlay\.yaml:1:10 \(at #\/overlay\): unsupported overlay version "2\.0\.0"/],
    ['no info', 'overlay: 1.0.0\nactions:\n  - { target: $.info, remove: true }\n', /\(at #\/info\): `info` .* is missing/],
    ['no actions', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions: []\n", /^bad\.overlay\.yaml:3:10 \(at #\/actions\): `actions` must be a list of at least one action/],
    ['an action without a target', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - { target: $.info, remove: true }\n  - { update: { x: 1 } }\n", /^bad\.overlay\.yaml:5:5 \(at #\/actions\/1\): the action has no `target`/],
    ['update and remove both', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info\n    update: { x: 1 }\n    remove: true\n", /^bad\.overlay\.yaml:4:5 \(at #\/actions\/0\): the action has both `update` and `remove: true`/],
    ['neither update nor remove', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info\n", /\(at #\/actions\/0\): the action has neither `update` nor `remove: true`/],
    ['a target that is not JSONPath', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.paths[\n    remove: true\n", /^bad\.overlay\.yaml:4:13 \(at #\/actions\/0\/target\): `\$\.paths\[` is not a JSONPath query \(RFC 9535\) at character 9/],
    ['an unknown action property', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info\n    replace: { x: 1 }\n", /\(at #\/actions\/0\/replace\): property `replace` is not allowed in an action/],
    ['a non-object update of an object', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info\n    update: text\n", /\(at #\/actions\/0\): the target `\$\.info` selects an object .*: its `update` must be an object/],
    ['an update of a string', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info.title\n    update: x\n", /\(at #\/actions\/0\): the target `\$\.info\.title` selects a string \(at \$\['info'\]\['title'\]\); Overlay 1\.0 updates objects and arrays only/],
    ['a remove of the root', "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $\n    remove: true\n", /\(at #\/actions\/0\): the target selects the document itself/],
  ];

  it.each(MALFORMED)('refuses %s naming the overlay file, located', (_name, text, message) => {
    let error: unknown;
    try {
      applyOverlays({ document: base(), overlays: [{ file: 'bad.overlay.yaml', text }] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).file).toBe('bad.overlay.yaml');
    expect((error as SpecError).message).toMatch(message);
  });
});

describe('overlays through the pipeline and the command line', () => {
  let work: string;
  /** Paths relative to the working directory, as SpecJob.file is. */
  const rel = (path: string): string => relative(process.cwd(), path);
  const library = join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml');

  beforeAll(() => {
    work = repoTempDir('overlay-');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('removes an operation from the generated package and changes a description, with a warning for a stale action', async () => {
    const file = join(work, 'public.overlay.yaml');
    writeFileSync(
      file,
      "overlay: 1.0.0\ninfo: { title: Public, version: '1' }\nactions:\n  - target: $.paths.*[?(@.operationId=='createTitle')]\n    remove: true\n  - target: $.paths['/titles'].get\n    update: { description: Every title the library lends. }\n  - target: $.paths['/nowhere']\n    remove: true\n",
    );
    const plain = await generateSources({ file: rel(library), name: 'library' });
    expect(plain.get('src/operations.ts')).toContain('createTitle');
    const output = await generatePackage({ file: rel(library), name: 'library', overlays: [rel(file)] });
    const operations = output.files.get('src/operations.ts')!;
    expect(operations).not.toContain('createTitle');
    expect(operations).toContain('listTitles');
    expect(output.files.get('src/client.ts')).not.toMatch(/createTitle/);
    expect(output.stats.operations).toBe(plain.get('src/operations.ts')!.match(/operationId: '/g)!.length - 1);
    expect(output.files.get('src/client.ts')).toContain('Every title the library lends.');
    expect(output.diagnostics[0]).toEqual({ level: 'warning', message: "the target `$.paths['/nowhere']` selects nothing in the document; the action changes nothing", pointer: '/actions/2', file: { path: rel(file), line: 8, column: 5 } });
  });

  it('applies to a Swagger 2.0 document as written, before its conversion', async () => {
    const spec = join(work, 'petstore.yaml');
    writeFileSync(
      spec,
      "swagger: '2.0'\ninfo: { title: Pets, version: '1' }\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses: { '200': { description: ok, schema: { $ref: '#/definitions/Pet' } } }\n    post:\n      operationId: createPet\n      responses: { '201': { description: made } }\ndefinitions:\n  Pet: { type: object, properties: { name: { type: string } } }\n",
    );
    const file = join(work, 'swagger.overlay.yaml');
    writeFileSync(file, "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.paths['/pets'].post\n    remove: true\n  - target: $.definitions.Pet.properties\n    update: { tag: { type: string } }\n");
    const files = await generateSources({ file: rel(spec), name: 'petstore', overlays: [rel(file)] });
    expect(files.get('src/operations.ts')).not.toContain('createPet');
    expect(files.get('src/types.ts')).toMatch(/tag\?: string/);
  });

  it('applies to an AsyncAPI document, whose parser reads the overlaid document', async () => {
    const file = join(work, 'feed.overlay.yaml');
    writeFileSync(file, "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info\n    update: { description: 'The feed, overlaid.' }\n");
    const model = await loadModel({ file: 'specs/feed.asyncapi.yaml', name: 'feed', overlays: [rel(file)] });
    expect(model.description).toBe('The feed, overlaid.');
  });

  it('--watch watches the overlays, and the files the $refs they add name', async () => {
    writeFileSync(join(work, 'watched.openapi.yaml'), tinySpec());
    writeFileSync(join(work, 'extra.yaml'), 'type: string\n');
    writeFileSync(join(work, 'watched.overlay.yaml'), "overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.components.schemas\n    update: { Extra: { $ref: './extra.yaml' } }\n");
    const options = parseOptions(['--spec', 'watched.openapi.yaml', '--out', 'out/watched', '--overlay', 'watched.overlay.yaml'], work);
    expect(options.overlays).toEqual([join(work, 'watched.overlay.yaml')]);
    expect(await runInputs(options)).toEqual([join(work, 'watched.openapi.yaml'), join(work, 'watched.overlay.yaml'), join(work, 'extra.yaml')]);
  });

  it('the CLI prints the warning with the overlay file, refuses a malformed overlay with exit 2, and regenerates when the overlay changes', async () => {
    writeFileSync(join(work, 'tiny.openapi.yaml'), tinySpec());
    const file = join(work, 'tiny.overlay.yaml');
    const write = (description: string): void =>
      writeFileSync(file, `overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.paths['/things/{id}'].get\n    update: { description: ${description} }\n  - target: $.webhooks\n    remove: true\n`);
    write('First words.');
    const argv = ['--spec', 'tiny.openapi.yaml', '--out', 'out/tiny', '--overlay', 'tiny.overlay.yaml', '--targets', 'client'];
    const first = await runCli({ cwd: work, argv });
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("tiny: warning: tiny.overlay.yaml:6:5 (at #/actions/1): the target `$.webhooks` selects nothing in the document; the action changes nothing");
    const client = join(work, 'out', 'tiny', 'src', 'client.ts');
    expect(readFileSync(client, 'utf8')).toContain('First words.');
    // The cache keeps the first run's package; an edited overlay is a new input.
    write('Second words.');
    const second = await runCli({ cwd: work, argv });
    expect(second.code).toBe(0);
    expect(readFileSync(client, 'utf8')).toContain('Second words.');
    expect(readFileSync(client, 'utf8')).not.toContain('First words.');
    // Served from the cache, the warning is said again.
    expect((await runCli({ cwd: work, argv: [...argv, '--timings'] })).stdout).toMatch(/tiny \(cached\)/);
    expect((await runCli({ cwd: work, argv })).stderr).toContain('(at #/actions/1)');

    // Malformed overlays: exit 2 naming the overlay file, located, and the package left as it was.
    const malformed: [string, RegExp][] = [
      ['overlay: 1.0.0\ninfo: { title: t, version: 1\nactions: []\n', /^error: tiny\.overlay\.yaml:\d+:\d+: invalid YAML/m],
      ["info: { title: t, version: '1' }\nactions:\n  - { target: $.info, remove: true }\n", /^error: tiny\.overlay\.yaml:1:1 \(at #\): not an overlay: `overlay: 1\.0\.x`/m],
      ["overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - description: no target\n    remove: true\n", /^error: tiny\.overlay\.yaml:4:5 \(at #\/actions\/0\): the action has no `target`/m],
      ["overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: $.info\n    update: { title: x }\n    remove: true\n", /^error: tiny\.overlay\.yaml:4:5 \(at #\/actions\/0\): the action has both `update` and `remove: true`/m],
    ];
    for (const [text, message] of malformed) {
      writeFileSync(file, text);
      const refused = await runCli({ cwd: work, argv });
      expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(message)]);
    }
    expect(readFileSync(client, 'utf8')).toContain('Second words.');

    mkdirSync(join(work, 'specs'), { recursive: true });
    const alone = await runCli({ cwd: work, argv: ['--overlay', 'tiny.overlay.yaml'] });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--overlay applies to one document');
  });
});
