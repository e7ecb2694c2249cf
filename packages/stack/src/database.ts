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
import { startPostgresql, type RunningPostgresql } from './postgresql.js';

/** The bundled engines, chosen with TUNAFY_DB_ENGINE: FerretDB 1.24 over SQLite files or over an embedded PostgreSQL. */
export const EMBEDDED_ENGINES = ['ferretdb-sqlite', 'ferretdb-postgresql'] as const;
export type EmbeddedEngine = (typeof EMBEDDED_ENGINES)[number];
export type DatabaseEngine = 'external' | 'mongod' | EmbeddedEngine;

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
  /**
   * Local engines this call started: whether the engine (and PostgreSQL under it) runs right now. False after
   * a crash or `outage()`, true again after `recover()`; `npm start`'s supervisor polls it.
   */
  alive?(): boolean;
  /** Engines this call started: the pid of the MongoDB-protocol server (FerretDB or mongod) right now. */
  enginePid?(): number | undefined;
  /** Engines this call started: their data folder (SQLite files, mongod's dbpath, or PostgreSQL's cluster in `pgdata/`). */
  dataDir?: string;
  /** ferretdb-postgresql engines this call started: the PostgreSQL server under FerretDB, for EXPLAIN and experiments. */
  postgresql?: {
    /** postgres:// URL without the password. */
    url: string;
    password: string;
    pgdata: string;
    /** The postmaster's pid right now. */
    pid(): number | undefined;
  };
}

export interface StartDatabaseOptions {
  /** dev: database `tunafy`, data kept under .data/db. test: a fresh, uniquely named database that stop() throws away. */
  mode: 'dev' | 'test';
  /** Data directory for a local engine; it is never deleted. */
  dataDir?: string;
  /** Progress lines. Without it, only builds and crashes are reported (on stderr). */
  log?: (line: string) => void;
  /** Where MONGODB_URI, PATH, TUNAFY_DB_ENGINE and TUNAFY_FERRETDB_BIN are read from; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** How long a started engine may take to answer a ping; default 30 s (60 s for ferretdb-postgresql, whose first start runs initdb). */
  readyTimeoutMs?: number;
  /** The bundled engine to use when neither MONGODB_URI nor a mongod is there; default: TUNAFY_DB_ENGINE, else ferretdb-sqlite. */
  engine?: EmbeddedEngine;
  /**
   * ferretdb-postgresql only: PostgreSQL with fsync and synchronous commits (default in dev mode). Test mode turns
   * them off unless this is true: a test cluster is thrown away anyway. Benchmarks want true.
   */
  durable?: boolean;
}

export const NO_ENGINE_MESSAGE =
  'No MongoDB-compatible database is available. Do one of: ' +
  '(1) set MONGODB_URI to a running MongoDB server, e.g. mongodb://127.0.0.1:27017/tunafy; ' +
  '(2) install mongod and put it on PATH; ' +
  '(3) install Go (1.21 or newer) so the local FerretDB engine in tools/ferretdb can be built ' +
  '(or set TUNAFY_FERRETDB_BIN to an already built tunafy-ferretdb).';

/** TUNAFY_DB_ENGINE, checked: a typo must not silently give the other engine. */
export function embeddedEngineFrom(env: NodeJS.ProcessEnv): EmbeddedEngine {
  const value = env.TUNAFY_DB_ENGINE?.trim();
  if (!value) return 'ferretdb-sqlite';
  if ((EMBEDDED_ENGINES as readonly string[]).includes(value)) return value as EmbeddedEngine;
  throw new Error(`TUNAFY_DB_ENGINE=${value} is not one of ${EMBEDDED_ENGINES.join(', ')}`);
}

/**
 * Provides a database for `npm start`, the tests and the benchmarks, trying in
 * order: MONGODB_URI, a mongod on PATH, then the bundled FerretDB engine
 * (over SQLite, or over PostgreSQL with TUNAFY_DB_ENGINE=ferretdb-postgresql).
 */
export async function startDatabase(options: StartDatabaseOptions): Promise<RunningDatabase> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  // Crashes and multi-minute builds must be visible even to callers that
  // did not ask for progress lines.
  const notice = options.log ?? ((line: string) => console.error(`[tunafy db] ${line}`));
  const embedded = options.engine ?? embeddedEngineFrom(env);
  const defaultTimeout = embedded === 'ferretdb-postgresql' ? 60_000 : 30_000;
  const deadline = () => Date.now() + (options.readyTimeoutMs ?? defaultTimeout);
  const context: LocalContext = { options, env, notice, log, deadline };
  const testDatabase = `tunafy_test_${randomBytes(6).toString('hex')}`;

  if (env.MONGODB_URI) {
    return useExternal(env.MONGODB_URI, options.mode === 'test' ? testDatabase : undefined, deadline(), log);
  }

  const database = options.mode === 'dev' ? 'tunafy' : testDatabase;
  const mongod = findExecutable('mongod', env.PATH);
  if (mongod) return startLocal('mongod', mongod, database, context);

  const ferretdb = await locateFerretdb(env, notice);
  if (ferretdb) return startLocal(embedded, ferretdb, database, context);

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

/** Dev data folders: `.data/db/ferretdb` predates the PostgreSQL engine and keeps its name. */
const DEV_FOLDERS: Record<LocalEngine, string> = {
  mongod: 'mongod',
  'ferretdb-sqlite': 'ferretdb',
  'ferretdb-postgresql': 'ferretdb-postgresql',
};

type LocalEngine = 'mongod' | EmbeddedEngine;

/** What one start of a local engine left running: the MongoDB-protocol server, and PostgreSQL under it if any. */
interface Launched {
  server: EngineProcess;
  postgresql?: RunningPostgresql;
  address: string;
}

async function startLocal(
  engine: LocalEngine,
  binary: string,
  database: string,
  { options, env, notice, log, deadline }: LocalContext,
): Promise<RunningDatabase> {
  const tempDir = !options.dataDir && options.mode === 'test' ? await mkdtemp(join(tmpdir(), `tunafy-${engine}-`)) : undefined;
  // One folder per engine: mongod's and FerretDB's files are not interchangeable.
  const dataDir = options.dataDir ?? tempDir ?? join(repoRoot(), '.data', 'db', DEV_FOLDERS[engine]);
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
  // Whatever the last launch started, also half-way, so a failed start can be cleaned up and explained.
  let server: EngineProcess | undefined;
  let postgresql: RunningPostgresql | undefined;
  const stopProcesses = async () => {
    // FerretDB first: PostgreSQL's fast shutdown would otherwise cut FerretDB's connections under it.
    await server?.stop();
    await postgresql?.stop();
  };
  // Spawns the engine; `port` 0 lets the OS pick (first start), a number reuses the address (recover()).
  const launch = async (port: number, until: number): Promise<Launched> => {
    if (engine === 'mongod') {
      const chosen = port || (await findFreePort());
      server = new EngineProcess(engine, binary, ['--bind_ip', '127.0.0.1', '--port', String(chosen), '--dbpath', dataDir], env, crashNotice);
      return { server, address: `127.0.0.1:${chosen}` };
    }
    let backend = ['-data', dataDir];
    let serverEnv = env;
    if (engine === 'ferretdb-postgresql') {
      postgresql = await startPostgresql({
        dir: dataDir,
        port: postgresql?.port,
        deadline: until,
        env,
        notice: crashNotice,
        durable: options.durable ?? options.mode === 'dev',
      });
      backend = ['-handler', 'postgresql', '-postgresql-url', postgresql.url];
      // pgx reads the password from PGPASSWORD, which keeps it out of the process list.
      serverEnv = { ...env, PGPASSWORD: postgresql.password };
    }
    // Port 0 lets the OS pick: no window in which another process can take the port.
    server = new EngineProcess('ferretdb', binary, ['-listen', `127.0.0.1:${port}`, ...backend, '-log-level', 'error'], serverEnv, crashNotice);
    const address = (await server.waitForLine(/^ferretdb listening on (\S+)$/, until))[1]!;
    return { server, postgresql, address };
  };
  const isRunning = (launched: Launched) =>
    launched.server.exitDescription === undefined && (!launched.postgresql || launched.postgresql.process.exitDescription === undefined);
  try {
    const first = await launch(0, until);
    const address = first.address;
    const uri = `mongodb://${address}/${database}?directConnection=true`;
    await pingUntilReady(uri, until, first.server);
    started = true;
    log(`${engine} is running at ${uri} (data in ${dataDir})`);
    if (lockFile) await writeFile(lockFile, JSON.stringify({ pid: process.pid, uri } satisfies EngineLock));
    const removeLock = () => (lockFile ? rm(lockFile, { force: true }) : Promise.resolve());
    let running = first;
    let stopping: Promise<void> | undefined;
    const port = Number(address.slice(address.lastIndexOf(':') + 1));
    return {
      uri,
      engine,
      stop() {
        stopping ??= removeLock().then(stopProcesses).then(removeTempDir);
        return stopping;
      },
      async outage() {
        if (stopping) throw new Error(`${engine} was stopped for good`);
        started = false; // an exit we asked for is not a crash
        await stopProcesses();
      },
      async recover() {
        if (stopping) throw new Error(`${engine} was stopped for good`);
        if (isRunning(running)) return;
        await stopProcesses(); // the half that may still run
        running = await launch(port, deadline());
        await pingUntilReady(uri, deadline(), running.server);
        started = true;
      },
      alive: () => !stopping && isRunning(running),
      enginePid: () => running.server.child.pid,
      dataDir,
      postgresql: first.postgresql && {
        url: first.postgresql.url,
        password: first.postgresql.password,
        pgdata: first.postgresql.pgdata,
        pid: () => running.postgresql?.process.child.pid,
      },
    };
  } catch (error) {
    const output = server ? `\nIts last output:\n${server.recentOutput()}` : '';
    await stopProcesses();
    await removeTempDir();
    throw new Error(`${engine} (${binary}) did not start: ${(error as Error).message}${output}`);
  }
}
