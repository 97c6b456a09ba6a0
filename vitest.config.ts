import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The unit layer: table tests in memory (the runtime, the model's extension parsing, the plans,
 * media types, the order book), seconds in all; `npm run test:unit` runs it alone. The generated
 * packages as others consume them (tarballs, a consumer project and a local registry, a standalone
 * package, the browser, bundles, TanStack Query and MSW) are the `packages` project
 * (`npm run test:packages`). Everything else (generation, type-checks, servers, the mock, the
 * diff) is the `e2e` project; `npm test` runs all three.
 */
const PACKAGES = ['test/packages/**/*.test.ts'];

const UNIT = [
  'test/runtime/**/*.test.ts',
  'test/generator/plans.test.ts',
  'test/generator/extension-values.test.ts',
  'test/generator/extensions.test.ts',
  'test/generator/media.test.ts',
  'test/generator/mock-plan.test.ts',
  'test/generator/inference-cost.test.ts',
  'test/generator/symbols.test.ts',
  'test/generator/public-api.test.ts',
  'test/generator/diagnostic-lines.test.ts',
  'test/cli/progress.test.ts',
  'test/cli/help.test.ts',
  'test/generator/printers.test.ts',
  'test/feed/order-book.test.ts',
  'test/corpus.test.ts',
];

export default defineConfig({
  // The generated packages resolve to their TypeScript sources inside this repository
  // (the `svc-source` export condition); installed elsewhere, to their built `dist/`.
  resolve: { conditions: ['svc-source'] },
  ssr: { resolve: { conditions: ['svc-source'] } },
  test: {
    // CLI and generation tests spawn processes and run the whole pipeline.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      { extends: true, test: { name: 'packages', include: PACKAGES } },
      { extends: true, test: { name: 'e2e', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...UNIT, ...PACKAGES] } },
    ],
  },
});
