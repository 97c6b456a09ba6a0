/**
 * Documents an attacker would give the generator or `npm run diff` (in a pull request, say):
 * `$ref`s to files outside the project (by path, `file:` URL, `../`, or from inside a
 * referenced file), remote `$ref`s, `$ref` chains that only name themselves, schemas nested a
 * thousand deep and a YAML alias bomb. Each is one located line and exit 2 within seconds;
 * nothing outside the project root is read, and no file's content is ever printed.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, npmScriptNodeArgs, runCli } from '../helpers/cli.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const SECRET = 'TOP-SECRET-CONTENT-4711';
const header = '{"openapi":"3.1.0","info":{"title":"H","version":"1.0.0"},"paths":{}';
const withSchemas = (schemas: string): string => `${header},"components":{"schemas":${schemas}}}`;
const nest = (open: string, close: string, depth: number): string => `${open.repeat(depth)}{"type":"string"}${close.repeat(depth)}`;

let inside: string; // a folder inside this repository: the project root is the repository
let outside: string; // a folder outside any repository
let secretFile: string;

beforeAll(() => {
  inside = repoTempDir('hostile-');
  outside = mkdtempSync(join(tmpdir(), 'svc-hostile-'));
  secretFile = join(outside, 'secret.yaml');
  writeFileSync(secretFile, `type: object\ndescription: ${SECRET}\n`);
});
afterAll(() => {
  rmSync(inside, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** Generates `text` as a spec in `folder` and returns the exit code and the one line it printed on failure. */
async function generate(folder: string, name: string, text: string, extra: string[] = []): Promise<{ code: number; error: string; out: string }> {
  const file = join(folder, name);
  writeFileSync(file, text);
  const out = join(folder, `out-${name.replace(/\W/g, '-')}`);
  const result = await runCli({ cwd: folder, argv: ['--spec', file, '--out', out, '--quiet', ...extra] });
  const error = result.stderr.split('\n').find((line) => line.startsWith('error:')) ?? '';
  return { code: result.code, error, out };
}

describe('OpenAPI 3.2 $self: the base of references, confined like any reference', () => {
  const selfDocument = (self: string, schemas: Record<string, unknown>): string =>
    JSON.stringify({ openapi: '3.2.0', $self: self, info: { title: 'Shop', version: '1.0.0' }, paths: {}, components: { schemas } });
  let folder: string;
  beforeAll(() => {
    folder = join(outside, 'self-api');
    mkdirSync(join(folder, 'common'), { recursive: true });
    mkdirSync(join(folder, 'v1'), { recursive: true });
    writeFileSync(join(folder, 'common', 'errors.json'), JSON.stringify({ Error: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } } }));
    writeFileSync(join(folder, 'v1', 'money.json'), JSON.stringify({ type: 'object', properties: { cents: { type: 'integer' } } }));
  });

  it('a reference to the $self URI is internal, and one to a URI under it reads the file at that place beside the document', async () => {
    const self = 'https://api.example.com/specs/shop.json';
    const spec = selfDocument(self, {
      Item: { type: 'object', properties: { name: { type: 'string' } } },
      Order: {
        type: 'object',
        properties: {
          item: { $ref: `${self}#/components/schemas/Item` },
          error: { $ref: 'https://api.example.com/specs/common/errors.json#/Error' },
          again: { $ref: 'common/errors.json#/Error' },
        },
      },
    });
    const { code, error, out } = await generate(folder, 'shop.json', spec);
    expect(error).toBe('');
    expect(code).toBe(0);
    const types = readFileSync(join(out, 'src', 'types.ts'), 'utf8');
    expect(types).toMatch(/item\?: Item;/);
    expect(types).toMatch(/code: string;/);
  });

  it('a relative $self moves the base: `v1/shop.json` reads `money.json` from v1/', async () => {
    const { code, error } = await generate(folder, 'relative-self.json', selfDocument('v1/shop.json', { Price: { $ref: 'money.json' } }));
    expect(error).toBe('');
    expect(code).toBe(0);
  });

  it('a URI of another host stays remote, and one that leads out of the project root is refused, without reading it', async () => {
    const remote = await generate(folder, 'other-host.json', selfDocument('https://api.example.com/specs/shop.json', { P: { $ref: 'https://evil.example.net/specs/x.json' } }));
    expect(remote.code).toBe(2);
    expect(remote.error).toMatch(/is remote: remote references are not fetched/);
    // `https://api.example.com/secret.yaml` is `../secret.yaml` from the document: outside its root (no repository here).
    const escape = await generate(folder, 'escape.json', selfDocument('https://api.example.com/specs/shop.json', { P: { $ref: 'https://api.example.com/secret.yaml' } }));
    expect(escape.code).toBe(2);
    expect(escape.error).toMatch(/names a file outside the project root/);
    expect(escape.error).not.toContain(SECRET);
  });
});

describe('$ref confined to the project root', () => {
  const refused = /names a file outside the project root .*only files inside it are read \(widen with --allow-ref-root <dir>\)/;

  it.each([
    ['an absolute path', () => secretFile],
    ['a file: URL', () => `${pathToFileURL(secretFile).href}#/description`],
    ['a path up and out of the repository', () => relative(inside, secretFile)],
  ])('refuses %s outside the repository, located, without reading it', async (_, ref) => {
    const { code, error } = await generate(inside, 'outside.json', withSchemas(`{"P":{"$ref":${JSON.stringify(ref())}}}`));
    expect(code).toBe(2);
    expect(error).toMatch(/outside\.json:1:\d+ \(at #\/components\/schemas\/P\): \$ref /);
    expect(error).toMatch(refused);
    expect(error).not.toContain(SECRET);
  });

  it('refuses /etc/passwd by path and by file: URL, never printing it', async () => {
    for (const ref of ['/etc/passwd', 'file:///etc/passwd#/root']) {
      const { code, error } = await generate(inside, 'passwd.json', withSchemas(`{"P":{"$ref":${JSON.stringify(ref)}}}`));
      expect(code).toBe(2);
      expect(error).toMatch(refused);
      expect(error).not.toMatch(/root:/);
    }
  });

  it('refuses a remote $ref without fetching it', async () => {
    const { code, error } = await generate(inside, 'remote.json', withSchemas('{"P":{"$ref":"https://example.com/schema.json"}}'));
    expect(code).toBe(2);
    expect(error).toMatch(/\$ref https:\/\/example\.com\/schema\.json is remote: remote references are not fetched/);
  });

  it('refuses a file outside that a referenced file names in turn', async () => {
    writeFileSync(join(inside, 'inner.yaml'), `type: object\nproperties:\n  leak:\n    $ref: ${JSON.stringify(secretFile)}\n`);
    const { code, error } = await generate(inside, 'nested.json', withSchemas('{"P":{"$ref":"inner.yaml"}}'));
    expect(code).toBe(2);
    expect(error).toMatch(/a \$ref names .*secret\.yaml, outside the project root/);
    expect(error).not.toContain(SECRET);
  });

  it('names a referenced file inside the root that is not YAML or JSON without quoting it', async () => {
    writeFileSync(join(inside, 'broken.json'), `{"description": "${SECRET}", oops`);
    const { code, error } = await generate(inside, 'broken-ref.json', withSchemas('{"P":{"$ref":"broken.json"}}'));
    expect(code).toBe(2);
    expect(error).toMatch(/cannot read the file of \$ref broken\.json: it is not valid YAML or JSON/);
    expect(error).not.toContain(SECRET);
  });

  it('outside any repository, the root is the document\'s folder; --allow-ref-root widens it', async () => {
    const folder = join(outside, 'api');
    mkdirSync(folder, { recursive: true });
    const spec = withSchemas('{"P":{"$ref":"../secret.yaml"}}');
    const refusedRun = await generate(folder, 'spec.json', spec);
    expect(refusedRun.code).toBe(2);
    expect(refusedRun.error).toMatch(refused);
    const allowed = await generate(folder, 'spec.json', spec, ['--allow-ref-root', '..']);
    expect(allowed.error).toBe('');
    expect(allowed.code).toBe(0);
  });

  it('refuses an AsyncAPI document\'s $ref outside the root too', async () => {
    const asyncapi = `asyncapi: 3.0.0\ninfo: {title: H, version: 1.0.0}\nchannels:\n  c:\n    messages:\n      m:\n        payload:\n          $ref: ${JSON.stringify(secretFile)}\n`;
    const { code, error } = await generate(inside, 'events.asyncapi.yaml', asyncapi);
    expect(code).toBe(2);
    expect(error).toMatch(refused);
    expect(error).not.toContain(SECRET);
  });

  it('refuses, located, a file outside that a file referenced by an AsyncAPI document names in turn', async () => {
    writeFileSync(join(inside, 'payload.yaml'), `type: object\nproperties:\n  leak:\n    $ref: ${JSON.stringify(relative(inside, secretFile))}\n`);
    const asyncapi = 'asyncapi: 3.0.0\ninfo: {title: H, version: 1.0.0}\nchannels:\n  c:\n    messages:\n      m:\n        payload:\n          $ref: payload.yaml\n';
    const { code, error } = await generate(inside, 'nested.asyncapi.yaml', asyncapi);
    expect(code).toBe(2);
    expect(error).toMatch(/nested\.asyncapi\.yaml:\d+:\d+ \(at #\/channels\/c\/messages\/m\/payload\): a \$ref names .*secret\.yaml, outside the project root/);
    expect(error).not.toContain(SECRET);
  });

  it('npm run diff refuses the same reference, exit 2, without printing the file', async () => {
    const base = join(inside, 'base.json');
    const head = join(inside, 'head.json');
    writeFileSync(base, withSchemas('{"P":{"type":"string"}}'));
    writeFileSync(head, withSchemas(`{"P":{"$ref":${JSON.stringify(secretFile)}}}`));
    const result = await promisify(execFile)(process.execPath, [...npmScriptNodeArgs('diff'), '--base', base, '--head', head], { cwd: repoRoot, env: childEnv() }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(refused);
    expect(result.stderr).not.toContain(SECRET);
  });
});

describe('documents that would overflow or explode', () => {
  it.each([
    ['A -> B -> A', '{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}', 'A -> #/components/schemas/B -> #/components/schemas/A'],
    ['a schema that is only a $ref to itself', '{"A":{"$ref":"#/components/schemas/A","description":"me"}}', 'A -> #/components/schemas/A'],
    ['through a single-member allOf', '{"A":{"allOf":[{"$ref":"#/components/schemas/B"}]},"B":{"$ref":"#/components/schemas/A"}}', 'A -> #/components/schemas/B -> #/components/schemas/A'],
  ])('a $ref cycle %s is a located exit 2, not code that does not compile', async (_, schemas, chain) => {
    const { code, error } = await generate(inside, 'cycle.json', withSchemas(schemas));
    expect(code).toBe(2);
    expect(error).toContain(`(at #/components/schemas/A): $ref cycle: #/components/schemas/${chain} only refers to itself`);
  });

  it('recursion through a property is no cycle: it generates', async () => {
    const { code, error } = await generate(inside, 'tree.json', withSchemas('{"Node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/components/schemas/Node"}},"next":{"$ref":"#/components/schemas/Node"}}}}'), ['--targets', 'client']);
    expect(error).toBe('');
    expect(code).toBe(0);
  });

  it.each([
    ['properties', nest('{"type":"object","properties":{"p":', '}}', 1000)],
    ['items', nest('{"type":"array","items":', '}', 1000)],
    ['allOf', nest('{"allOf":[', ']}', 1000)],
  ])('a schema nested 1,000 deep through %s is a located exit 2, not a stack overflow', async (_, deep) => {
    const { code, error } = await generate(inside, 'deep.json', withSchemas(`{"Deep":${deep}}`));
    expect(code).toBe(2);
    expect(error).toMatch(/deep\.json:1:\d+ \(at #\/components\/schemas\/Deep\/.*….*\): the document nests objects and arrays more than 256 levels deep here/);
    expect(error.length).toBeLessThan(600);
  });

  it('a YAML alias bomb is refused, located, without being expanded', async () => {
    let bomb = 'openapi: 3.1.0\ninfo: {title: B, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    a: &a {type: object, x-a: [lol, lol, lol, lol, lol, lol, lol, lol, lol]}\n';
    let previous = 'a';
    for (const name of 'bcdefghij') {
      bomb += `    ${name}: &${name} {type: object, x-l: [${Array(9).fill(`*${previous}`).join(', ')}]}\n`;
      previous = name;
    }
    const { code, error } = await generate(inside, 'bomb.yaml', bomb);
    expect(code).toBe(2);
    expect(error).toMatch(/bomb\.yaml:\d+:\d+ \(at #\/components\/schemas\/j\/x-l\/\d\): YAML aliases expand the document by [\d,]+ values \(at most 1,000,000\)/);
  });

  it('a few YAML aliases, as people write them, are fine', async () => {
    const yaml = 'openapi: 3.1.0\ninfo: {title: B, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Money: &money {type: object, properties: {amount: {type: string}, currency: {type: string}}}\n    Fee: *money\n    Price: *money\n';
    const { code, error } = await generate(inside, 'aliases.yaml', yaml, ['--targets', 'client']);
    expect(error).toBe('');
    expect(code).toBe(0);
  });
});
