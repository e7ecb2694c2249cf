import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@tunafy/source'] },
  test: {
    include: ['src/**/*.test.ts'],
    // Starting real database engines (and building FerretDB on a cold cache) is slow.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
