import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@tunafy/source'] },
  test: { include: ['src/**/*.test.ts'] },
});
