import { EventEmitter } from 'node:events';
import type { Db } from 'mongodb';
import type { Connection } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogLoader } from './catalog-loader.js';
import { CatalogModel } from './catalog-model.js';
import { CatalogReadModel } from './catalog-read-model.js';
import type { CatalogChange, ChangeDocument } from './change-feed.js';
import { ChangeLogStream, changeStreamSupport } from './change-stream.js';

/** A change stream as the driver gives it: events, the first read that sends the aggregate, close. */
class FakeStream extends EventEmitter {
  closed = false;
  constructor(private readonly firstRead: () => Promise<unknown>) {
    super();
  }
  tryNext(): Promise<unknown> {
    return this.firstRead();
  }
  async close(): Promise<void> {
    this.closed = true;
  }
  /** Another replica's insert into the change log, as the server reports it. */
  logged(revision: number): void {
    this.emit('change', { operationType: 'insert', documentKey: { _id: revision } });
  }
}

interface Server {
  hello: Record<string, unknown> | Error;
  /** What the stream's first read answers: null (works, nothing yet) or the server's error. */
  firstRead?: () => Promise<unknown>;
  head?: () => number;
  log?: ChangeDocument[];
}

/** A stubbed database answering `hello`, `watch` and the change feed's reads of `meta` and `catalog_changes`. */
function stubDb(server: Server) {
  const streams: FakeStream[] = [];
  const db = {
    command: vi.fn(async () => {
      if (server.hello instanceof Error) throw server.hello;
      return server.hello;
    }),
    collection: (name: string) => ({
      watch: vi.fn(() => {
        const stream = new FakeStream(server.firstRead ?? (async () => null));
        streams.push(stream);
        return stream;
      }),
      findOne: async () => (name === 'meta' ? { _id: 'catalog', rev: server.head?.() ?? 0 } : null),
      find: (filter: { _id: { $gt: number } }) => ({
        sort: () => ({ toArray: async () => (server.log ?? []).filter((entry) => entry._id > filter._id.$gt) }),
      }),
    }),
  };
  return { db: db as unknown as Db, streams };
}

const serverError = (code: number, message: string) => Object.assign(new Error(message), { code });
const replicaSet = { isWritablePrimary: true, setName: 'rs0', hosts: ['a:27017'] };

describe('changeStreamSupport', () => {
  it('answers no without opening a stream when hello names no replica set (FerretDB, a standalone mongod)', async () => {
    const { db, streams } = stubDb({ hello: { isWritablePrimary: true, maxWireVersion: 21 } });
    expect(await changeStreamSupport(db)).toEqual({ supported: false, reason: 'not a replica set or a sharded cluster' });
    expect(streams).toEqual([]);
  });

  it('answers no when hello itself fails', async () => {
    const { db } = stubDb({ hello: serverError(59, 'no such command: hello') });
    expect(await changeStreamSupport(db)).toEqual({ supported: false, reason: 'hello failed: no such command: hello' });
  });

  it('answers no when a replica set’s server refuses the stream (40573), and closes it', async () => {
    const { db, streams } = stubDb({ hello: replicaSet, firstRead: async () => Promise.reject(serverError(40573, 'The $changeStream stage is only supported on replica sets')) });
    const answer = await changeStreamSupport(db);
    expect(answer.supported).toBe(false);
    expect(answer.supported === false && answer.reason).toMatch(/^change streams unsupported: The \$changeStream stage/);
    expect(streams.map((stream) => stream.closed)).toEqual([true]);
  });

  it('answers no when the pipeline stage is unknown (an engine without $changeStream)', async () => {
    const { db } = stubDb({ hello: replicaSet, firstRead: async () => Promise.reject(serverError(40324, "Unrecognized pipeline stage name: '$changeStream'")) });
    const answer = await changeStreamSupport(db);
    expect(answer.supported === false && answer.reason).toMatch(/^change streams unsupported: /);
  });

  it('answers yes for a replica set or a mongos whose stream opens, and closes the probe', async () => {
    for (const hello of [replicaSet, { isWritablePrimary: true, msg: 'isdbgrid' }]) {
      const { db, streams } = stubDb({ hello });
      expect(await changeStreamSupport(db)).toEqual({ supported: true });
      expect(streams.map((stream) => stream.closed)).toEqual([true]);
    }
  });
});

describe('ChangeLogStream', () => {
  it('hears each inserted revision, and stops on an error so the replica polls', async () => {
    const { db, streams } = stubDb({ hello: replicaSet });
    const heard: number[] = [];
    const failures: string[] = [];
    const follower = new ChangeLogStream(() => db, (revision) => heard.push(revision), (error) => failures.push(error.message));
    expect(await follower.open()).toEqual({ supported: true });
    const stream = streams[1]!;
    stream.logged(7);
    stream.logged(8);
    expect(heard).toEqual([7, 8]);
    expect(follower.listening).toBe(true);
    stream.emit('error', new Error('stream lost'));
    await vi.waitFor(() => expect(stream.closed).toBe(true));
    expect([failures, follower.listening]).toEqual([['stream lost'], false]);
  });

  it('opens nothing where there are no change streams', async () => {
    const { db, streams } = stubDb({ hello: { isWritablePrimary: true } });
    const follower = new ChangeLogStream(() => db, () => undefined, () => undefined);
    expect((await follower.open()).supported).toBe(false);
    expect([streams.length, follower.listening]).toEqual([0, false]);
  });
});

describe('CatalogReadModel with a change stream', () => {
  const start = async (server: Server) => {
    const { db, streams } = stubDb(server);
    const applied: CatalogChange[] = [];
    const loader = { loadAll: async () => new CatalogModel(), apply: async (_model: CatalogModel, change: CatalogChange) => void applied.push(change) };
    // A recheck far away: only the stream can make this copy read the feed during the test.
    const config = { catalogRecheckMs: 3_600_000, shutdownGraceMs: 1000 };
    const catalog = new CatalogReadModel(loader as unknown as CatalogLoader, { db } as unknown as Connection, config);
    await catalog.onApplicationBootstrap();
    return { catalog, streams, applied };
  };

  it('applies another replica’s change when the stream hears it, without a read asking first', async () => {
    let head = 0;
    const log: ChangeDocument[] = [];
    const { catalog, streams, applied } = await start({ hello: replicaSet, head: () => head, log });
    const change: CatalogChange = { kind: 'song', id: 'a'.repeat(24) };
    log.push({ _id: 1, at: new Date(), changes: [change] });
    head = 1;
    streams.at(-1)!.logged(1);
    await vi.waitFor(() => expect(applied).toEqual([change]));
    await catalog.beforeApplicationShutdown();
    expect(streams.at(-1)!.closed).toBe(true);
  });

  it('opens no stream on a server without change streams, so changes wait for the recheck as before', async () => {
    const { streams, applied } = await start({ hello: { isWritablePrimary: true } });
    expect([streams.length, applied]).toEqual([0, []]);
  });
});
