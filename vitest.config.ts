import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The generated packages resolve to their TypeScript sources inside this repository
  // (the `svc-source` export condition); installed elsewhere, to their built `dist/`.
  resolve: { conditions: ['svc-source'] },
  ssr: { resolve: { conditions: ['svc-source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // CLI and generation tests spawn processes and run the whole pipeline.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
