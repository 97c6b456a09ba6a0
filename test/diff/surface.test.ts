/** The API diff's export comparison reads only modules that can have changed, and agrees with reading all of them. */
import { describe, expect, it } from 'vitest';
import { generateSources } from '../../generator/pipeline.js';
import { diffPackageSurfaces, diffSurfaces, publicSurface } from '../../generator/diff/surface.js';

describe('diffPackageSurfaces', () => {
  it('finds what reading every module finds: a changed type, an added and a removed export, one behind an export from', async () => {
    const base = await generateSources({ file: 'specs/v2.openapi.yaml', name: 'v2' });
    const head = new Map(base);
    const edit = (path: string, from: string, to: string): void => {
      const text = head.get(path)!;
      expect(text, `${path} holds ${from}`).toContain(from);
      head.set(path, text.replace(from, to));
    };
    edit('src/types.ts', 'export interface Account {', 'export interface Account {\n  nickname?: string;');
    edit('src/query.ts', 'export const queryScope', 'export const queryVersion = 2;\nexport const queryScope');
    edit('src/msw.ts', 'export function getTimeHandler(', 'function getTimeHandler(');
    const full = diffSurfaces(publicSurface(base), publicSurface(head));
    expect(full.changed).toContain('@svc/v2 Account');
    expect(full.added).toEqual(['@svc/v2/query queryVersion']);
    expect(full.removed).toEqual(['@svc/v2/msw getTimeHandler']);
    expect(diffPackageSurfaces(base, head)).toEqual(full);
    expect(diffPackageSurfaces(base, new Map(base))).toEqual({ added: [], removed: [], changed: [] });
  }, 60_000);
});
