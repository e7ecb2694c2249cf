import type { PublicUser } from '@tunafy/contracts';
import type { AlbumRecord } from '../albums/albums.repository.js';
import type { LikeRecord as StoredLike } from '../collection/likes.repository.js';
import type { PlaylistEntryRecord } from '../playlists/playlist-entries.repository.js';
import type { PlaylistRecord } from '../playlists/playlists.repository.js';
import type { SongRecord } from '../songs/songs.repository.js';
import { pageOf, positionAfterAscending, removeSorted, upsertSorted, type Page, type PageRequest } from './paging.js';
import { PrefixIndex } from './prefix-index.js';
import { RefList, type SongRef } from './ref-list.js';

const byId = (row: { id: string }) => row.id;

interface AlbumState {
  record: AlbumRecord;
  /** The album's songs in album order (see compareAlbumOrder). */
  songs: SongRecord[];
  /**
   * Where songs that left the album sat, so a cursor naming one still finds
   * its place (album order is not id order, so the id alone cannot say).
   * Bounded: a cursor older than the last DEPARTED_KEPT departures restarts the album.
   */
  departed: Map<string, AlbumOrderKey>;
}

/** What a song's place on its album depends on. */
type AlbumOrderKey = Pick<SongRecord, 'id' | 'disc' | 'track'>;

const DEPARTED_KEPT = 1000;

/**
 * Album order: by disc (none counts as disc 1), then track number (songs
 * without one after the numbered songs of their disc), then id, so songs
 * made with the single-song form keep the order they were added in.
 */
export function compareAlbumOrder(a: AlbumOrderKey, b: AlbumOrderKey): number {
  const discA = a.disc ?? 1;
  const discB = b.disc ?? 1;
  if (discA !== discB) return discA - discB;
  const trackA = a.track ?? Number.POSITIVE_INFINITY;
  const trackB = b.track ?? Number.POSITIVE_INFINITY;
  if (trackA !== trackB) return trackA < trackB ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The tag fields a stored song may lose (they are only set when known). */
const OPTIONAL_SONG_FIELDS = ['audioFormat', 'disc', 'track', 'year', 'genre'] as const;

interface PlaylistState {
  record: PlaylistRecord;
  entries: RefList;
}

/** What a list answer depends on, bumped by every change that can alter it (keys of cached full lists). */
export interface ListVersions {
  songs: number;
  albums: number;
}

/**
 * The whole catalog as the API reads it: songs, albums, playlists with their
 * entries, likes and usernames, held in memory with the orders and indexes
 * every read needs. Built once from the database at start, then kept current
 * change by change (this process's writes, and other replicas' through the
 * change feed): no read ever waits for a rebuild and none scans the database.
 *
 * Records are owned here and updated in place, so every list that holds a
 * song (its album, playlists, likes) shows the change at once.
 *
 * References whose target is missing (a like of a deleted song that a racing
 * write left behind) are ignored rather than stored: reads never see a
 * dangling reference, and the janitor removes the row from the database.
 */
export class CatalogModel {
  private readonly songs = new Map<string, SongRecord>();
  private readonly songOrder: SongRecord[] = [];
  private readonly albums = new Map<string, AlbumState>();
  private readonly albumOrder: AlbumRecord[] = [];
  private readonly playlists = new Map<string, PlaylistState>();
  private readonly playlistOrder: PlaylistRecord[] = [];
  private readonly usernames = new Map<string, string>();
  private readonly userOrder: PublicUser[] = [];
  private readonly likes = new Map<string, RefList>();
  private readonly songIndex = new PrefixIndex<SongRecord>();
  private readonly albumIndex = new PrefixIndex<AlbumRecord>();
  private readonly playlistIndex = new PrefixIndex<PlaylistRecord>();
  private readonly sharedStrings = new Map<string, string>();
  readonly versions: ListVersions = { songs: 0, albums: 0 };

  // ---- reads -------------------------------------------------------------

  get songCount(): number {
    return this.songOrder.length;
  }

  song(id: string): SongRecord | null {
    return this.songs.get(id) ?? null;
  }

  /** Existing songs among the ids, in the order asked. */
  songsByIds(ids: readonly string[]): SongRecord[] {
    return ids.flatMap((id) => this.songs.get(id) ?? []);
  }

  songsPage(request: PageRequest): Page<SongRecord> {
    return sortedPage(this.songOrder, request);
  }

  /** Every song by id, for streaming the full list in slices. */
  songAt(position: number): SongRecord | undefined {
    return this.songOrder[position];
  }

  /** The artist's songs, by id (a user page sorts them as it needs). */
  songsByArtist(artistId: string): SongRecord[] {
    return this.songOrder.filter((song) => song.artistId === artistId);
  }

  album(id: string): AlbumRecord | null {
    return this.albums.get(id)?.record ?? null;
  }

  albumName(id: string | null): string | null {
    return id === null ? null : (this.albums.get(id)?.record.name ?? null);
  }

  albumsPage(request: PageRequest): Page<AlbumRecord> {
    return sortedPage(this.albumOrder, request);
  }

  albumsByArtist(artistId: string): AlbumRecord[] {
    return this.albumOrder.filter((album) => album.artistId === artistId);
  }

  /** In album order (disc, track, id); a cursor is the last song's id, found again by that song's place. */
  albumSongs(albumId: string, request: PageRequest): Page<SongRecord> | null {
    const state = this.albums.get(albumId);
    if (!state) return null;
    const songs = state.songs;
    const positionAfter = (id: string) => {
      const key = this.albumOrderKeyOf(state, id);
      return key ? firstPositionAfter(songs, key) : 0;
    };
    return pageOf(songs.length, (position) => songs[position]!, byId, request, positionAfter);
  }

  albumTotals(albumId: string): { songCount: number; totalDuration: number } {
    const songs = this.albums.get(albumId)?.songs ?? [];
    return { songCount: songs.length, totalDuration: sumDurations(songs) };
  }

  /** A playlist the viewer may see: someone else's private one reads as missing. */
  visiblePlaylist(id: string, viewerId: string | null): PlaylistRecord | null {
    const record = this.playlists.get(id)?.record;
    return record && isVisible(record, viewerId) ? record : null;
  }

  /** Public playlists and the viewer's own private ones, by id. */
  visiblePlaylistsPage(viewerId: string | null, request: PageRequest): Page<PlaylistRecord> {
    const visible = this.playlistOrder.filter((playlist) => isVisible(playlist, viewerId));
    return sortedPage(visible, request);
  }

  playlistsByCreator(creatorId: string): PlaylistRecord[] {
    return this.playlistOrder.filter((playlist) => playlist.creatorId === creatorId);
  }

  playlistEntries(playlistId: string, request: PageRequest): Page<SongRef> | null {
    const entries = this.playlists.get(playlistId)?.entries;
    if (!entries) return null;
    return pageOf(entries.length, (position) => entries.at(position), byId, request, (id) => entries.positionAfter(id));
  }

  playlistEntry(playlistId: string, songId: string): SongRef | null {
    return this.playlists.get(playlistId)?.entries.findSong(songId) ?? null;
  }

  playlistTotals(playlistId: string): { songCount: number; totalDuration: number } {
    const entries = this.playlists.get(playlistId)?.entries;
    return { songCount: entries?.length ?? 0, totalDuration: entries?.totalDuration() ?? 0 };
  }

  /** Newest like first. */
  likesPage(userId: string, request: PageRequest): Page<SongRef> {
    const likes = this.likes.get(userId) ?? new RefList();
    const newestFirst = (position: number) => likes.at(likes.length - 1 - position);
    // Positions count from the newest; after a cursor comes the next older like, whether or not the cursor's like is still there.
    return pageOf(likes.length, newestFirst, byId, request, (id) => likes.length - likes.positionOf(id));
  }

  like(userId: string, songId: string): SongRef | null {
    return this.likes.get(userId)?.findSong(songId) ?? null;
  }

  /**
   * The ids of every playlist entry and like that references the song: what its delete removes, by id, because a
   * delete by `song_id` reads the whole collection on the embedded engine. Only what this copy holds.
   */
  songReferences(songId: string): { entryIds: string[]; likeIds: string[] } {
    const song = this.songs.get(songId);
    const entryIds: string[] = [];
    const likeIds: string[] = [];
    if (!song) return { entryIds, likeIds };
    for (const state of this.playlists.values()) {
      const id = state.entries.idOfRecord(song);
      if (id) entryIds.push(id);
    }
    for (const likes of this.likes.values()) {
      const id = likes.idOfRecord(song);
      if (id) likeIds.push(id);
    }
    return { entryIds, likeIds };
  }

  /** The ids of the playlist's entries (what its delete removes; see songReferences). */
  playlistEntryIds(playlistId: string): string[] {
    return this.playlists.get(playlistId)?.entries.allIds() ?? [];
  }

  usersPage(request: PageRequest): Page<PublicUser> {
    return sortedPage(this.userOrder, request);
  }

  username(userId: string): string {
    return this.usernames.get(userId) ?? '';
  }

  searchSongs(text: string, limit: number): SongRecord[] {
    return this.songIndex.search({ text, limit });
  }

  searchAlbums(text: string, limit: number): AlbumRecord[] {
    return this.albumIndex.search({ text, limit });
  }

  searchPlaylists(text: string, viewerId: string | null, limit: number): PlaylistRecord[] {
    return this.playlistIndex.search({ text, limit, accept: (playlist) => isVisible(playlist, viewerId) });
  }

  // ---- changes -----------------------------------------------------------

  putUser(id: string, username: string): void {
    if (this.usernames.get(id) === username) return;
    this.usernames.set(id, username);
    upsertSorted(this.userOrder, byId, { id, username });
    this.versions.songs++;
    this.versions.albums++;
  }

  /**
   * Adds or updates a song; a song whose album is unknown is kept with no album (the album's delete is on its way).
   * The model keeps its own copy unless `owned` says the caller hands the record over (the loader does, to
   * avoid a second copy of every song at start).
   */
  putSong(next: SongRecord, owned = false): SongRecord {
    // The album's and the artist's own id strings are shared by all their songs instead of a copy each.
    const album = next.albumId ? this.albums.get(next.albumId) : undefined;
    const record = owned ? next : { ...next };
    record.albumId = album ? album.record.id : null;
    record.artistId = this.canonicalUserId(next.artistId);
    if (record.genre !== undefined) record.genre = this.shared(record.genre);
    if (record.audioFormat !== undefined) record.audioFormat = this.shared(record.audioFormat);
    const existing = this.songs.get(record.id);
    if (existing) {
      const moves = existing.albumId !== record.albumId || existing.disc !== record.disc || existing.track !== record.track;
      if (moves) this.leaveAlbum(existing);
      Object.assign(existing, record);
      for (const field of OPTIONAL_SONG_FIELDS) if (existing[field] === undefined) delete existing[field];
      if (moves) this.joinAlbum(existing);
      this.songIndex.put(existing, existing.name, existing.id);
    } else {
      this.songs.set(record.id, record);
      upsertSorted(this.songOrder, byId, record);
      this.joinAlbum(record);
      this.songIndex.put(record, record.name, record.id);
    }
    this.versions.songs++;
    return existing ?? record;
  }

  countPlay(songId: string): void {
    const song = this.songs.get(songId);
    if (song) song.plays++;
  }

  /** Removes the song with every reference to it (album, playlist entries, likes), as the database delete does. */
  deleteSong(id: string): void {
    const song = this.songs.get(id);
    if (!song) return;
    this.leaveAlbum(song);
    for (const state of this.playlists.values()) state.entries.removeRecord(song);
    for (const likes of this.likes.values()) likes.removeRecord(song);
    this.songs.delete(id);
    removeSorted(this.songOrder, byId, id);
    this.songIndex.remove(song);
    this.versions.songs++;
  }

  putAlbum(next: AlbumRecord): void {
    next = { ...next, artistId: this.canonicalUserId(next.artistId) };
    const existing = this.albums.get(next.id);
    if (existing) {
      Object.assign(existing.record, next);
      this.albumIndex.put(existing.record, next.name, next.id);
    } else {
      const record = { ...next };
      this.albums.set(record.id, { record, songs: [], departed: new Map() });
      upsertSorted(this.albumOrder, byId, record);
      this.albumIndex.put(record, record.name, record.id);
    }
    this.versions.albums++;
    // Song rows show the album's name.
    this.versions.songs++;
  }

  /** Its songs stay, with no album. */
  deleteAlbum(id: string): void {
    const state = this.albums.get(id);
    if (!state) return;
    for (const song of state.songs) song.albumId = null;
    this.albums.delete(id);
    removeSorted(this.albumOrder, byId, id);
    this.albumIndex.remove(state.record);
    this.versions.albums++;
    this.versions.songs++;
  }

  putPlaylist(next: PlaylistRecord): void {
    const existing = this.playlists.get(next.id);
    if (existing) {
      Object.assign(existing.record, next);
      this.playlistIndex.put(existing.record, next.name, next.id);
      return;
    }
    const record = { ...next };
    this.playlists.set(record.id, { record, entries: new RefList() });
    upsertSorted(this.playlistOrder, byId, record);
    this.playlistIndex.put(record, record.name, record.id);
  }

  deletePlaylist(id: string): void {
    const state = this.playlists.get(id);
    if (!state) return;
    this.playlists.delete(id);
    removeSorted(this.playlistOrder, byId, id);
    this.playlistIndex.remove(state.record);
  }

  putEntry(entry: PlaylistEntryRecord): void {
    const song = this.songs.get(entry.songId);
    const state = this.playlists.get(entry.playlistId);
    if (song && state) state.entries.put(entry.id, song, entry.addedAt);
  }

  deleteEntry(playlistId: string, songId: string): void {
    this.playlists.get(playlistId)?.entries.removeSong(songId);
  }

  putLike(like: StoredLike): void {
    const song = this.songs.get(like.songId);
    if (!song) return;
    let likes = this.likes.get(like.userId);
    if (!likes) {
      likes = new RefList();
      this.likes.set(like.userId, likes);
    }
    likes.put(like.id, song, like.likedAt);
  }

  deleteLike(userId: string, songId: string): void {
    this.likes.get(userId)?.removeSong(songId);
  }

  /**
   * Drops the spare capacity lists keep for growth (playlist entries, likes, albums' songs), once, after the
   * load: at a million songs that slack is tens of megabytes of a budget the catalog must fit in.
   */
  compact(): void {
    for (const state of this.playlists.values()) state.entries.compact();
    for (const likes of this.likes.values()) likes.compact();
    for (const state of this.albums.values()) state.songs = state.songs.slice();
  }

  /**
   * One copy of a value many songs repeat (a genre, a format): each song read from the database brings its own
   * string, a million copies of "Rock" otherwise.
   */
  private shared<T extends string>(value: T): T {
    const known = this.sharedStrings.get(value);
    if (known !== undefined) return known as T;
    this.sharedStrings.set(value, value);
    return value;
  }

  private canonicalUserId(id: string): string {
    const position = positionAfterAscending(this.userOrder, byId, id) - 1;
    const user = this.userOrder[position];
    return user && user.id === id ? user.id : id;
  }

  private joinAlbum(song: SongRecord): void {
    const state = song.albumId ? this.albums.get(song.albumId) : undefined;
    if (!state) return;
    state.departed.delete(song.id);
    const songs = state.songs;
    const last = songs[songs.length - 1];
    // The common case while loading and uploading: the song goes last.
    if (last === undefined || compareAlbumOrder(last, song) < 0) songs.push(song);
    else songs.splice(firstPositionAfter(songs, song), 0, song);
  }

  /** Call before the song's album, disc or track change: its place is found by their current values. */
  private leaveAlbum(song: SongRecord): void {
    const state = song.albumId ? this.albums.get(song.albumId) : undefined;
    if (!state) return;
    const songs = state.songs;
    let at = firstPositionAfter(songs, song) - 1;
    if (songs[at] !== song) at = songs.indexOf(song);
    if (at < 0) return;
    songs.splice(at, 1);
    state.departed.set(song.id, { id: song.id, disc: song.disc, track: song.track });
    if (state.departed.size > DEPARTED_KEPT) state.departed.delete(state.departed.keys().next().value!);
  }

  private albumOrderKeyOf(state: AlbumState, songId: string): AlbumOrderKey | null {
    const song = this.songs.get(songId);
    if (song && song.albumId === state.record.id) return song;
    return state.departed.get(songId) ?? song ?? null;
  }
}

function isVisible(playlist: PlaylistRecord, viewerId: string | null): boolean {
  return !playlist.isPrivate || playlist.creatorId === viewerId;
}

function sortedPage<T extends { id: string }>(sorted: readonly T[], request: PageRequest): Page<T> {
  return pageOf(sorted.length, (position) => sorted[position]!, byId, request, (id) => positionAfterAscending(sorted, byId, id));
}

/** First position whose song sorts after `key` in album order. */
function firstPositionAfter(songs: readonly SongRecord[], key: AlbumOrderKey): number {
  let low = 0;
  let high = songs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareAlbumOrder(songs[middle]!, key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function sumDurations(songs: readonly SongRecord[]): number {
  let total = 0;
  for (const song of songs) total += song.duration;
  return total;
}
