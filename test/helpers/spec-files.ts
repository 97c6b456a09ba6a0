import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const specsDir = join(repoRoot, 'specs');

/** A new empty folder under the repository's `.tmp/` (so that tools resolve the project's node_modules from it); the caller removes it. */
export function repoTempDir(prefix: string): string {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  return mkdtempSync(join(repoRoot, '.tmp', prefix));
}

/** Every YAML file under specs/, as paths relative to specs/, sorted. */
export function listSpecFiles(dir = specsDir): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) out.push(relative(dir, full));
    }
  };
  walk(dir);
  return out.sort();
}

export const openApiSpecs = (): string[] => listSpecFiles().filter((f) => f.endsWith('.openapi.yaml'));
export const asyncApiSpecs = (): string[] => listSpecFiles().filter((f) => f.endsWith('.asyncapi.yaml'));

export function readSpec(file: string): Record<string, unknown> {
  return parse(readFileSync(join(specsDir, file), 'utf8')) as Record<string, unknown>;
}
