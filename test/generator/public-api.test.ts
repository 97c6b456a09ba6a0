/**
 * `svc-api-codegen`'s entry: what a config or plugin imports from it while the command runs (the
 * running generator's own values, public-hub.ts) is exactly what the entry exports.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_VALUE_NAMES, providePublicApi, publicApiShim } from '../../generator/public-hub.js';

describe('the public entry', () => {
  it('the values a running config or plugin gets are exactly the entry’s', async () => {
    const entry = await import('../../generator/public.js');
    expect(Object.keys(entry).sort()).toEqual([...PUBLIC_VALUE_NAMES].sort());
    const shim = publicApiShim();
    for (const name of PUBLIC_VALUE_NAMES) expect(shim).toContain(`export const ${name} = `);
  });

  it('the keys and light functions are there at once; a printing helper only once the entry is loaded', async () => {
    providePublicApi();
    const module = await import(`data:text/javascript,${encodeURIComponent(publicApiShim())}`);
    expect(module.OPERATION_SPEC).toBe('spec');
    expect(module.targetName({ operationId: 'x', targetNames: { route: 'xRoute' } }, 'route')).toBe('xRoute');
    const plugin = module.definePlugin({ name: 'p', files: ['src/p.ts'], run: () => [] });
    expect(plugin.name).toBe('p');
    // The plugin's load brings the printing helpers.
    await plugin.load();
    expect(module.literal('a')).toBe("'a'");
  });

  it('definePlugin refuses a definition that cannot work', async () => {
    const { definePlugin } = await import('../../generator/public.js');
    expect(() => definePlugin({ name: 'p', files: [], run: () => [] })).toThrow(/list the files it emits/);
    expect(() => definePlugin({ name: 'p', files: ['../p.ts'], run: () => [] })).toThrow(/not a path inside the package folder/);
    expect(() => definePlugin({ name: 'p', files: ['/abs/p.ts'], run: () => [] })).toThrow(/not a path inside the package folder/);
  });
});
