import type { Page } from '@playwright/test';
import type { EventMap, EventName } from '@tunafy/event-bus';

// The page's one event bus (the shell creates it in this global slot; every remote uses it). The specs talk on
// it the way another app would: typed by the bus's own contract, so a spec cannot drift from the events' shape.
interface PageBus {
  publish(name: string, payload: unknown): void;
  last(name: string): unknown;
}

/**
 * Until the page has its bus: the shell makes it when its entry runs, which on a cold load comes after the HTML's first
 * paint (decisions 0023, 0030), so possibly after `page.goto` has returned.
 */
export async function waitForBus(page: Page): Promise<void> {
  await page.waitForFunction(() => Symbol.for('tunafy.event-bus') in globalThis);
}

/** Publishes `payload` on the page's bus, as another app would (a library row's play, the shell's modal request). */
export async function publishOnBus<K extends EventName>(page: Page, name: K, payload: EventMap[K]): Promise<void> {
  await waitForBus(page);
  await page.evaluate(
    ([event, value]) => (globalThis as unknown as Record<symbol, PageBus>)[Symbol.for('tunafy.event-bus')].publish(event, value),
    [name, payload] as const,
  );
}

/** The last value published on `name` (a replayed event such as player:state), or undefined before the first. */
export async function lastOnBus<K extends EventName>(page: Page, name: K): Promise<EventMap[K] | undefined> {
  await waitForBus(page);
  return page.evaluate(
    (event) => (globalThis as unknown as Record<symbol, PageBus>)[Symbol.for('tunafy.event-bus')].last(event),
    name,
  ) as Promise<EventMap[K] | undefined>;
}
