import mongoose, { type Connection } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlbumsRepository } from '../persistence/albums.repository.js';
import { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogCoverUsage } from '../catalog/catalog-cover-usage.js';
import { fakeCatalog } from '../catalog/testing.js';
import type { GridFsMediaStore } from '../media/gridfs-media.store.js';
import { SharedCovers } from '../media/shared-covers.js';
import { SharedCoversRepository } from '../media/shared-covers.repository.js';
import { tinyPng } from '../media/test-files.js';
import { SongsRepository } from '../persistence/songs.repository.js';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import { AlbumResolver } from './album-resolver.service.js';
import { ImportClaimsRepository } from '../persistence/import-claims.repository.js';

const suite = mediaStoreSuite('tunafy-album-resolver-');
let connection: Connection;
let resolver: AlbumResolver;
let albums: AlbumsRepository;
let songs: SongsRepository;
let store: GridFsMediaStore;
let model: CatalogModel;

const newId = () => new mongoose.Types.ObjectId().toHexString();
let pictures = 0;
/** A picture of its own per album: albums of one owner showing the same picture share its file (SharedCovers). */
const cover = async () => ({ kind: 'image' as const, contentType: 'image/png', fileName: 'cover.png', data: Buffer.concat([tinyPng(), Buffer.from(`#${++pictures}`)]) });
const samePicture = async () => ({ kind: 'image' as const, contentType: 'image/png', fileName: 'cover.png', data: tinyPng() });
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  ({ connection, store } = suite);
  albums = new AlbumsRepository(connection);
  songs = new SongsRepository(connection);
  model = new CatalogModel();
  resolver = new AlbumResolver(albums, songs, new ImportClaimsRepository(connection), fakeCatalog(model), new SharedCovers(new SharedCoversRepository(connection), store, new CatalogCoverUsage(fakeCatalog(model))));
});

/** Makes every unsettled claim look an hour and a minute old, as a crash long ago would leave it. */
async function ageClaims(): Promise<void> {
  await connection.db!.collection('album_claims').updateMany({}, { $set: { claimed_at: new Date(Date.now() - HOUR - 60_000) } });
}

function addSong(artistId: string, albumId: string) {
  return songs.create({ name: 'Song', artistId, albumId, coverFileId: newId(), audioFileId: newId(), duration: 3 });
}

describe('AlbumResolver', () => {
  it('creates an album once and finds it again by name, ignoring case and spacing', async () => {
    const user = newId();
    model.putUser(user, 'ann');
    const first = await resolver.findOrCreate(user, 'Kind of Blue', cover);
    const again = await resolver.findOrCreate(user, '  kind OF  blue', cover);
    expect(first.created).toBe(true);
    expect(again).toEqual({ album: first.album, created: false });
    expect((await store.open(first.album.coverFileId))?.contentType).toBe('image/png');
    // As the importer does once the album's first song is stored.
    await resolver.settle(user, first.album);
  });

  it('sweeps an album a crash left without its first song, and keeps albums with songs or settled ones', async () => {
    const user = newId();
    model.putUser(user, 'bob');
    const abandoned = (await resolver.findOrCreate(user, 'Crashed', cover)).album;
    const withSong = (await resolver.findOrCreate(user, 'Crashed After The Song', cover)).album;
    await addSong(user, withSong.id);
    const emptiedByOwner = (await resolver.findOrCreate(user, 'Emptied', cover)).album;
    await resolver.settle(user, emptiedByOwner);
    const gone = (await resolver.findOrCreate(user, 'Deleted Since', cover)).album;
    await albums.delete(gone.id);
    const young = (await resolver.findOrCreate(newId(), 'Still Uploading', cover)).album;

    // Too young: an upload may still be on its way.
    expect(await resolver.sweepAbandoned(new Date(Date.now() - HOUR))).toBe(0);
    await ageClaims();
    await connection.db!.collection('album_claims').updateOne({ target_id: young.id }, { $set: { claimed_at: new Date() } });
    expect(await resolver.sweepAbandoned(new Date(Date.now() - HOUR))).toBe(1);

    expect(await albums.findById(abandoned.id)).toBeNull();
    expect(model.album(abandoned.id)).toBeNull();
    // Its cover is a shared file (its songs would have shown it): no record references it now, so the janitor's orphan
    // sweep deletes it (janitor.service.test.ts).
    expect(await albums.referencedFileIds()).not.toContain(abandoned.coverFileId);
    for (const kept of [withSong, emptiedByOwner, young]) expect(await albums.findById(kept.id)).not.toBeNull();
    const claims = connection.db!.collection('album_claims');
    expect(await claims.findOne({ target_id: gone.id })).toBeNull();
    const settled = await claims.findOne({ target_id: withSong.id });
    expect(await connection.db!.collection('import_claims_done').findOne({ _id: `album:${settled!._id}@${withSong.id}` as never })).not.toBeNull();
    // A second pass has nothing left to do.
    expect(await resolver.sweepAbandoned(new Date(Date.now() - HOUR))).toBe(0);
  });

  it("shares one file between an owner's albums with the same picture, and keeps it for the other when one is swept", async () => {
    const user = newId();
    model.putUser(user, 'cat');
    const kept = (await resolver.findOrCreate(user, 'Kept', samePicture)).album;
    await addSong(user, kept.id);
    const abandoned = (await resolver.findOrCreate(user, 'Abandoned', samePicture)).album;
    expect(abandoned.coverFileId).toBe(kept.coverFileId);
    // Another user's album never shares it.
    expect((await resolver.findOrCreate(newId(), 'Kept', samePicture)).album.coverFileId).not.toBe(kept.coverFileId);

    await ageClaims();
    expect(await resolver.sweepAbandoned(new Date(Date.now() - HOUR))).toBeGreaterThanOrEqual(1);
    expect(await albums.findById(abandoned.id)).toBeNull();
    expect(await store.open(kept.coverFileId)).not.toBeNull();
  });
});
