import { defineBrowserAppTestConfig } from '../../tools/vitest/browser-app.ts';

export default defineBrowserAppTestConfig();
