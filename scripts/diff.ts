/** `npm run diff`: see generator/diff/cli.ts. */
import { runDiffCli } from '../generator/diff/cli.js';

process.exitCode = await runDiffCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd: process.cwd(),
});
