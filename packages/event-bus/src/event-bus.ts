import { Observable, ReplaySubject, Subject } from 'rxjs';
import { EVENT_BEHAVIOUR, EVENT_CONTRACT_VERSION, type EventMap, type EventName } from './events.js';

/** At most this many unheard commands are held per event (the oldest go first). */
const HELD_MAX = 20;

/**
 * A typed bus over RxJS subjects: one subject per event name, a ReplaySubject(1)
 * for events declared as replaying (the session, the player state), and for
 * events declared with `holdUnheardMs`, what was published while nobody
 * listened, handed once to the first subscriber.
 */
export class EventBus {
  readonly contractVersion = EVENT_CONTRACT_VERSION;
  private readonly subjects = new Map<EventName, Subject<unknown>>();
  private readonly latest = new Map<EventName, unknown>();
  private readonly held = new Map<EventName, { payload: unknown; at: number }[]>();

  private subject<K extends EventName>(name: K): Subject<EventMap[K]> {
    let subject = this.subjects.get(name);
    if (!subject) {
      subject = EVENT_BEHAVIOUR[name].replay ? new ReplaySubject<unknown>(1) : new Subject<unknown>();
      this.subjects.set(name, subject);
    }
    return subject as Subject<EventMap[K]>;
  }

  publish<K extends EventName>(name: K, payload: EventMap[K]): void {
    const behaviour = EVENT_BEHAVIOUR[name];
    if (behaviour.replay) this.latest.set(name, payload);
    const subject = this.subject(name);
    if (behaviour.holdUnheardMs !== undefined && !subject.observed) {
      const held = this.held.get(name) ?? [];
      held.push({ payload, at: Date.now() });
      if (held.length > HELD_MAX) held.shift();
      this.held.set(name, held);
      return;
    }
    subject.next(payload);
  }

  on<K extends EventName>(name: K): Observable<EventMap[K]> {
    const subject = this.subject(name);
    const holdMs = EVENT_BEHAVIOUR[name].holdUnheardMs;
    if (holdMs === undefined) return subject.asObservable();
    return new Observable<EventMap[K]>((subscriber) => {
      const held = this.held.get(name) ?? [];
      this.held.delete(name);
      const since = Date.now() - holdMs;
      for (const { payload, at } of held) if (at >= since) subscriber.next(payload as EventMap[K]);
      return subject.subscribe(subscriber);
    });
  }

  /** The last value of a replaying event, for synchronous first renders. */
  last<K extends EventName>(name: K): EventMap[K] | undefined {
    return this.latest.get(name) as EventMap[K] | undefined;
  }
}

const GLOBAL_KEY = Symbol.for('tunafy.event-bus');

export class IncompatibleBusError extends Error {}

function majorOf(version: string): string {
  return version.split('.')[0] ?? version;
}

/**
 * The one bus of the page. Module Federation shares this package as a
 * singleton; the global slot is a second line of defence so two copies of the
 * package still share one bus, and lets a remote built against another major
 * contract version fail loudly instead of silently missing events.
 */
export function getEventBus(): EventBus {
  const slot = globalThis as unknown as Record<symbol, EventBus | undefined>;
  const existing = slot[GLOBAL_KEY];
  if (existing) {
    if (majorOf(existing.contractVersion) !== majorOf(EVENT_CONTRACT_VERSION)) {
      throw new IncompatibleBusError(
        `Event contract ${EVENT_CONTRACT_VERSION} cannot join the page's bus (contract ${existing.contractVersion}). Rebuild this remote against the current @tunafy/event-bus.`,
      );
    }
    return existing;
  }
  const bus = new EventBus();
  slot[GLOBAL_KEY] = bus;
  return bus;
}

export function isCompatibleContract(version: string): boolean {
  return majorOf(version) === majorOf(EVENT_CONTRACT_VERSION);
}
