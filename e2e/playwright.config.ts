import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './support/chromium.js';

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  // One stack, one browser: specs share the database, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  outputDir: './test-results',
  use: {
    headless: true,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
