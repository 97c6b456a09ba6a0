/** Handlebars rendering of the non-code files in templates/. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

export const templatesDir = fileURLToPath(new URL('../../templates/', import.meta.url));

const engine = Handlebars.create();
engine.registerHelper('json', (value: unknown) => JSON.stringify(value ?? null));
const cache = new Map<string, HandlebarsTemplateDelegate>();

/** Renders `templates/<name>`, or a template given as `{ text }` (plugins from outside the generator). */
export function renderTemplate(name: string | { text: string }, data: object): string {
  const key = typeof name === 'string' ? name : `\0${name.text}`;
  let template = cache.get(key);
  if (!template) {
    template = engine.compile(typeof name === 'string' ? readFileSync(`${templatesDir}${name}`, 'utf8') : name.text, { noEscape: true, strict: false });
    cache.set(key, template);
  }
  return template(data);
}
