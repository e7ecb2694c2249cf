import { preloadDialog } from '../dialog/dialog';
import { preloadMenu } from '../menu/menu';

// A dialog's behaviour loads in its own chunk; loaded before the tests, a dialog renders at once.
// Suites opt in with defineBrowserAppTestConfig({ dialogs: true }) (tools/vitest/browser-app.ts);
// dialog.test.tsx checks the deferred first render on a fresh copy of the module.
await preloadDialog();
// Menus load the same way (menu.test.tsx checks the stand-in trigger on a fresh copy).
await preloadMenu();
