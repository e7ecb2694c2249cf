type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so the code after it starts a task of its own (decision 0027): `scheduler.yield()` where
 * the browser has it (its continuation runs before other queued work), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
