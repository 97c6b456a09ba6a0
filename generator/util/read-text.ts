import { readFile } from 'node:fs/promises';

/**
 * A file's text, read whole and decoded once. `readFile(file, 'utf8')` decodes a large file
 * chunk by chunk into a rope that the first regular expression run on it flattens again: on
 * GitHub's 13 MB description 38 ms against 18 ms on Node 24, and about 67 MB allocated against 26.
 */
export async function readUtf8(file: string): Promise<string> {
  return (await readFile(file)).toString('utf8');
}
