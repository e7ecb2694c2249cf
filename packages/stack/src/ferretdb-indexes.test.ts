import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startDatabase, type RunningDatabase } from './database.js';
import { findExecutable } from './paths.js';
import { scratchDirs, withClient } from './test-support.js';

/**
 * The embedded engine's `_id` expression index and filter pushdown (tools/ferretdb/_upstream): FerretDB over SQLite finds documents by
 * `_id` with `_ferretdb_sjson->'$._id' = ?`, which only an index on that very expression turns from a table scan into a
 * search. FerretDB's `explain` answers SQLite's own plan for the statement it runs, so the plan is read through the
 * driver; the UPDATE and DELETE statements (same expression) are checked with Debian's sqlite3 when it is there.
 */

// A MONGODB_URI in the developer's shell would otherwise turn these into tests of another server.
const { MONGODB_URI: _ignored, ...localEnv } = process.env;
const scratchDir = scratchDirs('tunafy-ferretdb-index-test-');
const run = promisify(execFile);
const sqlite3 = findExecutable('sqlite3', process.env.PATH);

async function planOf(db: Db, collection: string, filter: object): Promise<{ plan: string; pushdown: boolean }> {
  const answer = await db.command({ explain: { find: collection, filter }, verbosity: 'queryPlanner' });
  return { plan: ((answer.queryPlanner as { Plan?: string[] }).Plan ?? []).join('\n'), pushdown: answer.filterPushdown === true };
}

async function tableOf(db: Db, collection: string): Promise<string> {
  const { plan } = await planOf(db, collection, {});
  return /SCAN (\S+)/.exec(plan)![1]!;
}

const usesIdIndex = (table: string) => new RegExp(`SEARCH ${table} USING INDEX tunafy_${table}_id_expr \\(<expr>=\\?\\)`);

async function sql(file: string, statement: string): Promise<string> {
  const { stdout } = await run(sqlite3!, ['-cmd', '.timeout 10000', file, statement]);
  return stdout.trim();
}

async function sqliteEngine(options: Parameters<typeof startDatabase>[0]): Promise<RunningDatabase | undefined> {
  const database = await startDatabase({ ...options, engine: 'ferretdb-sqlite', env: localEnv });
  if (database.engine === 'ferretdb-sqlite') return database;
  await database.stop();
  return undefined;
}

describe('FerretDB over SQLite: the _id expression index', () => {
  it('is there for a collection made at any time, and every lookup by _id uses it', async (context) => {
    const dataDir = await scratchDir();
    const database = await sqliteEngine({ mode: 'test', dataDir });
    if (!database) return context.skip();
    try {
      await withClient(database.uri, async (client) => {
        const db = client.db();
        const song = await db.collection('songs').insertOne({ song_name: 'first' });
        const songs = await tableOf(db, 'songs');
        expect((await planOf(db, 'songs', { _id: song.insertedId })).plan).toMatch(usesIdIndex(songs));

        // Made long after the engine started, and by a write other than insert.
        await db.collection('later').createIndex({ song_id: 1 });
        const later = await tableOf(db, 'later');
        expect((await planOf(db, 'later', { _id: new ObjectId() })).plan).toMatch(usesIdIndex(later));
        // String ids (the meta documents') are pushed down too.
        await db.collection('meta').insertOne({ _id: 'catalog-revision' as unknown as ObjectId, rev: 1 });
        expect((await planOf(db, 'meta', { _id: 'catalog-revision' })).plan).toMatch(usesIdIndex(await tableOf(db, 'meta')));

        // An _id among other conditions is pushed down too (tools/ferretdb/_upstream/id_pushdown.go), and the other
        // conditions still decide: the writes the API guards with a second field, and connect-mongo's session reads.
        const guarded = { _id: song.insertedId, song_name: 'first' };
        const stale = { _id: song.insertedId, song_name: 'renamed meanwhile' };
        expect(await planOf(db, 'songs', guarded)).toEqual({ plan: expect.stringMatching(usesIdIndex(songs)), pushdown: true });
        expect(await db.collection('songs').findOne(stale)).toBeNull();
        expect((await db.collection('songs').updateOne(stale, { $set: { plays: 1 } })).matchedCount).toBe(0);
        expect((await db.collection('songs').deleteOne(stale)).deletedCount).toBe(0);
        expect((await db.collection('songs').updateOne(guarded, { $set: { plays: 1 } })).modifiedCount).toBe(1);
        expect(await db.collection('songs').findOne({ _id: song.insertedId, $or: [{ plays: { $gt: 0 } }, { gone: true }] })).toMatchObject({ plays: 1 });

        // An equality with an ObjectId on another field is pushed down too, written as FerretDB writes the indexes
        // of createIndex, so SQLite searches the collection's own index; documents whose field is an array holding
        // the value still match (kept by a second range on that index).
        const likes = db.collection('likes');
        await likes.createIndex({ song_id: 1 });
        const [song1, song2] = [new ObjectId(), new ObjectId()];
        await likes.insertMany([{ song_id: song1 }, { song_id: [song2, song1] }, { song_id: song2 }, { song_id: song1.toHexString() }]);
        const likesTable = await tableOf(db, 'likes');
        const bySong = await planOf(db, 'likes', { song_id: song1 });
        expect(bySong.pushdown).toBe(true);
        expect(bySong.plan).toMatch(new RegExp(`SEARCH ${likesTable} USING INDEX ${likesTable}_song_id_1 \\(<expr>=\\?\\)`));
        expect(bySong.plan).toMatch(new RegExp(`SEARCH ${likesTable} USING INDEX ${likesTable}_song_id_1 \\(<expr>>\\? AND <expr><\\?\\)`));
        // The string with the same hex digits is not the ObjectId.
        expect(await likes.countDocuments({ song_id: song1 })).toBe(2);
        expect((await likes.deleteMany({ song_id: song1 })).deletedCount).toBe(2);
        expect(await likes.countDocuments({})).toBe(2);
        // GridFS deletes a file's chunks with deleteMany({files_id}): on its {files_id, n} index now.
        const bucket = new GridFSBucket(db, { bucketName: 'media' });
        const upload = bucket.openUploadStream('file.bin', { chunkSizeBytes: 1024 });
        await new Promise((resolve, reject) => upload.on('finish', resolve).on('error', reject).end(Buffer.alloc(4096, 1)));
        const chunks = await tableOf(db, 'media.chunks');
        expect((await planOf(db, 'media.chunks', { files_id: upload.id })).plan).toMatch(new RegExp(`SEARCH ${chunks.replace('.', '\\.')} USING INDEX`));
        expect(await db.collection('media.chunks').countDocuments({ files_id: upload.id })).toBe(4);
        await bucket.delete(upload.id);
        expect(await db.collection('media.chunks').countDocuments({})).toBe(0);

        // What the API must therefore avoid on big collections: every other filter reads the whole table.
        for (const filter of [{ _id: { $in: [song.insertedId] } }, { song_name: 'first' }, { $and: [{ _id: song.insertedId }] }]) {
          expect(await planOf(db, 'songs', filter), JSON.stringify(filter)).toEqual({ plan: expect.stringMatching(new RegExp(`SCAN ${songs}`)), pushdown: false });
        }

        if (sqlite3) {
          // The UPDATE and DELETE statements FerretDB sends for a write by _id (internal/backends/sqlite/collection.go).
          const file = join(dataDir, `${db.databaseName}.sqlite`);
          const id = `'"${song.insertedId.toHexString()}"'`;
          for (const statement of [
            `UPDATE "${songs}" SET _ferretdb_sjson = _ferretdb_sjson WHERE _ferretdb_sjson->'$._id' = ${id}`,
            `DELETE FROM "${songs}" WHERE _ferretdb_sjson->'$._id' IN (${id})`,
          ]) {
            expect(await sql(file, `EXPLAIN QUERY PLAN ${statement}`)).toMatch(usesIdIndex(songs));
          }
        }
      });
    } finally {
      await database.stop();
    }
  });

  it('is added on start to data folders made without it, and a restart with it changes nothing', async (context) => {
    const dataDir = await scratchDir();
    const first = await sqliteEngine({ mode: 'dev', dataDir });
    if (!first) return context.skip();
    let table = '';
    try {
      await withClient(first.uri, async (client) => {
        await client.db().collection('likes').insertMany([{ n: 1 }, { n: 2 }]);
        table = await tableOf(client.db(), 'likes');
      });
    } finally {
      await first.stop();
    }
    const file = join(dataDir, 'tunafy.sqlite');
    // As an install from before this index left it (without sqlite3 this test still proves a restart keeps it).
    if (sqlite3) await sql(file, `DROP INDEX "tunafy_${table}_id_expr"`);

    for (const round of [1, 2]) {
      const again = await sqliteEngine({ mode: 'dev', dataDir });
      try {
        await withClient(again!.uri, async (client) => {
          const db = client.db();
          const one = await db.collection('likes').findOne({ n: 2 });
          expect((await planOf(db, 'likes', { _id: one!._id })).plan, `start ${round}`).toMatch(usesIdIndex(table));
          expect(await db.collection('likes').countDocuments()).toBe(2);
        });
      } finally {
        await again!.stop();
      }
    }
    if (sqlite3) expect(await sql(file, `SELECT count(*) FROM sqlite_master WHERE name = 'tunafy_${table}_id_expr'`)).toBe('1');
  });
});
