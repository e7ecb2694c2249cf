/**
 * Runs work once the page has nothing more urgent to do (decision 0031): the player's start waits for it so that
 * it does not lengthen the first screen's tasks, which a phone runs 4× slower.
 */

/** Runs `task` later; returns a cancel. */
export type IdleScheduler = (task: () => void) => () => void;

/** Past this the task runs even if the page never went idle. */
export const IDLE_TIMEOUT_MS = 2000;
/** Where there is no `requestIdleCallback` (Safari): a timer, after the tasks already queued. */
export const NO_IDLE_CALLBACK_DELAY_MS = 200;

export const whenIdle: IdleScheduler = (task) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, NO_IDLE_CALLBACK_DELAY_MS);
  return () => clearTimeout(handle);
};
