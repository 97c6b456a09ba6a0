/**
 * The client section's measurements in a process of their own, started through the launcher
 * (scripts/launch.mjs): the client and its runtime run as the JavaScript esbuild makes of them,
 * as an application's bundler or build would, not through the TypeScript loader the bench
 * itself runs under (tsx keeps function names with a wrapper that costs on every call).
 *
 *   node --conditions=svc-source scripts/launch.mjs bench/client-process.ts <openapi-fetch module URL>
 *
 * Prints the rows as JSON.
 */
import { benchClient } from './client.js';

const [openapiFetchModule] = process.argv.slice(2);
if (openapiFetchModule === undefined) throw new Error('usage: client-process.ts <openapi-fetch module URL>');
process.stdout.write(`${JSON.stringify(await benchClient(openapiFetchModule))}\n`);
