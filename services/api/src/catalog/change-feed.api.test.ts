import { randomBytes } from 'node:crypto';
import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOG_REVISION_KEY, ChangeFeed, type ChangeDocument } from './change-feed.js';
import { changeStreamSupport } from './change-stream.js';

const mongodbUri = inject('mongodbUri');

let client: MongoClient;
let db: Db;
const commands: CommandStartedEvent[] = [];

beforeAll(async () => {
  // A database of its own on the real engine: the feed of the API under test is left alone.
  client = await MongoClient.connect(mongodbUri, { serverSelectionTimeoutMS: 5000, monitorCommands: true });
  client.on('commandStarted', (event) => commands.push(event));
  db = client.db(`feed_${randomBytes(4).toString('hex')}`);
});

afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

const counter = async () => (await db.collection<{ _id: string; rev: number }>('meta').findOne({ _id: CATALOG_REVISION_KEY }))?.rev ?? 0;
const logged = async () => (await db.collection<ChangeDocument>('catalog_changes').find({}).sort({ _id: 1 }).toArray()).map((entry) => [entry._id, entry.changes]);

describe('ChangeFeed.publish', () => {
  it('numbers a process’s changes one after another, reading the counter only for its first', async () => {
    const feed = new ChangeFeed(() => db);
    const first = await feed.publish([{ kind: 'song', id: 'a' }]);
    commands.length = 0;
    const second = await feed.publish([{ kind: 'song', id: 'b' }]);
    const sent = commands.filter((event) => event.commandName !== 'endSessions').map((event) => `${event.commandName} ${String(event.command[event.commandName])}`);
    expect(second).toBe(first + 1);
    expect(await counter()).toBe(second);
    // Two commands (the log insert, the counter's $max), no read of the head first.
    expect(sent).toEqual([
      'insert catalog_changes',
      'findAndModify meta',
    ]);
  });

  it('takes the next free number when another replica published meanwhile', async () => {
    const one = new ChangeFeed(() => db);
    const other = new ChangeFeed(() => db);
    const a = await one.publish([{ kind: 'song', id: 'c' }]);
    const b = await other.publish([{ kind: 'song', id: 'd' }]);
    // `one` guesses b (its last + 1), finds it taken, and reads the head.
    const c = await one.publish([{ kind: 'song', id: 'e' }]);
    expect([b, c]).toEqual([a + 1, a + 2]);
    expect((await logged()).slice(-3)).toEqual([
      [a, [{ kind: 'song', id: 'c' }]],
      [b, [{ kind: 'song', id: 'd' }]],
      [c, [{ kind: 'song', id: 'e' }]],
    ]);
  });

  it('never leaves a change under a number the counter had passed (a tool bumped it, or the log was trimmed)', async () => {
    const feed = new ChangeFeed(() => db);
    const before = await feed.publish([{ kind: 'song', id: 'f' }]);
    // A tool raises the counter without logging (readers past it reload); the numbers in between have no change.
    await db.collection<{ _id: string; rev: number }>('meta').updateOne({ _id: CATALOG_REVISION_KEY }, { $set: { rev: before + 5 } });
    const revision = await feed.publish([{ kind: 'song', id: 'g' }]);
    expect(revision).toBe(before + 6);
    expect(await counter()).toBe(before + 6);
    const entries = await logged();
    expect(entries.at(-1)).toEqual([before + 6, [{ kind: 'song', id: 'g' }]]);
  });
});

describe('change streams on the embedded engine', () => {
  it('are detected as missing, so replicas keep polling the log (docs/scaling.md, "Change streams")', async () => {
    const hello = await db.command({ hello: 1 });
    const answer = await changeStreamSupport(db);
    // FerretDB is no replica set; a MongoDB under these tests would have to answer the same way to reach the poll.
    expect(hello.setName).toBeUndefined();
    expect(answer).toEqual({ supported: false, reason: 'not a replica set or a sharded cluster' });
  });

  it('cannot be opened on the change log either: the engine has no $changeStream', async () => {
    const stream = db.collection('catalog_changes').watch();
    const failure = await stream.tryNext().then(() => null, (error: Error) => error.message);
    await stream.close();
    expect(failure).toMatch(/changeStream/i);
  });
});
