import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI and generation tests spawn processes and run the whole pipeline.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
