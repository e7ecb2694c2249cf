import { chmod, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startDatabase, type RunningDatabase, NO_ENGINE_MESSAGE } from './database.js';
import { locateFerretdb } from './ferretdb.js';
import { scratchDirs, withClient } from './test-support.js';

// A MONGODB_URI in the developer's shell would otherwise turn every local-engine test into an external one.
const { MONGODB_URI: _ignored, ...localEnv } = process.env;

const scratchDir = scratchDirs('tunafy-stack-test-');

function hostOf(uri: string): string {
  return /^mongodb:\/\/([^/]+)\//.exec(uri)![1]!;
}

function databaseOf(uri: string): string {
  return /^mongodb:\/\/[^/]+\/([^?]+)/.exec(uri)![1]!;
}

function portIsOpen(hostPort: string): Promise<boolean> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = connect(Number(port), host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function collectionNames(uri: string): Promise<string[]> {
  return withClient(uri, async (client) => (await client.db().listCollections().toArray()).map((c) => c.name));
}

async function databaseNames(uri: string): Promise<string[]> {
  return withClient(uri, async (client) => (await client.db().admin().listDatabases()).databases.map((d) => d.name));
}

describe('startDatabase', () => {
  it('gives an empty, writable database in test mode', async () => {
    const db = await startDatabase({ mode: 'test', env: localEnv });
    try {
      expect(db.engine).not.toBe('external');
      expect(db.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/tunafy_test_[0-9a-f]+\?directConnection=true$/);
      expect(await collectionNames(db.uri)).toEqual([]);
      await withClient(db.uri, async (client) => {
        await client.db().collection('songs').insertOne({ title: 'Smoke on the Water' });
        expect(await client.db().collection('songs').findOne({}, { projection: { _id: 0 } })).toEqual({ title: 'Smoke on the Water' });
      });
    } finally {
      await db.stop();
    }
  });

  it('keeps two test databases apart', async () => {
    const [a, b] = await Promise.all([
      startDatabase({ mode: 'test', env: localEnv }),
      startDatabase({ mode: 'test', env: localEnv }),
    ]);
    try {
      expect(a.uri).not.toBe(b.uri);
      await withClient(a.uri, (client) => client.db().collection('songs').insertOne({ title: 'only in a' }));
      expect(await collectionNames(b.uri)).toEqual([]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('stop() ends the engine even with a client still connected', async () => {
    const db = await startDatabase({ mode: 'test', env: localEnv });
    const host = hostOf(db.uri);
    const client = new MongoClient(db.uri);
    try {
      await client.db().collection('songs').insertOne({ title: 'still connected' });
      expect(await portIsOpen(host)).toBe(true);
      await db.stop();
      expect(await portIsOpen(host)).toBe(false);
      await db.stop();
    } finally {
      await client.close(true);
    }
  });

  it('outage() and recover() stop and restart the engine on the same address and data', async () => {
    const db = await startDatabase({ mode: 'test', env: localEnv });
    const host = hostOf(db.uri);
    try {
      await withClient(db.uri, (client) => client.db().collection('songs').insertOne({ title: 'survives an outage' }));
      await db.outage!();
      expect(await portIsOpen(host)).toBe(false);
      await db.recover!();
      expect(hostOf(db.uri)).toBe(host);
      const count = await withClient(db.uri, (client) => client.db().collection('songs').countDocuments());
      expect(count).toBe(1);
    } finally {
      await db.stop();
    }
    expect(await portIsOpen(host)).toBe(false);
  });

  it('keeps dev data across restarts', async () => {
    const dataDir = await scratchDir();
    const first = await startDatabase({ mode: 'dev', dataDir, env: localEnv });
    expect(databaseOf(first.uri)).toBe('tunafy');
    await withClient(first.uri, (client) => client.db().collection('songs').insertOne({ title: 'persisted' }));
    await first.stop();

    const second = await startDatabase({ mode: 'dev', dataDir, env: localEnv });
    try {
      const count = await withClient(second.uri, (client) => client.db().collection('songs').countDocuments());
      expect(count).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('shares the engine already serving a dev data folder instead of starting a second one on it', async () => {
    const dataDir = await scratchDir();
    const first = await startDatabase({ mode: 'dev', dataDir, env: localEnv });
    try {
      // What `npm run seed` does while `npm start` runs.
      const second = await startDatabase({ mode: 'dev', dataDir, env: localEnv });
      expect(hostOf(second.uri)).toBe(hostOf(first.uri));
      await withClient(second.uri, (client) => client.db().collection('songs').insertOne({ title: 'seeded beside the app' }));
      await second.stop();
      // The second user's stop() leaves the engine to the process that started it.
      expect(await withClient(first.uri, (client) => client.db().collection('songs').countDocuments())).toBe(1);
    } finally {
      await first.stop();
    }
    // Once the owner stopped, the next start runs its own engine again (the lock went with it).
    expect(await portIsOpen(hostOf(first.uri))).toBe(false);
    const third = await startDatabase({ mode: 'dev', dataDir, env: localEnv });
    try {
      expect(await withClient(third.uri, (client) => client.db().collection('songs').countDocuments())).toBe(1);
    } finally {
      await third.stop();
    }
  });

  it('ignores a lock left by a process that is gone', async () => {
    const dataDir = await scratchDir();
    await writeFile(join(dataDir, 'tunafy-engine.json'), JSON.stringify({ pid: 2 ** 22 + 12345, uri: 'mongodb://127.0.0.1:1/tunafy' }));
    const database = await startDatabase({ mode: 'dev', dataDir, env: localEnv });
    try {
      expect(hostOf(database.uri)).not.toBe('127.0.0.1:1');
      expect(await collectionNames(database.uri)).toEqual([]);
    } finally {
      await database.stop();
    }
  });

  it('uses MONGODB_URI with a unique database and drops only that database on stop', async () => {
    const server = await startDatabase({ mode: 'test', env: localEnv });
    let external: RunningDatabase | undefined;
    try {
      await withClient(server.uri, (client) => client.db().collection('keep').insertOne({ mine: true }));
      external = await startDatabase({ mode: 'test', env: { ...localEnv, MONGODB_URI: server.uri } });

      expect(external.engine).toBe('external');
      expect(hostOf(external.uri)).toBe(hostOf(server.uri));
      expect(databaseOf(external.uri)).toMatch(/^tunafy_test_[0-9a-f]+$/);
      expect(databaseOf(external.uri)).not.toBe(databaseOf(server.uri));
      expect(await collectionNames(external.uri)).toEqual([]);
      await withClient(external.uri, (client) => client.db().collection('songs').insertOne({ title: 'temporary' }));
      expect(await databaseNames(server.uri)).toContain(databaseOf(external.uri));

      await external.stop();
      expect(await databaseNames(server.uri)).not.toContain(databaseOf(external.uri));
      expect(await collectionNames(server.uri)).toEqual(['keep']);
      expect(await portIsOpen(hostOf(server.uri))).toBe(true);
    } finally {
      await external?.stop();
      await server.stop();
    }
  });

  it('runs a mongod found on PATH in preference to FerretDB', async () => {
    const ferretdb = await locateFerretdb(localEnv, () => undefined);
    expect(ferretdb, 'this test needs Go (or TUNAFY_FERRETDB_BIN) to stand in for mongod').toBeDefined();
    const binDir = await scratchDir();
    // Accepts exactly the flags startDatabase gives mongod, and serves them with FerretDB.
    const fakeMongod = [
      '#!/bin/sh',
      'while [ $# -gt 0 ]; do',
      '  case "$1" in --bind_ip) host=$2; shift ;; --port) port=$2; shift ;; --dbpath) dir=$2; shift ;; esac',
      '  shift',
      'done',
      `exec '${ferretdb}' -listen "$host:$port" -data "$dir" -log-level error`,
    ].join('\n');
    await writeFile(join(binDir, 'mongod'), fakeMongod);
    await chmod(join(binDir, 'mongod'), 0o755);

    const db = await startDatabase({ mode: 'test', env: { ...localEnv, PATH: `${binDir}${delimiter}${localEnv.PATH}` } });
    try {
      expect(db.engine).toBe('mongod');
      expect(await collectionNames(db.uri)).toEqual([]);
    } finally {
      await db.stop();
    }
    expect(await portIsOpen(hostOf(db.uri))).toBe(false);
  });

  it('names every way out when no engine is available', async () => {
    const emptyPath = await scratchDir();
    const attempt = startDatabase({ mode: 'test', env: { PATH: emptyPath } });
    await expect(attempt).rejects.toThrow(NO_ENGINE_MESSAGE);
    expect(NO_ENGINE_MESSAGE).toMatch(/MONGODB_URI/);
    expect(NO_ENGINE_MESSAGE).toMatch(/mongod/);
    expect(NO_ENGINE_MESSAGE).toMatch(/Go/);
  });
});
