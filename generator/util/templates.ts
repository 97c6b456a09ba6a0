/** Handlebars rendering of the non-code files in templates/. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

export const templatesDir = fileURLToPath(new URL('../../templates/', import.meta.url));

const engine = Handlebars.create();
engine.registerHelper('json', (value: unknown) => JSON.stringify(value ?? null));
const cache = new Map<string, HandlebarsTemplateDelegate>();

export function renderTemplate(name: string, data: object): string {
  let template = cache.get(name);
  if (!template) {
    template = engine.compile(readFileSync(`${templatesDir}${name}`, 'utf8'), { noEscape: true, strict: false });
    cache.set(name, template);
  }
  return template(data);
}
