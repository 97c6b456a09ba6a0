/**
 * `--help` is built from the plugins' declarations (generator/cli/options.ts `helpText`): every
 * part and what it brings, every option with its values and default, and `--zod`'s default are
 * the declared ones, a plugin from outside the generator included.
 */
import { describe, expect, it } from 'vitest';
import { HELP, helpText } from '../../generator/cli/options.js';
import { BUILTIN_PLUGINS, partNames, partsWithNeeds } from '../../generator/targets/registry.js';
import type { TargetPlugin } from '../../generator/targets/target.js';

/** The help with its wrapping undone: one space between words. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

/** The entry of one flag: its lines up to the next flag. */
const entryOf = (text: string, flag: string): string => {
  const start = text.indexOf(`\n  ${flag} `);
  expect(start, flag).toBeGreaterThan(0);
  const next = text.slice(start + 1).search(/\n {2}--/);
  return flat(text.slice(start, next < 0 ? undefined : start + 1 + next));
};

const routesPlugin: TargetPlugin = {
  name: 'routes',
  part: 'routes',
  needs: ['server'],
  options: { style: { description: 'how routes are listed', values: ['flat', 'nested'], default: 'flat' } },
  load: () => ({ appliesTo: () => true, run: () => [] }),
};

describe('--help', () => {
  const targets = entryOf(HELP, '--targets <parts>');

  it.each(partNames(BUILTIN_PLUGINS))('--targets lists the part %s', (part) => {
    expect(targets).toMatch(new RegExp(`among [a-z, -]*\\b${part}\\b`));
  });

  it.each(partNames(BUILTIN_PLUGINS).map((part) => [part, partsWithNeeds([part], BUILTIN_PLUGINS).filter((p) => p !== part)] as const))('--targets says what %s brings: %j', (part, brings) => {
    if (brings.length === 0) expect(targets).not.toContain(`${part} brings`);
    else expect(targets).toContain(`${part} brings ${brings.length === 1 ? brings[0] : `${brings.slice(0, -1).join(', ')} and ${brings.at(-1)}`}`);
  });

  it('--targets names the targets every package has', () => {
    expect(targets).toContain(`(${BUILTIN_PLUGINS.filter((p) => p.part === undefined).map((p) => p.name).join(', ')})`);
  });

  const options = BUILTIN_PLUGINS.flatMap((plugin) => Object.entries(plugin.options ?? {}).map(([name, option]) => [`${plugin.name}.${name}`, option] as const));

  it('every built-in target option is there', () => {
    expect(options.map(([key]) => key)).toEqual(expect.arrayContaining(['query.scope', 'zod.flavor']));
  });

  it.each(options)('--option lists %s with its description, values and default', (key, option) => {
    const entry = entryOf(HELP, '--option <target>.<name>=<value>');
    const start = entry.indexOf(` ${key}: `);
    expect(start).toBeGreaterThan(0);
    const text = entry.slice(start);
    expect(text.startsWith(` ${key}: ${flat(option.description)}`)).toBe(true);
    if (option.values) expect(text).toContain(`one of ${option.values.join(', ')}`);
    if (option.default !== undefined) expect(text).toContain(`default: ${option.default})`);
  });

  it("--zod prints the zod target's declared default and values", () => {
    const flavor = BUILTIN_PLUGINS.find((p) => p.name === 'zod')!.options!['flavor']!;
    const zod = entryOf(HELP, '--zod <build>');
    expect(flavor.default).toBe('mini');
    expect(zod).toContain(`(default: ${flavor.default})`);
    expect(zod).toContain(`: ${flavor.values!.join(' or ')} (`);
    expect(zod).not.toMatch(/classic \(the default/);
  });

  it('a plugin from outside the generator appears with its part, what it brings and its options', () => {
    const text = helpText([...BUILTIN_PLUGINS, routesPlugin]);
    expect(entryOf(text, '--targets <parts>')).toContain('webhooks, mcp, routes (');
    expect(entryOf(text, '--targets <parts>')).toContain('routes brings server');
    expect(entryOf(text, '--option <target>.<name>=<value>')).toContain('routes.style: how routes are listed (one of flat, nested; default: flat)');
  });

  it('wraps the lines it builds before column 112, between the flags written by hand', () => {
    const lines = HELP.split('\n');
    const first = lines.findIndex((line) => line.startsWith('  --targets '));
    const built = [...lines.slice(first, lines.findIndex((line) => line.startsWith('  --shared-runtime '))), ...lines.slice(lines.findIndex((line) => line.startsWith('  --zod ')), lines.findIndex((line) => line.startsWith('  --allow-ref-root ')))];
    expect(built.length).toBeGreaterThan(8);
    for (const line of built) expect(line.length, line).toBeLessThanOrEqual(112);
  });
});
