import mongoose, { type Model } from 'mongoose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import { CatalogCoverUsage } from './catalog-cover-usage.js';
import { CatalogModel } from './catalog-model.js';
import { fakeCatalog } from './testing.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import type { MediaUpload } from '../media/media-store.js';
import { SHARED_COVER_SETTLE_MS, SHARED_COVER_TOUCH_EVERY_MS, SharedCovers } from '../media/shared-covers.js';
import { SharedCoversRepository } from '../media/shared-covers.repository.js';
import { tinyPng } from '../media/test-files.js';

// SharedCovers (media/) with the catalog answering which covers are shown: media sits under the catalog, so the test
// that needs both lives on the catalog's side.
const suite = mediaStoreSuite('tunafy-shared-covers-');
let repository: SharedCoversRepository;
let covers: SharedCovers;
let model: CatalogModel;

const newId = () => new mongoose.Types.ObjectId().toHexString();
let pictures = 0;
const picture = (): MediaUpload => ({ kind: 'image', contentType: 'image/png', fileName: 'art.png', data: Buffer.concat([tinyPng(), Buffer.from(`#${++pictures}`)]) });
const shared = async (fileId: string) => (await repository.findMany([fileId])).has(fileId);
/** As if the file was last given to a record long enough ago for every replica to show that record. */
const settle = (fileId: string) =>
  suite.connection.db!.collection<{ _id: string }>('shared_covers').updateOne({ _id: fileId }, { $set: { touched_at: new Date(Date.now() - SHARED_COVER_SETTLE_MS - 1000) } });

function song(owner: string, coverFileId: string, albumId: string | null = null): SongRecord {
  return { id: newId(), name: 'Song', artistId: owner, albumId, coverFileId, audioFileId: newId(), duration: 3, plays: 0, createdAt: Date.now() } as SongRecord;
}

beforeAll(() => {
  repository = new SharedCoversRepository(suite.connection);
  model = new CatalogModel();
  covers = new SharedCovers(repository, suite.store, new CatalogCoverUsage(fakeCatalog(model)));
});

describe('SharedCovers', () => {
  it('stores a picture once per owner, also when its records ask for it at the same time', async () => {
    const owner = newId();
    const art = picture();
    const ids = await Promise.all([1, 2, 3, 4].map(() => covers.use(owner, art)));
    expect(new Set(ids).size).toBe(1);
    expect(await shared(ids[0]!)).toBe(true);
    // Another user's identical picture is theirs: never shared across owners.
    expect(await covers.use(newId(), art)).not.toBe(ids[0]);
    // Another process knows the picture only by the album's cover: one check of its bytes shares it.
    const elsewhere = new SharedCovers(repository, suite.store, new CatalogCoverUsage(fakeCatalog(model)));
    expect(await elsewhere.use(owner, art, ids[0])).toBe(ids[0]);
    expect(await elsewhere.use(owner, picture(), ids[0])).not.toBe(ids[0]);
  });

  it('keeps a shared file while another record shows it, and deletes it with the last one', async () => {
    const owner = newId();
    model.putUser(owner, `owner-${owner}`);
    const fileId = await covers.use(owner, picture());
    const album: AlbumRecord = { id: newId(), name: 'Shared', artistId: owner, coverFileId: fileId, createdAt: new Date() };
    model.putAlbum(album);
    const songs = [song(owner, fileId, album.id), song(owner, fileId, album.id)];
    for (const record of songs) {
      expect(await covers.acquire(owner, fileId)).toBe(true);
      model.putSong(record);
    }
    await settle(fileId);

    // As SongsService.delete and AlbumsService.delete do: the record leaves the read model, then lets its cover go.
    model.deleteSong(songs[0]!.id);
    await covers.release([fileId]);
    model.deleteAlbum(album.id);
    await covers.release([fileId]);
    expect(await suite.store.open(fileId)).not.toBeNull();
    model.deleteSong(songs[1]!.id);
    await covers.release([fileId]);
    expect(await suite.store.open(fileId)).toBeNull();
    expect(await shared(fileId)).toBe(false);
    // Never given out again, whoever still remembers it.
    expect(await covers.acquire(owner, fileId)).toBe(false);
  });

  it('leaves a shared file given out a moment ago to the janitor: the record showing it may be on its way', async () => {
    const owner = newId();
    const fileId = await covers.use(owner, picture());
    expect(await covers.acquire(owner, fileId)).toBe(true);
    await covers.release([fileId]);
    expect(await suite.store.open(fileId)).not.toBeNull();
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    expect(await covers.deletableOrphans([fileId], hourAgo)).toEqual([]);
    await suite.connection.db!.collection<{ _id: string }>('shared_covers').updateOne({ _id: fileId }, { $set: { touched_at: new Date(hourAgo.getTime() - 1000) } });
    expect(await covers.deletableOrphans([fileId], hourAgo)).toEqual([fileId]);
    expect(await shared(fileId)).toBe(false);
    expect(await covers.acquire(owner, fileId)).toBe(false);
  });

  it('writes when it gave a file out at most once a second, and gives out nothing retired since', async () => {
    const owner = newId();
    const art = picture();
    const touches = vi.spyOn(repository, 'touch');
    const fileId = await covers.use(owner, art);
    for (let song = 0; song < 5; song++) expect(await covers.use(owner, art)).toBe(fileId);
    // Stored (its time written with it), then given out five times within the second: no write.
    expect(touches).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, SHARED_COVER_TOUCH_EVERY_MS + 50));
    expect(await covers.acquire(owner, fileId)).toBe(true);
    expect(touches).toHaveBeenCalledTimes(1);
    // Another owner never gets it, written or not.
    expect(await covers.acquire(newId(), fileId)).toBe(false);
    touches.mockRestore();
  });

  it('gives out nothing the janitor retired while the give-out wrote its time (FerretDB reports the update as matched)', async () => {
    const owner = newId();
    model.putUser(owner, `owner-${owner}`);
    const art = picture();
    const first = await covers.use(owner, art);
    // The retire lands between the give-out's read and its write, as FerretDB interleaves them: the update still
    // reports a match, and only the retirement tells the give-out the file is going.
    const documents = (repository as unknown as { model: Model<unknown> }).model;
    const touch = vi.spyOn(documents, 'updateOne').mockImplementationOnce((async (filter: { _id: string }) => {
      const cover = (await repository.find(filter._id))!;
      expect(await repository.retire(filter._id, cover.touchedAt)).toBe(true);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    }) as never);
    await new Promise((resolve) => setTimeout(resolve, SHARED_COVER_TOUCH_EVERY_MS + 50));
    const second = await covers.use(owner, art);
    expect(second).not.toBe(first);
    expect(await shared(second)).toBe(true);
    expect(await shared(first)).toBe(false);
    touch.mockRestore();

    // A retire that finds the file given out since it read the time keeps the file, and nobody is given it again.
    await settle(second);
    const read = (await repository.find(second))!;
    // Another process, which writes the time (this one stored the file less than SHARED_COVER_TOUCH_EVERY_MS ago).
    expect(await new SharedCovers(repository, suite.store, new CatalogCoverUsage(fakeCatalog(model))).acquire(owner, second)).toBe(true);
    expect(await repository.retire(second, read.touchedAt)).toBe(false);
    expect(await shared(second)).toBe(true);
    expect(await new SharedCovers(repository, suite.store, new CatalogCoverUsage(fakeCatalog(model))).acquire(owner, second)).toBe(false);
  });

  it('never deletes a file it gave out while the janitor retired it: many give-outs racing a retire on the real engine', async () => {
    const owner = newId();
    // Bounded: a few rounds, each a settled unreferenced file that eight processes want to give out as the janitor retires it.
    for (let round = 0; round < 12; round++) {
      const fileId = await covers.use(owner, picture());
      await settle(fileId);
      const before = new Date(Date.now() - SHARED_COVER_SETTLE_MS / 2);
      // Another process each (nothing remembered, so each writes its give-out), as replicas importing at once.
      const givers = Array.from({ length: 8 }, () => new SharedCovers(repository, suite.store, new CatalogCoverUsage(fakeCatalog(model))));
      const [deletable, ...given] = await Promise.all([covers.deletableOrphans([fileId], before), ...givers.map((giver) => giver.acquire(owner, fileId))]);
      const deleted = deletable.includes(fileId);
      // Deleted and given out, never both (both may lose: a give-out that wrote its time and then found the retirement).
      expect(deleted && given.some(Boolean)).toBe(false);
      if (deleted) await suite.store.delete(fileId);
      else expect(await shared(fileId)).toBe(true);
    }
  });

  it('deletes a file that was never shared (a form cover) on its only release', async () => {
    const { id } = await suite.store.save(picture());
    expect(await covers.acquire(newId(), id)).toBe(false);
    await covers.release([id, null]);
    expect(await suite.store.open(id)).toBeNull();
  });
});
