import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Supervisor, type SupervisedChild } from './supervisor.js';

/** A child whose life the test decides: `die()` ends it, restarts succeed unless told to fail. */
function fakeChild(name: string) {
  const child = {
    name,
    running: true,
    failNextRestarts: 0,
    restarts: 0,
    alive: () => child.running,
    restart: async () => {
      child.restarts++;
      if (child.failNextRestarts > 0) {
        child.failNextRestarts--;
        throw new Error('port in use');
      }
      child.running = true;
    },
    die: () => {
      child.running = false;
    },
  };
  return child satisfies SupervisedChild & Record<string, unknown>;
}

let lines: string[];
let gaveUp: string[];
let supervisor: Supervisor;

/** The child dies `times` times, each death followed by `apartMs` (and `check`, if given). */
async function dies(child: ReturnType<typeof fakeChild>, times: number, apartMs: number, check?: () => void): Promise<void> {
  for (let death = 0; death < times; death++) {
    child.die();
    await vi.advanceTimersByTimeAsync(apartMs);
    check?.();
  }
}

function supervise(...children: SupervisedChild[]) {
  supervisor = new Supervisor({ log: (line) => lines.push(line), giveUp: (reason) => gaveUp.push(reason), checkEveryMs: 100, backoffMs: [500, 2_000], maxRestarts: 3, windowMs: 60_000 });
  children.forEach((child) => supervisor.watch(child));
}

beforeEach(() => {
  vi.useFakeTimers();
  lines = [];
  gaveUp = [];
});

afterEach(() => {
  supervisor.stop();
  vi.useRealTimers();
});

describe('Supervisor', () => {
  it('restarts a child that died, after the first pause, and logs both steps', async () => {
    const engine = fakeChild('engine');
    const api = fakeChild('api');
    supervise(engine, api);
    engine.die();
    await vi.advanceTimersByTimeAsync(100);
    expect(lines).toEqual(['engine is not running; restarting it in 0.5 s (restart 1 of at most 3 within 1 min)']);
    await vi.advanceTimersByTimeAsync(499);
    expect(engine.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.restarts).toBe(1);
    expect(engine.running).toBe(true);
    expect(lines.at(-1)).toBe('engine is running again');
    expect(api.restarts).toBe(0);
  });

  it('retries a restart that failed with a longer pause', async () => {
    const api = fakeChild('api');
    api.failNextRestarts = 1;
    supervise(api);
    api.die();
    await vi.advanceTimersByTimeAsync(600);
    expect(api.restarts).toBe(1);
    expect(lines).toContain('api did not start: port in use');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(api.restarts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.restarts).toBe(2);
    expect(api.running).toBe(true);
    expect(gaveUp).toEqual([]);
  });

  it('gives up, once, on a child that keeps dying within the window, and restarts nothing after', async () => {
    const engine = fakeChild('engine');
    supervise(engine);
    await dies(engine, 3, 2_200, () => expect(engine.running).toBe(true));
    engine.die();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(engine.restarts).toBe(3);
    expect(gaveUp).toEqual(['engine stopped 4 times within 1 min; not restarting it again. Its last errors are above.']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.restarts).toBe(3);
    expect(gaveUp).toHaveLength(1);
  });

  it('forgets restarts older than the window', async () => {
    const api = fakeChild('api');
    supervise(api);
    await dies(api, 6, 31_000);
    expect(api.restarts).toBe(6);
    expect(gaveUp).toEqual([]);
  });

  it('restarts nothing once stopped (Ctrl-C stops the children on purpose)', async () => {
    const api = fakeChild('api');
    supervise(api);
    supervisor.stop();
    api.die();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.restarts).toBe(0);
    expect(lines).toEqual([]);
  });
});
