import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // SWC emits the decorator metadata NestJS's dependency injection needs (esbuild does not).
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: { conditions: ['@tunafy/source'] },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: one worker keeps the API process and the database responsive.
    maxWorkers: 1,
  },
});
