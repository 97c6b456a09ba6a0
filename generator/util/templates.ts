/**
 * Handlebars rendering of the non-code files in templates/. Each template is compiled once and
 * kept as code beside the generator's bundle (cache/compiled-code.ts), so a run loads
 * handlebars' runtime and not its compiler (about 30 ms of every cold run); the compiler is
 * loaded only for a template not compiled before.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type Handlebars from 'handlebars';
import { cachedModule } from '../cache/compiled-code.js';

export const templatesDir = fileURLToPath(new URL('../../templates/', import.meta.url));

const requireHere = createRequire(import.meta.url);
const COMPILE_OPTIONS = { noEscape: true, strict: false } as const;
const HANDLEBARS_VERSION = (requireHere('handlebars/package.json') as { version: string }).version;

type TemplateSpec = Parameters<typeof Handlebars.template>[0];

let runtime: typeof Handlebars | undefined;
function handlebarsRuntime(): typeof Handlebars {
  if (!runtime) {
    runtime = (requireHere('handlebars/runtime') as typeof Handlebars).create();
    runtime.registerHelper('json', (value: unknown) => JSON.stringify(value ?? null));
  }
  return runtime;
}

const cache = new Map<string, HandlebarsTemplateDelegate>();

/** Renders `templates/<name>`, or a template given as `{ text }` (plugins from outside the generator). */
export function renderTemplate(name: string | { text: string }, data: object): string {
  const key = typeof name === 'string' ? name : `\0${name.text}`;
  let template = cache.get(key);
  if (!template) {
    const text = typeof name === 'string' ? readFileSync(`${templatesDir}${name}`, 'utf8') : name.text;
    const spec = cachedModule<TemplateSpec>(JSON.stringify({ handlebars: HANDLEBARS_VERSION, options: COMPILE_OPTIONS, text }), () => {
      const code = (requireHere('handlebars') as typeof Handlebars).precompile(text, COMPILE_OPTIONS);
      return { source: `module.exports = ${code};\n` };
    });
    template = handlebarsRuntime().template(spec);
    cache.set(key, template);
  }
  return template(data);
}
