// A formatting thread: prettier on the texts the main thread sends, one at a time.
// Plain JavaScript so it starts without a TypeScript loader (tests, tsx, built code alike).
import { parentPort, workerData } from 'node:worker_threads';
import { format } from 'prettier';

// Warm up while the main thread is still loading the document: the first call loads the parser.
await format('export const warm = 1;', { ...workerData.options, parser: 'babel-ts' });

parentPort.on('message', async ({ id, text, options }) => {
  try {
    parentPort.postMessage({ id, formatted: await format(text, { ...workerData.options, ...options }) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
