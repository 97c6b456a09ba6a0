/**
 * ts-morph, loaded on first use with `require`: it loads the TypeScript compiler it bundles (about
 * half a second and 75 MB), which generation does not need (print/structures.ts prints its
 * structures); prettier's statement splitter and the printer's fallback do (the diff reads
 * exports with oxc's parser). Importing this CommonJS package from ESM would also make Node scan
 * its code for export names first (about 80 ms).
 */
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

let loaded: typeof TsMorph | undefined;

export const tsMorph = (): typeof TsMorph => (loaded ??= createRequire(import.meta.url)('ts-morph') as typeof TsMorph);
