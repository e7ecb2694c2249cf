import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadDialog } from '../dialog/dialog';

afterEach(() => cleanup());

// The dialog's behaviour lives in its own chunk; loaded before the tests, a dialog renders at once
// (dialog.test.tsx checks the first render without it on a fresh copy of the module).
await preloadDialog();
