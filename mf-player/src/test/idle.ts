import { vi } from 'vitest';

/**
 * `requestIdleCallback` under the tests' control (jsdom has none): the player starts when the page is idle
 * (decision 0031), and a test says when that is.
 */
export function stubIdleCallbacks() {
  const waiting = new Map<number, IdleRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    waiting.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => void waiting.delete(handle));
  return {
    pending: () => waiting.size,
    /** Runs the callbacks waiting now and those they ask for, as a page with nothing else to do would. */
    runAll(): void {
      for (let entry = waiting.entries().next(); !entry.done; entry = waiting.entries().next()) {
        const [handle, callback] = entry.value;
        waiting.delete(handle);
        callback({ didTimeout: false, timeRemaining: () => 50 });
      }
    },
  };
}

export let idleCallbacks: ReturnType<typeof stubIdleCallbacks>;

/** For the setup file: a fresh stub per test. */
export function resetIdleCallbacks(): void {
  idleCallbacks = stubIdleCallbacks();
}
