import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { EVENT_CONTRACT_VERSION } from '@tunafy/event-bus';

interface BrowserAppTestOptions {
  /** The suite's setup file (jest-dom matchers, cleanup, fresh page-wide slots). */
  setupFile?: string;
  /** Compile __EVENT_CONTRACT_VERSION__ in, as a remote's build does (the shell's tests stub it themselves). */
  defineEventContract?: boolean;
  /** For suites that open @tunafy/ui dialogs: their behaviour's chunk is loaded before the tests. */
  dialogs?: boolean;
}

/**
 * The unit-test setup every React app and UI package shares (remotes, the shell, @tunafy/ui), so their
 * suites cannot drift apart: workspace packages from their TypeScript sources, jsdom, CSS Modules
 * compiled (tests read class names), and the event contract constant the remotes' builds define.
 */
export function defineBrowserAppTestConfig({ setupFile = './src/test/setup.ts', defineEventContract = true, dialogs = false }: BrowserAppTestOptions = {}) {
  return defineConfig({
    define: defineEventContract ? { __EVENT_CONTRACT_VERSION__: JSON.stringify(EVENT_CONTRACT_VERSION) } : {},
    resolve: { conditions: ['@tunafy/source'] },
    oxc: { jsx: { runtime: 'automatic' } },
    test: {
      // A guard against hangs, not a speed limit: jsdom renders slowly when the machine is busy (a player test took 6 s at load 15).
      testTimeout: 20_000,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [
        fileURLToPath(new URL('./async-timeout.ts', import.meta.url)),
        ...(dialogs ? [fileURLToPath(new URL('../../packages/ui/src/test/preload-dialog.ts', import.meta.url))] : []),
        setupFile,
      ],
      css: { include: /\.module\.css$/ },
    },
  });
}
