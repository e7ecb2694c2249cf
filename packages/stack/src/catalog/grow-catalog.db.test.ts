import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabase, type RunningDatabase } from '../database.js';
import { withClient } from '../test-support.js';
import { growCatalog } from './grow-catalog.js';

// A MONGODB_URI in the developer's shell would otherwise make this an external-server test.
const { MONGODB_URI: _ignored, ...localEnv } = process.env;

let database: RunningDatabase;
beforeAll(async () => {
  database = await startDatabase({ mode: 'test', env: localEnv });
});
afterAll(() => database?.stop());

describe('growCatalog against the database engine', () => {
  it('inserts in steps, continues where it left off, and logs a reload for a running API', async () => {
    const main = new ObjectId();
    const template = { coverFileId: new ObjectId().toHexString(), audioFileId: new ObjectId().toHexString() };
    await withClient(database.uri, async (client) => {
      const db = client.db();
      await db.collection('users').insertOne({ _id: main, email: 'main@example.com', username: 'main', username_lower: 'main', password_hash: 'argon2-of-main', created_at: new Date() });
      // The unique indexes of the API's schemas: a repeated like or playlist entry would fail the insert.
      await db.collection('likes').createIndex({ user_id: 1, song_id: 1 }, { unique: true });
      await db.collection('playlist_songs').createIndex({ playlist_id: 1, song_id: 1 }, { unique: true });
      await db.collection('users').createIndex({ username_lower: 1 }, { unique: true });

      const first = await growCatalog(db, { songs: 1000, template, mainUserId: main.toHexString() });
      expect(first).toMatchObject({ songs: 1000, generatedSongs: 1000, bigAlbumSongs: 500, mainLikes: 100 });
      const second = await growCatalog(database.uri, { songs: 3000, template, mainUserId: main.toHexString() });
      expect(second).toMatchObject({ songs: 3000, generatedSongs: 3000, bigAlbumSongs: 1500, bigPlaylistEntries: 1500, mainLikes: 300 });

      expect(await db.collection('songs').countDocuments()).toBe(3000);
      expect(await db.collection('albums').countDocuments()).toBe(second.albums);
      expect(await db.collection('playlist_songs').countDocuments()).toBe(second.entries);
      expect(await db.collection('likes').countDocuments({ user_id: main })).toBe(300);
      expect(await db.collection('songs').countDocuments({ album_id: new ObjectId(second.bigAlbumId!) })).toBe(1500);
      const user = await db.collection('users').findOne({ _id: new ObjectId(second.someUser.id) });
      expect(user).toMatchObject({ username: second.someUser.username, password_hash: 'argon2-of-main' });
      expect(await db.collection('meta').findOne({ _id: 'catalog' as never })).toMatchObject({ rev: 2 });
      expect(await db.collection('catalog_changes').countDocuments({ 'changes.kind': 'reload' })).toBe(2);
    });
  });
});
