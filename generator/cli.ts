/**
 * `npm run generate [-- options]`: the generate command (commands/generate.ts) as this
 * repository runs it, from generator/launch.mjs.
 */
import { runGenerateCommand } from './commands/generate.js';

process.exit(await runGenerateCommand(process.argv.slice(2)));
