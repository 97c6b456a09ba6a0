/**
 * `npm run generate` starts here. It runs generator/cli.ts compiled by esbuild into a bundle
 * kept in node_modules/.cache/svc-api-codegen-bundle/, so that a run loads plain JavaScript
 * instead of going through a TypeScript loader: about a quarter of a second less on every run,
 * which is most of what a small spec edit costs. The bundle is made again whenever one of the
 * sources it was made from changes (about 50 ms); scripts/launch.mjs does the bundling, as it
 * does for the project's other scripts. With --no-cache, or when the bundle cannot be made, the
 * sources run through tsx instead.
 *
 * Plain JavaScript on purpose: this file is what runs before any TypeScript can.
 */
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../scripts/launch.mjs';

const generatorDir = dirname(fileURLToPath(import.meta.url));
// Under the generator's own node_modules, wherever SVC_CODEGEN_CACHE_DIR puts the run cache:
// the bundle imports its dependencies by name, which Node resolves from the bundle's folder.
const bundlesDir = join(dirname(generatorDir), 'node_modules', '.cache', 'svc-api-codegen-bundle');

// Node 22.1 and later keep V8's compiled code of the modules a run loads on disk (the bundle, the
// loaders, the formatter's bindings; TypeScript's 9 MB where the diff or prettier loads it): less
// time on every run after the first. Node 20 has no such cache; NODE_DISABLE_COMPILE_CACHE turns it off.
if (!process.argv.includes('--no-cache')) module.enableCompileCache?.(join(dirname(bundlesDir), 'svc-api-codegen-compiled'));

await launch(join(generatorDir, 'cli.ts'), bundlesDir, process.argv.includes('--no-cache'));
