import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';

const KEPT_LINES = 40;
const KILL_AFTER_MS = 5_000;

export interface EngineProcessOptions {
  /** Run as this user (only root may ask): PostgreSQL refuses to run as root. */
  runAs?: { uid: number; gid: number };
  /** What stop() sends first; default SIGTERM (PostgreSQL's SIGTERM waits for every client, SIGINT does not). */
  stopSignal?: NodeJS.Signals;
  /** How long stop() waits before SIGKILL; default 5 s (PostgreSQL writes a checkpoint before it exits). */
  killAfterMs?: number;
}

/**
 * A database server child process. Its output is kept (not printed) so that a
 * failed start or a crash can be explained without flooding normal runs.
 */
export class EngineProcess {
  readonly child: ChildProcess;
  private readonly recent: string[] = [];
  private readonly lineListeners = new Set<(line: string) => void>();
  private readonly exited: Promise<void>;
  private exitInfo: string | undefined;
  private stopping: Promise<void> | undefined;
  // Without this a parent that exits without calling stop() (a crashed test
  // run, an uncaught error) would leave the server running on its port.
  private readonly stopOnParentExit = () => {
    this.child.kill(this.stopSignal);
  };
  private readonly stopSignal: NodeJS.Signals;
  private readonly killAfterMs: number;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    warn: (line: string) => void,
    options: EngineProcessOptions = {},
  ) {
    this.stopSignal = options.stopSignal ?? 'SIGTERM';
    this.killAfterMs = options.killAfterMs ?? KILL_AFTER_MS;
    this.child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...options.runAs });
    this.collectLines(this.child.stdout!);
    this.collectLines(this.child.stderr!);
    process.once('exit', this.stopOnParentExit);
    this.exited = new Promise((resolve) => {
      const done = (info: string) => {
        if (this.exitInfo !== undefined) return;
        this.exitInfo = info;
        process.off('exit', this.stopOnParentExit);
        if (!this.stopping) warn(`${name} exited unexpectedly (${info}). Its last output:\n${this.recentOutput()}`);
        resolve();
      };
      this.child.once('exit', (code, signal) => done(signal ? `signal ${signal}` : `exit code ${code}`));
      this.child.once('error', (error) => done(`could not run ${command}: ${error.message}`));
    });
  }

  /** Why the process ended, or undefined while it runs. */
  get exitDescription(): string | undefined {
    return this.exitInfo;
  }

  recentOutput(): string {
    return this.recent.length ? this.recent.join('\n') : '(no output)';
  }

  /** Resolves with the first output line matching pattern (including lines already seen). */
  async waitForLine(pattern: RegExp, deadline: number): Promise<RegExpExecArray> {
    for (const line of this.recent) {
      const match = pattern.exec(line);
      if (match) return match;
    }
    let listener: ((line: string) => void) | undefined;
    const found = new Promise<RegExpExecArray>((resolve) => {
      listener = (line) => {
        const match = pattern.exec(line);
        if (match) resolve(match);
      };
      this.lineListeners.add(listener);
    });
    const timeout = sleep(Math.max(0, deadline - Date.now()), undefined, { ref: false });
    try {
      const result = await Promise.race([found, this.exited.then(() => undefined), timeout]);
      if (result) return result;
      throw new Error(
        this.exitInfo
          ? `${this.name} exited (${this.exitInfo}) before it was listening`
          : `${this.name} did not report that it was listening in time`,
      );
    } finally {
      this.lineListeners.delete(listener!);
    }
  }

  /** The stop signal (SIGTERM unless told), then SIGKILL if it has not exited after a few seconds. Safe to call twice. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.exitInfo !== undefined) return;
      this.child.kill(this.stopSignal);
      const timer = setTimeout(() => this.child.kill('SIGKILL'), this.killAfterMs);
      await this.exited;
      clearTimeout(timer);
    })();
    return this.stopping;
  }

  private collectLines(stream: NodeJS.ReadableStream): void {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        this.recent.push(line);
        if (this.recent.length > KEPT_LINES) this.recent.shift();
        for (const listener of this.lineListeners) listener(line);
      }
    });
  }
}

/**
 * Retries a ping until the server answers: a listening socket is not enough,
 * mongod accepts connections before it can serve commands.
 */
export async function pingUntilReady(uri: string, deadline: number, engine?: EngineProcess): Promise<void> {
  let lastError = 'no attempt was made';
  while (Date.now() < deadline) {
    if (engine?.exitDescription) throw new Error(`${engine.name} exited (${engine.exitDescription})`);
    const timeout = Math.max(500, Math.min(2_000, deadline - Date.now()));
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: timeout, connectTimeoutMS: timeout });
    try {
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    } finally {
      await client.close().catch(() => undefined);
    }
    await sleep(200);
  }
  throw new Error(`no answer to ping in time (last error: ${lastError})`);
}
