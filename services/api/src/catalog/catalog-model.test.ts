import { describe, expect, it } from 'vitest';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import type { PlaylistRecord } from '../persistence/playlists.repository.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { CatalogModel } from './catalog-model.js';

/** Ids as the database makes them: 24 hex digits that grow with time, so newer records sort after older ones. */
let counter = 0x1000;
const newId = () => (++counter).toString(16).padStart(24, '0');

const ANN = newId();
const BOB = newId();
const DAY = new Date('2026-01-01T00:00:00Z');

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);
const songIds = (refs: readonly { song: { id: string } }[]) => refs.map((ref) => ref.song.id);

function song(overrides: Partial<SongRecord> = {}): SongRecord {
  return { id: newId(), name: 'Tune', artistId: ANN, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 10, plays: 0, createdAt: DAY.getTime(), ...overrides };
}

function album(overrides: Partial<AlbumRecord> = {}): AlbumRecord {
  return { id: newId(), name: 'Record', artistId: ANN, coverFileId: newId(), createdAt: DAY, ...overrides };
}

function playlist(overrides: Partial<PlaylistRecord> = {}): PlaylistRecord {
  return { id: newId(), name: 'Mix', description: null, isPrivate: false, creatorId: ANN, coverFileId: null, createdAt: DAY, ...overrides };
}

/** A model with two users, as the loader starts it. */
function catalog() {
  const model = new CatalogModel();
  model.putUser(ANN, 'ann');
  model.putUser(BOB, 'bob');
  const addSong = (overrides: Partial<SongRecord> = {}) => model.putSong(song(overrides));
  const addAlbum = (overrides: Partial<AlbumRecord> = {}) => {
    const record = album(overrides);
    model.putAlbum(record);
    return record;
  };
  const addPlaylist = (overrides: Partial<PlaylistRecord> = {}) => {
    const record = playlist(overrides);
    model.putPlaylist(record);
    return record;
  };
  const addEntry = (playlistId: string, songId: string) => model.putEntry({ id: newId(), playlistId, songId, addedAt: DAY });
  const like = (userId: string, songId: string) => model.putLike({ id: newId(), userId, songId, likedAt: DAY });
  return { model, addSong, addAlbum, addPlaylist, addEntry, like };
}

describe('paging', () => {
  it('pages by offset in id order, with the total and a cursor only while rows follow', () => {
    const { model, addSong } = catalog();
    const songs = Array.from({ length: 5 }, () => addSong());
    const all = ids(songs);

    const first = model.songsPage({ limit: 2 });
    expect(first).toEqual({ items: songs.slice(0, 2), nextAfterId: all[1], total: 5 });
    expect(ids(model.songsPage({ offset: 2, limit: 2 }).items)).toEqual(all.slice(2, 4));
    expect(model.songsPage({ offset: 4, limit: 2 })).toEqual({ items: [songs[4]], nextAfterId: null, total: 5 });
    expect(model.songsPage({ offset: 9, limit: 2 })).toEqual({ items: [], nextAfterId: null, total: 5 });
    // Without a limit the whole list, from the offset.
    expect(model.songsPage({})).toEqual({ items: songs, nextAfterId: null, total: 5 });
    expect(ids(model.songsPage({ offset: 3 }).items)).toEqual(all.slice(3));
    expect(model.songCount).toBe(5);
  });

  it('pages by cursor, and a cursor whose row was deleted continues with the next row', () => {
    const { model, addSong } = catalog();
    const all = ids(Array.from({ length: 5 }, () => addSong()));

    const first = model.songsPage({ limit: 2 });
    model.deleteSong(first.nextAfterId!);
    const second = model.songsPage({ afterId: first.nextAfterId!, limit: 2 });
    expect(ids(second.items)).toEqual(all.slice(2, 4));
    expect(second.total).toBe(4);
    // A song added meanwhile is not shown twice nor shifts the pages: it comes last.
    const added = addSong();
    expect(ids(model.songsPage({ afterId: second.nextAfterId! }).items)).toEqual([all[4], added.id]);
    expect(model.songsPage({ afterId: added.id, limit: 2 })).toEqual({ items: [], nextAfterId: null, total: 5 });
    // Cursors are ids in any letter case.
    expect(ids(model.songsPage({ afterId: all[2]!.toUpperCase(), limit: 1 }).items)).toEqual([all[3]]);
  });

  it('pages albums, album songs and playlist entries the same way', () => {
    const { model, addSong, addAlbum, addPlaylist, addEntry } = catalog();
    const albums = [addAlbum(), addAlbum(), addAlbum()];
    expect(model.albumsPage({ limit: 2 })).toEqual({ items: albums.slice(0, 2), nextAfterId: albums[1]!.id, total: 3 });
    expect(model.albumsPage({ afterId: albums[1]!.id, limit: 2 })).toEqual({ items: [albums[2]], nextAfterId: null, total: 3 });

    const tracks = [addSong({ albumId: albums[0]!.id }), addSong({ albumId: albums[0]!.id }), addSong({ albumId: albums[0]!.id })];
    const albumPage = model.albumSongs(albums[0]!.id, { limit: 2 })!;
    expect(albumPage).toEqual({ items: tracks.slice(0, 2), nextAfterId: tracks[1]!.id, total: 3 });
    expect(ids(model.albumSongs(albums[0]!.id, { afterId: albumPage.nextAfterId!, limit: 2 })!.items)).toEqual([tracks[2]!.id]);
    expect(model.albumSongs(newId(), {})).toBeNull();

    const mix = addPlaylist();
    for (const track of [tracks[2]!, tracks[0]!, tracks[1]!]) addEntry(mix.id, track.id);
    // Entries in the order they were added, paged by the entry's id.
    const entries = model.playlistEntries(mix.id, { limit: 2 })!;
    expect(songIds(entries.items)).toEqual([tracks[2]!.id, tracks[0]!.id]);
    expect(entries.total).toBe(3);
    expect(entries.nextAfterId).toBe(entries.items[1]!.id);
    model.deleteEntry(mix.id, tracks[0]!.id);
    const rest = model.playlistEntries(mix.id, { afterId: entries.nextAfterId!, limit: 2 })!;
    expect(songIds(rest.items)).toEqual([tracks[1]!.id]);
    expect(rest).toMatchObject({ nextAfterId: null, total: 2 });
    expect(songIds(model.playlistEntries(mix.id, { offset: 1 })!.items)).toEqual([tracks[1]!.id]);
    expect(model.playlistEntries(newId(), {})).toBeNull();
  });
});

describe('totals', () => {
  it('counts an album’s and a playlist’s songs and length, following changes to the songs', () => {
    const { model, addSong, addAlbum, addPlaylist, addEntry } = catalog();
    const record = addAlbum();
    const mix = addPlaylist();
    const short = addSong({ albumId: record.id, duration: 30 });
    const long = addSong({ albumId: record.id, duration: 200 });
    addSong({ duration: 999 });
    addEntry(mix.id, short.id);
    addEntry(mix.id, long.id);
    expect(model.albumTotals(record.id)).toEqual({ songCount: 2, totalDuration: 230 });
    expect(model.playlistTotals(mix.id)).toEqual({ songCount: 2, totalDuration: 230 });

    // A new audio file changes the length everywhere the song is listed.
    model.putSong({ ...short, duration: 60 });
    expect(model.albumTotals(record.id)).toEqual({ songCount: 2, totalDuration: 260 });
    expect(model.playlistTotals(mix.id)).toEqual({ songCount: 2, totalDuration: 260 });

    expect(model.albumTotals(newId())).toEqual({ songCount: 0, totalDuration: 0 });
    expect(model.playlistTotals(newId())).toEqual({ songCount: 0, totalDuration: 0 });
  });
});

describe('songs and albums', () => {
  it('moves a song between albums when its albumId changes', () => {
    const { model, addSong, addAlbum } = catalog();
    const [first, second] = [addAlbum(), addAlbum()];
    const moved = addSong({ albumId: first.id });
    const stays = addSong({ albumId: first.id });

    model.putSong({ ...moved, albumId: second.id });
    expect(ids(model.albumSongs(first.id, {})!.items)).toEqual([stays.id]);
    expect(ids(model.albumSongs(second.id, {})!.items)).toEqual([moved.id]);
    expect(model.song(moved.id)!.albumId).toBe(second.id);

    model.putSong({ ...moved, albumId: null });
    expect(model.albumSongs(second.id, {})!.total).toBe(0);
    expect(model.albumTotals(first.id).songCount).toBe(1);
    expect(model.songCount).toBe(2);
  });

  it('keeps a song whose album is unknown, with no album', () => {
    const { model, addSong } = catalog();
    const orphan = addSong({ albumId: newId() });
    expect(model.song(orphan.id)!.albumId).toBeNull();
    expect(model.albumName(orphan.albumId)).toBeNull();
  });

  it('keeps its own copy of what it is given', () => {
    const { model } = catalog();
    const input = song({ name: 'Original' });
    model.putSong(input);
    input.name = 'Changed behind its back';
    expect(model.song(input.id)!.name).toBe('Original');
  });

  it('deleting a song removes it from its album, every playlist and every collection', () => {
    const { model, addSong, addAlbum, addPlaylist, addEntry, like } = catalog();
    const record = addAlbum();
    const [mine, theirs] = [addPlaylist(), addPlaylist({ creatorId: BOB, isPrivate: true })];
    const gone = addSong({ albumId: record.id, name: 'Gone Tomorrow', duration: 50 });
    const kept = addSong({ albumId: record.id, duration: 7 });
    for (const target of [mine, theirs]) {
      addEntry(target.id, gone.id);
      addEntry(target.id, kept.id);
    }
    for (const user of [ANN, BOB]) {
      like(user, gone.id);
      like(user, kept.id);
    }

    model.deleteSong(gone.id);
    expect(model.song(gone.id)).toBeNull();
    expect(ids(model.songsPage({}).items)).toEqual([kept.id]);
    expect(ids(model.albumSongs(record.id, {})!.items)).toEqual([kept.id]);
    expect(model.albumTotals(record.id)).toEqual({ songCount: 1, totalDuration: 7 });
    for (const target of [mine, theirs]) {
      expect(songIds(model.playlistEntries(target.id, {})!.items)).toEqual([kept.id]);
      expect(model.playlistTotals(target.id)).toEqual({ songCount: 1, totalDuration: 7 });
    }
    for (const user of [ANN, BOB]) {
      expect(songIds(model.likesPage(user, {}).items)).toEqual([kept.id]);
      expect(model.like(user, gone.id)).toBeNull();
    }
    expect(model.searchSongs('gone', 10)).toEqual([]);
    // Deleting again, or a song never seen, changes nothing.
    model.deleteSong(gone.id);
    model.deleteSong(newId());
    expect(model.songCount).toBe(1);
  });

  it('names every entry and like of a song, and every entry of a playlist, by their own ids (what deletes remove)', () => {
    const { model, addSong, addPlaylist, like } = catalog();
    const [mine, theirs, empty] = [addPlaylist(), addPlaylist({ creatorId: BOB, isPrivate: true }), addPlaylist()];
    const [gone, kept] = [addSong(), addSong()];
    const entry = (playlistId: string, songId: string) => {
      const id = newId();
      model.putEntry({ id, playlistId, songId, addedAt: DAY });
      return id;
    };
    const goneEntries = [entry(mine.id, gone.id), entry(theirs.id, gone.id)];
    const keptEntry = entry(theirs.id, kept.id);
    like(ANN, gone.id);
    like(BOB, kept.id);

    const references = model.songReferences(gone.id);
    expect(references.entryIds).toEqual(goneEntries);
    expect(references.likeIds).toEqual([model.like(ANN, gone.id)!.id]);
    expect(model.songReferences(newId())).toEqual({ entryIds: [], likeIds: [] });
    expect(model.playlistEntryIds(theirs.id)).toEqual([goneEntries[1], keptEntry]);
    expect(model.playlistEntryIds(empty.id)).toEqual([]);
    expect(model.playlistEntryIds(newId())).toEqual([]);
    model.deleteSong(gone.id);
    expect(model.songReferences(gone.id)).toEqual({ entryIds: [], likeIds: [] });
  });

  it('deleting an album leaves its songs, with no album', () => {
    const { model, addSong, addAlbum } = catalog();
    const gone = addAlbum({ name: 'Farewell Tour' });
    const other = addAlbum();
    const songs = [addSong({ albumId: gone.id }), addSong({ albumId: gone.id })];
    const elsewhere = addSong({ albumId: other.id });

    model.deleteAlbum(gone.id);
    expect(model.album(gone.id)).toBeNull();
    expect(model.albumName(gone.id)).toBeNull();
    expect(model.albumSongs(gone.id, {})).toBeNull();
    expect(ids(model.albumsPage({}).items)).toEqual([other.id]);
    expect(model.searchAlbums('farewell', 10)).toEqual([]);
    for (const record of songs) expect(model.song(record.id)!.albumId).toBeNull();
    expect(model.songCount).toBe(3);
    expect(model.song(elsewhere.id)!.albumId).toBe(other.id);
    expect(model.albumsByArtist(ANN)).toEqual([other]);
  });

  it('answers the songs that exist among ids, in the order asked', () => {
    const { model, addSong } = catalog();
    const [one, two] = [addSong(), addSong()];
    expect(ids(model.songsByIds([two.id, newId(), one.id, two.id]))).toEqual([two.id, one.id, two.id]);
  });

  it('names artists and albums from their current records', () => {
    const { model, addSong, addAlbum } = catalog();
    const record = addAlbum({ name: 'Before' });
    const track = addSong({ albumId: record.id });
    model.putAlbum({ ...record, name: 'After' });
    model.putUser(ANN, 'ann2');
    expect(model.albumName(track.albumId)).toBe('After');
    expect(model.username(track.artistId)).toBe('ann2');
    expect(model.username(newId())).toBe('');
    expect(model.usersPage({}).items).toEqual([
      { id: ANN, username: 'ann2' },
      { id: BOB, username: 'bob' },
    ]);
  });

  it('moves the list versions on every change that alters the song or album lists', () => {
    const { model, addSong, addAlbum } = catalog();
    const seen = () => ({ ...model.versions });
    let before = seen();
    const record = addAlbum();
    expect(model.versions.albums).toBeGreaterThan(before.albums);
    before = seen();
    const track = addSong({ albumId: record.id });
    expect(model.versions.songs).toBeGreaterThan(before.songs);
    before = seen();
    model.deleteAlbum(record.id);
    expect(model.versions.albums).toBeGreaterThan(before.albums);
    // Song rows show the album's name, so the song list changes too.
    expect(model.versions.songs).toBeGreaterThan(before.songs);
    before = seen();
    model.deleteSong(track.id);
    expect(model.versions.songs).toBeGreaterThan(before.songs);
    before = seen();
    model.putUser(BOB, 'bob');
    expect(model.versions).toEqual(before);
    model.putUser(BOB, 'robert');
    expect(model.versions.songs).toBeGreaterThan(before.songs);
    expect(model.versions.albums).toBeGreaterThan(before.albums);
  });
});

describe('playlist visibility', () => {
  function playlists() {
    const t = catalog();
    const open = t.addPlaylist({ name: 'Road Trip Open' });
    const annsPrivate = t.addPlaylist({ name: 'Road Trip Secret', isPrivate: true });
    const bobsPrivate = t.addPlaylist({ name: 'Road Trip Hidden', isPrivate: true, creatorId: BOB });
    const bobsOpen = t.addPlaylist({ name: 'Road Trip Shared', creatorId: BOB });
    return { ...t, open, annsPrivate, bobsPrivate, bobsOpen };
  }

  it('shows a private playlist to its creator only, as missing to guests and others', () => {
    const { model, open, annsPrivate } = playlists();
    for (const viewer of [null, ANN, BOB]) expect(model.visiblePlaylist(open.id, viewer)).toEqual(open);
    expect(model.visiblePlaylist(annsPrivate.id, ANN)).toEqual(annsPrivate);
    expect(model.visiblePlaylist(annsPrivate.id, BOB)).toBeNull();
    expect(model.visiblePlaylist(annsPrivate.id, null)).toBeNull();
    expect(model.visiblePlaylist(newId(), ANN)).toBeNull();
  });

  it('lists public playlists and the viewer’s own private ones, totals counted per viewer', () => {
    const { model, open, annsPrivate, bobsPrivate, bobsOpen } = playlists();
    expect(model.visiblePlaylistsPage(null, {})).toEqual({ items: [open, bobsOpen], nextAfterId: null, total: 2 });
    expect(model.visiblePlaylistsPage(ANN, {})).toEqual({ items: [open, annsPrivate, bobsOpen], nextAfterId: null, total: 3 });
    expect(ids(model.visiblePlaylistsPage(BOB, {}).items)).toEqual([open.id, bobsPrivate.id, bobsOpen.id]);
    // Pages skip what the viewer may not see.
    const first = model.visiblePlaylistsPage(null, { limit: 1 });
    expect(first).toEqual({ items: [open], nextAfterId: open.id, total: 2 });
    expect(model.visiblePlaylistsPage(null, { afterId: first.nextAfterId!, limit: 1 })).toEqual({ items: [bobsOpen], nextAfterId: null, total: 2 });
    // The Add-to-Playlist picker lists the creator's own, private included.
    expect(model.playlistsByCreator(BOB)).toEqual([bobsPrivate, bobsOpen]);
  });

  it('finds private playlists for their creator only, without using up the limit', () => {
    const { model, open, annsPrivate, bobsOpen, bobsPrivate } = playlists();
    expect(ids(model.searchPlaylists('road trip', null, 10))).toEqual(ids([open, bobsOpen]));
    expect(ids(model.searchPlaylists('road trip', ANN, 10))).toEqual(ids([open, annsPrivate, bobsOpen]));
    expect(ids(model.searchPlaylists('secret', BOB, 10))).toEqual([]);
    expect(ids(model.searchPlaylists('road', null, 2))).toEqual(ids([open, bobsOpen]));
    expect(ids(model.searchPlaylists('hidden', BOB, 10))).toEqual([bobsPrivate.id]);
  });

  it('follows a playlist made private or public, and a deleted one', () => {
    const { model, open, annsPrivate, addSong, addEntry } = playlists();
    model.putPlaylist({ ...open, isPrivate: true });
    model.putPlaylist({ ...annsPrivate, isPrivate: false });
    expect(model.visiblePlaylist(open.id, BOB)).toBeNull();
    expect(model.visiblePlaylist(annsPrivate.id, BOB)).not.toBeNull();
    expect(ids(model.searchPlaylists('open', null, 10))).toEqual([]);
    expect(ids(model.searchPlaylists('secret', null, 10))).toEqual([annsPrivate.id]);

    addEntry(open.id, addSong().id);
    model.deletePlaylist(open.id);
    expect(model.visiblePlaylist(open.id, ANN)).toBeNull();
    expect(model.playlistEntries(open.id, {})).toBeNull();
    expect(model.playlistsByCreator(ANN)).toEqual([model.visiblePlaylist(annsPrivate.id, ANN)]);
    expect(model.searchPlaylists('open', ANN, 10)).toEqual([]);
  });
});

describe('likes', () => {
  it('lists newest first, pages by cursor, and continues after a like removed since', () => {
    const { model, addSong, like } = catalog();
    const songs = Array.from({ length: 5 }, () => addSong());
    for (const track of songs) like(ANN, track.id);
    like(BOB, songs[0]!.id);
    const newestFirst = ids(songs).reverse();

    expect(songIds(model.likesPage(ANN, {}).items)).toEqual(newestFirst);
    const first = model.likesPage(ANN, { limit: 2 });
    expect(songIds(first.items)).toEqual(newestFirst.slice(0, 2));
    expect(first).toMatchObject({ nextAfterId: first.items[1]!.id, total: 5 });

    model.deleteLike(ANN, newestFirst[1]!);
    const second = model.likesPage(ANN, { afterId: first.nextAfterId!, limit: 2 });
    expect(songIds(second.items)).toEqual(newestFirst.slice(2, 4));
    expect(second.total).toBe(4);
    const last = model.likesPage(ANN, { afterId: second.nextAfterId!, limit: 2 });
    expect(last).toMatchObject({ nextAfterId: null, total: 4 });
    expect(songIds(last.items)).toEqual([newestFirst[4]]);
    expect(songIds(model.likesPage(ANN, { offset: 3 }).items)).toEqual([newestFirst[4]]);

    // Each user's collection is their own.
    expect(songIds(model.likesPage(BOB, {}).items)).toEqual([songs[0]!.id]);
    expect(model.likesPage(newId(), {})).toEqual({ items: [], nextAfterId: null, total: 0 });
  });

  it('keeps one like per song; liking again after an unlike puts it on top', () => {
    const { model, addSong, like } = catalog();
    const [older, newer] = [addSong(), addSong()];
    like(ANN, older.id);
    const first = model.like(ANN, older.id)!;
    like(ANN, newer.id);
    // The same like arriving twice (the writer's own record and the feed) is one like.
    model.putLike({ id: first.id, userId: ANN, songId: older.id, likedAt: first.at });
    like(ANN, older.id);
    expect(model.likesPage(ANN, {}).total).toBe(2);
    expect(model.like(ANN, older.id)).toEqual(first);

    model.deleteLike(ANN, older.id);
    expect(model.like(ANN, older.id)).toBeNull();
    like(ANN, older.id);
    expect(songIds(model.likesPage(ANN, {}).items)).toEqual([older.id, newer.id]);
    expect(model.like(ANN, older.id)!.id).not.toBe(first.id);
  });

  it('answers a like with its id, song and time', () => {
    const { model, addSong } = catalog();
    const track = addSong();
    const likeId = newId();
    const likedAt = new Date('2026-02-03T04:05:06Z');
    model.putLike({ id: likeId, userId: ANN, songId: track.id, likedAt });
    expect(model.like(ANN, track.id)).toEqual({ id: likeId, song: model.song(track.id), at: likedAt });
    expect(model.like(BOB, track.id)).toBeNull();
  });
});

describe('compaction after the load', () => {
  it('keeps every list as it was and lets lists grow again after it', () => {
    const { model, addSong, addAlbum, addPlaylist, addEntry, like } = catalog();
    const record = addAlbum();
    const list = addPlaylist();
    const songs = Array.from({ length: 7 }, (_, index) => addSong({ albumId: record.id, track: 7 - index }));
    for (const track of songs) {
      addEntry(list.id, track.id);
      like(ANN, track.id);
    }
    const before = { entries: model.playlistEntries(list.id, {}), likes: model.likesPage(ANN, {}), album: model.albumSongs(record.id, {}) };

    model.compact();
    expect({ entries: model.playlistEntries(list.id, {}), likes: model.likesPage(ANN, {}), album: model.albumSongs(record.id, {}) }).toEqual(before);
    expect(model.playlistTotals(list.id)).toEqual({ songCount: 7, totalDuration: 70 });

    const later = addSong({ albumId: record.id, track: 1 });
    addEntry(list.id, later.id);
    like(ANN, later.id);
    expect(songIds(model.playlistEntries(list.id, {})!.items)).toEqual([...ids(songs), later.id]);
    expect(songIds(model.likesPage(ANN, { limit: 1 }).items)).toEqual([later.id]);
    expect(ids(model.albumSongs(record.id, {})!.items)).toEqual([...ids(songs).reverse().slice(0, 1), later.id, ...ids(songs).reverse().slice(1)]);
  });

  it('keeps one copy of the genre and format strings songs repeat, with the values unchanged', () => {
    const { model, addSong } = catalog();
    const first = addSong({ genre: ['R', 'ock'].join(''), audioFormat: 'flac' });
    const second = addSong({ genre: ['Ro', 'ck'].join(''), audioFormat: 'flac' });
    expect([model.song(first.id)!.genre, model.song(second.id)!.genre]).toEqual(['Rock', 'Rock']);
    expect(model.song(second.id)!.audioFormat).toBe('flac');
  });
});

describe('references to missing records', () => {
  it('ignores entries and likes of songs it does not hold, and entries of missing playlists', () => {
    const { model, addSong, addPlaylist, addEntry, like } = catalog();
    const mix = addPlaylist();
    const kept = addSong();
    const missingSong = newId();
    addEntry(mix.id, missingSong);
    addEntry(newId(), kept.id);
    like(ANN, missingSong);
    expect(model.playlistEntries(mix.id, {})).toEqual({ items: [], nextAfterId: null, total: 0 });
    expect(model.likesPage(ANN, {}).total).toBe(0);
    expect(model.like(ANN, missingSong)).toBeNull();

    // An entry or like of a deleted song, written by a racing request, is ignored as well.
    const deleted = addSong();
    model.deleteSong(deleted.id);
    addEntry(mix.id, deleted.id);
    like(ANN, deleted.id);
    expect(model.playlistTotals(mix.id)).toEqual({ songCount: 0, totalDuration: 0 });
    expect(model.likesPage(ANN, {}).total).toBe(0);
  });
});

describe('search', () => {
  it('follows renames and deletions of songs, albums and playlists', () => {
    const { model, addSong, addAlbum, addPlaylist } = catalog();
    const track = addSong({ name: 'Morning Light' });
    const record = addAlbum({ name: 'Morning Sessions' });
    const mix = addPlaylist({ name: 'Morning Run' });
    expect(model.searchSongs('morn', 10)).toEqual([model.song(track.id)]);
    expect(model.searchAlbums('morn', 10)).toEqual([record]);
    expect(model.searchPlaylists('morn', null, 10)).toEqual([mix]);

    model.putSong({ ...track, name: 'Evening Light' });
    model.putAlbum({ ...record, name: 'Evening Sessions' });
    model.putPlaylist({ ...mix, name: 'Evening Run' });
    expect(model.searchSongs('morning', 10)).toEqual([]);
    expect(model.searchAlbums('morning', 10)).toEqual([]);
    expect(model.searchPlaylists('morning', null, 10)).toEqual([]);
    expect(ids(model.searchSongs('evening light', 10))).toEqual([track.id]);
    expect(ids(model.searchAlbums('eve', 10))).toEqual([record.id]);
    expect(ids(model.searchPlaylists('run', null, 10))).toEqual([mix.id]);
    // Songs that keep their name stay found once.
    model.putSong({ ...track, name: 'Evening Light', duration: 99 });
    expect(ids(model.searchSongs('light', 10))).toEqual([track.id]);

    model.deleteSong(track.id);
    model.deleteAlbum(record.id);
    model.deletePlaylist(mix.id);
    expect(model.searchSongs('evening', 10)).toEqual([]);
    expect(model.searchAlbums('evening', 10)).toEqual([]);
    expect(model.searchPlaylists('evening', ANN, 10)).toEqual([]);
  });

  it('ranks and limits as the index does', () => {
    const { model, addSong } = catalog();
    const [exact, longer, other] = [addSong({ name: 'Blue' }), addSong({ name: 'Blue Monday' }), addSong({ name: 'Deep Blue Sea' })];
    expect(ids(model.searchSongs('blue', 10))).toEqual([exact.id, longer.id, other.id]);
    expect(ids(model.searchSongs('BLUE', 1))).toEqual([exact.id]);
    expect(model.searchSongs('   ', 10)).toEqual([]);
  });
});

describe('album order', () => {
  it('orders an album by disc, then track, then id; untagged songs keep the order they were added in', () => {
    const { model, addAlbum, addSong } = catalog();
    const record = addAlbum();
    const untaggedFirst = addSong({ albumId: record.id });
    const d2t1 = addSong({ albumId: record.id, disc: 2, track: 1 });
    const d1t2 = addSong({ albumId: record.id, disc: 1, track: 2 });
    const noDiscT1 = addSong({ albumId: record.id, track: 1 });
    const untaggedLast = addSong({ albumId: record.id });
    const d1t10 = addSong({ albumId: record.id, disc: 1, track: 10 });
    expect(ids(model.albumSongs(record.id, {})!.items)).toEqual([noDiscT1, d1t2, d1t10, untaggedFirst, untaggedLast, d2t1].map((row) => row.id));
  });

  it('pages by cursor in album order, also when the cursor song left the album or was deleted', () => {
    const { model, addAlbum, addSong } = catalog();
    const record = addAlbum();
    // Added in reverse, so id order and album order disagree.
    const tracks = [5, 4, 3, 2, 1].map((track) => addSong({ albumId: record.id, track })).reverse();
    const first = model.albumSongs(record.id, { limit: 2 })!;
    expect(ids(first.items)).toEqual(ids(tracks.slice(0, 2)));
    expect(ids(model.albumSongs(record.id, { afterId: first.nextAfterId!, limit: 2 })!.items)).toEqual(ids(tracks.slice(2, 4)));

    model.deleteSong(tracks[1]!.id);
    expect(ids(model.albumSongs(record.id, { afterId: tracks[1]!.id })!.items)).toEqual(ids(tracks.slice(2)));
    const other = addAlbum();
    model.putSong({ ...tracks[2]!, albumId: other.id });
    expect(ids(model.albumSongs(record.id, { afterId: tracks[2]!.id })!.items)).toEqual(ids(tracks.slice(3)));
    expect(ids(model.albumSongs(other.id, {})!.items)).toEqual([tracks[2]!.id]);
  });

  it('moves a song when its track number changes and forgets tags the database no longer has', () => {
    const { model, addAlbum, addSong } = catalog();
    const record = addAlbum();
    const a = addSong({ albumId: record.id, track: 1, genre: 'Rock' });
    const b = addSong({ albumId: record.id, track: 2 });
    model.putSong({ ...a, track: 3, genre: undefined });
    expect(ids(model.albumSongs(record.id, {})!.items)).toEqual([b.id, a.id]);
    expect(model.song(a.id)).not.toHaveProperty('genre');
    expect(model.albumTotals(record.id).songCount).toBe(2);
  });
});

describe('the song table behind the model', () => {
  it('reuses a deleted song\'s slot without any list, like or search still pointing at the old song', () => {
    const { model, addAlbum, addSong, addPlaylist, addEntry, like } = catalog();
    const record = addAlbum();
    const mix = addPlaylist();
    const gone = addSong({ name: 'Gone Song', albumId: record.id, track: 1 });
    addEntry(mix.id, gone.id);
    like(ANN, gone.id);
    model.deleteSong(gone.id);

    const next = addSong({ name: 'Next Song', artistId: BOB });
    expect(model.song(gone.id)).toBeNull();
    expect(model.song(next.id)).toEqual(next);
    expect(model.playlistTotals(mix.id).songCount).toBe(0);
    expect(model.likesPage(ANN, {}).total).toBe(0);
    expect(model.albumTotals(record.id).songCount).toBe(0);
    expect(model.searchSongs('gone', 10)).toEqual([]);
    expect(ids(model.searchSongs('next', 10))).toEqual([next.id]);
    expect(model.songsByArtist(ANN)).toEqual([]);
    expect(ids(model.songsByArtist(BOB))).toEqual([next.id]);
  });

  it('loads songs in any order and answers them in id order and album order once the load is finished', () => {
    const model = new CatalogModel();
    model.putUser(ANN, 'ann');
    const record = album();
    model.putAlbum(record);
    const songs = [3, 1, 2].map((track) => song({ albumId: record.id, track }));
    const loose = song();
    for (const row of [songs[2]!, loose, songs[0]!, songs[1]!]) model.loadSong(row);
    model.finishSongLoad();
    model.compact();

    expect(ids(model.songsPage({}).items)).toEqual(ids([...songs, loose]));
    expect(ids(model.albumSongs(record.id, {})!.items)).toEqual(ids([songs[1]!, songs[2]!, songs[0]!]));
    expect(model.song(loose.id)).toEqual(loose);
    expect(ids(model.searchSongs('tune', 10))).toEqual(ids([...songs, loose]));
    // After the load, writes place songs as they come.
    const later = model.putSong(song({ albumId: record.id, track: 0 }));
    expect(ids(model.albumSongs(record.id, { limit: 1 })!.items)).toEqual([later.id]);
    expect(model.songAt(4)).toEqual(later);
  });

  it('counts plays in place and lists an artist\'s songs by id', () => {
    const { model, addSong } = catalog();
    const [first, second] = [addSong(), addSong()];
    addSong({ artistId: BOB });
    model.countPlay(second.id);
    model.countPlay(second.id);
    model.countPlay('not an id');
    expect(model.song(second.id)!.plays).toBe(2);
    expect(ids(model.songsByArtist(ANN))).toEqual([first.id, second.id]);
    expect(model.songsByArtist(newId())).toEqual([]);
    expect([model.songCountOf(ANN), model.songCountOf(BOB), model.songCountOf(newId())]).toEqual([2, 1, 0]);
  });

  it('tells whether an artist\'s song or album shows a cover file, and only the artist\'s', () => {
    const { model, addSong, addAlbum } = catalog();
    const [shared, albumOnly, bobs] = [newId(), newId(), newId()];
    addSong({ coverFileId: shared });
    addAlbum({ coverFileId: albumOnly });
    addSong({ artistId: BOB, coverFileId: bobs });
    expect(model.showsCover(ANN, shared)).toBe(true);
    expect(model.showsCover(ANN, albumOnly)).toBe(true);
    expect(model.showsCover(ANN, bobs)).toBe(false);
    expect(model.showsCover(BOB, shared)).toBe(false);
    expect(model.showsCover(newId(), shared)).toBe(false);
  });

  it('finds nothing for ids that are not ObjectIds, and keeps file ids that are not as given', () => {
    const { model, addSong } = catalog();
    const odd = addSong({ coverFileId: 'cover1', audioFileId: newId() });
    expect(model.song('cover1')).toBeNull();
    expect(model.song(odd.id.toUpperCase())).toEqual(odd);
    expect(model.song(odd.id)!.coverFileId).toBe('cover1');
    model.putSong({ ...odd, coverFileId: newId() });
    expect(model.song(odd.id)!.coverFileId).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('cover files (the cover job walks them)', () => {
  it('answers the covers songs, albums and playlists show after a cursor, sorted, once each, at most the limit', () => {
    const { model, addSong, addAlbum } = catalog();
    const shared = newId();
    const first = addAlbum({ coverFileId: shared });
    const songs = [addSong({ coverFileId: shared, albumId: first.id }), addSong(), addSong(), addSong({ coverFileId: 'cover1' })];
    const list = playlist({ coverFileId: newId() });
    model.putPlaylist(list);
    model.putPlaylist(playlist());
    const all = [shared, songs[1]!.coverFileId, songs[2]!.coverFileId, 'cover1', list.coverFileId!].sort();

    expect(model.coverFileIdsAfter(null, 100)).toEqual(all);
    expect(model.coverFileIdsAfter(null, 2)).toEqual(all.slice(0, 2));
    expect(model.coverFileIdsAfter(all[1]!, 2)).toEqual(all.slice(2, 4));
    expect(model.coverFileIdsAfter(all.at(-1)!, 100)).toEqual([]);

    model.deleteSong(songs[1]!.id);
    expect(model.coverFileIdsAfter(null, 100)).toEqual(all.filter((id) => id !== songs[1]!.coverFileId));
  });
});
