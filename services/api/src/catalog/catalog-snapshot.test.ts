import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogLoader } from './catalog-loader.js';
import { CatalogModel } from './catalog-model.js';
import type { CatalogRecord } from '../persistence/catalog-records.js';
import { openSnapshot, SnapshotTooSlowError, writeSnapshot } from './catalog-snapshot.js';

let counter = 0x2000;
const newId = () => (++counter).toString(16).padStart(24, '0');
const DAY = new Date('2026-01-01T00:00:00Z');

/** A catalog with every kind of record, tags, an album order, a reordered playlist entry and likes. */
function catalog(): CatalogModel {
  const model = new CatalogModel();
  const [ann, bob] = [newId(), newId()];
  model.putUser(ann, 'ann');
  model.putUser(bob, 'bob');
  const album = { id: newId(), name: 'Record', artistId: ann, coverFileId: newId(), createdAt: DAY };
  model.putAlbum(album);
  const songs = [2, 1, 3].map((track) =>
    model.putSong({ id: newId(), name: `Tune ${track}`, artistId: ann, albumId: album.id, coverFileId: newId(), audioFileId: newId(), duration: 60 + track, plays: track, createdAt: DAY.getTime() + track, track, disc: 1, genre: 'Jazz', year: 1999, audioFormat: 'flac' }),
  );
  const loose = model.putSong({ id: newId(), name: 'Loose', artistId: bob, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 5, plays: 0, createdAt: DAY.getTime() });
  const playlist = { id: newId(), name: 'Mix', description: 'd', isPrivate: true, creatorId: bob, coverFileId: null, createdAt: DAY };
  model.putPlaylist(playlist);
  model.putEntry({ id: newId(), playlistId: playlist.id, songId: songs[0]!.id, addedAt: new Date(DAY.getTime() + 1) });
  model.putEntry({ id: newId(), playlistId: playlist.id, songId: loose.id, addedAt: new Date(DAY.getTime() + 2), position: 'a0' });
  model.putLike({ id: newId(), userId: bob, songId: songs[2]!.id, likedAt: new Date(DAY.getTime() + 3) });
  model.putLike({ id: newId(), userId: ann, songId: loose.id, likedAt: new Date(DAY.getTime() + 4) });
  return model;
}

const all = (model: CatalogModel): CatalogRecord[] => [...model.records()];

describe('catalog snapshot', () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tunafy-snapshot-'));
    dirs.push(dir);
    return join(dir, 'catalog-snapshot.ndjson.gz');
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  // loadRecords reads no database.
  const loader = new CatalogLoader(...([null, null, null, null, null, null] as unknown as ConstructorParameters<typeof CatalogLoader>));

  it('gives back every record, dates and order keys included, and a copy that answers like the original', async () => {
    const model = catalog();
    const file = tempFile();
    await writeSnapshot(file, { revision: 7, revisionAt: DAY.toISOString(), songs: model.songCount }, model.records(), 10_000);
    const opened = await openSnapshot(file);
    expect(opened?.header).toMatchObject({ revision: 7, revisionAt: DAY.toISOString(), songs: 4 });
    const restored = await loader.loadRecords(opened!.records);
    expect(all(restored)).toEqual(all(model));
    const album = model.albumsPage({}).items[0]!;
    expect(restored.albumSongs(album.id, {})!.items.map((song) => song.track)).toEqual([1, 2, 3]);
    expect(restored.searchSongs('tune', 10).map((song) => song.id).sort()).toEqual(model.searchSongs('tune', 10).map((song) => song.id).sort());
  });

  it('is no snapshot when the file is missing, foreign or cut short, and a write over budget leaves no file', async () => {
    const file = tempFile();
    expect(await openSnapshot(file)).toBeNull();
    writeFileSync(file, 'not gzip');
    expect(await openSnapshot(file)).toBeNull();
    writeFileSync(file, gzipSync('{"format":"something-else","version":1}\n'));
    expect(await openSnapshot(file)).toBeNull();

    // A snapshot whose end is missing fails while loading (the caller then loads from the database).
    const whole = tempFile();
    await writeSnapshot(whole, { revision: 1, revisionAt: DAY.toISOString(), songs: 4 }, catalog().records(), 10_000);
    const bytes = (await import('node:fs')).readFileSync(whole);
    writeFileSync(file, bytes.subarray(0, bytes.length - 20));
    const cut = await openSnapshot(file);
    await expect(loader.loadRecords(cut!.records)).rejects.toThrow();

    const slow = tempFile();
    const many = function* () {
      for (;;) yield* catalog().records();
    };
    await expect(writeSnapshot(slow, { revision: 1, revisionAt: DAY.toISOString(), songs: 0 }, many(), 50)).rejects.toBeInstanceOf(SnapshotTooSlowError);
    expect(readdirSync(join(slow, '..'))).toEqual([]);
  });
});
