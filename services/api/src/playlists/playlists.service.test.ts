import type { SessionUser } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import { encodeCursor } from '../common/paging.js';
import type { MediaUpload, StoredMedia } from '../media/media-store.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import type { PlaylistEntryRecord } from '../persistence/playlist-entries.repository.js';
import { PlaylistPresenter } from './playlist-presenter.js';
import type { PlaylistRecord } from '../persistence/playlists.repository.js';
import { PlaylistsService } from './playlists.service.js';
import { ann, bob, failure, newId } from '../test/unit.js';

/** Plain in-memory fakes: the service's rules are tested without a database or NestJS. */


function setup() {
  const log: string[] = [];
  // The database, as the fake repositories below keep it.
  const playlists = new Map<string, PlaylistRecord>();
  const entries: PlaylistEntryRecord[] = [];
  // What the service reads from; its `catalog.publish` calls land in the log too.
  const model = new CatalogModel();
  model.putUser(ann.id, 'ann');
  model.putUser(bob.id, 'bob');
  const catalog = fakeCatalog(model, log);
  let failCreate = false;
  let coverCheck: { ok: true; upload: MediaUpload | null } | { ok: false; message: string } = { ok: true, upload: null };

  const playlistsRepo = {
    async create(input: Omit<PlaylistRecord, 'id' | 'createdAt'>) {
      log.push('playlists.create');
      if (failCreate) throw new Error('database went away');
      const record = { ...input, id: newId(), createdAt: new Date('2026-01-01T00:00:00Z') };
      playlists.set(record.id, record);
      return record;
    },
    async delete(id: string) {
      log.push('playlists.delete');
      return playlists.delete(id);
    },
  };
  const entriesRepo = {
    async add(playlistId: string, songId: string) {
      log.push('entries.add');
      const existing = entries.find((entry) => entry.playlistId === playlistId && entry.songId === songId);
      if (existing) return existing;
      const entry = { id: newId(), playlistId, songId, addedAt: new Date('2026-01-02T00:00:00Z') };
      entries.push(entry);
      return entry;
    },
    async remove(playlistId: string, songId: string) {
      log.push('entries.remove');
      const index = entries.findIndex((entry) => entry.playlistId === playlistId && entry.songId === songId);
      if (index < 0) return false;
      entries.splice(index, 1);
      return true;
    },
    async deleteById(id: string) {
      log.push('entries.deleteById');
      return (await this.deleteByIds([id], false)) > 0;
    },
    async deleteByIds(ids: string[], logged = true) {
      if (logged) log.push(`entries.deleteByIds ${ids.length}`);
      const before = entries.length;
      for (let i = entries.length - 1; i >= 0; i--) if (ids.includes(entries[i]!.id)) entries.splice(i, 1);
      return before - entries.length;
    },
  };
  const uploads = {
    async checkCover(_file: unknown, options: { field: string; required: boolean }) {
      log.push(`uploads.checkCover ${options.field} ${options.required}`);
      return coverCheck;
    },
    async storeAll(batch: MediaUpload[]): Promise<StoredMedia[]> {
      log.push(`uploads.storeAll ${batch.length}`);
      return batch.map((upload) => ({ id: 'c0ffee'.padEnd(24, '0'), kind: upload.kind, contentType: upload.contentType, length: upload.data.length }));
    },
    async discard(ids: string[]) {
      log.push(`uploads.discard ${ids.join(',')}`);
    },
  };
  const service = new PlaylistsService(playlistsRepo as never, entriesRepo as never, catalog, uploads as never, new PlaylistPresenter(catalog), new SongPresenter(catalog));

  /** A playlist already in the database and the read model. */
  function addPlaylist(creator: SessionUser, overrides: Partial<PlaylistRecord> = {}): PlaylistRecord {
    const record: PlaylistRecord = { id: newId(), name: 'Mix', description: null, isPrivate: false, creatorId: creator.id, coverFileId: null, createdAt: new Date('2026-01-01T00:00:00Z'), ...overrides };
    playlists.set(record.id, record);
    model.putPlaylist(record);
    return record;
  }
  function addSong(): SongRecord {
    const record: SongRecord = { id: newId(), name: 'Tune', artistId: bob.id, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 12, plays: 0, createdAt: Date.parse('2026-01-01T00:00:00Z') };
    model.putSong(record);
    return record;
  }

  return {
    service,
    entriesRepo,
    log,
    model,
    catalog,
    playlists,
    entries,
    addPlaylist,
    addSong,
    failCreates: () => (failCreate = true),
    setCoverCheck: (check: typeof coverCheck) => (coverCheck = check),
  };
}

const cover: MediaUpload = { kind: 'image', contentType: 'image/png', fileName: 'cover.png', data: Buffer.from('png') };

describe('listing', () => {
  it('asks for public playlists only when a guest lists', async () => {
    const t = setup();
    t.addPlaylist(ann, { isPrivate: true });
    const open = t.addPlaylist(ann);
    const result = await t.service.list(null, {});
    expect(result.playlists.map((playlist) => playlist.id)).toEqual([open.id]);
    expect(result.next_cursor).toBeNull();
    expect(result.total).toBe(1);
  });

  it('includes the viewer’s own private playlists, not anyone else’s', async () => {
    const t = setup();
    const mine = t.addPlaylist(ann, { isPrivate: true });
    t.addPlaylist(bob, { isPrivate: true });
    const result = await t.service.list(ann, {});
    expect(result.playlists.map((playlist) => playlist.id)).toEqual([mine.id]);
  });

  it('pages with an opaque cursor', async () => {
    const t = setup();
    const first = t.addPlaylist(ann);
    const second = t.addPlaylist(ann);
    const page = await t.service.list(ann, { limit: 1 });
    expect(page).toMatchObject({ playlists: [{ id: first.id }], next_cursor: encodeCursor(first.id), total: 2 });
    const next = await t.service.list(ann, { limit: 1, cursor: page.next_cursor! });
    expect(next.playlists.map((playlist) => playlist.id)).toEqual([second.id]);
  });

  it('lists a user’s own playlists, private included, only for that user', async () => {
    const t = setup();
    const hidden = t.addPlaylist(ann, { isPrivate: true });
    t.addPlaylist(bob);
    expect((await t.service.listOwn(ann.id, ann)).playlists.map((playlist) => playlist.id)).toEqual([hidden.id]);
    expect(await failure(t.service.listOwn(ann.id, bob))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await failure(t.service.listOwn('nope', ann))).toMatchObject({ status: 400, code: 'INVALID_ID' });
  });
});

describe('reading one playlist', () => {
  it('answers the playlist shape with the creator’s name, a null cover url and its totals', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann, { description: 'd' });
    expect(await t.service.get(playlist.id, bob)).toEqual({
      id: playlist.id,
      playlist_name: 'Mix',
      playlist_cover_url: null,
      description: 'd',
      private: false,
      creator_id: ann.id,
      creator_username: 'ann',
      created_at: '2026-01-01T00:00:00.000Z',
      song_count: 0,
      total_duration: 0,
    });
    await t.service.addSong(playlist.id, ann, { song_id: t.addSong().id });
    await t.service.addSong(playlist.id, ann, { song_id: t.addSong().id });
    expect(await t.service.get(playlist.id, bob)).toMatchObject({ song_count: 2, total_duration: 24 });
  });

  it('reports someone else’s private playlist exactly like a missing one', async () => {
    const t = setup();
    const hidden = t.addPlaylist(ann, { isPrivate: true });
    const hiddenFailure = await failure(t.service.get(hidden.id, bob));
    expect(hiddenFailure).toEqual(await failure(t.service.get(newId(), bob)));
    expect(hiddenFailure.status).toBe(404);
    expect(await failure(t.service.songsOf(hidden.id, bob, {}))).toMatchObject({ status: 404 });
    expect((await t.service.get(hidden.id, ann)).private).toBe(true);
  });

  it('refuses malformed ids', async () => {
    const t = setup();
    expect(await failure(t.service.get('123', ann))).toMatchObject({ status: 400, code: 'INVALID_ID' });
    expect(await failure(t.service.songsOf('123', ann, {}))).toMatchObject({ status: 400, code: 'INVALID_ID' });
    expect(t.log).toEqual([]);
  });

  it('pages the songs in the order they were added', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    const songs = [t.addSong(), t.addSong(), t.addSong()];
    for (const song of [songs[2]!, songs[0]!, songs[1]!]) await t.service.addSong(playlist.id, ann, { song_id: song.id });
    const first = await t.service.songsOf(playlist.id, ann, { limit: 2 });
    expect(first.playlist_songs.map((entry) => entry.song_id)).toEqual([songs[2]!.id, songs[0]!.id]);
    expect(first).toMatchObject({ next_cursor: encodeCursor(first.playlist_songs[1]!.id), total: 3 });
    const rest = await t.service.songsOf(playlist.id, ann, { limit: 2, cursor: first.next_cursor! });
    expect(rest.playlist_songs.map((entry) => entry.song_id)).toEqual([songs[1]!.id]);
    expect(rest.next_cursor).toBeNull();
  });

  it('skips entries whose song is gone', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    const kept = t.addSong();
    const gone = t.addSong();
    await t.service.addSong(playlist.id, ann, { song_id: gone.id });
    await t.service.addSong(playlist.id, ann, { song_id: kept.id });
    // Deleted since (the songs service removes its entries from the database; the model drops them at once).
    t.model.deleteSong(gone.id);
    const result = await t.service.songsOf(playlist.id, ann, {});
    expect(result.playlist_songs.map((entry) => entry.song_id)).toEqual([kept.id]);
    expect(result.playlist_songs[0]!.song).toMatchObject({ id: kept.id, song_name: 'Tune', artist_username: 'bob' });
  });
});

describe('creating', () => {
  it('makes the session user the creator whatever the form says', async () => {
    const t = setup();
    const playlist = await t.service.create(ann, { playlist_name: ' Road trip ', creator_id: bob.id, private: 'on' }, undefined);
    expect(playlist).toMatchObject({ playlist_name: 'Road trip', creator_id: ann.id, creator_username: 'ann', private: true, description: null, playlist_cover_url: null });
    expect(t.log).not.toContain('uploads.storeAll 0');
    expect(t.catalog.recorded).toEqual([{ kind: 'playlist', id: playlist.id }]);
    // Readable at once, by its creator only.
    expect((await t.service.get(playlist.id, ann)).playlist_name).toBe('Road trip');
    expect(await failure(t.service.get(playlist.id, bob))).toMatchObject({ status: 404 });
    expect((await t.service.listOwn(ann.id, ann)).playlists.map((entry) => entry.id)).toEqual([playlist.id]);
  });

  it('answers name and cover problems together', async () => {
    const t = setup();
    t.setCoverCheck({ ok: false, message: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.' });
    expect(await failure(t.service.create(ann, {}, undefined))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: { playlist_name: 'Name is required.', playlist_cover_url: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.' },
    });
    expect(t.log).toEqual(['uploads.checkCover playlist_cover_url false']);
  });

  it('stores the cover and points the playlist at it', async () => {
    const t = setup();
    t.setCoverCheck({ ok: true, upload: cover });
    const playlist = await t.service.create(ann, { playlist_name: 'x' }, undefined);
    expect(playlist.playlist_cover_url).toBe(`/api/files/${'c0ffee'.padEnd(24, '0')}`);
    expect(t.log).toEqual(['uploads.checkCover playlist_cover_url false', 'uploads.storeAll 1', 'playlists.create', 'catalog.publish playlist']);
    expect(t.model.visiblePlaylist(playlist.id, ann.id)?.coverFileId).toBe('c0ffee'.padEnd(24, '0'));
  });

  it('discards the stored cover when the playlist cannot be created', async () => {
    const t = setup();
    t.setCoverCheck({ ok: true, upload: cover });
    t.failCreates();
    await expect(t.service.create(ann, { playlist_name: 'x' }, undefined)).rejects.toThrow('database went away');
    expect(t.log.slice(-2)).toEqual(['playlists.create', `uploads.discard ${'c0ffee'.padEnd(24, '0')}`]);
    expect(t.catalog.recorded).toEqual([]);
    expect(t.model.playlistsByCreator(ann.id)).toEqual([]);
  });
});

describe('changing a playlist', () => {
  it('answers 404, not 500, when a delete took the entry between its insert and the read back', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    const song = t.addSong();
    t.entriesRepo.add = async () => null as never;
    expect(await failure(t.service.addSong(playlist.id, ann, { song_id: song.id }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await t.service.songsOf(playlist.id, ann, {})).playlist_songs).toEqual([]);
  });

  it('adds a song once, answering the same entry the second time', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    const song = t.addSong();
    const first = await t.service.addSong(playlist.id, ann, { song_id: song.id.toUpperCase() });
    const second = await t.service.addSong(playlist.id, ann, { song_id: song.id });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ playlist_id: playlist.id, song_id: song.id, added_at: '2026-01-02T00:00:00.000Z', song: { id: song.id, artist_username: 'bob' } });
    expect(t.entries).toHaveLength(1);
    // The second add is answered from the read model: no write at all.
    expect(t.log).toEqual(['entries.add', 'catalog.publish entry']);
    expect(t.catalog.recorded.at(-1)).toEqual({ kind: 'entry', playlistId: playlist.id, songId: song.id });
    const { playlist_songs } = await t.service.songsOf(playlist.id, ann, {});
    expect(playlist_songs).toEqual([first]);
  });

  it('refuses a public playlist of someone else with 403 and a private one with 404', async () => {
    const t = setup();
    const song = t.addSong();
    const open = t.addPlaylist(ann);
    const hidden = t.addPlaylist(ann, { isPrivate: true });
    for (const call of [
      (id: string) => t.service.addSong(id, bob, { song_id: song.id }),
      (id: string) => t.service.removeSong(id, bob, { song_id: song.id }),
      (id: string) => t.service.delete(id, bob),
    ]) {
      expect(await failure(call(open.id))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await failure(call(hidden.id))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    expect(t.entries).toHaveLength(0);
    expect(t.playlists.size).toBe(2);
    expect(t.catalog.recorded).toEqual([]);
  });

  it('checks permission before the body, so strangers learn nothing from validation', async () => {
    const t = setup();
    const open = t.addPlaylist(ann);
    expect(await failure(t.service.addSong(open.id, bob, { song_id: { $ne: null } }))).toMatchObject({ status: 403 });
  });

  it('validates the song reference and its existence', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    expect(await failure(t.service.addSong(playlist.id, ann, { song_id: { $ne: null } }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await failure(t.service.addSong(playlist.id, ann, {}))).toMatchObject({ status: 400, errors: { song_id: 'Song is required.' } });
    expect(await failure(t.service.addSong(playlist.id, ann, { song_id: newId() }))).toMatchObject({ status: 404 });
  });

  it('removes a song and answers what is left; a song not in the playlist is 404', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    const [one, two] = [t.addSong(), t.addSong()];
    await t.service.addSong(playlist.id, ann, { song_id: one.id });
    await t.service.addSong(playlist.id, ann, { song_id: two.id });
    t.log.length = 0;
    const left = await t.service.removeSong(playlist.id, ann, { song_id: one.id.toUpperCase() });
    expect(left.playlist_songs.map((entry) => entry.song_id)).toEqual([two.id]);
    expect(left.total).toBe(1);
    // By the entry's id, which the read model knows.
    expect(t.log).toEqual(['entries.deleteById', 'catalog.publish entry']);
    expect(t.catalog.recorded.at(-1)).toEqual({ kind: 'entry', playlistId: playlist.id, songId: one.id });
    // Not in the read model: by playlist and song, in case another replica added it a moment ago.
    expect(await failure(t.service.removeSong(playlist.id, ann, { song_id: one.id }))).toMatchObject({ status: 404 });
    expect(t.log).toEqual(['entries.deleteById', 'catalog.publish entry', 'entries.remove']);
  });

  it('falls back to playlist and song when the entry the read model knows is gone from the database', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    const song = t.addSong();
    await t.service.addSong(playlist.id, ann, { song_id: song.id });
    // Replaced behind this copy's back (removed and added again through another replica): a new id.
    t.entries[0]!.id = newId();
    t.log.length = 0;
    expect((await t.service.removeSong(playlist.id, ann, { song_id: song.id })).total).toBe(0);
    expect(t.log).toEqual(['entries.deleteById', 'entries.remove', 'catalog.publish entry']);
    expect(t.entries).toHaveLength(0);
  });
});

describe('deleting', () => {
  it('deletes the record, then its entries, then its cover', async () => {
    const t = setup();
    const coverId = newId();
    const playlist = t.addPlaylist(ann, { coverFileId: coverId });
    await t.service.addSong(playlist.id, ann, { song_id: t.addSong().id });
    t.log.length = 0;
    expect(await t.service.delete(playlist.id, ann)).toEqual({ id: playlist.id, deleted: true });
    // Gone from the read model before its entries and cover go.
    expect(t.log).toEqual(['playlists.delete', 'catalog.publish playlist', 'entries.deleteByIds 1', `uploads.discard ${coverId}`]);
    expect(t.catalog.recorded.at(-1)).toEqual({ kind: 'playlist', id: playlist.id });
    expect(t.entries).toHaveLength(0);
    expect(t.model.visiblePlaylist(playlist.id, ann.id)).toBeNull();
    expect(await failure(t.service.get(playlist.id, ann))).toMatchObject({ status: 404 });
  });

  it('leaves the rest alone when a concurrent delete got there first', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann, { coverFileId: newId() });
    const [first, second] = await Promise.allSettled([t.service.delete(playlist.id, ann), t.service.delete(playlist.id, ann)]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect(t.log.filter((line) => line.startsWith('uploads.discard'))).toHaveLength(1);
    expect(t.catalog.recorded).toEqual([{ kind: 'playlist', id: playlist.id }]);
  });

  it('does not try to discard a cover the playlist never had', async () => {
    const t = setup();
    const playlist = t.addPlaylist(ann);
    await t.service.delete(playlist.id, ann);
    expect(t.log.some((line) => line.startsWith('uploads.discard'))).toBe(false);
  });
});
