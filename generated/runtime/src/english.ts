// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * zod's English messages (`Invalid input: expected string, received undefined`), which the
 * generated zod validators report and the client's lean validators word alike. zod's classic
 * build registers them when it makes its first validator; zod mini leaves them to the program.
 */
// From zod's index, whose declarations a program of the runtime reads already (zod's subpaths would make
// TypeScript read a second copy of its core's); bundlers keep only `config` and the English locale of it.
import { config, locales } from 'zod';

/**
 * Registers zod's English messages, unless a locale or error map is set already (a program's own
 * `z.config(...)`, before or after, wins, as with zod's classic build). The server and the mock
 * call it, as their 400s are in English; the runtime's index loads it, so that a program run by
 * Node reads the package's zod validators in English whichever build they are written for, while
 * a bundle that uses nothing of it leaves the locale out (`sideEffects: false`).
 */
export function useEnglishMessages(): void {
  if (config().localeError === undefined) config(locales.en());
}

useEnglishMessages();
