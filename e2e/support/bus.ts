import type { Page } from '@playwright/test';
import type { EventMap, EventName } from '@tunafy/event-bus';

// The page's one event bus (the shell creates it in this global slot; every remote uses it). The specs talk on
// it the way another app would: typed by the bus's own contract, so a spec cannot drift from the events' shape.
interface PageBus {
  publish(name: string, payload: unknown): void;
  last(name: string): unknown;
}

/** Publishes `payload` on the page's bus, as another app would (a library row's play, the shell's modal request). */
export async function publishOnBus<K extends EventName>(page: Page, name: K, payload: EventMap[K]): Promise<void> {
  await page.evaluate(
    ([event, value]) => (globalThis as unknown as Record<symbol, PageBus>)[Symbol.for('tunafy.event-bus')].publish(event, value),
    [name, payload] as const,
  );
}

/** The last value published on `name` (a replayed event such as player:state), or undefined before the first. */
export function lastOnBus<K extends EventName>(page: Page, name: K): Promise<EventMap[K] | undefined> {
  return page.evaluate(
    (event) => (globalThis as unknown as Record<symbol, PageBus>)[Symbol.for('tunafy.event-bus')].last(event),
    name,
  ) as Promise<EventMap[K] | undefined>;
}
