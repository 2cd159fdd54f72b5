import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/environment.ts'],
    // One DynamoDB Local serves every file; files run one after another so per-request call
    // counts are exact, and the two cores are not oversubscribed by Java plus parallel workers.
    fileParallelism: false,
    reporters: ['default', ['json', { outputFile: '.vitest/results.json' }]],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
