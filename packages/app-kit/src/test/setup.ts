import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test gets a fresh page-wide bus and API client (both live in global slots).
afterEach(() => {
  cleanup();
  const slots = globalThis as Record<symbol, unknown>;
  delete slots[Symbol.for('tunafy.event-bus')];
  delete slots[Symbol.for('tunafy.api-client')];
});
