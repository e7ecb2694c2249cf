import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@nestjs/common';
import type { HeldLease, JobLeases } from './job-leases.js';

/** A lease outlives a stalled holder this long; a holder renews it every LEASE_MS / 3. */
export const LEASE_MS = 60_000;

export interface LeasedJobOptions {
  /** How log lines name the job ("loudness job"). */
  name: string;
  leases: Pick<JobLeases, 'acquire' | 'renew' | 'release'>;
  logger: Logger;
  /** How long to wait after `error` before trying again (LEASE_MS and a warning when not given or null). */
  retryAfterMs?: (error: unknown) => number | null;
}

/**
 * Runs a background job on one replica at a time (docs/decisions/0007): takes the job's lease (looking again every half
 * lease while another replica holds it), renews it on a timer while the walk runs, so one long step or an idle wait never
 * lets it lapse, and gives it up when the walk returns or throws. A failed walk waits and tries again; stop() ends it.
 */
export class LeasedJob {
  private stopped = false;
  private running: Promise<void> | null = null;
  private wake: AbortController | null = null;

  constructor(private readonly options: LeasedJobOptions) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Starts walking in the background; `walk` returns when `lost()` (the lease went to another replica) or when stopped. */
  start(walk: (lost: () => boolean) => Promise<void>): void {
    this.running = this.loop(walk).catch((error: Error) => this.options.logger.error(`${this.options.name} stopped: ${error.stack ?? error.message}`));
  }

  /** Stops at the walk's next check and waits for it (a step under way finishes). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.abort();
    await this.running;
  }

  /** Waits `ms`, or less when the job is stopped meanwhile. */
  async pause(ms: number): Promise<void> {
    if (this.stopped) return;
    this.wake = new AbortController();
    await delay(ms, undefined, { signal: this.wake.signal, ref: false }).catch(() => undefined);
    this.wake = null;
  }

  private async loop(walk: (lost: () => boolean) => Promise<void>): Promise<void> {
    const { leases, logger, name } = this.options;
    while (!this.stopped) {
      let lease: HeldLease | null = null;
      try {
        lease = await leases.acquire(LEASE_MS);
        if (!lease) {
          await this.pause(LEASE_MS / 2);
          continue;
        }
        await this.holding(lease, walk);
      } catch (error) {
        if (this.stopped) break;
        const retry = this.options.retryAfterMs?.(error) ?? null;
        if (retry === null) logger.warn(`${name}: ${(error as Error).message}; trying again in a minute`);
        await this.pause(retry ?? LEASE_MS);
      } finally {
        if (lease) await leases.release(lease).catch(() => undefined);
      }
    }
  }

  private async holding(lease: HeldLease, walk: (lost: () => boolean) => Promise<void>): Promise<void> {
    let lost = false;
    const renewal = setInterval(() => {
      void this.options.leases.renew(lease, LEASE_MS).then(
        (held) => {
          if (!held) lost = true;
        },
        (error: Error) => this.options.logger.warn(`${this.options.name} lease not renewed: ${error.message}`),
      );
    }, LEASE_MS / 3);
    renewal.unref();
    try {
      await walk(() => lost || this.stopped);
    } finally {
      clearInterval(renewal);
    }
  }
}
