import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_BEHAVIOUR, EventBus, IncompatibleBusError, getEventBus } from './index.js';

const GLOBAL_KEY = Symbol.for('tunafy.event-bus');

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[GLOBAL_KEY];
});

describe('EventBus', () => {
  it('replays the session to a subscriber that mounts late', () => {
    const bus = new EventBus();
    bus.publish('auth:session', { user: { id: '1', username: 'ann', email: 'a@b.co' } });
    const seen: unknown[] = [];
    bus.on('auth:session').subscribe((value) => seen.push(value));
    expect(seen).toEqual([{ user: { id: '1', username: 'ann', email: 'a@b.co' } }]);
    expect(bus.last('auth:session')).toEqual({ user: { id: '1', username: 'ann', email: 'a@b.co' } });
  });

  it('does not replay one-off commands', () => {
    const bus = new EventBus();
    bus.publish('ui:open-modal', { modal: 'login' });
    const seen: unknown[] = [];
    bus.on('ui:open-modal').subscribe((value) => seen.push(value));
    bus.publish('ui:open-modal', { modal: 'signup' });
    expect(seen).toEqual([{ modal: 'signup' }]);
    expect(bus.last('ui:open-modal')).toBeUndefined();
  });

  it('holds player commands published while nobody listens, for the first subscriber only, and drops stale ones', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const bus = new EventBus();
      bus.publish('player:command', { type: 'toggle' });
      now.mockReturnValue(1_003_000);
      bus.publish('player:command', { type: 'next' });
      now.mockReturnValue(1_006_000);
      // The first command is 6 s old by now (older than the 5 s declared), the second 3 s.
      const first: unknown[] = [];
      const subscription = bus.on('player:command').subscribe((value) => first.push(value));
      expect(first).toEqual([{ type: 'next' }]);
      bus.publish('player:command', { type: 'previous' });
      expect(first).toEqual([{ type: 'next' }, { type: 'previous' }]);
      const second: unknown[] = [];
      bus.on('player:command').subscribe((value) => second.push(value));
      subscription.unsubscribe();
      expect(second).toEqual([]);
    } finally {
      now.mockRestore();
    }
  });

  it('keeps only the latest replayed value', () => {
    const bus = new EventBus();
    bus.publish('auth:session', { user: null });
    bus.publish('auth:session', { user: { id: '2', username: 'bo', email: 'b@b.co' } });
    const seen: unknown[] = [];
    bus.on('auth:session').subscribe((value) => seen.push(value));
    expect(seen).toHaveLength(1);
  });

  it('declares replay for the session and the player state only', () => {
    const replaying = Object.entries(EVENT_BEHAVIOUR).filter(([, behaviour]) => behaviour.replay).map(([name]) => name);
    expect(replaying.sort()).toEqual(['auth:session', 'player:state']);
  });
});

describe('getEventBus', () => {
  it('returns one instance per page', () => {
    expect(getEventBus()).toBe(getEventBus());
  });

  it('refuses to join a bus of another major contract version', () => {
    const foreign = new EventBus();
    Object.defineProperty(foreign, 'contractVersion', { value: '2.0.0' });
    (globalThis as Record<symbol, unknown>)[GLOBAL_KEY] = foreign;
    expect(() => getEventBus()).toThrow(IncompatibleBusError);
  });
});
