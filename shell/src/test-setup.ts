import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // A fresh page-wide bus per test, as a fresh page would have.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('tunafy.event-bus')];
});
