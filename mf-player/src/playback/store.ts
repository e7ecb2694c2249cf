/**
 * A value React reads with useSyncExternalStore. `get` has to return the same
 * object until something changed (or React renders in a loop), so a change
 * replaces the value, never mutates it.
 */
export class Store<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  get = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(value: T): void {
    this.value = value;
    this.notify();
  }

  /**
   * Replaces the value without telling the listeners yet: for a change made in
   * several steps, so they render once, after the last one (then `notify`).
   */
  replace(value: T): void {
    this.value = value;
  }

  notify(): void {
    this.listeners.forEach((listener) => listener());
  }
}
