import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@tunafy/contracts';
import type { LikesRepository } from '../persistence/likes.repository.js';
import { ApiException } from '../common/api-exception.js';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import type { MediaUpload, StoredMedia } from '../media/media-store.js';
import type { MediaUploads } from '../media/media-uploads.js';
import type { SharedCovers } from '../media/shared-covers.js';
import type { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { sha256OfBytes, type SongHashClaims } from '../imports/song-hash-claims.service.js';
import { SongPresenter } from './song-presenter.js';
import { SongsService, type SongFiles } from './songs.service.js';
import type { NewSong, SongPatch, SongRecord, SongsRepository } from '../persistence/songs.repository.js';

const ARTIST: SessionUser = { id: 'a'.repeat(24), username: 'artist', email: 'artist@example.com' };
const STRANGER: SessionUser = { id: 'b'.repeat(24), username: 'stranger', email: 'stranger@example.com' };
const SONG_ID = 'c'.repeat(24);
const ALBUM_ID = 'd'.repeat(24);
/** The hash stored with the existing song, and the one of the test mp3 (file('song.mp3')). */
const OLD_HASH = 'e'.repeat(64);
const NEW_HASH = sha256OfBytes(Buffer.from('song.mp3'));

function file(name: string): Express.Multer.File {
  return { originalname: name, buffer: Buffer.from(name), size: name.length } as Express.Multer.File;
}

/**
 * Plain fakes that write every side effect to one log, so tests can assert
 * the order of steps across repositories, the media store and the read model
 * (`catalog.publish`, which the service reads from).
 */
function setup(options: { createFails?: boolean; updateFails?: boolean; songExists?: boolean; deletedWhileUploading?: boolean; likedWhileDeleting?: string } = {}) {
  const log: string[] = [];
  let nextFile = 0;
  let song: SongRecord | null =
    options.songExists === false
      ? null
      : {
          id: SONG_ID,
          name: 'Old',
          artistId: ARTIST.id,
          albumId: null,
          coverFileId: 'oldcover',
          audioFileId: 'oldaudio',
          duration: 100,
          plays: 0,
          createdAt: 0,
        };

  const songs = {
    create: async (input: NewSong) => {
      log.push(`songs.create ${input.coverFileId},${input.audioFileId} duration=${input.duration} artist=${input.artistId}`);
      if (options.createFails) throw new Error('db down');
      return { ...input, id: SONG_ID, plays: 0, createdAt: 0 };
    },
    updateReturningPrevious: async (id: string, patch: SongPatch) => {
      log.push(`songs.update ${JSON.stringify(patch)}`);
      if (options.updateFails) throw new Error('db down');
      // Its artist deleted it in another tab after the service had read it.
      if (options.deletedWhileUploading) return null;
      const previous = song;
      if (song) song = { ...song, ...patch };
      return previous ? { record: previous, contentHash: OLD_HASH } : null;
    },
    delete: async (id: string) => {
      log.push(`songs.delete ${id}`);
      // A like recorded in this process while the delete ran: its writer had checked the song was still there.
      if (options.likedWhileDeleting) model.putLike({ id: options.likedWhileDeleting, userId: STRANGER.id, songId: id, likedAt: new Date(5) });
      return true;
    },
  } as unknown as SongsRepository;

  // What the service reads from: the song (when it exists) and one album of the artist.
  const model = new CatalogModel();
  model.putUser(ARTIST.id, ARTIST.username);
  model.putAlbum({ id: ALBUM_ID, name: 'Album', artistId: ARTIST.id, coverFileId: 'x', createdAt: new Date(0) });
  if (song) model.putSong(song);
  const catalog = fakeCatalog(model, log);

  const deleteByIds = (name: string) => async (ids: string[]) => void log.push(`${name}.deleteByIds ${ids.join(',')}`);
  const playlistEntries = { deleteByIds: deleteByIds('playlistEntries') } as unknown as PlaylistEntriesRepository;
  const likes = { deleteByIds: deleteByIds('likes') } as unknown as LikesRepository;

  const check = (kind: 'image' | 'audio') => async (upload: Express.Multer.File | undefined, opts: { required: boolean }) => {
    if (!upload) return opts.required ? { ok: false as const, message: `${kind} missing` } : { ok: true as const, upload: null };
    if (upload.originalname.startsWith('bad')) return { ok: false as const, message: `${kind} bad` };
    const media: MediaUpload = { kind, contentType: kind === 'image' ? 'image/png' : 'audio/mpeg', fileName: upload.originalname, data: upload.buffer };
    return { ok: true as const, upload: kind === 'audio' ? { ...media, duration: 42 } : media };
  };
  const uploads = {
    checkCover: check('image'),
    checkSong: check('audio'),
    storeAll: async (list: MediaUpload[]) => {
      const stored: StoredMedia[] = list.map((upload) => ({ id: `new${upload.kind}${nextFile++}`, kind: upload.kind, contentType: upload.contentType, length: 1 }));
      log.push(`media.storeAll ${stored.map((media) => media.id).join(',')}`);
      return stored;
    },
    discard: async (ids: string[]) => void log.push(`media.discard ${ids.join(',')}`),
  } as unknown as MediaUploads;

  // Hash claims are logged apart: the order of the write's own steps is what the other tests check.
  const claimed: string[] = [];
  const hashes = {
    adopt: async (userId: string, hash: string, songId: string) => void claimed.push(`adopt ${userId} ${hash.slice(0, 8)} ${songId}`),
    release: async (userId: string, hash: string, songId: string) => void claimed.push(`release ${userId} ${hash.slice(0, 8)} ${songId}`),
  } as unknown as SongHashClaims;
  const covers = { release: async (ids: string[]) => void log.push(`covers.release ${ids.join(',')}`) } as unknown as SharedCovers;
  const service = new SongsService(songs, playlistEntries, likes, new SongPresenter(catalog), catalog, uploads, hashes, covers);
  return { service, log, model, catalog, claimed };
}

async function apiError(promise: Promise<unknown>): Promise<ApiException> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiException);
  return error as ApiException;
}

const goodFiles: SongFiles = { cover: file('cover.png'), audio: file('song.mp3') };

describe('SongsService.get', () => {
  it('answers the song from the read model, with its artist and album names', async () => {
    const { service, model } = setup();
    model.putSong({ ...model.song(SONG_ID)!, albumId: ALBUM_ID });
    expect(await service.get(SONG_ID)).toEqual({
      id: SONG_ID,
      song_name: 'Old',
      artist_id: ARTIST.id,
      artist_username: 'artist',
      album_id: ALBUM_ID,
      album_name: 'Album',
      song_cover_url: '/api/files/oldcover',
      song_file_url: '/api/files/oldaudio',
      duration: 100,
      created_at: new Date(0).toISOString(),
      audio_format: 'mp3',
      track: null,
      disc: null,
      year: null,
      genre: null,
      artists: [],
      loudness: null,
      has_lyrics: false,
    });
    expect((await apiError(service.get('e'.repeat(24)))).getStatus()).toBe(404);
    expect((await apiError(service.get('nope'))).getStatus()).toBe(400);
  });
});

describe('SongsService.create', () => {
  it('takes the artist from the session and the duration from the mp3, ignoring the form', async () => {
    const { service, log, model, catalog, claimed } = setup({ songExists: false });
    const created = await service.create(ARTIST, { song_name: 'New', artist_id: STRANGER.id, duration: '260' }, goodFiles);
    expect(log).toEqual(['media.storeAll newimage0,newaudio1', `songs.create newimage0,newaudio1 duration=42 artist=${ARTIST.id}`, 'catalog.publish song']);
    // The mp3's bytes are claimed for the new song once it is stored, so a bulk upload of the same file is a duplicate.
    expect(claimed).toEqual([`adopt ${ARTIST.id} ${NEW_HASH.slice(0, 8)} ${created.id}`]);
    expect(created).toMatchObject({ id: SONG_ID, song_name: 'New', artist_id: ARTIST.id, artist_username: 'artist', duration: 42, album_id: null });
    expect(catalog.recorded).toEqual([{ kind: 'song', id: SONG_ID }]);
    expect(model.song(SONG_ID)).toEqual(expect.objectContaining({ name: 'New', artistId: ARTIST.id, duration: 42, coverFileId: 'newimage0', audioFileId: 'newaudio1' }));
  });

  it('puts the new song into the artist’s album', async () => {
    const { service, model } = setup({ songExists: false });
    const created = await service.create(ARTIST, { song_name: 'New', album_id: ALBUM_ID }, goodFiles);
    expect(created).toMatchObject({ album_id: ALBUM_ID, album_name: 'Album' });
    expect(model.albumSongs(ALBUM_ID, {})!.items.map((record) => record.id)).toEqual([SONG_ID]);
  });

  it('reports the name and both files in one validation error and stores nothing', async () => {
    const { service, log } = setup();
    const error = await apiError(service.create(ARTIST, {}, { cover: file('bad.txt') }));
    expect(error.getStatus()).toBe(400);
    expect(error.getResponse()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { song_name: 'Name is required.', song_cover_url: 'image bad', song_file_url: 'audio missing' },
    });
    expect(log).toEqual([]);
  });

  it('discards the stored files when the record cannot be written', async () => {
    const { service, log, model, catalog } = setup({ createFails: true, songExists: false });
    await expect(service.create(ARTIST, { song_name: 'New' }, goodFiles)).rejects.toThrow('db down');
    expect(log.at(-1)).toBe('media.discard newimage0,newaudio1');
    expect(catalog.recorded).toEqual([]);
    expect(model.songCount).toBe(0);
  });

  it('checks the album before storing anything', async () => {
    const missing = setup();
    expect((await apiError(missing.service.create(ARTIST, { song_name: 'x', album_id: 'e'.repeat(24) }, goodFiles))).getStatus()).toBe(404);
    expect(missing.log).toEqual([]);
    const foreign = setup();
    expect((await apiError(foreign.service.create(STRANGER, { song_name: 'x', album_id: ALBUM_ID }, goodFiles))).getStatus()).toBe(403);
    expect(foreign.log).toEqual([]);
  });
});

describe('SongsService.update', () => {
  it('refuses anyone but the artist before looking at the upload', async () => {
    const { service, log } = setup();
    expect((await apiError(service.update(STRANGER, SONG_ID, { song_name: 'x' }, goodFiles))).getStatus()).toBe(403);
    expect(log).toEqual([]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const { service, log } = setup();
    expect((await apiError(service.update(ARTIST, 'nope', { song_name: 'x' }, {}))).getResponse()).toMatchObject({ code: 'INVALID_ID' });
    expect((await apiError(service.update(ARTIST, 'e'.repeat(24), { song_name: 'x' }, {}))).getStatus()).toBe(404);
    expect(log).toEqual([]);
  });

  it('stores the new files, points the song at them, and only then discards the old ones', async () => {
    const { service, log, model, catalog } = setup();
    const updated = await service.update(ARTIST, SONG_ID, { song_name: 'Renamed' }, goodFiles);
    expect(log).toEqual([
      'media.storeAll newimage0,newaudio1',
      `songs.update {"name":"Renamed","coverFileId":"newimage0","audioFileId":"newaudio1","duration":42,"audioFormat":"mp3","contentHash":"${NEW_HASH}"}`,
      'catalog.publish song',
      'covers.release oldcover',
      'media.discard oldaudio',
    ]);
    expect(updated).toMatchObject({
      song_name: 'Renamed',
      song_cover_url: '/api/files/newimage0',
      song_file_url: '/api/files/newaudio1',
      duration: 42,
      artist_id: ARTIST.id,
    });
    expect(catalog.recorded).toEqual([{ kind: 'song', id: SONG_ID }]);
    expect(model.song(SONG_ID)).toMatchObject({ name: 'Renamed', coverFileId: 'newimage0', audioFileId: 'newaudio1', duration: 42 });
  });

  it('replaces only what was sent', async () => {
    const { service, log, model } = setup();
    await service.update(ARTIST, SONG_ID, { song_name: 'Renamed' }, { audio: file('song.mp3') });
    expect(log).toEqual(['media.storeAll newaudio0', `songs.update {"name":"Renamed","audioFileId":"newaudio0","duration":42,"audioFormat":"mp3","contentHash":"${NEW_HASH}"}`, 'catalog.publish song', 'media.discard oldaudio']);
    expect(model.song(SONG_ID)).toMatchObject({ coverFileId: 'oldcover', audioFileId: 'newaudio0', duration: 42 });
  });

  it('moves the hash claim to the new audio: the old bytes are no longer this song\'s, the new ones are', async () => {
    const { service, claimed } = setup();
    await service.update(ARTIST, SONG_ID, { song_name: 'Renamed' }, { audio: file('song.mp3') });
    expect(claimed).toEqual([`release ${ARTIST.id} ${OLD_HASH.slice(0, 8)} ${SONG_ID}`, `adopt ${ARTIST.id} ${NEW_HASH.slice(0, 8)} ${SONG_ID}`]);
    claimed.length = 0;
    await service.update(ARTIST, SONG_ID, { song_name: 'Again' }, { cover: file('cover.png') });
    expect(claimed).toEqual([]);
  });

  it('renames without touching media', async () => {
    const { service, log, model } = setup();
    await service.update(ARTIST, SONG_ID, { song_name: 'Renamed' }, {});
    expect(log).toEqual(['songs.update {"name":"Renamed"}', 'catalog.publish song']);
    expect(model.song(SONG_ID)).toMatchObject({ name: 'Renamed', coverFileId: 'oldcover', audioFileId: 'oldaudio', duration: 100 });
    expect(model.searchSongs('renamed', 10).map((record) => record.id)).toEqual([SONG_ID]);
  });

  it('requires the name and judges optional files, storing nothing on failure', async () => {
    const { service, log } = setup();
    const error = await apiError(service.update(ARTIST, SONG_ID, { song_name: ' ' }, { audio: file('bad.mp3') }));
    expect(error.getResponse()).toMatchObject({ errors: { song_name: 'Name is required.', song_file_url: 'audio bad' } });
    expect(log).toEqual([]);
  });

  it('keeps the old files and drops the new ones when the update fails', async () => {
    const { service, log, model, catalog } = setup({ updateFails: true });
    await expect(service.update(ARTIST, SONG_ID, { song_name: 'x' }, goodFiles)).rejects.toThrow('db down');
    expect(log.at(-1)).toBe('media.discard newimage0,newaudio1');
    expect(log.join('\n')).not.toContain('oldcover');
    expect(catalog.recorded).toEqual([]);
    expect(model.song(SONG_ID)).toMatchObject({ name: 'Old', coverFileId: 'oldcover' });
  });

  it('answers 404 and drops the new files when the song was deleted during the upload', async () => {
    const { service, log, catalog } = setup({ deletedWhileUploading: true });
    expect((await apiError(service.update(ARTIST, SONG_ID, { song_name: 'x' }, goodFiles))).getStatus()).toBe(404);
    expect(log.at(-1)).toBe('media.discard newimage0,newaudio1');
    expect(log.join('\n')).not.toContain('oldcover');
    expect(catalog.recorded).toEqual([]);
  });
});

describe('SongsService.delete', () => {
  it('removes references by their ids, then the record, then the files', async () => {
    const { service, log, model, catalog } = setup();
    // In two playlists and one collection; an entry of another song stays.
    const [first, second] = ['1', '2'].map((digit) => digit.repeat(24));
    for (const playlistId of [first!, second!]) model.putPlaylist({ id: playlistId, name: 'P', description: null, isPrivate: false, creatorId: ARTIST.id, coverFileId: null, createdAt: new Date(0) });
    model.putSong({ ...model.song(SONG_ID)!, id: 'f'.repeat(24) });
    model.putEntry({ id: 'e1'.repeat(12), playlistId: first!, songId: SONG_ID, addedAt: new Date(1) });
    model.putEntry({ id: 'e2'.repeat(12), playlistId: second!, songId: SONG_ID, addedAt: new Date(2) });
    model.putEntry({ id: 'e3'.repeat(12), playlistId: second!, songId: 'f'.repeat(24), addedAt: new Date(3) });
    model.putLike({ id: 'a1'.repeat(12), userId: STRANGER.id, songId: SONG_ID, likedAt: new Date(4) });
    expect(await service.delete(ARTIST, SONG_ID)).toEqual({ id: SONG_ID, deleted: true });
    expect(log).toEqual([
      `playlistEntries.deleteByIds ${'e1'.repeat(12)},${'e2'.repeat(12)}`,
      `likes.deleteByIds ${'a1'.repeat(12)}`,
      `songs.delete ${SONG_ID}`,
      'catalog.publish song',
      'covers.release oldcover',
      'media.discard oldaudio',
    ]);
    expect(catalog.recorded).toEqual([{ kind: 'song', id: SONG_ID }]);
    expect(model.song(SONG_ID)).toBeNull();
    expect((await apiError(service.get(SONG_ID))).getStatus()).toBe(404);
  });

  it('also deletes a like recorded while the delete ran, which the first read of references missed', async () => {
    const late = 'a2'.repeat(12);
    const { service, log, model } = setup({ likedWhileDeleting: late });
    await service.delete(ARTIST, SONG_ID);
    expect(log).toEqual(['playlistEntries.deleteByIds ', 'likes.deleteByIds ', `songs.delete ${SONG_ID}`, 'catalog.publish song', `likes.deleteByIds ${late}`, 'covers.release oldcover', 'media.discard oldaudio']);
    expect(model.like(STRANGER.id, SONG_ID)).toBeNull();
  });

  it('lets only the artist delete, and touches nothing otherwise', async () => {
    const { service, log, model } = setup();
    expect((await apiError(service.delete(STRANGER, SONG_ID))).getStatus()).toBe(403);
    expect(log).toEqual([]);
    expect(model.song(SONG_ID)).not.toBeNull();
  });

  it('answers 404 for a song that is gone', async () => {
    const { service, log } = setup({ songExists: false });
    expect((await apiError(service.delete(ARTIST, SONG_ID))).getStatus()).toBe(404);
    expect(log).toEqual([]);
  });
});
