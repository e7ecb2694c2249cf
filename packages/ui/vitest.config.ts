import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@tunafy/source'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    // A guard against hangs, not a speed limit: jsdom renders slowly when the machine is busy.
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: { include: /\.module\.css$/ },
  },
});
