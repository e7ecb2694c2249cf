import { describe, expect, it } from 'vitest';
import { CoverPool } from './cover-pool.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('CoverPool', () => {
  it('runs at most two at once, one of them background, and serves waiting requests first', async () => {
    const pool = new CoverPool(2, 1);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const task = (name: string) => () => {
      started.push(name);
      const g = gate();
      gates.set(name, g);
      return g.opened;
    };
    const runs = [pool.run('background', task('b1')), pool.run('background', task('b2')), pool.run('request', task('r1')), pool.run('request', task('r2'))];
    await Promise.resolve();
    // b2 waits (one background slot); r1 takes the second slot; r2 waits for a slot.
    expect(started).toEqual(['b1', 'r1']);
    expect(pool.pending).toBe(4);
    gates.get('b1')!.open();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    // The freed slot goes to the waiting request before the waiting background task.
    expect(started).toEqual(['b1', 'r1', 'r2']);
    gates.get('r1')!.open();
    await runs[2];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['b1', 'r1', 'r2', 'b2']);
    gates.get('r2')!.open();
    gates.get('b2')!.open();
    await Promise.all(runs);
    expect(pool.pending).toBe(0);
  });
});
