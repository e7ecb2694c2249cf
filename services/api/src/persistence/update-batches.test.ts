import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPDATES_PER_COMMAND } from '../database/update-batches.js';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import { PlaylistEntriesRepository } from './playlist-entries.repository.js';
import { SongsRepository } from './songs.repository.js';

/**
 * The repositories' many-statement updates against the real engine: FerretDB 1.24 holds a connection per statement
 * of an update command until it ends, and never answers one of 100 or more (database/update-batches.ts).
 */
const suite = mediaStoreSuite('tunafy-update-batches-');
const MANY = 150;
const newId = () => new mongoose.Types.ObjectId();
let songs: SongsRepository;
let entries: PlaylistEntriesRepository;

beforeAll(() => {
  songs = new SongsRepository(suite.connection);
  entries = new PlaylistEntriesRepository(suite.connection);
});

describe('updates of many documents', () => {
  it(`detaches ${MANY} songs from an album, more than one command of ${UPDATES_PER_COMMAND} holds`, async () => {
    const album = newId();
    const ids = Array.from({ length: MANY }, () => newId());
    const collection = suite.connection.db!.collection('songs');
    await collection.insertMany(ids.map((_id, index) => ({ _id, song_name: `Batch ${index}`, album_id: album })));
    await songs.detachAllFromAlbum(ids.map((id) => id.toHexString()), album.toHexString());
    expect(await collection.countDocuments({ _id: { $in: ids }, album_id: null })).toBe(MANY);
    await collection.deleteMany({ _id: { $in: ids } });
  });

  it(`gives ${MANY} playlist entries their positions`, async () => {
    const ids = Array.from({ length: MANY }, () => newId());
    const collection = suite.connection.db!.collection('playlist_songs');
    const playlist = newId();
    await collection.insertMany(ids.map((_id) => ({ _id, playlist_id: playlist, song_id: newId(), added_at: new Date() })));
    const places = ids.map((id, index) => ({ id: id.toHexString(), position: `a${String(index).padStart(4, '0')}` }));
    expect(await entries.setPositions(places)).toBe(MANY);
    const stored = await collection.find({ playlist_id: playlist }).toArray();
    expect(new Map(stored.map((doc) => [doc._id.toHexString(), doc.position]))).toEqual(new Map(places.map((place) => [place.id, place.position])));
  });
});
