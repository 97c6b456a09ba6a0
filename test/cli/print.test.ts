/** What a run prints about the workspace: a package npm has not linked yet is named, with what to run. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unlinkedPackageLines } from '../../generator/cli/print.js';
import type { RunResult } from '../../generator/cli/run.js';
import { repoTempDir } from '../helpers/spec-files.js';

const project = repoTempDir('print-');
afterAll(() => rmSync(project, { recursive: true, force: true }));

const resultWith = (...names: string[]): RunResult =>
  ({ packages: names.map((name) => ({ name: name.split('/')[1], files: new Map([['package.json', JSON.stringify({ name })]]) })) }) as unknown as RunResult;

describe('unlinkedPackageLines', () => {
  it('says nothing in a folder that is no installed workspace of generated/', () => {
    expect(unlinkedPackageLines(resultWith('@svc/shop'), project)).toEqual([]);
  });

  it('names the packages of a new spec until npm install links them, and says nothing once it has', () => {
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'project', workspaces: ['generated/*'] }));
    mkdirSync(join(project, 'node_modules', '@svc', 'v2'), { recursive: true });
    expect(unlinkedPackageLines(resultWith('@svc/v2'), project)).toEqual([]);
    expect(unlinkedPackageLines(resultWith('@svc/v2', '@svc/shop'), project)).toEqual([
      'note: @svc/shop is new to the workspace: run `npm install` so that other packages, the tests and `npm run pack` can use it by name',
    ]);
    mkdirSync(join(project, 'node_modules', '@svc', 'shop'), { recursive: true });
    expect(unlinkedPackageLines(resultWith('@svc/v2', '@svc/shop'), project)).toEqual([]);
  });
});
