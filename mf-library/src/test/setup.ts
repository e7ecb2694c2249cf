import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Predictable object URLs for the update forms' previews (jsdom cannot show blob: URLs anyway).
URL.createObjectURL = vi.fn((blob: Blob) => `blob:preview/${(blob as File).name ?? 'file'}`);
URL.revokeObjectURL = vi.fn();

// Each test gets a fresh page-wide bus and API client (both live in global slots).
afterEach(() => {
  cleanup();
  const slots = globalThis as Record<symbol, unknown>;
  delete slots[Symbol.for('tunafy.event-bus')];
  delete slots[Symbol.for('tunafy.api-client')];
});
