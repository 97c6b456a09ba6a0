/** `npm run diff`: see generator/diff/cli.ts. */
import { compiledCodeDir, keepCompiledCodeIn } from '../generator/cache/compiled-code.js';
import { runDiffCli } from '../generator/diff/cli.js';

// As `npm run generate` does: ajv's validators of the OpenAPI schemas are compiled once and kept, not on every run (about 0.3 s).
keepCompiledCodeIn(compiledCodeDir);

process.exitCode = await runDiffCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd: process.cwd(),
});
