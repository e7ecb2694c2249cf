import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pidListeningOn } from '../bench/process-cpu.js';
import { repoRoot } from '../paths.js';
import { findFreePort } from '../ports.js';

/**
 * The self-hoster's drill: `npm start`'s own entry (the built API, the embedded engine, the gateway) on a
 * scratch data folder; its engine and then its API are killed with SIGKILL, and the app must answer again
 * without a hand. Needs the API built (`npm test` builds first).
 */
let scratch: string;
let start: ChildProcess;
let port: number;
const output: string[] = [];
let exited: Promise<number | null>;

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last output:\n${output.slice(-30).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const health = async () => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
  } catch {
    return 0;
  }
};
const healthy = async () => ((await health()) === 200 ? true : undefined);
const lastPortIn = (pattern: RegExp) => {
  for (let at = output.length - 1; at >= 0; at--) {
    const match = pattern.exec(output[at]!);
    if (match) return Number(match[1]);
  }
  return undefined;
};
const enginePort = () => lastPortIn(/^\[db\] \S+ at mongodb:\/\/127\.0\.0\.1:(\d+)\//);
const apiPort = () => lastPortIn(/^\[api\] .*"tunafy api listening","port":(\d+)/);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tunafy-start-drill-'));
  port = await findFreePort();
  start = spawn(process.execPath, ['--import', 'tsx', 'packages/stack/src/cli/start.ts'], {
    cwd: repoRoot(),
    env: { ...process.env, PORT: String(port), TUNAFY_DATA_DIR: scratch, MEDIA_CACHE_DIR: join(scratch, 'media'), SESSION_SECRET: 'drill-secret-drill-secret-drill-secret', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => start.once('exit', (code) => resolve(code)));
  for (const stream of [start.stdout!, start.stderr!]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      output.push(...lines.map((line) => line.trim()));
    });
  }
  await waitFor('npm start to be ready', () => (output.some((line) => line.startsWith('Tunafy is running at')) ? true : undefined), 180_000);
}, 200_000);

afterAll(async () => {
  if (start && start.exitCode === null) {
    start.kill('SIGINT');
    await exited;
  }
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('npm start keeps its children running', () => {
  it('answers again after its database engine is killed, on the same address and data', async () => {
    expect(await health()).toBe(200);
    const engine = pidListeningOn(enginePort()!);
    expect(engine).toBeDefined();
    process.kill(engine!, 'SIGKILL');
    await waitFor('the engine to be restarted', () => (output.some((line) => /^\[supervisor\] the database engine .* is running again$/.test(line)) ? true : undefined));
    await waitFor('the API to answer 200 again', healthy);
    const restarted = pidListeningOn(enginePort()!);
    expect(restarted).toBeDefined();
    expect(restarted).not.toBe(engine);
  }, 120_000);

  it('answers again after its API is killed, on the same port behind the gateway', async () => {
    const before = apiPort()!;
    const apiPid = pidListeningOn(before);
    expect(apiPid).toBeDefined();
    process.kill(apiPid!, 'SIGKILL');
    await waitFor('the API to be restarted', () => (output.some((line) => line === '[supervisor] the API is running again') ? true : undefined));
    await waitFor('the gateway to answer 200 again', healthy);
    expect(apiPort()).toBe(before);
    expect(pidListeningOn(before)).not.toBe(apiPid);
  }, 120_000);

  it('stops cleanly on Ctrl-C, taking its children along', async () => {
    const children = [pidListeningOn(enginePort()!), pidListeningOn(apiPort()!)];
    expect(children.every((pid) => pid !== undefined)).toBe(true);
    start.kill('SIGINT');
    expect(await exited).toBe(0);
    const gone = (pid: number) => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    };
    expect(children.every((pid) => gone(pid!))).toBe(true);
    expect(output.some((line) => line.startsWith('[supervisor] ') && line.includes('not restarting'))).toBe(false);
  }, 60_000);
});
