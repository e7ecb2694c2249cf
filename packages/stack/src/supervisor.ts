/** A child process `npm start` keeps running: how to tell it died and how to start it again. */
export interface SupervisedChild {
  name: string;
  /** Whether it runs right now (checked every `checkEveryMs`). */
  alive(): boolean;
  /** Starts it again on the same address and data; rejects when it could not. */
  restart(): Promise<void>;
}

export interface SupervisorOptions {
  log: (line: string) => void;
  /** Called once when a child keeps dying: the caller stops everything and exits. */
  giveUp: (reason: string) => void;
  checkEveryMs?: number;
  /** Wait before the first, second, ... restart of a run of failures; the last value repeats. */
  backoffMs?: readonly number[];
  /** More than this many restarts within `windowMs` and the supervisor gives up. */
  maxRestarts?: number;
  windowMs?: number;
}

const DEFAULT_BACKOFF_MS = [500, 2_000, 5_000, 15_000, 30_000];

/**
 * Keeps `npm start`'s children (the database engine, the API) running for the
 * self-hoster who leaves it up for weeks: a child that dies is started again
 * after a growing pause, each restart is logged, and a child that keeps dying
 * (a full disk, a broken data folder) ends the run with a clear message
 * instead of a restart loop that hides the cause. Polling rather than exit
 * events: a restarted child is a new process, and "is it running" is the one
 * question every kind of child can answer.
 */
export class Supervisor {
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly children: SupervisedChild[] = [];
  /** Children being restarted (not checked meanwhile), with the times of their recent restarts. */
  private readonly busy = new Set<SupervisedChild>();
  private readonly restarts = new Map<SupervisedChild, number[]>();
  private stopped = false;

  constructor(private readonly options: SupervisorOptions) {
    this.timer = setInterval(() => this.check(), options.checkEveryMs ?? 1_000);
  }

  watch(child: SupervisedChild): void {
    this.children.push(child);
  }

  /** Ctrl-C: no more restarts, the children are being stopped on purpose. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private check(): void {
    if (this.stopped) return;
    for (const child of this.children) {
      if (!this.busy.has(child) && !child.alive()) void this.revive(child);
    }
  }

  private async revive(child: SupervisedChild): Promise<void> {
    this.busy.add(child);
    const { log } = this.options;
    const backoff = this.options.backoffMs ?? DEFAULT_BACKOFF_MS;
    const windowMs = this.options.windowMs ?? 10 * 60_000;
    const maxRestarts = this.options.maxRestarts ?? 5;
    try {
      for (;;) {
        const now = Date.now();
        const recent = (this.restarts.get(child) ?? []).filter((at) => at > now - windowMs);
        if (recent.length >= maxRestarts) {
          this.stop();
          this.options.giveUp(`${child.name} stopped ${recent.length + 1} times within ${Math.round(windowMs / 60_000)} min; not restarting it again. Its last errors are above.`);
          return;
        }
        const wait = backoff[Math.min(recent.length, backoff.length - 1)]!;
        log(`${child.name} is not running; restarting it in ${(wait / 1000).toFixed(1)} s (restart ${recent.length + 1} of at most ${maxRestarts} within ${Math.round(windowMs / 60_000)} min)`);
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (this.stopped) return;
        recent.push(Date.now());
        this.restarts.set(child, recent);
        try {
          await child.restart();
          log(`${child.name} is running again`);
          return;
        } catch (error) {
          log(`${child.name} did not start: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      this.busy.delete(child);
    }
  }
}
