import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldLease } from './job-leases.js';
import { LEASE_MS, LeasedJob } from './leased-job.js';

/** Leases in memory: `free` decides whether acquire wins, `held` whether a renewal keeps it. */
function fakeLeases(options: { free?: boolean; held?: boolean } = {}) {
  const calls: string[] = [];
  const leases = {
    free: options.free ?? true,
    held: options.held ?? true,
    async acquire(): Promise<HeldLease | null> {
      calls.push('acquire');
      return leases.free ? { term: 1, until: Date.now() + LEASE_MS } : null;
    },
    async renew(): Promise<boolean> {
      calls.push('renew');
      return leases.held;
    },
    async release(): Promise<void> {
      calls.push('release');
    },
  };
  return { leases, calls };
}

const logger = new Logger('test');
afterEach(() => vi.useRealTimers());

describe('LeasedJob', () => {
  it('walks while it holds the lease and gives it up when the walk returns, then stops', async () => {
    const { leases, calls } = fakeLeases();
    const job = new LeasedJob({ name: 'test job', leases, logger });
    let walks = 0;
    job.start(async (lost) => {
      walks++;
      expect(lost()).toBe(false);
      if (walks === 2) void job.stop();
      await job.pause(10);
    });
    await vi.waitFor(() => expect(job.isStopped).toBe(true));
    await job.stop();
    expect(walks).toBe(2);
    expect(calls).toEqual(['acquire', 'release', 'acquire', 'release']);
  });

  it('tells the walk the lease is lost once a renewal fails', async () => {
    vi.useFakeTimers();
    const { leases } = fakeLeases({ held: false });
    const job = new LeasedJob({ name: 'test job', leases, logger });
    const seen: boolean[] = [];
    job.start(async (lost) => {
      seen.push(lost());
      await vi.advanceTimersByTimeAsync(LEASE_MS / 3 + 1);
      seen.push(lost());
      void job.stop();
    });
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await job.stop();
    expect(seen).toEqual([false, true]);
  });

  it('waits as told after a failed walk (quietly) and walks again', async () => {
    const { leases } = fakeLeases();
    const warn = vi.spyOn(logger, 'warn');
    const job = new LeasedJob({ name: 'test job', leases, logger, retryAfterMs: () => 200 });
    const walkedAt: number[] = [];
    job.start(async () => {
      walkedAt.push(Date.now());
      if (walkedAt.length === 1) throw new Error('no ffmpeg');
      void job.stop();
    });
    await vi.waitFor(() => expect(walkedAt).toHaveLength(2));
    await job.stop();
    expect(walkedAt[1]! - walkedAt[0]!).toBeGreaterThanOrEqual(190);
    expect(warn).not.toHaveBeenCalled();
  });
});
