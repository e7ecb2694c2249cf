import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import type { MediaUpload } from '../media/media-store.js';
import type { MediaUploads } from '../media/media-uploads.js';
import type { SharedCovers } from '../media/shared-covers.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { SongRecord, SongsRepository } from '../persistence/songs.repository.js';
import { AlbumPresenter } from './album-presenter.js';
import type { AlbumRecord, AlbumsRepository } from '../persistence/albums.repository.js';
import { AlbumsService } from './albums.service.js';

const ARTIST: SessionUser = { id: 'a'.repeat(24), username: 'artist', email: 'artist@example.com' };
const STRANGER: SessionUser = { id: 'b'.repeat(24), username: 'stranger', email: 'stranger@example.com' };
const ALBUM_ID = 'c'.repeat(24);
const OTHER_ALBUM_ID = 'd'.repeat(24);
const MY_SONG = '1'.repeat(24);
const THEIR_SONG = '2'.repeat(24);
const NEW_ALBUM_ID = 'e'.repeat(24);

function song(id: string, artistId: string, albumId: string | null): SongRecord {
  return { id, name: id, artistId, albumId, coverFileId: 'c', audioFileId: 'a', duration: 1, plays: 0, createdAt: 0 };
}

/**
 * The repositories are plain fakes over two maps (the database) that write
 * every side effect to one log, so tests can assert the order of steps; the
 * service reads from a real CatalogModel seeded with the same records, and
 * its `catalog.publish` calls land in the same log.
 */
function setup(options: { createFails?: boolean; songAlbum?: string | null } = {}) {
  const log: string[] = [];
  const albums = new Map<string, AlbumRecord>([
    [ALBUM_ID, { id: ALBUM_ID, name: 'Mine', artistId: ARTIST.id, coverFileId: 'oldcover', createdAt: new Date(0) }],
    [OTHER_ALBUM_ID, { id: OTHER_ALBUM_ID, name: 'Other', artistId: ARTIST.id, coverFileId: 'other', createdAt: new Date(0) }],
  ]);
  const songs = new Map<string, SongRecord>([
    [MY_SONG, song(MY_SONG, ARTIST.id, options.songAlbum === undefined ? null : options.songAlbum)],
    [THEIR_SONG, song(THEIR_SONG, STRANGER.id, null)],
  ]);

  const albumsRepo = {
    create: async (input: { name: string; artistId: string; coverFileId: string }) => {
      log.push(`albums.create ${input.coverFileId} artist=${input.artistId}`);
      if (options.createFails) throw new Error('db down');
      const record = { ...input, id: NEW_ALBUM_ID, createdAt: new Date(0) };
      albums.set(record.id, record);
      return record;
    },
    updateReturningPrevious: async (id: string, patch: { name?: string; coverFileId?: string }) => {
      log.push(`albums.update ${JSON.stringify(patch)}`);
      const previous = albums.get(id) ?? null;
      if (previous) albums.set(id, { ...previous, ...patch });
      return previous;
    },
    delete: async (id: string) => {
      log.push(`albums.delete ${id}`);
      albums.delete(id);
    },
  } as unknown as AlbumsRepository;

  const songsRepo = {
    setAlbum: async (id: string, albumId: string | null) => {
      log.push(`songs.setAlbum ${id} ${albumId}`);
      if (!songs.has(id)) return false;
      songs.get(id)!.albumId = albumId;
      return true;
    },
    detachFromAlbum: async (id: string, albumId: string) => {
      const record = songs.get(id);
      if (!record || record.albumId !== albumId) return false;
      log.push(`songs.detach ${id}`);
      record.albumId = null;
      return true;
    },
    detachAllFromAlbum: async (ids: string[], albumId: string) => {
      log.push(`songs.detachAllFromAlbum ${ids.join(',')} ${albumId}`);
      for (const id of ids) if (songs.get(id)?.albumId === albumId) songs.get(id)!.albumId = null;
    },
  } as unknown as SongsRepository;

  const model = new CatalogModel();
  model.putUser(ARTIST.id, ARTIST.username);
  model.putUser(STRANGER.id, STRANGER.username);
  for (const album of albums.values()) model.putAlbum(album);
  for (const record of songs.values()) model.putSong(record);
  const catalog = fakeCatalog(model, log);

  const uploads = {
    checkCover: async (file: Express.Multer.File | undefined, opts: { required: boolean }) => {
      if (!file) return opts.required ? { ok: false, message: 'cover missing' } : { ok: true, upload: null };
      return { ok: true, upload: { kind: 'image', contentType: 'image/png', fileName: file.originalname, data: file.buffer } };
    },
    storeAll: async (list: MediaUpload[]) => {
      log.push(`media.storeAll ${list.length}`);
      return list.map((_, index) => ({ id: `newcover${index}`, kind: 'image', contentType: 'image/png', length: 1 }));
    },
    discard: async (ids: string[]) => void log.push(`media.discard ${ids.join(',')}`),
  } as unknown as MediaUploads;

  const covers = { release: async (ids: string[]) => void log.push(`covers.release ${ids.join(',')}`) } as unknown as SharedCovers;
  const service = new AlbumsService(albumsRepo, songsRepo, new AlbumPresenter(catalog), new SongPresenter(catalog), catalog, uploads, covers);
  return { service, log, songs, model, catalog };
}

const songIdsOf = (answer: { songs: { id: string }[] }) => answer.songs.map((entry) => entry.id);

async function status(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiException);
  return (error as ApiException).getStatus();
}

const cover = { originalname: 'cover.png', buffer: Buffer.from('png') } as Express.Multer.File;

describe('AlbumsService reads', () => {
  it('answers an album with its artist, song count and length from the read model', async () => {
    const { service } = setup({ songAlbum: ALBUM_ID });
    expect(await service.get(ALBUM_ID)).toEqual({
      id: ALBUM_ID,
      album_name: 'Mine',
      album_cover_url: '/api/files/oldcover',
      artist_id: ARTIST.id,
      artist_username: 'artist',
      created_at: new Date(0).toISOString(),
      album_artist: null,
      year: null,
      song_count: 1,
      total_duration: 1,
    });
    expect(await status(service.get('f'.repeat(24)))).toBe(404);
    expect(await status(service.get('nope'))).toBe(400);
  });

  it('pages the album’s songs', async () => {
    const { service } = setup({ songAlbum: ALBUM_ID });
    const answer = await service.songsOf(ALBUM_ID, { limit: 1 });
    expect(songIdsOf(answer)).toEqual([MY_SONG]);
    expect(answer).toMatchObject({ next_cursor: null, total: 1 });
    expect(answer.songs[0]).toMatchObject({ album_id: ALBUM_ID, album_name: 'Mine', artist_username: 'artist' });
    expect(await service.songsOf(OTHER_ALBUM_ID, {})).toEqual({ songs: [], next_cursor: null, total: 0 });
  });
});

describe('AlbumsService.create and update', () => {
  it('reports the name and the cover together', async () => {
    const { service, log } = setup();
    const error = await service.create(ARTIST, { artist_id: STRANGER.id }, undefined).catch((caught: ApiException) => caught);
    expect((error as ApiException).getResponse()).toMatchObject({ errors: { album_name: 'Name is required.', album_cover_url: 'cover missing' } });
    expect(log).toEqual([]);
  });

  it('creates as the session user and discards the cover if the record fails', async () => {
    const ok = setup();
    const created = await ok.service.create(ARTIST, { album_name: 'A', artist_id: STRANGER.id }, cover);
    expect(ok.log).toEqual(['media.storeAll 1', `albums.create newcover0 artist=${ARTIST.id}`, 'catalog.publish album']);
    expect(created).toMatchObject({ id: NEW_ALBUM_ID, album_name: 'A', artist_id: ARTIST.id, artist_username: 'artist', album_cover_url: '/api/files/newcover0' });
    expect(ok.catalog.recorded).toEqual([{ kind: 'album', id: NEW_ALBUM_ID }]);
    expect(ok.model.album(NEW_ALBUM_ID)).toMatchObject({ name: 'A', artistId: ARTIST.id, coverFileId: 'newcover0' });

    const failing = setup({ createFails: true });
    await expect(failing.service.create(ARTIST, { album_name: 'A' }, cover)).rejects.toThrow('db down');
    expect(failing.log.at(-1)).toBe('media.discard newcover0');
    expect(failing.catalog.recorded).toEqual([]);
    expect(failing.model.album(NEW_ALBUM_ID)).toBeNull();
  });

  it('replaces the cover before discarding the old one, and only for the artist', async () => {
    const { service, log, model, catalog } = setup();
    expect(await status(service.update(STRANGER, ALBUM_ID, { album_name: 'B' }, cover))).toBe(403);
    expect(log).toEqual([]);
    const updated = await service.update(ARTIST, ALBUM_ID, { album_name: 'B' }, cover);
    expect(log).toEqual(['media.storeAll 1', 'albums.update {"name":"B","coverFileId":"newcover0"}', 'catalog.publish album', 'covers.release oldcover']);
    expect(updated).toMatchObject({ album_name: 'B', album_cover_url: '/api/files/newcover0' });
    expect(catalog.recorded).toEqual([{ kind: 'album', id: ALBUM_ID }]);
    expect(model.album(ALBUM_ID)).toMatchObject({ name: 'B', coverFileId: 'newcover0' });
  });

  it('keeps the cover when none is sent', async () => {
    const { service, log, model } = setup();
    await service.update(ARTIST, ALBUM_ID, { album_name: 'B' }, undefined);
    expect(log).toEqual(['albums.update {"name":"B"}', 'catalog.publish album']);
    expect(model.album(ALBUM_ID)).toMatchObject({ name: 'B', coverFileId: 'oldcover' });
  });
});

describe('AlbumsService.addSong and removeSong', () => {
  it('adds only the artist’s own songs to the artist’s own albums', async () => {
    const { service, log } = setup();
    expect(await status(service.addSong(STRANGER, ALBUM_ID, { song_id: THEIR_SONG }))).toBe(403);
    expect(await status(service.addSong(ARTIST, ALBUM_ID, { song_id: THEIR_SONG }))).toBe(403);
    expect(await status(service.addSong(ARTIST, ALBUM_ID, { song_id: '9'.repeat(24) }))).toBe(404);
    expect(await status(service.addSong(ARTIST, ALBUM_ID, { song_id: 'nope' }))).toBe(400);
    expect(await status(service.addSong(ARTIST, 'nope', { song_id: MY_SONG }))).toBe(400);
    expect(log).toEqual([]);
  });

  it('adds, answering the album’s songs, and a second add changes nothing', async () => {
    const { service, log, catalog } = setup();
    const first = await service.addSong(ARTIST, ALBUM_ID, { song_id: MY_SONG });
    expect(songIdsOf(first)).toEqual([MY_SONG]);
    expect(first).toMatchObject({ next_cursor: null, total: 1 });
    expect(first.songs[0]).toMatchObject({ album_id: ALBUM_ID, album_name: 'Mine' });
    expect(await service.addSong(ARTIST, ALBUM_ID, { song_id: MY_SONG.toUpperCase() })).toEqual(first);
    expect(log).toEqual([`songs.setAlbum ${MY_SONG} ${ALBUM_ID}`, 'catalog.publish song']);
    expect(catalog.recorded).toEqual([{ kind: 'song', id: MY_SONG }]);
  });

  it('answers 404 and leaves the copy alone when the song was deleted after it was read', async () => {
    const { service, songs, model, catalog } = setup();
    // The database row is gone; the copy still has the record (its delete is being recorded right now).
    songs.delete(MY_SONG);
    expect(await status(service.addSong(ARTIST, ALBUM_ID, { song_id: MY_SONG }))).toBe(404);
    expect(model.song(MY_SONG)!.albumId).toBeNull();
    expect(catalog.recorded).toEqual([]);
  });

  it('moves a song from another album', async () => {
    const { service, songs, model } = setup({ songAlbum: OTHER_ALBUM_ID });
    await service.addSong(ARTIST, ALBUM_ID, { song_id: MY_SONG });
    expect(songs.get(MY_SONG)!.albumId).toBe(ALBUM_ID);
    expect(model.song(MY_SONG)!.albumId).toBe(ALBUM_ID);
    expect(model.albumSongs(OTHER_ALBUM_ID, {})!.total).toBe(0);
    expect(model.albumSongs(ALBUM_ID, {})!.items.map((record) => record.id)).toEqual([MY_SONG]);
  });

  it('removes only a song that is in this album', async () => {
    const elsewhere = setup({ songAlbum: OTHER_ALBUM_ID });
    expect(await status(elsewhere.service.removeSong(ARTIST, ALBUM_ID, { song_id: MY_SONG }))).toBe(404);
    expect(elsewhere.songs.get(MY_SONG)!.albumId).toBe(OTHER_ALBUM_ID);
    expect(elsewhere.catalog.recorded).toEqual([]);

    const { service, log, model, catalog } = setup({ songAlbum: ALBUM_ID });
    expect(await status(service.removeSong(STRANGER, ALBUM_ID, { song_id: MY_SONG }))).toBe(403);
    expect(await service.removeSong(ARTIST, ALBUM_ID, { song_id: MY_SONG })).toEqual({ songs: [], next_cursor: null, total: 0 });
    expect(await status(service.removeSong(ARTIST, ALBUM_ID, { song_id: MY_SONG }))).toBe(404);
    expect(log).toEqual([`songs.detach ${MY_SONG}`, 'catalog.publish song']);
    expect(catalog.recorded).toEqual([{ kind: 'song', id: MY_SONG }]);
    // The song stays, with no album.
    expect(model.song(MY_SONG)!.albumId).toBeNull();
  });
});

describe('AlbumsService.delete and listOwn', () => {
  it('detaches the songs, then deletes the record, then the cover', async () => {
    const { service, log, model, catalog } = setup({ songAlbum: ALBUM_ID });
    expect(await status(service.delete(STRANGER, ALBUM_ID))).toBe(403);
    expect(await service.delete(ARTIST, ALBUM_ID)).toEqual({ id: ALBUM_ID, deleted: true });
    // The album's songs by id, as the read model holds them.
    expect(log).toEqual([`songs.detachAllFromAlbum ${MY_SONG} ${ALBUM_ID}`, `albums.delete ${ALBUM_ID}`, 'catalog.publish album', 'covers.release oldcover']);
    expect(catalog.recorded).toEqual([{ kind: 'album', id: ALBUM_ID }]);
    expect(model.album(ALBUM_ID)).toBeNull();
    expect(model.song(MY_SONG)!.albumId).toBeNull();
    expect(await status(service.get(ALBUM_ID))).toBe(404);
  });

  it('lists only your own albums', async () => {
    const { service } = setup();
    expect((await service.listOwn(ARTIST.id, ARTIST)).map((album) => album.id)).toEqual([ALBUM_ID, OTHER_ALBUM_ID]);
    expect(await service.listOwn(STRANGER.id, STRANGER)).toEqual([]);
    expect(await status(service.listOwn(ARTIST.id, STRANGER))).toBe(403);
    expect(await status(service.listOwn('me', ARTIST))).toBe(400);
  });
});
