/** Who waits for a slot: a request (someone is looking at a placeholder) or background work (uploads, the job). */
export type CoverPriority = 'request' | 'background';

interface Waiter {
  priority: CoverPriority;
  start: () => void;
}

/**
 * At most `slots` derivations at once (two cores: more would only queue in libvips while holding decoded pictures),
 * of which at most `backgroundSlots` background ones, so a request always finds a slot soon; requests are served
 * before background work that waits, each kind in order of arrival.
 */
export class CoverPool {
  private running = 0;
  private runningBackground = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly slots = 2,
    private readonly backgroundSlots = 1,
  ) {}

  /** Derivations running or waiting (the job waits for the queue to shorten rather than fill it). */
  get pending(): number {
    return this.running + this.waiting.length;
  }

  async run<T>(priority: CoverPriority, task: () => Promise<T>): Promise<T> {
    if (!this.canStart(priority)) await new Promise<void>((start) => this.waiting.push({ priority, start }));
    else this.take(priority);
    try {
      return await task();
    } finally {
      this.running--;
      if (priority === 'background') this.runningBackground--;
      this.next();
    }
  }

  private canStart(priority: CoverPriority): boolean {
    return this.running < this.slots && (priority === 'request' || this.runningBackground < this.backgroundSlots);
  }

  private take(priority: CoverPriority): void {
    this.running++;
    if (priority === 'background') this.runningBackground++;
  }

  private next(): void {
    for (const priority of ['request', 'background'] as const) {
      const at = this.waiting.findIndex((waiter) => waiter.priority === priority);
      if (at < 0 || !this.canStart(priority)) continue;
      const [waiter] = this.waiting.splice(at, 1);
      this.take(priority);
      waiter!.start();
      return;
    }
  }
}
