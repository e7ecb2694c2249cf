import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetIdleCallbacks } from './idle';

beforeEach(resetIdleCallbacks);

// Each test gets a fresh page-wide bus and API client (both live in global slots). Unmounting comes first:
// the player's teardown still touches its (stubbed) audio elements.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const slots = globalThis as Record<symbol, unknown>;
  delete slots[Symbol.for('tunafy.event-bus')];
  delete slots[Symbol.for('tunafy.api-client')];
});
