import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AlbumsRepository } from '../persistence/albums.repository.js';
import { LikesRepository } from '../persistence/likes.repository.js';
import { IdempotencyRepository } from '../idempotency/idempotency.repository.js';
import { LyricsIndex } from '../lyrics/lyrics-index.service.js';
import { LyricsRepository } from '../persistence/lyrics.repository.js';
import { LyricsService } from '../lyrics/lyrics.service.js';
import type { GridFsMediaStore } from '../media/gridfs-media.store.js';
import { fakeCatalog } from '../catalog/testing.js';
import { CatalogCoverUsage } from '../catalog/catalog-cover-usage.js';
import { SharedCovers } from '../media/shared-covers.js';
import { SharedCoversRepository } from '../media/shared-covers.repository.js';
import { tinyPng } from '../media/test-files.js';
import { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { PlaylistsRepository } from '../persistence/playlists.repository.js';
import { SongsRepository } from '../persistence/songs.repository.js';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import { IDEMPOTENCY_RETENTION_MS, JanitorService, ORPHAN_GRACE_MS } from './janitor.service.js';

const suite = mediaStoreSuite('tunafy-janitor-test-');
let connection: Connection;
let store: GridFsMediaStore;
let janitor: JanitorService;
let songs: SongsRepository;
let playlists: PlaylistsRepository;
let entries: PlaylistEntriesRepository;
let likes: LikesRepository;
let idempotencyKeys: IdempotencyRepository;
let sharedCovers: SharedCovers;
let lyrics: LyricsRepository;
let lyricsService: LyricsService;

const newId = () => new mongoose.Types.ObjectId().toHexString();

async function storeFile(name: string, ageMs: number): Promise<string> {
  const { id } = await store.save({ kind: 'image', contentType: 'image/png', fileName: name, data: Buffer.from(`bytes of ${name}`) });
  await connection.db!.collection('media.files').updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { uploadDate: new Date(Date.now() - ageMs) } });
  return id;
}

beforeAll(async () => {
  ({ connection, store } = suite);
  songs = new SongsRepository(connection);
  playlists = new PlaylistsRepository(connection);
  entries = new PlaylistEntriesRepository(connection);
  likes = new LikesRepository(connection);
  idempotencyKeys = new IdempotencyRepository(connection);
  sharedCovers = new SharedCovers(new SharedCoversRepository(connection), store, new CatalogCoverUsage(fakeCatalog()));
  lyrics = new LyricsRepository(connection);
  lyricsService = new LyricsService(lyrics, songs, fakeCatalog(), new LyricsIndex(lyrics));
  janitor = new JanitorService(connection, { janitorIntervalMs: 0 }, store, songs, new AlbumsRepository(connection), playlists, entries, likes, idempotencyKeys, sharedCovers, lyricsService);
});

describe('JanitorService.runOnce', () => {
  it('deletes old unreferenced files and keeps referenced and recent ones', async () => {
    const old = ORPHAN_GRACE_MS + 60_000;
    const orphan = await storeFile('orphan.png', old);
    const recent = await storeFile('recent.png', 0);
    const cover = await storeFile('cover.png', old);
    const audio = await storeFile('audio.mp3', old);
    const playlistCover = await storeFile('playlist.png', old);
    await songs.create({ name: 'Kept', artistId: newId(), albumId: null, coverFileId: cover, audioFileId: audio, duration: 3 });
    await playlists.create({ name: 'Kept', description: null, isPrivate: false, creatorId: newId(), coverFileId: playlistCover });

    const report = await janitor.runOnce();
    expect(report.orphanFiles).toBeGreaterThanOrEqual(1);
    expect(await store.open(orphan)).toBeNull();
    for (const kept of [recent, cover, audio, playlistCover]) expect(await store.open(kept)).not.toBeNull();
  });

  it('keeps a shared cover while any record uses it or it was given out lately, and deletes one nobody uses', async () => {
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    const owner = newId();
    const picture = { kind: 'image' as const, contentType: 'image/png', fileName: 'art.png', data: tinyPng() };
    // An album and two of its songs share one file, uploaded long ago.
    const shared = await sharedCovers.use(owner, picture);
    expect(await sharedCovers.use(owner, picture)).toBe(shared);
    expect(await sharedCovers.use(owner, picture)).toBe(shared);
    const album = await new AlbumsRepository(connection).create({ name: 'Shared', artistId: owner, coverFileId: shared });
    for (const name of ['One', 'Two']) await songs.create({ name, artistId: owner, albumId: album.id, coverFileId: shared, audioFileId: newId(), duration: 3 });
    // Given to imports that never wrote their song (crashed, or the song was deleted since): one just now, one long ago.
    const inFlight = await sharedCovers.use(owner, { ...picture, data: Buffer.concat([tinyPng(), Buffer.from('in flight')]) });
    const leaked = await sharedCovers.use(owner, { ...picture, data: Buffer.concat([tinyPng(), Buffer.from('leaked')]) });
    const files = connection.db!.collection('media.files');
    for (const id of [shared, inFlight, leaked]) await files.updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { uploadDate: old } });
    const counts = connection.db!.collection<{ _id: string }>('shared_covers');
    await counts.updateMany({ _id: { $in: [shared, leaked] } }, { $set: { touched_at: old } });

    await janitor.runOnce();
    expect(await store.open(shared)).not.toBeNull();
    expect(await counts.findOne({ _id: shared })).not.toBeNull();
    // Its song may still be on its way: kept for now.
    expect(await store.open(inFlight)).not.toBeNull();
    expect(await store.open(leaked)).toBeNull();
    expect(await counts.findOne({ _id: leaked })).toBeNull();
    // Once retired, the file is never handed out again: the next import of that picture stores its own.
    const again = await sharedCovers.use(owner, { ...picture, data: Buffer.concat([tinyPng(), Buffer.from('leaked')]) });
    expect(again).not.toBe(leaked);
    expect(await store.open(again)).not.toBeNull();
  });

  it('deletes expired sessions only', async () => {
    const sessions = connection.db!.collection<{ _id: string; expires: Date; session: object }>('sessions');
    const expired = `janitor-expired-${newId()}`;
    const live = `janitor-live-${newId()}`;
    await sessions.insertMany([
      { _id: expired, expires: new Date(Date.now() - 1000), session: { cookie: {} } },
      { _id: live, expires: new Date(Date.now() + 3_600_000), session: { cookie: {} } },
    ]);
    const report = await janitor.runOnce();
    expect(report.expiredSessions).toBeGreaterThanOrEqual(1);
    expect(await sessions.findOne({ _id: expired })).toBeNull();
    expect(await sessions.findOne({ _id: live })).not.toBeNull();
  });

  it('deletes lyrics whose song is gone, once older than the grace period', async () => {
    const file = await storeFile('lyrics-song.png', 0);
    const song = await songs.create({ name: 'Sung', artistId: newId(), albumId: null, coverFileId: file, audioFileId: file, duration: 3 });
    const old = Date.now() - ORPHAN_GRACE_MS - 60_000;
    const text = (songId: string, updatedAt: number) => ({ songId, synced: null, plain: 'la la', source: 'embedded' as const, lang: null, updatedAt });
    // A song deleted while the API was down left its lyrics; another import has stored lyrics and not yet its song.
    const goneSong = newId();
    const importing = newId();
    await lyrics.put(text(song.id, old));
    await lyrics.put(text(goneSong, old));
    await lyrics.put(text(importing, Date.now()));

    const report = await janitor.runOnce();
    expect(report.orphanLyrics).toBeGreaterThanOrEqual(1);
    expect(await lyrics.find(goneSong)).toBeNull();
    expect((await lyrics.find(song.id))?.plain).toBe('la la');
    expect((await lyrics.find(importing))?.plain).toBe('la la');
  });

  it('deletes playlist entries and likes whose song or playlist is gone', async () => {
    const file = await storeFile('song.png', 0);
    const song = await songs.create({ name: 'Alive', artistId: newId(), albumId: null, coverFileId: file, audioFileId: file, duration: 3 });
    const playlist = await playlists.create({ name: 'Alive', description: null, isPrivate: false, creatorId: newId(), coverFileId: null });
    const user = newId();
    const goneSong = newId();
    const gonePlaylist = newId();
    await entries.add(playlist.id, song.id);
    await entries.add(playlist.id, goneSong);
    await entries.add(gonePlaylist, song.id);
    await likes.like(user, song.id);
    await likes.like(user, goneSong);

    const report = await janitor.runOnce();
    expect(report.danglingPlaylistEntries).toBeGreaterThanOrEqual(2);
    expect(report.danglingLikes).toBeGreaterThanOrEqual(1);
    expect((await entries.listByPlaylist(playlist.id)).map((entry) => entry.songId)).toEqual([song.id]);
    expect(await entries.listByPlaylist(gonePlaylist)).toEqual([]);
    expect((await likes.listByUser(user)).map((like) => like.songId)).toEqual([song.id]);
  });

  it('keeps a row added after it listed the ids it would check', async () => {
    const file = await storeFile('late.png', 0);
    const song = await songs.create({ name: 'Late', artistId: newId(), albumId: null, coverFileId: file, audioFileId: file, duration: 3 });
    const playlist = await playlists.create({ name: 'Late', description: null, isPrivate: false, creatorId: newId(), coverFileId: null });
    const listedBefore = await entries.distinctIds();
    const likedBefore = await likes.distinctSongIds();
    await entries.add(playlist.id, song.id);
    await likes.like(newId(), song.id);
    // Simulates the interleaving: the janitor listed ids before the rows above were written.
    vi.spyOn(entries, 'distinctIds').mockResolvedValueOnce({ songIds: [...listedBefore.songIds, newId()], playlistIds: listedBefore.playlistIds });
    vi.spyOn(likes, 'distinctSongIds').mockResolvedValueOnce([...likedBefore, newId()]);
    await janitor.runOnce();
    expect((await entries.listByPlaylist(playlist.id)).map((entry) => entry.songId)).toEqual([song.id]);
    expect(await likes.distinctSongIds()).toContain(song.id);
  });

  it('removes chunks of uploads a dead process left without a files document one grace period after its start, then daily', async () => {
    const graceMs = 200;
    const restarted = new JanitorService(connection, { janitorIntervalMs: 0, janitorGraceMs: graceMs }, store, songs, new AlbumsRepository(connection), playlists, entries, likes, idempotencyKeys, sharedCovers, lyricsService);
    const chunks = connection.db!.collection('media.chunks');
    // Ids as an upload makes them when it starts: two hours ago, so older than any grace.
    const headless = () => new mongoose.Types.ObjectId(Math.floor(Date.now() / 1000 - 7200).toString(16) + randomBytes(8).toString('hex'));
    const crashed = headless();
    await chunks.insertMany([0, 1, 2].map((n) => ({ files_id: crashed, n, data: new mongoose.mongo.Binary(Buffer.from(`part ${n}`)) })));
    const complete = await storeFile('complete.png', ORPHAN_GRACE_MS + 60_000);
    await songs.create({ name: 'Holds it', artistId: newId(), albumId: null, coverFileId: complete, audioFileId: complete, duration: 3 });

    // Right after the start the leftovers of the crash that caused it may still be younger than the grace period: not yet.
    expect((await restarted.runOnce()).headlessUploads).toBe(0);
    expect(await chunks.countDocuments({ files_id: crashed })).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, graceMs + 50));
    expect((await restarted.runOnce()).headlessUploads).toBeGreaterThanOrEqual(1);
    expect(await chunks.countDocuments({ files_id: crashed })).toBe(0);
    expect(await store.open(complete)).not.toBeNull();

    // The next sweep is a day away: it reads every chunk, so it does not run every time.
    const later = headless();
    await chunks.insertOne({ files_id: later, n: 0, data: new mongoose.mongo.Binary(Buffer.from('late')) });
    expect((await restarted.runOnce()).headlessUploads).toBe(0);
    expect(await chunks.countDocuments({ files_id: later })).toBe(1);
    await chunks.deleteMany({ files_id: later });
  });

  it('removes idempotency records older than a day and keeps younger ones', async () => {
    const key = randomBytes(6).toString('hex');
    await idempotencyKeys.claim(`old:${key}`, 'POST /api/playlists/new', new Date(Date.now() - IDEMPOTENCY_RETENTION_MS - 60_000));
    await idempotencyKeys.claim(`young:${key}`, 'POST /api/playlists/new', new Date(Date.now() - IDEMPOTENCY_RETENTION_MS + 60_000));
    expect((await janitor.runOnce()).expiredIdempotencyKeys).toBeGreaterThanOrEqual(1);
    // Claiming again tells whether a record is there: null means the claim inserted a new one.
    expect(await idempotencyKeys.claim(`old:${key}`, 'POST /api/playlists/new', new Date())).toBeNull();
    expect(await idempotencyKeys.claim(`young:${key}`, 'POST /api/playlists/new', new Date())).toMatchObject({ state: 'running' });
  });

  it('joins a run already in progress instead of starting a second one', async () => {
    const first = janitor.runOnce();
    expect(janitor.runOnce()).toBe(first);
    await first;
  });
});
