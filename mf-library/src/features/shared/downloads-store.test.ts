import { renderHook } from '@testing-library/react';
import { getEventBus } from '@tunafy/event-bus';
import { expect, it, vi } from 'vitest';

it('loads on a page whose session is already on the bus, which calls its subscription at once', async () => {
  getEventBus().publish('auth:session', { user: { id: 'u1', username: 'ann', email: 'ann@example.com' } });
  vi.resetModules();
  // Before, the subscription reached a Map declared below it: RxJS rethrew the ReferenceError in a timer, which
  // vitest reports as an unhandled error and fails the run with (the page showed it as an uncaught exception).
  const { useDownloads } = await import('./downloads-store');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(renderHook(() => useDownloads('u1')).result.current.accountId).toBe('u1');
});
