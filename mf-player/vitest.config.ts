import { defineConfig } from 'vitest/config';
import { EVENT_CONTRACT_VERSION } from '../packages/event-bus/src/events.ts';

export default defineConfig({
  define: { __EVENT_CONTRACT_VERSION__: JSON.stringify(EVENT_CONTRACT_VERSION) },
  resolve: { conditions: ['@tunafy/source'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: { include: /\.module\.css$/ },
  },
});
