/**
 * Runs tasks one at a time per key (a like of one song by one user, one
 * playlist entry...), so a database write and the read model update that
 * follows it happen in the same order for racing requests in this process —
 * a double click's like and unlike can never land in the model reversed.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
