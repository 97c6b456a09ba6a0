/** Prettier, with one fixed configuration, so output does not depend on the user's setup. */
import { format } from 'prettier';

const OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all', semi: true } as const;

const parserFor = (path: string): string | undefined =>
  path.endsWith('.ts') ? 'typescript' : path.endsWith('.json') ? 'json' : path.endsWith('.md') ? 'markdown' : undefined;

export async function formatFile(path: string, contents: string): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return contents;
  return format(contents, { ...OPTIONS, parser });
}
