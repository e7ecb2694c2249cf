import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages from their TypeScript sources: no build needed to test the shell.
  resolve: { conditions: ['@tunafy/source'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    css: { include: /\.module\.css$/ },
  },
});
