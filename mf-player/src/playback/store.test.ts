import { describe, expect, it, vi } from 'vitest';
import { Store } from './store';

describe('Store', () => {
  it('tells its listeners about a set, and keeps the very object it was given', () => {
    const store = new Store({ n: 1 });
    const listener = vi.fn();
    store.subscribe(listener);
    const next = { n: 2 };
    store.set(next);
    expect(store.get()).toBe(next);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('replace changes the value silently until notify', () => {
    const store = new Store(1);
    const listener = vi.fn();
    store.subscribe(listener);
    store.replace(2);
    store.replace(3);
    expect(store.get()).toBe(3);
    expect(listener).not.toHaveBeenCalled();
    store.notify();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops calling a listener once it unsubscribed; get and subscribe work unbound (as React calls them)', () => {
    const store = new Store('a');
    const { get, subscribe } = store;
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    unsubscribe();
    store.set('b');
    expect(listener).not.toHaveBeenCalled();
    expect(get()).toBe('b');
  });
});
