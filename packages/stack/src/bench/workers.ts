import { spawn, type ChildProcess } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../paths.js';

/**
 * Load generators and baseline servers run as child processes, so neither
 * side of a comparison shares an event loop with the harness or with the
 * load generator: the API is its own process, and so is every baseline.
 * Workers read one JSON argument and answer JSON lines on stdout.
 */
function workerCommand(name: string, input: unknown): { args: string[] } {
  // From src/ (tsx) the siblings are .ts and need tsx's loader; from dist/ they are plain .js.
  const ext = extname(fileURLToPath(import.meta.url));
  const file = fileURLToPath(new URL(`./${name}${ext}`, import.meta.url));
  const loader = ext === '.ts' ? ['--import', 'tsx'] : [];
  return { args: [...loader, file, JSON.stringify(input)] };
}

function spawnWorker(name: string, input: unknown): { child: ChildProcess; lines: AsyncIterable<string>; stderr: string[] } {
  const { args } = workerCommand(name, input);
  const child = spawn(process.execPath, args, { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString('utf8'));
    if (stderr.length > 50) stderr.shift();
  });
  async function* lines(): AsyncIterable<string> {
    let buffered = '';
    for await (const chunk of child.stdout!) {
      buffered += (chunk as Buffer).toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) yield line;
    }
    if (buffered.trim()) yield buffered;
  }
  return { child, lines: lines(), stderr };
}

/** Runs a worker to completion and answers its last JSON line. */
export async function runWorker<T>(name: string, input: unknown): Promise<T> {
  const { child, lines, stderr } = spawnWorker(name, input);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let last: string | undefined;
  for await (const line of lines) last = line;
  const code = await exited;
  if (code !== 0 || !last) throw new Error(`bench worker ${name} failed (exit code ${code}):\n${stderr.join('')}`);
  return JSON.parse(last) as T;
}

export interface WorkerServer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts a server worker and resolves once it printed {"port": N}. */
export async function startWorkerServer(name: string, input: unknown): Promise<WorkerServer> {
  const { child, lines, stderr } = spawnWorker(name, input);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new Error(`bench server ${name} did not start:\n${stderr.join('')}`);
  const { port } = JSON.parse(first.value) as { port: number };
  // Keep draining stdout so the child never blocks on a full pipe.
  void (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next());
  })();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
