/**
 * `svc-api-codegen init [--format ts|mjs|json] [--force]`: writes a starter config into the
 * current folder. It names the first API description it finds here or under `api/`, `spec/`,
 * `specs/`, `openapi/` (a file named `openapi.*`, `swagger.*`, `asyncapi.*` or `*.openapi.*`, else a
 * YAML or JSON file that starts as one does),
 * else `api/openapi.yaml` for the user to fill in. An existing config is kept unless --force.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIG_FILES, findConfig } from '../config.js';
import { compareText } from '../util/compare.js';

const INIT_HELP = `usage: svc-api-codegen init [--format ts|mjs|json] [--force]

Writes svc-api-codegen.config.ts (or .mjs, .json) into the current folder, naming the first API
description found here or in api/, spec/, specs/ or openapi/. --force replaces an existing config.`;

const DESCRIPTION = /^(?:openapi|swagger|asyncapi)\.(?:ya?ml|json)$|\.(?:openapi|asyncapi|swagger)\.(?:ya?ml|json)$/i;

/** A YAML or JSON file whose first lines say what it is: `openapi: 3.1.0`, `"swagger": "2.0"`, `asyncapi: 3.0.0`. */
const SAYS_DESCRIPTION = /^\s*\{?\s*["']?(?:openapi|swagger|asyncapi)["']?\s*:/m;

const saysDescription = (file: string): boolean => {
  try {
    return SAYS_DESCRIPTION.test(readFileSync(file, 'utf8').slice(0, 2048));
  } catch {
    return false;
  }
};

/** The first API description in `dir` or its usual subfolders, relative to `dir`: by its name, else by what it starts with. */
export function findDescription(dir: string): string | undefined {
  for (const folder of ['.', 'api', 'spec', 'specs', 'openapi']) {
    const full = join(dir, folder);
    if (!existsSync(full)) continue;
    const names = readdirSync(full).sort(compareText);
    const found = names.find((name) => DESCRIPTION.test(name)) ?? names.find((name) => /\.(?:ya?ml|json)$/i.test(name) && saysDescription(join(full, name)));
    if (found) return folder === '.' ? found : `${folder}/${found}`;
  }
  return undefined;
}

/** The starter config's text in the chosen form. */
export function starterConfig(format: 'ts' | 'mjs' | 'json', input: string): string {
  const name = basename(input).replace(/\.(openapi|asyncapi|swagger)?\.?(ya?ml|json)$/i, '').replace(/[^a-z0-9-]+/gi, '-').toLowerCase() || 'api';
  const spec = { input, output: `packages/${name}`, name: `@acme/${name}`, overlays: [], targets: ['client', 'server', 'mock', 'msw'], options: {} };
  if (format === 'json') return `${JSON.stringify({ specs: [spec], plugins: [] }, null, 2)}\n`;
  return `import { defineConfig } from 'svc-api-codegen';

// Paths are relative to this file. \`npx svc-api-codegen generate\` writes every entry;
// \`npx svc-api-codegen generate --help\` lists the parts (targets) and their options.
export default defineConfig({
  specs: [
    {
      input: ${JSON.stringify(spec.input)},
      output: ${JSON.stringify(spec.output)},
      name: ${JSON.stringify(spec.name)},
      // OpenAPI Overlay 1.0 documents applied to the input, in order.
      overlays: [],
      targets: ['client', 'server', 'mock', 'msw'],
      options: {},
    },
  ],
  // Plugins of your own: definePlugin({...}) objects, or module paths.
  plugins: [],
});
`;
}

export async function runInitCommand(argv: readonly string[], { cwd }: { cwd: string }): Promise<number> {
  let values: { format?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { format: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n${INIT_HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(INIT_HELP);
    return 0;
  }
  const format = values.format ?? 'ts';
  if (format !== 'ts' && format !== 'mjs' && format !== 'json') {
    console.error(`error: --format ${format}: choose among ts, mjs, json\n${INIT_HELP}`);
    return 2;
  }
  const existing = findConfig(cwd);
  if (existing && !values.force) {
    console.error(`error: ${basename(existing)} exists already; --force replaces it`);
    return 2;
  }
  const input = findDescription(cwd);
  const file = CONFIG_FILES.find((name) => name.endsWith(`.${format}`))!;
  writeFileSync(join(cwd, file), starterConfig(format, input ?? 'api/openapi.yaml'));
  console.log(`wrote ${file}${input ? ` for ${input}` : ' (name your API description in specs[0].input)'}; next: svc-api-codegen generate`);
  return 0;
}
