/** The published package's `bin`: runs the command line (bin.ts) and exits with its code. */
import { runBin } from './bin.js';

process.exit(await runBin(process.argv.slice(2)));
