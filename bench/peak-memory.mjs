// Loaded with `node --import` into every measured process: on exit, writes the peak
// resident memory of the whole process (all its threads) to $BENCH_PEAK_FILE, in kB.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_PEAK_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
