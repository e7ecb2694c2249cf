import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { EngineProcess, pingUntilReady } from './engine-process.js';
import { locateFerretdb } from './ferretdb.js';
import { parseMongoUri, redact, withDatabase } from './mongo-uri.js';
import { findExecutable, repoRoot } from './paths.js';
import { findFreePort } from './ports.js';

export type DatabaseEngine = 'external' | 'mongod' | 'ferretdb';

export interface RunningDatabase {
  /** Connection string including the database name. */
  uri: string;
  engine: DatabaseEngine;
  /** Stops the engine (or drops the test database on an external server). Safe to call twice. */
  stop(): Promise<void>;
  /**
   * Local engines only (undefined for an external server): failure drills. `outage()` stops the engine
   * process but keeps its data and address; `recover()` starts it again on the same port and data
   * directory and resolves once it answers a ping. stop() still cleans up either way.
   */
  outage?(): Promise<void>;
  recover?(): Promise<void>;
}

export interface StartDatabaseOptions {
  /** dev: database `tunafy`, data kept under .data/db. test: a fresh, uniquely named database that stop() throws away. */
  mode: 'dev' | 'test';
  /** Data directory for a local engine; it is never deleted. */
  dataDir?: string;
  /** Progress lines. Without it, only builds and crashes are reported (on stderr). */
  log?: (line: string) => void;
  /** Where MONGODB_URI, PATH and TUNAFY_FERRETDB_BIN are read from; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** How long a started engine may take to answer a ping; default 30 s. */
  readyTimeoutMs?: number;
}

export const NO_ENGINE_MESSAGE =
  'No MongoDB-compatible database is available. Do one of: ' +
  '(1) set MONGODB_URI to a running MongoDB server, e.g. mongodb://127.0.0.1:27017/tunafy; ' +
  '(2) install mongod and put it on PATH; ' +
  '(3) install Go (1.21 or newer) so the local FerretDB engine in tools/ferretdb can be built ' +
  '(or set TUNAFY_FERRETDB_BIN to an already built tunafy-ferretdb).';

/**
 * Provides a database for `npm start`, the tests and the benchmarks, trying in
 * order: MONGODB_URI, a mongod on PATH, then the bundled FerretDB engine.
 */
export async function startDatabase(options: StartDatabaseOptions): Promise<RunningDatabase> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  // Crashes and multi-minute builds must be visible even to callers that
  // did not ask for progress lines.
  const notice = options.log ?? ((line: string) => console.error(`[tunafy db] ${line}`));
  const deadline = () => Date.now() + (options.readyTimeoutMs ?? 30_000);
  const context: LocalContext = { options, env, notice, log, deadline };
  const testDatabase = `tunafy_test_${randomBytes(6).toString('hex')}`;

  if (env.MONGODB_URI) {
    return useExternal(env.MONGODB_URI, options.mode === 'test' ? testDatabase : undefined, deadline(), log);
  }

  const database = options.mode === 'dev' ? 'tunafy' : testDatabase;
  const mongod = findExecutable('mongod', env.PATH);
  if (mongod) return startLocal('mongod', mongod, database, context);

  const ferretdb = await locateFerretdb(env, notice);
  if (ferretdb) return startLocal('ferretdb', ferretdb, database, context);

  throw new Error(NO_ENGINE_MESSAGE);
}

async function useExternal(
  baseUri: string,
  testDatabase: string | undefined,
  deadline: number,
  log: (line: string) => void,
): Promise<RunningDatabase> {
  const uri = testDatabase
    ? withDatabase(baseUri, testDatabase)
    : parseMongoUri(baseUri).database
      ? baseUri
      : withDatabase(baseUri, 'tunafy');
  log(`using MONGODB_URI ${redact(uri)}`);
  try {
    await pingUntilReady(uri, deadline);
  } catch (error) {
    throw new Error(`MONGODB_URI is set but ${redact(baseUri)} does not answer: ${(error as Error).message}`);
  }
  let stopping: Promise<void> | undefined;
  return {
    uri,
    engine: 'external',
    stop() {
      // A dev database on someone's server is theirs; only our throwaway test database is dropped.
      stopping ??= testDatabase ? dropDatabase(uri) : Promise.resolve();
      return stopping;
    },
  };
}

async function dropDatabase(uri: string): Promise<void> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.db().dropDatabase();
  } finally {
    await client.close();
  }
}

interface LocalContext {
  options: StartDatabaseOptions;
  env: NodeJS.ProcessEnv;
  notice: (line: string) => void;
  log: (line: string) => void;
  deadline: () => number;
}

/** Written into a persistent data folder while an engine of ours serves it. */
const ENGINE_LOCK = 'tunafy-engine.json';

interface EngineLock {
  pid: number;
  uri: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The engine another of our processes runs on this data folder (`npm start` while `npm run seed` starts),
 * if it is really there: a lock whose process is gone or whose engine does not answer is stale.
 */
async function runningEngineFor(dataDir: string, database: string, until: number): Promise<string | null> {
  const lock = await readFile(join(dataDir, ENGINE_LOCK), 'utf8')
    .then((text) => JSON.parse(text) as Partial<EngineLock>)
    .catch(() => null);
  if (!lock || typeof lock.pid !== 'number' || typeof lock.uri !== 'string' || !isAlive(lock.pid)) return null;
  const uri = withDatabase(lock.uri, database);
  try {
    await pingUntilReady(uri, Math.min(until, Date.now() + 3_000));
    return uri;
  } catch {
    return null;
  }
}

async function startLocal(
  engine: 'mongod' | 'ferretdb',
  binary: string,
  database: string,
  { options, env, notice, log, deadline }: LocalContext,
): Promise<RunningDatabase> {
  const tempDir = !options.dataDir && options.mode === 'test' ? await mkdtemp(join(tmpdir(), `tunafy-${engine}-`)) : undefined;
  // One folder per engine: mongod's and FerretDB's files are not interchangeable.
  const dataDir = options.dataDir ?? tempDir ?? join(repoRoot(), '.data', 'db', engine);
  await mkdir(dataDir, { recursive: true });
  const removeTempDir = () => (tempDir ? rm(tempDir, { recursive: true, force: true }) : Promise.resolve());

  // Two engines on one data folder would corrupt it (FerretDB) or refuse to start (mongod): a second user of
  // a persistent folder, such as `npm run seed` beside `npm start`, shares the engine that already runs it.
  const lockFile = tempDir ? undefined : join(dataDir, ENGINE_LOCK);
  if (lockFile) {
    const shared = await runningEngineFor(dataDir, database, deadline());
    if (shared) {
      log(`${engine} is already running for ${dataDir}; using it at ${shared}`);
      return { uri: shared, engine, stop: () => Promise.resolve() };
    }
  }

  const until = deadline();
  // A death during startup is reported by the thrown error; only later crashes need a separate notice.
  let started = false;
  const crashNotice = (line: string) => started && notice(line);
  let child: EngineProcess | undefined;
  // Spawns the engine; `port` 0 lets the OS pick (first start), a number reuses the address (recover()).
  const launch = async (port: number, until: number): Promise<{ process: EngineProcess; address: string }> => {
    let spawned: EngineProcess;
    let address: string;
    if (engine === 'ferretdb') {
      // Port 0 lets the OS pick: no window in which another process can take the port.
      spawned = new EngineProcess(engine, binary, ['-listen', `127.0.0.1:${port}`, '-data', dataDir, '-log-level', 'error'], env, crashNotice);
      child = spawned;
      address = (await spawned.waitForLine(/^ferretdb listening on (\S+)$/, until))[1]!;
    } else {
      const chosen = port || (await findFreePort());
      spawned = new EngineProcess(engine, binary, ['--bind_ip', '127.0.0.1', '--port', String(chosen), '--dbpath', dataDir], env, crashNotice);
      child = spawned;
      address = `127.0.0.1:${chosen}`;
    }
    return { process: spawned, address };
  };
  try {
    const first = await launch(0, until);
    const address = first.address;
    const uri = `mongodb://${address}/${database}?directConnection=true`;
    await pingUntilReady(uri, until, first.process);
    started = true;
    log(`${engine} is running at ${uri} (data in ${dataDir})`);
    if (lockFile) await writeFile(lockFile, JSON.stringify({ pid: process.pid, uri } satisfies EngineLock));
    const removeLock = () => (lockFile ? rm(lockFile, { force: true }) : Promise.resolve());
    let running = first.process;
    let stopping: Promise<void> | undefined;
    const port = Number(address.slice(address.lastIndexOf(':') + 1));
    return {
      uri,
      engine,
      stop() {
        stopping ??= removeLock()
          .then(() => running.stop())
          .then(removeTempDir);
        return stopping;
      },
      async outage() {
        if (stopping) throw new Error(`${engine} was stopped for good`);
        started = false; // an exit we asked for is not a crash
        await running.stop();
      },
      async recover() {
        if (stopping) throw new Error(`${engine} was stopped for good`);
        if (running.exitDescription === undefined) return;
        const again = await launch(port, deadline());
        running = again.process;
        await pingUntilReady(uri, deadline(), running);
        started = true;
      },
    };
  } catch (error) {
    const output = child ? `\nIts last output:\n${child.recentOutput()}` : '';
    await child?.stop();
    await removeTempDir();
    throw new Error(`${engine} (${binary}) did not start: ${(error as Error).message}${output}`);
  }
}
