import { vi } from 'vitest';
import { act } from '@testing-library/react';
import type { SessionUser } from '@tunafy/contracts';
import { getEventBus, type EventMap, type EventName, type PlayerCommand, type QueueItem } from '@tunafy/event-bus';

// Rendering at a route the way the shell does is the same in every app's tests.
export { currentPath, renderAt } from '@tunafy/app-kit/test';

/** What the shell does after its session check. */
export function publishSession(user: SessionUser | null): void {
  act(() => getEventBus().publish('auth:session', { user }));
}

/** Everything published on `name` from now on. */
export function recordBus<K extends EventName>(name: K): EventMap[K][] {
  const seen: EventMap[K][] = [];
  getEventBus().on(name).subscribe((payload) => seen.push(payload));
  return seen;
}

/** The queue of a play-list command (fails the test for any other command). */
export function queueOf(command: PlayerCommand | undefined): QueueItem[] {
  if (command?.type !== 'play-list') throw new Error(`expected a play-list command, got ${JSON.stringify(command)}`);
  return command.songs;
}

/**
 * jsdom lays nothing out: the window "scrolls" by moving the windowed list's full-height block, as a browser
 * would (restore with vi.restoreAllMocks). Answers a function that scrolls to `y` px past the list's top.
 */
export function fakeWindowScrolling(): (y: number) => void {
  let scrolled = 0;
  vi.spyOn(window, 'scrollBy').mockImplementation(((_x: number, y: number) => {
    scrolled += y;
    window.dispatchEvent(new Event('scroll'));
  }) as typeof window.scrollBy);
  vi.spyOn(HTMLDivElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top: -scrolled }) as DOMRect);
  return (y) => {
    scrolled = y;
    window.dispatchEvent(new Event('scroll'));
  };
}
