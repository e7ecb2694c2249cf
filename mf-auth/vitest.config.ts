import { defineConfig } from 'vitest/config';
import { EVENT_CONTRACT_VERSION } from '../packages/event-bus/src/events.ts';

export default defineConfig({
  define: { __EVENT_CONTRACT_VERSION__: JSON.stringify(EVENT_CONTRACT_VERSION) },
  resolve: { conditions: ['@tunafy/source'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    // A guard against hangs, not a speed limit: jsdom renders slowly when the machine is busy (a player test took 6 s at load 15).
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: { include: /\.module\.css$/ },
  },
});
