import { defineBrowserAppTestConfig } from '../tools/vitest/browser-app.ts';

export default defineBrowserAppTestConfig({ setupFile: './src/test-setup.ts', defineEventContract: false });
