/** Which packages `npm run pack` packs, and in what order: every folder of generated/, dependencies first. */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagesToPack, packOrder, type PackageManifest } from '../../scripts/pack.js';
import { repoRoot } from '../helpers/spec-files.js';

const manifest = (folder: string, name: string, dependsOn: string[] = []): PackageManifest => ({ folder, name, dependsOn });

describe('packOrder', () => {
  it.each<[string, PackageManifest[], string[]]>([
    ['runtimes before what depends on them, whatever the folder names', [manifest('a-api', '@x/a', ['@x/runtime', 'zod']), manifest('runtime', '@x/runtime'), manifest('b-api', '@x/b', ['@x/server'])], ['@x/runtime', '@x/a', '@x/b']],
    [
      'a chain through peers',
      [manifest('v9', '@x/v9', ['@x/mock']), manifest('mock', '@x/mock', ['@x/server']), manifest('server', '@x/server', ['@x/runtime']), manifest('runtime', '@x/runtime')],
      ['@x/runtime', '@x/server', '@x/mock', '@x/v9'],
    ],
    ['a cycle does not loop: each package once', [manifest('b', '@x/b', ['@x/a']), manifest('a', '@x/a', ['@x/b'])], ['@x/b', '@x/a']],
  ])('%s', (_, manifests, expected) => {
    expect(packOrder(manifests).map((m) => m.name)).toEqual(expected);
  });
});

describe('packagesToPack', () => {
  it('takes every package folder of generated/ (a spec added to specs/ is packed too), the runtimes first', () => {
    const folders = readdirSync(join(repoRoot, 'generated')).filter((name) => existsSync(join(repoRoot, 'generated', name, 'package.json')));
    const names = packagesToPack().map((m) => m.name);
    expect(names).toHaveLength(folders.length);
    expect(names.slice(0, 3)).toEqual(['@svc/runtime', '@svc/server-runtime', '@svc/mock-runtime']);
    expect(names).toEqual(expect.arrayContaining(['@svc/v2', '@svc/v1', '@svc/onramp', '@svc/x402', '@svc/feed']));
  });
});
