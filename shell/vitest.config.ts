import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages from their TypeScript sources: no build needed to test the shell.
  resolve: { conditions: ['@tunafy/source'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    // A guard against hangs, not a speed limit: jsdom renders slowly when the machine is busy (a player test took 6 s at load 15).
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    css: { include: /\.module\.css$/ },
  },
});
