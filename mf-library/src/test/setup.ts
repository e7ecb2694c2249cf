import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetPrefetched } from '../lib/use-api';

// Predictable object URLs for the update forms' previews (jsdom cannot show blob: URLs anyway).
URL.createObjectURL = vi.fn((blob: Blob) => `blob:preview/${(blob as File).name ?? 'file'}`);
URL.revokeObjectURL = vi.fn();

// A screen module prefetches its data when imported (home-page.tsx): no test may get another's answer.
beforeEach(() => forgetPrefetched());

// Each test gets a fresh page-wide bus and API client (both live in global slots).
afterEach(() => {
  cleanup();
  const slots = globalThis as Record<symbol, unknown>;
  delete slots[Symbol.for('tunafy.event-bus')];
  delete slots[Symbol.for('tunafy.api-client')];
});
