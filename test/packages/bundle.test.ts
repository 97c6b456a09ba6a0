/**
 * What a program that calls one v2 endpoint bundles: the client, its validators and the
 * runtime, never the server stub, the fixtures, the mock or Hono (sideEffects: false and
 * separate entry points make that hold for any bundler that shakes trees).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/spec-files.js';

const PROGRAM = `
import { V2Client } from '@svc/v2';
const client = new V2Client({ baseUrl: 'https://api.example.com' });
console.log(await client.data.getSpotPrice({ currency_pair: 'BTC-USD' }));
`;

describe('a one-endpoint program, bundled and minified', () => {
  it('importing only the schemas pulls in no client either', async () => {
    const result = await build({
      stdin: { contents: "import { PriceSchema } from '@svc/v2/schemas';\nconsole.log(PriceSchema.parse({ amount: '1.00', currency: 'USD' }));", resolveDir: repoRoot, sourcefile: 'program.ts', loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['svc-source'],
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
    // What ends up in the output (the runtime's index names its client too, which tree-shaking drops).
    const inOutput = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
      .filter(([, info]) => info.bytesInOutput > 0)
      .map(([path]) => path);
    expect(inOutput.some((path) => path.endsWith('generated/v2/src/schemas.ts'))).toBe(true);
    expect(inOutput.filter((path) => /\/(client|operations|server|mock|fixtures)\.ts$|server-runtime|mock-runtime|hono/.test(path))).toEqual([]);
  });

  it('contains no server, fixture or mock code', async () => {
    const result = await build({
      stdin: { contents: PROGRAM, resolveDir: repoRoot, sourcefile: 'program.ts', loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      conditions: ['svc-source'],
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('generated/v2/src/client.ts'))).toBe(true);
    expect(inputs.filter((path) => /server-runtime|mock-runtime|node_modules\/hono|\/(server|mock|fixtures)\.ts$/.test(path))).toEqual([]);
    // The IDNA tables are read only by validators of host name formats, which v2 has none of.
    expect(inputs.filter((path) => /idn-hostname|punycode|runtime\/src\/idn\.ts/.test(path))).toEqual([]);
    // zod's locales stay out (regression: `import { z } from 'zod'` pulled all of them in: 443 KiB of zod instead of 83 KiB).
    const locales = Object.entries(result.metafile.outputs)[0]![1].inputs;
    expect(Object.keys(locales).filter((path) => /zod\/.*locales\/(?!en\.)/.test(path) && locales[path]!.bytesInOutput > 0)).toEqual([]);
    expect(result.outputFiles[0]!.contents.byteLength).toBeGreaterThan(0);
  });

  it('a program that parses feed frames carries none of zod\'s locales either', async () => {
    const result = await build({
      stdin: { contents: "import { parseFeedMessage } from '@svc/feed';\nconsole.log(parseFeedMessage('{}'));", resolveDir: repoRoot, sourcefile: 'program.ts', loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['svc-source'],
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
    // Regression: messages.ts imported `{ z }`, which holds every locale (96 KiB gzipped instead of 30 KiB).
    const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
    expect(Object.keys(inputs).filter((path) => /zod\/.*locales\/(?!en\.)/.test(path) && inputs[path]!.bytesInOutput > 0)).toEqual([]);
  });

  it('a program that calls one operation function carries that operation alone, and a program that reads one validator that validator alone', async () => {
    const bundle = async (contents: string): Promise<string> => {
      const result = await build({ stdin: { contents, resolveDir: repoRoot, sourcefile: 'program.ts', loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['svc-source'], write: false, logLevel: 'silent' });
      return result.outputFiles[0]!.text;
    };
    // Every operation constant and validator is a declaration nothing else needs, marked pure where it calls.
    const call = await bundle("import { createClient, getSpotPrice } from '@svc/v2/client';\nconsole.log(await getSpotPrice(createClient(), { currency_pair: 'BTC-USD' }));");
    expect(call).toContain('/v2/prices/{currency_pair}/spot');
    expect(call).not.toContain('/v2/accounts/{account_id}/buys');
    expect(call).not.toContain('/v2/prices/{currency_pair}/buy');
    const validator = await bundle("import { PriceSchema } from '@svc/v2/schemas';\nconsole.log(PriceSchema.parse({ amount: '1.00', currency: 'USD' }));");
    expect(validator).not.toContain('payment_method');
    expect(validator).not.toContain('/v2/');
  });

  it('a program that calls one public operation carries no zod, no security, signing, token or clock code, no idempotency token and no pagination; a signed call carries them', async () => {
    const bundleOf = async (contents: string): Promise<{ inputs: string[]; text: string }> => {
      const result = await build({ stdin: { contents, resolveDir: repoRoot, sourcefile: 'program.ts', loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['svc-source'], metafile: true, write: false, logLevel: 'silent' });
      const output = Object.values(result.metafile.outputs)[0]!;
      return { inputs: Object.entries(output.inputs).filter(([, info]) => info.bytesInOutput > 0).map(([path]) => path), text: result.outputFiles[0]!.text };
    };
    const inputsOf = async (contents: string): Promise<string[]> => (await bundleOf(contents)).inputs;
    // The client's validators are the lean ones (src/calls.ts); an operation's features come with it (`uses`).
    const features = /node_modules\/zod\/|runtime\/src\/(auth|signing|session|pagination)\.ts$|\/(schemas|operations)\.ts$/;
    const publicProgram = await bundleOf("import { createClient, getSpotPrice } from '@svc/v2/client';\nconsole.log(await getSpotPrice(createClient(), { currency_pair: 'BTC-USD' }));");
    const publicCall = publicProgram.inputs;
    expect(publicCall.some((path) => path.endsWith('generated/v2/src/calls.ts'))).toBe(true);
    expect(publicCall.filter((path) => features.test(path) && !path.endsWith('/operations.ts'))).toEqual([]);
    // Only the caller's Idempotency-Key of the idempotency module: an x-idempotency token comes with the operations that declare one.
    expect(publicProgram.text).not.toContain('idempotencyKey is longer than');
    const signedCall = await inputsOf("import { createClient, getAccount } from '@svc/v2/client';\nconsole.log(await getAccount(createClient(), { account_id: 'x' }));");
    expect(signedCall.filter((path) => /runtime\/src\/(auth|signing|session)\.ts$/.test(path)).sort()).toEqual(['generated/runtime/src/auth.ts', 'generated/runtime/src/session.ts', 'generated/runtime/src/signing.ts']);
    const idempotentCall = await bundleOf("import { createClient, createTransaction } from '@svc/v2/client';\nconsole.log(await createTransaction(createClient(), { account_id: 'x' }, { type: 'send', to: 'y', amount: '1', currency: 'BTC' }));");
    expect(idempotentCall.text).toContain('idempotencyKey is longer than');
    expect(signedCall.filter((path) => /node_modules\/zod\//.test(path))).toEqual([]);
    const pagedCall = await inputsOf("import { createClient, iterateListBuys } from '@svc/v2/client';\nfor await (const buy of iterateListBuys(createClient(), { account_id: 'x' })) console.log(buy);");
    expect(pagedCall.some((path) => path.endsWith('runtime/src/pagination.ts'))).toBe(true);
  });

  it('a program that calls getSpotPrice through its function, validating strictly, is at most 10.9 KiB gzipped and still refuses an invalid body', async () => {
    const program = (fetch: string): string =>
      `import { createClient, getSpotPrice } from '@svc/v2/client';\nconst client = createClient({ baseUrl: 'https://api.example.com', validateResponses: 'strict'${fetch} });\nexport const result = await getSpotPrice(client, { currency_pair: 'BTC-USD' }).then(() => 'accepted', (error) => error.name);\n`;
    const bundled = async (contents: string): Promise<Uint8Array> =>
      (await build({ stdin: { contents, resolveDir: repoRoot, sourcefile: 'program.ts', loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['svc-source'], write: false, logLevel: 'silent' })).outputFiles[0]!.contents;
    // Where it stands (10.8 KiB since the token, clock, idempotency, request-check and stream-refusal code comes with the operations that need it), not where it should be (8 KiB, bench/results.md): a change that adds to every call's bundle shows here.
    expect(gzipSync(await bundled(program(''))).byteLength).toBeLessThanOrEqual(10.9 * 1024);
    // The same program against a fetch that answers with a price whose amount is a number, not a decimal string.
    const answering = (body: unknown): string => `, fetch: async () => new Response(${JSON.stringify(JSON.stringify(body))}, { headers: { 'content-type': 'application/json' } })`;
    const run = async (body: unknown): Promise<unknown> => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-bundle-'));
      try {
        const file = join(dir, 'program.mjs');
        writeFileSync(file, await bundled(program(answering(body))));
        return ((await import(pathToFileURL(file).href)) as { result: unknown }).result;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(await run({ data: { amount: 12, currency: 'USD', base: 'BTC' } })).toBe('ResponseValidationError');
    expect(await run({ data: { amount: '12.00', currency: 'USD', base: 'BTC' } })).toBe('accepted');
  });

  it('a query program carries its own operation and nothing of TanStack; a client program nothing of the query module', async () => {
    const inputsOf = async (contents: string): Promise<string[]> => {
      const result = await build({ stdin: { contents, resolveDir: repoRoot, sourcefile: 'program.ts', loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['svc-source'], metafile: true, write: false, logLevel: 'silent' });
      const output = Object.values(result.metafile.outputs)[0]!;
      expect(result.outputFiles[0]!.text).not.toContain('/v2/accounts/{account_id}/buys');
      return Object.entries(output.inputs).filter(([, info]) => info.bytesInOutput > 0).map(([path]) => path);
    };
    // The options are plain objects: the adapter the app uses brings TanStack, the package none of it.
    const query = await inputsOf("import { createClient } from '@svc/v2/client';\nimport { getSpotPriceOptions } from '@svc/v2/query';\nconsole.log(getSpotPriceOptions(createClient(), { currency_pair: 'BTC-USD' }));");
    expect(query.some((path) => path.endsWith('generated/v2/src/query.ts'))).toBe(true);
    expect(query.filter((path) => /@tanstack|msw/.test(path))).toEqual([]);
    const call = await inputsOf("import { createClient, getSpotPrice } from '@svc/v2/client';\nconsole.log(await getSpotPrice(createClient(), { currency_pair: 'BTC-USD' }));");
    expect(call.filter((path) => /@tanstack|msw|\/query\.ts$/.test(path))).toEqual([]);
  });
});
